import { VariableMap } from '../../variables/typed-value';

/** The named variables of a map (all of them without names); names that do not exist are left out. */
export function pickVariables(map: VariableMap, names: string[] | null | undefined): VariableMap {
  if (!names) return map;
  const out: VariableMap = {};
  for (const name of names) if (map[name] !== undefined) out[name] = map[name];
  return out;
}
