import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { formatDate } from '../../../engine/util/camunda-date';
import { HistoricBatchEntity } from '../../../persistence/entities/history/historic-batch.entity';
import { BooleanField, JsonField, ObjectField, StringField } from '../../../common/validation/body-fields';
import { JsonType, UNREADABLE } from '../../../common/http/json-body';

/** Ids may hold nulls: the engine names them in its refusal. */
const JSON_ID_LIST: JsonType<Array<string | null>> = {
  expected: 'an array of strings',
  read: (v) => (Array.isArray(v) && v.every((id) => id === null || typeof id === 'string') ? v : UNREADABLE),
};

/** Camunda's HistoricBatchDto (`totalJobs`, as Camunda's DTO names it, not the spec example's `size`). */
export class HistoricBatchDto {
  @ApiProperty() id: string;
  @ApiProperty() type: string;
  @ApiProperty() totalJobs: number;
  @ApiProperty() batchJobsPerSeed: number;
  @ApiProperty() invocationsPerBatchJob: number;
  @ApiPropertyOptional({ nullable: true }) seedJobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) monitorJobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) batchJobDefinitionId: string | null;
  @ApiPropertyOptional({ nullable: true }) tenantId: string | null;
  @ApiPropertyOptional({ nullable: true }) createUserId: string | null;
  @ApiPropertyOptional({ nullable: true }) startTime: string | null;
  @ApiPropertyOptional({ nullable: true }) endTime: string | null;
  @ApiPropertyOptional({ nullable: true }) removalTime: string | null;
  @ApiPropertyOptional({ nullable: true }) executionStartTime: string | null;
}

export function toHistoricBatchDto(h: HistoricBatchEntity): HistoricBatchDto {
  return {
    id: h.id,
    type: h.type,
    totalJobs: h.totalJobs,
    batchJobsPerSeed: h.batchJobsPerSeed,
    invocationsPerBatchJob: h.invocationsPerBatchJob,
    seedJobDefinitionId: h.seedJobDefinitionId,
    monitorJobDefinitionId: h.monitorJobDefinitionId,
    batchJobDefinitionId: h.batchJobDefinitionId,
    tenantId: h.tenantId,
    createUserId: h.createUserId,
    startTime: formatDate(h.startTime),
    endTime: formatDate(h.endTime),
    removalTime: formatDate(h.removalTime),
    executionStartTime: formatDate(h.executionStartTime),
  };
}

export class CleanableHistoricBatchReportResultDto {
  @ApiProperty() batchType: string;
  @ApiPropertyOptional({ nullable: true }) historyTimeToLive: number | null;
  @ApiProperty() finishedBatchesCount: number;
  @ApiProperty() cleanableBatchesCount: number;
}

/** The removal-time modes every set-removal-time body shares (Camunda's AbstractSetRemovalTimeDto). */
export class SetRemovalTimeDto {
  @StringField() absoluteRemovalTime?: string | null;
  @BooleanField() clearedRemovalTime?: boolean | null;
  @BooleanField() calculatedRemovalTime?: boolean | null;
}

export class SetRemovalTimeToHistoricBatchesDto extends SetRemovalTimeDto {
  @ObjectField() historicBatchQuery?: Record<string, unknown> | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) historicBatchIds?: Array<string | null> | null;
}

export class SetRemovalTimeToHistoricDecisionInstancesDto extends SetRemovalTimeDto {
  @ObjectField() historicDecisionInstanceQuery?: Record<string, unknown> | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) historicDecisionInstanceIds?: Array<string | null> | null;
  @BooleanField() hierarchical?: boolean | null;
}

export class DeleteHistoricDecisionInstancesDto {
  @ObjectField() historicDecisionInstanceQuery?: Record<string, unknown> | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) historicDecisionInstanceIds?: Array<string | null> | null;
  @StringField() deleteReason?: string | null;
}

export class SetRemovalTimeToHistoricProcessInstancesDto extends SetRemovalTimeDto {
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) historicProcessInstanceIds?: Array<string | null> | null;
  @BooleanField() hierarchical?: boolean | null;
}

export class DeleteHistoricProcessInstancesDto {
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) historicProcessInstanceIds?: Array<string | null> | null;
  @StringField() deleteReason?: string | null;
  @BooleanField() failIfNotExists?: boolean | null;
}
