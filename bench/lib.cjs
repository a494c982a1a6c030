// Shared pieces of the benchmark scripts: start a server process, drive HTTP load, summarise latencies.
'use strict';
const http = require('node:http');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');

function ensureBuilt() {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit', cwd: ROOT });
}

async function freshMysql(url) {
  const mysql = require('mysql2/promise');
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = `bench_${Date.now().toString(36)}`;
  const c = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  });
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await c.end();
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = await mysql.createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
      });
      await d.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await d.end();
    },
  };
}

/** Starts `node dist/src/main.js` on a free port; resolves once GET /engine-rest/engine answers. */
async function startServer(env) {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/engine-rest`;
  for (let i = 0; i < 200; i++) {
    try {
      const r = await request('GET', `${base}/engine`);
      if (r.status === 200)
        return {
          base,
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

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const AUTH = 'Basic ' + Buffer.from('demo:demo').toString('base64');

function request(method, url, body, headers = {}) {
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

function multipart(files, fields = {}) {
  const boundary = `----bench${Date.now()}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Runs `task` from `concurrency` loops for `seconds`; returns rate and latency percentiles (ms). */
async function load(task, { concurrency = 16, seconds = 5, warmup = 1 } = {}) {
  const until = Date.now() + warmup * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) await task();
    }),
  );
  const latencies = [];
  let errors = 0;
  const start = process.hrtime.bigint();
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        const ok = await task();
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return { count: latencies.length, rate: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
}

function hasWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    return err.status === 1; // wrk --version exits 1 after printing its version
  }
}

/**
 * Load from wrk (a C load generator: a Node generator on these 2 cores costs as much CPU as the
 * server and caps the figures). `lua` may define request() to vary bodies. Falls back to `fallback`.
 */
async function loadWithWrk(url, { concurrency = 16, seconds = 5, lua = '', headers = {} } = {}, fallback) {
  if (!hasWrk()) return load(fallback, { concurrency, seconds });
  const fs = require('node:fs');
  const os = require('node:os');
  const script = path.join(os.tmpdir(), `bench-${process.pid}-${Date.now()}.lua`);
  const headerLines = Object.entries({ Authorization: AUTH, ...headers })
    .map(([k, v]) => `wrk.headers["${k}"] = "${v}"`)
    .join('\n');
  fs.writeFileSync(
    script,
    `${headerLines}\n${lua}\ndone = function(summary, latency, requests)\n  io.write(string.format("RESULT %d %f %f %f %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))\nend\n`,
  );
  try {
    execFileSync('wrk', ['-t1', `-c${concurrency}`, '-d1s', '-s', script, url], { stdio: 'ignore' });
    const out = execFileSync('wrk', ['-t1', `-c${concurrency}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url]).toString();
    const m = /RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
    if (!m) throw new Error(`unexpected wrk output: ${out}`);
    return { count: Number(m[1]), rate: Number(m[1]) / (Number(m[2]) / 1e6), p50: Number(m[3]) / 1000, p99: Number(m[4]) / 1000, errors: Number(m[5]) };
  } finally {
    fs.rmSync(script, { force: true });
  }
}

function fmt(n, digits = 0) {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

module.exports = { ROOT, ensureBuilt, freshMysql, startServer, request, multipart, load, loadWithWrk, hasWrk, fmt };
