import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/rest-error';
import { Link, LinkBuilder } from '../../common/http/links';
import { ResourceQuery } from '../../common/query/resource-query';
import { Resources } from '../../engine/authorization/resources';
import { Authentication } from '../../engine/command/authentication';
import { TenantMember } from '../../engine/identity/identity.manager';
import { ProcessEngine } from '../../engine/process-engine';
import { TenantEntity } from '../../persistence/entities/identity/tenant.entity';
import { TenantDto, tenantFromBody, toTenantDto } from './tenant.dto';
import { TENANT_LIST } from './tenant.query';

@Injectable()
export class TenantRestService {
  readonly rows: ResourceQuery<TenantEntity, TenantDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, TENANT_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<TenantDto> {
    const tenant = await this.engine.tenants.getTenant(auth, id);
    if (!tenant) throw notFound(`Tenant with id ${id} does not exist`);
    return toTenantDto(tenant);
  }

  create(auth: Authentication | null, dto: TenantDto): Promise<void> {
    return this.engine.tenants.createTenant(auth, tenantFromBody(dto));
  }

  async update(auth: Authentication | null, id: string, dto: TenantDto): Promise<void> {
    // Camunda's TenantResource looks the tenant up with the caller's read rights before it saves.
    if (!(await this.engine.tenants.getTenant(auth, id))) throw notFound(`Tenant with id ${id} does not exist`);
    await this.engine.tenants.updateTenant(auth, id, tenantFromBody(dto));
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.tenants.deleteTenant(auth, id);
  }

  addMember(auth: Authentication | null, id: string, member: TenantMember): Promise<void> {
    return this.engine.tenants.addMember(auth, id, member);
  }

  removeMember(auth: Authentication | null, id: string, member: TenantMember): Promise<void> {
    return this.engine.tenants.removeMember(auth, id, member);
  }

  /** OPTIONS link lists: only what the caller may do. `members`: the user-members or group-members resource. */
  async options(
    auth: Authentication | null,
    links: LinkBuilder,
    id?: string,
    members?: 'user-members' | 'group-members',
  ): Promise<{ links: Link[] }> {
    const checker = this.engine.authorizationChecker;
    return this.engine.tx.read(async (em) => {
      const may = (permission: string, resource = Resources.TENANT) =>
        checker.isAuthorized(em, auth, { permission, resource, resourceId: id ?? null });
      const result: Link[] = [];
      if (id === undefined) {
        result.push(links.link('GET', '/tenant', 'list'), links.link('GET', '/tenant/count', 'count'));
        if (await may('CREATE')) result.push(links.link('POST', '/tenant/create', 'create'));
      } else if (members) {
        const path = `/tenant/${encodeURIComponent(id)}/${members}`;
        result.push(links.link('GET', path, 'self'));
        if (await may('DELETE', Resources.TENANT_MEMBERSHIP)) result.push(links.link('DELETE', path, 'delete'));
        if (await may('CREATE', Resources.TENANT_MEMBERSHIP)) result.push(links.link('PUT', path, 'create'));
      } else {
        const path = `/tenant/${encodeURIComponent(id)}`;
        result.push(links.link('GET', path, 'self'));
        if (await may('DELETE')) result.push(links.link('DELETE', path, 'delete'));
        if (await may('UPDATE')) result.push(links.link('PUT', path, 'update'));
      }
      return { links: result };
    });
  }
}
