import { ApiProperty } from '@nestjs/swagger';
import { JsonType, UNREADABLE } from '../../common/http/json-body';
import {
  BooleanField,
  JsonField,
  NestedArrayField,
  NestedField,
  ObjectField,
  StringArrayField,
  StringField,
  VariablesField,
} from '../../common/validation/body-fields';

/** Ids may hold nulls: the engine names them in its refusal. */
const JSON_ID_LIST: JsonType<Array<string | null>> = {
  expected: 'an array of strings',
  read: (v) => (Array.isArray(v) && v.every((id) => id === null || typeof id === 'string') ? v : UNREADABLE),
};

/** Camunda's MigrationInstructionDto: one source and one target activity, each as a one-element list. */
export class MigrationInstructionDto {
  @StringArrayField() sourceActivityIds?: string[] | null;
  @StringArrayField() targetActivityIds?: string[] | null;
  @BooleanField() updateEventTrigger?: boolean | null;
}

/** Camunda's MigrationPlanDto. */
export class MigrationPlanDto {
  @StringField() sourceProcessDefinitionId?: string | null;
  @StringField() targetProcessDefinitionId?: string | null;
  @NestedArrayField(() => MigrationInstructionDto) instructions?: MigrationInstructionDto[] | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

/** Camunda's MigrationPlanGenerationDto. */
export class MigrationPlanGenerationDto {
  @StringField() sourceProcessDefinitionId?: string | null;
  @StringField() targetProcessDefinitionId?: string | null;
  @BooleanField() updateEventTriggers?: boolean | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

/** Camunda's MigrationExecutionDto. */
export class MigrationExecutionDto {
  @NestedField(() => MigrationPlanDto) migrationPlan?: MigrationPlanDto | null;
  @JsonField(JSON_ID_LIST, { type: [String] }) processInstanceIds?: Array<string | null> | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
}

export class MigrationInstructionValidationReportDto {
  @ApiProperty({ type: MigrationInstructionDto }) instruction: MigrationInstructionDto;
  @ApiProperty({ type: [String] }) failures: string[];
}

/** Camunda's MigrationPlanReportDto. */
export class MigrationPlanReportDto {
  @ApiProperty({ type: [MigrationInstructionValidationReportDto] })
  instructionReports: MigrationInstructionValidationReportDto[];
  @ApiProperty({ type: 'object', additionalProperties: true }) variableReports: Record<string, unknown>;
}
