import { Authentication } from '../command/authentication';
import { TenantChecker } from '../command/permission-checker';
import { BadUserRequestError } from '../errors';
import { ADMIN_GROUP } from './resources';

/**
 * Camunda's tenant check (TenantManager#isTenantCheckEnabled, #isAuthenticatedTenant): it applies to an authenticated
 * caller outside `camunda-admin` while the engine's option is on; such a caller reaches rows of their own tenants and
 * rows without a tenant. The caller's tenants come with the authentication, so deciding costs no query.
 */
export class TenantCheck implements TenantChecker {
  constructor(private readonly enabled: boolean) {}

  /** The tenant ids the caller may reach besides tenant-less rows; null when nothing is restricted. */
  authenticatedTenants(auth: Authentication | null | undefined): readonly string[] | null {
    if (!this.enabled || !auth || auth.groupIds.includes(ADMIN_GROUP)) return null;
    return auth.tenantIds ?? [];
  }

  isAuthenticatedTenant(auth: Authentication | null | undefined, tenantId: string | null | undefined): boolean {
    if (tenantId == null) return true;
    const tenants = this.authenticatedTenants(auth);
    return tenants === null || tenants.includes(tenantId);
  }

  /**
   * Camunda's TenantCommandChecker: `command` ("work on task 'x'") fails on a row of another tenant. Camunda answers
   * its ProcessEngineException with 500; the caller asked for what is not theirs, so it is a 400 here.
   */
  check(auth: Authentication | null | undefined, tenantId: string | null | undefined, command: string): void {
    if (!this.isAuthenticatedTenant(auth, tenantId))
      throw new BadUserRequestError(
        `ENGINE-13034 Cannot ${command} because it belongs to no authenticated tenant.`,
        'ProcessEngineException',
      );
  }

  /** The SQL condition over `column` that keeps a list to the caller's rows; null when nothing is restricted. */
  restriction(
    auth: Authentication | null | undefined,
    column: string,
    param = 'tenantCheckIds',
  ): { sql: string; params: Record<string, unknown> } | null {
    const tenants = this.authenticatedTenants(auth);
    if (tenants === null) return null;
    if (!tenants.length) return { sql: `${column} IS NULL`, params: {} };
    return { sql: `(${column} IS NULL OR ${column} IN (:...${param}))`, params: { [param]: [...tenants] } };
  }
}
