#!/usr/bin/env node
// `npm run bench`: the DMN, external-task and instance-start benchmarks on SQLite and, when
// BENCH_MYSQL_URL or TEST_DATABASE_URL is set, MySQL/MariaDB, in one table with each figure's ratio to
// the same server's GET /engine-rest/engine rate measured in the same run. Builds once at the start.
// The external-task benchmark runs a subset here (1×1, 8×1 and 8×50 workers × maxTasks, and fetchAndLock
// latency with 100k waiting tasks of other topics); its own script runs every configuration.
//   npm run bench [-- --seconds 5] [--instances 2000] [--concurrency 16] [--clients 16] [--workers 8] [--maxTasks 50] [--backlog 50] [--no-build]
// (--concurrency: DMN clients; --instances: looping instances of the external-task benchmark; --clients,
// --workers, --maxTasks, --backlog: the instance-start benchmark.)
'use strict';
const os = require('node:os');
const { ensureBuilt, runCli, mysqlUrlFromEnv, loadGenerator, fmt, printTable, ROW_COLUMNS, progress } = require('./lib.cjs');
const dmn = require('./dmn-evaluate.cjs');
const externalTask = require('./external-task.cjs');
const instanceStart = require('./instance-start.cjs');

const DEFAULTS = { ...dmn.DEFAULTS, ...externalTask.DEFAULTS, ...instanceStart.DEFAULTS };
const SUMMARY = {
  configs: [
    [1, 1],
    [8, 1],
    [8, 50],
  ],
  levels: [100000],
};

/** The rows of the three benchmarks, DMN first; `info` says how long the run took and how busy the machine was. */
async function run(options = {}) {
  const o = { ...DEFAULTS, build: true, mysqlUrl: mysqlUrlFromEnv(), ...options };
  const began = Date.now();
  const loadBefore = os.loadavg()[0];
  if (o.build) ensureBuilt();
  const each = { ...o, build: false };
  const rows = [];
  progress('DMN evaluate');
  rows.push(...(await dmn.run(each)));
  progress('external task');
  rows.push(...(await externalTask.run({ ...each, ...SUMMARY })));
  progress('instance start');
  rows.push(...(await instanceStart.run(each)));
  rows.info = { seconds: (Date.now() - began) / 1000, loadBefore, loadAfter: os.loadavg()[0] };
  return rows;
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    const cpu = os.cpus();
    const { info } = rows;
    console.log(
      `\n${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; the server and the load generators share these cores.` +
        ` GET /engine and DMN load from ${loadGenerator()}, external-task and instance load from Node. ${o.seconds}s per measurement;` +
        ` the run took ${fmt(info.seconds)}s; 1-minute load average ${fmt(info.loadBefore, 1)} before, ${fmt(info.loadAfter, 1)} after.`,
    );
    console.log('[...]: what p50 / p99 measure where it is not the request the rate counts. ratio: rate / GET /engine req/s of the same server.\n');
    printTable([['benchmark', (r) => r.benchmark], ...ROW_COLUMNS], rows);
  });
}

module.exports = { run, DEFAULTS };
