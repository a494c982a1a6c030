import { BooleanField, StringField, VariablesField } from '../../common/validation/body-fields';

/** POST /condition (Camunda's EvaluationConditionDto). */
export class EvaluationConditionDto {
  @VariablesField() variables?: Record<string, unknown> | null;
  @StringField() businessKey?: string | null;
  @StringField() tenantId?: string | null;
  @BooleanField() withoutTenantId?: boolean | null;
  @StringField() processDefinitionId?: string | null;
}
