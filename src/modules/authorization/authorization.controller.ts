import { Body, Controller, Delete, Get, HttpCode, Options, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ResourceOptionsDto } from '../../common/http/count-result.dto';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { LinkBuilder, Links } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { AuthorizationCheckResultDto, AuthorizationCreateDto, AuthorizationDto } from './authorization.dto';
import { AUTHORIZATION_LIST } from './authorization.query';
import { AuthorizationRestService, CheckParams } from './authorization.service';

@ApiTags('Authorization')
@ApiBasicAuth()
@Controller('authorization')
@ListRoutes(AUTHORIZATION_LIST, (c: AuthorizationController) => c.authorizations.rows, { routes: ['list', 'count'] })
export class AuthorizationController {
  constructor(readonly authorizations: AuthorizationRestService) {}

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.authorizations.options(auth, links);
  }

  @Get('check')
  @ApiQuery({ name: 'permissionName', required: true })
  @ApiQuery({ name: 'resourceName', required: true })
  @ApiQuery({ name: 'resourceType', required: true, type: Number })
  @ApiQuery({ name: 'resourceId', required: false })
  @ApiQuery({ name: 'userId', required: false })
  @ApiOkResponse({ type: AuthorizationCheckResultDto })
  check(@Auth() auth: Authentication | null, @Query() params: CheckParams) {
    return this.authorizations.check(auth, params);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthorizationDto })
  create(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Body() dto: AuthorizationCreateDto) {
    return this.authorizations.create(auth, links, dto);
  }

  @Get(':id')
  @ApiOkResponse({ type: AuthorizationDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.authorizations.get(auth, id);
  }

  @Put(':id')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() dto: AuthorizationCreateDto) {
    return this.authorizations.update(auth, id, dto);
  }

  @Delete(':id')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.authorizations.delete(auth, id);
  }

  @Options(':id')
  @ApiOkResponse({ type: ResourceOptionsDto })
  instanceOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.authorizations.options(auth, links, id);
  }
}
