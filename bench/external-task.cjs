#!/usr/bin/env node
// External task worker cycles over REST (fetchAndLock + complete) on SQLite and, when BENCH_MYSQL_URL or
// TEST_DATABASE_URL is set, MySQL/MariaDB. N process instances loop over one external task, so every
// completion creates the next task and the pool stays at N. W workers (1, 8, 32) fetch with maxTasks 1
// and 50 and complete what they got. Then fetchAndLock latency with 0, 10k and 100k waiting tasks of
// other topics (rows seeded in bulk straight into act_ru_ext_task: they are never fetched). The same
// server's GET /engine rate is measured in the same run as the ceiling.
//   node bench/external-task.cjs [--seconds 5] [--instances 2000] [--no-build]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib.cjs');
const { ensureBuilt, freshMysql, startServer, multipart, loadWithWrk, hasWrk, fmt } = lib;

/**
 * The shared keep-alive agent may hand out sockets the server closed while wrk ran (idle > 5 s); such a
 * request never reached the server, so it is safe to send again.
 */
async function request(...args) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lib.request(...args);
    } catch (err) {
      if (err.code !== 'ECONNRESET' || attempt >= 300) throw err;
    }
  }
}

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seconds = opt('seconds', 5);
const instances = opt('instances', 2000);

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

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

/** W workers, each: fetchAndLock(maxTasks) then complete every task it got, for `secs` seconds. */
async function cycles(base, workers, maxTasks, secs, warmup = 1) {
  const fetchMs = [];
  const completeMs = [];
  let completed = 0;
  let errors = 0;
  let measuring = false;
  const start = Date.now();
  let measureStart = 0;
  const end = start + (warmup + secs) * 1000;
  setTimeout(() => {
    measuring = true;
    measureStart = Date.now();
  }, warmup * 1000);
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const workerId = `bench-${w}`;
      while (Date.now() < end) {
        let t0 = process.hrtime.bigint();
        const res = await request('POST', `${base}/external-task/fetchAndLock`, {
          workerId,
          maxTasks,
          usePriority: true,
          topics: [{ topicName: 'work', lockDuration: 60000, variables: [] }],
        });
        if (measuring) fetchMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (res.status !== 200) {
          errors++;
          continue;
        }
        for (const task of res.body) {
          t0 = process.hrtime.bigint();
          const done = await request('POST', `${base}/external-task/${task.id}/complete`, { workerId });
          if (measuring) {
            completeMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (done.status === 204) completed++;
          }
          if (done.status !== 204) errors++;
        }
      }
    }),
  );
  const elapsed = (Date.now() - measureStart) / 1000;
  return { rate: completed / elapsed, fetch: percentiles(fetchMs), complete: percentiles(completeMs), errors };
}

/** fetchAndLock alone: lock one task and unlock it again (the pool stays as it is); latency of the fetch. */
async function fetchLatency(base, secs) {
  const fetchMs = [];
  const end = Date.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        const res = await request('POST', `${base}/external-task/fetchAndLock`, {
          workerId: `probe-${w}`,
          maxTasks: 1,
          usePriority: true,
          topics: [{ topicName: 'work', lockDuration: 60000, variables: [] }],
        });
        fetchMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
        for (const task of res.body ?? []) await request('POST', `${base}/external-task/${task.id}/unlock`);
      }
    }),
  );
  return percentiles(fetchMs);
}

