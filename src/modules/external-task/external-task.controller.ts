import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BatchDto } from '../../common/dto/batch.dto';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiQuerySpec, CountQuery } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/command/authentication';
import { ExternalTaskDto, LockedExternalTaskDto } from './external-task.dto';
import { EXTERNAL_TASK_QUERY, TOPIC_NAMES_QUERY } from './external-task.query';
import {
  CompleteExternalTaskDto,
  ExtendLockOnExternalTaskDto,
  ExternalTaskBpmnErrorDto,
  ExternalTaskFailureDto,
  FetchExternalTasksDto,
  ExternalTaskPriorityDto,
  ExternalTaskRetriesDto,
  LockExternalTaskDto,
  SetRetriesForExternalTasksDto,
} from './external-task-request.dto';
import { BULK_RETRIES_ANSWERS, UNKNOWN_TASK, WAITING_ROOM_FULL, WORKER_REFUSALS } from './external-task-error-answers';
import { ExternalTaskRestService } from './external-task.service';
import { ListRoutes } from '../../common/query/list-routes';

@ApiTags('External Task')
@ApiBasicAuth()
@Controller('external-task')
@ListRoutes({ dto: ExternalTaskDto, spec: EXTERNAL_TASK_QUERY }, (c: ExternalTaskController) => c.tasks.rows)
export class ExternalTaskController {
  constructor(readonly tasks: ExternalTaskRestService) {}

  @Post('fetchAndLock')
  @EngineErrorAnswers(WAITING_ROOM_FULL)
  @HttpCode(200)
  @ApiOkResponse({ type: [LockedExternalTaskDto] })
  fetchAndLock(@Auth() auth: Authentication | null, @Body() body: FetchExternalTasksDto) {
    return this.tasks.fetchAndLock(auth, body);
  }

  @Get('topic-names')
  @ApiQuerySpec(TOPIC_NAMES_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: [String] })
  topicNames(@Auth() auth: Authentication | null, @CountQuery(TOPIC_NAMES_QUERY) q: ParsedQuery) {
    return this.tasks.topicNames(auth, q);
  }

  @Put('retries')
  @EngineErrorAnswers(...BULK_RETRIES_ANSWERS)
  @HttpCode(204)
  setRetriesSync(@Auth() auth: Authentication | null, @Body() body: SetRetriesForExternalTasksDto) {
    return this.tasks.setRetriesSync(auth, body);
  }

  @Post('retries-async')
  @EngineErrorAnswers(...BULK_RETRIES_ANSWERS)
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type set-external-task-retries' })
  setRetriesAsync(@Auth() auth: Authentication | null, @Body() body: SetRetriesForExternalTasksDto) {
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
  @EngineErrorAnswers(UNKNOWN_TASK, WORKER_REFUSALS)
  @HttpCode(204)
  complete(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: CompleteExternalTaskDto) {
    return this.tasks.complete(auth, id, body);
  }

  @Post(':id/failure')
  @EngineErrorAnswers(UNKNOWN_TASK, WORKER_REFUSALS)
  @HttpCode(204)
  failure(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ExternalTaskFailureDto) {
    return this.tasks.handleFailure(auth, id, body);
  }

  @Post(':id/bpmnError')
  @EngineErrorAnswers(UNKNOWN_TASK, WORKER_REFUSALS)
  @HttpCode(204)
  bpmnError(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ExternalTaskBpmnErrorDto) {
    return this.tasks.handleBpmnError(auth, id, body);
  }

  @Post(':id/lock')
  @EngineErrorAnswers(UNKNOWN_TASK, WORKER_REFUSALS)
  @HttpCode(204)
  lock(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: LockExternalTaskDto) {
    return this.tasks.lock(auth, id, body);
  }

  @Post(':id/extendLock')
  @EngineErrorAnswers(UNKNOWN_TASK, WORKER_REFUSALS)
  @HttpCode(204)
  extendLock(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ExtendLockOnExternalTaskDto) {
    return this.tasks.extendLock(auth, id, body);
  }

  @Post(':id/unlock')
  @EngineErrorAnswers(UNKNOWN_TASK)
  @HttpCode(204)
  unlock(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.tasks.unlock(auth, id);
  }

  @Put(':id/retries')
  @EngineErrorAnswers(UNKNOWN_TASK)
  @HttpCode(204)
  setRetries(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ExternalTaskRetriesDto) {
    return this.tasks.setRetries(auth, id, body);
  }

  @Put(':id/priority')
  @EngineErrorAnswers(UNKNOWN_TASK)
  @HttpCode(204)
  setPriority(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ExternalTaskPriorityDto) {
    return this.tasks.setPriority(auth, id, body);
  }
}
