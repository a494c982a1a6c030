import { DataSource, EntityManager } from 'typeorm';
import { Authentication } from '../../../src/engine/command/authentication';
import { AuthorizationChecker, PermissionCheck } from '../../../src/engine/authorization/authorization-checker';
import { CommandContext } from '../../../src/engine/command/command-context';
import { CommandExecutor } from '../../../src/engine/command/command-executor';
import { Transactions } from '../../../src/engine/command/transactions';
import { OptimisticLockingError } from '../../../src/engine/errors';
import { CredentialsCache } from '../../../src/engine/authorization/credentials-cache';
import { IdentityService } from '../../../src/engine/identity/identity.service';
import { openDataSource } from '../../../src/persistence/data-source';
import { GroupEntity } from '../../../src/persistence/entities/identity/group.entity';
import { UserEntity } from '../../../src/persistence/entities/identity/user.entity';
import { databaseLabel, freshTestDatabase } from '../../support/test-app';

/** A checker that holds the first check of a marked caller until the test lets it go (after its reads). */
class GatedChecker extends AuthorizationChecker {
  gate: { reached: () => void; open: Promise<void> } | null = null;

  async check(
    em: EntityManager,
    auth: Authentication | null,
    checks: PermissionCheck[],
    singleForm = false,
  ): Promise<void> {
    if (auth?.userId === 'slow' && this.gate) {
      const gate = this.gate;
      this.gate = null;
      gate.reached();
      await gate.open;
    }
    return super.check(em, auth, checks, singleForm);
  }
}

const onMariaDb = databaseLabel() === 'mysql' ? it : it.skip;
const onSqlite = databaseLabel() === 'sqlite' ? it : it.skip;

describe(`concurrent identity changes (${databaseLabel()})`, () => {
  let ds: DataSource;
  let drop: () => Promise<void>;
  let checker: GatedChecker;
  let commands: CommandExecutor;
  let identity: IdentityService;
  const slow: Authentication = { userId: 'slow', groupIds: ['camunda-admin'] };
  const fast: Authentication = { userId: 'fast', groupIds: ['camunda-admin'] };

  beforeAll(async () => {
    const db = await freshTestDatabase();
    drop = db.drop;
    ds = await openDataSource(db.url);
    checker = new GatedChecker(true);
    const credentialsCache = new CredentialsCache(60_000);
    const deps = { checker, clock: () => new Date(), credentialsCache };
    commands = new CommandExecutor(new Transactions(ds), (em, auth) => new CommandContext(deps, em, auth));
    identity = new IdentityService(commands, checker, credentialsCache);
    await identity.ensureAdmin('root', 'rootpw');
  });
  afterAll(async () => {
    await ds.destroy();
    await drop();
  });

  /** Runs the slow update up to its permission check, lets the fast one commit, then lets the slow one go on. */
  async function race(slowUpdate: () => Promise<void>, fastUpdate: () => Promise<void>): Promise<void> {
    let open!: () => void;
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    checker.gate = { reached, open: new Promise<void>((resolve) => (open = resolve)) };
    const retriesBefore = commands.retries;
    const slowDone = slowUpdate();
    await atGate;
    await fastUpdate();
    open();
    await slowDone;
    expect(commands.retries).toBe(retriesBefore + 1);
  }

  onMariaDb('two group updates at once: the one that read the older revision runs again, neither is lost', async () => {
    await identity.createGroup(null, { id: 'sales', name: 'Sales' });
    await race(
      () => identity.updateGroup(slow, 'sales', { id: 'sales', name: 'Slow', type: 'WORKFLOW' }),
      () => identity.updateGroup(fast, 'sales', { id: 'sales', name: 'Fast', type: 'WORKFLOW' }),
    );
    const group = await ds.getRepository(GroupEntity).findOneByOrFail({ id: 'sales' });
    // Both were applied in order: the fast one first, then the slow one on fresh data.
    expect(group).toMatchObject({ name: 'Slow', rev: 3 });
  });

  onMariaDb('two password changes at once: both are applied, the later one is in force', async () => {
    await identity.createUser(null, { id: 'alice' }, 'first');
    await race(
      () => identity.updatePassword(slow, 'alice', 'from-slow'),
      () => identity.updatePassword(fast, 'alice', 'from-fast'),
    );
    expect((await ds.getRepository(UserEntity).findOneByOrFail({ id: 'alice' })).rev).toBe(3);
    expect(await identity.checkPassword('alice', 'from-slow')).toBe(true);
    expect(await identity.checkPassword('alice', 'from-fast')).toBe(false);
  });

  onSqlite('two group updates at once run one after the other (the single SQLite writer), both applied', async () => {
    await identity.createGroup(null, { id: 'ops', name: 'Ops' });
    await Promise.all([
      identity.updateGroup(fast, 'ops', { id: 'ops', name: 'One' }),
      identity.updateGroup(fast, 'ops', { id: 'ops', name: 'Two' }),
    ]);
    expect(await ds.getRepository(GroupEntity).findOneByOrFail({ id: 'ops' })).toMatchObject({ name: 'Two', rev: 3 });
  });

  it('an update that finds a newer revision than it read fails with an optimistic locking error instead of overwriting', async () => {
    await identity.createUser(null, { id: 'bob' }, 'pw');
    const stale = await ds.getRepository(UserEntity).findOneByOrFail({ id: 'bob' });
    await identity.updateProfile(fast, 'bob', { id: 'bob', firstName: 'Robert' });
    // A command that writes what it read before the update: every attempt finds a newer revision.
    const write = commands.execute(null, {
      execute: async (ctx) => {
        ctx.uow.track(UserEntity, { ...stale }).firstName = 'Stale';
      },
    });
    await expect(write).rejects.toBeInstanceOf(OptimisticLockingError);
    expect((await ds.getRepository(UserEntity).findOneByOrFail({ id: 'bob' })).firstName).toBe('Robert');
  });
});
