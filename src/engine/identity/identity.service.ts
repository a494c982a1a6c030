import { EntityManager } from 'typeorm';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
import { TenantMembershipEntity } from '../../persistence/entities/identity/tenant-membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { CredentialsCache } from '../authorization/credentials-cache';
import { ALL, Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { Transactions } from '../command/transactions';
import { AuthorizationError, BadUserRequestError, NotFoundError, NullValueError } from '../errors';
import { selectRows } from '../../persistence/raw-rows';
import { AuthorizationManager } from '../authorization/authorization.manager';
import { EnsureAdminCmd } from './commands/ensure-admin.cmd';
import { IdentityManager } from './identity.manager';
import { hashPassword, verifyPassword } from './password-hasher';
import { checkPasswordAgainstPolicy, PasswordOwner } from './password-policy';
import { ENGINE_DEFAULTS } from '../options';

/** Camunda's login throttling and password policy settings (see `EngineOptions`). */
export interface IdentityOptions {
  clock: () => Date;
  passwordPolicyEnabled: boolean;
  loginMaxAttempts: number;
  loginDelayFactor: number;
  loginDelayBase: number;
  loginDelayMaxTime: number;
}

/** A group a user belongs to, and the other members of those groups (Camunda's GroupInfoDto). */
export interface GroupInfo {
  groups: GroupEntity[];
  groupUsers: UserEntity[];
}

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

export function ensureValidId(kind: 'User' | 'Group' | 'Tenant', id: unknown): asserts id is string {
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
    private readonly options: IdentityOptions = ENGINE_DEFAULTS,
  ) {}

  private get tx(): Transactions {
    return this.commands.tx;
  }

  private run<T>(auth: Authentication | null, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
    return this.commands.execute(auth, { execute: work });
  }

  /**
   * Verifies basic-auth credentials; the slow hash and the database run only on a cache miss. A miss goes through
   * the login throttling of `checkPassword`; a lock drops the user's entries (after commit), so no cached success
   * outlives it on this instance.
   */
  async authenticate(userId: string, password: string): Promise<Authentication | null> {
    const key = CredentialsCache.key(userId, password);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const generation = this.cache.generation();
    if (!(await this.checkPassword(userId, password))) return null;
    const auth = await this.tx.read(async (em) => {
      const groupIds = await this.groupIdsOf(em, userId);
      return { userId, groupIds, tenantIds: await this.tenantIdsOf(em, userId, groupIds) };
    });
    this.cache.put(key, auth, undefined, generation);
    return auth;
  }

  /** The tenants a user belongs to, themselves or through one of their groups (Camunda's authenticated tenants). */
  async tenantIdsOf(em: EntityManager, userId: string, groupIds: readonly string[]): Promise<string[]> {
    const qb = em
      .getRepository(TenantMembershipEntity)
      .createQueryBuilder('m')
      .select('DISTINCT m.tenantId', 'tenantId')
      .where('m.userId = :userId', { userId });
    if (groupIds.length) qb.orWhere('m.groupId IN (:...groupIds)', { groupIds });
    const rows = await qb.orderBy('m.tenantId', 'ASC').getRawMany<{ tenantId: string }>();
    return rows.map((r) => r.tenantId);
  }

  async groupIdsOf(em: EntityManager, userId: string): Promise<string[]> {
    const rows = await em.getRepository(MembershipEntity).findBy({ userId });
    return rows.map((r) => r.groupId);
  }

  /**
   * Camunda's DbIdentityServiceProvider#checkPassword with its login throttling: while a user is locked (a delay
   * after a failed check, or for good after `loginMaxAttempts` of them) the check fails without looking at the
   * password; a failed check counts and locks, a successful one clears the count. The state is in the user's row,
   * so that every instance sharing the database sees it.
   */
  async checkPassword(userId: string, password: string | null | undefined): Promise<boolean> {
    if (password == null) return false;
    const user = await this.tx.read((em) => em.getRepository(UserEntity).findOneBy({ id: userId }));
    if (!user || this.isLocked(user, this.options.clock())) return false;
    const valid = await verifyPassword(password, user.passwordHash);
    if (valid && user.attempts === 0 && user.lockExpirationTime == null) return true;
    await this.run(null, async (ctx) => {
      const [fresh] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [userId]);
      if (!fresh) return;
      const identity = ctx.manager(IdentityManager);
      if (valid) {
        if (fresh.attempts > 0 || fresh.lockExpirationTime != null) identity.unlock(fresh);
        return;
      }
      // Another check may have failed meanwhile and locked the user: this one then does not count.
      if (this.isLocked(fresh, ctx.now())) return;
      const attempts = fresh.attempts + 1;
      identity.recordFailedLogin(fresh, attempts, new Date(ctx.now().getTime() + this.lockDelayMs(attempts)));
    });
    return valid;
  }

  private isLocked(user: UserEntity, now: Date): boolean {
    if (user.attempts >= this.options.loginMaxAttempts) return true;
    return user.lockExpirationTime != null && user.lockExpirationTime.getTime() > now.getTime();
  }

  /** base * factor^(attempts - 1) seconds, at most the maximum (Camunda's lockUser). */
  private lockDelayMs(attempts: number): number {
    const { loginDelayBase, loginDelayFactor, loginDelayMaxTime } = this.options;
    return Math.min(Math.floor(loginDelayBase * loginDelayFactor ** (attempts - 1)), loginDelayMaxTime) * 1000;
  }

  /** Camunda's UnlockUserCmd: admins only; an unknown user is a no-op. */
  async unlockUser(auth: Authentication | null, userId: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      if (!ctx.deps.checker.bypasses(ctx.auth))
        throw new AuthorizationError(ctx.auth?.userId ?? null, [], 'Required admin authenticated group or user.');
      const [user] = await selectRows(ctx.em, UserEntity, 'WHERE t.id = ?', [userId]);
      if (user && (user.attempts > 0 || user.lockExpirationTime != null)) ctx.manager(IdentityManager).unlock(user);
    });
  }

  get passwordPolicyEnabled(): boolean {
    return this.options.passwordPolicyEnabled;
  }

  checkPasswordAgainstPolicy(password: string | null | undefined, owner: PasswordOwner | null) {
    if (password == null) throw new NullValueError('password is null');
    return checkPasswordAgainstPolicy(password, owner);
  }

  /** Camunda's saveUser: with the policy on, a new password that breaks a rule is refused. */
  private enforcePasswordPolicy(password: string, owner: PasswordOwner): void {
    if (!this.options.passwordPolicyEnabled) return;
    if (!checkPasswordAgainstPolicy(password, owner).valid)
      throw new BadUserRequestError('Password does not match policy', 'PasswordPolicyException');
  }

  /**
   * The groups of a user the caller may read, by name, and the other members of those groups the caller may read
   * (Camunda's IdentityRestService#getGroupInfo).
   */
  async groupInfo(auth: Authentication | null, userId: string): Promise<GroupInfo> {
    return this.tx.read(async (em) => {
      const groupQuery = em
        .getRepository(GroupEntity)
        .createQueryBuilder('g')
        .where('g.id IN (SELECT m.group_id FROM act_id_membership m WHERE m.user_id = :userId)', { userId })
        .orderBy('g.name', 'ASC')
        .addOrderBy('g.id', 'ASC');
      await this.checker.restrictQuery(em, groupQuery, auth, 'READ', Resources.GROUP, 'g.id');
      const groups = await groupQuery.getMany();
      if (!groups.length) return { groups, groupUsers: [] };
      const userQuery = em
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .where('u.id IN (SELECT m.user_id FROM act_id_membership m WHERE m.group_id IN (:...groupIds))', {
          groupIds: groups.map((g) => g.id),
        })
        .andWhere('u.id <> :userId', { userId })
        .orderBy('u.id', 'ASC');
      await this.checker.restrictQuery(em, userQuery, auth, 'READ', Resources.USER, 'u.id');
      return { groups, groupUsers: await userQuery.getMany() };
    });
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
    if (password) this.enforcePasswordPolicy(password, { ...profile, id });
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
      this.enforcePasswordPolicy(password, user);
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
