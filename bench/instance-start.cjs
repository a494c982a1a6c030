#!/usr/bin/env node
// Process instances over REST, start to end: a process "start -> external task -> end". C clients each
// POST /process-definition/key/<key>/start in a loop while W workers fetchAndLock (maxTasks M, long
// polling) and complete the external tasks, so every instance ends. Starts wait while more than
// `backlog` instances are open (started, not yet ended), so the figures are a steady state rather than
// a queue that grows. Reports started/s with the start request's p50/p99, and completed instances/s
// (start + one external task + end) with p50/p99 from sending the start to the task's completion (which
// includes waiting behind up to `backlog` open instances for a worker). On SQLite and, when BENCH_MYSQL_URL or
// TEST_DATABASE_URL is set, MySQL/MariaDB; the same server's
// GET /engine rate is measured as the ceiling in slices alternating with the instance load (bench/interleaved.cjs).
//   node bench/instance-start.cjs [--seconds 5] [--clients 16] [--workers 8] [--maxTasks 50] [--backlog 50]
//   [--no-build]
// As a module: run(options) resolves to the rows (see bench/all.cjs).
'use strict';
const os = require('node:os');
const lib = require('./lib.cjs');
const { runCli, runOnDatabases, withServer, request, percentiles, msSince } = lib;
const { externalTaskWorker, loadGenerator, printTable, ROW_COLUMNS, progress } = lib;
const { interleavedWindow } = require('./interleaved.cjs');

const DEFAULTS = { seconds: 5, clients: 16, workers: 8, maxTasks: 50, backlog: 50 };

const ONCE = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bench">
  <bpmn:process id="start-task-end" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="once" />
    <bpmn:sequenceFlow id="f2" sourceRef="Work" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** Open instances (started, not ended); `whenBelow(n)` resolves once fewer than n are open. */
function openCounter() {
  let open = 0;
  const waiting = [];
  return {
    add: () => open++,
    done: () => {
      open--;
      while (waiting.length && open < waiting[0].n) waiting.shift().resolve();
    },
    get open() {
      return open;
    },
    whenBelow: (n) => (open < n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve }))),
  };
}

/**
 * Starts and completions for `seconds` after a warmup, in slices alternating with the server's GET /engine
 * ceiling, then waits until every started instance has ended.
 */
async function cycle(server, { seconds, clients, workers, maxTasks, backlog }) {
  const w = await interleavedWindow(server, { seconds }); // the warm-up also fills the backlog (two seconds suffice for that)
  const open = openCounter();
  const sentAt = new Map(); // process instance id -> when its start was sent ({ t0, paused }), until its task is completed
  const startMs = [];
  const cycleMs = [];
  let completed = 0;
  let errors = 0;
  let drainUntil = Infinity; // set when the starts stop: the workers finish what is open, within 30 s
  const starters = Promise.all(
    Array.from({ length: clients }, async () => {
      while (w.running()) {
        await open.whenBelow(backlog);
        const { value, round } = await w.run(async () => {
          const t0 = process.hrtime.bigint();
          const paused = w.pausedMs();
          open.add();
          return {
            res: await request('POST', `${server.base}/process-definition/key/start-task-end/start`, {}),
            t0,
            paused,
          };
        });
        if (value.res.status !== 200) {
          open.done();
          errors++;
          continue;
        }
        sentAt.set(value.res.body.id, { t0: value.t0, paused: value.paused });
        if (round) {
          round.ops++;
          startMs.push(msSince(value.t0));
        }
      }
    }),
  ).finally(() => (drainUntil = Date.now() + 30000));
  const done = Promise.all(
    Array.from({ length: workers }, (_, i) =>
      externalTaskWorker(server.base, {
        workerId: `bench-${i}`,
        topic: 'once',
        maxTasks,
        asyncResponseTimeout: 500,
        window: w,
        running: () => drainUntil === Infinity || (open.open > 0 && Date.now() < drainUntil),
        onFetch: (_ms, ok) => {
          if (!ok) errors++;
        },
        onComplete: (task, _ms, ok, round) => {
          if (!ok) {
            errors++;
            return;
          }
          open.done();
          const sent = sentAt.get(task.processInstanceId);
          sentAt.delete(task.processInstanceId);
          if (!round) return;
          completed++;
          if (sent !== undefined) cycleMs.push(msSince(sent.t0) - (w.pausedMs() - sent.paused));
        },
      }),
    ),
  );
  await Promise.all([w.done, starters, done]);
  const left = await request('GET', `${server.base}/process-instance/count?processDefinitionKey=start-task-end`);
  if (left.status !== 200 || left.body.count !== 0)
    throw new Error(`instances still running after the run: ${left.text}`);
  const s = w.summary();
  return {
    ...s,
    started: s.ops / s.seconds,
    start: percentiles(startMs),
    completed: completed / s.seconds,
    cycle: percentiles(cycleMs),
    errors,
  };
}

async function measure(db, o) {
  return withServer({ DATABASE_URL: db.url }, [{ name: 'once.bpmn', content: ONCE }], async (server) => {
    const r = await cycle(server, o);
    const who = `${o.clients} clients, ${o.workers} workers × ${o.maxTasks}`;
    progress(`instance start, ${db.name}: ${r.started.toFixed(0)} started/s, ${r.completed.toFixed(0)} completed/s`);
    const row = {
      benchmark: 'instance start',
      database: db.name,
      errors: r.errors,
      ceiling: r.ceiling,
      cpuMs: r.cpuMs,
    };
    return [
      { ...row, setup: `started (${who}) [start]`, rate: r.started, latency: r.start, ratioRange: r.ratioRange },
      { ...row, setup: `ended: start, task, end (${who}) [start→end]`, rate: r.completed, latency: r.cycle },
    ];
  });
}

/** Rows: started/s (latency of the start request) and completed instances/s (latency from start to end) per database. */
function run(options = {}) {
  return runOnDatabases(DEFAULTS, options, measure);
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nProcess instances over REST (start -> external task -> end), ${o.clients} starting clients, ${o.workers} workers fetching up to ${o.maxTasks}, at most ${o.backlog} open instances, ${o.seconds}s per measurement, ${os.cpus().length} cores; GET /engine from ${loadGenerator()}, instance load from Node`,
    );
    printTable(ROW_COLUMNS, rows);
  });
}

module.exports = { run, DEFAULTS, ONCE };
