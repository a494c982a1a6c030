import { Body, Controller, Delete, Get, HttpCode, Options, Param, Post, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ResourceOptionsDto } from '../../common/http/count-result.dto';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { LinkBuilder, Links } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { UserCreateDto, UserCredentialsDto, UserProfileDto } from './user.dto';
import { USER_LIST } from './user.query';
import { UserService } from './user.service';

@ApiTags('User')
@ApiBasicAuth()
@Controller('user')
@ListRoutes(USER_LIST, (c: UserController) => c.users.rows, { routes: ['list', 'count'] })
export class UserController {
  constructor(readonly users: UserService) {}

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.users.options(auth, links);
  }

  @Post('create')
  @HttpCode(204)
  create(@Auth() auth: Authentication | null, @Body() dto: UserCreateDto) {
    return this.users.create(auth, dto);
  }

  @Options(':id')
  @ApiOkResponse({ type: ResourceOptionsDto })
  instanceOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.users.options(auth, links, id);
  }

  @Get(':id/profile')
  @ApiOkResponse({ type: UserProfileDto })
  profile(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.users.profile(auth, id);
  }

  @Put(':id/profile')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  updateProfile(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() dto: UserProfileDto) {
    return this.users.updateProfile(auth, id, dto);
  }

  @Put(':id/credentials')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  updateCredentials(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() dto: UserCredentialsDto) {
    return this.users.updateCredentials(auth, id, dto);
  }

  @Post(':id/unlock')
  @HttpCode(204)
  unlock(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.users.unlock(auth, id);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.users.delete(auth, id);
  }
}
