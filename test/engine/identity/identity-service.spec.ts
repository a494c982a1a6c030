import { DataSource } from 'typeorm';
import { AuthorizationChecker } from '../../../src/engine/authorization/authorization-checker';
import { ALL, AUTH_TYPE, Resources } from '../../../src/engine/authorization/resources';
import { CommandContext } from '../../../src/engine/command/command-context';
import { CommandExecutor } from '../../../src/engine/command/command-executor';
import { Transactions } from '../../../src/engine/command/transactions';
import { AuthorizationError } from '../../../src/engine/errors';
import { CredentialsCache } from '../../../src/engine/authorization/credentials-cache';
import { IdentityManager } from '../../../src/engine/identity/identity.manager';
import { IdentityService } from '../../../src/engine/identity/identity.service';
import { ENGINE_DEFAULTS } from '../../../src/engine/options';
import { openDataSource } from '../../../src/persistence/data-source';
import { AuthorizationEntity } from '../../../src/persistence/entities/identity/authorization.entity';
import { MembershipEntity } from '../../../src/persistence/entities/identity/membership.entity';
import { UserEntity } from '../../../src/persistence/entities/identity/user.entity';

// The real module object, so that a pass-through spy counts the password hasher's scrypt runs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeCrypto: typeof import('node:crypto') = require('node:crypto');

// Wrong passwords here are about the cache: failures count, but the next check is not delayed.
const NO_LOGIN_DELAY = { ...ENGINE_DEFAULTS, loginDelayBase: 0 };

function executorOn(
  ds: DataSource,
  authorizationEnabled: boolean,
  credentialsCache: CredentialsCache,
): CommandExecutor {
  const deps = { checker: new AuthorizationChecker(authorizationEnabled), clock: () => new Date(), credentialsCache };
  return new CommandExecutor(new Transactions(ds), (em, auth) => new CommandContext(deps, em, auth));
}

