import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { Authentication } from '../authorization/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { ADMIN_GROUP, ALL, AUTH_TYPE, Resources } from '../authorization/resources';
import { Transactions } from '../command/transactions';
import { BadUserRequestError, NotFoundError, NullValueError } from '../errors';
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
    throw new BadUserRequestError(`${kind} has an invalid id: '${id}' is not a valid resource identifier.`, 'ProcessEngineException');
  }
}

/** Users, groups and memberships in the engine's own tables, with Camunda's permission checks. */
export class IdentityService {
  constructor(
    private readonly tx: Transactions,
    private readonly checker: AuthorizationChecker,
    private readonly cache: CredentialsCache,
  ) {}

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
    await this.tx.write(async (em) => {
      if (!(await em.getRepository(GroupEntity).existsBy({ id: ADMIN_GROUP }))) {
        await em.getRepository(GroupEntity).insert({ id: ADMIN_GROUP, rev: 1, name: 'camunda BPM Administrators', type: 'SYSTEM' });
      }
      if (!(await em.getRepository(UserEntity).existsBy({ id: userId }))) {
        await em.getRepository(UserEntity).insert({ id: userId, rev: 1, firstName: userId, lastName: null, email: null, passwordHash: hash });
      }
      if (!(await em.getRepository(MembershipEntity).existsBy({ userId, groupId: ADMIN_GROUP }))) {
        await em.getRepository(MembershipEntity).insert({ userId, groupId: ADMIN_GROUP });
      }
    });
  }

  // ---- users

  async createUser(auth: Authentication | null, profile: UserProfile, password: string | null | undefined): Promise<void> {
    const id = profile?.id;
    ensureValidId('User', id);
    const hash = password ? await hashPassword(password) : null;
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'CREATE', resource: Resources.USER }], true);
      if (await em.getRepository(UserEntity).existsBy({ id })) throw new BadUserRequestError('The user already exists');
      await em.getRepository(UserEntity).insert({
        id, rev: 1, firstName: profile.firstName ?? null, lastName: profile.lastName ?? null, email: profile.email ?? null, passwordHash: hash,
      });
      // Camunda's DefaultAuthorizationProvider: a new user may do everything with their own user.
      await this.grantDefault(em, { userId: id, resourceType: Resources.USER.code, resourceId: id, permissions: ALL });
    });
  }

  async getUser(auth: Authentication | null, id: string): Promise<UserEntity | null> {
    return this.tx.read(async (em) => {
      const user = await em.getRepository(UserEntity).findOneBy({ id });
      if (user && !(await this.checker.isAuthorized(em, auth, { permission: 'READ', resource: Resources.USER, resourceId: id }))) return null;
      return user;
    });
  }

  async updateProfile(auth: Authentication | null, id: string, profile: UserProfile): Promise<void> {
    await this.tx.write(async (em) => {
      const user = await em.getRepository(UserEntity).findOneBy({ id });
      if (!user) throw new NotFoundError(`User with id ${id} does not exist`);
      await this.checker.check(em, auth, [{ permission: 'UPDATE', resource: Resources.USER, resourceId: id }], true);
      if (profile.id != null && profile.id !== id) ensureValidId('User', profile.id);
      await em.getRepository(UserEntity).update(
        { id },
        { firstName: profile.firstName ?? null, lastName: profile.lastName ?? null, email: profile.email ?? null, rev: user.rev + 1 },
      );
    });
  }

  async updatePassword(auth: Authentication | null, id: string, password: string | null | undefined): Promise<void> {
    if (!password) throw new NullValueError('password is null');
    const hash = await hashPassword(password);
    await this.tx.write(async (em) => {
      const user = await em.getRepository(UserEntity).findOneBy({ id });
      if (!user) throw new NotFoundError(`User with id ${id} does not exist`);
      await this.checker.check(em, auth, [{ permission: 'UPDATE', resource: Resources.USER, resourceId: id }], true);
      await em.getRepository(UserEntity).update({ id }, { passwordHash: hash, rev: user.rev + 1 });
    });
    this.cache.dropUser(id);
  }

  async deleteUser(auth: Authentication | null, id: string): Promise<void> {
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'DELETE', resource: Resources.USER, resourceId: id }], true);
      await em.getRepository(MembershipEntity).delete({ userId: id });
      await em.getRepository(AuthorizationEntity).delete({ userId: id });
      await em.getRepository(AuthorizationEntity).delete({ resourceType: Resources.USER.code, resourceId: id });
      await em.getRepository(UserEntity).delete({ id });
    });
    this.cache.dropUser(id);
  }

  // ---- groups

  async createGroup(auth: Authentication | null, group: GroupData): Promise<void> {
    const id = group?.id;
    ensureValidId('Group', id);
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'CREATE', resource: Resources.GROUP }], true);
      if (await em.getRepository(GroupEntity).existsBy({ id })) throw new BadUserRequestError('The group already exists');
      await em.getRepository(GroupEntity).insert({ id, rev: 1, name: group.name ?? null, type: group.type ?? null });
      // Camunda's DefaultAuthorizationProvider: members may read their group.
      await this.grantDefault(em, { groupId: id, resourceType: Resources.GROUP.code, resourceId: id, permissions: READ });
    });
  }

  async getGroup(auth: Authentication | null, id: string): Promise<GroupEntity | null> {
    return this.tx.read(async (em) => {
      const group = await em.getRepository(GroupEntity).findOneBy({ id });
      if (group && !(await this.checker.isAuthorized(em, auth, { permission: 'READ', resource: Resources.GROUP, resourceId: id }))) return null;
      return group;
    });
  }

  async updateGroup(auth: Authentication | null, id: string, group: GroupData): Promise<void> {
    await this.tx.write(async (em) => {
      const existing = await em.getRepository(GroupEntity).findOneBy({ id });
      if (!existing) throw new NotFoundError(`Group with id ${id} does not exist`);
      await this.checker.check(em, auth, [{ permission: 'UPDATE', resource: Resources.GROUP, resourceId: id }], true);
      await em.getRepository(GroupEntity).update({ id }, { name: group.name ?? null, type: group.type ?? null, rev: existing.rev + 1 });
    });
  }

  async deleteGroup(auth: Authentication | null, id: string): Promise<void> {
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'DELETE', resource: Resources.GROUP, resourceId: id }], true);
      await em.getRepository(MembershipEntity).delete({ groupId: id });
      await em.getRepository(AuthorizationEntity).delete({ groupId: id });
      await em.getRepository(AuthorizationEntity).delete({ resourceType: Resources.GROUP.code, resourceId: id });
      await em.getRepository(GroupEntity).delete({ id });
    });
    this.cache.dropGroup(id);
  }

  async addMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'CREATE', resource: Resources.GROUP_MEMBERSHIP, resourceId: groupId }], true);
      if (!(await em.getRepository(UserEntity).existsBy({ id: userId }))) throw new NullValueError(`No user found with id '${userId}'.: user is null`);
      if (!(await em.getRepository(GroupEntity).existsBy({ id: groupId }))) throw new NullValueError(`No group found with id '${groupId}'.: group is null`);
      if (await em.getRepository(MembershipEntity).existsBy({ userId, groupId })) {
        throw new BadUserRequestError(`User '${userId}' is already a member of group '${groupId}'`, 'ProcessEngineException');
      }
      await em.getRepository(MembershipEntity).insert({ userId, groupId });
    });
    this.cache.dropUser(userId);
  }

  async removeMember(auth: Authentication | null, groupId: string, userId: string): Promise<void> {
    await this.tx.write(async (em) => {
      await this.checker.check(em, auth, [{ permission: 'DELETE', resource: Resources.GROUP_MEMBERSHIP, resourceId: groupId }], true);
      await em.getRepository(MembershipEntity).delete({ userId, groupId });
    });
    this.cache.dropUser(userId);
  }

  /** Only while authorization checks are on, as in Camunda; an equal existing row is left alone. */
  private async grantDefault(
    em: EntityManager,
    rule: { userId?: string; groupId?: string; resourceType: number; resourceId: string; permissions: number },
  ): Promise<void> {
    if (!this.checker.isEnabled) return;
    const repo = em.getRepository(AuthorizationEntity);
    const owner = rule.userId != null ? { userId: rule.userId } : { groupId: rule.groupId };
    if (await repo.existsBy({ ...owner, type: AUTH_TYPE.GRANT, resourceType: rule.resourceType, resourceId: rule.resourceId })) return;
    await repo.insert({
      id: randomUUID(), rev: 1, type: AUTH_TYPE.GRANT, userId: rule.userId ?? null, groupId: rule.groupId ?? null,
      resourceType: rule.resourceType, resourceId: rule.resourceId, permissions: rule.permissions,
      removalTime: null, rootProcessInstanceId: null,
    });
  }
}
