/**
 * Camunda's comma lists (candidateUsers, candidateGroups, variableEvents, ...): commas inside a
 * `${...}` part do not split, so `${groups(a, b)}, sales` is two entries.
 */
export function splitCommaList(text: string | null): string[] {
  if (text == null) return [];
  const items: string[] = [];
  let current = '';
  let inExpression = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (!inExpression && (c === '$' || c === '#') && text[i + 1] === '{') inExpression = true;
    else if (inExpression && c === '}') inExpression = false;
    if (c === ',' && !inExpression) {
      items.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  items.push(current);
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * camunda:historyTimeToLive: whole days as "30" or "P30D" (Camunda's ParseUtil accepts only these).
 * Returns a problem message instead of throwing so the parser can report it with the element.
 */
export function parseHistoryTimeToLive(text: string | null): { days: number | null; problem: string | null } {
  if (text == null || text === '') return { days: null, problem: null };
  const iso = /^P(\d+)D$/.exec(text);
  const digits = iso ? iso[1] : text;
  if (!/^[+-]?\d+$/.test(digits) || Math.abs(Number(digits)) > 2 ** 31 - 1) {
    return { days: null, problem: `Cannot parse historyTimeToLive: For input string: "${digits}"` };
  }
  const days = Number(digits);
  if (days < 0) return { days: null, problem: 'Cannot parse historyTimeToLive: negative value is not allowed' };
  return { days, problem: null };
}

/**
 * camunda:jobPriority and camunda:taskPriority: an expression, or else a constant that must be an int
 * (Camunda's parsePriority refuses the model otherwise). Returns the problem message, or null.
 */
export function priorityProblem(text: string | null, attribute: string): string | null {
  if (text == null) return null;
  const trimmed = text.trim();
  if (trimmed.startsWith('${') || trimmed.startsWith('#{')) return null;
  if (/^[+-]?\d+$/.test(text) && Number(text) >= -(2 ** 31) && Number(text) <= 2 ** 31 - 1) return null;
  return `Value '${text}' for attribute '${attribute}' is not a valid number`;
}
