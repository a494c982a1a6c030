import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { randomUUID } from 'node:crypto';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
import { TenantEntity } from '../../persistence/entities/identity/tenant.entity';
import { TenantMembershipEntity } from '../../persistence/entities/identity/tenant-membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { deleteWhereStatement } from '../../persistence/raw-rows';
import { Resources } from '../authorization/resources';
import { CommandContext, CommandDeps } from '../command/command-context';
import { CredentialsCache } from '../authorization/credentials-cache';
import { AuthorizationManager } from '../authorization/authorization.manager';

export interface NewUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  passwordHash: string | null;
}

export type UserProfileChanges = Pick<UserEntity, 'firstName' | 'lastName' | 'email'>;

export type GroupChanges = Pick<GroupEntity, 'name' | 'type'>;

/** A tenant member: one user or one group. */
export type TenantMember = { userId: string } | { groupId: string };

/** What the identity manager needs beyond a command's deps. */
export interface IdentityDeps extends CommandDeps {
  /** Basic-auth verifications, dropped by the identity manager after commit; absent: nothing cached. */
  readonly credentialsCache?: CredentialsCache;
}

/**
 * The one place that writes users, groups, tenants and memberships (Camunda's DbIdentityServiceProvider), through the
 * command's unit of work: updates and deletes of loaded users and groups are checked against their revision.
 * It owns the credentials cache's freshness: every write that changes what a cached verification says (a user's
 * password, group or tenant memberships or deletion, a group's deletion or tenant memberships, a tenant's deletion) notes the user or group, and the one after-commit hook
 * drops their entries, so a rolled-back command drops nothing and a committed one leaves nothing stale.
 */
export class IdentityManager {
  private readonly staleUsers = new Set<string>();
  private readonly staleGroups = new Set<string>();
  private readonly staleTenants = new Set<string>();

  constructor(private readonly ctx: CommandContext<IdentityDeps>) {
    const cache = ctx.deps.credentialsCache;
    if (!cache) return;
    ctx.afterCommit(() => {
      for (const userId of this.staleUsers) cache.dropUser(userId);
      for (const groupId of this.staleGroups) cache.dropGroup(groupId);
      for (const tenantId of this.staleTenants) cache.dropTenant(tenantId);
    });
  }

  insertUser(user: NewUser): UserEntity {
    return this.ctx.uow.insert(UserEntity, Object.assign(new UserEntity(), { ...user, rev: 1 }));
  }

  updateProfile(user: UserEntity, profile: UserProfileChanges): void {
    Object.assign(this.ctx.uow.track(UserEntity, user), profile);
  }

  setPassword(user: UserEntity, passwordHash: string): void {
    this.ctx.uow.track(UserEntity, user).passwordHash = passwordHash;
    this.staleUsers.add(user.id);
  }

  /**
   * A failed password check (Camunda's lockUser): the count goes up and the user waits until `lockExpirationTime`.
   * Cached verifications of the user go, so that the lock holds for every caller of this instance at once.
   */
  recordFailedLogin(user: UserEntity, attempts: number, lockExpirationTime: Date): void {
    Object.assign(this.ctx.uow.track(UserEntity, user), { attempts, lockExpirationTime });
    this.staleUsers.add(user.id);
  }

  /** Back to no failed attempts (a successful check, or an admin's unlock). */
  unlock(user: UserEntity): void {
    Object.assign(this.ctx.uow.track(UserEntity, user), { attempts: 0, lockExpirationTime: null });
    this.staleUsers.add(user.id);
  }

