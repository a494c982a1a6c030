import { Body, Controller, Delete, Get, HttpCode, Options, Param, Post, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ResourceOptionsDto } from '../../common/http/count-result.dto';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { LinkBuilder, Links } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { GroupDto } from './group.dto';
import { GROUP_LIST } from './group.query';
import { GroupService } from './group.service';

@ApiTags('Group')
@ApiBasicAuth()
@Controller('group')
@ListRoutes(GROUP_LIST, (c: GroupController) => c.groups.rows)
export class GroupController {
  constructor(readonly groups: GroupService) {}

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.groups.options(auth, links);
  }

  @Post('create')
  @HttpCode(204)
  create(@Auth() auth: Authentication | null, @Body() dto: GroupDto) {
    return this.groups.create(auth, dto);
  }

  @Get(':id')
  @ApiOkResponse({ type: GroupDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.groups.get(auth, id);
  }

  @Put(':id')
  @EngineErrorAnswers(notFoundIs404('Group with id {id} does not exist'))
  @HttpCode(204)
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() dto: GroupDto) {
    return this.groups.update(auth, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.groups.delete(auth, id);
  }

  @Options(':id')
  @ApiOkResponse({ type: ResourceOptionsDto })
  instanceOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.groups.options(auth, links, id);
  }

  @Options(':id/members')
  @ApiOkResponse({ type: ResourceOptionsDto })
  memberOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.groups.options(auth, links, id, true);
  }

  @Put(':id/members/:userId')
  @HttpCode(204)
  addMember(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('userId') userId: string) {
    return this.groups.addMember(auth, id, userId);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  removeMember(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('userId') userId: string) {
    return this.groups.removeMember(auth, id, userId);
  }
}