describe('IdentityService (SQLite)', () => {
  let ds: DataSource;
  let cache: CredentialsCache;
  let commands: CommandExecutor;
  let identity: IdentityService;
  const admin = { userId: 'root', groupIds: ['camunda-admin'] };

  beforeAll(async () => {
    ds = await openDataSource('sqlite::memory:');
    cache = new CredentialsCache(60_000);
    commands = executorOn(ds, true, cache);
    identity = new IdentityService(commands, new AuthorizationChecker(true), cache, NO_LOGIN_DELAY);
    await identity.ensureAdmin('root', 'rootpw');
    await identity.createUser(admin, { id: 'alice', firstName: 'Alice' }, 'pw1');
    await identity.createUser(admin, { id: 'bob' }, 'bobpw');
    await identity.createGroup(admin, { id: 'sales', name: 'Sales' });
  });
  afterAll(() => ds.destroy());

  const scryptRuns = async (work: () => Promise<unknown>): Promise<number> => {
    const spy = jest.spyOn(nodeCrypto, 'scrypt');
    try {
      await work();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  it('stores a hash, not the password', async () => {
    const row = await ds.getRepository(UserEntity).findOneByOrFail({ id: 'alice' });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('pw1');
  });

  it('authenticates with the right password only', async () => {
    expect(await identity.authenticate('alice', 'pw1')).toEqual({ userId: 'alice', groupIds: [], tenantIds: [] });
    expect(await identity.authenticate('alice', 'nope')).toBeNull();
    expect(await identity.authenticate('nobody', 'pw1')).toBeNull();
  });

  it('runs scrypt once per user and password, then answers from the cache', async () => {
    cache.clear();
    expect(await scryptRuns(() => identity.authenticate('bob', 'bobpw'))).toBe(1);
    expect(cache.get(CredentialsCache.key('bob', 'bobpw'))).toEqual({ userId: 'bob', groupIds: [], tenantIds: [] });
    expect(await scryptRuns(() => identity.authenticate('bob', 'bobpw'))).toBe(0);
    // Failures are not cached, so every wrong guess pays for a hash.
    expect(await scryptRuns(() => identity.authenticate('bob', 'wrong'))).toBe(1);
    expect(await scryptRuns(() => identity.authenticate('bob', 'wrong'))).toBe(1);
  });

  it('drops cached credentials when the password changes', async () => {
    await identity.authenticate('alice', 'pw1');
    await identity.updatePassword(admin, 'alice', 'pw2');
    expect(cache.get(CredentialsCache.key('alice', 'pw1'))).toBeUndefined();
    expect(await identity.authenticate('alice', 'pw1')).toBeNull();
    expect(await identity.authenticate('alice', 'pw2')).toEqual({ userId: 'alice', groupIds: [], tenantIds: [] });
  });

  it('refuses a missing password and an unknown user', async () => {
    await expect(identity.updatePassword(admin, 'alice', null)).rejects.toMatchObject({
      kind: 'NullValue',
      message: 'password is null',
    });
    await expect(identity.updatePassword(admin, 'ghost', 'x')).rejects.toMatchObject({ kind: 'NotFound' });
    expect(await identity.checkPassword('alice', 'pw2')).toBe(true);
    expect(await identity.checkPassword('alice', 'pw1')).toBe(false);
    expect(await identity.checkPassword('ghost', '')).toBe(false);
  });

  it('refreshes the cached groups when memberships change or a group goes', async () => {
    await identity.authenticate('bob', 'bobpw');
    await identity.addMember(admin, 'sales', 'bob');
    expect(await identity.authenticate('bob', 'bobpw')).toEqual({ userId: 'bob', groupIds: ['sales'], tenantIds: [] });
    await identity.createGroup(admin, { id: 'temp' });
    await identity.addMember(admin, 'temp', 'bob');
    expect((await identity.authenticate('bob', 'bobpw'))?.groupIds.sort()).toEqual(['sales', 'temp']);
    await identity.deleteGroup(admin, 'temp');
    expect(cache.get(CredentialsCache.key('bob', 'bobpw'))).toBeUndefined();
    expect(await identity.authenticate('bob', 'bobpw')).toEqual({ userId: 'bob', groupIds: ['sales'], tenantIds: [] });
    await identity.removeMember(admin, 'sales', 'bob');
    expect(await identity.authenticate('bob', 'bobpw')).toEqual({ userId: 'bob', groupIds: [], tenantIds: [] });
  });

  it('keeps cached credentials when the command that changed them rolls back', async () => {
    await identity.authenticate('bob', 'bobpw');
    const failing = commands.execute(admin, {
      execute: async (ctx) => {
        const user = await ctx.em.getRepository(UserEntity).findOneByOrFail({ id: 'bob' });
        ctx.manager(IdentityManager).setPassword(user, 'not a hash');
        ctx.manager(IdentityManager).addMembership('bob', 'sales');
        throw new Error('changed its mind');
      },
    });
    await expect(failing).rejects.toThrow('changed its mind');
    expect(cache.get(CredentialsCache.key('bob', 'bobpw'))).toEqual({ userId: 'bob', groupIds: [], tenantIds: [] });
  });

  it('gives new users ALL on themselves and group members READ on their group', async () => {
    const rows = await ds.getRepository(AuthorizationEntity).find({ order: { resourceType: 'ASC' } });
    expect(
      rows
        .filter((r) => r.resourceId === 'alice' || r.resourceId === 'sales')
        .map((r) => [r.type, r.userId, r.groupId, r.resourceType, r.resourceId, r.permissions]),
    ).toEqual([
      [AUTH_TYPE.GRANT, 'alice', null, Resources.USER.code, 'alice', ALL],
      [AUTH_TYPE.GRANT, null, 'sales', Resources.GROUP.code, 'sales', 2],
    ]);
  });

  it('creates no default authorizations while authorization is off', async () => {
    const offCache = new CredentialsCache(0);
    const off = new IdentityService(
      executorOn(ds, false, offCache),
      new AuthorizationChecker(false),
      offCache,
      NO_LOGIN_DELAY,
    );
    await off.createUser(null, { id: 'carl' }, null);
    await off.createGroup(null, { id: 'plain' });
    expect(await ds.getRepository(AuthorizationEntity).countBy({ resourceId: 'carl' })).toBe(0);
    expect(await ds.getRepository(AuthorizationEntity).countBy({ resourceId: 'plain' })).toBe(0);
    expect(await off.authenticate('carl', '')).toBeNull();
  });

  it('validates ids and refuses duplicates', async () => {
    await expect(identity.createUser(admin, { id: null }, 'x')).rejects.toMatchObject({
      kind: 'NullValue',
      message: 'userId is null',
    });
    await expect(identity.createGroup(admin, { id: 'a-b' })).rejects.toMatchObject({
      type: 'ProcessEngineException',
      message: "Group has an invalid id: 'a-b' is not a valid resource identifier.",
    });
    await expect(identity.createUser(admin, { id: '' }, null)).rejects.toMatchObject({
      message: "User has an invalid id: '' is not a valid resource identifier.",
    });
    await expect(identity.createGroup(admin, { id: 'sales' })).rejects.toMatchObject({
      type: 'BadUserRequestException',
      message: 'The group already exists',
    });
    await expect(identity.createUser(admin, { id: 'bob' }, null)).rejects.toMatchObject({
      type: 'BadUserRequestException',
      message: 'The user already exists',
    });
  });

  it('checks permissions for callers who are not admins', async () => {
    const bob = { userId: 'bob', groupIds: [] };
    await expect(identity.createGroup(bob, { id: 'mine' })).rejects.toBeInstanceOf(AuthorizationError);
    await expect(identity.updateProfile(bob, 'alice', { id: 'alice', firstName: 'Mallory' })).rejects.toMatchObject({
      message: "The user with id 'bob' does not have 'UPDATE' permission on resource 'alice' of type 'User'.",
    });
    await identity.updateProfile(bob, 'bob', { id: 'bob', firstName: 'Bobby' });
    expect((await identity.getUser(bob, 'bob'))?.firstName).toBe('Bobby');
    expect(await identity.getUser(bob, 'alice')).toBeNull();
  });

  it('deletes a user with its memberships and authorizations, and forgets its credentials', async () => {
    await identity.createUser(admin, { id: 'dora' }, 'dorapw');
    await identity.addMember(admin, 'sales', 'dora');
    expect(await identity.authenticate('dora', 'dorapw')).not.toBeNull();
    await identity.deleteUser(admin, 'dora');
    expect(await identity.authenticate('dora', 'dorapw')).toBeNull();
    expect(await ds.getRepository(MembershipEntity).countBy({ userId: 'dora' })).toBe(0);
    expect(await ds.getRepository(AuthorizationEntity).countBy({ resourceId: 'dora' })).toBe(0);
    expect(await ds.getRepository(AuthorizationEntity).countBy({ userId: 'dora' })).toBe(0);
  });

  it('creates the configured admin once', async () => {
    await identity.ensureAdmin('root', 'other');
    expect(await identity.authenticate('root', 'rootpw')).toEqual({
      userId: 'root',
      groupIds: ['camunda-admin'],
      tenantIds: [],
    });
    expect(await identity.authenticate('root', 'other')).toBeNull();
  });
});
