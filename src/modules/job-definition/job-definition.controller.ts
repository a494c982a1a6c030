import { Body, Controller, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { ListRoutes } from '../../common/query/list-routes';
import { Authentication } from '../../engine/command/authentication';
import {
  JobDefinitionDto,
  JobDefinitionPriorityDto,
  JobDefinitionRetriesDto,
  JobDefinitionsSuspensionDto,
  JobDefinitionSuspensionDto,
} from './job-definition.dto';
import { JOB_DEFINITION_LIST } from './job-definition.query';
import { JobDefinitionRestService } from './job-definition.service';

@ApiTags('Job Definition')
@ApiBasicAuth()
@Controller('job-definition')
@ListRoutes(JOB_DEFINITION_LIST, (c: JobDefinitionController) => c.definitions.rows)
export class JobDefinitionController {
  constructor(readonly definitions: JobDefinitionRestService) {}

  @Put('suspended')
  @HttpCode(204)
  @ApiNoContentResponse()
  suspendMany(@Auth() auth: Authentication | null, @Body() body: JobDefinitionsSuspensionDto) {
    return this.definitions.suspendMany(auth, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: JobDefinitionDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.definitions.get(auth, id);
  }

  @Put(':id/suspended')
  @HttpCode(204)
  @ApiNoContentResponse()
  suspend(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobDefinitionSuspensionDto) {
    return this.definitions.suspendOne(auth, id, body);
  }

  @Put(':id/retries')
  @HttpCode(204)
  @ApiNoContentResponse()
  setRetries(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobDefinitionRetriesDto) {
    return this.definitions.setRetries(auth, id, body);
  }

  /** JobDefinitionResourceImpl.setJobPriority: an unknown job definition is a 404. */
  @Put(':id/jobPriority')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiNoContentResponse()
  setPriority(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: JobDefinitionPriorityDto) {
    return this.definitions.setPriority(auth, id, body);
  }
}
