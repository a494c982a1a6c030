import { BooleanField, ObjectField, StringArrayField, StringField } from '../../common/validation/body-fields';

/**
 * Camunda's ProcessInstanceSuspensionStateDto: one instance, a definition's instances (by id, or by key with its
 * tenant), or a group (ids, a runtime query, a historic query).
 */
export class ProcessInstanceSuspensionStateDto {
  @BooleanField() suspended?: boolean | null;
  @StringField() processInstanceId?: string | null;
  @StringField() processDefinitionId?: string | null;
  @StringField() processDefinitionKey?: string | null;
  @StringField() processDefinitionTenantId?: string | null;
  @BooleanField() processDefinitionWithoutTenantId?: boolean | null;
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
}
