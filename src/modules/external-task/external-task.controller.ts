import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiQuerySpec, CountQuery } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/authorization/authentication';
import { ExternalTaskDto, LockedExternalTaskDto } from './external-task.dto';
import { EXTERNAL_TASK_QUERY, TOPIC_NAMES_QUERY } from './external-task.query';
import {
  CompleteExternalTaskDto, ExtendLockOnExternalTaskDto, ExternalTaskBpmnErrorDto, ExternalTaskFailureDto, FetchExternalTasksDto,
  LockExternalTaskDto, PriorityDto, RetriesDto, SetRetriesForExternalTasksDto,
} from './external-task-request.dto';
import { ExternalTaskService } from './external-task.service';
import { ListRoutes } from '../../common/query/list-routes';

@ApiTags('External Task')
@ApiBasicAuth()
@Controller('external-task')
@ListRoutes({ dto: ExternalTaskDto, spec: EXTERNAL_TASK_QUERY }, (c: ExternalTaskController) => c.tasks.rows)
export class ExternalTaskController {
  constructor(readonly tasks: ExternalTaskService) {}

  @Post('fetchAndLock')
  @HttpCode(200)
  @ApiBody({ type: FetchExternalTasksDto })
  @ApiOkResponse({ type: [LockedExternalTaskDto] })
  fetchAndLock(@Auth() auth: Authentication | null, @Body() body: unknown) {
    return this.tasks.fetchAndLock(auth, body);
  }

  @Get('topic-names')
  @ApiQuerySpec(TOPIC_NAMES_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: [String] })
  topicNames(@Auth() auth: Authentication | null, @CountQuery(TOPIC_NAMES_QUERY) q: ParsedQuery) {
    return this.tasks.topicNames(auth, q);
  }

  @Put('retries')
  @HttpCode(204)
  @ApiBody({ type: SetRetriesForExternalTasksDto })
  setRetriesSync(@Auth() auth: Authentication | null, @Body() body: unknown) {
    return this.tasks.setRetriesSync(auth, body);
  }

  @Post('retries-async')
  @HttpCode(200)
  @ApiBody({ type: SetRetriesForExternalTasksDto })
  @ApiOkResponse({ description: 'BatchDto of type set-external-task-retries (executed at once, already complete)' })
  setRetriesAsync(@Auth() auth: Authentication | null, @Body() body: unknown) {
    return this.tasks.setRetriesAsync(auth, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ExternalTaskDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.get(auth, id);
  }

  @Get(':id/errorDetails')
  @ApiProduces('text/plain')
  @ApiOkResponse({ type: String })
  @ApiNoContentResponse({ description: 'The task has no error details' })
  async errorDetails(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    const details = await this.tasks.errorDetails(auth, id);
    if (details == null) res.status(204).end();
    else res.status(200).type('text/plain').send(details);
  }

  @Post(':id/complete')
  @HttpCode(204)
  @ApiBody({ type: CompleteExternalTaskDto })
  complete(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.complete(auth, id, body);
  }

  @Post(':id/failure')
  @HttpCode(204)
  @ApiBody({ type: ExternalTaskFailureDto })
  failure(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.handleFailure(auth, id, body);
  }

  @Post(':id/bpmnError')
  @HttpCode(204)
  @ApiBody({ type: ExternalTaskBpmnErrorDto })
  bpmnError(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.handleBpmnError(auth, id, body);
  }

  @Post(':id/lock')
  @HttpCode(204)
  @ApiBody({ type: LockExternalTaskDto })
  lock(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.lock(auth, id, body);
  }

  @Post(':id/extendLock')
  @HttpCode(204)
  @ApiBody({ type: ExtendLockOnExternalTaskDto })
  extendLock(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.extendLock(auth, id, body);
  }

  @Post(':id/unlock')
  @HttpCode(204)
  unlock(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.unlock(auth, id);
  }

  @Put(':id/retries')
  @HttpCode(204)
  @ApiBody({ type: RetriesDto })
  setRetries(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.setRetries(auth, id, body);
  }

  @Put(':id/priority')
  @HttpCode(204)
  @ApiBody({ type: PriorityDto })
  setPriority(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.tasks.setPriority(auth, id, body);
  }
}
