import { Module } from '@nestjs/common';
import { IncidentController } from './incident.controller';
import { IncidentRestService } from './incident.service';

@Module({ controllers: [IncidentController], providers: [IncidentRestService] })
export class IncidentModule {}
