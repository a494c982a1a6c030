#!/usr/bin/env node
// Fills a database with a large, realistic data set for the "flat as data grows" benchmarks:
// ~100,000 ended process instances (10 activity instances each, so ~1,000,000 act_hi_actinst rows) over
// three definitions in three deployments, and 100,000 running instances waiting in user tasks (some with
// candidate groups, some assigned), external tasks (five topics, a quarter locked), timers (jobs),
// message catch events (event subscriptions) and failed external tasks (incidents), each with variables,
// plus decision history.
//
// How: a server started on the database runs the migrations, deploys the models and runs one template
// instance of each kind through the real engine (REST). The server stops; then every row the engine
// wrote for a template (runtime and history tables, found through proc_inst_id / task_id / dec_inst_id)
// is copied N times by multi-row INSERTs in transactions, with every id of the template's rows replaced
// by a new one and the timestamps spread over the past 100 days. The copies are therefore exactly as
// consistent as the engine's own rows, whatever columns the schema grows.
//   node bench/fill-large.cjs <DATABASE_URL> [--historic 100000] [--running 100000] [--decisions 20000] [--no-build]
// As a module: fill(url, options) resolves to { seconds, rows } (rows per table).
'use strict';
const lib = require('./lib.cjs');
const { ensureBuilt, startServer, request, multipart, progress } = lib;

const DEFAULTS = { historic: 100000, running: 100000, decisions: 20000 };
const DAY = 86400000;

const NS =
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://bench"';
const process_ = (id, body, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="d-${id}">${extra}<bpmn:process id="${id}" name="${id}" isExecutable="true" camunda:historyTimeToLive="P180D">${body}</bpmn:process></bpmn:definitions>`;
const flow = (ids) =>
  ids
    .slice(1)
    .map((to, i) => `<bpmn:sequenceFlow id="f${i}" sourceRef="${ids[i]}" targetRef="${to}" />`)
    .join('');

/** Start, eight manual tasks, end: ten activity instances per ended instance. */
function historicModel(id) {
  const tasks = Array.from({ length: 8 }, (_, i) => `Step${i + 1}`);
  return process_(
    id,
    `<bpmn:startEvent id="Start" />${tasks.map((t) => `<bpmn:manualTask id="${t}" name="${t}" />`).join('')}<bpmn:endEvent id="End" />${flow(['Start', ...tasks, 'End'])}`,
  );
}

const waitModel = (id, element) =>
  process_(id, `<bpmn:startEvent id="Start" />${element}<bpmn:endEvent id="End" />${flow(['Start', 'Wait', 'End'])}`);

const MODELS = [
  ['order-history.bpmn', historicModel('order-history')],
  ['invoice-history.bpmn', historicModel('invoice-history')],
  ['shipment-history.bpmn', historicModel('shipment-history')],
  [
    'approve.bpmn',
    waitModel(
      'approve',
      '<bpmn:userTask id="Wait" name="Approve" camunda:candidateGroups="${group}" camunda:assignee="${assignee}" />',
    ),
  ],
  [
    'work.bpmn',
    waitModel(
      'external-work',
      '<bpmn:serviceTask id="Wait" name="Work" camunda:type="external" camunda:topic="${topic}" />',
    ),
  ],
  [
    'timer.bpmn',
    waitModel(
      'timer-wait',
      '<bpmn:intermediateCatchEvent id="Wait"><bpmn:timerEventDefinition><bpmn:timeDuration>P365D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
    ),
  ],
  [
    'message.bpmn',
    process_(
      'message-wait',
      `<bpmn:startEvent id="Start" /><bpmn:intermediateCatchEvent id="Wait"><bpmn:messageEventDefinition messageRef="Msg" /></bpmn:intermediateCatchEvent><bpmn:endEvent id="End" />${flow(['Start', 'Wait', 'End'])}`,
    ).replace('<bpmn:process', '<bpmn:message id="Msg" name="payment-received" /><bpmn:process'),
  ],
];

const DMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="dinner" name="Dinner" namespace="http://bench">
  <decision id="dish" name="Dish">
    <decisionTable id="t" hitPolicy="FIRST">
      <input id="i1" label="Season"><inputExpression id="e1" typeRef="string"><text>season</text></inputExpression></input>
      <output id="o1" label="Dish" name="dish" typeRef="string" />
      <rule id="r1"><inputEntry id="a1"><text>"Winter"</text></inputEntry><outputEntry id="b1"><text>"Roastbeef"</text></outputEntry></rule>
      <rule id="r2"><inputEntry id="a2"><text>-</text></inputEntry><outputEntry id="b2"><text>"Salad"</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>`;

const vars = (extra = {}) => ({
  variables: {
    amount: { value: 1250, type: 'Integer' },
    customer: { value: 'ACME Corporation', type: 'String' },
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, { value: v, type: 'String' }])),
  },
});

