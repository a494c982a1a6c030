import { parseDate } from '../../engine/util/camunda-date';
import { RestError } from '../errors/rest-error';
import { ParamDef, ParamType, QuerySpec } from './query-spec';

export interface Sorting {
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** Only for the spec's parameterized sorts (e.g. `{variable, type}` of a variable sort). */
  parameters?: Record<string, unknown>;
}

export interface VariableFilter {
  name: string;
  operator: string;
  value: unknown;
}

export interface ParsedQuery {
  filters: Record<string, unknown>;
  sorting: Sorting[];
  firstResult?: number;
  maxResults?: number;
}

export interface Paging {
  firstResult?: number;
  maxResults?: number;
}

const JAVA_TYPE: Record<ParamType, string> = {
  string: 'java.lang.String',
  stringList: 'java.util.List',
  int: 'java.lang.Integer',
  long: 'java.lang.Long',
  boolean: 'java.lang.Boolean',
  date: 'java.util.Date',
  variables: 'java.util.List',
  object: 'java.lang.Object',
  scalar: 'java.lang.Object',
};

function invalid(name: string, raw: unknown, type: ParamType): RestError {
  const shown = typeof raw === 'string' ? raw : JSON.stringify(raw);
  // Camunda's DateConverter quotes the value before handing it to Jackson; the other converters do not.
  const converted = type === 'date' ? `"${shown}"` : shown;
  return new RestError(
    400,
    `Cannot set query parameter '${name}' to value '${shown}': Cannot convert value ${converted} to java type ${JAVA_TYPE[type]}`,
  );
}

function first(raw: unknown): unknown {
  return Array.isArray(raw) ? raw[0] : raw;
}

function parseInteger(name: string, raw: unknown, type: 'int' | 'long'): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  const max = type === 'int' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(n) || Math.abs(n) > max) throw invalid(name, raw, type);
  return n;
}

/** `name_op_value,name_op_value` (GET) or `[{name, operator, value}]` (POST). */
function parseVariables(name: string, raw: unknown, def: ParamDef, fromBody: boolean): VariableFilter[] {
  let filters: VariableFilter[];
  if (!fromBody || typeof raw === 'string') {
    filters = String(raw)
      .split(',')
      .filter((s) => s !== '')
      .map((triple) => {
        const parts = triple.split('_');
        if (parts.length !== 3)
          throw new RestError(400, 'variable query parameter has to have format KEY_OPERATOR_VALUE.');
        return { name: parts[0], operator: parts[1], value: parts[2] };
      });
  } else {
    if (!Array.isArray(raw)) throw invalid(name, raw, 'variables');
    filters = raw.map((item) => {
      if (!item || typeof item !== 'object' || typeof item.name !== 'string' || typeof item.operator !== 'string') {
        throw invalid(name, item, 'variables');
      }
      return { name: item.name, operator: item.operator, value: item.value };
    });
  }
  const allowed = def.operators ?? ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'like'];
  for (const filter of filters) {
    if (!allowed.includes(filter.operator)) {
      const what = name === 'processVariables' ? 'process variable' : 'variable';
      throw new RestError(400, `Invalid ${what} comparator specified: ${filter.operator}`);
    }
  }
  return filters;
}

export function parseValue(name: string, raw: unknown, def: ParamDef, fromBody: boolean): unknown {
  switch (def.type) {
    case 'string':
      if (typeof raw === 'string') return raw;
      if (fromBody && (typeof raw === 'number' || typeof raw === 'boolean')) return String(raw);
      throw invalid(name, raw, def.type);
    case 'stringList':
      // Comma lists belong to the query string; a JSON body carries arrays (Jackson rejects a bare string).
      if (!fromBody && typeof raw === 'string') return raw === '' ? [] : raw.split(',');
      if (fromBody && Array.isArray(raw) && raw.every((x) => typeof x === 'string')) return raw;
      throw invalid(name, raw, def.type);
    case 'int':
    case 'long':
      return parseInteger(name, raw, def.type);
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw invalid(name, raw, def.type);
    case 'date': {
      const date = typeof raw === 'string' ? parseDate(raw) : null;
      if (!date) throw invalid(name, raw, def.type);
      return date;
    }
    case 'variables':
      return parseVariables(name, raw, def, fromBody);
    case 'object':
      if (raw !== null && typeof raw === 'object') return raw;
      throw invalid(name, raw, def.type);
    case 'scalar':
      if (typeof raw === 'string' || (fromBody && (typeof raw === 'number' || typeof raw === 'boolean'))) return raw;
      throw invalid(name, raw, def.type);
  }
}

