import { randomUUID } from 'node:crypto';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import { CommandExecutor } from '../command/command-executor';
import { selectRows } from '../../persistence/raw-rows';
import { BadUserRequestError, NotFoundError, NullValueError } from '../errors';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from './authorization-checker';
import { ALL, ANY, AUTH_TYPE, NONE, RESOURCE_BY_CODE, Resources, resolvePermission } from './resources';
import { AuthorizationChanges, AuthorizationManager } from './authorization.manager';

export interface AuthorizationData {
  type?: number | null;
  permissions?: string[] | null;
  userId?: string | null;
  groupId?: string | null;
  resourceType?: number | null;
  resourceId?: string | null;
}

function resourceEnumName(code: number): string {
  return RESOURCE_BY_CODE.get(code)?.enumName ?? String(code);
}

/** A permission name's bit for a resource type, or Camunda's error for a name that is unknown or does not apply. */
export function permissionBit(resourceType: number, name: string): number {
  const resolved = resolvePermission(resourceType, name);
  if (resolved.ok) return resolved.value;
  throw resolved.reason === 'unknown'
    ? new BadUserRequestError(
        `The permission '${name}' is not valid for '${resourceEnumName(resourceType)}' resource type.`,
      )
    : new BadUserRequestError(
        `ENGINE-03087 The resource type with id:'${resourceType}' is not valid for '${name}' permission.`,
      );
}

/** Permission names → the stored bit mask (grants add bits to NONE, revokes clear bits of ALL). */
export function permissionMask(type: number, resourceType: number, names: string[]): number {
  let mask = type === AUTH_TYPE.REVOKE ? ALL : NONE;
  for (const name of names) {
    const bit = permissionBit(resourceType, name);
    if (type === AUTH_TYPE.REVOKE) mask = bit === ALL ? NONE : mask & ~bit;
    else mask = bit === ALL ? ALL : mask | bit;
  }
  return mask;
}

/**
 * Authorization rows: create, update, delete, read, with checks on the Authorization resource itself.
 * Changes are commands that write through the AuthorizationManager; updates and deletes are checked
 * against the row's revision.
 */
export class AuthorizationService {
  constructor(
    private readonly commands: CommandExecutor,
    readonly checker: AuthorizationChecker,
  ) {}

  async create(auth: Authentication | null, data: AuthorizationData): Promise<AuthorizationEntity> {
    const entity = this.validated(data);
    await this.commands.execute(auth, {
      execute: async (ctx) => {
        await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.AUTHORIZATION }], true);
        ctx.manager(AuthorizationManager).insert(entity);
      },
    });
    return entity;
  }

  async update(auth: Authentication | null, id: string, data: AuthorizationData): Promise<void> {
    await this.commands.execute(auth, {
      execute: async (ctx) => {
        const [existing] = await selectRows(ctx.em, AuthorizationEntity, 'WHERE t.id = ?', [id]);
        if (!existing) throw new NotFoundError(`Authorization with id ${id} does not exist.`);
        await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.AUTHORIZATION, resourceId: id }], true);
        const next = this.validated({
          type: existing.type,
          userId: data.userId ?? null,
          groupId: data.groupId ?? null,
          resourceId: data.resourceId ?? null,
          resourceType: data.resourceType ?? existing.resourceType,
          permissions: data.permissions ?? null,
        });
        const changes: AuthorizationChanges = {
          userId: next.userId,
          groupId: next.groupId,
          resourceId: next.resourceId,
          resourceType: next.resourceType,
        };
        if (data.permissions != null) changes.permissions = next.permissions;
        ctx.manager(AuthorizationManager).update(existing, changes);
      },
    });
  }

  async delete(auth: Authentication | null, id: string): Promise<void> {
    await this.commands.execute(auth, {
      execute: async (ctx) => {
        const [existing] = await selectRows(ctx.em, AuthorizationEntity, 'WHERE t.id = ?', [id]);
        if (!existing) throw new NotFoundError(`Authorization with id ${id} does not exist.`);
        await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.AUTHORIZATION, resourceId: id }], true);
        ctx.manager(AuthorizationManager).delete(existing);
      },
    });
  }

  async get(auth: Authentication | null, id: string): Promise<AuthorizationEntity | null> {
    return this.commands.tx.read(async (em) => {
      const found = await em.getRepository(AuthorizationEntity).findOneBy({ id });
      // Camunda reads through the authorization-restricted query: what the caller may not read does not exist.
      if (
        !found ||
        !(await this.checker.isAuthorized(em, auth, {
          permission: 'READ',
          resource: Resources.AUTHORIZATION,
          resourceId: id,
        }))
      ) {
        return null;
      }
      return found;
    });
  }

  private validated(data: AuthorizationData): AuthorizationEntity {
    const type = data.type ?? AUTH_TYPE.GRANT;
    if (![0, 1, 2].includes(type)) {
      throw new BadUserRequestError(
        `ENGINE-03025 Unrecognized authorization type '${type}'. Must be one of ['0', '1', '2']`,
        'ProcessEngineException',
      );
    }
    let userId = data.userId ?? null;
    const groupId = data.groupId ?? null;
    if (type === AUTH_TYPE.GLOBAL) {
      if (groupId != null)
        throw new BadUserRequestError(
          `ENGINE-03027 Cannot use 'groupId' for GLOBAL authorization`,
          'ProcessEngineException',
        );
      if (userId != null && userId !== ANY) {
        throw new BadUserRequestError(
          `ENGINE-03028 Illegal value '${userId}' for userId for GLOBAL authorization. Must be '${ANY}'`,
          'ProcessEngineException',
        );
      }
      userId = ANY;
    }
    if ((userId == null) === (groupId == null))
      throw new NullValueError(`Authorization must either have a 'userId' or a 'groupId'.`);
    if (data.resourceType == null) throw new NullValueError('resourceType is null');
    if (!Number.isInteger(data.resourceType))
      throw new BadUserRequestError(`Invalid resourceType '${data.resourceType}'`);
    const entity = new AuthorizationEntity();
    Object.assign(entity, {
      id: randomUUID(),
      rev: 1,
      type,
      userId,
      groupId,
      resourceType: data.resourceType,
      resourceId: data.resourceId ?? null,
      permissions: permissionMask(type, data.resourceType, data.permissions ?? []),
      removalTime: null,
      rootProcessInstanceId: null,
    });
    return entity;
  }
}