  /** A user with its memberships and the authorizations given to it or on it; `loaded`: its row, if there is one. */
  deleteUser(id: string, loaded: UserEntity | undefined): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, MembershipEntity, { userId: id })]);
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, TenantMembershipEntity, { userId: id })]);
    const authorizations = this.ctx.manager(AuthorizationManager);
    authorizations.deleteOfUser(id);
    authorizations.deleteOnResource(Resources.USER.code, id);
    if (loaded) this.ctx.uow.delete(UserEntity, loaded);
    this.staleUsers.add(id);
  }

  insertGroup(group: { id: string } & GroupChanges): GroupEntity {
    return this.ctx.uow.insert(GroupEntity, Object.assign(new GroupEntity(), { ...group, rev: 1 }));
  }

  updateGroup(group: GroupEntity, changes: GroupChanges): void {
    Object.assign(this.ctx.uow.track(GroupEntity, group), changes);
  }

  /** A group with its memberships and the authorizations given to it or on it; `loaded`: its row, if there is one. */
  deleteGroup(id: string, loaded: GroupEntity | undefined): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, MembershipEntity, { groupId: id })]);
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, TenantMembershipEntity, { groupId: id })]);
    const authorizations = this.ctx.manager(AuthorizationManager);
    authorizations.deleteOfGroup(id);
    authorizations.deleteOnResource(Resources.GROUP.code, id);
    if (loaded) this.ctx.uow.delete(GroupEntity, loaded);
    this.staleGroups.add(id);
  }

  addMembership(userId: string, groupId: string): void {
    this.ctx.uow.insert(MembershipEntity, Object.assign(new MembershipEntity(), { userId, groupId }));
    this.staleUsers.add(userId);
  }

  removeMembership(userId: string, groupId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, MembershipEntity, { userId, groupId })]);
    this.staleUsers.add(userId);
  }

  insertTenant(tenant: { id: string; name: string | null }): TenantEntity {
    return this.ctx.uow.insert(TenantEntity, Object.assign(new TenantEntity(), { ...tenant, rev: 1 }));
  }

  updateTenant(tenant: TenantEntity, name: string | null): void {
    this.ctx.uow.track(TenantEntity, tenant).name = name;
  }

  /** A tenant with its memberships and the authorizations on it (Camunda's deleteTenant). */
  deleteTenant(tenant: TenantEntity): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, TenantMembershipEntity, { tenantId: tenant.id })]);
    this.ctx.manager(AuthorizationManager).deleteOnResource(Resources.TENANT.code, tenant.id);
    this.ctx.uow.delete(TenantEntity, tenant);
    this.staleTenants.add(tenant.id);
  }

  /** A user or group joins a tenant; Camunda's DefaultAuthorizationProvider lets the member read the tenant. */
  addTenantMembership(tenantId: string, member: TenantMember): void {
    const row = { userId: null, groupId: null, ...member, id: randomUUID(), tenantId };
    this.ctx.uow.insert(TenantMembershipEntity, Object.assign(new TenantMembershipEntity(), row));
    this.ctx.manager(AuthorizationManager).grantDefault({
      ...member,
      resourceType: Resources.TENANT.code,
      resourceId: tenantId,
      permissions: READ,
    });
    this.staleMember(member);
  }

  /**
   * A user or group leaves a tenant, with its authorizations on the tenant. As Camunda's
   * deleteTenantUserMembership, the TenantMembership authorizations whose resource id is the member's id go too.
   */
  removeTenantMembership(tenantId: string, member: TenantMember): void {
    const memberId = 'userId' in member ? member.userId : member.groupId;
    const authorizations = this.ctx.manager(AuthorizationManager);
    authorizations.deleteOnResource(Resources.TENANT_MEMBERSHIP.code, memberId);
    authorizations.deleteOfOwnerOnResource(member, Resources.TENANT.code, tenantId);
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, TenantMembershipEntity, { tenantId, ...member })]);
    this.staleMember(member);
  }

  /** Cached verifications carry the caller's tenants: a changed tenant membership makes them stale. */
  private staleMember(member: TenantMember): void {
    if ('userId' in member) this.staleUsers.add(member.userId);
    else this.staleGroups.add(member.groupId);
  }
}

const READ = 2;