async function ok(res, what) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * Deploys the models (each historic model in a deployment of its own) and runs one template of each
 * kind. Returns [{ kind, roots, count, mutate? }]: roots are the template's root ids, count the copies.
 */
async function createTemplates(base, o) {
  for (const [name, content] of MODELS) {
    const { body, headers } = multipart([{ name, content }], {
      'deployment-name': name.replace('.bpmn', ''),
      'deployment-source': 'bench',
    });
    await ok(await request('POST', `${base}/deployment/create`, body, headers), `deploy ${name}`);
  }
  const dmn = multipart([{ name: 'dish.dmn', content: DMN }], { 'deployment-name': 'dish' });
  await ok(await request('POST', `${base}/deployment/create`, dmn.body, dmn.headers), 'deploy dish.dmn');

  const start = async (key, extra) =>
    (await ok(await request('POST', `${base}/process-definition/key/${key}/start`, vars(extra)), `start ${key}`)).id;
  const share = (n, parts) => Math.round(n * parts);
  const templates = [];
  for (const key of ['order-history', 'invoice-history', 'shipment-history'])
    templates.push({
      kind: `ended ${key}`,
      roots: [await start(key, { orderId: 'A-1' })],
      count: Math.round(o.historic / 3),
      shiftDays: 100,
    });
  const r = o.running;
  templates.push({
    kind: 'user task, candidate group',
    roots: [await start('approve', { group: 'accounting', assignee: '' })],
    count: share(r, 0.25),
  });
  templates.push({
    kind: 'user task, assigned',
    roots: [await start('approve', { group: 'sales', assignee: 'demo' })],
    count: share(r, 0.2),
  });
  const work = await start('external-work', { topic: 'invoice' });
  templates.push({
    kind: 'external task',
    roots: [work],
    count: share(r, 0.3),
    mutate: (table, row, n) => {
      if (table !== 'act_ru_ext_task') return;
      row.topic_name = ['invoice', 'mail', 'archive', 'payment', 'report'][n % 5];
      row.priority = n % 7;
      if (n % 4 === 0) {
        row.worker_id = `worker-${n % 16}`;
        row.lock_exp_time = new Date(Date.now() + 30 * DAY);
      }
    },
  });
  templates.push({ kind: 'timer (job)', roots: [await start('timer-wait')], count: share(r, 0.1) });
  templates.push({ kind: 'message (event subscription)', roots: [await start('message-wait')], count: share(r, 0.1) });
  const failing = await start('external-work', { topic: 'failing' });
  const [task] = await ok(
    await request('GET', `${base}/external-task?processInstanceId=${failing}`),
    'external task of the failing template',
  );
  const fetched = await ok(
    await request('POST', `${base}/external-task/fetchAndLock`, {
      workerId: 'bench',
      maxTasks: 1,
      topics: [{ topicName: 'failing', lockDuration: 1000 }],
    }),
    'fetch the failing task',
  );
  if (fetched.length !== 1) throw new Error('the failing template task was not fetched');
  await ok(
    await request('POST', `${base}/external-task/${task.id}/failure`, {
      workerId: 'bench',
      errorMessage: 'Connection refused',
      retries: 0,
      retryTimeout: 0,
    }),
    'fail the task',
  );
  templates.push({
    kind: 'failed external task (incident)',
    roots: [failing],
    count: r - templates.slice(3).reduce((s, t) => s + t.count, 0),
  });
  if (o.decisions > 0) {
    await ok(
      await request('POST', `${base}/decision-definition/key/dish/evaluate`, {
        variables: { season: { value: 'Winter', type: 'String' } },
      }),
      'evaluate',
    );
    templates.push({ kind: 'decision evaluation', decision: true, roots: [], count: o.decisions, shiftDays: 100 });
  }
  return templates;
}

