import { CredentialsCache } from '../../src/engine/authorization/credentials-cache';
import { createTestApp, databaseLabel, TestApp, NO_LOGIN_DELAY } from '../support/test-app';

// The real module object, so that a pass-through spy counts the password hasher's scrypt runs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeCrypto: typeof import('node:crypto') = require('node:crypto');

async function scryptRuns(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn(nodeCrypto, 'scrypt');
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe(`basic authentication (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');

  beforeAll(async () => {
    t = await createTestApp(NO_LOGIN_DELAY);
    await admin()
      .post('/user/create')
      .send({ profile: { id: 'dora' }, credentials: { password: 'dorapw' } })
      .expect(204);
    await admin()
      .post('/user/create')
      .send({ profile: { id: 'nopass' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const expectChallenge = (res: { status: number; headers: Record<string, string>; text: string }) => {
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="default"');
    expect(res.text).toBe('');
  };

  it('answers 401 with a challenge and an empty body for missing or bad credentials', async () => {
    expectChallenge(await t.as(null).get('/user'));
    expectChallenge(await t.as('dora', 'wrong').get('/user'));
    expectChallenge(await t.as('nobody', 'dorapw').get('/user'));
    expectChallenge(await t.as('DORA', 'dorapw').get('/user'));
    expectChallenge(await t.as('nopass', '').get('/user'));
    expectChallenge(await t.api().get('/engine-rest/user').set('Authorization', 'Bearer abc'));
    expectChallenge(await t.api().get('/engine-rest/user').set('Authorization', 'Basic !!!not-base64'));
    expectChallenge(
      await t
        .api()
        .get('/engine-rest/user')
        .set('Authorization', `Basic ${Buffer.from('dora').toString('base64')}`),
    );
    expectChallenge(await t.as(null).post('/group/create').send({ id: 'x' }));
    expectChallenge(await t.as(null).options('/authorization'));
  });

  it('takes the text before the first colon as the user id', async () => {
    await admin()
      .put('/user/dora/credentials')
      .send({ password: 'a:b', authenticatedUserPassword: 'demo' })
      .expect(204);
    await t
      .api()
      .get('/engine-rest/user/dora/profile')
      .set('Authorization', `Basic ${Buffer.from('dora:a:b').toString('base64')}`)
      .expect(200);
    await admin()
      .put('/user/dora/credentials')
      .send({ password: 'dorapw', authenticatedUserPassword: 'demo' })
      .expect(204);
  });

  it('answers unknown or malformed engine names with 404 as exactly application/json', async () => {
    for (const [path, name] of [
      ['/engine-rest/engine/other/user', 'other'],
      ['/engine-rest/engine/%E0/user', '%E0'],
    ]) {
      const res = await admin().get(path).expect(404);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body).toEqual({
        type: 'InvalidRequestException',
        message: `Process engine ${name} not available`,
        code: null,
      });
    }
  });

  it('needs no credentials for the engine list only', async () => {
    await t.as(null).get('/engine').expect(200);
    await t.as(null).get('/engine-rest/engine/default/group').expect(401);
  });

  it('caches a successful verification: later requests do not run scrypt', async () => {
    t.engine.credentialsCache.clear();
    expect(await scryptRuns(() => t.as('dora', 'dorapw').get('/user/dora/profile').expect(200))).toBe(1);
    expect(t.engine.credentialsCache.get(CredentialsCache.key('dora', 'dorapw'))).toEqual({
      userId: 'dora',
      groupIds: [],
      tenantIds: [],
    });
    expect(
      await scryptRuns(async () => {
        await t.as('dora', 'dorapw').get('/user/dora/profile').expect(200);
        await t.as('dora', 'dorapw').get('/user').expect(200);
      }),
    ).toBe(0);
    // Every wrong guess is verified again.
    expect(await scryptRuns(() => t.as('dora', 'guess').get('/user').expect(401))).toBe(1);
    expect(await scryptRuns(() => t.as('dora', 'guess').get('/user').expect(401))).toBe(1);
  });

  it('drops the cache on a password change: the old password gets 401 at once', async () => {
    await t.as('dora', 'dorapw').get('/user').expect(200);
    await t
      .as('dora', 'dorapw')
      .put('/user/dora/credentials')
      .send({ password: 'newpw', authenticatedUserPassword: 'dorapw' })
      .expect(204);
    await t.as('dora', 'dorapw').get('/user').expect(401);
    await t.as('dora', 'newpw').get('/user').expect(200);
    await admin()
      .put('/user/dora/credentials')
      .send({ password: 'dorapw', authenticatedUserPassword: 'demo' })
      .expect(204);
    await t.as('dora', 'newpw').get('/user').expect(401);
  });

  it('applies membership changes to cached logins at once', async () => {
    await t.as('dora', 'dorapw').post('/group/create').send({ id: 'doras' }).expect(403);
    await admin().put('/group/camunda-admin/members/dora').expect(204);
    await t.as('dora', 'dorapw').post('/group/create').send({ id: 'doras' }).expect(204);
    await admin().delete('/group/camunda-admin/members/dora').expect(204);
    await t.as('dora', 'dorapw').delete('/group/doras').expect(403);
    await admin().delete('/group/doras').expect(204);
  });

  it('forgets a deleted group in cached logins at once, even when a group of that id comes back', async () => {
    const recreateAuditors = async () => {
      await admin().post('/group/create').send({ id: 'auditors' }).expect(204);
      await admin()
        .post('/authorization/create')
        .send({ type: 1, groupId: 'auditors', resourceType: 2, resourceId: '*', permissions: ['CREATE'] })
        .expect(200);
    };
    await recreateAuditors();
    await admin().put('/group/auditors/members/dora').expect(204);
    await t.as('dora', 'dorapw').post('/group/create').send({ id: 'byauditor' }).expect(204);
    await admin().delete('/group/auditors').expect(204);
    await recreateAuditors();
    // Dora's membership went with the old group: a login cached with its id must not pass for the new one.
    await t.as('dora', 'dorapw').post('/group/create').send({ id: 'notbyauditor' }).expect(403);
    await admin().delete('/group/auditors').expect(204);
    await admin().delete('/group/byauditor').expect(204);
  });

  it('locks a deleted user out at once', async () => {
    await admin()
      .post('/user/create')
      .send({ profile: { id: 'gone' }, credentials: { password: 'gonepw' } })
      .expect(204);
    await t.as('gone', 'gonepw').get('/user').expect(200);
    await admin().delete('/user/gone').expect(204);
    await t.as('gone', 'gonepw').get('/user').expect(401);
  });
});

describe(`AUTH_ENABLED=false (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authEnabled: false });
  });
  afterAll(() => t.close());

  it('serves every request without credentials, with no authorization checks', async () => {
    expect((await t.as(null).get('/user').expect(200)).body.map((u: { id: string }) => u.id)).toEqual(['demo']);
    await t.as(null).post('/group/create').send({ id: 'open' }).expect(204);
    expect((await t.as(null).options('/group').expect(200)).body.links.map((l: { rel: string }) => l.rel)).toEqual([
      'list',
      'count',
      'create',
    ]);
    const created = await t
      .as(null)
      .post('/authorization/create')
      .send({ userId: 'demo', resourceType: 1, permissions: ['READ'] })
      .expect(200);
    await t.as(null).delete(`/authorization/${created.body.id}`).expect(204);
  });

  it('ignores credentials, even wrong ones', async () => {
    await t.as('demo', 'wrong').get('/group').expect(200);
  });

  it('lets anyone change a password without confirming their own', async () => {
    await t.as(null).put('/user/demo/credentials').send({ password: 'changed' }).expect(204);
    expect(await t.engine.identity.checkPassword('demo', 'changed')).toBe(true);
  });

  it('answers authorization checks as authorized', async () => {
    expect(
      (
        await t
          .as(null)
          .get('/authorization/check?permissionName=DELETE&resourceName=User&resourceType=1&resourceId=x')
          .expect(200)
      ).body,
    ).toEqual({
      permissionName: 'DELETE',
      resourceName: 'User',
      resourceId: 'x',
      authorized: true,
    });
  });
});

