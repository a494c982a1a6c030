#!/usr/bin/env node
// External task worker cycles over REST (fetchAndLock + complete) on SQLite and, when BENCH_MYSQL_URL or
// TEST_DATABASE_URL is set, MySQL/MariaDB. N process instances loop over one external task, so every
// completion creates the next task and the pool stays at N. W workers (1, 8, 32) fetch with maxTasks 1
// and 50 and complete what they got. Then fetchAndLock latency with 0, 10k and 100k waiting tasks of
// other topics (rows seeded in bulk straight into act_ru_ext_task: they are never fetched). The same
// server's GET /engine rate is measured in the same run as the ceiling.
//   node bench/external-task.cjs [--seconds 5] [--instances 2000] [--no-build]
// As a module: run(options) resolves to the rows; options.configs ([workers, maxTasks] pairs) and
// options.levels (counts of other-topic tasks) choose what is measured (see bench/all.cjs).
'use strict';
const os = require('node:os');
const lib = require('./lib.cjs');
const { runCli, runOnDatabases, withServer, connectDb, request, percentiles, msSince } = lib;
const { measurementWindow, fetchAndLock, externalTaskWorker } = lib;
const { engineCeiling, loadGenerator, fmt, fmtLatency, printTable, ROW_COLUMNS, progress } = lib;

const DEFAULTS = { seconds: 5, instances: 2000 };
const CONFIGS = [1, 50].flatMap((maxTasks) => [1, 8, 32].map((workers) => [workers, maxTasks]));
const LEVELS = [0, 10000, 100000];

const LOOP = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bench">
  <bpmn:process id="work-loop" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Join" />
    <bpmn:exclusiveGateway id="Join" />
    <bpmn:sequenceFlow id="f2" sourceRef="Join" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="work" />
    <bpmn:sequenceFlow id="f3" sourceRef="Work" targetRef="Join" />
  </bpmn:process>
</bpmn:definitions>`;

/** W workers, each: fetchAndLock(maxTasks) then complete every task it got, for `secs` seconds after a warmup. */
async function cycles(base, workers, maxTasks, secs, pid) {
  const w = measurementWindow({ seconds: secs, pid });
  const fetchMs = [];
  const completeMs = [];
  let completed = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: workers }, (_, i) =>
      externalTaskWorker(base, {
        workerId: `bench-${i}`,
        topic: 'work',
        maxTasks,
        running: w.running,
        onFetch: (ms, ok) => {
          if (w.measuring()) fetchMs.push(ms);
          if (!ok) errors++;
        },
        onComplete: (_task, ms, ok) => {
          if (w.measuring()) {
            completeMs.push(ms);
            if (ok) completed++;
          }
          if (!ok) errors++;
        },
      }),
    ),
  );
  return { rate: completed / w.elapsed(), fetch: percentiles(fetchMs), complete: percentiles(completeMs), errors, cpuMs: w.serverCpuMs() / completed };
}

/** fetchAndLock alone: lock one task and unlock it again (the pool stays as it is); latency of the fetch. */
async function fetchLatency(base, secs) {
  const w = measurementWindow({ seconds: secs, warmup: 0 });
  const fetchMs = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      while (w.running()) {
        const t0 = process.hrtime.bigint();
        const res = await fetchAndLock(base, { workerId: `probe-${i}`, topic: 'work', maxTasks: 1 });
        if (w.measuring()) fetchMs.push(msSince(t0));
        if (res.status !== 200) errors++;
        for (const task of res.body ?? []) await request('POST', `${base}/external-task/${task.id}/unlock`);
      }
    }),
  );
  return { rate: fetchMs.length / w.elapsed(), fetch: percentiles(fetchMs), errors };
}

/** Rows of other topics, inserted in chunks straight into the table (a seed script; nobody fetches them). */
async function seedOtherTopics(db, from, to) {
  const rows = [];
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  // Ids unique per run: a large database (bench/all.cjs --large) may be given to several runs.
  const run = Date.now().toString(36);
  for (let i = from; i < to; i++) rows.push([`seed-${run}-${i}`, 1, `other-${i % 10}`, now, 1, 0]);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.run(
      `INSERT INTO act_ru_ext_task (id, rev, topic_name, create_time, suspension_state, priority) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flat(),
    );
  }
}

