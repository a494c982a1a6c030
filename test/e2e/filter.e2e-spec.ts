import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** Filters (saved task queries): every operation, permissions, expressions and extension. */
describe(`filters (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const day = 86_400_000;
  const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().replace('Z', '+0000');
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
  const grant = (body: Record<string, unknown>) =>
    demo()
      .post('/authorization/create')
      .send({ type: 1, ...body })
      .expect(200);
  const user = async (id: string) =>
    demo()
      .post('/user/create')
      .send({ profile: { id }, credentials: { password: id } })
      .expect(204);
  const createTask = async (id: string, body: Record<string, unknown>, candidateGroup?: string) => {
    await demo()
      .post('/task/create')
      .send({ id, ...body })
      .expect(204);
    if (candidateGroup)
      await demo().post(`/task/${id}/identity-links`).send({ groupId: candidateGroup, type: 'candidate' }).expect(204);
  };
  const createFilter = async (as: string, body: Record<string, unknown>) =>
    (
      await t
        .as(as)
        .post('/filter/create')
        .send({ resourceType: 'Task', ...body })
        .expect(200)
    ).body;

  beforeAll(async () => {
    t = await createTestApp();
    for (const id of ['alice', 'bob', 'carol']) await user(id);
    await demo().post('/group/create').send({ id: 'kitchen', name: 'Kitchen' }).expect(204);
    await demo().put('/group/kitchen/members/alice').expect(204);
    await createTask('a1', { name: 'A1 soup', assignee: 'alice', due: at(2), priority: 10 });
    await createTask('a2', { name: 'A2 salad', assignee: 'alice', due: at(1), priority: 20 });
    await createTask('a3', { name: 'A3 later', assignee: 'alice', due: at(10), priority: 30 });
    await createTask('b1', { name: 'B1 bread', assignee: 'bob', due: at(1) });
    await createTask('g1', { name: 'G1 dishes' }, 'kitchen');
    await createTask('g2', { name: 'G2 garden' }, 'garden');
    await createTask('g3', { name: 'G3 pots', assignee: 'bob' }, 'kitchen');
    // alice may create filters; she reads her tasks and the kitchen's through Camunda's default task grants only
    await grant({ userId: 'alice', resourceType: 5, resourceId: '*', permissions: ['CREATE'] });
  });
  afterAll(() => t.close());

  describe('"my open tasks, due first" and "tasks of my groups, unassigned"', () => {
    let mine: any;
    let groups: any;
    beforeAll(async () => {
      mine = await createFilter('alice', {
        name: 'My open tasks',
        owner: 'alice',
        query: { assigneeExpression: '${currentUser()}', sorting: [{ sortBy: 'dueDate', sortOrder: 'asc' }] },
        properties: { color: '#555', priority: 1, variables: [{ name: 'amount', label: 'Amount' }] },
      });
      groups = await createFilter('alice', {
        name: 'My groups',
        owner: 'alice',
        query: { candidateGroupsExpression: '${currentUserGroups()}' },
      });
    });

    it('saves the filter as given and returns it with an id', () => {
      expect(mine).toEqual({
        id: expect.any(String),
        resourceType: 'Task',
        name: 'My open tasks',
        owner: 'alice',
        query: { assigneeExpression: '${currentUser()}', sorting: [{ sortBy: 'dueDate', sortOrder: 'asc' }] },
        properties: { color: '#555', priority: 1, variables: [{ name: 'amount', label: 'Amount' }] },
      });
    });

    it('lists the caller’s tasks through ${currentUser()}, due first, and pages them', async () => {
      expect(ids((await t.as('alice').get(`/filter/${mine.id}/list`).expect(200)).body)).toEqual(['a2', 'a1', 'a3']);
      expect(
        ids((await t.as('alice').get(`/filter/${mine.id}/list?firstResult=1&maxResults=1`).expect(200)).body),
      ).toEqual(['a1']);
      expect(
        ids((await t.as('alice').post(`/filter/${mine.id}/list?firstResult=2&maxResults=5`).send({}).expect(200)).body),
      ).toEqual(['a3']);
      // the same filter run by the admin means the admin's tasks: none
      expect((await demo().get(`/filter/${mine.id}/list`).expect(200)).body).toEqual([]);
    });

    it('offers the unassigned tasks of the caller’s groups through ${currentUserGroups()}', async () => {
      expect(ids((await t.as('alice').get(`/filter/${groups.id}/list`).expect(200)).body)).toEqual(['g1']);
      expect((await t.as('alice').get(`/filter/${groups.id}/count`).expect(200)).body).toEqual({ count: 1 });
    });

    it('counts items with itemCount on the list and on one filter', async () => {
      const listed = (await t.as('alice').get('/filter?itemCount=true&sortBy=name&sortOrder=asc').expect(200)).body;
      expect(listed.map((f: any) => [f.name, f.itemCount])).toEqual([
        ['My groups', 1],
        ['My open tasks', 3],
      ]);
      expect((await t.as('alice').get('/filter').expect(200)).body[0].itemCount).toBeUndefined();
      expect((await t.as('alice').get(`/filter/${mine.id}?itemCount=true`).expect(200)).body.itemCount).toBe(3);
      expect((await t.as('alice').get('/filter/count?nameLike=open').expect(200)).body).toEqual({ count: 1 });
    });

    it('extends the saved query with the body on list, count and singleResult', async () => {
      expect(
        ids((await t.as('alice').post(`/filter/${mine.id}/list`).send({ nameLike: 'sa' }).expect(200)).body),
      ).toEqual(['a2']);
      expect(
        (
          await t
            .as('alice')
            .post(`/filter/${mine.id}/count`)
            .send({ dueAfter: at(1.5) })
            .expect(200)
        ).body,
      ).toEqual({ count: 2 });
      const sorted = (
        await t
          .as('alice')
          .post(`/filter/${mine.id}/list`)
          .send({ sorting: [{ sortBy: 'priority', sortOrder: 'desc' }] })
          .expect(200)
      ).body;
      expect(ids(sorted)).toEqual(['a3', 'a2', 'a1']);
      // the extension's criterion replaces the saved expression of the same criterion
      expect(
        ids(
          (
            await t
              .as('alice')
              .post(`/filter/${groups.id}/list`)
              .send({ candidateGroups: ['garden'] })
              .expect(200)
          ).body,
        ),
      ).toEqual([]);
      const one = await t.as('alice').post(`/filter/${mine.id}/singleResult`).send({ taskId: 'a1' }).expect(200);
      expect(one.body).toMatchObject({ id: 'a1', name: 'A1 soup', assignee: 'alice' });
      await t.as('alice').post(`/filter/${mine.id}/singleResult`).send({ taskId: 'b1' }).expect(204);
      expect((await t.as('alice').get(`/filter/${groups.id}/singleResult`).expect(200)).body.id).toBe('g1');
      const several = await t.as('alice').get(`/filter/${mine.id}/singleResult`).expect(400);
      expect(several.body).toEqual({
        type: 'InvalidRequestException',
        message: 'Filter does not returns a valid single result',
        code: null,
      });
      const invalid = await t.as('alice').post(`/filter/${mine.id}/list`).send({ priority: 'high' }).expect(400);
      expect(invalid.body.message).toMatch(/^Filter cannot be extended by an invalid query: .*'priority'/);
    });

    it('shows only the tasks the caller may read: her own and her group’s', async () => {
      const all = await createFilter('alice', { name: 'Everything', owner: 'alice', query: {} });
      expect(ids((await t.as('alice').get(`/filter/${all.id}/list?sortBy=id&sortOrder=asc`).expect(200)).body)).toEqual(
        ['a1', 'a2', 'a3', 'g1', 'g3'],
      );
      expect((await t.as('alice').get(`/filter/${all.id}?itemCount=true`).expect(200)).body.itemCount).toBe(5);
      expect((await demo().get(`/filter/${all.id}/count`).expect(200)).body).toEqual({ count: 7 });
      await demo().delete(`/filter/${all.id}`).expect(204);
    });

    it('evaluates date expressions: ${now()} and ${dateTime().plusDays(n)}', async () => {
      const soon = await createFilter('demo', {
        name: 'Due soon',
        query: { dueAfterExpression: '${now()}', dueBeforeExpression: '${dateTime().plusDays(3)}' },
      });
      expect(ids((await demo().get(`/filter/${soon.id}/list?sortBy=id&sortOrder=asc`).expect(200)).body)).toEqual([
        'a1',
        'a2',
        'b1',
      ]);
    });
  });

  it('runs or-queries: criteria inside one are joined by OR, the group by AND', async () => {
    const filter = await createFilter('demo', {
      name: 'Bob or kitchen',
      query: { nameLike: 'G', orQueries: [{ assignee: 'bob', candidateGroup: 'kitchen' }] },
    });
    expect(ids((await demo().get(`/filter/${filter.id}/list?sortBy=id&sortOrder=asc`).expect(200)).body)).toEqual([
      'g1',
      'g3',
    ]);
    const plain = await createFilter('demo', {
      name: 'Bob or A1',
      query: { orQueries: [{ assignee: 'bob', name: 'A1 soup' }] },
    });
    expect(ids((await demo().get(`/filter/${plain.id}/list?sortBy=id&sortOrder=asc`).expect(200)).body)).toEqual([
      'a1',
      'b1',
      'g3',
    ]);
  });

  describe('validation', () => {
    const refuse = async (body: Record<string, unknown>) =>
      (await demo().post('/filter/create').send(body).expect(400)).body;

    it('refuses unknown criteria and wrong types, naming them', async () => {
      expect(await refuse({ resourceType: 'Task', name: 'x', query: { assigneeFoo: 'a' } })).toEqual({
        type: 'InvalidRequestException',
        message: "Invalid query for resource type 'Task': unknown criterion 'assigneeFoo'",
        code: null,
      });
      expect((await refuse({ resourceType: 'Task', name: 'x', query: { priority: 'high' } })).message).toContain(
        "'priority'",
      );
      expect(
        (await refuse({ resourceType: 'Task', name: 'x', query: { orQueries: [{ nope: 1 }] } })).message,
      ).toContain("'nope'");
      expect(
        (await refuse({ resourceType: 'Task', name: 'x', query: { sorting: [{ sortBy: 'nope', sortOrder: 'asc' }] } }))
          .message,
      ).toContain("'sortBy'");
      expect(
        (await refuse({ resourceType: 'Task', name: 'x', query: { assigneeExpression: '${currentUser(' } })).message,
      ).toContain("'assigneeExpression'");
    });

    it('refuses other resource types and invalid content', async () => {
      expect((await refuse({ resourceType: 'ProcessInstance', name: 'x', query: {} })).message).toBe(
        "Unable to create filter with invalid resource type 'ProcessInstance'",
      );
      expect((await refuse({ resourceType: 'Task', name: '', query: {} })).message).toBe(
        'Unable to create filter with invalid content',
      );
      expect((await refuse({ resourceType: 'Task', name: 'x' })).message).toBe(
        'Unable to create filter with invalid content',
      );
    });
  });

  describe('update, delete and permissions', () => {
    let filter: any;
    beforeAll(async () => {
      filter = await createFilter('alice', { name: 'Mine', owner: 'alice', query: { assignee: 'alice' } });
    });

    it('lets others neither see nor use a filter without READ', async () => {
      await t.as('bob').get(`/filter/${filter.id}`).expect(403);
      await t.as('bob').get(`/filter/${filter.id}/list`).expect(403);
      expect((await t.as('bob').get('/filter').expect(200)).body).toEqual([]);
      await t.as('bob').post('/filter/create').send({ resourceType: 'Task', name: 'b', query: {} }).expect(403);
    });

    it('shows in OPTIONS only what the caller may do', async () => {
      const rels = async (as: string, path: string) =>
        (await t.as(as).options(path).expect(200)).body.links.map((l: any) => `${l.method} ${l.rel}`);
      expect(await rels('demo', '/filter')).toEqual(['GET list', 'GET count', 'POST create']);
      expect(await rels('carol', '/filter')).toEqual(['GET list', 'GET count']);
      const all = [
        'GET self',
        'GET singleResult',
        'POST singleResult',
        'GET list',
        'POST list',
        'GET count',
        'POST count',
        'DELETE delete',
        'PUT update',
      ];
      expect(await rels('alice', `/filter/${filter.id}`)).toEqual(all);
      expect(await rels('carol', `/filter/${filter.id}`)).toEqual([]);
      await grant({ userId: 'carol', resourceType: 5, resourceId: filter.id, permissions: ['READ'] });
      expect(await rels('carol', `/filter/${filter.id}`)).toEqual(all.slice(0, 7));
      const link = (await t.as('alice').options(`/filter/${filter.id}`).expect(200)).body.links[0];
      expect(link).toEqual({
        method: 'GET',
        href: expect.stringMatching(new RegExp(`/engine-rest/filter/${filter.id}$`)),
        rel: 'self',
      });
    });

    it('updates name, owner, query and properties; the resource type stays', async () => {
      await t
        .as('alice')
        .put(`/filter/${filter.id}`)
        .send({ name: 'Renamed', owner: 'alice', query: { assignee: 'bob' }, properties: { refresh: true } })
        .expect(204);
      expect((await t.as('alice').get(`/filter/${filter.id}`).expect(200)).body).toMatchObject({
        name: 'Renamed',
        query: { assignee: 'bob' },
        properties: { refresh: true },
      });
      const changed = await t
        .as('alice')
        .put(`/filter/${filter.id}`)
        .send({ resourceType: 'Case', name: 'x', query: {} })
        .expect(400);
      expect(changed.body.message).toBe("Unable to update filter from resource type 'Task' to 'Case'");
      expect(
        (
          await t
            .as('alice')
            .put(`/filter/${filter.id}`)
            .send({ name: 'x', query: { bad: 1 } })
            .expect(400)
        ).body.message,
      ).toContain("'bad'");
      await t.as('carol').put(`/filter/${filter.id}`).send({ name: 'x', query: {} }).expect(403);
      await t.as('carol').delete(`/filter/${filter.id}`).expect(403);
    });

    it('deletes a filter; an unknown one is a 404', async () => {
      await t.as('alice').delete(`/filter/${filter.id}`).expect(204);
      const gone = await demo().get(`/filter/${filter.id}`).expect(404);
      expect(gone.body).toEqual({
        type: 'InvalidRequestException',
        message: `Filter with id '${filter.id}' does not exist.`,
        code: null,
      });
      await demo().delete(`/filter/${filter.id}`).expect(404);
      await demo().put(`/filter/${filter.id}`).send({ name: 'x', query: {} }).expect(404);
      await demo().get(`/filter/${filter.id}/count`).expect(404);
      const left = (await demo().get(`/authorization?resourceType=5&resourceId=${filter.id}`).expect(200)).body;
      expect(left).toEqual([]);
    });
  });
});

describe(`filters under a results limit (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ queryMaxResultsLimit: 1 });
  });
  afterAll(() => t.close());

  it('pages within the limit, and singleResult is not limited by it', async () => {
    for (const id of ['x1', 'x2']) await t.as('demo').post('/task/create').send({ id, name: id }).expect(204);
    const filter = (
      await t.as('demo').post('/filter/create').send({ resourceType: 'Task', name: 'All', query: {} }).expect(200)
    ).body;
    const unbound = await t.as('demo').get(`/filter/${filter.id}/list`).expect(400);
    expect(unbound.body.message).toBe('An unbound number of results is forbidden!');
    expect(
      (await t.as('demo').get(`/filter/${filter.id}/list?firstResult=1&maxResults=1`).expect(200)).body,
    ).toHaveLength(1);
    expect(
      (await t.as('demo').post(`/filter/${filter.id}/singleResult`).send({ taskId: 'x2' }).expect(200)).body.id,
    ).toBe('x2');
    await t.as('demo').get(`/filter/${filter.id}/singleResult`).expect(400);
  });
});
