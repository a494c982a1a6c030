import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Options,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { TaskDto } from '../../common/dto/task.dto';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { CountResultDto, ResourceOptionsDto } from '../../common/http/count-result.dto';
import { LinkBuilder, Links } from '../../common/http/links';
import { ListRoutes } from '../../common/query/list-routes';
import { pagingQueries } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/command/authentication';
import { CreateFilterDto, FilterDto } from './filter.dto';
import { FILTER_LIST } from './filter.query';
import { FilterRestService } from './filter.service';

const PAGING = applyDecorators(...pagingQueries());
const EXTENSION_BODY = ApiBody({
  required: false,
  schema: { type: 'object', description: 'A task query that extends the saved one' },
});
const invalidContent = (verb: 'create' | 'update') => ({
  kinds: ['NotValid'] as const,
  status: 400,
  type: 'InvalidRequestException' as const,
  message: `Unable to ${verb} filter with invalid content`,
});

@ApiTags('Filter')
@ApiBasicAuth()
@Controller('filter')
@ListRoutes(FILTER_LIST, (c: FilterController) => c.filters.listed, { routes: ['list', 'count'] })
export class FilterController {
  constructor(readonly filters: FilterRestService) {}

  @Options()
  @ApiOkResponse({ type: ResourceOptionsDto })
  options(@Auth() auth: Authentication | null, @Links() links: LinkBuilder) {
    return this.filters.options(auth, links);
  }

  @Post('create')
  @HttpCode(200)
  @ApiOkResponse({ type: FilterDto })
  @EngineErrorAnswers(invalidContent('create'))
  create(@Auth() auth: Authentication | null, @Body() body: CreateFilterDto) {
    return this.filters.create(auth, body);
  }

  @Options(':id')
  @ApiOkResponse({ type: ResourceOptionsDto })
  instanceOptions(@Auth() auth: Authentication | null, @Links() links: LinkBuilder, @Param('id') id: string) {
    return this.filters.options(auth, links, id);
  }

  @Get(':id')
  @ApiQuery({ name: 'itemCount', required: false, type: Boolean })
  @ApiOkResponse({ type: FilterDto })
  @EngineErrorAnswers(notFoundIs404())
  get(@Auth() auth: Authentication | null, @Param('id') id: string, @Query('itemCount') itemCount?: string) {
    return this.filters.get(auth, id, itemCount === 'true');
  }

  @Put(':id')
  @HttpCode(204)
  @EngineErrorAnswers(notFoundIs404(), invalidContent('update'))
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: CreateFilterDto) {
    return this.filters.update(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @EngineErrorAnswers(notFoundIs404())
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.filters.delete(auth, id);
  }

  @Get(':id/list')
  @PAGING
  @ApiOkResponse({ type: [TaskDto] })
  @EngineErrorAnswers(notFoundIs404())
  executeList(@Auth() auth: Authentication | null, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.filters.execute(auth, id, 'list', null, query);
  }

  @Post(':id/list')
  @HttpCode(200)
  @EXTENSION_BODY
  @ApiOkResponse({ type: [TaskDto] })
  @EngineErrorAnswers(notFoundIs404())
  postExecuteList(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
  ) {
    return this.filters.execute(auth, id, 'list', body, query);
  }

  @Get(':id/count')
  @ApiOkResponse({ type: CountResultDto })
  @EngineErrorAnswers(notFoundIs404())
  executeCount(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.filters.execute(auth, id, 'count', null);
  }

  @Post(':id/count')
  @HttpCode(200)
  @EXTENSION_BODY
  @ApiOkResponse({ type: CountResultDto })
  @EngineErrorAnswers(notFoundIs404())
  postExecuteCount(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.filters.execute(auth, id, 'count', body);
  }

  @Get(':id/singleResult')
  @ApiOkResponse({ type: TaskDto, description: '204 when no task matches' })
  @EngineErrorAnswers(notFoundIs404())
  async executeSingleResult(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    send(res, await this.filters.execute(auth, id, 'singleResult', null));
  }

  @Post(':id/singleResult')
  @EXTENSION_BODY
  @ApiOkResponse({ type: TaskDto, description: '204 when no task matches' })
  @EngineErrorAnswers(notFoundIs404())
  async postExecuteSingleResult(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res() res: Response,
  ) {
    send(res, await this.filters.execute(auth, id, 'singleResult', body));
  }
}

function send(res: Response, result: unknown): void {
  if (result == null) res.status(204).end();
  else res.status(200).json(result);
}
