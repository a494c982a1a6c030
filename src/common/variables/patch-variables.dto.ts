import { StringArrayField, VariablesField } from '../validation/body-fields';

/** Body of POST .../variables and .../localVariables: updates first, then deletions. */
export class PatchVariablesDto {
  @VariablesField() modifications?: Record<string, unknown> | null;
  @StringArrayField() deletions?: string[] | null;
}

export class TriggerDto {
  @VariablesField() variables?: Record<string, unknown> | null;
}
