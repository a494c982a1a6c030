import { NotValidError, ProcessEngineError } from '../errors';
import { cronNext, isCronExpression } from './cron-expression';

/** An ISO 8601 duration (`P1Y2M3W4DT5H6M7.5S`), kept by field so calendar units add correctly. */
export interface IsoDuration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

export function parseDuration(text: string): IsoDuration {
  const m = DURATION.exec(text.trim());
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) throw invalid(text, 'duration');
  const n = (v: string | undefined) => (v ? Number(v.replace(',', '.')) : 0);
  return {
    years: n(m[1]),
    months: n(m[2]),
    weeks: n(m[3]),
    days: n(m[4]),
    hours: n(m[5]),
    minutes: n(m[6]),
    seconds: n(m[7]),
  };
}

/** Calendar arithmetic in UTC (the server time zone of the reference deployment). */
export function addDuration(date: Date, d: IsoDuration): Date {
  const out = new Date(date.getTime());
  if (d.years) out.setUTCFullYear(out.getUTCFullYear() + Math.trunc(d.years));
  if (d.months) out.setUTCMonth(out.getUTCMonth() + Math.trunc(d.months));
  const days = d.weeks * 7 + d.days;
  const ms = ((days * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000;
  return new Date(out.getTime() + Math.round(ms));
}

/** ISO 8601 date-time; `+0200` offsets (Camunda's REST date format) are accepted too. */
export function parseIsoDate(text: string): Date {
  const normalised = text.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
  const date = /^\d{4}-\d\d-\d\d/.test(normalised) ? new Date(normalised) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw invalid(text, 'date');
  return date;
}

export type TimerType = 'date' | 'duration' | 'cycle';

/** When a timer is due, and for cycles what is left to repeat after that (stored in the job's `repeat`). */
export interface TimerPlan {
  due: Date;
  repeat: string | null;
}

interface Cycle {
  /** null: repeats without end. */
  times: number | null;
  start: Date | null;
  period: string;
  end: Date | null;
}

function parseCycle(text: string): Cycle {
  const parts = text.trim().split('/');
  const head = /^R(\d*)$/.exec(parts[0] ?? '');
  if (!head || parts.length < 2 || parts.length > 3) throw invalid(text, 'cycle');
  const times = head[1] === '' ? null : Number(head[1]);
  let start: Date | null = null;
  let end: Date | null = null;
  let period: string;
  if (parts.length === 2) period = parts[1];
  else if (parts[1].startsWith('P')) {
    period = parts[1];
    end = parseIsoDate(parts[2]);
  } else {
    start = parseIsoDate(parts[1]);
    period = parts[2];
  }
  parseDuration(period);
  return { times, start, period, end };
}

function cycleText(c: Cycle): string {
  return `R${c.times ?? ''}/${c.period}${c.end ? `/${c.end.toISOString()}` : ''}`;
}

/** The first due date of a timer whose definition evaluated to `value`. */
export function planTimer(type: TimerType, value: unknown, now: Date): TimerPlan {
  if (type === 'date') {
    if (value instanceof Date) return { due: value, repeat: null };
    return { due: parseIsoDate(String(value ?? '')), repeat: null };
  }
  const text = String(value ?? '').trim();
  if (type === 'duration') return { due: durationDue(text, now), repeat: null };
  if (isCronExpression(text)) return { due: cronNext(text, now), repeat: text };
  const cycle = parseCycle(text);
  if (cycle.times === 0) throw invalid(text, 'cycle');
  const due = cycle.start ?? addDuration(now, parseDuration(cycle.period));
  if (cycle.end && due > cycle.end)
    throw new ProcessEngineError(`Timer cycle '${text}' ends before its first due date`);
  return { due, repeat: cycleText(cycle) };
}

/**
 * A duration fires once. Written with a repetition (`R10/PT5S`, `R/2026-01-01T00:00:00Z/PT1H`) it is read as
 * Camunda's DurationHelper reads it for a duration: the first date of the series, never a repeat.
 */
function durationDue(text: string, now: Date): Date {
  if (!text.startsWith('R')) return addDuration(now, parseDuration(text));
  const cycle = parseCycle(text);
  return cycle.start ?? addDuration(now, parseDuration(cycle.period));
}

/**
 * Why a constant timer definition can never be planned (checked at deployment), or null when it can. What
 * depends on the clock (a cycle whose end has passed) is left to the time it is planned.
 */
export function timerDefinitionProblem(type: TimerType, text: string): string | null {
  try {
    const trimmed = text.trim();
    if (type === 'date') parseIsoDate(trimmed);
    else if (type === 'duration') durationDue(trimmed, new Date(0));
    else if (!isCronExpression(trimmed) && parseCycle(trimmed).times === 0) throw invalid(trimmed, 'cycle');
    return null;
  } catch (err) {
    if (err instanceof TimerDefinitionError) return err.message;
    throw err;
  }
}

/** After a cycle fired at `previousDue`: the next firing, or null when the cycle is used up. */
export function nextCycle(repeat: string, previousDue: Date, now: Date): TimerPlan | null {
  if (isCronExpression(repeat)) return { due: cronNext(repeat, previousDue > now ? previousDue : now), repeat };
  const cycle = parseCycle(repeat);
  if (cycle.times !== null && cycle.times <= 1) return null;
  const due = addDuration(previousDue, parseDuration(cycle.period));
  if (cycle.end && due > cycle.end) return null;
  return { due, repeat: cycleText({ ...cycle, times: cycle.times === null ? null : cycle.times - 1, start: null }) };
}

/** A timer value that cannot be read: from the model or from the variables the caller gave, never our defect. */
export class TimerDefinitionError extends NotValidError {}

function invalid(text: string, what: string): TimerDefinitionError {
  return new TimerDefinitionError(`Invalid ISO 8601 timer ${what} '${text}'`);
}