/** A direct connection: `all(sql, params)` (rows), `run(sql, params)`, `tx(fn)`, `columns(table)`, `tables()`, `close()`. */
async function connect(url) {
  if (url.startsWith('sqlite:')) {
    const Database = require('better-sqlite3');
    const db = new Database(url.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    return {
      sqlite: true,
      all: async (sql, params = []) => db.prepare(sql).all(params),
      run: async (sql, params = []) => db.prepare(sql).run(params),
      tx: async (fn) => {
        db.exec('BEGIN');
        try {
          await fn();
          db.exec('COMMIT');
        } catch (err) {
          db.exec('ROLLBACK');
          throw err;
        }
      },
      tables: async () =>
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'act_%'")
          .all()
          .map((r) => r.name),
      columns: async (t) =>
        db
          .prepare(`PRAGMA table_info(${t})`)
          .all()
          .map((c) => ({ name: c.name, date: /datetime/i.test(c.type) })),
      close: async () => db.close(),
    };
  }
  const mysql = require('mysql2/promise');
  const u = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const c = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
    timezone: 'Z',
    dateStrings: false,
  });
  const schema = u.pathname.slice(1);
  return {
    sqlite: false,
    all: async (sql, params = []) => (await c.query(sql, params))[0],
    run: (sql, params = []) => c.query(sql, params),
    tx: async (fn) => {
      await c.query('START TRANSACTION');
      try {
        await fn();
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
    },
    tables: async () =>
      (
        await c.query(
          "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_name LIKE 'act\\_%'",
          [schema],
        )
      )[0].map((r) => r.t),
    columns: async (t) =>
      (
        await c.query(
          'SELECT column_name AS n, data_type AS d FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position',
          [schema, t],
        )
      )[0].map((r) => ({ name: r.n, date: /datetime|timestamp/i.test(r.d) })),
    close: () => c.end(),
  };
}

// Rows reached from a template's roots through these columns belong to the template.
const LINKS = ['proc_inst_id', 'root_proc_inst_id', 'task_id', 'dec_inst_id'];
// Tables whose rows are shared by every instance (definitions, identity, configuration).
const SHARED = /^act_(re_|ge_property|id_|ru_filter|ru_authorization|ru_meter|ru_batch|hi_batch)/;

/** Every row the engine wrote for the template: { table: { columns, rows } }, and the set of their ids. */
async function templateRows(db, schema, template) {
  const out = {};
  const ids = new Set(template.roots);
  if (template.decision) {
    for (const r of await db.all('SELECT id FROM act_hi_decinst')) ids.add(r.id);
  }
  for (let pass = 0; pass < 3; pass++) {
    for (const [table, columns] of Object.entries(schema)) {
      const links = LINKS.filter((l) => columns.some((c) => c.name === l));
      if (table === 'act_hi_decinst' && template.decision) links.push('id');
      if (!links.length || !ids.size) continue;
      const list = [...ids];
      const where = links.map((l) => `${l} IN (${list.map(() => '?').join(', ')})`).join(' OR ');
      const rows = await db.all(
        `SELECT * FROM ${table} WHERE ${where}`,
        links.flatMap(() => list),
      );
      if (!rows.length) continue;
      out[table] = { columns, rows };
      for (const row of rows) if (row.id) ids.add(row.id);
    }
  }
  return { tables: out, ids };
}

/** A copy's id: the template id with its random tail replaced by the copy number (unique per template id). */
function copyId(id, n, tag) {
  return `${id.slice(0, -13)}${tag}${n.toString(16).padStart(12, '0')}`;
}

function asDate(v, sqlite) {
  if (v instanceof Date) return v;
  if (sqlite && typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(v))
    return new Date(`${v.replace(' ', 'T')}Z`);
  return null;
}

function sqliteDate(d) {
  return d.toISOString().replace('T', ' ').replace('Z', '');
}

