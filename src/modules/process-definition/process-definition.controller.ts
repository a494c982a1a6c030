import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { ProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { ProcessInstanceWithVariablesDto } from '../../common/dto/process-instance.dto';
import { LinkBuilder, Links } from '../../common/http/links';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { PROCESS_DEFINITION_LIST } from './process-definition.query';
import { StartProcessInstanceDto } from './start-process-instance.dto';
import { RestartProcessInstanceDto } from './restart-process-instance.dto';
import { CalledProcessDefinitionDto } from './called-process-definition.dto';
import { BatchDto } from '../../common/dto/batch.dto';
import { HistoryTimeToLiveDto } from '../../common/dto/decision-definition.dto';
import { ProcessDefinitionService } from './process-definition.service';
import { ProcessDefinitionSuspensionStateDto } from './process-definition-suspension.dto';

@ApiTags('Process Definition')
@ApiBasicAuth()
@Controller('process-definition')
@ListRoutes(PROCESS_DEFINITION_LIST, (c: ProcessDefinitionController) => c.definitions.rows, {
  routes: ['list', 'query', 'count'],
})
export class ProcessDefinitionController {
  constructor(readonly definitions: ProcessDefinitionService) {}

  @Put('suspended')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Activates or suspends every version of a process definition key (Camunda: Activate/Suspend By Key)',
  })
  suspendByKey(@Auth() auth: Authentication | null, @Body() body: ProcessDefinitionSuspensionStateDto) {
    return this.definitions.suspendByKey(auth, body);
  }

  @Put('key/:key/suspended')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activates or suspends the latest version of a key without tenant' })
  suspendLatestByKey(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Body() body: ProcessDefinitionSuspensionStateDto,
  ) {
    return this.definitions.suspendOne(auth, { key }, body);
  }

  @Put('key/:key/tenant-id/:tenantId/suspended')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activates or suspends the latest version of a key of a tenant' })
  suspendLatestByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Body() body: ProcessDefinitionSuspensionStateDto,
  ) {
    return this.definitions.suspendOne(auth, { key, tenantId }, body);
  }

  @Put(':id/suspended')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activates or suspends a process definition, now or at the execution date' })
  suspendById(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: ProcessDefinitionSuspensionStateDto,
  ) {
    return this.definitions.suspendOne(auth, { id }, body);
  }

  @Get('statistics')
  @ApiOperation({
    summary: 'Instances, failed jobs and incidents per process definition (Camunda: Get Process Instance Statistics)',
  })
  @ApiQuery({ name: 'failedJobs', required: false, type: Boolean })
  @ApiQuery({ name: 'incidents', required: false, type: Boolean })
  @ApiQuery({ name: 'rootIncidents', required: false, type: Boolean })
  @ApiQuery({ name: 'incidentsForType', required: false, type: String })
  statistics(@Auth() auth: Authentication | null, @Query() query: Record<string, unknown>) {
    return this.definitions.definitionStatistics(auth, query);
  }

  @Get('key/:key/statistics')
  @ApiOperation({ summary: 'Running activity instances, failed jobs and incidents per activity of the latest version' })
  @ApiQuery({ name: 'failedJobs', required: false, type: Boolean })
  @ApiQuery({ name: 'incidents', required: false, type: Boolean })
  @ApiQuery({ name: 'incidentsForType', required: false, type: String })
  activityStatisticsByKey(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.definitions.activityStatistics(auth, { key }, query);
  }

  @Get('key/:key/tenant-id/:tenantId/statistics')
  @ApiOperation({
    summary: 'Running activity instances, failed jobs and incidents per activity of a tenant’s latest version',
  })
  @ApiQuery({ name: 'failedJobs', required: false, type: Boolean })
  @ApiQuery({ name: 'incidents', required: false, type: Boolean })
  @ApiQuery({ name: 'incidentsForType', required: false, type: String })
  activityStatisticsByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.definitions.activityStatistics(auth, { key, tenantId }, query);
  }

  @Get(':id/statistics')
  @ApiOperation({
    summary:
      'Running activity instances, failed jobs and incidents per activity (Camunda: Get Activity Instance Statistics)',
  })
  @ApiQuery({ name: 'failedJobs', required: false, type: Boolean })
  @ApiQuery({ name: 'incidents', required: false, type: Boolean })
  @ApiQuery({ name: 'incidentsForType', required: false, type: String })
  activityStatistics(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.definitions.activityStatistics(auth, { id }, query);
  }

  @Get('key/:key')
  @ApiOkResponse({ type: ProcessDefinitionDto })
  byKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.definitions.get(auth, { key });
  }

  @Get('key/:key/xml')
  xmlByKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.definitions.xml(auth, { key });
  }

  @Get('key/:key/diagram')
  diagramByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Res() res: Response) {
    return this.definitions.diagram(auth, { key }, res);
  }

  @Get('key/:key/tenant-id/:tenantId')
  @ApiOkResponse({ type: ProcessDefinitionDto })
  byKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string) {
    return this.definitions.get(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/xml')
  xmlByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
  ) {
    return this.definitions.xml(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/diagram')
  diagramByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Res() res: Response,
  ) {
    return this.definitions.diagram(auth, { key, tenantId }, res);
  }

  @Get(':id')
  @ApiOkResponse({ type: ProcessDefinitionDto })
  byId(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.definitions.get(auth, { id });
  }

  @Get(':id/static-called-process-definitions')
  @ApiOkResponse({ type: [CalledProcessDefinitionDto] })
  staticCalled(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.definitions.staticCalledProcessDefinitions(auth, id);
  }

  @Get(':id/xml')
  xmlById(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.definitions.xml(auth, { id });
  }

  @Get(':id/diagram')
  diagramById(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.definitions.diagram(auth, { id }, res);
  }

  @Post('key/:key/start')
  @HttpCode(200)
  @ApiOkResponse({ type: ProcessInstanceWithVariablesDto })
  startByKey(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Body() body: StartProcessInstanceDto,
    @Links() links: LinkBuilder,
  ) {
    return this.definitions.start(auth, { key }, body, links);
  }

  @Post('key/:key/tenant-id/:tenantId/start')
  @HttpCode(200)
  @ApiOkResponse({ type: ProcessInstanceWithVariablesDto })
  startByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Body() body: StartProcessInstanceDto,
    @Links() links: LinkBuilder,
  ) {
    return this.definitions.start(auth, { key, tenantId }, body, links);
  }

  @Post(':id/start')
  @HttpCode(200)
  @ApiOkResponse({ type: ProcessInstanceWithVariablesDto })
  startById(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Body() body: StartProcessInstanceDto,
    @Links() links: LinkBuilder,
  ) {
    return this.definitions.start(auth, { id }, body, links);
  }

  @Post(':id/restart')
  @HttpCode(204)
  @ApiOperation({ summary: 'Starts finished instances of the definition again' })
  restart(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: RestartProcessInstanceDto) {
    return this.definitions.restart(auth, id, body);
  }

  @Post(':id/restart-async')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-restart' })
  restartAsync(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: RestartProcessInstanceDto) {
    return this.definitions.restartAsync(auth, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @DeleteQueries()
  deleteById(@Auth() auth: Authentication | null, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.definitions.delete(auth, { id }, query);
  }

  @Delete('key/:key')
  @HttpCode(204)
  @DeleteQueries()
  @ApiOperation({ summary: 'Deletes every version of the key without a tenant' })
  deleteByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Query() query: Record<string, unknown>) {
    return this.definitions.delete(auth, { key, tenantId: null }, query);
  }

  @Delete('key/:key/tenant-id/:tenantId')
  @HttpCode(204)
  @DeleteQueries()
  deleteByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.definitions.delete(auth, { key, tenantId }, query);
  }

  @Put(':id/history-time-to-live')
  @HttpCode(204)
  ttlById(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: HistoryTimeToLiveDto) {
    return this.definitions.updateHistoryTimeToLive(auth, { id }, body);
  }

  @Put('key/:key/history-time-to-live')
  @HttpCode(204)
  ttlByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Body() body: HistoryTimeToLiveDto) {
    return this.definitions.updateHistoryTimeToLive(auth, { key }, body);
  }

  @Put('key/:key/tenant-id/:tenantId/history-time-to-live')
  @HttpCode(204)
  ttlByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Body() body: HistoryTimeToLiveDto,
  ) {
    return this.definitions.updateHistoryTimeToLive(auth, { key, tenantId }, body);
  }
}

/** The query parameters of Camunda's definition deletion (the listener flags matter only with cascade). */
function DeleteQueries(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'cascade', required: false, type: Boolean }),
    ApiQuery({ name: 'skipCustomListeners', required: false, type: Boolean }),
    ApiQuery({ name: 'skipIoMappings', required: false, type: Boolean }),
  );
}
