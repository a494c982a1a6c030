import type { CompiledUnaryTests } from './feel-expression';

/** The built-in types whose values the engine converts; anything else (Any, lists, structures) passes as is. */
export type ValueKind = 'string' | 'integer' | 'long' | 'double' | 'boolean' | 'date' | 'dateTime';

export interface TypeDefinition {
  /** The typeRef as written in the model, for messages. */
  name: string | null;
  kind: ValueKind | null;
  /** Allowed values of an item definition the typeRef names. */
  allowedValues: CompiledUnaryTests | null;
}

export const UNTYPED: TypeDefinition = { name: null, kind: null, allowedValues: null };

/**
 * `camunda`: models written for Camunda 7, where typeRef `date` means java.util.Date (a date and time).
 * `dmn`: the standard, where `date` is a calendar date.
 */
export type DmnDialect = 'camunda' | 'dmn';

const KINDS: Record<string, ValueKind> = {
  string: 'string',
  integer: 'integer',
  int: 'integer',
  long: 'long',
  double: 'double',
  number: 'double',
  decimal: 'double',
  float: 'double',
  boolean: 'boolean',
  date: 'date',
  datetime: 'dateTime',
  'date and time': 'dateTime',
};

export interface ItemDefinitionType {
  baseTypeRef: string | null;
  allowedValues: CompiledUnaryTests | null;
}

/**
 * Resolves a typeRef: built-in names (case-insensitive, with or without a `feel:`-style prefix), or the
 * name of an item definition that is a simple, non-collection type, followed to its base type.
 */
export function resolveTypeRef(
  typeRef: string | null | undefined,
  itemDefinitions: ReadonlyMap<string, ItemDefinitionType>,
  dialect: DmnDialect,
): TypeDefinition {
  if (!typeRef) return UNTYPED;
  let allowedValues: CompiledUnaryTests | null = null;
  let current: string | null = typeRef;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const kind = builtinKind(current, dialect);
    if (kind) return { name: typeRef, kind, allowedValues };
    const item = itemDefinitions.get(current);
    if (!item) break;
    allowedValues ??= item.allowedValues;
    current = item.baseTypeRef;
  }
  return { name: typeRef, kind: null, allowedValues };
}

function builtinKind(typeRef: string, dialect: DmnDialect): ValueKind | null {
  const lower = typeRef.trim().toLowerCase();
  const local = lower.includes(':') ? lower.slice(lower.lastIndexOf(':') + 1) : lower;
  const kind = KINDS[lower] ?? KINDS[local] ?? null;
  return kind === 'date' && dialect === 'camunda' ? 'dateTime' : kind;
}
