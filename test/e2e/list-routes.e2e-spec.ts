import { ResourceQuery } from '../../src/common/query/resource-query';
import { GroupEntity } from '../../src/persistence/entities/identity/group.entity';
import { GROUP_LIST } from '../../src/modules/group/group.query';
import { deployFixture } from '../support/deploy';
import { BASE, createTestApp, databaseLabel, TestApp } from '../support/test-app';

type Route = 'list' | 'query' | 'count' | 'queryCount';
const ALL: Route[] = ['list', 'query', 'count', 'queryCount'];
const GET_ONLY: Route[] = ['list', 'count'];

/** Every family whose list routes come from ListRoutes, with the routes Camunda offers for it. */
const FAMILIES: Array<{ path: string; routes: Route[] }> = [
  { path: '/task', routes: ALL },
  { path: '/job', routes: ALL },
  { path: '/external-task', routes: ALL },
  { path: '/process-instance', routes: ALL },
  { path: '/execution', routes: ALL },
  { path: '/group', routes: ALL },
  { path: '/history/activity-instance', routes: ALL },
  { path: '/history/process-instance', routes: ALL },
  { path: '/process-definition', routes: ['list', 'query', 'count'] },
  { path: '/history/detail', routes: ['list', 'query', 'count'] },
  { path: '/incident', routes: GET_ONLY },
  { path: '/event-subscription', routes: GET_ONLY },
  { path: '/user', routes: GET_ONLY },
  { path: '/tenant', routes: GET_ONLY },
  { path: '/authorization', routes: GET_ONLY },
  { path: '/deployment', routes: GET_ONLY },
  { path: '/decision-definition', routes: GET_ONLY },
  { path: '/decision-requirements-definition', routes: GET_ONLY },
  { path: '/history/decision-instance', routes: GET_ONLY },
];

