import { Brackets, EntityManager, SelectQueryBuilder } from 'typeorm';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { AuthorizationError, MissingAuthorization } from '../errors';
import { Authentication } from '../command/authentication';
import { PermissionCheck, PermissionChecker, ResourceType } from '../command/permission-checker';
import { ADMIN_GROUP, ANY, AUTH_TYPE, resolvePermission } from './resources';

export type { PermissionCheck };

/** The ids a list may show: all but some, or only some. */
export type ListRestriction = { all: true; except: string[] } | { all: false; only: string[] };

/**
 * Decides permissions the way Camunda's authorization SQL does: the first matching rule wins,
 * in the order user (specific id, then `*`), group (specific, then `*`), global (specific, then `*`);
 * within a level a grant is consulted before a revoke. Revokes are always honoured.
 */
export class AuthorizationChecker implements PermissionChecker {
  constructor(private readonly enabled: boolean) {}

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** No checks when authorization is off, nobody is authenticated (auth off), or the caller is an admin. */
  bypasses(auth: Authentication | null | undefined): boolean {
    return !this.enabled || !auth || auth.groupIds.includes(ADMIN_GROUP);
  }

  async isAuthorized(em: EntityManager, auth: Authentication | null, check: PermissionCheck): Promise<boolean> {
    if (this.bypasses(auth)) return true;
    const rules = await this.rules(em, auth!, check.resource.code);
    return this.decide(rules, auth!, this.bit(check), check.resourceId ?? null);
  }

  /** Throws unless at least one of the checks passes (Camunda's "one of the following permissions"). */
  async check(
    em: EntityManager,
    auth: Authentication | null,
    checks: PermissionCheck[],
    singleForm = false,
  ): Promise<void> {
    if (this.bypasses(auth)) return;
    const byResource = new Map<number, AuthorizationEntity[]>();
    for (const c of checks) {
      if (!byResource.has(c.resource.code))
        byResource.set(c.resource.code, await this.rules(em, auth!, c.resource.code));
      if (this.decide(byResource.get(c.resource.code)!, auth!, this.bit(c), c.resourceId ?? null)) return;
    }
    const missing: MissingAuthorization[] = checks.map((c) => ({
      permissionName: c.permission,
      resourceName: c.resource.name,
      resourceId: c.resourceId ?? null,
    }));
    // Identity CRUD checks use Camunda's single-permission sentence; composite command checks the list form.
    const message = singleForm && missing.length === 1 ? undefined : listForm(auth!.userId, missing);
    throw new AuthorizationError(auth!.userId, missing, message);
  }

  /** Which resource ids a list query may return for this permission; null when nothing is restricted. */
  async listRestriction(
    em: EntityManager,
    auth: Authentication | null,
    permission: string,
    resource: ResourceType,
  ): Promise<ListRestriction | null> {
    if (this.bypasses(auth)) return null;
    const rules = await this.rules(em, auth!, resource.code);
    const bit = this.bit({ permission, resource });
    const ids = new Set(rules.map((r) => r.resourceId).filter((id): id is string => id != null && id !== ANY));
    const fallback = this.decide(rules, auth!, bit, null);
    const differing = [...ids].filter((id) => this.decide(rules, auth!, bit, id) !== fallback);
    return fallback ? { all: true, except: differing } : { all: false, only: differing };
  }

  /** Adds the restriction to a list query over `idColumn`. */
  async restrictQuery<T extends object>(
    em: EntityManager,
    qb: SelectQueryBuilder<T>,
    auth: Authentication | null,
    permission: string,
    resource: ResourceType,
    idColumn: string,
  ): Promise<void> {
    const restriction = await this.listRestriction(em, auth, permission, resource);
    if (!restriction) return;
    if (restriction.all) {
      if (restriction.except.length)
        qb.andWhere(`${idColumn} NOT IN (:...authExcept)`, { authExcept: restriction.except });
    } else if (restriction.only.length) {
      qb.andWhere(`${idColumn} IN (:...authOnly)`, { authOnly: restriction.only });
    } else {
      qb.andWhere('1 = 0');
    }
  }

  private bit(check: PermissionCheck): number {
    const resolved = resolvePermission(check.resource.code, check.permission);
    if (!resolved.ok) throw new Error(`permission ${check.permission} does not exist for ${check.resource.enumName}`);
    return resolved.value;
  }

  private async rules(em: EntityManager, auth: Authentication, resourceCode: number): Promise<AuthorizationEntity[]> {
    return em
      .getRepository(AuthorizationEntity)
      .createQueryBuilder('a')
      .where('a.resourceType = :resourceCode', { resourceCode })
      .andWhere(
        new Brackets((w) => {
          w.where('a.userId IN (:...users)', { users: [auth.userId, ANY] });
          if (auth.groupIds.length) w.orWhere('a.groupId IN (:...groups)', { groups: auth.groupIds });
        }),
      )
      .getMany();
  }

  private decide(rules: AuthorizationEntity[], auth: Authentication, bit: number, resourceId: string | null): boolean {
    const user = rules.filter(
      (r) => r.type !== AUTH_TYPE.GLOBAL && r.userId != null && (r.userId === auth.userId || r.userId === ANY),
    );
    const group = rules.filter(
      (r) => r.type !== AUTH_TYPE.GLOBAL && r.groupId != null && auth.groupIds.includes(r.groupId),
    );
    const global = rules.filter((r) => r.type === AUTH_TYPE.GLOBAL);
    for (const level of [user, group, global]) {
      for (const id of resourceId == null ? [ANY] : [resourceId, ANY]) {
        const atId = level.filter((r) => r.resourceId === id);
        const perms = (r: AuthorizationEntity) => r.permissions ?? 0;
        if (atId.some((r) => r.type !== AUTH_TYPE.REVOKE && (perms(r) & bit) === bit)) return true;
        if (atId.some((r) => r.type === AUTH_TYPE.REVOKE && (perms(r) & bit) !== bit)) return false;
      }
    }
    return false;
  }
}

function listForm(userId: string, missing: MissingAuthorization[]): string {
  const one = (m: MissingAuthorization) =>
    m.resourceId == null
      ? `'${m.permissionName}' permission on resource '${m.resourceName}'`
      : `'${m.permissionName}' permission on resource '${m.resourceId}' of type '${m.resourceName}'`;
  return `The user with id '${userId}' does not have one of the following permissions: ${missing.map(one).join(' or ')}`;
}
