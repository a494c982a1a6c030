import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { Authentication } from '../../engine/authorization/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { AnnotationDto, IncidentDto } from './incident.dto';
import { INCIDENT_LIST } from './incident.query';
import { IncidentService } from './incident.service';

@ApiTags('Incident')
@ApiBasicAuth()
@Controller('incident')
@ListRoutes(INCIDENT_LIST, (c: IncidentController) => c.incidents.rows, { routes: ['list', 'count'] })
export class IncidentController {
  constructor(readonly incidents: IncidentService) {}

  @Get(':id')
  @ApiOkResponse({ type: IncidentDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.get(auth, id);
  }

  @Delete(':id')
  @HttpCode(204)
  resolve(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.resolve(auth, id);
  }

  @Put(':id/annotation')
  @HttpCode(204)
  @ApiBody({ type: AnnotationDto })
  setAnnotation(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: unknown) {
    return this.incidents.setAnnotation(auth, id, body);
  }

  @Delete(':id/annotation')
  @HttpCode(204)
  clearAnnotation(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.clearAnnotation(auth, id);
  }
}