describe(`AUTHORIZATION_ENABLED=false (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...NO_LOGIN_DELAY, authorizationEnabled: false });
    await t
      .as('demo', 'demo')
      .post('/user/create')
      .send({ profile: { id: 'plain' }, credentials: { password: 'plainpw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  it('still needs valid credentials', async () => {
    await t.as(null).get('/user').expect(401);
    await t.as('plain', 'wrong').get('/user').expect(401);
  });

  it('lets every authenticated user do everything', async () => {
    const plain = t.as('plain', 'plainpw');
    expect((await plain.get('/user').expect(200)).body.map((u: { id: string }) => u.id)).toEqual(['demo', 'plain']);
    await plain.post('/group/create').send({ id: 'mine' }).expect(204);
    await plain.put('/user/demo/profile').send({ id: 'demo', firstName: 'Demo' }).expect(204);
    expect((await plain.options('/user/demo').expect(200)).body.links.map((l: { rel: string }) => l.rel)).toEqual([
      'self',
      'delete',
      'update',
    ]);
    const other = await plain
      .get('/authorization/check?permissionName=READ&resourceName=User&resourceType=1&userId=demo')
      .expect(200);
    expect(other.body.authorized).toBe(true);
  });

  it('creates no default authorizations for new users and groups', async () => {
    expect((await t.as('demo', 'demo').get('/authorization/count').expect(200)).body).toEqual({ count: 0 });
  });
});
