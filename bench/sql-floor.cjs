#!/usr/bin/env node
// The floor of an instance on MySQL/MariaDB: what the SQL of the instance-start benchmark's process (start ->
// external task -> end) costs when nothing but a bare mysql2 client sends it. Three phases on one database:
// 1. the engine: --instances after --warmup, CPU per instance of the server, the load generator and the
//    database server (as bench/cpu-per-instance.cjs measures it);
// 2. capture: --capture more instances with the general log on (log_output TABLE; both settings restored
//    afterwards, mysql.general_log emptied), the server's queries in the order the database received them, each
//    with the connection it came on;
// 3. replay, with the server stopped: --replayers loops, each with a connection per captured connection (12 × a
//    pool of 10 stays under the default max_connections of 151), send the captured queries in their order (so
//    every transaction keeps its statements and every update finds the row it found), every id that was new
//    during the capture replaced by a fresh one per replayer and round, the topic by the replayer's own.
// The replay's CPU per instance (database server + this client) is what the instance costs with an engine that
// spends nothing beyond sending its statements: the engine's share of phase 1 above that is its own work.
// Only on MySQL/MariaDB on this machine (it reads the database server's CPU from /proc, needs SUPER for the log).
//   node bench/sql-floor.cjs [--instances 3000] [--warmup 1500] [--capture 200] [--replayers 12] [--rounds 3]
//   [--no-build]
'use strict';
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib.cjs');
const { runCli, runOnDatabases, mysqlConnect, withServer, processCpuMs, printTable, fmt, progress } = lib;
const { ONCE } = require('./instance-start.cjs');
const { instances, cpuPerInstance, databasePid } = require('./cpu-per-instance.cjs');

// The engine's own time-ordered ids (primary-key inserts at the end of the index, as the engine's are).
const idsModule = () => require(path.join(__dirname, '..', 'dist', 'src', 'engine', 'util', 'ids.js'));

