#!/usr/bin/env node
// Memory under a long external-task loop: 2,000 instances loop over one external task while 8 workers
// fetch (maxTasks 50) and complete for --minutes; the server's resident memory (VmRSS from /proc) is
// sampled every --sample seconds next to the cycles done so far. Prints the samples, the peak (VmHWM)
// and the growth of RSS per 100,000 cycles over the second half of the run (a leak shows as a slope;
// caches filling up show in the first half). SQLite by default; MySQL/MariaDB with BENCH_MYSQL_URL or
// TEST_DATABASE_URL; --large runs on a database filled by bench/fill-large.cjs.
//   node bench/memory.cjs [--minutes 10] [--sample 15] [--instances 2000] [--workers 8] [--maxTasks 50] [--no-build]
//   [--large]
'use strict';
const lib = require('./lib.cjs');
const {
  runCli,
  withServer,
  withDatabase,
  largeDatabase,
  dropLargeDatabases,
  request,
  externalTaskWorker,
  mysqlUrlFromEnv,
  ensureBuilt,
} = lib;
const { fmt, printTable, progress } = lib;

const DEFAULTS = { minutes: 10, sample: 15, instances: 2000, workers: 8, maxTasks: 50 };

const LOOP = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://bench">
  <bpmn:process id="memory-loop" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Join" />
    <bpmn:exclusiveGateway id="Join" />
    <bpmn:sequenceFlow id="f2" sourceRef="Join" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="memory" />
    <bpmn:sequenceFlow id="f3" sourceRef="Work" targetRef="Join" />
  </bpmn:process>
</bpmn:definitions>`;

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den ? num / den : NaN;
}

async function measure(db, o) {
  return withServer({ DATABASE_URL: db.url }, [{ name: 'memory.bpmn', content: LOOP }], async (server) => {
    progress(`memory, ${db.name}: starting ${o.instances} instances`);
    for (let i = 0; i < o.instances; i += 16) {
      await Promise.all(
        Array.from({ length: Math.min(16, o.instances - i) }, async () => {
          const r = await request('POST', `${server.base}/process-definition/key/memory-loop/start`, {});
          if (r.status !== 200) throw new Error(`start failed: ${r.status} ${r.text}`);
        }),
      );
    }
    const until = Date.now() + o.minutes * 60000;
    const running = () => Date.now() < until;
    let cycles = 0;
    let errors = 0;
    const began = Date.now();
    const samples = [{ seconds: 0, cycles: 0, rss: server.rssMb() }];
    const sampler = setInterval(() => {
      samples.push({ seconds: (Date.now() - began) / 1000, cycles, rss: server.rssMb() });
      progress(`memory, ${db.name}: ${cycles} cycles, RSS ${fmt(server.rssMb())} MB`);
    }, o.sample * 1000);
    try {
      await Promise.all(
        Array.from({ length: o.workers }, (_, i) =>
          externalTaskWorker(server.base, {
            workerId: `memory-${i}`,
            topic: 'memory',
            maxTasks: o.maxTasks,
            running,
            onFetch: (_ms, ok) => {
              if (!ok) errors++;
            },
            onComplete: (_task, _ms, ok) => {
              if (ok) cycles++;
              else errors++;
            },
          }),
        ),
      );
    } finally {
      clearInterval(sampler);
    }
    samples.push({ seconds: (Date.now() - began) / 1000, cycles, rss: server.rssMb() });
    const secondHalf = samples.filter((s) => s.seconds >= (o.minutes * 60) / 2).map((s) => ({ x: s.cycles, y: s.rss }));
    return [
      { database: db.name, samples, cycles, errors, peak: server.peakRssMb(), perHundredK: slope(secondHalf) * 100000 },
    ];
  });
}

async function run(options = {}) {
  const o = { ...DEFAULTS, build: true, mysqlUrl: mysqlUrlFromEnv(), ...options };
  if (o.build) ensureBuilt();
  const rows = [];
  try {
    for (const server of ['', ...(o.mysqlUrl ? [o.mysqlUrl] : [])]) {
      if (o.large) rows.push(...(await measure(await largeDatabase(server), o)));
      else rows.push(...(await withDatabase(server, (db) => measure(db, o))));
    }
  } finally {
    await dropLargeDatabases();
  }
  return rows;
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    for (const r of rows) {
      console.log(
        `\n${r.database}: ${r.cycles} external-task cycles in ${o.minutes} min (${o.workers} workers × maxTasks ${o.maxTasks}, ${o.instances} instances), ${r.errors} errors;` +
          ` peak RSS ${fmt(r.peakRssMb ?? r.peak)} MB; RSS growth over the second half: ${fmt(r.perHundredK, 1)} MB per 100,000 cycles\n`,
      );
      printTable(
        [
          ['seconds', (s) => fmt(s.seconds), 'right'],
          ['cycles', (s) => s.cycles, 'right'],
          ['RSS MB', (s) => fmt(s.rss), 'right'],
        ],
        r.samples,
      );
    }
  });
}

module.exports = { run, DEFAULTS };
