import { BooleanField, StringField } from '../../common/validation/body-fields';

/** Camunda's ProcessDefinitionSuspensionStateDto. */
export class ProcessDefinitionSuspensionStateDto {
  @BooleanField() suspended?: boolean | null;
  @BooleanField() includeProcessInstances?: boolean | null;
  /** When to suspend or activate; absent: now. */
  @StringField() executionDate?: string | null;
  /** Only on PUT /process-definition/suspended, which takes no id. */
  @StringField() processDefinitionId?: string | null;
  @StringField() processDefinitionKey?: string | null;
}
