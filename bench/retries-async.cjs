#!/usr/bin/env node
// How long POST /external-task/retries-async takes to answer for a batch over 1,000 external tasks (the answer is
// the batch; the job executor does the work afterwards), on SQLite and (when BENCH_MYSQL_URL or TEST_DATABASE_URL
// is set) MySQL/MariaDB. Two setups: the job executor off (the request alone), and on (earlier batches being worked
// through while the next request comes).
//   node bench/retries-async.cjs [--tasks 1000] [--requests 30] [--no-build]
// As a module: run(options) resolves to the rows.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {
  runCli,
  runOnDatabases,
  withServer,
  request,
  percentiles,
  msSince,
  printTable,
  fmt,
  fmtLatency,
} = require('./lib.cjs');

const DEFAULTS = { tasks: 1000, requests: 30 };

/** One start leaves `count` external tasks on topic `bulk` (the batch tests' model). */
const BULK = fs.readFileSync(path.join(__dirname, '../test/fixtures/batch/bulk-work.bpmn'), 'utf8');

/** One server on `db` (job executor on or off): `requests` sequential retries-async requests over the same `tasks` tasks. */
async function measure(db, { tasks, requests }, executor) {
  const env = { DATABASE_URL: db.url, JOB_EXECUTOR_ENABLED: String(executor === 'on') };
  return withServer(env, [{ name: 'bulk.bpmn', content: BULK }], async (server) => {
    const start = await request('POST', `${server.base}/process-definition/key/bulkWork/start`, {
      variables: { count: { value: tasks, type: 'Integer' } },
    });
    if (start.status !== 200) throw new Error(`start failed: ${start.status} ${start.text}`);
    const latencies = [];
    let errors = 0;
    // The first request warms the statement caches and is not counted.
    for (let i = 0; i <= requests; i++) {
      const t0 = process.hrtime.bigint();
      const res = await request('POST', `${server.base}/external-task/retries-async`, {
        processInstanceIds: [start.body.id],
        retries: (i % 5) + 1,
      });
      const ms = msSince(t0);
      if (res.status !== 200 || res.body.totalJobs !== tasks) errors++;
      if (i > 0) latencies.push(ms);
    }
    return [
      { database: db.name, setup: `job executor ${executor}`, latency: percentiles(latencies), requests, errors },
    ];
  });
}

/** Rows (one per database and job executor setting): p50/p99 ms of the answer. */
function run(options = {}) {
  return runOnDatabases(DEFAULTS, options, measure, ['off', 'on']);
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nPOST /external-task/retries-async over ${o.tasks} external tasks, ${o.requests} sequential requests, ${os.cpus().length} cores`,
    );
    printTable(
      [
        ['database', (r) => r.database],
        ['setup', (r) => r.setup],
        ['p50 / p99 ms', (r) => fmtLatency(r.latency), 'right'],
        ['requests', (r) => fmt(r.requests), 'right'],
        ['errors', (r) => r.errors, 'right'],
      ],
      rows,
    );
  });
}

module.exports = { run, DEFAULTS };