const DEFAULTS = {
  instances: 3000,
  warmup: 1500,
  capture: 200,
  replayers: 12,
  rounds: 3,
  clients: 16,
  workers: 8,
  maxTasks: 50,
  backlog: 50,
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const READ_COMMITTED = 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED';
const GRACE_MS = 20;

/** Runs `work` with the general log writing to mysql.general_log; puts both settings back afterwards. */
async function withGeneralLog(url, work) {
  const admin = await mysqlConnect(url, false);
  const [[saved]] = await admin.query('SELECT @@GLOBAL.general_log AS on_, @@GLOBAL.log_output AS output');
  const [[{ id }]] = await admin.query('SELECT CONNECTION_ID() AS id');
  try {
    await admin.query("SET GLOBAL log_output = 'TABLE'");
    await admin.query('TRUNCATE mysql.general_log');
    await admin.query('SET GLOBAL general_log = 1');
    await work();
    await admin.query('SET GLOBAL general_log = 0');
    // The CSV table keeps arrival order; the entries of this connection are the log switches themselves.
    const [rows] = await admin.query(
      "SELECT thread_id AS thread, CONVERT(argument USING utf8mb4) AS query FROM mysql.general_log WHERE command_type = 'Query' AND thread_id <> ?",
      [id],
    );
    return rows;
  } finally {
    await admin.query('SET GLOBAL general_log = 0');
    await admin.query('TRUNCATE mysql.general_log');
    await admin.query('SET GLOBAL log_output = ?', [saved.output]);
    await admin.query('SET GLOBAL general_log = ?', [saved.on_]);
    await admin.end();
  }
}

/** Ids present before the capture (deployment, definition, resources): they stay as they are in the replay. */
async function existingIds(url) {
  const c = await mysqlConnect(url);
  try {
    const ids = new Set();
    for (const sql of [
      'SELECT id FROM act_re_deployment',
      'SELECT id FROM act_re_procdef',
      'SELECT id FROM act_ge_bytearray',
    ]) {
      const [rows] = await c.query(sql);
      for (const r of rows) for (const m of String(r.id).match(UUID) ?? []) ids.add(m);
    }
    return ids;
  } finally {
    await c.end();
  }
}

/**
 * The captured statements with every id that was new during the capture replaced by a fresh one, in order, and
 * the external tasks' topic by one of the replayer's own: a fetch selects by topic and locks what it finds, and
 * would otherwise lock other replayers' tasks (deadlocks the engine retries and a replay cannot).
 */
function forReplayer(captured, kept, replayer) {
  const { newId } = idsModule();
  const fresh = new Map();
  const idFor = (old) => {
    if (kept.has(old)) return old;
    let id = fresh.get(old);
    if (!id) fresh.set(old, (id = newId()));
    return id;
  };
  const topic = `'once-${replayer}'`;
  return captured.map(({ thread, query }) => ({ thread, sql: query.replace(UUID, idFor).replaceAll("'once'", topic) }));
}

/**
 * Into `connections`, a connection for each captured one, set up as the engine sets up its own (the caller
 * closes them, also those opened before a failure). Replayers × the engine's pool must stay under the
 * database's max_connections.
 */
async function openConnections(url, captured, connections) {
  for (const { thread } of captured) {
    if (connections.has(thread)) continue;
    const c = await mysqlConnect(url, true, { multipleStatements: true });
    connections.set(thread, { c, last: Promise.resolve() });
    await c.query(READ_COMMITTED);
    await c.query('SET SESSION innodb_lock_wait_timeout = 5');
  }
}

/**
 * Sends `statements` on `connections`, each on the connection standing for its original one and in its order;
 * resolves to the number that failed. The log holds arrival order: a statement that waited there for another
 * connection's lock arrived before the commit that released it, so the next statement goes out once the previous
 * one has answered or has waited `GRACE_MS` (it is then taken to wait for a lock that a later statement releases).
 * That order is not always the one the database ran, and replayers share the indexes, so now and then a replayed
 * transaction deadlocks or times out (the engine retries those); it is counted, and the pass goes on.
 */
async function replay(statements, connections) {
  let failed = 0;
  for (const { thread, sql } of statements) {
    const conn = connections.get(thread);
    const sent = conn.last.then(() =>
      conn.c.query(sql).then(
        () => undefined,
        () => void failed++,
      ),
    );
    conn.last = sent;
    let timer;
    await Promise.race([sent, new Promise((resolve) => (timer = setTimeout(resolve, GRACE_MS)))]);
    clearTimeout(timer);
  }
  await Promise.all([...connections.values()].map((conn) => conn.last));
  return failed;
}

async function measure(db, o) {
  if (db.url.startsWith('sqlite:')) return [];
  const dbPid = databasePid(db.url);
  if (!dbPid) throw new Error('the MySQL/MariaDB server must run on this machine');
  let engine;
  let captured;
  await withServer({ DATABASE_URL: db.url }, [{ name: 'once.bpmn', content: ONCE }], async (server) => {
    await instances(server, o.warmup, o);
    engine = await cpuPerInstance(server, dbPid, o.instances, o);
    progress(`sql floor, ${db.name}: the engine ${fmt(engine.rate)} instances/s; capturing ${o.capture}`);
    const log = await withGeneralLog(db.url, () => instances(server, o.capture, o));
    captured = log.filter((r) => !/^\s*(SET |SELECT @@|SHOW )/i.test(r.query));
  });
  const kept = await existingIds(db.url);
  const replayed = o.capture * o.replayers * o.rounds;
  const floor = { seconds: 0, database: 0, client: 0, failed: 0 };
  const sent = captured.length * o.replayers * o.rounds;
  for (let round = 0; round < o.rounds; round++) {
    const passes = [];
    try {
      for (let i = 0; i < o.replayers; i++) {
        const pass = { statements: forReplayer(captured, kept, i), connections: new Map() };
        passes.push(pass);
        await openConnections(db.url, captured, pass.connections);
      }
      const database = processCpuMs(dbPid);
      const self = process.cpuUsage();
      const t0 = Date.now();
      const failed = await Promise.all(passes.map((p) => replay(p.statements, p.connections)));
      floor.failed += failed.reduce((a, b) => a + b, 0);
      const used = process.cpuUsage(self);
      floor.seconds += (Date.now() - t0) / 1000;
      floor.database += processCpuMs(dbPid) - database;
      floor.client += (used.user + used.system) / 1000;
    } finally {
      for (const p of passes) for (const { c } of p.connections.values()) await c.end();
    }
  }
  floor.rate = replayed / floor.seconds;
  floor.database /= replayed;
  floor.client /= replayed;
  progress(
    `sql floor, ${db.name}: replayed ${replayed} instances, ${fmt(floor.rate)}/s, ${floor.failed} failed queries`,
  );
  if (floor.failed > sent / 100) throw new Error(`${floor.failed} of ${sent} replayed queries failed: no floor`);
  return [
    {
      database: db.name,
      statements: captured.length / o.capture,
      connections: new Set(captured.map((r) => r.thread)).size,
      engine,
      floor,
    },
  ];
}

async function run(options = {}) {
  if (!(options.mysqlUrl ?? lib.mysqlUrlFromEnv())) {
    throw new Error('the floor is measured on MySQL/MariaDB: set TEST_DATABASE_URL=mysql://...');
  }
  return runOnDatabases(DEFAULTS, options, measure);
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nCPU ms per instance (start -> external task -> end), ${os.cpus().length} cores. engine: ${o.instances} instances after ${o.warmup} (${o.clients} starting clients, ${o.workers} workers × ${o.maxTasks}); floor: the SQL of ${o.capture} captured instances sent by a bare mysql2 client (its CPU: mysql2 and the replay's own bookkeeping), ${o.replayers} replayers × ${o.rounds} rounds`,
    );
    printTable(
      [
        ['database', (r) => r.database],
        ['queries / instance', (r) => fmt(r.statements, 1), 'right'],
        ['engine instances/s', (r) => fmt(r.engine.rate), 'right'],
        ['engine: server ms', (r) => fmt(r.engine.server, 2), 'right'],
        ['engine: database server ms', (r) => fmt(r.engine.databaseServer, 2), 'right'],
        ['engine: load generator ms', (r) => fmt(r.engine.loadGenerator, 2), 'right'],
        ['floor instances/s', (r) => fmt(r.floor.rate), 'right'],
        ['floor: database server ms', (r) => fmt(r.floor.database, 2), 'right'],
        ['floor: client ms', (r) => fmt(r.floor.client, 2), 'right'],
        ['floor: failed queries', (r) => fmt(r.floor.failed), 'right'],
      ],
      rows,
    );
  });
}

module.exports = { run };
