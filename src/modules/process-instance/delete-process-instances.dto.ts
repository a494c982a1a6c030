import { BooleanField, ObjectField, StringArrayField, StringField } from '../../common/validation/body-fields';

/** Camunda's DeleteProcessInstancesDto: ids and/or a process instance query, and how to delete. */
export class DeleteProcessInstancesDto {
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  /** delete-historic-query-based only. */
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
  @StringField() deleteReason?: string | null;
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipSubprocesses?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
  /** Camunda's default: an id that is not (or no longer) running fails its batch job. */
  @BooleanField() failIfNotExists?: boolean | null;
}
