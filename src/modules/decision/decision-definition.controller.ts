import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { VariablesBodyDto } from '../../common/variables/variable-value.dto';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { DecisionDefinitionDto, DmnXmlDto, HistoryTimeToLiveDto } from '../../common/dto/decision-definition.dto';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { DECISION_DEFINITION_LIST } from './decision-definition.query';
import { DecisionDefinitionService } from './decision-definition.service';

@ApiTags('Decision Definition')
@ApiBasicAuth()
@Controller('decision-definition')
@ListRoutes(DECISION_DEFINITION_LIST, (c: DecisionDefinitionController) => c.decisions.rows, {
  routes: ['list', 'count'],
})
export class DecisionDefinitionController {
  constructor(readonly decisions: DecisionDefinitionService) {}

  @Get('key/:key')
  @ApiOkResponse({ type: DecisionDefinitionDto })
  byKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.decisions.get(auth, { key });
  }

  @Get('key/:key/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlByKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.decisions.xml(auth, { key });
  }

  @Get('key/:key/diagram')
  diagramByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Res() res: Response) {
    return this.decisions.diagram(auth, { key }, res);
  }

  @Put('key/:key/history-time-to-live')
  @HttpCode(204)
  ttlByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Body() body: HistoryTimeToLiveDto) {
    return this.decisions.updateHistoryTimeToLive(auth, { key }, body);
  }

  @Post('key/:key/evaluate')
  @HttpCode(200)
  evaluateByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Body() body: VariablesBodyDto) {
    return this.decisions.evaluate(auth, { key }, body);
  }

  @Post('key/:key/tenant-id/:tenantId/evaluate')
  @HttpCode(200)
  evaluateByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Body() body: VariablesBodyDto,
  ) {
    return this.decisions.evaluate(auth, { key, tenantId }, body);
  }

  @Get('key/:key/tenant-id/:tenantId')
  @ApiOkResponse({ type: DecisionDefinitionDto })
  byKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string) {
    return this.decisions.get(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
  ) {
    return this.decisions.xml(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/diagram')
  diagramByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Res() res: Response,
  ) {
    return this.decisions.diagram(auth, { key, tenantId }, res);
  }

  @Put('key/:key/tenant-id/:tenantId/history-time-to-live')
  @HttpCode(204)
  ttlByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Body() body: HistoryTimeToLiveDto,
  ) {
    return this.decisions.updateHistoryTimeToLive(auth, { key, tenantId }, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: DecisionDefinitionDto })
  byId(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.decisions.get(auth, { id });
  }

  @Get(':id/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlById(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.decisions.xml(auth, { id });
  }

  @Get(':id/diagram')
  diagramById(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.decisions.diagram(auth, { id }, res);
  }

  @Post(':id/evaluate')
  @HttpCode(200)
  evaluateById(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: VariablesBodyDto) {
    return this.decisions.evaluate(auth, { id }, body);
  }

  @Put(':id/history-time-to-live')
  @HttpCode(204)
  ttlById(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: HistoryTimeToLiveDto) {
    return this.decisions.updateHistoryTimeToLive(auth, { id }, body);
  }
}
