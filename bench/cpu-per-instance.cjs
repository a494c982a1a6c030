#!/usr/bin/env node
// CPU per process instance for a fixed amount of work, where rates drift too much to compare: after --warmup
// instances, --instances more of the instance-start benchmark's process (start -> external task -> end; C
// clients start, W workers fetch up to M and complete, at most --backlog open), then the CPU time each
// process spent per instance, read from /proc: the server, this load generator, and the MySQL/MariaDB server
// when it runs on this machine (found by `pidof mariadbd mysqld`). On MySQL/MariaDB also the server's status
// counters per instance (statements by kind, transactions), global counters, so keep other work off it.
// The server inherits the environment: HISTORY_LEVEL=none|audit|full compares what history costs.
//   node bench/cpu-per-instance.cjs [--instances 4000] [--warmup 1500] [--clients 16] [--workers 8] [--maxTasks 50]
//   [--backlog 50] [--no-build]
'use strict';
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const lib = require('./lib.cjs');
const {
  runCli,
  runOnDatabases,
  mysqlConnect,
  withServer,
  request,
  externalTaskWorker,
  processCpuMs,
  printTable,
  fmt,
  progress,
} = lib;
const { ONCE } = require('./instance-start.cjs');

const DEFAULTS = { instances: 4000, warmup: 1500, clients: 16, workers: 8, maxTasks: 50, backlog: 50 };

const COUNTERS = ['Questions', 'Com_insert', 'Com_select', 'Com_update', 'Com_delete', 'Com_commit'];

/** The local MySQL/MariaDB server's pid, or undefined (another host, or not running here). */
function databasePid(url) {
  const host = new URL(url.replace(/^mariadb:/, 'mysql:')).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) return undefined;
  try {
    return Number(execFileSync('pidof', ['-s', 'mariadbd', 'mysqld']).toString().trim()) || undefined;
  } catch {
    return undefined;
  }
}

async function statusCounters(url) {
  if (url.startsWith('sqlite:')) return undefined;
  const c = await mysqlConnect(url, false);
  try {
    const [rows] = await c.query('SHOW GLOBAL STATUS WHERE Variable_name IN (?)', [COUNTERS]);
    return Object.fromEntries(rows.map((r) => [r.Variable_name, Number(r.Value)]));
  } finally {
    await c.end();
  }
}

/** Starts n instances and waits until all of them have ended. */
async function instances(server, n, { clients, workers, maxTasks, backlog }) {
  let started = 0;
  let ended = 0;
  const waiting = [];
  const starters = Array.from({ length: clients }, async () => {
    while (started < n) {
      if (started - ended >= backlog) {
        await new Promise((resolve) => waiting.push(resolve));
        continue;
      }
      started++;
      const res = await request('POST', `${server.base}/process-definition/key/start-task-end/start`, {});
      if (res.status !== 200) throw new Error(`start failed: ${res.status} ${res.text}`);
    }
  });
  const fetching = Array.from({ length: workers }, (_, i) =>
    externalTaskWorker(server.base, {
      workerId: `cpu-${i}`,
      topic: 'once',
      maxTasks,
      asyncResponseTimeout: 500,
      running: () => ended < n,
      onFetch: (_ms, ok) => {
        if (!ok) throw new Error('fetchAndLock failed');
      },
      onComplete: (_task, _ms, ok) => {
        if (!ok) throw new Error('complete failed');
        ended++;
        while (waiting.length) waiting.shift()();
      },
    }),
  );
  await Promise.all([...starters, ...fetching]);
}

/** Runs n instances: their rate and the CPU ms per instance of the server, the database server and this process. */
async function cpuPerInstance(server, dbPid, n, o) {
  const before = { server: processCpuMs(server.pid), database: processCpuMs(dbPid), self: process.cpuUsage() };
  const t0 = Date.now();
  await instances(server, n, o);
  const self = process.cpuUsage(before.self);
  return {
    rate: (n * 1000) / (Date.now() - t0),
    server: (processCpuMs(server.pid) - before.server) / n,
    databaseServer: (processCpuMs(dbPid) - before.database) / n,
    loadGenerator: (self.user + self.system) / 1000 / n,
  };
}

async function measure(db, o) {
  return withServer({ DATABASE_URL: db.url }, [{ name: 'once.bpmn', content: ONCE }], async (server) => {
    await instances(server, o.warmup, o);
    const dbPid = db.url.startsWith('sqlite:') ? undefined : databasePid(db.url);
    const countersBefore = await statusCounters(db.url);
    const cpu = await cpuPerInstance(server, dbPid, o.instances, o);
    const counters = await statusCounters(db.url);
    progress(`cpu per instance, ${db.name}: ${fmt(cpu.rate)} instances/s`);
    return [
      {
        database: db.name,
        history: process.env.HISTORY_LEVEL || 'full',
        ...cpu,
        counters:
          counters && Object.fromEntries(COUNTERS.map((k) => [k, (counters[k] - countersBefore[k]) / o.instances])),
      },
    ];
  });
}

function run(options = {}) {
  return runOnDatabases(DEFAULTS, options, measure);
}

const counter = (name) => (r) => (r.counters ? fmt(r.counters[name], 2) : '-');

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nCPU ms per instance (start -> external task -> end), ${o.instances} instances after ${o.warmup} to warm up, ${o.clients} starting clients, ${o.workers} workers × ${o.maxTasks}, ${os.cpus().length} cores; statements per instance from the database server's global counters`,
    );
    printTable(
      [
        ['database', (r) => r.database],
        ['history', (r) => r.history],
        ['instances/s', (r) => fmt(r.rate), 'right'],
        ['server ms', (r) => fmt(r.server, 2), 'right'],
        ['database server ms', (r) => fmt(r.databaseServer, 2), 'right'],
        ['load generator ms', (r) => fmt(r.loadGenerator, 2), 'right'],
        ['statements', counter('Questions'), 'right'],
        ['insert', counter('Com_insert'), 'right'],
        ['select', counter('Com_select'), 'right'],
        ['update', counter('Com_update'), 'right'],
        ['delete', counter('Com_delete'), 'right'],
        ['commit', counter('Com_commit'), 'right'],
      ],
      rows,
    );
  });
}

module.exports = { run, DEFAULTS, instances, cpuPerInstance, databasePid };