function sortingEntry(spec: QuerySpec, sortBy: unknown, sortOrder: unknown, parameters?: unknown): Sorting {
  if (typeof sortBy === 'string' && spec.parameterizedSorts && Object.hasOwn(spec.parameterizedSorts, sortBy)) {
    if (sortOrder !== 'asc' && sortOrder !== 'desc')
      throw new RestError(400, `Cannot set query parameter 'sortOrder' to value '${String(sortOrder)}'`);
    if (parameters != null && (typeof parameters !== 'object' || Array.isArray(parameters))) {
      throw new RestError(400, `Cannot set query parameter 'sorting' to value '${JSON.stringify(parameters)}'`);
    }
    return { sortBy, sortOrder, parameters: (parameters ?? undefined) as Record<string, unknown> | undefined };
  }
  if (typeof sortBy !== 'string' || !Object.hasOwn(spec.sortBy, sortBy)) {
    throw new RestError(400, `Cannot set query parameter 'sortBy' to value '${String(sortBy)}'`);
  }
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw new RestError(400, `Cannot set query parameter 'sortOrder' to value '${String(sortOrder)}'`);
  }
  return { sortBy, sortOrder };
}

function topLevelSorting(spec: QuerySpec, sortBy: unknown, sortOrder: unknown): Sorting[] {
  if (sortBy == null && sortOrder == null) return [];
  if (sortBy == null || sortOrder == null) {
    throw new RestError(400, 'Only a single sorting parameter specified. sortBy and sortOrder required');
  }
  return [sortingEntry(spec, sortBy, sortOrder)];
}

export function parsePaging(query: Record<string, unknown>): Paging {
  const paging: Paging = {};
  for (const key of ['firstResult', 'maxResults'] as const) {
    const raw = first(query[key]);
    if (raw === undefined || raw === '') continue;
    const n = parseInteger(key, raw, 'int');
    if (n < 0) throw new RestError(400, `Cannot set query parameter '${key}' to value '${String(raw)}'`);
    paging[key] = n;
  }
  return paging;
}

/** A GET list or count: every parameter from the query string. */
export function parseGetQuery(spec: QuerySpec, query: Record<string, unknown>, withSorting = true): ParsedQuery {
  const filters: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(spec.params)) {
    const raw = first(query[name]);
    if (raw === undefined) continue;
    filters[name] = parseValue(name, raw, def, false);
  }
  const sorting = withSorting ? topLevelSorting(spec, first(query.sortBy), first(query.sortOrder)) : [];
  return { filters, sorting, ...(withSorting ? parsePaging(query) : {}) };
}

/** A POST list or count: filters and `sorting` from the JSON body, paging from the query string. */
export function parsePostQuery(
  spec: QuerySpec,
  body: unknown,
  query: Record<string, unknown>,
  withSorting = true,
): ParsedQuery {
  if (body != null && (typeof body !== 'object' || Array.isArray(body))) throw new RestError(400, '');
  const b = (body ?? {}) as Record<string, unknown>;
  const filters: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(spec.params)) {
    const raw = b[name];
    if (raw === undefined || raw === null) continue;
    filters[name] = parseValue(name, raw, def, true);
  }
  let sorting: Sorting[] = [];
  if (withSorting) {
    sorting = topLevelSorting(spec, b.sortBy, b.sortOrder);
    if (Array.isArray(b.sorting)) {
      sorting = sorting.concat(
        b.sorting.map((s: { sortBy?: unknown; sortOrder?: unknown; parameters?: unknown }) =>
          sortingEntry(spec, s?.sortBy, s?.sortOrder ?? 'asc', s?.parameters),
        ),
      );
    } else if (b.sorting != null) {
      throw new RestError(400, `Cannot set query parameter 'sorting' to value '${JSON.stringify(b.sorting)}'`);
    }
  }
  return { filters, sorting, ...(withSorting ? parsePaging(query) : {}) };
}
