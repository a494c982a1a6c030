import { Module } from '@nestjs/common';
import { DecisionRequirementsDefinitionController } from './decision-requirements-definition.controller';
import { DecisionRequirementsDefinitionService } from './decision-requirements-definition.service';

@Module({ controllers: [DecisionRequirementsDefinitionController], providers: [DecisionRequirementsDefinitionService] })
export class DecisionRequirementsModule {}
