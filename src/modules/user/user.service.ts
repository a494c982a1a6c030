import { Injectable } from '@nestjs/common';
import { notFound, badRequest } from '../../common/errors/rest-error';
import { LinkBuilder } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { UserEntity } from '../../persistence/entities/identity/user.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { profileFromBody, toUserProfileDto, UserCreateDto, UserCredentialsDto, UserProfileDto } from './user.dto';
import { USER_LIST } from './user.query';

@Injectable()
export class UserService {
  readonly rows: ResourceQuery<UserEntity, UserProfileDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, USER_LIST);
  }

  async create(auth: Authentication | null, dto: UserCreateDto): Promise<void> {
    const profile = profileFromBody(dto.profile);
    if (profile.id == null) throw badRequest('request object must provide profile information with valid id.');
    await this.engine.identity.createUser(auth, profile, dto.credentials?.password ?? null);
  }

  async profile(auth: Authentication | null, id: string): Promise<UserProfileDto> {
    const user = await this.engine.identity.getUser(auth, id);
    if (!user) throw notFound(`User with id ${id} does not exist`);
    return toUserProfileDto(user);
  }

  async updateProfile(auth: Authentication | null, id: string, dto: UserProfileDto): Promise<void> {
    const profile = profileFromBody(dto);
    await this.engine.identity.updateProfile(auth, id, profile);
  }

  async updateCredentials(auth: Authentication | null, id: string, dto: UserCredentialsDto): Promise<void> {
    // Camunda's UserResource (not the engine) makes the caller confirm their own password first.
    if (auth && !(await this.engine.identity.checkPassword(auth.userId, dto.authenticatedUserPassword ?? null))) {
      throw badRequest('The given authenticated user password is not valid.');
    }
    await this.engine.identity.updatePassword(auth, id, dto.password ?? null);
  }

  unlock(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.identity.unlockUser(auth, id);
  }

  async delete(auth: Authentication | null, id: string): Promise<void> {
    await this.engine.identity.deleteUser(auth, id);
  }

  async options(auth: Authentication | null, links: LinkBuilder, id?: string) {
    const checker = this.engine.authorizationChecker;
    return this.engine.tx.read(async (em) => {
      const may = (permission: string) =>
        checker.isAuthorized(em, auth, { permission, resource: Resources.USER, resourceId: id ?? null });
      const result = [];
      if (id === undefined) {
        result.push(links.link('GET', '/user', 'list'), links.link('GET', '/user/count', 'count'));
        if (await may('CREATE')) result.push(links.link('POST', '/user/create', 'create'));
      } else {
        const path = `/user/${encodeURIComponent(id)}`;
        result.push(links.link('GET', `${path}/profile`, 'self'));
        if (await may('DELETE')) result.push(links.link('DELETE', path, 'delete'));
        if (await may('UPDATE')) result.push(links.link('PUT', `${path}/profile`, 'update'));
      }
      return { links: result };
    });
  }
}
