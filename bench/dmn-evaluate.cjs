#!/usr/bin/env node
// Evaluations per second over REST for a 5-rule decision table, with history full and none, on SQLite
// and (when BENCH_MYSQL_URL or TEST_DATABASE_URL is set) MySQL/MariaDB; the same server's GET /engine rate
// is measured as the ceiling in slices that alternate with the evaluations (bench/interleaved.cjs).
//   node bench/dmn-evaluate.cjs [--seconds 5] [--concurrency 16] [--no-build]
// As a module: run(options) resolves to the rows (see bench/all.cjs).
'use strict';
const os = require('node:os');
const { runCli, runOnDatabases, withServer, request, loadGenerator, printTable, ROW_COLUMNS } = require('./lib.cjs');
const { interleavedWrk } = require('./interleaved.cjs');

const DEFAULTS = { seconds: 5, concurrency: 16 };

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

const LUA = `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local customers = {"gold", "silver", "bronze"}
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"variables":{"customer":{"value":"' .. customers[(n % 3) + 1] .. '","type":"String"},"amount":{"value":' .. ((n % 2000) + 0.5) .. ',"type":"Double"}}}')
end`;

/** One server (history `level`) on `db`: evaluations in slices alternating with its GET /engine ceiling. */
async function measure(db, { seconds, concurrency }, level) {
  return withServer(
    { DATABASE_URL: db.url, HISTORY_LEVEL: level },
    [{ name: 'bench.dmn', content: TABLE }],
    async (server) => {
      const url = `${server.base}/decision-definition/key/discount/evaluate`;
      const r = await interleavedWrk(server, url, { concurrency, seconds, lua: LUA }, async () => {
        const i = n++;
        const res = await request('POST', url, {
          variables: {
            customer: { value: customers[i % 3], type: 'String' },
            amount: { value: (i % 2000) + 0.5, type: 'Double' },
          },
        });
        return res.status === 200;
      });
      return [
        {
          benchmark: 'DMN evaluate',
          database: db.name,
          setup: `history ${level}, ${concurrency} clients`,
          rate: r.rate,
          latency: r.latency,
          errors: r.errors,
          ceiling: r.ceiling,
          ratioRange: r.ratioRange,
          cpuMs: r.cpuMs,
        },
      ];
    },
  );
}

/** Rows (one per database and history level): evaluations/s, p50/p99 ms, errors and the same server's GET /engine rate. */
function run(options = {}) {
  return runOnDatabases(DEFAULTS, options, measure, ['full', 'none']);
}

if (require.main === module) {
  runCli(DEFAULTS, run, (rows, o) => {
    console.log(
      `\nDMN evaluate over REST, 5-rule FIRST table, ${o.concurrency} concurrent clients, ${o.seconds}s per measurement, ${os.cpus().length} cores, load from ${loadGenerator()}`,
    );
    printTable(ROW_COLUMNS, rows);
  });
}

module.exports = { run, DEFAULTS };
