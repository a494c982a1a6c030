import { Body, Controller, Delete, Get, HttpCode, Options, Param, Post, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { ResourceOptionsDto } from '../../common/http/count-result.dto';
import { LinkBuilder, Links } from '../../common/http/links';
import { ListRoutes } from '../../common/query/list-routes';
import { Authentication } from '../../engine/command/authentication';
import { TenantDto } from './tenant.dto';
import { TENANT_LIST } from './tenant.query';
import { TenantRestService } from './tenant.service';

@ApiTags('Tenant')
@ApiBasicAuth()
@Controller('tenant')
@ListRoutes(TENANT_LIST, (c: TenantController) => c.tenants.rows, { routes: ['list', 'count'] })
export class TenantController {
  constructor(readonly tenants: TenantRestService) {}

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.tenants.options(auth, links);
  }

  @Post('create')
  @HttpCode(204)
  create(@Auth() auth: Authentication | null, @Body() dto: TenantDto) {
    return this.tenants.create(auth, dto);
  }

  @Get(':id')
  @ApiOkResponse({ type: TenantDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tenants.get(auth, id);
  }

  @Put(':id')
  @EngineErrorAnswers(notFoundIs404('Tenant with id {id} does not exist'))
  @HttpCode(204)
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() dto: TenantDto) {
    return this.tenants.update(auth, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tenants.delete(auth, id);
  }

  @Options(':id')
  @ApiOkResponse({ type: ResourceOptionsDto })
  instanceOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.tenants.options(auth, links, id);
  }

  @Options(':id/user-members')
  @ApiOkResponse({ type: ResourceOptionsDto })
  userMemberOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.tenants.options(auth, links, id, 'user-members');
  }

  @Put(':id/user-members/:userId')
  @HttpCode(204)
  addUser(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('userId') userId: string) {
    return this.tenants.addMember(auth, id, { userId });
  }

  @Delete(':id/user-members/:userId')
  @HttpCode(204)
  removeUser(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('userId') userId: string) {
    return this.tenants.removeMember(auth, id, { userId });
  }

  @Options(':id/group-members')
  @ApiOkResponse({ type: ResourceOptionsDto })
  groupMemberOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.tenants.options(auth, links, id, 'group-members');
  }

  @Put(':id/group-members/:groupId')
  @HttpCode(204)
  addGroup(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('groupId') groupId: string) {
    return this.tenants.addMember(auth, id, { groupId });
  }

  @Delete(':id/group-members/:groupId')
  @HttpCode(204)
  removeGroup(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('groupId') groupId: string) {
    return this.tenants.removeMember(auth, id, { groupId });
  }
}
