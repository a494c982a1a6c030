import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { fromColumns } from '../../../engine/variables/variable-columns';
import { typedValueToWire } from '../../../common/variables/wire-value';
import { HistoricDecisionInputEntity } from '../../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../../persistence/entities/history/historic-decision-output.entity';

export class HistoricDecisionInputDto {
  @ApiProperty() id: string;
  @ApiProperty() decisionInstanceId: string;
  @ApiPropertyOptional({ nullable: true }) clauseId: string | null;
  @ApiPropertyOptional({ nullable: true }) clauseName: string | null;
  @ApiPropertyOptional({ nullable: true }) errorMessage: string | null;
  @ApiProperty() type: string;
  @ApiPropertyOptional() value: unknown;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) valueInfo: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true }) createTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
}

export class HistoricDecisionOutputDto extends HistoricDecisionInputDto {
  @ApiPropertyOptional({ nullable: true }) ruleId: string | null;
  @ApiPropertyOptional({ nullable: true }) ruleOrder: number | null;
  @ApiPropertyOptional({ nullable: true }) variableName: string | null;
}

export class HistoricDecisionInstanceDto {
  @ApiProperty() id: string;
  @ApiProperty() decisionDefinitionId: string;
  @ApiProperty() decisionDefinitionKey: string;
  @ApiPropertyOptional({ nullable: true }) decisionDefinitionName: string | null;
  @ApiProperty() evaluationTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) processDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) processInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) rootProcessInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) caseDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) caseInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityId: string | null;
  @ApiPropertyOptional({ nullable: true }) activityInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) userId: string | null;
  @ApiPropertyOptional({ type: [HistoricDecisionInputDto], nullable: true }) inputs: HistoricDecisionInputDto[] | null;
  @ApiPropertyOptional({ type: [HistoricDecisionOutputDto], nullable: true }) outputs:
    HistoricDecisionOutputDto[] | null;
  @ApiPropertyOptional({ nullable: true }) collectResultValue: number | null;
  @ApiPropertyOptional({ nullable: true }) rootDecisionInstanceId: string | null;
  @ApiPropertyOptional({ nullable: true }) decisionRequirementsDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) decisionRequirementsDefinitionKey: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
}

export interface ValueRendering {
  disableBinaryFetching: boolean;
  disableCustomObjectDeserialization: boolean;
}

function entryValue(e: HistoricDecisionInputEntity, r: ValueRendering) {
  const tv = fromColumns(e);
  if (r.disableBinaryFetching && (tv.type === 'bytes' || tv.type === 'file')) tv.value = null;
  const wire = typedValueToWire(tv, !r.disableCustomObjectDeserialization);
  return { type: wire.type, value: wire.value, valueInfo: wire.valueInfo };
}

export function toInputDto(e: HistoricDecisionInputEntity, r: ValueRendering): HistoricDecisionInputDto {
  return {
    id: e.id,
    decisionInstanceId: e.decisionInstanceId,
    clauseId: e.clauseId,
    clauseName: e.clauseName,
    errorMessage: null,
    ...entryValue(e, r),
    createTime: formatDate(e.createTime),
    removalTime: formatDate(e.removalTime),
    rootProcessInstanceId: e.rootProcessInstanceId,
  };
}

export function toOutputDto(e: HistoricDecisionOutputEntity, r: ValueRendering): HistoricDecisionOutputDto {
  return { ...toInputDto(e, r), ruleId: e.ruleId, ruleOrder: e.ruleOrder, variableName: e.variableName };
}

export function toHistoricDecisionInstanceDto(
  h: HistoricDecisionInstanceEntity,
  inputs: HistoricDecisionInputDto[] | null,
  outputs: HistoricDecisionOutputDto[] | null,
): HistoricDecisionInstanceDto {
  return {
    id: h.id,
    decisionDefinitionId: h.decisionDefinitionId,
    decisionDefinitionKey: h.decisionDefinitionKey,
    decisionDefinitionName: h.decisionDefinitionName,
    evaluationTime: formatDate(h.evaluationTime),
    removalTime: formatDate(h.removalTime),
    processDefinitionId: h.processDefinitionId,
    processDefinitionKey: h.processDefinitionKey,
    processInstanceId: h.processInstanceId,
    rootProcessInstanceId: h.rootProcessInstanceId,
    caseDefinitionId: h.caseDefinitionId,
    caseDefinitionKey: h.caseDefinitionKey,
    caseInstanceId: h.caseInstanceId,
    activityId: h.activityId,
    activityInstanceId: h.activityInstanceId,
    userId: h.userId,
    inputs,
    outputs,
    collectResultValue: h.collectResultValue,
    rootDecisionInstanceId: h.rootDecisionInstanceId,
    decisionRequirementsDefinitionId: h.decisionRequirementsDefinitionId,
    decisionRequirementsDefinitionKey: h.decisionRequirementsDefinitionKey,
    tenantId: h.tenantId,
  };
}
