import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });
const ALL = 2147483647;

interface AuthorizationBody {
  id: string;
  [field: string]: unknown;
}

describe(`authorization resource (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');
  const ann = () => t.as('ann', 'annpw');

  async function create(body: object): Promise<AuthorizationBody> {
    return (await admin().post('/authorization/create').send(body).expect(200)).body;
  }
  const remove = (id: string) => admin().delete(`/authorization/${id}`).expect(204);

  beforeAll(async () => {
    t = await createTestApp();
    for (const id of ['ann', 'ben']) {
      await admin()
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
    await admin().post('/group/create').send({ id: 'ops' }).expect(204);
    await admin().put('/group/ops/members/ben').expect(204);
  });
  afterAll(() => t.close());

  describe('create, get, update, delete', () => {
    it('creates a grant and answers 200 with the stored row and its links', async () => {
      const res = await admin()
        .post('/authorization/create')
        .send({ type: 1, permissions: ['READ', 'UPDATE'], userId: 'ann', resourceType: 1, resourceId: 'ben' })
        .expect(200);
      const { id } = res.body;
      const href = (path: string) => expect.stringMatching(new RegExp(`^http://[^/]+/engine-rest${path}$`));
      expect(res.body).toEqual({
        id: expect.any(String),
        type: 1,
        permissions: ['READ', 'UPDATE'],
        userId: 'ann',
        groupId: null,
        resourceType: 1,
        resourceId: 'ben',
        removalTime: null,
        rootProcessInstanceId: null,
        links: [
          { method: 'GET', href: href(`/authorization/${id}`), rel: 'self' },
          { method: 'PUT', href: href(`/authorization/${id}`), rel: 'update' },
          { method: 'DELETE', href: href(`/authorization/${id}`), rel: 'delete' },
        ],
      });
      const { links, ...stored } = res.body;
      expect(links).toHaveLength(3);
      expect((await admin().get(`/authorization/${id}`).expect(200)).body).toEqual(stored);
      await remove(id);
    });

    it('grants GLOBAL authorizations to every user', async () => {
      const global = await create({ type: 0, permissions: ['READ'], resourceType: 9, resourceId: '*' });
      expect(global).toMatchObject({ type: 0, userId: '*', groupId: null, permissions: ['READ'] });
      const explicit = await create({
        type: 0,
        permissions: ['CREATE'],
        userId: '*',
        resourceType: 9,
        resourceId: 'd1',
      });
      expect(explicit.userId).toBe('*');
      await remove(global.id);
      await remove(explicit.id);
    });

    it.each<[string, object, number, string[], number]>([
      ['a full grant', { type: 1, permissions: ['ALL'] }, 1, ['ALL'], ALL],
      ['a grant including ALL', { type: 1, permissions: ['READ', 'ALL'] }, 1, ['ALL'], ALL],
      ['an empty grant', { type: 1, permissions: [] }, 1, [], 0],
      ['a grant without permissions', { type: 1 }, 1, [], 0],
      ['a grant without a type', { permissions: ['DELETE'] }, 1, ['DELETE'], 16],
      ['a revoke of everything', { type: 2, permissions: ['ALL'] }, 2, ['ALL'], 0],
      ['a revoke of READ', { type: 2, permissions: ['READ'] }, 2, ['READ'], ALL - 2],
      ['a revoke of nothing', { type: 2, permissions: [] }, 2, [], ALL],
    ])('renders the permission names of %s', async (_name, body, type, names, stored) => {
      const created = await create({ groupId: 'ops', resourceType: 16, resourceId: 'dash1', ...body });
      expect(created).toMatchObject({ type, permissions: names });
      const rows: Array<{ perms: number | string }> = await t.engine.dataSource.query(
        'SELECT perms FROM act_ru_authorization WHERE id = ?',
        [created.id],
      );
      expect(Number(rows[0].perms)).toBe(stored);
      await remove(created.id);
    });

    it.each<[string, object, object]>([
      [
        'an unknown type',
        { type: 5, userId: 'ann', resourceType: 1 },
        {
          type: 'ProcessEngineException',
          message: "ENGINE-03025 Unrecognized authorization type '5'. Must be one of ['0', '1', '2']",
          code: 0,
        },
      ],
      [
        'a GLOBAL one with a groupId',
        { type: 0, groupId: 'ops', resourceType: 1 },
        {
          type: 'ProcessEngineException',
          message: "ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization",
          code: 0,
        },
      ],
      [
        'a GLOBAL one with a userId',
        { type: 0, userId: 'ann', resourceType: 1 },
        {
          type: 'ProcessEngineException',
          message: "ENGINE-03028 Illegal value 'ann' for userId for GLOBAL authorization. Must be '*'",
          code: 0,
        },
      ],
      [
        'one with userId and groupId',
        { type: 1, userId: 'ann', groupId: 'ops', resourceType: 1 },
        { type: 'NullValueException', message: "Authorization must either have a 'userId' or a 'groupId'.", code: 0 },
      ],
      [
        'one without userId and groupId',
        { type: 1, resourceType: 1 },
        { type: 'NullValueException', message: "Authorization must either have a 'userId' or a 'groupId'.", code: 0 },
      ],
      [
        'one without a resourceType',
        { type: 1, userId: 'ann' },
        { type: 'NullValueException', message: 'resourceType is null', code: 0 },
      ],
      [
        'an unknown permission',
        { type: 1, userId: 'ann', resourceType: 13, permissions: ['FLY'] },
        {
          type: 'BadUserRequestException',
          message: "The permission 'FLY' is not valid for 'BATCH' resource type.",
          code: 0,
        },
      ],
      [
        'a permission of another resource type',
        { type: 1, userId: 'ann', resourceType: 1, permissions: ['ACCESS'] },
        {
          type: 'BadUserRequestException',
          message: "ENGINE-03087 The resource type with id:'1' is not valid for 'ACCESS' permission.",
          code: 0,
        },
      ],
    ])('refuses %s with 400', async (_name, body, error) => {
      expect((await admin().post('/authorization/create').send(body).expect(400)).body).toEqual(error);
    });

    it('refuses malformed JSON and values of the wrong type', async () => {
      expect(
        (
          await admin()
            .post('/authorization/create')
            .set('Content-Type', 'application/json')
            .send('{"type":')
            .expect(400)
        ).body,
      ).toEqual(invalid(''));
      for (const body of [
        { type: 1, userId: 'ann', resourceType: 1, permissions: 'READ' },
        { type: 'grant', userId: 'ann', resourceType: 1 },
        { type: 1.5, userId: 'ann', resourceType: 1 },
        { type: 1, userId: 'ann', resourceType: 'user' },
        { type: 1, userId: ['ann'], resourceType: 1 },
        [{ type: 1 }],
      ]) {
        expect((await admin().post('/authorization/create').send(body).expect(400)).body.type).toBe(
          'InvalidRequestException',
        );
      }
      // Like Jackson, numeric strings are taken as numbers.
      const coerced = await create({ type: '1', userId: 'ann', resourceType: '16', resourceId: 'coerced' });
      expect(coerced).toMatchObject({ type: 1, resourceType: 16 });
      await remove(coerced.id);
    });

    it('refuses a duplicate through the unique constraint', async () => {
      const first = await create({ userId: 'ann', resourceType: 16, resourceId: 'dup', permissions: ['READ'] });
      const res = await admin()
        .post('/authorization/create')
        .send({ userId: 'ann', resourceType: 16, resourceId: 'dup', permissions: ['UPDATE'] })
        .expect(409);
      expect(res.body).toMatchObject({ type: 'ProcessEnginePersistenceException' });
      await remove(first.id);
    });

    it('updates owner, resource and permissions, but never the type', async () => {
      const created = await create({
        type: 2,
        userId: 'ann',
        resourceType: 16,
        resourceId: 'x',
        permissions: ['READ'],
      });
      await admin()
        .put(`/authorization/${created.id}`)
        .send({ type: 1, groupId: 'ops', resourceType: 15, resourceId: 'y', permissions: ['DELETE'] })
        .expect(204);
      expect((await admin().get(`/authorization/${created.id}`).expect(200)).body).toMatchObject({
        type: 2,
        userId: null,
        groupId: 'ops',
        resourceType: 15,
        resourceId: 'y',
        permissions: ['DELETE'],
      });
      // Without permissions (and resourceType) the stored ones stay.
      await admin().put(`/authorization/${created.id}`).send({ groupId: 'ops', resourceId: 'z' }).expect(204);
      expect((await admin().get(`/authorization/${created.id}`).expect(200)).body).toMatchObject({
        resourceType: 15,
        resourceId: 'z',
        permissions: ['DELETE'],
      });
      const noOwner = await admin().put(`/authorization/${created.id}`).send({ resourceId: 'z' }).expect(400);
      expect(noOwner.body.message).toBe("Authorization must either have a 'userId' or a 'groupId'.");
      const badPermission = await admin()
        .put(`/authorization/${created.id}`)
        .send({ groupId: 'ops', permissions: ['FLY'] })
        .expect(400);
      expect(badPermission.body.message).toBe("The permission 'FLY' is not valid for 'REPORT' resource type.");
      expect(
        (await admin().put(`/authorization/${created.id}`).send({ groupId: 'ops', permissions: 'READ' }).expect(400))
          .body.type,
      ).toBe('InvalidRequestException');
      await admin().put(`/authorization/${created.id}`).set('Content-Type', 'application/json').send('{').expect(400);
      await remove(created.id);
    });

    it('answers 404 for unknown ids on get, update and delete', async () => {
      const notFound = invalid('Authorization with id nope does not exist.');
      expect((await admin().get('/authorization/nope').expect(404)).body).toEqual(notFound);
      expect(
        (await admin().put('/authorization/nope').send({ userId: 'ann', resourceType: 1 }).expect(404)).body,
      ).toEqual(notFound);
      expect((await admin().delete('/authorization/nope').expect(404)).body).toEqual(notFound);
    });

    it('deletes with 204, then the id is unknown', async () => {
      const created = await create({ userId: 'ann', resourceType: 16, resourceId: 'gone' });
      await admin().delete(`/authorization/${created.id}`).expect(204);
      await admin().delete(`/authorization/${created.id}`).expect(404);
    });
  });

  describe('GET /authorization and /authorization/count', () => {
    const rows: Record<string, AuthorizationBody> = {};
    const q = (query: string) => admin().get(`/authorization?resourceType=17&${query}`).expect(200);
    const idsOf = (body: AuthorizationBody[]) => body.map((a) => a.id);
    const byId = (...names: string[]) => names.map((n) => rows[n].id).sort();

    beforeAll(async () => {
      rows.a = await create({ type: 1, userId: 'ann', resourceType: 17, resourceId: 'cat1', permissions: ['READ'] });
      rows.b = await create({
        type: 1,
        groupId: 'ops',
        resourceType: 17,
        resourceId: 'cat2',
        permissions: ['READ', 'UPDATE'],
      });
      rows.c = await create({ type: 2, userId: 'ben', resourceType: 17, resourceId: 'cat1', permissions: ['DELETE'] });
      rows.d = await create({ type: 0, resourceType: 17, resourceId: '*', permissions: ['READ'] });
    });
    afterAll(async () => {
      for (const row of Object.values(rows)) await remove(row.id);
    });

    it.each([
      ['', ['a', 'b', 'c', 'd']],
      ['type=2', ['c']],
      ['type=0', ['d']],
      ['userIdIn=ann,ben', ['a', 'c']],
      ['userIdIn=*', ['d']],
      ['groupIdIn=ops,other', ['b']],
      ['resourceId=cat1', ['a', 'c']],
      ['resourceId=cat1&type=1', ['a']],
    ])('filters by %s, ordered by id, with a matching count', async (query, names) => {
      expect(idsOf((await q(query)).body)).toEqual(byId(...names));
      expect((await admin().get(`/authorization/count?resourceType=17&${query}`).expect(200)).body).toEqual({
        count: names.length,
      });
    });

    it('filters by id', async () => {
      expect(idsOf((await admin().get(`/authorization?id=${rows.b.id}`).expect(200)).body)).toEqual([rows.b.id]);
    });

    it('sorts by resourceId and resourceType, and pages', async () => {
      const asc = idsOf((await q('sortBy=resourceId&sortOrder=asc')).body);
      expect(asc).toEqual([rows.d.id, ...byId('a', 'c'), rows.b.id]);
      expect(idsOf((await q('sortBy=resourceId&sortOrder=desc&maxResults=1')).body)).toEqual([rows.b.id]);
      expect(idsOf((await q('sortBy=resourceId&sortOrder=asc&firstResult=3')).body)).toEqual([rows.b.id]);
      // equal resource types: the id breaks the tie in the sort's direction
      expect(
        idsOf(
          (await admin().get('/authorization?resourceId=cat1&sortBy=resourceType&sortOrder=desc').expect(200)).body,
        ),
      ).toEqual(byId('a', 'c').reverse());
    });

    it.each([
      ['sortBy=userId&sortOrder=asc', "Cannot set query parameter 'sortBy' to value 'userId'"],
      ['sortBy=resourceId', 'Only a single sorting parameter specified. sortBy and sortOrder required'],
      [
        'type=grant',
        "Cannot set query parameter 'type' to value 'grant': Cannot convert value grant to java type java.lang.Integer",
      ],
      [
        'resourceType=1.5',
        "Cannot set query parameter 'resourceType' to value '1.5': Cannot convert value 1.5 to java type java.lang.Integer",
      ],
    ])('answers 400 for %s', async (query, message) => {
      expect((await admin().get(`/authorization?${query}`).expect(400)).body).toEqual(invalid(message));
    });

    it('counts refuse wrong types too', async () => {
      await admin().get('/authorization/count?type=x').expect(400);
    });
  });

  describe('GET /authorization/check', () => {
    const check = (query: string) => admin().get(`/authorization/check?${query}`);

    it.each([
      ['resourceName=User&resourceType=1', "Query parameter 'permissionName' cannot be null"],
      ['permissionName=READ&resourceType=1', "Query parameter 'resourceName' cannot be null"],
      ['permissionName=READ&resourceName=User', "Query parameter 'resourceType' cannot be null"],
      [
        'permissionName=READ&resourceName=User&resourceType=user',
        "Cannot set query parameter 'resourceType' to value 'user'",
      ],
    ])('answers 400 for %s', async (query, message) => {
      expect((await check(query).expect(400)).body).toEqual(invalid(message));
    });

    it('refuses permissions that are unknown or do not apply to the resource type', async () => {
      expect((await check('permissionName=FLY&resourceName=User&resourceType=1').expect(400)).body).toEqual({
        type: 'BadUserRequestException',
        message: "The permission 'FLY' is not valid for 'USER' resource type.",
        code: 0,
      });
      expect((await check('permissionName=ACCESS&resourceName=User&resourceType=1').expect(400)).body).toEqual({
        type: 'BadUserRequestException',
        message: "ENGINE-03087 The resource type with id:'1' is not valid for 'ACCESS' permission.",
        code: 0,
      });
      // A name every object inherits is no permission either (it once resolved to a function).
      expect(
        (await check('permissionName=constructor&resourceName=ProcessDefinition&resourceType=6').expect(400)).body
          .message,
      ).toBe("The permission 'constructor' is not valid for 'PROCESS_DEFINITION' resource type.");
    });

    it('answers for the caller, echoing the request', async () => {
      expect(
        (await check('permissionName=DELETE&resourceName=User&resourceType=1&resourceId=ben').expect(200)).body,
      ).toEqual({
        permissionName: 'DELETE',
        resourceName: 'User',
        resourceId: 'ben',
        authorized: true,
      });
      expect(
        (
          await ann()
            .get('/authorization/check?permissionName=UPDATE&resourceName=User&resourceType=1&resourceId=ann')
            .expect(200)
        ).body,
      ).toEqual({
        permissionName: 'UPDATE',
        resourceName: 'User',
        resourceId: 'ann',
        authorized: true,
      });
      expect(
        (await ann().get('/authorization/check?permissionName=READ&resourceName=User&resourceType=1').expect(200)).body,
      ).toEqual({
        permissionName: 'READ',
        resourceName: 'User',
        resourceId: null,
        authorized: false,
      });
      expect(
        (
          await ann()
            .get('/authorization/check?permissionName=READ&resourceName=User&resourceType=1&resourceId=ben&userId=ann')
            .expect(200)
        ).body.authorized,
      ).toBe(false);
    });

    it('checks another user only for callers with READ on Authorization', async () => {
      const url =
        '/authorization/check?permissionName=READ&resourceName=Group&resourceType=2&resourceId=ops&userId=ben';
      expect((await ann().get(url).expect(403)).body).toEqual({
        type: 'InvalidRequestException',
        message: 'You must have READ permission for Authorization resource.',
        code: null,
      });
      const readAll = await create({ userId: 'ann', resourceType: 4, resourceId: '*', permissions: ['READ'] });
      expect((await ann().get(url).expect(200)).body).toEqual({
        permissionName: 'READ',
        resourceName: 'Group',
        resourceId: 'ops',
        authorized: true,
      });
      await remove(readAll.id);
      await ann().get(url).expect(403);
    });

    describe("decides with Camunda's precedence", () => {
      const created: string[] = [];
      const rule = async (body: object) => created.push((await create({ type: 1, permissions: ['READ'], ...body })).id);
      const authorized = async (user: string, resourceType: number, resourceId?: string) => {
        const idPart = resourceId === undefined ? '' : `&resourceId=${encodeURIComponent(resourceId)}`;
        return (
          await check(`permissionName=READ&resourceName=X&resourceType=${resourceType}&userId=${user}${idPart}`).expect(
            200,
          )
        ).body.authorized;
      };
      afterAll(async () => {
        for (const id of created) await remove(id);
      });

      it('user over group, the specific id over *', async () => {
        expect(await authorized('ben', 16, 'd1')).toBe(false);
        await rule({ groupId: 'ops', resourceType: 16, resourceId: '*' });
        expect([await authorized('ben', 16, 'd1'), await authorized('ann', 16, 'd1')]).toEqual([true, false]);
        await rule({ type: 2, userId: 'ben', resourceType: 16, resourceId: 'd1' });
        expect([
          await authorized('ben', 16, 'd1'),
          await authorized('ben', 16, 'd2'),
          await authorized('ben', 16),
        ]).toEqual([false, true, true]);
      });

      it('group over global, user over both', async () => {
        await rule({ type: 0, resourceType: 15, resourceId: '*' });
        expect([await authorized('ann', 15, 'r1'), await authorized('ben', 15, 'r1')]).toEqual([true, true]);
        await rule({ type: 2, groupId: 'ops', resourceType: 15, resourceId: '*' });
        expect([await authorized('ann', 15, 'r1'), await authorized('ben', 15, 'r1')]).toEqual([true, false]);
        await rule({ userId: 'ben', resourceType: 15, resourceId: 'r1' });
        expect([await authorized('ben', 15, 'r1'), await authorized('ben', 15, 'r2')]).toEqual([true, false]);
      });

      it('a revoke on an id under a * grant; * and no id are type-level checks', async () => {
        await rule({ userId: 'ann', resourceType: 5, resourceId: '*' });
        await rule({ type: 2, userId: 'ann', resourceType: 5, resourceId: 'f1' });
        expect([
          await authorized('ann', 5, 'f1'),
          await authorized('ann', 5, 'f2'),
          await authorized('ann', 5, '*'),
          await authorized('ann', 5),
        ]).toEqual([false, true, true, true]);
      });
    });
  });

  describe('permissions in practice', () => {
    it('forbids without an authorization, allows after a grant, forbids again after a revoke', async () => {
      await ann().get('/user/ben/profile').expect(404);
      const readAll = await create({ userId: 'ann', resourceType: 1, resourceId: '*', permissions: ['READ'] });
      await ann().get('/user/ben/profile').expect(200);
      expect((await ann().get('/user').expect(200)).body.map((u: { id: string }) => u.id)).toEqual([
        'ann',
        'ben',
        'demo',
      ]);
      const revoke = await create({
        type: 2,
        userId: 'ann',
        resourceType: 1,
        resourceId: 'ben',
        permissions: ['READ'],
      });
      await ann().get('/user/ben/profile').expect(404);
      expect((await ann().get('/user').expect(200)).body.map((u: { id: string }) => u.id)).toEqual(['ann', 'demo']);
      expect((await ann().get('/user/count').expect(200)).body).toEqual({ count: 2 });
      await remove(revoke.id);
      await remove(readAll.id);
    });

    it('answers 403 with the missing authorization, until granted', async () => {
      const denied = await ann().put('/group/ops').send({ id: 'ops', name: 'Ops' }).expect(403);
      expect(denied.body).toEqual({
        type: 'AuthorizationException',
        message: "The user with id 'ann' does not have 'UPDATE' permission on resource 'ops' of type 'Group'.",
        code: 0,
        userId: 'ann',
        resourceName: 'Group',
        resourceId: 'ops',
        permissionName: 'UPDATE',
        missingAuthorizations: [{ permissionName: 'UPDATE', resourceName: 'Group', resourceId: 'ops' }],
      });
      const update = await create({ userId: 'ann', resourceType: 2, resourceId: 'ops', permissions: ['UPDATE'] });
      await ann().put('/group/ops').send({ id: 'ops', name: 'Ops' }).expect(204);
      await remove(update.id);
      await ann().put('/group/ops').send({ id: 'ops', name: 'Ops' }).expect(403);
    });

    it('lets group grants count for members', async () => {
      await t.as('ben', 'benpw').post('/group/create').send({ id: 'bens' }).expect(403);
      const grant = await create({ groupId: 'ops', resourceType: 2, resourceId: '*', permissions: ['CREATE'] });
      await t.as('ben', 'benpw').post('/group/create').send({ id: 'bens' }).expect(204);
      await remove(grant.id);
      await admin().delete('/group/bens').expect(204);
    });

    it('restricts the authorization list to what the caller may read', async () => {
      expect((await ann().get('/authorization').expect(200)).body).toEqual([]);
      const visible = await create({ userId: 'ben', resourceType: 16, resourceId: 'seen', permissions: ['READ'] });
      const hidden = await create({ userId: 'ben', resourceType: 16, resourceId: 'unseen', permissions: ['READ'] });
      const readOne = await create({ userId: 'ann', resourceType: 4, resourceId: visible.id, permissions: ['READ'] });
      expect((await ann().get('/authorization').expect(200)).body.map((a: AuthorizationBody) => a.id)).toEqual([
        visible.id,
      ]);
      expect((await ann().get('/authorization/count').expect(200)).body).toEqual({ count: 1 });
      await ann().get(`/authorization/${visible.id}`).expect(200);
      expect((await ann().get(`/authorization/${hidden.id}`).expect(404)).body).toEqual(
        invalid(`Authorization with id ${hidden.id} does not exist.`),
      );
      const del = await ann().delete(`/authorization/${visible.id}`).expect(403);
      expect(del.body.message).toBe(
        `The user with id 'ann' does not have 'DELETE' permission on resource '${visible.id}' of type 'Authorization'.`,
      );
      expect(
        (
          await ann()
            .post('/authorization/create')
            .send({ userId: 'ann', resourceType: 1, resourceId: '*', permissions: ['ALL'] })
            .expect(403)
        ).body.message,
      ).toBe("The user with id 'ann' does not have 'CREATE' permission on resource 'Authorization'.");
      for (const a of [readOne, visible, hidden]) await remove(a.id);
    });
  });

  describe('OPTIONS', () => {
    const rels = (body: { links: Array<{ rel: string; method: string }> }) =>
      body.links.map((l) => `${l.method} ${l.rel}`);

    it('lists every operation for an admin', async () => {
      expect(rels((await admin().options('/authorization').expect(200)).body)).toEqual([
        'GET list',
        'GET count',
        'POST create',
      ]);
      const res = await admin().options('/authorization/some-id').expect(200);
      expect(rels(res.body)).toEqual(['GET self', 'DELETE delete', 'PUT update']);
      expect(res.body.links[0].href).toMatch(/^http:\/\/[^/]+\/engine-rest\/authorization\/some-id$/);
    });

    it('lists only what a user may do', async () => {
      expect(rels((await ann().options('/authorization').expect(200)).body)).toEqual(['GET list', 'GET count']);
      expect(rels((await ann().options('/authorization/some-id').expect(200)).body)).toEqual(['GET self']);
      const grant = await create({ userId: 'ann', resourceType: 4, resourceId: 'some-id', permissions: ['DELETE'] });
      expect(rels((await ann().options('/authorization/some-id').expect(200)).body)).toEqual([
        'GET self',
        'DELETE delete',
      ]);
      await remove(grant.id);
    });
  });
});
