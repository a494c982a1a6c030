import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { DefinitionLookup } from '../../common/repository/definition-lookup';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { Resources } from '../../engine/authorization/resources';
import { ProcessEngine } from '../../engine/process-engine';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { PROCESS_DEFINITION_QUERY } from './process-definition.query';

export interface ProcessDefinitionRef {
  id?: string;
  key?: string;
  tenantId?: string | null;
}

@Injectable()
export class ProcessDefinitionService {
  readonly lookup: DefinitionLookup<ProcessDefinitionEntity>;

  constructor(engine: ProcessEngine) {
    this.lookup = new DefinitionLookup(engine, 'process', ProcessDefinitionEntity, Resources.PROCESS_DEFINITION, PROCESS_DEFINITION_QUERY, 'process definition');
  }

  async list(auth: Authentication | null, q: ParsedQuery): Promise<ProcessDefinitionDto[]> {
    return (await this.lookup.list(auth, q)).map(toProcessDefinitionDto);
  }

  count(auth: Authentication | null, q: ParsedQuery) {
    return this.lookup.count(auth, q);
  }

  find(auth: Authentication | null, ref: ProcessDefinitionRef): Promise<ProcessDefinitionEntity> {
    if (ref.id !== undefined) return this.lookup.byId(auth, ref.id, 404, `No matching definition with id ${ref.id}`);
    return this.lookup.byKey(auth, ref.key!, ref.tenantId ?? null);
  }

  async get(auth: Authentication | null, ref: ProcessDefinitionRef): Promise<ProcessDefinitionDto> {
    return toProcessDefinitionDto(await this.find(auth, ref));
  }

  async xml(auth: Authentication | null, ref: ProcessDefinitionRef): Promise<{ id: string; bpmn20Xml: string }> {
    const d = await this.find(auth, ref);
    return { id: d.id, bpmn20Xml: await this.lookup.xml(d) };
  }

  async diagram(auth: Authentication | null, ref: ProcessDefinitionRef, res: Response): Promise<void> {
    await this.lookup.sendDiagram(await this.find(auth, ref), res);
  }
}
