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
import { ApiBasicAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { EventSubscriptionDto } from '../../common/dto/event-subscription.dto';
import { BINARY_VARIABLE_BODY, VARIABLE_DATA_UPLOAD } from '../../common/http/multipart-upload';
import { PatchVariablesDto, TriggerDto } from '../../common/variables/patch-variables.dto';
import * as vars from '../../common/variables/variable-scope-resource';
import { VariableValueDto } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { CreateIncidentDto, ExecutionDto } from './execution.dto';
import { EXECUTION_LIST } from './execution.query';
import { ExecutionService } from './execution.service';

@ApiTags('Execution')
@ApiBasicAuth()
@Controller('execution')
@ListRoutes(EXECUTION_LIST, (c: ExecutionController) => c.executions.rows)
export class ExecutionController {
  constructor(readonly executions: ExecutionService) {}

  @Get(':id')
  @ApiOkResponse({ type: ExecutionDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.executions.get(auth, id);
  }

  @Post(':id/create-incident')
  // Every BadUserRequestException, unknown execution included, is a 400 InvalidRequestException here.
  @EngineErrorAnswers({
    kinds: ['BadUserRequest', 'NotFound', 'NotValid', 'SuspendedEntityInteraction'],
    status: 400,
    type: 'InvalidRequestException',
  })
  @HttpCode(200)
  createIncident(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: CreateIncidentDto) {
    return this.executions.createIncident(auth, id, body);
  }

  @Post(':id/signal')
  @HttpCode(204)
  signal(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: TriggerDto) {
    return this.executions.signal(auth, id, body);
  }

  @Get(':id/messageSubscriptions/:messageName')
  @ApiOkResponse({ type: EventSubscriptionDto })
  messageSubscription(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('messageName') messageName: string,
  ) {
    return this.executions.messageSubscription(auth, id, messageName);
  }

  @Post(':id/messageSubscriptions/:messageName/trigger')
  @HttpCode(204)
  trigger(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('messageName') messageName: string,
    @Body() body: TriggerDto,
  ) {
    return this.executions.triggerMessage(auth, id, messageName, body);
  }

  @Get(':id/localVariables')
  @ApiQuery({ name: 'deserializeValues', required: false, type: Boolean })
  localVariables(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query('deserializeValues') deserialize?: string,
  ) {
    return vars.getVariables(this.executions.localVariables(auth, id), deserialize);
  }

  @Post(':id/localVariables')
  @HttpCode(204)
  modifyLocalVariables(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: PatchVariablesDto) {
    return vars.modifyVariables(this.executions.localVariables(auth, id), body);
  }

  @Get(':id/localVariables/:varName')
  @ApiQuery({ name: 'deserializeValue', required: false, type: Boolean })
  @ApiOkResponse({ type: VariableValueDto })
  localVariable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Query('deserializeValue') deserialize?: string,
  ) {
    return vars.getVariable(this.executions.localVariables(auth, id), name, deserialize);
  }

  @Put(':id/localVariables/:varName')
  @HttpCode(204)
  putLocalVariable(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Body() body: VariableValueDto,
  ) {
    return vars.putVariable(this.executions.localVariables(auth, id), name, body);
  }

  @Delete(':id/localVariables/:varName')
  @HttpCode(204)
  deleteLocalVariable(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('varName') name: string) {
    return vars.deleteVariable(this.executions.localVariables(auth, id), name);
  }

  @Get(':id/localVariables/:varName/data')
  localVariableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @Res() res: Response,
  ) {
    return vars.sendVariableBinary(this.executions.localVariables(auth, id), name, res);
  }

  @Post(':id/localVariables/:varName/data')
  @HttpCode(204)
  @UseInterceptors(VARIABLE_DATA_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody(BINARY_VARIABLE_BODY)
  setLocalVariableData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('varName') name: string,
    @UploadedFiles() files: vars.UploadedPart[],
    @Body() fields: Record<string, unknown>,
  ) {
    return vars.setVariableBinary(this.executions.localVariables(auth, id), name, files, fields);
  }
}
