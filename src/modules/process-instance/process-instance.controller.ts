import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { BINARY_VARIABLE_BODY, VARIABLE_DATA_UPLOAD } from '../../common/http/multipart-upload';
import { PatchVariablesDto } from '../../common/variables/patch-variables.dto';
import * as vars from '../../common/variables/variable-scope-resource';
import { VariableValueDto } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { ActivityInstanceDto } from './activity-instance.dto';
import { BatchDto } from '../../common/dto/batch.dto';
import { DeleteProcessInstancesDto } from './delete-process-instances.dto';
import {
  CorrelationMessageAsyncDto,
  SetJobRetriesByProcessDto,
  SetVariablesAsyncDto,
} from './process-instance-batches.dto';
import { PROCESS_INSTANCE_LIST } from '../../common/query/process-instance-query';
import { DeleteFlags, ProcessInstanceService } from './process-instance.service';
import { ProcessInstanceSuspensionStateDto } from './process-instance-suspension.dto';
import { ProcessInstanceModificationDto } from './modification.dto';

@ApiTags('Process Instance')
@ApiBasicAuth()
@Controller('process-instance')
@ListRoutes(PROCESS_INSTANCE_LIST, (c: ProcessInstanceController) => c.instances.rows)
export class ProcessInstanceController {
  constructor(readonly instances: ProcessInstanceService) {}

  @Post('delete')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-deletion' })
  deleteAsync(@Auth() auth: Authentication | null, @Body() body: DeleteProcessInstancesDto) {
    return this.instances.deleteAsync(auth, body);
  }

  @Put('suspended')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Activates or suspends process instances: of a definition (id, or key with tenant) or a group (ids, queries)',
  })
  suspend(@Auth() auth: Authentication | null, @Body() body: ProcessInstanceSuspensionStateDto) {
    return this.instances.suspend(auth, body);
  }

  @Post('suspended-async')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-update-suspension-state' })
  suspendAsync(@Auth() auth: Authentication | null, @Body() body: ProcessInstanceSuspensionStateDto) {
    return this.instances.suspendAsync(auth, body);
  }

  @Put(':id/suspended')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activates or suspends a process instance' })
  suspendOne(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: ProcessInstanceSuspensionStateDto,
  ) {
    return this.instances.suspendOne(auth, id, body);
  }

  @Post('delete-historic-query-based')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-deletion' })
  deleteAsyncHistoricQueryBased(@Auth() auth: Authentication | null, @Body() body: DeleteProcessInstancesDto) {
    return this.instances.deleteAsyncHistoricQueryBased(auth, body);
  }

  @Post('job-retries')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type set-job-retries' })
  setJobRetries(@Auth() auth: Authentication | null, @Body() body: SetJobRetriesByProcessDto) {
    return this.instances.setJobRetriesAsync(auth, body, false);
  }

  @Post('job-retries-historic-query-based')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type set-job-retries' })
  setJobRetriesHistoricQueryBased(@Auth() auth: Authentication | null, @Body() body: SetJobRetriesByProcessDto) {
    return this.instances.setJobRetriesAsync(auth, body, true);
  }

  @Post('message-async')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type correlate-message' })
  correlateMessageAsync(@Auth() auth: Authentication | null, @Body() body: CorrelationMessageAsyncDto) {
    return this.instances.correlateMessageAsync(auth, body);
  }

  @Post('variables-async')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type set-variables' })
  setVariablesAsync(@Auth() auth: Authentication | null, @Body() body: SetVariablesAsyncDto) {
    return this.instances.setVariablesAsync(auth, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ProcessInstanceDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.instances.get(auth, id);
  }

  @Delete(':id')
  @EngineErrorAnswers(notFoundIs404('Process instance with id {id} does not exist'))
  @HttpCode(204)
  @ApiQuery({ name: 'skipCustomListeners', required: false, type: Boolean })
  @ApiQuery({ name: 'skipIoMappings', required: false, type: Boolean })
  @ApiQuery({ name: 'skipSubprocesses', required: false, type: Boolean })
  @ApiQuery({ name: 'failIfNotExists', required: false, type: Boolean })
  delete(@Auth() auth: Authentication | null, @Param('id') id: string, @Query() flags: DeleteFlags) {
    return this.instances.delete(auth, id, flags);
  }

  @Post(':id/modification')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancels and starts activity instances of a process instance, in one transaction' })
  modify(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: ProcessInstanceModificationDto) {
    return this.instances.modify(auth, id, body);
  }

  @Post(':id/modification-async')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-modification' })
  modifyAsync(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: ProcessInstanceModificationDto,
  ) {
    return this.instances.modifyAsync(auth, id, body);
  }

  @Get(':id/activity-instances')
  @ApiOkResponse({ type: ActivityInstanceDto })
  activityInstances(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.instances.activityInstances(auth, id);
  }

  @Get(':id/variables')
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  variables(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('deserializeValues') deserialize?: string,
  ) {
    return vars.getVariables(this.instances.variables(auth, id), deserialize);
  }

  @Post(':id/variables')
  @HttpCode(204)
  modifyVariables(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: PatchVariablesDto) {
    return vars.modifyVariables(this.instances.variables(auth, id), body);
  }

  @Get(':id/variables/:varName')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: VariableValueDto })
  variable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Query('deserializeValue') deserialize?: string,
  ) {
    return vars.getVariable(this.instances.variables(auth, id), name, deserialize);
  }

  @Put(':id/variables/:varName')
  @HttpCode(204)
  putVariable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Body() body: VariableValueDto,
  ) {
    return vars.putVariable(this.instances.variables(auth, id), name, body);
  }

  @Delete(':id/variables/:varName')
  @HttpCode(204)
  deleteVariable(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('varName') name: string) {
    return vars.deleteVariable(this.instances.variables(auth, id), name);
  }

  @Get(':id/variables/:varName/data')
  variableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Res() res: Response,
  ) {
    return vars.sendVariableBinary(this.instances.variables(auth, id), name, res);
  }

  @Post(':id/variables/:varName/data')
  @HttpCode(204)
  @UseInterceptors(VARIABLE_DATA_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody(BINARY_VARIABLE_BODY)
  setVariableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @UploadedFiles() files: vars.UploadedPart[],
    @Body() fields: Record<string, unknown>,
  ) {
    return vars.setVariableBinary(this.instances.variables(auth, id), name, files, fields);
  }
}
