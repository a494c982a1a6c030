import { createTestApp, databaseLabel, TestApp, NO_LOGIN_DELAY } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });

describe(`user resource (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');

  const createUser = (id: string, password: string | null, profile: object = {}) =>
    admin()
      .post('/user/create')
      .send({ profile: { id, ...profile }, ...(password ? { credentials: { password } } : {}) });
  const ids = (body: Array<{ id: string }>) => body.map((u) => u.id);

  beforeAll(async () => {
    t = await createTestApp(NO_LOGIN_DELAY);
    await createUser('alice', 'alicepw', { firstName: 'Alice', lastName: 'Smith', email: 'alice@example.com' }).expect(
      204,
    );
    await createUser('bob', 'bobpw', { firstName: 'Bob', lastName: 'Jones', email: 'bob@example.org' }).expect(204);
    await createUser('carol', null, { firstName: 'Carol', lastName: 'Smith' }).expect(204);
    await admin().post('/group/create').send({ id: 'team', name: 'Team' }).expect(204);
    await admin().put('/group/team/members/bob').expect(204);
  });
  afterAll(() => t.close());

  describe('POST /user/create', () => {
    it('answers 204 without a body and stores the profile', async () => {
      const res = await createUser('dave', null, { firstName: 'Dave' }).expect(204);
      expect(res.text).toBe('');
      const profile = await admin().get('/user/dave/profile').expect(200);
      expect(profile.body).toEqual({ id: 'dave', firstName: 'Dave', lastName: null, email: null });
      await admin().delete('/user/dave').expect(204);
    });

    it('stores a salted hash instead of the password', async () => {
      const rows: Array<{ pwd: string }> = await t.engine.dataSource.query('SELECT pwd FROM act_id_user WHERE id = ?', [
        'alice',
      ]);
      expect(rows[0].pwd).toMatch(/^scrypt\$/);
      expect(rows[0].pwd).not.toContain('alicepw');
      await t.as('alice', 'alicepw').get('/user/alice/profile').expect(200);
    });

    it("refuses a missing profile or id with Camunda's message", async () => {
      const message = 'request object must provide profile information with valid id.';
      expect((await admin().post('/user/create').send({}).expect(400)).body).toEqual(invalid(message));
      expect(
        (
          await admin()
            .post('/user/create')
            .send({ profile: { firstName: 'x' } })
            .expect(400)
        ).body,
      ).toEqual(invalid(message));
    });

    it('refuses duplicates and invalid ids', async () => {
      const dup = await createUser('alice', null).expect(400);
      expect(dup.body).toEqual({ type: 'BadUserRequestException', message: 'The user already exists', code: 0 });
      const bad = await createUser('no way', null).expect(400);
      expect(bad.body).toEqual({
        type: 'ProcessEngineException',
        message: "User has an invalid id: 'no way' is not a valid resource identifier.",
        code: 0,
      });
    });

    it('refuses malformed JSON and values of the wrong type', async () => {
      const malformed = await admin()
        .post('/user/create')
        .set('Content-Type', 'application/json')
        .send('{"profile": {')
        .expect(400);
      expect(malformed.body).toEqual(invalid(''));
      for (const body of [
        { profile: 'alice' },
        { profile: { id: 'eve', firstName: { first: 'Eve' } } },
        { profile: { id: 'eve' }, credentials: { password: ['x'] } },
        { profile: { id: 'eve' }, credentials: 'secret' },
        [{ profile: { id: 'eve' } }],
      ]) {
        const res = await admin().post('/user/create').send(body).expect(400);
        expect(res.body.type).toBe('InvalidRequestException');
      }
      await admin().get('/user/eve/profile').expect(404);
    });
  });

  describe('GET /user and /user/count', () => {
    it('lists every user ordered by id, each with exactly the profile fields', async () => {
      const res = await admin().get('/user').expect(200);
      expect(ids(res.body)).toEqual(['alice', 'bob', 'carol', 'demo']);
      expect(res.body[0]).toEqual({ id: 'alice', firstName: 'Alice', lastName: 'Smith', email: 'alice@example.com' });
      expect((await admin().get('/user/count').expect(200)).body).toEqual({ count: 4 });
    });

    it.each([
      ['id=bob', ['bob']],
      ['idIn=carol,alice,nobody', ['alice', 'carol']],
      ['firstName=Alice', ['alice']],
      ['firstNameLike=aro', ['carol']],
      ['firstNameLike=ali', []],
      ['firstNameLike=A_i', ['alice']],
      ['lastName=Smith', ['alice', 'carol']],
      ['lastNameLike=mit', ['alice', 'carol']],
      ['email=bob@example.org', ['bob']],
      ['emailLike=example.com', ['alice']],
      ['memberOfGroup=team', ['bob']],
      ['memberOfGroup=nogroup', []],
      ['memberOfTenant=t1', []],
      ['lastName=Smith&firstNameLike=Car', ['carol']],
      ['unknownParameter=1', ['alice', 'bob', 'carol', 'demo']],
    ])('filters by %s, with a matching count', async (query, expected) => {
      expect(ids((await admin().get(`/user?${query}`).expect(200)).body)).toEqual(expected);
      expect((await admin().get(`/user/count?${query}`).expect(200)).body).toEqual({ count: expected.length });
    });

    it.each([
      ['sortBy=firstName&sortOrder=desc', ['demo', 'carol', 'bob', 'alice']],
      ['sortBy=lastName&sortOrder=asc', ['demo', 'bob', 'alice', 'carol']],
      // carol and demo have no email: their ids break the tie in the sort's direction
      ['sortBy=email&sortOrder=desc', ['bob', 'alice', 'demo', 'carol']],
      ['sortBy=userId&sortOrder=desc', ['demo', 'carol', 'bob', 'alice']],
    ])('sorts by %s', async (query, expected) => {
      expect(ids((await admin().get(`/user?${query}`).expect(200)).body)).toEqual(expected);
    });

    it.each([
      ['firstResult=1&maxResults=2', ['bob', 'carol']],
      ['firstResult=2', ['carol', 'demo']],
      ['maxResults=1', ['alice']],
      ['maxResults=0', []],
      ['firstResult=9', []],
      ['sortBy=userId&sortOrder=desc&firstResult=1&maxResults=1', ['carol']],
    ])('pages with %s', async (query, expected) => {
      expect(ids((await admin().get(`/user?${query}`).expect(200)).body)).toEqual(expected);
    });

    it('counts without paging', async () => {
      expect((await admin().get('/user/count?firstResult=1&maxResults=1').expect(200)).body).toEqual({ count: 4 });
    });

    it.each([
      ['sortBy=nickname&sortOrder=asc', "Cannot set query parameter 'sortBy' to value 'nickname'"],
      ['sortBy=firstName', 'Only a single sorting parameter specified. sortBy and sortOrder required'],
      ['sortOrder=desc', 'Only a single sorting parameter specified. sortBy and sortOrder required'],
      ['sortBy=firstName&sortOrder=random', "Cannot set query parameter 'sortOrder' to value 'random'"],
      [
        'maxResults=many',
        "Cannot set query parameter 'maxResults' to value 'many': Cannot convert value many to java type java.lang.Integer",
      ],
      ['firstResult=-1', "Cannot set query parameter 'firstResult' to value '-1'"],
    ])('answers 400 for %s', async (query, message) => {
      expect((await admin().get(`/user?${query}`).expect(400)).body).toEqual(invalid(message));
    });
  });

  describe('GET and PUT /user/{id}/profile', () => {
    it('answers 404 for an unknown user', async () => {
      expect((await admin().get('/user/nobody/profile').expect(404)).body).toEqual(
        invalid('User with id nobody does not exist'),
      );
      const put = await admin().put('/user/nobody/profile').send({ id: 'nobody', firstName: 'N' }).expect(404);
      expect(put.body).toEqual(invalid('User with id nobody does not exist'));
    });

    it('replaces the whole profile: absent fields become null', async () => {
      await admin().put('/user/carol/profile').send({ id: 'carol', firstName: 'Caroline' }).expect(204);
      expect((await admin().get('/user/carol/profile').expect(200)).body).toEqual({
        id: 'carol',
        firstName: 'Caroline',
        lastName: null,
        email: null,
      });
      await admin().put('/user/carol/profile').send({ id: 'carol', firstName: 'Carol', lastName: 'Smith' }).expect(204);
    });

    it('refuses malformed JSON and values of the wrong type', async () => {
      await admin().put('/user/carol/profile').set('Content-Type', 'application/json').send('{').expect(400);
      const res = await admin()
        .put('/user/carol/profile')
        .send({ id: 'carol', email: ['a@b.c'] })
        .expect(400);
      expect(res.body.type).toBe('InvalidRequestException');
      expect((await admin().get('/user/carol/profile').expect(200)).body.lastName).toBe('Smith');
    });
  });

  describe('PUT /user/{id}/credentials', () => {
    it('needs the password of the authenticated user', async () => {
      const res = await admin().put('/user/carol/credentials').send({ password: 'carolpw' }).expect(400);
      expect(res.body).toEqual(invalid('The given authenticated user password is not valid.'));
      await admin()
        .put('/user/carol/credentials')
        .send({ password: 'carolpw', authenticatedUserPassword: 'wrong' })
        .expect(400);
      await t.as('carol', 'carolpw').get('/user/carol/profile').expect(401);
    });

    it('sets a password that works at once', async () => {
      await admin()
        .put('/user/carol/credentials')
        .send({ password: 'carolpw', authenticatedUserPassword: 'demo' })
        .expect(204);
      await t.as('carol', 'carolpw').get('/user/carol/profile').expect(200);
    });

    it('lets users change their own password, and the old one stops working at once', async () => {
      await t.as('carol', 'carolpw').get('/user').expect(200);
      await t
        .as('carol', 'carolpw')
        .put('/user/carol/credentials')
        .send({ password: 'newpw', authenticatedUserPassword: 'carolpw' })
        .expect(204);
      await t.as('carol', 'carolpw').get('/user').expect(401);
      await t.as('carol', 'newpw').get('/user').expect(200);
    });

    it('answers 404 for an unknown user and 400 for a missing or mistyped password', async () => {
      const missing = await admin()
        .put('/user/nobody/credentials')
        .send({ password: 'x', authenticatedUserPassword: 'demo' })
        .expect(404);
      expect(missing.body).toEqual(invalid('User with id nobody does not exist'));
      const noPassword = await admin()
        .put('/user/carol/credentials')
        .send({ authenticatedUserPassword: 'demo' })
        .expect(400);
      expect(noPassword.body).toMatchObject({ type: 'NullValueException', message: 'password is null' });
      await admin()
        .put('/user/carol/credentials')
        .send({ password: { p: 1 }, authenticatedUserPassword: 'demo' })
        .expect(400);
    });
  });

  describe('DELETE /user/{id}', () => {
    it('deletes the user, its memberships and authorizations; the login stops working at once', async () => {
      await createUser('temp', 'temppw').expect(204);
      await admin().put('/group/team/members/temp').expect(204);
      await t.as('temp', 'temppw').get('/user/temp/profile').expect(200);
      await admin().delete('/user/temp').expect(204);
      await t.as('temp', 'temppw').get('/user/temp/profile').expect(401);
      await admin().get('/user/temp/profile').expect(404);
      expect(ids((await admin().get('/user?memberOfGroup=team').expect(200)).body)).toEqual(['bob']);
      expect((await admin().get('/authorization/count?resourceType=1&resourceId=temp').expect(200)).body).toEqual({
        count: 0,
      });
    });

    it('answers 204 for an unknown user', async () => {
      await admin().delete('/user/nobody').expect(204);
    });
  });

  describe('OPTIONS', () => {
    const link = (method: string, path: string, rel: string) => ({
      method,
      href: expect.stringMatching(new RegExp(`^http://[^/]+/engine-rest${path}$`)),
      rel,
    });

    it('lists every operation for an admin, with absolute links', async () => {
      expect((await admin().options('/user').expect(200)).body).toEqual({
        links: [
          link('GET', '/user', 'list'),
          link('GET', '/user/count', 'count'),
          link('POST', '/user/create', 'create'),
        ],
      });
      expect((await admin().options('/user/bob').expect(200)).body).toEqual({
        links: [
          link('GET', '/user/bob/profile', 'self'),
          link('DELETE', '/user/bob', 'delete'),
          link('PUT', '/user/bob/profile', 'update'),
        ],
      });
    });

    it('lists only what a user may do: everything on themselves, nothing on others', async () => {
      const alice = t.as('alice', 'alicepw');
      expect((await alice.options('/user').expect(200)).body.links.map((l: { rel: string }) => l.rel)).toEqual([
        'list',
        'count',
      ]);
      expect((await alice.options('/user/alice').expect(200)).body.links.map((l: { rel: string }) => l.rel)).toEqual([
        'self',
        'delete',
        'update',
      ]);
      expect((await alice.options('/user/bob').expect(200)).body.links.map((l: { rel: string }) => l.rel)).toEqual([
        'self',
      ]);
    });

    it('keeps the named engine in the links', async () => {
      const res = await admin().options('/engine-rest/engine/default/user').expect(200);
      expect(res.body.links[0].href).toMatch(/\/engine-rest\/engine\/default\/user$/);
    });
  });

  describe('as a user without authorizations', () => {
    it('sees only itself in lists and counts', async () => {
      const alice = t.as('alice', 'alicepw');
      expect(ids((await alice.get('/user').expect(200)).body)).toEqual(['alice']);
      expect((await alice.get('/user/count').expect(200)).body).toEqual({ count: 1 });
      expect((await alice.get('/user/bob/profile').expect(404)).body).toEqual(
        invalid('User with id bob does not exist'),
      );
    });

    it("may update its own profile but nobody else's", async () => {
      const alice = t.as('alice', 'alicepw');
      await alice
        .put('/user/alice/profile')
        .send({ id: 'alice', firstName: 'Alice', lastName: 'Smith', email: 'alice@example.com' })
        .expect(204);
      const res = await alice.put('/user/bob/profile').send({ id: 'bob', firstName: 'Mallory' }).expect(403);
      expect(res.body).toEqual({
        type: 'AuthorizationException',
        message: "The user with id 'alice' does not have 'UPDATE' permission on resource 'bob' of type 'User'.",
        code: 0,
        userId: 'alice',
        resourceName: 'User',
        resourceId: 'bob',
        permissionName: 'UPDATE',
        missingAuthorizations: [{ permissionName: 'UPDATE', resourceName: 'User', resourceId: 'bob' }],
      });
    });

    it('may not create or delete users', async () => {
      const alice = t.as('alice', 'alicepw');
      const create = await alice
        .post('/user/create')
        .send({ profile: { id: 'mallory' } })
        .expect(403);
      expect(create.body.message).toBe(
        "The user with id 'alice' does not have 'CREATE' permission on resource 'User'.",
      );
      expect(create.body).toMatchObject({ resourceName: 'User', resourceId: null, permissionName: 'CREATE' });
      await alice.delete('/user/bob').expect(403);
      await admin().get('/user/bob/profile').expect(200);
    });
  });
});
