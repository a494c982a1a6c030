import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/rest-error';
import { Link, LinkBuilder } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { GroupEntity } from '../../persistence/entities/identity/group.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { GroupDto, groupFromBody, toGroupDto } from './group.dto';
import { GROUP_LIST } from './group.query';

@Injectable()
export class GroupService {
  readonly rows: ResourceQuery<GroupEntity, GroupDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, GROUP_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<GroupDto> {
    const group = await this.engine.identity.getGroup(auth, id);
    if (!group) throw notFound(`Group with id ${id} does not exist`);
    return toGroupDto(group);
  }

  async create(auth: Authentication | null, dto: GroupDto): Promise<void> {
    await this.engine.identity.createGroup(auth, groupFromBody(dto));
  }

  async update(auth: Authentication | null, id: string, dto: GroupDto): Promise<void> {
    await this.engine.identity.updateGroup(auth, id, groupFromBody(dto));
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.identity.deleteGroup(auth, id);
  }

  addMember(auth: Authentication | null, id: string, userId: string): Promise<void> {
    return this.engine.identity.addMember(auth, id, userId);
  }

  removeMember(auth: Authentication | null, id: string, userId: string): Promise<void> {
    return this.engine.identity.removeMember(auth, id, userId);
  }

  /** OPTIONS link lists: only what the caller may do. */
  async options(
    auth: Authentication | null,
    links: LinkBuilder,
    id?: string,
    members = false,
  ): Promise<{ links: Link[] }> {
    const checker = this.engine.authorizationChecker;
    return this.engine.tx.read(async (em) => {
      const may = (permission: string, resource = Resources.GROUP) =>
        checker.isAuthorized(em, auth, { permission, resource, resourceId: id ?? null });
      const result: Link[] = [];
      if (id === undefined) {
        result.push(links.link('GET', '/group', 'list'), links.link('GET', '/group/count', 'count'));
        if (await may('CREATE')) result.push(links.link('POST', '/group/create', 'create'));
      } else if (members) {
        const path = `/group/${encodeURIComponent(id)}/members`;
        result.push(links.link('GET', path, 'self'));
        if (await may('DELETE', Resources.GROUP_MEMBERSHIP)) result.push(links.link('DELETE', path, 'delete'));
        if (await may('CREATE', Resources.GROUP_MEMBERSHIP)) result.push(links.link('PUT', path, 'create'));
      } else {
        const path = `/group/${encodeURIComponent(id)}`;
        result.push(links.link('GET', path, 'self'));
        if (await may('DELETE')) result.push(links.link('DELETE', path, 'delete'));
        if (await may('UPDATE')) result.push(links.link('PUT', path, 'update'));
      }
      return { links: result };
    });
  }
}
