// Shared pieces of the benchmark scripts: build, databases, a server process, HTTP load, latencies, tables.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFile, execFileSync } = require('node:child_process');
const { promisify } = require('node:util');

const execFileAsync = promisify(execFile);

const ROOT = path.resolve(__dirname, '..');

/** `npm run build`: the compiled sources and the files it copies beside them (worker scripts, console). */
function ensureBuilt() {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', cwd: ROOT });
}

/** `--name value` options (numbers) over `defaults`, plus `build: false` with `--no-build` and `large` with `--large`. */
function cliOptions(argv, defaults) {
  const out = {
    ...defaults,
    build: !argv.includes('--no-build'),
    ...(argv.includes('--large') ? { large: true } : {}),
  };
  for (const name of Object.keys(defaults)) {
    const i = argv.indexOf(`--${name}`);
    if (i >= 0) out[name] = Number(argv[i + 1]);
  }
  return out;
}

/**
 * A benchmark script's command line: options from argv over `defaults`, `run(options)`, then
 * `print(rows, options)`; errors end the process with status 1.
 */
function runCli(defaults, run, print) {
  const o = cliOptions(process.argv.slice(2), defaults);
  run(o)
    .then((rows) => print(rows, o))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

/** The MySQL/MariaDB server the benchmarks use besides SQLite, if any. */
function mysqlUrlFromEnv() {
  return process.env.BENCH_MYSQL_URL || process.env.TEST_DATABASE_URL || '';
}

function mysqlConnect(url, withDatabase = true, options = {}) {
  const mysql = require('mysql2/promise');
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    ...(withDatabase ? { database: u.pathname.slice(1) } : {}),
    ...options,
  });
}

