import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { DecisionRequirementsDefinitionDto } from '../../common/dto/decision-requirements-definition.dto';
import { DmnXmlDto } from '../../common/dto/decision-definition.dto';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { DRD_QUERY } from './decision-requirements-definition.query';
import { DecisionRequirementsDefinitionService } from './decision-requirements-definition.service';

@ApiTags('Decision Requirements Definition')
@ApiBasicAuth()
@Controller('decision-requirements-definition')
export class DecisionRequirementsDefinitionController {
  constructor(private readonly drds: DecisionRequirementsDefinitionService) {}

  @Get()
  @ApiQuerySpec(DRD_QUERY)
  @ApiOkResponse({ type: [DecisionRequirementsDefinitionDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(DRD_QUERY) q: ParsedQuery) {
    return this.drds.list(auth, q);
  }

  @Get('count')
  @ApiQuerySpec(DRD_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(DRD_QUERY) q: ParsedQuery) {
    return this.drds.count(auth, q);
  }

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
  diagramByKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string, @Res() res: Response) {
    return this.drds.diagram(auth, { key, tenantId }, res);
  }

  @Get('key/:key/tenant-id/:tenantId/xml')
  @ApiOkResponse({ type: DmnXmlDto })
  xmlByKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string) {
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
