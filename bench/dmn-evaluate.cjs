#!/usr/bin/env node
// Evaluations per second over REST for a 5-rule decision table, with history full and none, on SQLite
// and (when BENCH_MYSQL_URL or TEST_DATABASE_URL is set) MySQL/MariaDB; the same server's GET /engine rate
// is measured in the same run as the ceiling.
//   node bench/dmn-evaluate.cjs [--seconds 5] [--concurrency 16]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureBuilt, freshMysql, startServer, request, multipart, loadWithWrk, hasWrk, fmt } = require('./lib.cjs');

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seconds = opt('seconds', 5);
const concurrency = opt('concurrency', 16);

const TABLE = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="benchDefs" name="Bench" namespace="http://bench">
  <decision id="discount" name="Discount">
    <decisionTable id="t" hitPolicy="FIRST">
      <input id="i1" label="Customer"><inputExpression id="e1" typeRef="string"><text>customer</text></inputExpression></input>
      <input id="i2" label="Amount"><inputExpression id="e2" typeRef="double"><text>amount</text></inputExpression></input>
      <output id="o1" name="discount" typeRef="double" />
      ${[
        ['"gold"', '>= 1000', '0.2'],
        ['"gold"', '< 1000', '0.1'],
        ['"silver"', '>= 1000', '0.08'],
        ['"silver"', '< 1000', '0.05'],
        ['-', '-', '0'],
      ]
        .map(
          ([a, b, c], i) =>
            `<rule id="r${i}"><inputEntry id="r${i}a"><text>${a.replace('<', '&lt;').replace('>', '&gt;')}</text></inputEntry><inputEntry id="r${i}b"><text>${b.replace('<', '&lt;').replace('>', '&gt;')}</text></inputEntry><outputEntry id="r${i}o"><text>${c}</text></outputEntry></rule>`,
        )
        .join('\n      ')}
    </decisionTable>
  </decision>
</definitions>`;

const customers = ['gold', 'silver', 'bronze'];
let n = 0;

async function measure(label, env) {
  const server = await startServer(env);
  try {
    const { body, headers } = multipart([{ name: 'bench.dmn', content: TABLE }], { 'deployment-name': 'bench' });
    const dep = await request('POST', `${server.base}/deployment/create`, body, headers);
    if (dep.status !== 200) throw new Error(`deploy failed: ${dep.status} ${dep.text}`);
    const ceiling = await loadWithWrk(
      `${server.base}/engine`,
      { concurrency, seconds },
      async () => (await request('GET', `${server.base}/engine`)).status === 200,
    );
    const lua = `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local customers = {"gold", "silver", "bronze"}
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"variables":{"customer":{"value":"' .. customers[(n % 3) + 1] .. '","type":"String"},"amount":{"value":' .. ((n % 2000) + 0.5) .. ',"type":"Double"}}}')
end`;
    const evalResult = await loadWithWrk(`${server.base}/decision-definition/key/discount/evaluate`, { concurrency, seconds, lua }, async () => {
      const i = n++;
      const r = await request('POST', `${server.base}/decision-definition/key/discount/evaluate`, {
        variables: { customer: { value: customers[i % 3], type: 'String' }, amount: { value: (i % 2000) + 0.5, type: 'Double' } },
      });
      return r.status === 200;
    });
    return { label, ceiling, evalResult };
  } finally {
    await server.stop();
  }
}

(async () => {
  if (!args.includes('--no-build')) ensureBuilt();
  const rows = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dmn-bench-'));
  for (const level of ['full', 'none']) {
    rows.push(await measure(`sqlite history=${level}`, { DATABASE_URL: `sqlite:${path.join(tmp, `${level}.sqlite`)}`, HISTORY_LEVEL: level }));
  }
  const mysqlUrl = process.env.BENCH_MYSQL_URL || process.env.TEST_DATABASE_URL;
  if (mysqlUrl) {
    for (const level of ['full', 'none']) {
      const db = await freshMysql(mysqlUrl);
      try {
        rows.push(await measure(`mysql history=${level}`, { DATABASE_URL: db.url, HISTORY_LEVEL: level }));
      } finally {
        await db.drop();
      }
    }
  }
  console.log(
    `\nDMN evaluate over REST, 5-rule FIRST table, ${concurrency} concurrent clients, ${seconds}s per measurement, ${os.cpus().length} cores, load from ${hasWrk() ? 'wrk' : 'a Node client (install wrk for figures closer to the server limit)'}`,
  );
  console.log('setup                  | evaluations/s | p50 ms | p99 ms | errors | GET /engine req/s | ratio');
  console.log('-----------------------|---------------|--------|--------|--------|-------------------|------');
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(23)}| ${fmt(r.evalResult.rate).padStart(13)} | ${fmt(r.evalResult.p50, 2).padStart(6)} | ${fmt(r.evalResult.p99, 2).padStart(6)} | ${String(r.evalResult.errors).padStart(6)} | ${fmt(r.ceiling.rate).padStart(17)} | ${fmt(r.evalResult.rate / r.ceiling.rate, 2)}`,
    );
  }
  fs.rmSync(tmp, { recursive: true, force: true });
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
