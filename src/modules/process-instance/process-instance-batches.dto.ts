import {
  IntegerField,
  ObjectField,
  StringArrayField,
  StringField,
  VariablesField,
} from '../../common/validation/body-fields';

/** Camunda's SetJobRetriesByProcessDto: the jobs of the instances given and found, their retries and due date. */
export class SetJobRetriesByProcessDto {
  @StringArrayField() processInstances?: string[] | null;
  @ObjectField({ description: 'A process instance query (job-retries)' })
  processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField({ description: 'A historic process instance query (job-retries-historic-query-based)' })
  historicProcessInstanceQuery?: Record<string, unknown> | null;
  @IntegerField() retries?: number | null;
  @StringField({ example: '2026-01-23T14:42:45.000+0000' }) dueDate?: string | null;
}

/** Camunda's SetVariablesAsyncDto: the variables, and the instances by ids, query and historic query. */
export class SetVariablesAsyncDto {
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField({ description: 'Its unfinished instances count' })
  historicProcessInstanceQuery?: Record<string, unknown> | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}

/** Camunda's CorrelationMessageAsyncDto: a message for the instances by ids, query and historic query. */
export class CorrelationMessageAsyncDto {
  @StringField() messageName?: string | null;
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
  @VariablesField() variables?: Record<string, unknown> | null;
}
