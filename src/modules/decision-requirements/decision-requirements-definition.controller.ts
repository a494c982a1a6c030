import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { DecisionRequirementsDefinitionDto } from '../../common/dto/decision-requirements-definition.dto';
import { DmnXmlDto } from '../../common/dto/decision-definition.dto';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { DRD_LIST } from './decision-requirements-definition.query';
import { DecisionRequirementsDefinitionService } from './decision-requirements-definition.service';

@ApiTags('Decision Requirements Definition')
@ApiBasicAuth()
@Controller('decision-requirements-definition')
@ListRoutes(DRD_LIST, (c: DecisionRequirementsDefinitionController) => c.drds.rows, { routes: ['list', 'count'] })
export class DecisionRequirementsDefinitionController {
  constructor(readonly drds: DecisionRequirementsDefinitionService) {}

  @Get('key/:key')
  @ApiOkResponse({ type: DecisionRequirementsDefinitionDto })
  byKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.drds.get(auth, { key });
  }

  @Get('key/:key/diagram')
  diagramByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Res() res: Response) {
    return this.drds.diagram(auth, { key }, res);
  }

  @Get('key/:key/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlByKey(@Auth() auth: Authentication | null, @Param('key') key: string) {
    return this.drds.xml(auth, { key });
  }

  @Get('key/:key/tenant-id/:tenantId')
  @ApiOkResponse({ type: DecisionRequirementsDefinitionDto })
  byKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string) {
    return this.drds.get(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/diagram')
  diagramByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
    @Res() res: Response,
  ) {
    return this.drds.diagram(auth, { key, tenantId }, res);
  }

  @Get('key/:key/tenant-id/:tenantId/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlByKeyAndTenant(
    @Auth() auth: Authentication | null,
    @Param('key') key: string,
    @Param('tenantId') tenantId: string,
  ) {
    return this.drds.xml(auth, { key, tenantId });
  }

  @Get(':id')
  @ApiOkResponse({ type: DecisionRequirementsDefinitionDto })
  byId(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.drds.get(auth, { id });
  }

  @Get(':id/diagram')
  diagramById(@Auth() auth: Authentication | null, @Param('id') id: string, @Res() res: Response) {
    return this.drds.diagram(auth, { id }, res);
  }

  @Get(':id/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlById(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.drds.xml(auth, { id });
  }
}
