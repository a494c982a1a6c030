import { fromColumns, toColumns, VariableColumns } from '../variables/variable-columns';
import { VariableMap } from '../variables/typed-value';

/** A typed value as a batch's configuration (JSON) keeps it: its columns, bytes in base64. */
type StoredColumns = Omit<VariableColumns, 'bytesValue'> & { bytesValue: string | null };

/** Camunda keeps a batch's variables as variable rows of the batch; here they travel in its configuration. */
export function storeVariables(variables: VariableMap): Record<string, StoredColumns> {
  const stored: Record<string, StoredColumns> = {};
  for (const [name, value] of Object.entries(variables)) {
    const cols = toColumns(value);
    stored[name] = { ...cols, bytesValue: cols.bytesValue ? cols.bytesValue.toString('base64') : null };
  }
  return stored;
}

export function loadVariables(stored: Record<string, StoredColumns>): VariableMap {
  const variables: VariableMap = {};
  for (const [name, cols] of Object.entries(stored))
    variables[name] = fromColumns({
      ...cols,
      bytesValue: cols.bytesValue ? Buffer.from(cols.bytesValue, 'base64') : null,
    });
  return variables;
}
