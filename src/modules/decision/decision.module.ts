import { Module } from '@nestjs/common';
import { DecisionDefinitionController } from './decision-definition.controller';
import { DecisionDefinitionService } from './decision-definition.service';

@Module({ controllers: [DecisionDefinitionController], providers: [DecisionDefinitionService] })
export class DecisionModule {}
