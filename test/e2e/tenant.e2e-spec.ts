import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });

describe(`tenant resource (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');
  const gina = () => t.as('gina', 'ginapw');
  const hank = () => t.as('hank', 'hankpw');
  const ids = (body: Array<{ id: string }>) => body.map((x) => x.id);
  const rels = (body: { links: Array<{ rel: string }> }) => body.links.map((l) => l.rel);

  async function grant(rule: object): Promise<string> {
    const res = await admin()
      .post('/authorization/create')
      .send({ type: 1, resourceType: 11, ...rule })
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
    await admin().post('/group/create').send({ id: 'sales', name: 'Sales' }).expect(204);
    await admin().put('/group/sales/members/hank').expect(204);
    await admin().post('/tenant/create').send({ id: 'tenantOne', name: 'Tenant One' }).expect(204);
    await admin().post('/tenant/create').send({ id: 'tenantTwo', name: 'Tenant Two' }).expect(204);
    await admin().post('/tenant/create').send({ id: 'zeta' }).expect(204);
  });
  afterAll(() => t.close());

  describe('create, get, update, delete (IdentityServiceTenantTest)', () => {
    it('creates with 204 and no body, and reads back (#createTenant)', async () => {
      const res = await admin().post('/tenant/create').send({ id: 'temp', name: 'Temp' }).expect(204);
      expect(res.text).toBe('');
      expect((await admin().get('/tenant/temp').expect(200)).body).toEqual({ id: 'temp', name: 'Temp' });
    });

    it('updates the name with 204 (#updateTenant)', async () => {
      await admin().put('/tenant/temp').send({ id: 'temp', name: 'Renamed' }).expect(204);
      expect((await admin().get('/tenant/temp').expect(200)).body).toEqual({ id: 'temp', name: 'Renamed' });
      await admin().put('/tenant/temp').send({ id: 'temp', name: null }).expect(204);
      expect((await admin().get('/tenant/temp').expect(200)).body).toEqual({ id: 'temp', name: null });
    });

    it('deletes with 204, with its memberships and the authorizations on it; unknown ids are a no-op (#deleteTenant, #deleteTenantMembershipsOfTenant)', async () => {
      await admin().put('/tenant/temp/user-members/gina').expect(204);
      await admin().put('/tenant/temp/group-members/sales').expect(204);
      await grant({ userId: 'hank', resourceId: 'temp', permissions: ['UPDATE'] });
      expect((await admin().get('/authorization/count?resourceType=11&resourceId=temp').expect(200)).body).toEqual({
        count: 3,
      });
      await admin().delete('/tenant/temp').expect(204);
      await admin().get('/tenant/temp').expect(404);
      expect((await admin().get('/tenant/count?userMember=gina').expect(200)).body).toEqual({ count: 0 });
      expect((await admin().get('/tenant/count?groupMember=sales').expect(200)).body).toEqual({ count: 0 });
      expect((await admin().get('/authorization/count?resourceType=11&resourceId=temp').expect(200)).body).toEqual({
        count: 0,
      });
      await admin().delete('/tenant/temp').expect(204);
    });

    it('answers 404 for unknown ids on get and update', async () => {
      expect((await admin().get('/tenant/nothere').expect(404)).body).toEqual(
        invalid('Tenant with id nothere does not exist'),
      );
      expect((await admin().put('/tenant/nothere').send({ id: 'nothere', name: 'x' }).expect(404)).body).toEqual(
        invalid('Tenant with id nothere does not exist'),
      );
    });

    it('refuses duplicates, invalid and missing ids', async () => {
      expect((await admin().post('/tenant/create').send({ id: 'tenantOne' }).expect(400)).body).toEqual({
        type: 'BadUserRequestException',
        message: 'The tenant already exists',
        code: 0,
      });
      expect((await admin().post('/tenant/create').send({ id: 'a b' }).expect(400)).body).toEqual({
        type: 'ProcessEngineException',
        message: "Tenant has an invalid id: 'a b' is not a valid resource identifier.",
        code: 0,
      });
      expect((await admin().post('/tenant/create').send({ name: 'No id' }).expect(400)).body).toEqual({
        type: 'NullValueException',
        message: 'tenantId is null',
        code: 0,
      });
      expect(
        (
          await admin()
            .post('/tenant/create')
            .send({ id: 'bad', name: { n: 1 } })
            .expect(400)
        ).body.type,
      ).toBe('InvalidRequestException');
      await admin().get('/tenant/bad').expect(404);
    });
  });

  describe('members (IdentityServiceTenantTest)', () => {
    afterEach(async () => {
      await admin().delete('/tenant/tenantOne/user-members/gina').expect(204);
      await admin().delete('/tenant/tenantOne/group-members/sales').expect(204);
    });

    it('adds and removes user members with 204; removing twice is a no-op (#createTenantUserMembership, #deleteTenantUserMembership)', async () => {
      await admin().put('/tenant/tenantOne/user-members/gina').expect(204);
      expect(ids((await admin().get('/tenant?userMember=gina').expect(200)).body)).toEqual(['tenantOne']);
      expect(ids((await admin().get('/user?memberOfTenant=tenantOne').expect(200)).body)).toEqual(['gina']);
      await admin().delete('/tenant/tenantOne/user-members/gina').expect(204);
      expect(ids((await admin().get('/tenant?userMember=gina').expect(200)).body)).toEqual([]);
      await admin().delete('/tenant/tenantOne/user-members/gina').expect(204);
    });

    it('adds and removes group members with 204 (#createTenantGroupMembership, #deleteTenantGroupMembership)', async () => {
      await admin().put('/tenant/tenantOne/group-members/sales').expect(204);
      expect(ids((await admin().get('/tenant?groupMember=sales').expect(200)).body)).toEqual(['tenantOne']);
      expect(ids((await admin().get('/group?memberOfTenant=tenantOne').expect(200)).body)).toEqual(['sales']);
      expect((await admin().get('/group/count?memberOfTenant=tenantOne').expect(200)).body).toEqual({ count: 1 });
      // The user query counts direct members only.
      expect(ids((await admin().get('/user?memberOfTenant=tenantOne').expect(200)).body)).toEqual([]);
      await admin().delete('/tenant/tenantOne/group-members/sales').expect(204);
      expect(ids((await admin().get('/tenant?groupMember=sales').expect(200)).body)).toEqual([]);
    });

    it('refuses unknown tenants, users and groups, and duplicate memberships', async () => {
      expect((await admin().put('/tenant/nothere/user-members/gina').expect(400)).body).toEqual({
        type: 'NullValueException',
        message: "No tenant found with id 'nothere'.: tenant is null",
        code: 0,
      });
      expect((await admin().put('/tenant/tenantOne/user-members/nobody').expect(400)).body).toEqual({
        type: 'NullValueException',
        message: "No user found with id 'nobody'.: user is null",
        code: 0,
      });
      expect((await admin().put('/tenant/tenantOne/group-members/nogroup').expect(400)).body).toEqual({
        type: 'NullValueException',
        message: "No group found with id 'nogroup'.: group is null",
        code: 0,
      });
      await admin().put('/tenant/tenantOne/user-members/gina').expect(204);
      expect((await admin().put('/tenant/tenantOne/user-members/gina').expect(400)).body.message).toBe(
        "User 'gina' is already a member of tenant 'tenantOne'",
      );
    });

    it('lets members read their tenant at once (DefaultAuthorizationProvider#tenantMembershipCreated), and stops it when they leave', async () => {
      await gina().get('/tenant/tenantOne').expect(404);
      await hank().get('/tenant/tenantOne').expect(404);
      await admin().put('/tenant/tenantOne/user-members/gina').expect(204);
      await admin().put('/tenant/tenantOne/group-members/sales').expect(204);
      expect((await gina().get('/tenant/tenantOne').expect(200)).body).toEqual({ id: 'tenantOne', name: 'Tenant One' });
      expect(ids((await gina().get('/tenant').expect(200)).body)).toEqual(['tenantOne']);
      expect(ids((await hank().get('/tenant').expect(200)).body)).toEqual(['tenantOne']);
      await admin().delete('/tenant/tenantOne/user-members/gina').expect(204);
      await admin().delete('/tenant/tenantOne/group-members/sales').expect(204);
      await gina().get('/tenant/tenantOne').expect(404);
      expect(ids((await hank().get('/tenant').expect(200)).body)).toEqual([]);
    });

    it('deleting a user or a group removes its tenant memberships (#deleteTenantMembershipsOfUser, #deleteTenantMembershipsOfGroup)', async () => {
      await admin()
        .post('/user/create')
        .send({ profile: { id: 'ivy' }, credentials: { password: 'ivypw' } })
        .expect(204);
      await admin().post('/group/create').send({ id: 'temps' }).expect(204);
      await admin().put('/tenant/tenantTwo/user-members/ivy').expect(204);
      await admin().put('/tenant/tenantTwo/group-members/temps').expect(204);
      await admin().delete('/user/ivy').expect(204);
      await admin().delete('/group/temps').expect(204);
      expect((await admin().get('/tenant/count?userMember=ivy').expect(200)).body).toEqual({ count: 0 });
      expect((await admin().get('/tenant/count?groupMember=temps').expect(200)).body).toEqual({ count: 0 });
      expect((await admin().get('/authorization/count?resourceType=11&resourceId=tenantTwo').expect(200)).body).toEqual(
        { count: 0 },
      );
    });
  });

  describe('queries (TenantQueryTest)', () => {
    beforeAll(async () => {
      await admin().put('/tenant/tenantOne/user-members/gina').expect(204);
      await admin().put('/tenant/tenantTwo/group-members/sales').expect(204);
      await admin().put('/group/sales/members/gina').expect(204);
    });
    afterAll(async () => {
      await admin().delete('/tenant/tenantOne/user-members/gina').expect(204);
      await admin().delete('/tenant/tenantTwo/group-members/sales').expect(204);
      await admin().delete('/group/sales/members/gina').expect(204);
    });

    it.each([
      ['', ['tenantOne', 'tenantTwo', 'zeta']],
      ['id=tenantOne', ['tenantOne']],
      ['id=nothere', []],
      ['name=Tenant Two', ['tenantTwo']],
      ['nameLike=Tenant%', ['tenantOne', 'tenantTwo']],
      ['nameLike=Two', ['tenantTwo']],
      ['userMember=gina', ['tenantOne']],
      ['userMember=gina&includingGroupsOfUser=true', ['tenantOne', 'tenantTwo']],
      ['userMember=hank&includingGroupsOfUser=true', ['tenantTwo']],
      ['userMember=hank', []],
      ['groupMember=sales', ['tenantTwo']],
      ['includingGroupsOfUser=false&userMember=gina', ['tenantOne']],
    ])(
      'filters by %s, with a matching count (#queryById, #queryByName, #queryByNameLike, #queryByUser, #queryByGroup, #queryByUserIncludingGroups)',
      async (query, expected) => {
        expect(ids((await admin().get(`/tenant?${query}`).expect(200)).body)).toEqual(expected);
        expect((await admin().get(`/tenant/count?${query}`).expect(200)).body).toEqual({ count: expected.length });
      },
    );

    it('sorts by id and name and pages (#queryOrderById, #queryOrderByName)', async () => {
      expect(ids((await admin().get('/tenant?sortBy=id&sortOrder=desc').expect(200)).body)).toEqual([
        'zeta',
        'tenantTwo',
        'tenantOne',
      ]);
      expect(ids((await admin().get('/tenant?sortBy=name&sortOrder=desc').expect(200)).body)).toEqual([
        'tenantTwo',
        'tenantOne',
        'zeta',
      ]);
      expect(ids((await admin().get('/tenant?firstResult=1&maxResults=1').expect(200)).body)).toEqual(['tenantTwo']);
      expect((await admin().get('/tenant').expect(200)).body[0]).toEqual({ id: 'tenantOne', name: 'Tenant One' });
    });

    it('answers 400 for unknown sort keys and half a sorting', async () => {
      expect((await admin().get('/tenant?sortBy=members&sortOrder=asc').expect(400)).body).toEqual(
        invalid("Cannot set query parameter 'sortBy' to value 'members'"),
      );
      expect((await admin().get('/tenant?sortBy=id').expect(400)).body).toEqual(
        invalid('Only a single sorting parameter specified. sortBy and sortOrder required'),
      );
    });
  });

  describe('OPTIONS', () => {
    const link = (method: string, path: string, rel: string) => ({
      method,
      href: expect.stringMatching(new RegExp(`^http://[^/]+/engine-rest${path}$`)),
      rel,
    });

    it('lists every operation for an admin', async () => {
      expect((await admin().options('/tenant').expect(200)).body).toEqual({
        links: [
          link('GET', '/tenant', 'list'),
          link('GET', '/tenant/count', 'count'),
          link('POST', '/tenant/create', 'create'),
        ],
      });
      expect((await admin().options('/tenant/tenantOne').expect(200)).body).toEqual({
        links: [
          link('GET', '/tenant/tenantOne', 'self'),
          link('DELETE', '/tenant/tenantOne', 'delete'),
          link('PUT', '/tenant/tenantOne', 'update'),
        ],
      });
      for (const members of ['user-members', 'group-members']) {
        expect((await admin().options(`/tenant/tenantOne/${members}`).expect(200)).body).toEqual({
          links: [
            link('GET', `/tenant/tenantOne/${members}`, 'self'),
            link('DELETE', `/tenant/tenantOne/${members}`, 'delete'),
            link('PUT', `/tenant/tenantOne/${members}`, 'create'),
          ],
        });
      }
    });

    it('lists only what a user without authorizations may do, and follows grants', async () => {
      expect(rels((await gina().options('/tenant').expect(200)).body)).toEqual(['list', 'count']);
      expect(rels((await gina().options('/tenant/tenantOne').expect(200)).body)).toEqual(['self']);
      expect(rels((await gina().options('/tenant/tenantOne/user-members').expect(200)).body)).toEqual(['self']);
      const update = await grant({ userId: 'gina', resourceId: 'tenantOne', permissions: ['UPDATE'] });
      const members = await grant({
        userId: 'gina',
        resourceType: 12,
        resourceId: 'tenantOne',
        permissions: ['DELETE'],
      });
      const create = await grant({ userId: 'gina', resourceId: '*', permissions: ['CREATE'] });
      expect(rels((await gina().options('/tenant').expect(200)).body)).toEqual(['list', 'count', 'create']);
      expect(rels((await gina().options('/tenant/tenantOne').expect(200)).body)).toEqual(['self', 'update']);
      expect(rels((await gina().options('/tenant/tenantOne/group-members').expect(200)).body)).toEqual([
        'self',
        'delete',
      ]);
      expect(rels((await gina().options('/tenant/tenantTwo').expect(200)).body)).toEqual(['self']);
      for (const id of [update, members, create]) await admin().delete(`/authorization/${id}`).expect(204);
    });
  });

  describe('authorizations (Tenant 11, TenantMembership 12)', () => {
    const denied = (permission: string, resource: string, resourceId: string | null) => ({
      type: 'AuthorizationException',
      message:
        resourceId == null
          ? `The user with id 'hank' does not have '${permission}' permission on resource '${resource}'.`
          : `The user with id 'hank' does not have '${permission}' permission on resource '${resourceId}' of type '${resource}'.`,
      code: 0,
      userId: 'hank',
      resourceName: resource,
      resourceId,
      permissionName: permission,
      missingAuthorizations: [{ permissionName: permission, resourceName: resource, resourceId }],
    });

    it('needs CREATE on Tenant to create one, and grants the creator nothing (DefaultAuthorizationProvider#newTenant)', async () => {
      expect((await hank().post('/tenant/create').send({ id: 'hanks' }).expect(403)).body).toEqual(
        denied('CREATE', 'Tenant', null),
      );
      const create = await grant({ userId: 'hank', resourceId: '*', permissions: ['CREATE'] });
      await hank().post('/tenant/create').send({ id: 'hanks' }).expect(204);
      await hank().get('/tenant/hanks').expect(404);
      expect((await admin().get('/authorization/count?resourceType=11&resourceId=hanks').expect(200)).body).toEqual({
        count: 0,
      });
      await admin().delete(`/authorization/${create}`).expect(204);
    });

    it('needs READ to see, UPDATE to change and DELETE to remove a tenant', async () => {
      await hank().get('/tenant/hanks').expect(404);
      expect(ids((await hank().get('/tenant').expect(200)).body)).toEqual([]);
      const read = await grant({ userId: 'hank', resourceId: 'hanks', permissions: ['READ'] });
      expect(ids((await hank().get('/tenant').expect(200)).body)).toEqual(['hanks']);
      expect((await hank().get('/tenant/count').expect(200)).body).toEqual({ count: 1 });
      expect((await hank().put('/tenant/hanks').send({ id: 'hanks', name: 'H' }).expect(403)).body).toEqual(
        denied('UPDATE', 'Tenant', 'hanks'),
      );
      expect((await hank().delete('/tenant/hanks').expect(403)).body).toEqual(denied('DELETE', 'Tenant', 'hanks'));
      await admin().delete(`/authorization/${read}`).expect(204);
      const all = await grant({ userId: 'hank', resourceId: 'hanks', permissions: ['READ', 'UPDATE', 'DELETE'] });
      await hank().put('/tenant/hanks').send({ id: 'hanks', name: 'H' }).expect(204);
      expect((await hank().get('/tenant/hanks').expect(200)).body).toEqual({ id: 'hanks', name: 'H' });
      await hank().delete('/tenant/hanks').expect(204);
      await admin().get(`/authorization/${all}`).expect(404);
    });

    it('needs CREATE and DELETE on TenantMembership of the tenant to change its members', async () => {
      expect((await hank().put('/tenant/zeta/user-members/gina').expect(403)).body).toEqual(
        denied('CREATE', 'TenantMembership', 'zeta'),
      );
      expect((await hank().delete('/tenant/zeta/group-members/sales').expect(403)).body).toEqual(
        denied('DELETE', 'TenantMembership', 'zeta'),
      );
      const rule = await grant({
        userId: 'hank',
        resourceType: 12,
        resourceId: 'zeta',
        permissions: ['CREATE', 'DELETE'],
      });
      await hank().put('/tenant/zeta/user-members/gina').expect(204);
      await hank().delete('/tenant/zeta/user-members/gina').expect(204);
      await hank().put('/tenant/tenantOne/user-members/gina').expect(403);
      await admin().delete(`/authorization/${rule}`).expect(204);
    });
  });
});
