import { Module } from '@nestjs/common';
import { HistoricDecisionInstanceController } from './historic-decision-instance.controller';
import { HistoricDecisionInstanceService } from './historic-decision-instance.service';

@Module({ controllers: [HistoricDecisionInstanceController], providers: [HistoricDecisionInstanceService] })
export class HistoryModule {}
