import { BooleanField, StringField, VariablesField } from '../../common/validation/body-fields';

/** POST /signal (Camunda's SignalDto). */
export class SignalDto {
  @StringField({ required: 'No signal name given' }) name: string;
  @StringField() executionId?: string | null;
  @VariablesField() variables?: Record<string, unknown> | null;
  @StringField() tenantId?: string | null;
  @BooleanField() withoutTenantId?: boolean | null;
}
