import { CAMUNDA_OPERATIONS, operationKey } from '../../src/common/openapi/camunda-operation-ids';
import { BASE, createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * Every operation of Camunda 7's REST API (src/common/openapi/camunda-operations.ts, from Camunda's own OpenAPI
 * templates) is routed here and documented in /docs-json under Camunda's operationId, except those still listed
 * below. The list only shrinks: an operation listed here that answers fails the test until its line is removed.
 * One operation a line, sorted by path and then method, so that parallel work merges cleanly.
 */
const NOT_YET: readonly string[] = [
  'GET /history/process-instance/report',
  'DELETE /metrics/task-worker',
  'GET /process-definition/key/{key}/deployed-start-form',
  'GET /process-definition/key/{key}/form-variables',
  'GET /process-definition/key/{key}/rendered-form',
  'GET /process-definition/key/{key}/startForm',
  'POST /process-definition/key/{key}/submit-form',
  'GET /process-definition/key/{key}/tenant-id/{tenant-id}/deployed-start-form',
  'GET /process-definition/key/{key}/tenant-id/{tenant-id}/form-variables',
  'GET /process-definition/key/{key}/tenant-id/{tenant-id}/rendered-form',
  'GET /process-definition/key/{key}/tenant-id/{tenant-id}/startForm',
  'POST /process-definition/key/{key}/tenant-id/{tenant-id}/submit-form',
  'GET /process-definition/{id}/deployed-start-form',
  'GET /process-definition/{id}/form-variables',
  'GET /process-definition/{id}/rendered-form',
  'GET /process-definition/{id}/startForm',
  'POST /process-definition/{id}/submit-form',
  'GET /task/{id}/deployed-form',
  'GET /task/{id}/rendered-form',
];

/** What the engine answers a path it has no route for (and Camunda: "Could not find resource for path ..."). */
function unrouted(res: { status: number; body: { message?: unknown } }): boolean {
  return res.status === 404 && String(res.body?.message ?? '').startsWith('Could not find resource for path');
}

const describeOnSqlite = databaseLabel() === 'sqlite' ? describe : describe.skip;

describeOnSqlite("Camunda's REST operations", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
  });
  afterAll(() => t.close());

  const label = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

  it('the list is the whole of Camunda 7.24 REST API, and NOT_YET names its operations once each, in order', () => {
    expect(CAMUNDA_OPERATIONS).toHaveLength(399);
    const known = new Set(CAMUNDA_OPERATIONS.map(label));
    expect(NOT_YET.filter((entry) => !known.has(entry))).toEqual([]);
    // Code unit order (as `LC_ALL=C sort`), not the locale's: the same on every machine.
    const sorted = [...NOT_YET].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    expect(NOT_YET).toEqual(sorted);
    expect(new Set(NOT_YET).size).toBe(NOT_YET.length);
  });

  it('routes and documents every operation but those in NOT_YET, and none of those', async () => {
    const doc = (await t.api().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, any>> };
    const documented = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths))
      if (path.startsWith(`${BASE}/`))
        for (const [method, op] of Object.entries(item))
          documented.set(operationKey(method, path.slice(BASE.length)), op.operationId);

    const notYet = new Set(NOT_YET);
    const missing: string[] = [];
    const undocumented: string[] = [];
    const nowRouted: string[] = [];
    for (const op of CAMUNDA_OPERATIONS) {
      // Path parameters get a value no resource has: the answer is then the resource's own 404 or 400, or a 200 list.
      const path = op.path.replace(/\{[^}]+\}/g, 'no-such-id');
      const method = op.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'options';
      let req = t.as('demo')[method](path);
      if (method === 'post' || method === 'put') req = req.send({});
      const res = await req;
      // A literal segment may be taken by a parameter route (`/history/process-instance/report` by `.../{id}`): only a
      // route declared with this very path counts, and Nest documents every route it declares. Express answers an
      // OPTIONS request by itself (text, not Camunda's JSON) where no route has that method.
      const declared = documented.has(operationKey(op.method, op.path));
      const answers = !unrouted(res) && (method !== 'options' || /json/.test(res.headers['content-type'] ?? ''));
      const routed = declared && answers;
      const isDocumented = documented.get(operationKey(op.method, op.path)) === op.operationId;
      if (notYet.has(label(op))) {
        if (routed) nowRouted.push(label(op));
      } else {
        if (!routed) missing.push(label(op));
        else if (!isDocumented) undocumented.push(`${label(op)} (${op.operationId})`);
      }
    }
    // Listed but routed: remove its line from NOT_YET. Not listed and not routed or not documented: route/document it.
    expect({ nowRouted, missing, undocumented }).toEqual({ nowRouted: [], missing: [], undocumented: [] });
  });
});

/** Sorted by path, then method: the operations of one resource stay together. */
function sortKey(entry: string): string {
  const [method, path] = entry.split(' ');
  return `${path} ${method}`;
}
