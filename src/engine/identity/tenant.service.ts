import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { TenantEntity } from '../../persistence/entities/identity/tenant.entity';
import { TenantMembershipEntity } from '../../persistence/entities/identity/tenant-membership.entity';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { selectRows } from '../../persistence/raw-rows';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { Authentication } from '../command/authentication';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { BadUserRequestError, NotFoundError, NullValueError } from '../errors';
import { ensureValidId } from './identity.service';
import { IdentityManager, TenantMember } from './identity.manager';

export interface TenantData {
  id: string | null;
  name?: string | null;
}

/**
 * Tenants and their user and group members (Camunda's identity service for tenants), with Camunda's permission
 * checks: Tenant (11) for the tenant itself, TenantMembership (12) on the tenant's id for its members.
 */
export class TenantService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly checker: AuthorizationChecker,
  ) {}

  private run<T>(auth: Authentication | null, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
    return this.commands.execute(auth, { execute: work });
  }

  async createTenant(auth: Authentication | null, tenant: TenantData): Promise<void> {
    const id = tenant?.id;
    ensureValidId('Tenant', id);
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'CREATE', resource: Resources.TENANT }], true);
      if (await ctx.em.getRepository(TenantEntity).existsBy({ id }))
        throw new BadUserRequestError('The tenant already exists');
      // Camunda's DefaultAuthorizationProvider#newTenant grants nothing.
      ctx.manager(IdentityManager).insertTenant({ id, name: tenant.name ?? null });
    });
  }

  /** The tenant, or null when there is none the caller may read (Camunda's REST then answers 404). */
  async getTenant(auth: Authentication | null, id: string): Promise<TenantEntity | null> {
    return this.commands.tx.read(async (em) => {
      const tenant = await em.getRepository(TenantEntity).findOneBy({ id });
      const readable =
        tenant &&
        (await this.checker.isAuthorized(em, auth, { permission: 'READ', resource: Resources.TENANT, resourceId: id }));
      return readable ? tenant : null;
    });
  }

  async updateTenant(auth: Authentication | null, id: string, tenant: TenantData): Promise<void> {
    await this.run(auth, async (ctx) => {
      const existing = await this.loadTenant(ctx, id);
      await ctx.checkPermissions([{ permission: 'UPDATE', resource: Resources.TENANT, resourceId: id }], true);
      ctx.manager(IdentityManager).updateTenant(existing, tenant.name ?? null);
    });
  }

  /** An unknown tenant is a no-op, as in Camunda (after the permission check). */
  async deleteTenant(auth: Authentication | null, id: string): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions([{ permission: 'DELETE', resource: Resources.TENANT, resourceId: id }], true);
      const [tenant] = await selectRows(ctx.em, TenantEntity, 'WHERE t.id = ?', [id]);
      if (tenant) ctx.manager(IdentityManager).deleteTenant(tenant);
    });
  }

  async addMember(auth: Authentication | null, tenantId: string, member: TenantMember): Promise<void> {
    await this.run(auth, async (ctx) => {
      const { em } = ctx;
      await ctx.checkPermissions(
        [{ permission: 'CREATE', resource: Resources.TENANT_MEMBERSHIP, resourceId: tenantId }],
        true,
      );
      if (!(await em.getRepository(TenantEntity).existsBy({ id: tenantId })))
        throw new NullValueError(`No tenant found with id '${tenantId}'.: tenant is null`);
      if ('userId' in member) {
        if (!(await em.getRepository(UserEntity).existsBy({ id: member.userId })))
          throw new NullValueError(`No user found with id '${member.userId}'.: user is null`);
      } else if (!(await em.getRepository(GroupEntity).existsBy({ id: member.groupId }))) {
        throw new NullValueError(`No group found with id '${member.groupId}'.: group is null`);
      }
      if (await em.getRepository(TenantMembershipEntity).existsBy({ tenantId, ...member })) {
        const [kind, memberId] = 'userId' in member ? ['User', member.userId] : ['Group', member.groupId];
        throw new BadUserRequestError(
          `${kind} '${memberId}' is already a member of tenant '${tenantId}'`,
          'ProcessEngineException',
        );
      }
      ctx.manager(IdentityManager).addTenantMembership(tenantId, member);
    });
  }

  /** Removing a membership that is not there is a no-op, as in Camunda (after the permission check). */
  async removeMember(auth: Authentication | null, tenantId: string, member: TenantMember): Promise<void> {
    await this.run(auth, async (ctx) => {
      await ctx.checkPermissions(
        [{ permission: 'DELETE', resource: Resources.TENANT_MEMBERSHIP, resourceId: tenantId }],
        true,
      );
      if (await ctx.em.getRepository(TenantMembershipEntity).existsBy({ tenantId, ...member }))
        ctx.manager(IdentityManager).removeTenantMembership(tenantId, member);
    });
  }

  private async loadTenant(ctx: CommandContext, id: string): Promise<TenantEntity> {
    const [tenant] = await selectRows(ctx.em, TenantEntity, 'WHERE t.id = ?', [id]);
    if (!tenant) throw new NotFoundError(`Tenant with id ${id} does not exist`);
    return tenant;
  }
}
