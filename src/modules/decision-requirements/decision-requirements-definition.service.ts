import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  DecisionRequirementsDefinitionDto,
  toDecisionRequirementsDefinitionDto,
} from '../../common/dto/decision-requirements-definition.dto';
import { DefinitionLookup } from '../../common/repository/definition-lookup';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { DecisionRequirementsDefinitionEntity } from '../../persistence/entities/repository/decision-requirements-definition.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { DRD_LIST } from './decision-requirements-definition.query';

export interface DrdRef {
  id?: string;
  key?: string;
  tenantId?: string | null;
}

@Injectable()
export class DecisionRequirementsDefinitionService {
  private readonly lookup: DefinitionLookup<DecisionRequirementsDefinitionEntity>;
  readonly rows: ResourceQuery<DecisionRequirementsDefinitionEntity, DecisionRequirementsDefinitionDto>;

  constructor(engine: ProcessEngine) {
    this.lookup = new DefinitionLookup(engine, 'drd', 'decision requirements definition');
    this.rows = new ResourceQuery(engine, DRD_LIST);
  }

  private find(auth: Authentication | null, ref: DrdRef): Promise<DecisionRequirementsDefinitionEntity> {
    if (ref.id !== undefined) {
      // Camunda answers an unknown DRD id with 400 (a null-value error turned NotValidException).
      return this.lookup.byId(
        auth,
        ref.id,
        400,
        `no deployed decision requirements definition found with id '${ref.id}': decisionRequirementsDefinition is null`,
      );
    }
    return this.lookup.byKey(auth, ref.key!, ref.tenantId ?? null);
  }

  async get(auth: Authentication | null, ref: DrdRef): Promise<DecisionRequirementsDefinitionDto> {
    return toDecisionRequirementsDefinitionDto(await this.find(auth, ref));
  }

  async xml(auth: Authentication | null, ref: DrdRef): Promise<{ id: string; dmnXml: string }> {
    const d = await this.find(auth, ref);
    return { id: d.id, dmnXml: await this.lookup.xml(d) };
  }

  async diagram(auth: Authentication | null, ref: DrdRef, res: Response): Promise<void> {
    await this.lookup.sendDiagram(await this.find(auth, ref), res);
  }
}
