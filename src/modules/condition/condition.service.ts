import { Injectable } from '@nestjs/common';
import { processInstanceInfoDto, ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { RestError } from '../../common/errors/rest-error';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { EvaluationConditionDto } from './condition.dto';

/**
 * POST /condition: conditional start events evaluated against the given variables. Finding no
 * conditional start event at all is a 400 here (Camunda: 500) with its ENGINE-13043/13042 texts.
 */
@Injectable()
export class ConditionService {
  constructor(private readonly engine: ProcessEngine) {}

  async evaluate(auth: Authentication | null, dto: EvaluationConditionDto): Promise<ProcessInstanceDto[]> {
    const tenantId = dto.tenantId ?? null;
    const withoutTenantId = dto.withoutTenantId === true;
    if (tenantId != null && withoutTenantId)
      throw new RestError(400, "Parameter 'tenantId' cannot be used together with parameter 'withoutTenantId'.");
    const instances = await this.engine.events.evaluateStartConditions(auth, {
      variables: variablesFromWire(dto.variables),
      businessKey: dto.businessKey ?? null,
      tenantId,
      withoutTenantId,
      processDefinitionId: dto.processDefinitionId ?? null,
    });
    return instances.map(processInstanceInfoDto);
  }
}
