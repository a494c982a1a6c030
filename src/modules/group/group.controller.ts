import { Body, Controller, Delete, Get, HttpCode, Options, Param, Post, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { CountResultDto, ResourceOptionsDto } from '../../common/http/count-result.dto';
import { LinkBuilder, Links } from '../../common/http/links';
import { ApiBodySpec, ApiQuerySpec, CountBody, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { GroupDto } from './group.dto';
import { GROUP_QUERY } from './group.query';
import { GroupService } from './group.service';

@ApiTags('Group')
@ApiBasicAuth()
@Controller('group')
export class GroupController {
  constructor(private readonly groups: GroupService) {}

  @Get()
  @ApiQuerySpec(GROUP_QUERY)
  @ApiOkResponse({ type: [GroupDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(GROUP_QUERY) q: ParsedQuery) {
    return this.groups.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(GROUP_QUERY)
  @ApiOkResponse({ type: [GroupDto] })
  query(@Auth() auth: Authentication | null, @ListBody(GROUP_QUERY) q: ParsedQuery) {
    return this.groups.list(auth, q);
  }

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.groups.options(auth, links);
  }

  @Get('count')
  @ApiQuerySpec(GROUP_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(GROUP_QUERY) q: ParsedQuery) {
    return this.groups.count(auth, q);
  }

  @Post('count')
  @HttpCode(200)
  @ApiBodySpec(GROUP_QUERY, { sorting: false })
  @ApiOkResponse({ type: CountResultDto })
  queryCount(@Auth() auth: Authentication | null, @CountBody(GROUP_QUERY) q: ParsedQuery) {
    return this.groups.count(auth, q);
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