/** A connection for seeding rows straight into the database: `run(sql, params)` and `close()`. */
async function connectDb(url) {
  if (url.startsWith('sqlite:')) {
    const Database = require('better-sqlite3');
    const db = new Database(url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    return { run: async (sql, params) => db.prepare(sql).run(params), close: async () => db.close() };
  }
  const c = await mysqlConnect(url);
  return { run: (sql, params) => c.query(sql, params), close: () => c.end() };
}

/** 'MariaDB 10.11' or 'MySQL 8.0' of a connection. */
async function serverName(connection) {
  const [[{ v }]] = await connection.query('SELECT VERSION() AS v');
  return `${/mariadb/i.test(v) ? 'MariaDB' : 'MySQL'} ${/^\d+\.\d+/.exec(v)?.[0] ?? ''}`.trim();
}

/**
 * Calls `fn({ name, url })` with a fresh database: a SQLite file in a temporary folder, or (with `server`,
 * a mysql:// URL) a new database on that server named with its version; removed afterwards.
 */
async function withDatabase(server, fn) {
  if (!server) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-bench-'));
    try {
      return await fn({ name: 'SQLite', url: `sqlite:${path.join(tmp, 'engine.sqlite')}` });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  const u = new URL(server.replace(/^mariadb:/, 'mysql:'));
  const dbName = `bench_${Date.now().toString(36)}`;
  const admin = await mysqlConnect(server, false);
  let name;
  try {
    name = await serverName(admin);
    await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.end();
  }
  u.pathname = `/${dbName}`;
  try {
    return await fn({ name, url: u.toString() });
  } finally {
    const d = await mysqlConnect(server, false);
    await d.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await d.end();
  }
}

/** What `withDatabase` takes: SQLite (''), then the MySQL/MariaDB server when one is configured. */
function databaseServers(mysqlUrl) {
  return ['', ...(mysqlUrl ? [mysqlUrl] : [])];
}

const largeDatabases = new Map();

/**
 * The large database of a server ('' for SQLite): BENCH_LARGE_SQLITE (a file) or BENCH_LARGE_MYSQL (a
 * URL) when set, used as they are; otherwise a fresh database filled once by bench/fill-large.cjs and
 * shared by every benchmark of this process (each benchmark adds its own definitions and rows to it).
 */
async function largeDatabase(server) {
  if (!largeDatabases.has(server)) {
    const given = server ? process.env.BENCH_LARGE_MYSQL : process.env.BENCH_LARGE_SQLITE;
    largeDatabases.set(
      server,
      (async () => {
        if (given && !server) return { name: 'SQLite large', url: `sqlite:${given}` };
        if (given) {
          const c = await mysqlConnect(given, false);
          const name = await serverName(c).finally(() => c.end());
          return { name: `${name} large`, url: given };
        }
        let release;
        const kept = new Promise((resolve) => (release = resolve));
        const db = await new Promise((resolve, reject) => {
          withDatabase(server, (d) => {
            resolve(d);
            return kept;
          }).catch(reject);
        });
        const { seconds } = await require('./fill-large.cjs').fill(db.url, { build: false });
        progress(`large ${db.name} database filled in ${fmt(seconds)}s`);
        return { ...db, name: `${db.name} large`, release };
      })(),
    );
  }
  return largeDatabases.get(server);
}

/** Removes the large databases this process filled (not the given ones). */
async function dropLargeDatabases() {
  for (const db of await Promise.all(largeDatabases.values())) db.release?.();
  largeDatabases.clear();
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * A benchmark's run(): `options` over `defaults` (build first unless `build: false`; MySQL/MariaDB from the
 * environment unless `mysqlUrl` is given), then `measure(db, options, variant)` (resolving to rows) on a
 * fresh database per variant, SQLite first; with `large`, on the large database of each server instead.
 */
async function runOnDatabases(defaults, options, measure, variants = [undefined]) {
  const o = { ...defaults, build: true, mysqlUrl: mysqlUrlFromEnv(), ...options };
  if (o.build) ensureBuilt();
  const rows = [];
  for (const server of databaseServers(o.mysqlUrl)) {
    for (const variant of variants) {
      if (o.large) rows.push(...(await measure(await largeDatabase(server), o, variant)));
      else rows.push(...(await withDatabase(server, (db) => measure(db, o, variant))));
    }
  }
  return rows;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * With BENCH_CPU_PROFILE=<folder>, every server writes a V8 CPU profile there when it stops
 * (`node bench/profile-summary.cjs <file>` prints its top frames).
 */
function profileArgs() {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return [];
  fs.mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`];
}

/**
 * Starts `node dist/src/main.js` on a free port; resolves once GET /engine-rest/engine answers (within
 * `startSeconds`: migrations on a large database take minutes).
 */
async function startServer(env, { startSeconds = 30 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...profileArgs(), path.join(ROOT, 'dist/src/main.js')], {
    cwd: ROOT,
    // As the Docker image runs it (NODE_ENV=production: one JSON line per request, not pretty-printed text).
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/engine-rest`;
  let exit = null;
  child.once('exit', (code, signal) => (exit = signal ?? code));
  for (let i = 0; i < startSeconds * 10; i++) {
    if (exit !== null) throw new Error(`server exited (${exit}) before it answered`);
    try {
      const r = await request('GET', `${base}/engine`);
      if (r.status === 200)
        return {
          base,
          pid: child.pid,
          rssMb: () => procStatusMb(child.pid, 'VmRSS'),
          peakRssMb: () => procStatusMb(child.pid, 'VmHWM'),
          stop: () =>
            new Promise((res) => {
              child.once('exit', res);
              child.kill('SIGTERM');
            }),
        };
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** A figure of /proc/<pid>/status in MB (VmRSS: resident now, VmHWM: the peak since start); NaN where there is no /proc. */
function procStatusMb(pid, field) {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Starts a server on `env`, deploys `files` ([{ name, content }]), runs `fn(server)`, stops the server.
 * Rows `fn` resolves to get `peakRssMb`: the server's peak resident memory (VmHWM) over its whole life.
 */
async function withServer(env, files, fn) {
  const server = await startServer(env);
  try {
    const { body, headers } = multipart(files, { 'deployment-name': 'bench' });
    const dep = await request('POST', `${server.base}/deployment/create`, body, headers);
    if (dep.status !== 200) throw new Error(`deploy failed: ${dep.status} ${dep.text}`);
    const result = await fn(server);
    if (Array.isArray(result)) for (const row of result) row.peakRssMb = server.peakRssMb();
    return result;
  } finally {
    await server.stop();
  }
}

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const AUTH = 'Basic ' + Buffer.from('demo:demo').toString('base64');

function requestOnce(method, url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: AUTH,
          ...(data && !headers['content-type'] ? { 'content-type': 'application/json' } : {}),
          ...(data ? { 'content-length': data.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, body: json, text });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/**
 * One HTTP request with the benchmark credentials. The shared keep-alive agent may hand out sockets the
 * server closed while wrk ran (idle > 5 s); such a request never reached the server, so it is sent again.
 */
async function request(method, url, body, headers = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestOnce(method, url, body, headers);
    } catch (err) {
      if (err.code !== 'ECONNRESET' || attempt >= 300) throw err;
    }
  }
}

function multipart(files, fields = {}) {
  const boundary = `----bench${Date.now()}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** p50 and p99 (ms) of a list of latencies. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

/** Milliseconds since `t0` (a process.hrtime.bigint()). */
function msSince(t0) {
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * Seconds of load before anything is measured, for the GET /engine ceiling and for every workload alike. V8
 * optimises a request path only after it has run for a while: a fresh server answered GET /engine at 1,491 req/s
 * in its first 4 seconds under wrk and at 3,074-3,906 in the five 4-second runs after that (2 cores). With one
 * second of warm-up the ceiling was sometimes measured cold and sometimes warm (1,426-3,702 within minutes), which
 * moved every ratio by up to a factor of two.
 */
const WARMUP_SECONDS = 5;

/**
 * A measurement window: `warmup` seconds, then `seconds` measured. `measuring()` says whether now counts,
 * `running()` whether the load should go on, `elapsed()` the measured seconds so far.
 */
function measurementWindow({ seconds, warmup = WARMUP_SECONDS, pid }) {
  const from = Date.now() + warmup * 1000;
  const until = from + seconds * 1000;
  // The server's CPU time at the window's start and end, read when the load first looks at the clock past them.
  let cpuFrom = NaN;
  let cpuUntil = NaN;
  const sample = (now) => {
    if (now >= from && Number.isNaN(cpuFrom)) cpuFrom = processCpuMs(pid);
    if (now >= until && Number.isNaN(cpuUntil)) cpuUntil = processCpuMs(pid);
  };
  return {
    measuring: () => {
      const now = Date.now();
      sample(now);
      return now >= from && now < until;
    },
    running: () => {
      const now = Date.now();
      sample(now);
      return now < until;
    },
    elapsed: () => Math.max(0, Math.min(Date.now(), until) - from) / 1000,
    /** The server's CPU time (all its threads, user and system) within the window, in ms; NaN without a pid or /proc. */
    serverCpuMs: () => cpuUntil - cpuFrom,
  };
}

/** CPU time (user + system, all threads) a process has used so far, in ms; NaN without a pid or /proc. */
function processCpuMs(pid) {
  if (pid === undefined) return NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Runs `task` from `concurrency` loops for `seconds` after a warmup; returns rate and latency percentiles (ms). */
async function load(task, { concurrency = 16, seconds = 5, warmup = WARMUP_SECONDS, pid } = {}) {
  const w = measurementWindow({ seconds, warmup, pid });
  const latencies = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (w.running()) {
        const t0 = process.hrtime.bigint();
        const counts = w.measuring();
        const ok = await task();
        if (!counts) continue;
        latencies.push(msSince(t0));
        if (!ok) errors++;
      }
    }),
  );
  return {
    count: latencies.length,
    rate: latencies.length / w.elapsed(),
    ...percentiles(latencies),
    errors,
    cpuMs: w.serverCpuMs() / latencies.length,
  };
}

/** POST /external-task/fetchAndLock for one topic (by priority, like the Camunda worker client). */
function fetchAndLock(base, { workerId, topic, maxTasks, asyncResponseTimeout }) {
  return request('POST', `${base}/external-task/fetchAndLock`, {
    workerId,
    maxTasks,
    usePriority: true,
    ...(asyncResponseTimeout ? { asyncResponseTimeout } : {}),
    topics: [{ topicName: topic, lockDuration: 60000, variables: [] }],
  });
}

/**
 * One external task worker while `running()`: fetchAndLock, then complete every task it got. Reports
 * `onFetch(ms, ok, tasks, round)` and `onComplete(task, ms, ok, round)` (ms: that request's latency). With
 * `window` (bench/interleaved.cjs) every request goes through it and `round` is the measured round it was
 * sent in, or null; long polls (`asyncResponseTimeout`) wait there as idle requests.
 */
async function externalTaskWorker(
  base,
  { workerId, topic, maxTasks, asyncResponseTimeout, running, onFetch, onComplete, window },
) {
  const send = async (fn, idle = false) => {
    const timed = async () => {
      const t0 = process.hrtime.bigint();
      const res = await fn();
      return { res, ms: msSince(t0) };
    };
    if (!window) return { ...(await timed()), round: null };
    const { value, round } = await window.run(timed, { idle });
    return { ...value, round };
  };
  while (running()) {
    const fetched = await send(
      () => fetchAndLock(base, { workerId, topic, maxTasks, asyncResponseTimeout }),
      !!asyncResponseTimeout,
    );
    const tasks = fetched.res.status === 200 ? fetched.res.body : [];
    onFetch(fetched.ms, fetched.res.status === 200, tasks, fetched.round);
    for (const task of tasks) {
      const done = await send(() => request('POST', `${base}/external-task/${task.id}/complete`, { workerId }));
      onComplete(task, done.ms, done.res.status === 204, done.round);
    }
  }
}

let wrkFound;

/** Whether wrk is installed; asked once (the interleaved measurements ask before every slice). */
function hasWrk() {
  if (wrkFound === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      wrkFound = true;
    } catch (err) {
      wrkFound = err.status === 1; // wrk --version exits 1 after printing its version
    }
  }
  return wrkFound;
}

function loadGenerator() {
  return hasWrk() ? 'wrk' : 'a Node client (install wrk for figures closer to the server limit)';
}

let wrkScripts = 0;

/**
 * One wrk run of `seconds` against `url` (`lua` may define request() to vary bodies): the requests it
 * completed, the seconds it ran, p50/p99 in ms and its error count. wrk is a C load generator: a Node
 * generator on these 2 cores costs as much CPU as the server and caps the figures.
 */
async function wrkRun(url, { concurrency = 16, seconds, lua = '', headers = {} }) {
  const script = path.join(os.tmpdir(), `bench-${process.pid}-${Date.now()}-${wrkScripts++}.lua`);
  const headerLines = Object.entries({ Authorization: AUTH, ...headers })
    .map(([k, v]) => `wrk.headers["${k}"] = "${v}"`)
    .join('\n');
  fs.writeFileSync(
    script,
    `${headerLines}\n${lua}\ndone = function(summary, latency, requests)\n  io.write(string.format("RESULT %d %f %f %f %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))\nend\n`,
  );
  try {
    const { stdout } = await execFileAsync('wrk', [
      '-t1',
      `-c${concurrency}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      url,
    ]);
    const m = /RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stdout);
    if (!m) throw new Error(`unexpected wrk output: ${stdout}`);
    return {
      count: Number(m[1]),
      seconds: Number(m[2]) / 1e6,
      p50: Number(m[3]) / 1000,
      p99: Number(m[4]) / 1000,
      errors: Number(m[5]),
    };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

function fmt(n, digits = 0) {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

/** "p50 / p99" in ms. */
function fmtLatency(l) {
  return l ? `${fmt(l.p50, 1)} / ${fmt(l.p99, 1)}` : '-';
}

/** Prints a Markdown table: `columns` are [header, row => text, 'right'?]. */
function printTable(columns, rows) {
  const cells = rows.map((r) => columns.map(([, get]) => String(get(r))));
  const widths = columns.map(([h], i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (values) =>
    `| ${values.map((v, i) => (columns[i][2] === 'right' ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(columns.map(([h]) => h)));
  console.log(
    `|${widths.map((w, i) => (columns[i][2] === 'right' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`,
  );
  for (const c of cells) console.log(line(c));
}

/** The columns every benchmark row has, with the ratio to the same server's GET /engine rate. */
const ROW_COLUMNS = [
  ['database', (r) => r.database],
  ['setup', (r) => r.setup],
  ['rate (/s)', (r) => fmt(r.rate), 'right'],
  ['p50 / p99 ms', (r) => fmtLatency(r.latency), 'right'],
  ['errors', (r) => r.errors ?? 0, 'right'],
  ['GET /engine req/s', (r) => fmt(r.ceiling), 'right'],
  ['ratio', (r) => fmt(r.rate / r.ceiling, 2), 'right'],
  ['rounds', (r) => (r.ratioRange ? `${fmt(r.ratioRange[0], 2)}-${fmt(r.ratioRange[1], 2)}` : '-'), 'right'],
  ['server CPU ms/op', (r) => fmt(r.cpuMs, 2), 'right'],
  ['peak RSS MB', (r) => fmt(r.peakRssMb), 'right'],
];

/** Progress on stderr, so that stdout holds the tables alone. */
function progress(text) {
  process.stderr.write(`${text}\n`);
}

module.exports = {
  ROOT,
  ensureBuilt,
  cliOptions,
  runCli,
  mysqlUrlFromEnv,
  mysqlConnect,
  connectDb,
  withDatabase,
  databaseServers,
  runOnDatabases,
  largeDatabase,
  dropLargeDatabases,
  startServer,
  procStatusMb,
  withServer,
  request,
  multipart,
  percentiles,
  msSince,
  processCpuMs,
  load,
  fetchAndLock,
  externalTaskWorker,
  hasWrk,
  loadGenerator,
  wrkRun,
  WARMUP_SECONDS,
  fmt,
  fmtLatency,
  printTable,
  ROW_COLUMNS,
  progress,
};
