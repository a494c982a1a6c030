import { TestClock } from '../engine/bpmn/runtime/support/event-scenario';
import { UserEntity } from '../../src/persistence/entities/identity/user.entity';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const SECOND = 1000;

/**
 * Camunda's login throttling with its defaults (loginMaxAttempts 10, loginDelayFactor 2, loginDelayBase 3 s,
 * loginDelayMaxTime 60 s): the test moves the engine's clock instead of waiting out the delays.
 */
describe(`login throttling (${databaseLabel()})`, () => {
  let t: TestApp;
  const clock = new TestClock();
  const admin = () => t.as('demo', 'demo');
  const row = () => t.engine.dataSource.getRepository(UserEntity).findOneByOrFail({ id: 'lena' });
  const verify = async (password: string) =>
    (await admin().post('/identity/verify').send({ username: 'lena', password }).expect(200)).body.authenticated;

  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now });
    await admin()
      .post('/user/create')
      .send({ profile: { id: 'lena' }, credentials: { password: 'lenapw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  afterEach(async () => {
    await admin().post('/user/lena/unlock').expect(204);
  });

  it('after a failure the right password fails until the delay is over, even when its login was cached (IdentityServiceTest#testUnsuccessfulLoginAfterFailureWithoutDelay)', async () => {
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(200);
    const failed = await t.as('lena', 'wrong').get('/user/lena/profile').expect(401);
    expect(failed.text).toBe('');
    expect(failed.headers['www-authenticate']).toBe('Basic realm="default"');
    const locked = await row();
    expect(locked.attempts).toBe(1);
    expect(locked.lockExpirationTime!.getTime()).toBe(clock.now().getTime() + 3 * SECOND);

    const during = await t.as('lena', 'lenapw').get('/user/lena/profile').expect(401);
    expect(during.text).toBe('');
    expect(await verify('lenapw')).toBe(false);
    // Checks during the delay do not count.
    expect((await row()).attempts).toBe(1);

    clock.advance(3 * SECOND);
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(200);
    const cleared = await row();
    expect(cleared.attempts).toBe(0);
    expect(cleared.lockExpirationTime).toBeNull();
  });

  it('the delay grows with each failure: 3, 6, 12, 24, 48, then at most 60 seconds (LoginAttemptsTest)', async () => {
    const delays = [3, 6, 12, 24, 48, 60, 60];
    for (const [i, seconds] of delays.entries()) {
      expect(await verify('wrong')).toBe(false);
      const locked = await row();
      expect(locked.attempts).toBe(i + 1);
      expect(locked.lockExpirationTime!.getTime() - clock.now().getTime()).toBe(seconds * SECOND);
      clock.advance(seconds * SECOND - 1);
      expect(await verify('lenapw')).toBe(false);
      clock.advance(1);
    }
    expect(await verify('lenapw')).toBe(true);
    expect((await row()).attempts).toBe(0);
  });

  it('locks the user for good after 10 failures, until an admin unlocks them (IdentityServiceTest#testUsuccessfulAttemptsResultInLockedUser, UserRestServiceTest#testUnlockUser)', async () => {
    for (let i = 0; i < 10; i++) {
      await t.as('lena', 'wrong').get('/user/lena/profile').expect(401);
      clock.advance(60 * SECOND);
    }
    expect((await row()).attempts).toBe(10);
    clock.advance(24 * 3600 * SECOND);
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(401);
    expect(await verify('lenapw')).toBe(false);

    await admin()
      .post('/user/create')
      .send({ profile: { id: 'mo' }, credentials: { password: 'mopw' } })
      .expect(204);
    expect((await t.as('mo', 'mopw').post('/user/lena/unlock').expect(403)).body).toEqual({
      type: 'AuthorizationException',
      message: 'Required admin authenticated group or user.',
      code: 0,
      userId: 'mo',
      resourceName: null,
      resourceId: null,
      permissionName: null,
      missingAuthorizations: [],
    });
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(401);

    await admin().post('/user/lena/unlock').expect(204);
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(200);
    await admin().post('/user/nobody/unlock').expect(204);
  });

  it('confirming the own password on a password change is a check like any other', async () => {
    await t
      .as('lena', 'lenapw')
      .put('/user/lena/credentials')
      .send({ password: 'other', authenticatedUserPassword: 'wrong' })
      .expect(400);
    expect((await row()).attempts).toBe(1);
    await t.as('lena', 'lenapw').get('/user/lena/profile').expect(401);
  });

  it('a cached successful login needs no database round trip', async () => {
    await t.as('lena', 'lenapw').get('/identity/password-policy').expect(404);
    const read = jest.spyOn(t.engine.tx, 'read');
    const execute = jest.spyOn(t.engine.commands, 'execute');
    try {
      // Password policy off: answered without the database, so any call would be the login's.
      await t.as('lena', 'lenapw').get('/identity/password-policy').expect(404);
      expect(read).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
      execute.mockRestore();
    }
  });
});
