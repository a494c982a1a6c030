#!/usr/bin/env node
// First-page latency of every GET list endpoint (the ones with maxResults, found in /docs-json):
// maxResults=50 unsorted and with each documented sortBy, asc and desc, N sequential requests each,
// plus GET .../count without filter where the endpoint has one. Prints p50 / p99 per endpoint and sort
// and flags p99 >= 50 ms. Meant for a database filled by bench/fill-large.cjs:
//   node bench/lists.cjs <DATABASE_URL> [--requests 30] [--no-build]   (starts a server on it)
//   node bench/lists.cjs http://host:port/engine-rest [--requests 30]  (a running server, demo:demo)
// A combination whose first three requests all take a second or more is not repeated further.
'use strict';
const lib = require('./lib.cjs');
const { ensureBuilt, startServer, request, percentiles, msSince, fmt, printTable, progress } = lib;

const DEFAULTS = { requests: 30 };
const LIMIT_MS = 50;
// Endpoints with maxResults that need a path parameter or answer reports rather than lists of rows.
const SKIP = /\{|cleanable-|statistics/;

/** [{ path, sorts }] of the GET endpoints that page with maxResults, from the OpenAPI document. */
async function listEndpoints(base) {
  const docs = await request('GET', `${base.replace(/\/engine-rest$/, '')}/docs-json`);
  if (docs.status !== 200) throw new Error(`GET /docs-json: ${docs.status}`);
  const out = [];
  for (const [path, ops] of Object.entries(docs.body.paths)) {
    const params = ops.get?.parameters ?? [];
    if (!params.some((p) => p.name === 'maxResults') || SKIP.test(path)) continue;
    const sortBy = params.find((p) => p.name === 'sortBy');
    out.push({
      path: path.replace(/^\/engine-rest/, ''),
      sorts: sortBy?.schema?.enum ?? [],
      count: Boolean(docs.body.paths[`${path}/count`]?.get),
    });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

async function timeRequests(url, n) {
  const ms = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const r = await request('GET', url);
    ms.push(msSince(t0));
    if (r.status !== 200) {
      errors++;
      if (errors === 1) progress(`${url}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    if (i === 2 && ms.every((m) => m >= 1000)) break;
  }
  return { ...percentiles(ms), n: ms.length, errors };
}

/** Rows { endpoint, sort, p50, p99, n, errors } for every list, sort and order, and every count. */
async function measureLists(base, { requests }) {
  const rows = [];
  for (const { path, sorts, count } of await listEndpoints(base)) {
    const combos = [
      ['(none)', ''],
      ...sorts.flatMap((s) => ['asc', 'desc'].map((d) => [`${s} ${d}`, `&sortBy=${s}&sortOrder=${d}`])),
    ];
    for (const [sort, query] of combos) {
      rows.push({
        endpoint: path,
        sort,
        ...(await timeRequests(`${base}${path}?firstResult=0&maxResults=50${query}`, requests)),
      });
    }
    if (count)
      rows.push({ endpoint: `${path}/count`, sort: '-', ...(await timeRequests(`${base}${path}/count`, requests)) });
    progress(`lists: ${path} done`);
  }
  return rows;
}

function printRows(rows, title) {
  const slow = rows.filter((r) => r.p99 >= LIMIT_MS);
  console.log(`\n${title}: ${rows.length} endpoint/sort combinations, ${slow.length} at or above ${LIMIT_MS} ms p99\n`);
  printTable(
    [
      ['endpoint', (r) => r.endpoint],
      ['sortBy', (r) => r.sort],
      ['n', (r) => r.n, 'right'],
      ['p50 ms', (r) => fmt(r.p50, 1), 'right'],
      ['p99 ms', (r) => fmt(r.p99, 1), 'right'],
      ['errors', (r) => r.errors, 'right'],
      ['', (r) => (r.p99 >= LIMIT_MS ? `>= ${LIMIT_MS} ms` : '')],
    ],
    rows,
  );
}

async function run(target, options = {}) {
  const o = { ...DEFAULTS, build: true, ...options };
  if (/^https?:/.test(target)) return measureLists(target.replace(/\/$/, ''), o);
  if (o.build) ensureBuilt();
  // The first start on a filled database may add indexes to a million rows (the list-indexes migration).
  const server = await startServer(
    { DATABASE_URL: target, JOB_EXECUTOR_ENABLED: 'false', LOG_LEVEL: 'warn' },
    { startSeconds: 1800 },
  );
  try {
    return await measureLists(server.base, o);
  } finally {
    await server.stop();
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const target = args.find((a) => /^(sqlite|mysql|mariadb|https?):/.test(a));
  if (!target) {
    console.error(
      'usage: node bench/lists.cjs <DATABASE_URL | http://host:port/engine-rest> [--requests 30] [--no-build]',
    );
    process.exit(2);
  }
  const o = lib.cliOptions(args, DEFAULTS);
  run(target, o)
    .then((rows) => printRows(rows, `${target.replace(/\/\/[^@]*@/, '//')}, ${o.requests} sequential requests each`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

module.exports = { run, printRows, DEFAULTS };
