#!/usr/bin/env node
// External task worker cycles over REST (fetchAndLock + complete) on SQLite and, when BENCH_MYSQL_URL or
// TEST_DATABASE_URL is set, MySQL/MariaDB. N process instances loop over one external task, so every
// completion creates the next task and the pool stays at N. W workers (1, 8, 32) fetch with maxTasks 1
// and 50 and complete what they got. Then fetchAndLock latency with 0, 10k and 100k waiting tasks of
// other topics (rows seeded in bulk straight into act_ru_ext_task: they are never fetched). The same
// server's GET /engine rate is measured as the ceiling in slices alternating with each workload
// (bench/interleaved.cjs).
//   node bench/external-task.cjs [--seconds 5] [--instances 2000] [--no-build]
// As a module: run(options) resolves to the rows; options.configs ([workers, maxTasks] pairs) and
// options.levels (counts of other-topic tasks) choose what is measured (see bench/all.cjs).
'use strict';
const os = require('node:os');
const lib = require('./lib.cjs');
const { runCli, runOnDatabases, withServer, connectDb, request, percentiles, msSince } = lib;
const { fetchAndLock, externalTaskWorker } = lib;
const { interleavedWindow, REWARM_SECONDS } = require('./interleaved.cjs');
const { loadGenerator, fmt, fmtLatency, printTable, ROW_COLUMNS, progress } = lib;

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

/**
 * W workers, each: fetchAndLock(maxTasks) then complete every task it got, after a warmup, in slices that
 * alternate with the server's GET /engine ceiling.
 */
async function cycles(server, workers, maxTasks, secs, ceilingWarmup) {
  const w = await interleavedWindow(server, { seconds: secs, ceilingWarmup });
  const fetchMs = [];
  const completeMs = [];
  let completed = 0;
  let errors = 0;
  await Promise.all([
    w.done,
    ...Array.from({ length: workers }, (_, i) =>
      externalTaskWorker(server.base, {
        workerId: `bench-${i}`,
        topic: 'work',
        maxTasks,
        window: w,
        running: w.running,
        onFetch: (ms, ok, _tasks, round) => {
          if (round) fetchMs.push(ms);
          if (!ok) errors++;
        },
        onComplete: (_task, ms, ok, round) => {
          if (round) {
            completeMs.push(ms);
            if (ok) {
              completed++;
              round.ops++;
            }
          }
          if (!ok) errors++;
        },
      }),
    ),
  ]);
  const s = w.summary();
  return { ...s, rate: completed / s.seconds, fetch: percentiles(fetchMs), complete: percentiles(completeMs), errors };
}

/** fetchAndLock alone: lock one task and unlock it again (the pool stays as it is); latency of the fetch. */
async function fetchLatency(server, secs) {
  const w = await interleavedWindow(server, { seconds: secs, warmup: 0, ceilingWarmup: REWARM_SECONDS });
  const fetchMs = [];
  let errors = 0;
  await Promise.all([
    w.done,
    ...Array.from({ length: 8 }, async (_, i) => {
      while (w.running()) {
        const { value: res, round } = await w.run(async () => {
          const t0 = process.hrtime.bigint();
          const r = await fetchAndLock(server.base, { workerId: `probe-${i}`, topic: 'work', maxTasks: 1 });
          const ms = msSince(t0);
          if (r.status === 200)
            for (const task of r.body) await request('POST', `${server.base}/external-task/${task.id}/unlock`);
          return { ...r, ms };
        });
        if (round) {
          fetchMs.push(res.ms);
          round.ops++;
        }
        if (res.status !== 200) errors++;
      }
    }),
  ]);
  const s = w.summary();
  return { ...s, rate: fetchMs.length / s.seconds, fetch: percentiles(fetchMs), errors };
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

/** One server on a fresh database: start the looping instances, then the cycles and the fetch latencies, each interleaved with the GET /engine ceiling. */
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
    const rows = [];
    for (const [workers, maxTasks] of configs) {
      // GET /engine is warmed up fully on the first measurement of this server; later ones need less.
      const r = await cycles(server, workers, maxTasks, seconds, rows.length ? REWARM_SECONDS : undefined);
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
        ceiling: r.ceiling,
        ratioRange: r.ratioRange,
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
        const r = await fetchLatency(server, seconds);
        rows.push({
          benchmark: 'external task',
          database: db.name,
          setup: `fetchAndLock + unlock, 8 workers × 1, ${level / 1000}k other-topic tasks [fetchAndLock]`,
          level,
          rate: r.rate,
          latency: r.fetch,
          errors: r.errors,
          ceiling: r.ceiling,
          ratioRange: r.ratioRange,
          cpuMs: r.cpuMs,
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
