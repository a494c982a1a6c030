import { EntityManager } from 'typeorm';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { CredentialsCache } from '../authorization/credentials-cache';
import { ALL, Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { Transactions } from '../command/transactions';
import { BadUserRequestError, NotFoundError, NullValueError } from '../errors';
import { selectRows } from '../../persistence/raw-rows';
import { AuthorizationManager } from '../authorization/authorization.manager';
import { EnsureAdminCmd } from './commands/ensure-admin.cmd';
import { IdentityManager } from './identity.manager';
import { hashPassword, verifyPassword } from './password-hasher';

const READ = 2;

const ID_PATTERN = /^(?:[a-zA-Z0-9]+|camunda-admin)$/;

export interface UserProfile {
  /** Null only where the caller did not send one; creating a user refuses that. */
  id: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface GroupData {
  id: string | null;
  name?: string | null;
  type?: string | null;
}

function ensureValidId(kind: 'User' | 'Group', id: unknown): asserts id is string {
  if (typeof id !== 'string') throw new NullValueError(`${kind.toLowerCase()}Id is null`);
  if (!ID_PATTERN.test(id)) {
    throw new BadUserRequestError(
      `${kind} has an invalid id: '${id}' is not a valid resource identifier.`,
      'ProcessEngineException',
    );
  }
}

/**
 * Users, groups and memberships in the engine's own tables, with Camunda's permission checks. Every
 * change is a command that writes through the IdentityManager: updates of users and groups are
 * checked against their revision, so of two concurrent updates the later one reads again instead of
 * being lost, and the manager drops the cached verifications a committed change makes stale.
 */
export class IdentityService {
  /** `cache`: the one the executor's contexts carry as `CommandDeps.credentialsCache` (filled here, dropped there). */
  constructor(
    private readonly commands: CommandExecutor,
    private readonly checker: AuthorizationChecker,
    private readonly cache: CredentialsCache,
  ) {}

  private get tx(): Transactions {
    return this.commands.tx;
  }

  private run<T>(auth: Authentication | null, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
    return this.commands.execute(auth, { execute: work });
  }

  /** Verifies basic-auth credentials; the slow hash runs only on a cache miss. */
  async authenticate(userId: string, password: string): Promise<Authentication | null> {
    const key = CredentialsCache.key(userId, password);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const user = await this.tx.read((em) => em.getRepository(UserEntity).findOneBy({ id: userId }));
    if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
    const auth = { userId, groupIds: await this.tx.read((em) => this.groupIdsOf(em, userId)) };
    this.cache.put(key, auth);
    return auth;
  }

  async groupIdsOf(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await em.getRepository(MembershipEntity).findBy({ userId });
    return rows.map((r) => r.groupId);
  }

  async checkPassword(userId: string, password: string): Promise<boolean> {
    const user = await this.tx.read((em) => em.getRepository(UserEntity).findOneBy({ id: userId }));
    return !!user && verifyPassword(password, user.passwordHash);
  }

  /** The configured admin: created once, member of `camunda-admin`. */
  async ensureAdmin(userId: string, password: string): Promise<void> {
    const hash = await hashPassword(password);
    await this.commands.execute(null, new EnsureAdminCmd(userId, hash));
  }

  // ---- users

  async createUser(
    auth: Authentication | null,
    profile: UserProfile,
    password: string | null | undefined,
  ): Promise<void> {
    const id = profile?.id;
    ensureValidId('User', id);
    const hash = password ? await hashPassword(password) : null;
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.USER }], true);
      if (await ctx.em.getRepository(UserEntity).existsBy({ id }))
        throw new BadUserRequestError('The user already exists');
      ctx.manager(IdentityManager).insertUser({
        id,
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        email: profile.email ?? null,
        passwordHash: hash,
      });
      // Camunda's DefaultAuthorizationProvider: a new user may do everything with their own user.
      await ctx
        .manager(AuthorizationManager)
        .grantDefaultOnce({ userId: id, resourceType: Resources.USER.code, resourceId: id, permissions: ALL });
    });
  }

  async getUser(auth: Authentication | null, id: string): Promise<UserEntity | null> {
    return this.tx.read(async (em) => {
      const user = await em.getRepository(UserEntity).findOneBy({ id });
      if (
        user &&
        !(await this.checker.isAuthorized(em, auth, { permission: 'READ', resource: Resources.USER, resourceId: id }))
      )
        return null;
      return user;
    });
  }

  async updateProfile(auth: Authentication | null, id: string, profile: UserProfile): Promise<void> {
    await this.run(auth, async (ctx) => {
      const user = await this.loadUser(ctx, id);
      await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.USER, resourceId: id }], true);
      if (profile.id != null && profile.id !== id) ensureValidId('User', profile.id);
      ctx.manager(IdentityManager).updateProfile(user, {
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        email: profile.email ?? null,
      });
    });
  }

  async updatePassword(auth: Authentication | null, id: string, password: string | null | undefined): Promise<void> {
    if (!password) throw new NullValueError('password is null');
    const hash = await hashPassword(password);
    await this.run(auth, async (ctx) => {
      const user = await this.loadUser(ctx, id);
      await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.USER, resourceId: id }], true);
      ctx.manager(IdentityManager).setPassword(user, hash);
    });
  }

  async deleteUser(auth: Authentication | null, id: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.USER, resourceId: id }], true);
      const [user] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [id]);
      ctx.manager(IdentityManager).deleteUser(id, user);
    });
  }

  // ---- groups

  async createGroup(auth: Authentication | null, group: GroupData): Promise<void> {
    const id = group?.id;
    ensureValidId('Group', id);
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.GROUP }], true);
      if (await ctx.em.getRepository(GroupEntity).existsBy({ id }))
        throw new BadUserRequestError('The group already exists');
      ctx.manager(IdentityManager).insertGroup({ id, name: group.name ?? null, type: group.type ?? null });
      // Camunda's DefaultAuthorizationProvider: members may read their group.
      await ctx.manager(AuthorizationManager).grantDefaultOnce({
        groupId: id,
        resourceType: Resources.GROUP.code,
        resourceId: id,
        permissions: READ,
      });
    });
  }

  async getGroup(auth: Authentication | null, id: string): Promise<GroupEntity | null> {
    return this.tx.read(async (em) => {
      const group = await em.getRepository(GroupEntity).findOneBy({ id });
      if (
        group &&
        !(await this.checker.isAuthorized(em, auth, { permission: 'READ', resource: Resources.GROUP, resourceId: id }))
      )
        return null;
      return group;
    });
  }

  async updateGroup(auth: Authentication | null, id: string, group: GroupData): Promise<void> {
    await this.run(auth, async (ctx) => {
      const [existing] = await selectRows(ctx.em, GroupEntity, 'WHERE t.id = ?', [id]);
      if (!existing) throw new NotFoundError(`Group with id ${id} does not exist`);
      await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.GROUP, resourceId: id }], true);
      ctx.manager(IdentityManager).updateGroup(existing, { name: group.name ?? null, type: group.type ?? null });
    });
  }

  async deleteGroup(auth: Authentication | null, id: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.GROUP, resourceId: id }], true);
      const [group] = await selectRows(ctx.em, GroupEntity, 'WHERE t.id = ?', [id]);
      ctx.manager(IdentityManager).deleteGroup(id, group);
    });
  }

  async addMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      const { em } = ctx;
      await ctx.checkPermissions(
        [{ permission: 'CREATE', resource: Resources.GROUP_MEMBERSHIP, resourceId: groupId }],
        true,
      );
      if (!(await em.getRepository(UserEntity).existsBy({ id: userId })))
        throw new NullValueError(`No user found with id '${userId}'.: user is null`);
      if (!(await em.getRepository(GroupEntity).existsBy({ id: groupId })))
        throw new NullValueError(`No group found with id '${groupId}'.: group is null`);
      if (await em.getRepository(MembershipEntity).existsBy({ userId, groupId })) {
        throw new BadUserRequestError(
          `User '${userId}' is already a member of group '${groupId}'`,
          'ProcessEngineException',
        );
      }
      ctx.manager(IdentityManager).addMembership(userId, groupId);
    });
  }

  async removeMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions(
        [{ permission: 'DELETE', resource: Resources.GROUP_MEMBERSHIP, resourceId: groupId }],
        true,
      );
      ctx.manager(IdentityManager).removeMembership(userId, groupId);
    });
  }

  private async loadUser(ctx: CommandContext, id: string): Promise<UserEntity> {
    const [user] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [id]);
    if (!user) throw new NotFoundError(`User with id ${id} does not exist`);
    return user;
  }
}
