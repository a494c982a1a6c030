import { ProcessEngineError } from '../errors';

/**
 * Quartz-style cron texts as Camunda accepts them for timer cycles: `sec min hour day-of-month
 * month day-of-week [year]` with `*`, `?`, lists, ranges and steps, month and weekday names.
 * `L`, `W` and `#` are not supported. Evaluated in UTC.
 */
interface Field {
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
  { min: 1970, max: 2199 },
];

export function isCronExpression(text: string): boolean {
  const parts = text.trim().split(/\s+/);
  return parts.length >= 6 && parts.length <= 7 && !text.trim().startsWith('R');
}

function value(token: string, field: Field, text: string): number {
  const named = field.names?.indexOf(token.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + field.min : Number(token);
  if (!Number.isInteger(n) || n < field.min || n > field.max) throw invalid(text);
  return n;
}

function parseField(part: string, field: Field, text: string): Set<number> | null {
  if (part === '*' || part === '?') return null;
  const out = new Set<number>();
  for (const item of part.split(',')) {
    const [range, stepText] = item.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw invalid(text);
    let from: number;
    let to: number;
    if (range === '*') [from, to] = [field.min, field.max];
    else if (range.includes('-')) {
      const [a, b] = range.split('-');
      [from, to] = [value(a, field, text), value(b, field, text)];
    } else {
      from = value(range, field, text);
      to = stepText === undefined ? from : field.max;
    }
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

const matches = (set: Set<number> | null, v: number) => set === null || set.has(v);

/** The first instant strictly after `after` that the expression matches. */
export function cronNext(text: string, after: Date): Date {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) throw invalid(text);
  const [sec, min, hour, dom, month, dow, year] = parts.map((p, i) => parseField(p, FIELDS[i], text));
  const t = new Date(Math.floor(after.getTime() / 1000) * 1000 + 1000);
  for (let guard = 0; guard < 500_000; guard++) {
    if (!matches(year ?? null, t.getUTCFullYear())) {
      if (t.getUTCFullYear() > FIELDS[6].max) break;
      t.setUTCFullYear(t.getUTCFullYear() + 1, 0, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!matches(month, t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!matches(dom, t.getUTCDate()) || !matches(dow, t.getUTCDay() + 1)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!matches(hour, t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!matches(min, t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else if (!matches(sec, t.getUTCSeconds())) {
      t.setUTCSeconds(t.getUTCSeconds() + 1, 0);
    } else {
      return t;
    }
  }
  throw new ProcessEngineError(`The cron expression '${text}' never fires`);
}

function invalid(text: string): ProcessEngineError {
  return new ProcessEngineError(`Invalid cron expression '${text}'`);
}
