import { EntityManager } from 'typeorm';
import { Authentication } from './authentication';

/** A resource type as Camunda 7 numbers and names it (the authorization room's `Resources` lists them). */
export interface ResourceType {
  code: number;
  /** Enum constant name, used in "not valid for '<NAME>' resource type" messages. */
  enumName: string;
  /** Display name, used in authorization exception messages and `resourceName`. */
  name: string;
}

export interface PermissionCheck {
  permission: string;
  resource: ResourceType;
  resourceId?: string | null;
}

/**
 * What a command asks of the permission checker. Declared here because the authorization room, whose
 * `AuthorizationChecker` implements it, sits above the command layer: its records are written by a manager that
 * needs the command context.
 */
export interface PermissionChecker {
  readonly isEnabled: boolean;
  /** No checks for this caller: authorization is off, nobody is calling, or the caller is an administrator. */
  bypasses(auth: Authentication | null | undefined): boolean;
  /** Throws Camunda's AuthorizationException unless at least one of the checks passes. */
  check(em: EntityManager, auth: Authentication | null, checks: PermissionCheck[], singleForm?: boolean): Promise<void>;
}

/** Camunda's tenant check as a command asks it; the authorization room's `TenantCheck` implements it. */
export interface TenantChecker {
  /** The tenant ids the caller may reach besides tenant-less rows; null when nothing is restricted. */
  authenticatedTenants(auth: Authentication | null | undefined): readonly string[] | null;
  /** Whether the caller may reach a row of this tenant (rows without a tenant: always). */
  isAuthenticatedTenant(auth: Authentication | null | undefined, tenantId: string | null | undefined): boolean;
  /** Throws Camunda's "Cannot `command` because it belongs to no authenticated tenant." unless the caller may. */
  check(auth: Authentication | null | undefined, tenantId: string | null | undefined, command: string): void;
}