/** One server on a fresh database: start the looping instances, the GET /engine ceiling, the cycles, the fetch latencies. */
async function measure(db, { seconds, instances, configs, levels }) {
  return withServer({ DATABASE_URL: db.url }, [{ name: 'loop.bpmn', content: LOOP }], async (server) => {
    progress(`external task, ${db.name}: starting ${instances} instances`);
    let started = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (started < instances) {
          started++;
          const r = await request('POST', `${server.base}/process-definition/key/work-loop/start`, {});
          if (r.status !== 200) throw new Error(`start failed: ${r.status} ${r.text}`);
        }
      }),
    );
    const ceiling = (await engineCeiling(server, { seconds })).rate;
    const rows = [];
    for (const [workers, maxTasks] of configs) {
      const r = await cycles(server.base, workers, maxTasks, seconds, server.pid);
      const setup = `${workers} worker${workers === 1 ? '' : 's'} × maxTasks ${maxTasks}`;
      rows.push({
        benchmark: 'external task',
        database: db.name,
        setup: `${setup} [complete]`,
        workers,
        maxTasks,
        rate: r.rate,
        latency: r.complete,
        fetch: r.fetch,
        errors: r.errors,
        ceiling,
        cpuMs: r.cpuMs,
      });
      progress(`external task, ${db.name}, ${setup}: ${fmt(r.rate)} cycles/s`);
    }
    const seeder = await connectDb(db.url);
    try {
      let seeded = 0;
      for (const level of levels) {
        await seedOtherTopics(seeder, seeded, level);
        seeded = level;
        const r = await fetchLatency(server.base, seconds);
        rows.push({
          benchmark: 'external task',
          database: db.name,
          setup: `fetchAndLock + unlock, 8 workers × 1, ${level / 1000}k other-topic tasks [fetchAndLock]`,
          level,
          rate: r.rate,
          latency: r.fetch,
          errors: r.errors,
          ceiling,
        });
      }
    } finally {
      await seeder.close();
    }
    return rows;
  });
}

/** Rows: worker cycles per configuration (complete latency in `latency`, fetchAndLock in `fetch`), then fetchAndLock latency per level. */
function run(options = {}) {
  return runOnDatabases({ ...DEFAULTS, configs: CONFIGS, levels: LEVELS }, options, measure);
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nExternal task cycles (fetchAndLock + complete) over REST, ${o.instances} instances looping over one external task, ${o.seconds}s per measurement, ${os.cpus().length} cores; GET /engine from ${loadGenerator()}, worker load from Node`,
    );
    printTable(
      [
        ['database', (r) => r.database],
        ['workers', (r) => r.workers, 'right'],
        ['maxTasks', (r) => r.maxTasks, 'right'],
        ['cycles/s', (r) => fmt(r.rate), 'right'],
        ['fetchAndLock p50 / p99 ms', (r) => fmtLatency(r.fetch), 'right'],
        ['complete p50 / p99 ms', (r) => fmtLatency(r.latency), 'right'],
        ...ROW_COLUMNS.slice(4),
      ],
      rows.filter((r) => r.workers),
    );
    console.log('\nfetchAndLock (8 workers, maxTasks 1, each task unlocked again) with waiting tasks of other topics:');
    printTable(
      [
        ['database', (r) => r.database],
        ['other-topic tasks', (r) => r.level, 'right'],
        ['fetches/s', (r) => fmt(r.rate), 'right'],
        ['fetchAndLock p50 / p99 ms', (r) => fmtLatency(r.latency), 'right'],
        ...ROW_COLUMNS.slice(4),
      ],
      rows.filter((r) => r.level !== undefined),
    );
  });
}

module.exports = { run, cycles, DEFAULTS, CONFIGS, LEVELS, LOOP };
