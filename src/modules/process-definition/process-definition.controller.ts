import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { ProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { ProcessInstanceWithVariablesDto } from '../../common/dto/process-instance.dto';
import { LinkBuilder, Links } from '../../common/http/links';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiBodySpec, ApiQuerySpec, CountQuery, ListBody, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { PROCESS_DEFINITION_QUERY } from './process-definition.query';
import { StartProcessInstanceDto } from './start-process-instance.dto';
import { ProcessDefinitionService } from './process-definition.service';

@ApiTags('Process Definition')
@ApiBasicAuth()
@Controller('process-definition')
export class ProcessDefinitionController {
  constructor(private readonly definitions: ProcessDefinitionService) {}

  @Get()
  @ApiQuerySpec(PROCESS_DEFINITION_QUERY)
  @ApiOkResponse({ type: [ProcessDefinitionDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(PROCESS_DEFINITION_QUERY) q: ParsedQuery) {
    return this.definitions.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(PROCESS_DEFINITION_QUERY)
  @ApiOkResponse({ type: [ProcessDefinitionDto] })
  query(@Auth() auth: Authentication | null, @ListBody(PROCESS_DEFINITION_QUERY) q: ParsedQuery) {
    return this.definitions.list(auth, q);
  }

  @Get('count')
  @ApiQuerySpec(PROCESS_DEFINITION_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(PROCESS_DEFINITION_QUERY) q: ParsedQuery) {
    return this.definitions.count(auth, q);
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
  xmlByKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string) {
    return this.definitions.xml(auth, { key, tenantId });
  }

  @Get('key/:key/tenant-id/:tenantId/diagram')
  diagramByKeyAndTenant(@Auth() auth: Authentication | null, @Param('key') key: string, @Param('tenantId') tenantId: string, @Res() res: Response) {
    return this.definitions.diagram(auth, { key, tenantId }, res);
  }

  @Get(':id')
  @ApiOkResponse({ type: ProcessDefinitionDto })
  byId(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.definitions.get(auth, { id });
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
  startByKey(@Auth() auth: Authentication | null, @Param('key') key: string, @Body() body: StartProcessInstanceDto, @Links() links: LinkBuilder) {
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
  startById(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: StartProcessInstanceDto, @Links() links: LinkBuilder) {
    return this.definitions.start(auth, { id }, body, links);
  }
}