/** Rows of other topics, inserted in chunks straight into the table (a seed script; nobody fetches them). */
async function seedOtherTopics(db, from, to) {
  const rows = [];
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  for (let i = from; i < to; i++) rows.push([`seed-${i}`, 1, `other-${i % 10}`, now, 1, 0]);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.run(
      `INSERT INTO act_ru_ext_task (id, rev, topic_name, create_time, suspension_state, priority) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
      chunk.flat(),
    );
  }
}

function sqliteSeeder(file) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  return { run: async (sql, params) => db.prepare(sql).run(params), close: async () => db.close() };
}

async function mysqlSeeder(url) {
  const mysql = require('mysql2/promise');
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const c = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
  });
  return { run: async (sql, params) => c.query(sql, params), close: () => c.end() };
}

async function measure(label, env, seeder) {
  const server = await startServer(env);
  const out = { label, rows: [], other: [] };
  try {
    const { body, headers } = multipart([{ name: 'loop.bpmn', content: LOOP }], { 'deployment-name': 'bench' });
    const dep = await request('POST', `${server.base}/deployment/create`, body, headers);
    if (dep.status !== 200) throw new Error(`deploy failed: ${dep.status} ${dep.text}`);
    process.stderr.write(`${label}: starting ${instances} instances\n`);
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
    process.stderr.write(`${label}: GET /engine ceiling\n`);
    out.ceiling = await loadWithWrk(
      `${server.base}/engine`,
      { concurrency: 16, seconds },
      async () => (await request('GET', `${server.base}/engine`)).status === 200,
    );
    for (const maxTasks of [1, 50]) {
      for (const workers of [1, 8, 32]) {
        const r = await cycles(server.base, workers, maxTasks, seconds);
        out.rows.push({ workers, maxTasks, ...r });
        process.stderr.write(`${label} W=${workers} maxTasks=${maxTasks}: ${fmt(r.rate)} cycles/s\n`);
      }
    }
    const db = await seeder();
    try {
      let seeded = 0;
      for (const level of [0, 10000, 100000]) {
        await seedOtherTopics(db, seeded, level);
        seeded = level;
        out.other.push({ level, ...(await fetchLatency(server.base, seconds)) });
      }
    } finally {
      await db.close();
    }
    return out;
  } finally {
    await server.stop();
  }
}

(async () => {
  if (!args.includes('--no-build')) ensureBuilt();
  const results = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-task-bench-'));
  const file = path.join(tmp, 'engine.sqlite');
  results.push(await measure('sqlite', { DATABASE_URL: `sqlite:${file}` }, async () => sqliteSeeder(file)));
  const mysqlUrl = process.env.BENCH_MYSQL_URL || process.env.TEST_DATABASE_URL;
  if (mysqlUrl) {
    const db = await freshMysql(mysqlUrl);
    try {
      results.push(await measure('mysql', { DATABASE_URL: db.url }, () => mysqlSeeder(db.url)));
    } finally {
      await db.drop();
    }
  }
  console.log(
    `\nExternal task cycles (fetchAndLock + complete) over REST, ${instances} instances looping over one external task, ${seconds}s per measurement, ${os.cpus().length} cores; GET /engine from ${hasWrk() ? 'wrk' : 'a Node client'}, worker load from Node`,
  );
  for (const r of results) {
    console.log(`\n${r.label}: GET /engine ${fmt(r.ceiling.rate)} req/s (p99 ${fmt(r.ceiling.p99, 2)} ms)`);
    console.log('workers | maxTasks | cycles/s | fetchAndLock p50/p99 ms | complete p50/p99 ms | errors');
    console.log('--------|----------|----------|-------------------------|---------------------|-------');
    for (const x of r.rows) {
      console.log(
        `${String(x.workers).padStart(7)} | ${String(x.maxTasks).padStart(8)} | ${fmt(x.rate).padStart(8)} | ${`${fmt(x.fetch.p50, 2)} / ${fmt(x.fetch.p99, 2)}`.padStart(23)} | ${`${fmt(x.complete.p50, 2)} / ${fmt(x.complete.p99, 2)}`.padStart(19)} | ${x.errors}`,
      );
    }
    console.log(
      'fetchAndLock (8 workers, maxTasks 1) with waiting tasks of other topics: ' +
        r.other.map((o) => `${o.level}: p50 ${fmt(o.p50, 2)} / p99 ${fmt(o.p99, 2)} ms`).join('; '),
    );
  }
  fs.rmSync(tmp, { recursive: true, force: true });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
