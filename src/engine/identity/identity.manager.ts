import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../persistence/entities/identity/membership.entity';
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

/** What the identity manager needs beyond a command's deps. */
export interface IdentityDeps extends CommandDeps {
  /** Basic-auth verifications, dropped by the identity manager after commit; absent: nothing cached. */
  readonly credentialsCache?: CredentialsCache;
}

/**
 * The one place that writes users, groups and memberships (Camunda's DbIdentityServiceProvider), through the
 * command's unit of work: updates and deletes of loaded users and groups are checked against their revision.
 * It owns the credentials cache's freshness: every write that changes what a cached verification says (a user's
 * password, memberships or deletion, a group's deletion) notes the user or group, and the one after-commit hook
 * drops their entries, so a rolled-back command drops nothing and a committed one leaves nothing stale.
 */
export class IdentityManager {
  private readonly staleUsers = new Set<string>();
  private readonly staleGroups = new Set<string>();

  constructor(private readonly ctx: CommandContext<IdentityDeps>) {
    const cache = ctx.deps.credentialsCache;
    if (!cache) return;
    ctx.afterCommit(() => {
      for (const userId of this.staleUsers) cache.dropUser(userId);
      for (const groupId of this.staleGroups) cache.dropGroup(groupId);
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

  /** A user with its memberships and the authorizations given to it or on it; `loaded`: its row, if there is one. */
  deleteUser(id: string, loaded: UserEntity | undefined): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, MembershipEntity, { userId: id })]);
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
}
