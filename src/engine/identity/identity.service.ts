import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { Authentication } from '../authorization/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { ADMIN_GROUP, ALL, AUTH_TYPE, Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { Transactions } from '../command/transactions';
import { BadUserRequestError, NotFoundError, NullValueError } from '../errors';
import { selectRows } from '../../persistence/raw-rows';
import { CredentialsCache } from './credentials-cache';
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
 * change is a command: users and groups are updated through the unit of work, checked against
 * their revision, so of two concurrent updates the later one reads again instead of being lost.
 */
export class IdentityService {
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
    await this.run(null, async ({ em }) => {
      if (!(await em.getRepository(GroupEntity).existsBy({ id: ADMIN_GROUP }))) {
        await em
          .getRepository(GroupEntity)
          .insert({ id: ADMIN_GROUP, rev: 1, name: 'camunda BPM Administrators', type: 'SYSTEM' });
      }
      if (!(await em.getRepository(UserEntity).existsBy({ id: userId }))) {
        await em
          .getRepository(UserEntity)
          .insert({ id: userId, rev: 1, firstName: userId, lastName: null, email: null, passwordHash: hash });
      }
      if (!(await em.getRepository(MembershipEntity).existsBy({ userId, groupId: ADMIN_GROUP }))) {
        await em.getRepository(MembershipEntity).insert({ userId, groupId: ADMIN_GROUP });
      }
    });
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
      ctx.uow.insert(
        UserEntity,
        Object.assign(new UserEntity(), {
          id,
          rev: 1,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          email: profile.email ?? null,
          passwordHash: hash,
        }),
      );
      // Camunda's DefaultAuthorizationProvider: a new user may do everything with their own user.
      await this.grantDefault(ctx, { userId: id, resourceType: Resources.USER.code, resourceId: id, permissions: ALL });
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
      Object.assign(user, {
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
      user.passwordHash = hash;
      ctx.afterCommit(() => this.cache.dropUser(id));
    });
  }

  async deleteUser(auth: Authentication | null, id: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.USER, resourceId: id }], true);
      const [user] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [id]);
      ctx.uow.statement((em) => em.getRepository(MembershipEntity).delete({ userId: id }));
      ctx.uow.statement((em) => em.getRepository(AuthorizationEntity).delete({ userId: id }));
      ctx.uow.statement((em) =>
        em.getRepository(AuthorizationEntity).delete({ resourceType: Resources.USER.code, resourceId: id }),
      );
      if (user) ctx.uow.delete(UserEntity, user);
      ctx.afterCommit(() => this.cache.dropUser(id));
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
      ctx.uow.insert(
        GroupEntity,
        Object.assign(new GroupEntity(), { id, rev: 1, name: group.name ?? null, type: group.type ?? null }),
      );
      // Camunda's DefaultAuthorizationProvider: members may read their group.
      await this.grantDefault(ctx, {
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
      Object.assign(ctx.uow.track(GroupEntity, existing), { name: group.name ?? null, type: group.type ?? null });
    });
  }

  async deleteGroup(auth: Authentication | null, id: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.GROUP, resourceId: id }], true);
      const [group] = await selectRows(ctx.em, GroupEntity, 'WHERE t.id = ?', [id]);
      ctx.uow.statement((em) => em.getRepository(MembershipEntity).delete({ groupId: id }));
      ctx.uow.statement((em) => em.getRepository(AuthorizationEntity).delete({ groupId: id }));
      ctx.uow.statement((em) =>
        em.getRepository(AuthorizationEntity).delete({ resourceType: Resources.GROUP.code, resourceId: id }),
      );
      if (group) ctx.uow.delete(GroupEntity, group);
      ctx.afterCommit(() => this.cache.dropGroup(id));
    });
  }

  async addMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.run(auth, async ({ em }) => {
      await this.checker.check(
        em,
        auth,
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
      await em.getRepository(MembershipEntity).insert({ userId, groupId });
    });
    // After the commit: a verification cached meanwhile would otherwise keep the old groups.
    this.cache.dropUser(userId);
  }

  async removeMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.run(auth, async ({ em }) => {
      await this.checker.check(
        em,
        auth,
        [{ permission: 'DELETE', resource: Resources.GROUP_MEMBERSHIP, resourceId: groupId }],
        true,
      );
      await em.getRepository(MembershipEntity).delete({ userId, groupId });
    });
    this.cache.dropUser(userId);
  }

  private async loadUser(ctx: CommandContext, id: string): Promise<UserEntity> {
    const [user] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [id]);
    if (!user) throw new NotFoundError(`User with id ${id} does not exist`);
    return ctx.uow.track(UserEntity, user);
  }

  /** Only while authorization checks are on, as in Camunda; an equal existing row is left alone. */
  private async grantDefault(
    ctx: CommandContext,
    rule: { userId?: string; groupId?: string; resourceType: number; resourceId: string; permissions: number },
  ): Promise<void> {
    if (!this.checker.isEnabled) return;
    const repo = ctx.em.getRepository(AuthorizationEntity);
    const owner = rule.userId != null ? { userId: rule.userId } : { groupId: rule.groupId };
    if (
      await repo.existsBy({
        ...owner,
        type: AUTH_TYPE.GRANT,
        resourceType: rule.resourceType,
        resourceId: rule.resourceId,
      })
    )
      return;
    ctx.uow.insert(
      AuthorizationEntity,
      Object.assign(new AuthorizationEntity(), {
        id: randomUUID(),
        rev: 1,
        type: AUTH_TYPE.GRANT,
        userId: rule.userId ?? null,
        groupId: rule.groupId ?? null,
        resourceType: rule.resourceType,
        resourceId: rule.resourceId,
        permissions: rule.permissions,
        removalTime: null,
        rootProcessInstanceId: null,
      }),
    );
  }
}
