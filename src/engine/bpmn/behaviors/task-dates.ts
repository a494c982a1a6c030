import { ModelDataError } from '../../errors';
import { parseDate } from '../../util/camunda-date';

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 duration added to `now` (Camunda's due date business calendar). */
function addDuration(text: string, now: Date): Date | null {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) return null;
  const [, y, mo, w, d, h, mi, s] = m.map((v) => (v == null ? 0 : Number(v))) as number[];
  const out = new Date(now.getTime());
  out.setUTCFullYear(out.getUTCFullYear() + y, out.getUTCMonth() + mo, out.getUTCDate() + w * 7 + d);
  return new Date(out.getTime() + ((h * 60 + mi) * 60 + s) * 1000);
}

/**
 * A due or follow-up date from an expression result: a Date, an ISO 8601 date text, or an ISO
 * 8601 duration counted from now. Anything else is a model error, as in Camunda.
 */
export function toTaskDate(value: unknown, what: 'Due date' | 'Follow up date', now: Date): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string') {
    const text = value.trim();
    const parsed =
      parseDate(text) ??
      (ISO_DATE.test(text) && !Number.isNaN(Date.parse(text)) ? new Date(text) : null) ??
      addDuration(text, now);
    if (parsed) return parsed;
  }
  throw new ModelDataError(`${what} expression does not resolve to a Date or Date string: ${String(value)}`);
}
