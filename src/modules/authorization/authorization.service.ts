import { Inject, Injectable } from '@nestjs/common';
import { RestError, notFound } from '../../common/errors/rest-error';
import { Link, LinkBuilder } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { permissionBit } from '../../engine/authorization/authorization.service';
import { ANY, RESOURCE_BY_CODE, Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { APP_CONFIG, AppConfig } from '../../common/app-config';
import { AuthorizationEntity } from '../../persistence/entities/identity/authorization.entity';
import {
  authorizationFromBody,
  AuthorizationCheckResultDto,
  AuthorizationCreateDto,
  AuthorizationDto,
  toAuthorizationDto,
} from './authorization.dto';
import { AUTHORIZATION_LIST } from './authorization.query';
import { ResourceQuery } from '../../common/query/resource-query';

export interface CheckParams {
  permissionName?: string;
  resourceName?: string;
  resourceType?: string;
  resourceId?: string;
  userId?: string;
}

@Injectable()
export class AuthorizationRestService {
  readonly rows: ResourceQuery<AuthorizationEntity, AuthorizationDto>;

  constructor(
    private readonly engine: ProcessEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.rows = new ResourceQuery(engine, AUTHORIZATION_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<AuthorizationDto> {
    const found = await this.engine.authorizations.get(auth, id);
    if (!found) throw notFound(`Authorization with id ${id} does not exist.`);
    return toAuthorizationDto(found);
  }

  async create(
    auth: Authentication | null,
    links: LinkBuilder,
    dto: AuthorizationCreateDto,
  ): Promise<AuthorizationDto> {
    const created = await this.engine.authorizations.create(auth, authorizationFromBody(dto));
    const path = `/authorization/${created.id}`;
    return {
      ...toAuthorizationDto(created),
      links: [links.link('GET', path, 'self'), links.link('PUT', path, 'update'), links.link('DELETE', path, 'delete')],
    };
  }

  async update(auth: Authentication | null, id: string, dto: AuthorizationCreateDto): Promise<void> {
    await this.engine.authorizations.update(auth, id, authorizationFromBody(dto));
  }

  async delete(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.authorizations.delete(auth, id);
  }

  async check(auth: Authentication | null, p: CheckParams): Promise<AuthorizationCheckResultDto> {
    for (const name of ['permissionName', 'resourceName', 'resourceType'] as const) {
      if (p[name] == null || p[name] === '') throw new RestError(400, `Query parameter '${name}' cannot be null`);
    }
    const resourceType = Number(p.resourceType);
    if (!Number.isInteger(resourceType)) {
      throw new RestError(400, `Cannot set query parameter 'resourceType' to value '${p.resourceType}'`);
    }
    const authEnabled = this.config.authEnabled;
    if (authEnabled && !auth) throw new RestError(401, 'You must be authenticated in order to use this resource.');
    permissionBit(resourceType, p.permissionName!);
    const resourceId = p.resourceId && p.resourceId !== ANY ? p.resourceId : null;
    const resource = RESOURCE_BY_CODE.get(resourceType) ?? {
      code: resourceType,
      enumName: String(resourceType),
      name: p.resourceName!,
    };
    const authorized = await this.engine.tx.read(async (em) => {
      let subject = auth;
      if (p.userId && auth && p.userId !== auth.userId) {
        const mayRead = await this.engine.authorizationChecker.isAuthorized(em, auth, {
          permission: 'READ',
          resource: Resources.AUTHORIZATION,
        });
        if (!mayRead) throw new RestError(403, 'You must have READ permission for Authorization resource.');
        subject = { userId: p.userId, groupIds: await this.engine.identity.groupIdsOf(em, p.userId) };
      }
      return this.engine.authorizationChecker.isAuthorized(em, subject, {
        permission: p.permissionName!,
        resource,
        resourceId,
      });
    });
    return {
      permissionName: p.permissionName!,
      resourceName: p.resourceName!,
      resourceId: p.resourceId ?? null,
      authorized,
    };
  }

  async options(auth: Authentication | null, links: LinkBuilder, id?: string): Promise<{ links: Link[] }> {
    const checker = this.engine.authorizationChecker;
    return this.engine.tx.read(async (em) => {
      const may = (permission: string) =>
        checker.isAuthorized(em, auth, { permission, resource: Resources.AUTHORIZATION, resourceId: id ?? null });
      const result: Link[] = [];
      if (id === undefined) {
        result.push(links.link('GET', '/authorization', 'list'), links.link('GET', '/authorization/count', 'count'));
        if (await may('CREATE')) result.push(links.link('POST', '/authorization/create', 'create'));
      } else {
        const path = `/authorization/${encodeURIComponent(id)}`;
        result.push(links.link('GET', path, 'self'));
        if (await may('DELETE')) result.push(links.link('DELETE', path, 'delete'));
        if (await may('UPDATE')) result.push(links.link('PUT', path, 'update'));
      }
      return { links: result };
    });
  }
}
