import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });
const ALL_GROUPS = ['camunda-admin', 'sales', 'support', 'zeta'];

describe(`group resource (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');
  const gina = () => t.as('gina', 'ginapw');
  const hank = () => t.as('hank', 'hankpw');
  const ids = (body: Array<{ id: string }>) => body.map((g) => g.id);
  const rels = (body: { links: Array<{ rel: string }> }) => body.links.map((l) => l.rel);

  async function grant(rule: object): Promise<string> {
    const res = await admin()
      .post('/authorization/create')
      .send({ type: 1, resourceType: 2, ...rule })
      .expect(200);
    return res.body.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const id of ['gina', 'hank']) {
      await admin()
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
    await admin().post('/group/create').send({ id: 'sales', name: 'Sales', type: 'WORKFLOW' }).expect(204);
    await admin().post('/group/create').send({ id: 'support', name: 'Support Team', type: 'WORKFLOW' }).expect(204);
    await admin().post('/group/create').send({ id: 'zeta' }).expect(204);
  });
  afterAll(() => t.close());

  describe('create, get, update, delete', () => {
    it('creates with 204 and no body, and reads back', async () => {
      const res = await admin().post('/group/create').send({ id: 'temp', name: 'Temp', type: 'SYSTEM' }).expect(204);
      expect(res.text).toBe('');
      expect((await admin().get('/group/temp').expect(200)).body).toEqual({ id: 'temp', name: 'Temp', type: 'SYSTEM' });
    });

    it('updates name and type with 204', async () => {
      await admin().put('/group/temp').send({ id: 'temp', name: 'Renamed' }).expect(204);
      expect((await admin().get('/group/temp').expect(200)).body).toEqual({ id: 'temp', name: 'Renamed', type: null });
    });

    it('deletes with 204, also memberships and authorizations of the group; unknown ids are a no-op', async () => {
      await admin().put('/group/temp/members/gina').expect(204);
      await grant({ groupId: 'temp', resourceId: 'sales', permissions: ['READ'] });
      await admin().delete('/group/temp').expect(204);
      await admin().get('/group/temp').expect(404);
      expect(ids((await admin().get('/group?member=gina').expect(200)).body)).toEqual([]);
      expect((await admin().get('/authorization/count?groupIdIn=temp').expect(200)).body).toEqual({ count: 0 });
      expect((await admin().get('/authorization/count?resourceType=2&resourceId=temp').expect(200)).body).toEqual({
        count: 0,
      });
      await admin().delete('/group/temp').expect(204);
    });

    it('answers 404 for unknown ids on get and update', async () => {
      expect((await admin().get('/group/nogroup').expect(404)).body).toEqual(
        invalid('Group with id nogroup does not exist'),
      );
      expect((await admin().put('/group/nogroup').send({ id: 'nogroup', name: 'x' }).expect(404)).body).toEqual(
        invalid('Group with id nogroup does not exist'),
      );
    });

    it('refuses duplicates, invalid and missing ids', async () => {
      expect((await admin().post('/group/create').send({ id: 'sales' }).expect(400)).body).toEqual({
        type: 'BadUserRequestException',
        message: 'The group already exists',
        code: 0,
      });
      expect((await admin().post('/group/create').send({ id: 'a b' }).expect(400)).body).toEqual({
        type: 'ProcessEngineException',
        message: "Group has an invalid id: 'a b' is not a valid resource identifier.",
        code: 0,
      });
      expect((await admin().post('/group/create').send({ name: 'No id' }).expect(400)).body).toEqual({
        type: 'NullValueException',
        message: 'groupId is null',
        code: 0,
      });
    });

    it('refuses malformed JSON and values of the wrong type', async () => {
      expect(
        (await admin().post('/group/create').set('Content-Type', 'application/json').send('{"id":').expect(400)).body,
      ).toEqual(invalid(''));
      for (const body of [{ id: 'bad', name: { n: 1 } }, { id: ['bad'] }, ['bad']]) {
        expect((await admin().post('/group/create').send(body).expect(400)).body.type).toBe('InvalidRequestException');
      }
      expect(
        (
          await admin()
            .put('/group/sales')
            .send({ id: 'sales', type: [1] })
            .expect(400)
        ).body.type,
      ).toBe('InvalidRequestException');
      expect((await admin().get('/group/sales').expect(200)).body).toEqual({
        id: 'sales',
        name: 'Sales',
        type: 'WORKFLOW',
      });
      await admin().get('/group/bad').expect(404);
    });
  });

  describe('members', () => {
    afterEach(async () => {
      await admin().delete('/group/sales/members/gina').expect(204);
    });

    it('adds and removes members with 204; removing twice is a no-op', async () => {
      await admin().put('/group/sales/members/gina').expect(204);
      expect(ids((await admin().get('/group?member=gina').expect(200)).body)).toEqual(['sales']);
      expect(
        (await admin().get('/user?memberOfGroup=sales').expect(200)).body.map((u: { id: string }) => u.id),
      ).toEqual(['gina']);
      await admin().delete('/group/sales/members/gina').expect(204);
      expect(ids((await admin().get('/group?member=gina').expect(200)).body)).toEqual([]);
    });

    it('refuses unknown users and groups and duplicate memberships', async () => {
      expect((await admin().put('/group/sales/members/nobody').expect(400)).body).toEqual({
        type: 'NullValueException',
        message: "No user found with id 'nobody'.: user is null",
        code: 0,
      });
      expect((await admin().put('/group/nogroup/members/gina').expect(400)).body).toEqual({
        type: 'NullValueException',
        message: "No group found with id 'nogroup'.: group is null",
        code: 0,
      });
      await admin().put('/group/sales/members/gina').expect(204);
      expect((await admin().put('/group/sales/members/gina').expect(400)).body.message).toBe(
        "User 'gina' is already a member of group 'sales'",
      );
    });

    it('lets members read their group at once, and stops it at once when they leave', async () => {
      await gina().get('/group/sales').expect(404);
      await admin().put('/group/sales/members/gina').expect(204);
      expect((await gina().get('/group/sales').expect(200)).body).toEqual({
        id: 'sales',
        name: 'Sales',
        type: 'WORKFLOW',
      });
      expect(ids((await gina().get('/group').expect(200)).body)).toEqual(['sales']);
      await admin().delete('/group/sales/members/gina').expect(204);
      await gina().get('/group/sales').expect(404);
    });
  });

  describe('queries', () => {
    it('lists all groups by id, with a count', async () => {
      const res = await admin().get('/group').expect(200);
      expect(ids(res.body)).toEqual(ALL_GROUPS);
      expect(res.body[0]).toEqual({ id: 'camunda-admin', name: 'camunda BPM Administrators', type: 'SYSTEM' });
      expect((await admin().get('/group/count').expect(200)).body).toEqual({ count: 4 });
    });

    it.each([
      ['id=support', ['support']],
      ['idIn=zeta,sales,nogroup', ['sales', 'zeta']],
      ['name=Sales', ['sales']],
      ['nameLike=port', ['support']],
      ['nameLike=S%s', ['sales']],
      ['type=WORKFLOW', ['sales', 'support']],
      ['member=demo', ['camunda-admin']],
      ['memberOfTenant=t1', []],
      ['type=WORKFLOW&nameLike=Team', ['support']],
    ])('GET filters by %s, with a matching GET count', async (query, expected) => {
      expect(ids((await admin().get(`/group?${query}`).expect(200)).body)).toEqual(expected);
      expect((await admin().get(`/group/count?${query}`).expect(200)).body).toEqual({ count: expected.length });
    });

    it.each<[object, string[]]>([
      [{ idIn: ['zeta', 'sales'] }, ['sales', 'zeta']],
      [{ idIn: [] }, ALL_GROUPS],
      [{ nameLike: 'Sa' }, ['sales']],
      [{ type: 'WORKFLOW', name: 'Support Team' }, ['support']],
      [{ member: 'demo' }, ['camunda-admin']],
      [{ id: null }, ALL_GROUPS],
    ])('POST filters by %j, with a matching POST count', async (body, expected) => {
      expect(ids((await admin().post('/group').send(body).expect(200)).body)).toEqual(expected);
      expect((await admin().post('/group/count').send(body).expect(200)).body).toEqual({ count: expected.length });
    });

    it('sorts GET lists by sortBy and sortOrder', async () => {
      expect(ids((await admin().get('/group?sortBy=name&sortOrder=desc').expect(200)).body)).toEqual([
        'camunda-admin',
        'support',
        'sales',
        'zeta',
      ]);
      expect(ids((await admin().get('/group?sortBy=type&sortOrder=asc').expect(200)).body)).toEqual([
        'zeta',
        'camunda-admin',
        'sales',
        'support',
      ]);
    });

    it('sorts POST lists by a sorting array, in order, and pages them from the query string', async () => {
      const sorting = [
        { sortBy: 'type', sortOrder: 'desc' },
        { sortBy: 'id', sortOrder: 'desc' },
      ];
      expect(ids((await admin().post('/group').send({ sorting }).expect(200)).body)).toEqual([
        'support',
        'sales',
        'camunda-admin',
        'zeta',
      ]);
      expect(ids((await admin().post('/group?firstResult=1&maxResults=2').send({ sorting }).expect(200)).body)).toEqual(
        ['sales', 'camunda-admin'],
      );
      expect((await admin().post('/group/count').send({ sorting, type: 'WORKFLOW' }).expect(200)).body).toEqual({
        count: 2,
      });
    });

    it('pages GET lists with firstResult and maxResults', async () => {
      expect(ids((await admin().get('/group?firstResult=1&maxResults=2').expect(200)).body)).toEqual([
        'sales',
        'support',
      ]);
      expect(ids((await admin().get('/group?firstResult=3').expect(200)).body)).toEqual(['zeta']);
      expect(ids((await admin().get('/group?maxResults=0').expect(200)).body)).toEqual([]);
    });

    it.each([
      ['sortBy=members&sortOrder=asc', "Cannot set query parameter 'sortBy' to value 'members'"],
      ['sortBy=name', 'Only a single sorting parameter specified. sortBy and sortOrder required'],
      [
        'firstResult=x',
        "Cannot set query parameter 'firstResult' to value 'x': Cannot convert value x to java type java.lang.Integer",
      ],
    ])('GET answers 400 for %s', async (query, message) => {
      expect((await admin().get(`/group?${query}`).expect(400)).body).toEqual(invalid(message));
    });

    it.each<[unknown, string]>([
      [
        { idIn: 'sales,zeta' },
        "Cannot set query parameter 'idIn' to value 'sales,zeta': Cannot convert value sales,zeta to java type java.util.List",
      ],
      [
        { name: { eq: 'Sales' } },
        `Cannot set query parameter 'name' to value '{"eq":"Sales"}': Cannot convert value {"eq":"Sales"} to java type java.lang.String`,
      ],
      [
        { sorting: [{ sortBy: 'members', sortOrder: 'asc' }] },
        "Cannot set query parameter 'sortBy' to value 'members'",
      ],
      [{ sorting: { sortBy: 'id' } }, `Cannot set query parameter 'sorting' to value '{"sortBy":"id"}'`],
      [{ sortBy: 'id' }, 'Only a single sorting parameter specified. sortBy and sortOrder required'],
      [['sales'], ''],
    ])('POST answers 400 for %j', async (body, message) => {
      expect(
        (
          await admin()
            .post('/group')
            .send(body as object)
            .expect(400)
        ).body,
      ).toEqual(invalid(message));
    });

    it('POST counts refuse wrong types too, and malformed JSON', async () => {
      await admin().post('/group/count').send({ idIn: 'sales' }).expect(400);
      expect(
        (await admin().post('/group/count').set('Content-Type', 'application/json').send('{').expect(400)).body,
      ).toEqual(invalid(''));
    });
  });

  describe('OPTIONS', () => {
    const link = (method: string, path: string, rel: string) => ({
      method,
      href: expect.stringMatching(new RegExp(`^http://[^/]+/engine-rest${path}$`)),
      rel,
    });

    it('lists every operation for an admin', async () => {
      expect((await admin().options('/group').expect(200)).body).toEqual({
        links: [
          link('GET', '/group', 'list'),
          link('GET', '/group/count', 'count'),
          link('POST', '/group/create', 'create'),
        ],
      });
      expect((await admin().options('/group/sales').expect(200)).body).toEqual({
        links: [
          link('GET', '/group/sales', 'self'),
          link('DELETE', '/group/sales', 'delete'),
          link('PUT', '/group/sales', 'update'),
        ],
      });
      expect((await admin().options('/group/sales/members').expect(200)).body).toEqual({
        links: [
          link('GET', '/group/sales/members', 'self'),
          link('DELETE', '/group/sales/members', 'delete'),
          link('PUT', '/group/sales/members', 'create'),
        ],
      });
    });

    it('lists only what a user without authorizations may do', async () => {
      expect(rels((await gina().options('/group').expect(200)).body)).toEqual(['list', 'count']);
      expect(rels((await gina().options('/group/sales').expect(200)).body)).toEqual(['self']);
      expect(rels((await gina().options('/group/sales/members').expect(200)).body)).toEqual(['self']);
    });

    it('follows granted permissions', async () => {
      const update = await grant({ userId: 'gina', resourceId: 'sales', permissions: ['UPDATE'] });
      const members = await grant({ userId: 'gina', resourceType: 3, resourceId: 'sales', permissions: ['CREATE'] });
      expect(rels((await gina().options('/group/sales').expect(200)).body)).toEqual(['self', 'update']);
      expect(rels((await gina().options('/group/sales/members').expect(200)).body)).toEqual(['self', 'create']);
      expect(rels((await gina().options('/group/support').expect(200)).body)).toEqual(['self']);
      await admin().delete(`/authorization/${update}`).expect(204);
      await admin().delete(`/authorization/${members}`).expect(204);
    });
  });

  describe('authorizations', () => {
    it('forbids creating a group without CREATE, allows it after a grant, forbids it again after the grant goes', async () => {
      const denied = await hank().post('/group/create').send({ id: 'hanks' }).expect(403);
      expect(denied.body).toEqual({
        type: 'AuthorizationException',
        message: "The user with id 'hank' does not have 'CREATE' permission on resource 'Group'.",
        code: 0,
        userId: 'hank',
        resourceName: 'Group',
        resourceId: null,
        permissionName: 'CREATE',
        missingAuthorizations: [{ permissionName: 'CREATE', resourceName: 'Group', resourceId: null }],
      });
      const id = await grant({ userId: 'hank', resourceId: '*', permissions: ['CREATE'] });
      await hank().post('/group/create').send({ id: 'hanks' }).expect(204);
      await admin().delete(`/authorization/${id}`).expect(204);
      await hank().post('/group/create').send({ id: 'hanks2' }).expect(403);
      await admin().delete('/group/hanks').expect(204);
    });

    it('forbids membership changes without GROUP_MEMBERSHIP permissions on the group', async () => {
      const res = await hank().put('/group/sales/members/hank').expect(403);
      expect(res.body.message).toBe(
        "The user with id 'hank' does not have 'CREATE' permission on resource 'sales' of type 'Group membership'.",
      );
      await hank().delete('/group/sales/members/gina').expect(403);
      await hank().put('/group/sales').send({ id: 'sales', name: 'Mine' }).expect(403);
      await hank().delete('/group/sales').expect(403);
    });

    it('shows a user with READ on one group only that group, in GET and POST lists and counts', async () => {
      const id = await grant({ userId: 'hank', resourceId: 'support', permissions: ['READ'] });
      expect(ids((await hank().get('/group').expect(200)).body)).toEqual(['support']);
      expect(ids((await hank().post('/group').send({}).expect(200)).body)).toEqual(['support']);
      expect((await hank().get('/group/count').expect(200)).body).toEqual({ count: 1 });
      expect((await hank().post('/group/count').send({}).expect(200)).body).toEqual({ count: 1 });
      await hank().get('/group/support').expect(200);
      expect((await hank().get('/group/sales').expect(404)).body).toEqual(
        invalid('Group with id sales does not exist'),
      );
      await admin().delete(`/authorization/${id}`).expect(204);
      expect(ids((await hank().get('/group').expect(200)).body)).toEqual([]);
    });

    it('hides an id revoked under a * grant', async () => {
      const all = await grant({ userId: 'hank', resourceId: '*', permissions: ['READ'] });
      expect(ids((await hank().get('/group').expect(200)).body)).toEqual(ALL_GROUPS);
      const revoke = await grant({ type: 2, userId: 'hank', resourceId: 'sales', permissions: ['READ'] });
      expect(ids((await hank().get('/group').expect(200)).body)).toEqual(['camunda-admin', 'support', 'zeta']);
      expect((await hank().get('/group/count').expect(200)).body).toEqual({ count: 3 });
      await hank().get('/group/sales').expect(404);
      await admin().delete(`/authorization/${revoke}`).expect(204);
      await hank().get('/group/sales').expect(200);
      await admin().delete(`/authorization/${all}`).expect(204);
    });
  });
});
