import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { AnnotationDto, IncidentDto } from './incident.dto';
import { INCIDENT_LIST } from './incident.query';
import { IncidentRestService } from './incident.service';

@ApiTags('Incident')
@ApiBasicAuth()
@Controller('incident')
@ListRoutes(INCIDENT_LIST, (c: IncidentController) => c.incidents.rows, { routes: ['list', 'count'] })
export class IncidentController {
  constructor(readonly incidents: IncidentRestService) {}

  @Get(':id')
  @ApiOkResponse({ type: IncidentDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.get(auth, id);
  }

  /** IncidentResourceImpl.resolveIncident: unknown is a 404, an engine-managed type a 400. */
  @Delete(':id')
  @EngineErrorAnswers(notFoundIs404(), { kinds: ['BadUserRequest'], status: 400, type: 'InvalidRequestException' })
  @HttpCode(204)
  resolve(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.resolve(auth, id);
  }

  @Put(':id/annotation')
  @HttpCode(204)
  setAnnotation(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: AnnotationDto) {
    return this.incidents.setAnnotation(auth, id, body);
  }

  @Delete(':id/annotation')
  @HttpCode(204)
  clearAnnotation(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.incidents.clearAnnotation(auth, id);
  }
}