describe(`declared list routes (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['deployment/dish.dmn', 'rest/dinner.bpmn']).expect(200);
    const variables = { season: { value: 'Fall', type: 'String' }, guestCount: { value: 12, type: 'Integer' } };
    await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables, businessKey: 'list-routes' })
      .expect(200);
  });
  afterAll(() => t.close());

  describe.each(FAMILIES)('$path', ({ path, routes }) => {
    it('counts what it lists, on GET and (where offered) POST; `count` is not taken for an id', async () => {
      const listed = (await t.as('demo').get(path).expect(200)).body;
      expect(Array.isArray(listed)).toBe(true);
      expect((await t.as('demo').get(`${path}/count`).expect(200)).body).toEqual({ count: listed.length });
      if (routes.includes('query')) {
        const posted = await t.as('demo').post(path).send({}).expect(200);
        expect(posted.body).toEqual(listed);
      } else {
        await t.as('demo').post(path).send({}).expect(404);
      }
      if (routes.includes('queryCount')) {
        expect((await t.as('demo').post(`${path}/count`).send({}).expect(200)).body).toEqual({ count: listed.length });
      } else {
        await t.as('demo').post(`${path}/count`).send({}).expect(404);
      }
    });

    it('parses paging and rejects a bad sortBy as before', async () => {
      const all = (await t.as('demo').get(path).expect(200)).body;
      expect((await t.as('demo').get(`${path}?firstResult=0&maxResults=1`).expect(200)).body).toHaveLength(
        Math.min(1, all.length),
      );
      const bad = await t.as('demo').get(`${path}?sortBy=noSuchKey&sortOrder=asc`).expect(400);
      expect(bad.body.message).toBe("Cannot set query parameter 'sortBy' to value 'noSuchKey'");
      if (routes.includes('queryCount')) {
        await t.as('demo').post(`${path}/count`).send({ sorting: 'nope' }).expect(200);
        await t.as('demo').post(`${path}/count`).send([1]).expect(400);
      }
    });

    it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
      'refuses the inherited name %s as a sortBy',
      async (name) => {
        const bad = await t.as('demo').get(`${path}?sortBy=${name}&sortOrder=asc`).expect(400);
        expect(bad.body.message).toBe(`Cannot set query parameter 'sortBy' to value '${name}'`);
        if (routes.includes('query')) {
          await t
            .as('demo')
            .post(path)
            .send({ sorting: [{ sortBy: name, sortOrder: 'asc' }] })
            .expect(400);
        }
      },
    );
  });

  // A sorting entry's `parameters` reach SQL only through a parameterized sort's own builder; an inherited
  // name such as `constructor` once matched the map and handed the caller's text to ORDER BY.
  it('never puts a caller-given SQL text into a task query, directly or through a saved filter', async () => {
    const sorting = [
      { sortBy: 'constructor', sortOrder: 'asc', parameters: { sql: 't.id; DELETE FROM act_ru_task -- ', params: {} } },
    ];
    const before = (await t.as('demo').get('/task/count').expect(200)).body.count;
    expect(before).toBeGreaterThan(0);
    expect((await t.as('demo').post('/task').send({ sorting }).expect(400)).body.message).toBe(
      "Cannot set query parameter 'sortBy' to value 'constructor'",
    );
    await t
      .as('demo')
      .post('/filter/create')
      .send({ resourceType: 'Task', name: 'sneaky', query: { sorting } })
      .expect(400);
    await t.as('demo').get('/job?dueDates=constructor_2020-01-01T00:00:00.000%2B0000').expect(400);
    expect((await t.as('demo').get('/task/count').expect(200)).body.count).toBe(before);
  });

  it('documents every list route with its parameters, body and response type', async () => {
    const doc = (await t.api().get('/docs-json').expect(200)).body;
    const ref = (schema: { $ref?: string }) => schema.$ref?.replace('#/components/schemas/', '');
    for (const { path, routes } of FAMILIES) {
      const list = doc.paths[BASE + path];
      const count = doc.paths[`${BASE}${path}/count`];
      const names = (op: { parameters: Array<{ name: string }> }) => op.parameters.map((p) => p.name);
      expect(names(list.get)).toEqual(expect.arrayContaining(['sortBy', 'sortOrder', 'firstResult', 'maxResults']));
      const listed = list.get.responses['200'].content['application/json'].schema;
      expect(listed.type).toBe('array');
      expect(doc.components.schemas[ref(listed.items)!]).toBeDefined();
      expect(names(count.get)).not.toContain('sortBy');
      expect(names(count.get).length).toBeGreaterThan(0);
      expect(ref(count.get.responses['200'].content['application/json'].schema)).toBe('CountResultDto');
      if (routes.includes('query')) {
        expect(list.post.requestBody.content['application/json'].schema.properties.sorting).toBeDefined();
        expect(list.post.responses['200']).toBeDefined();
      } else {
        expect(list.post).toBeUndefined();
      }
      if (routes.includes('queryCount')) {
        expect(count.post.requestBody.content['application/json'].schema.properties.sorting).toBeUndefined();
        expect(ref(count.post.responses['200'].content['application/json'].schema)).toBe('CountResultDto');
      } else {
        expect(count.post).toBeUndefined();
      }
    }
    const operationIds = Object.values(doc.paths).flatMap((p: any) =>
      Object.values(p).map((op: any) => op.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds).toEqual(
      expect.arrayContaining([
        // Camunda's operationIds (a client generated from either document gets the same method names).
        'getTasks',
        'queryTasks',
        'getTasksCount',
        'queryTasksCount',
      ]),
    );
  });

  it('restricts rows by a restriction function of its own, or not at all', async () => {
    const all = (await t.as('demo').get('/group').expect(200)).body.map((g: { id: string }) => g.id);
    const open = new ResourceQuery(t.engine, { ...GROUP_LIST, restrict: null });
    const listed = await open.list({ userId: 'nobody', groupIds: [] }, { filters: {}, sorting: [] });
    expect(listed.map((g) => g.id)).toEqual(all);
    const custom = new ResourceQuery<GroupEntity, unknown>(t.engine, {
      ...GROUP_LIST,
      restrict: async (_checker, _em, qb) => {
        qb.andWhere('g.id = :only', { only: all[0] });
      },
    });
    expect(await custom.count(null, { filters: {}, sorting: [] })).toEqual({ count: 1 });
    expect(await custom.one(null, all[0])).toMatchObject({ id: all[0] });
    expect(await custom.one(null, 'no-such-group')).toBeNull();
  });
});
