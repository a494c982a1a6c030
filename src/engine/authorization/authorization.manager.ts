import { randomUUID } from 'node:crypto';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { deleteWhereStatement } from '../../persistence/raw-rows';
import { AUTH_TYPE } from './resources';
import { CommandContext } from '../command/command-context';

/** A grant of Camunda's DefaultAuthorizationProvider: to one user or one group, on one resource. */
export interface DefaultGrant {
  userId?: string;
  groupId?: string;
  resourceType: number;
  resourceId: string;
  permissions: number;
}

/** The columns of an authorization a caller may change (the type stays what it was created with). */
export type AuthorizationChanges = Partial<
  Pick<AuthorizationEntity, 'userId' | 'groupId' | 'resourceType' | 'resourceId' | 'permissions'>
>;

/**
 * The one place that writes authorization rows of users, groups and filters (Camunda's AuthorizationManager):
 * the rows callers create, update and delete, the default grants on what users create, and the rows that go with
 * a user, a group or a resource. All through the command's unit of work; updates and deletes of a loaded row are
 * checked against its revision. The checker reads these rows on every check and caches nothing, so there is no
 * cache to drop after commit.
 */
export class AuthorizationManager {
  constructor(private readonly ctx: CommandContext) {}

  insert(row: AuthorizationEntity): AuthorizationEntity {
    return this.ctx.uow.insert(AuthorizationEntity, row);
  }

  update(row: AuthorizationEntity, changes: AuthorizationChanges): void {
    Object.assign(this.ctx.uow.track(AuthorizationEntity, row), changes);
  }

  delete(row: AuthorizationEntity): void {
    this.ctx.uow.delete(AuthorizationEntity, row);
  }

  /**
   * A default grant on a resource made in this command (nobody can hold a grant on it yet, so nothing is looked
   * up). Only while authorization checks are on, as in Camunda.
   */
  grantDefault(grant: DefaultGrant): void {
    if (this.ctx.deps.checker.isEnabled) this.insert(grantRow(grant));
  }

  /**
   * A default grant on a resource whose id may already carry grants (a user or group id an administrator
   * authorized before it existed): an equal grant that is there is left alone.
   */
  async grantDefaultOnce(grant: DefaultGrant): Promise<void> {
    if (!this.ctx.deps.checker.isEnabled) return;
    const owner = grant.userId != null ? { userId: grant.userId } : { groupId: grant.groupId };
    const present = await this.ctx.em.getRepository(AuthorizationEntity).existsBy({
      ...owner,
      type: AUTH_TYPE.GRANT,
      resourceType: grant.resourceType,
      resourceId: grant.resourceId,
    });
    if (!present) this.insert(grantRow(grant));
  }

  /** Every authorization given to a user that goes. */
  deleteOfUser(userId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, AuthorizationEntity, { userId })]);
  }

  /** Every authorization given to a group that goes. */
  deleteOfGroup(groupId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, AuthorizationEntity, { groupId })]);
  }

  /** The authorizations one user or one group holds on one resource (a tenant membership that ends). */
  deleteOfOwnerOnResource(
    owner: { userId: string } | { groupId: string },
    resourceType: number,
    resourceId: string,
  ): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, AuthorizationEntity, { ...owner, resourceType, resourceId })]);
  }

  /** Every authorization on a resource that goes (a user, a group, a filter). */
  deleteOnResource(resourceType: number, resourceId: string): void {
    this.ctx.uow.sql((em) => [deleteWhereStatement(em, AuthorizationEntity, { resourceType, resourceId })]);
  }
}

function grantRow(grant: DefaultGrant): AuthorizationEntity {
  return Object.assign(new AuthorizationEntity(), {
    id: randomUUID(),
    rev: 1,
    type: AUTH_TYPE.GRANT,
    userId: grant.userId ?? null,
    groupId: grant.groupId ?? null,
    resourceType: grant.resourceType,
    resourceId: grant.resourceId,
    permissions: grant.permissions,
    removalTime: null,
    rootProcessInstanceId: null,
  });
}