/** Inserts `count` copies of the template in transactions of multi-row INSERTs; returns rows per table. */
async function copyTemplate(db, template, { tables, ids }, tagOf) {
  const written = {};
  const shiftDays = template.shiftDays ?? 30;
  const perCopy = Object.values(tables).reduce((s, t) => s + t.rows.length, 0);
  const copiesPerTx = Math.max(1, Math.floor(20000 / perCopy));
  const tag = tagOf(template);
  for (let from = 1; from <= template.count; from += copiesPerTx) {
    const to = Math.min(template.count, from + copiesPerTx - 1);
    await db.tx(async () => {
      for (const [table, { columns, rows }] of Object.entries(tables)) {
        const values = [];
        for (let n = from; n <= to; n++) {
          // Older copies first, so that ids and start times grow together as they do in a real database.
          const shift = Math.floor(((template.count - n) / template.count) * shiftDays * DAY) + (n % 1000);
          for (const row of rows) {
            const copy = {};
            for (const c of columns) {
              let v = row[c.name];
              if (typeof v === 'string' && ids.has(v)) v = copyId(v, n, tag);
              else if (c.date && v != null) {
                const d = asDate(v, db.sqlite);
                if (d) v = new Date(d.getTime() - shift);
              }
              if (c.name === 'business_key' && v) v = `${v}-${n}`;
              copy[c.name] = v;
            }
            template.mutate?.(table, copy, n);
            values.push(
              columns.map((c) => (copy[c.name] instanceof Date && db.sqlite ? sqliteDate(copy[c.name]) : copy[c.name])),
            );
          }
        }
        const names = columns.map((c) => (db.sqlite ? `"${c.name}"` : `\`${c.name}\``)).join(', ');
        const tuple = `(${columns.map(() => '?').join(', ')})`;
        // SQLite allows 32766 parameters per statement; MariaDB's packet limit is far beyond this.
        const chunk = Math.max(1, Math.floor(30000 / columns.length));
        for (let i = 0; i < values.length; i += chunk) {
          const part = values.slice(i, i + chunk);
          await db.run(`INSERT INTO ${table} (${names}) VALUES ${part.map(() => tuple).join(', ')}`, part.flat());
        }
        written[table] = (written[table] ?? 0) + values.length;
      }
    });
  }
  return written;
}

async function fill(url, options = {}) {
  const o = { ...DEFAULTS, build: true, ...options };
  if (o.build) ensureBuilt();
  const began = Date.now();
  progress(`fill: migrations and templates on ${url.replace(/\/\/[^@]*@/, '//')}`);
  const server = await startServer({ DATABASE_URL: url, JOB_EXECUTOR_ENABLED: 'false' });
  let templates;
  try {
    templates = await createTemplates(server.base, o);
  } finally {
    await server.stop();
  }
  const db = await connect(url);
  const total = {};
  try {
    const schema = {};
    for (const t of await db.tables()) if (!SHARED.test(t)) schema[t] = await db.columns(t);
    // Each template's copies get ids with a tag of their own, so that copies of different templates never collide.
    const tagOf = (t) => String.fromCharCode(97 + templates.indexOf(t));
    for (const template of templates) {
      const t0 = Date.now();
      const rows = await templateRows(db, schema, template);
      const written = await copyTemplate(db, template, rows, tagOf);
      for (const [t, n] of Object.entries(written)) total[t] = (total[t] ?? 0) + n;
      const sum = Object.values(written).reduce((s, n) => s + n, 0);
      progress(`fill: ${template.count} × ${template.kind}: ${sum} rows in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
    }
    if (!db.sqlite) for (const t of Object.keys(total)) await db.run(`ANALYZE TABLE ${t}`);
    else await db.run('ANALYZE');
  } finally {
    await db.close();
  }
  return { seconds: (Date.now() - began) / 1000, rows: total };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const url = args.find((a) => /^(sqlite|mysql|mariadb):/.test(a));
  if (!url) {
    console.error(
      'usage: node bench/fill-large.cjs <DATABASE_URL> [--historic 100000] [--running 100000] [--decisions 20000] [--no-build]',
    );
    process.exit(2);
  }
  fill(url, lib.cliOptions(args, DEFAULTS))
    .then(({ seconds, rows }) => {
      for (const [t, n] of Object.entries(rows).sort()) console.log(`${t.padEnd(24)} ${String(n).padStart(9)}`);
      console.log(`filled in ${seconds.toFixed(0)}s`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

module.exports = { fill, DEFAULTS };
