#!/usr/bin/env node
// `npm run bench`: the DMN, external-task and instance-start benchmarks on SQLite and, when
// BENCH_MYSQL_URL or TEST_DATABASE_URL is set, MySQL/MariaDB, in one table with each figure's ratio to
// the same server's GET /engine-rest/engine rate measured in the same run. Builds once at the start.
// The external-task benchmark runs a subset here (1×1, 8×1 and 8×50 workers × maxTasks, and fetchAndLock
// latency with 100k waiting tasks of other topics); its own script runs every configuration.
//   npm run bench [-- --seconds 5] [--instances 2000] [--concurrency 16] [--clients 16] [--workers 8] [--maxTasks 50]
//   [--backlog 50] [--no-build] [--large]
// --large: every benchmark once more on a database filled by bench/fill-large.cjs (one per database
// server, filled once; BENCH_LARGE_SQLITE=<file> / BENCH_LARGE_MYSQL=<url> use an already filled one),
// each row compared with the same benchmark on the empty database.
// (--concurrency: DMN clients; --instances: looping instances of the external-task benchmark; --clients,
// --workers, --maxTasks, --backlog: the instance-start benchmark.)
'use strict';
const os = require('node:os');
const {
  ensureBuilt,
  runCli,
  mysqlUrlFromEnv,
  loadGenerator,
  fmt,
  printTable,
  ROW_COLUMNS,
  progress,
  dropLargeDatabases,
} = require('./lib.cjs');
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

async function runAll(each) {
  const rows = [];
  const on = each.large ? ' (large database)' : '';
  progress(`DMN evaluate${on}`);
  rows.push(...(await dmn.run(each)));
  progress(`external task${on}`);
  rows.push(...(await externalTask.run({ ...each, ...SUMMARY })));
  progress(`instance start${on}`);
  rows.push(...(await instanceStart.run(each)));
  return rows;
}

/**
 * The rows of the three benchmarks, DMN first; with `large`, each once more on a database filled by
 * bench/fill-large.cjs, that row carrying `empty` (the same benchmark's row on the empty database).
 * `info` says how long the run took and how busy the machine was.
 */
async function run(options = {}) {
  const o = { ...DEFAULTS, build: true, mysqlUrl: mysqlUrlFromEnv(), ...options };
  const began = Date.now();
  const loadBefore = os.loadavg()[0];
  if (o.build) ensureBuilt();
  const rows = await runAll({ ...o, build: false, large: false });
  if (o.large) {
    try {
      const large = await runAll({ ...o, build: false, large: true });
      const key = (r) => `${r.benchmark}|${r.database.replace(/ large$/, '')}|${r.setup}`;
      for (const r of large) r.empty = rows.find((e) => key(e) === key(r));
      rows.push(...large);
    } finally {
      await dropLargeDatabases();
    }
  }
  rows.info = { seconds: (Date.now() - began) / 1000, loadBefore, loadAfter: os.loadavg()[0] };
  return rows;
}

/** Large ÷ empty: of the rate, and of the ratio to GET /engine (which cancels the machine's drift between the two runs). */
const LARGE_COLUMNS = [
  ['rate large/empty', (r) => (r.empty ? fmt(r.rate / r.empty.rate, 2) : ''), 'right'],
  ['ratio large/empty', (r) => (r.empty ? fmt(r.rate / r.ceiling / (r.empty.rate / r.empty.ceiling), 2) : ''), 'right'],
];

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    const cpu = os.cpus();
    const { info } = rows;
    console.log(
      `\n${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; the server and the load generators share these cores.` +
        ` GET /engine and DMN load from ${loadGenerator()}, external-task and instance load from Node. ${o.seconds}s per measurement;` +
        ` the run took ${fmt(info.seconds)}s; 1-minute load average ${fmt(info.loadBefore, 1)} before, ${fmt(info.loadAfter, 1)} after.`,
    );
    console.log(
      '[...]: what p50 / p99 measure where it is not the request the rate counts. ratio: rate / GET /engine req/s of the same server.\n',
    );
    printTable([['benchmark', (r) => r.benchmark], ...ROW_COLUMNS, ...(o.large ? LARGE_COLUMNS : [])], rows);
  });
}

module.exports = { run, DEFAULTS };
