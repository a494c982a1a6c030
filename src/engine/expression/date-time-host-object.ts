import { coerceToLong, javaEquals } from './expression-coercion';
import { HOST_OBJECT, HostObject, Lookup } from './expression-context';

type Unit = 'Years' | 'Months' | 'Weeks' | 'Days' | 'Hours' | 'Minutes' | 'Seconds' | 'Millis';
const UNITS: readonly Unit[] = ['Years', 'Months', 'Weeks', 'Days', 'Hours', 'Minutes', 'Seconds', 'Millis'];
const MILLIS: Partial<Record<Unit, number>> = {
  Weeks: 7 * 86_400_000,
  Days: 86_400_000,
  Hours: 3_600_000,
  Minutes: 60_000,
  Seconds: 1000,
  Millis: 1,
};

/** Joda's month arithmetic: Jan 31 plus one month is the last day of February, not March 3. */
function plusMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

function plus(date: Date, unit: Unit, amount: number): Date {
  if (unit === 'Years') return plusMonths(date, amount * 12);
  if (unit === 'Months') return plusMonths(date, amount);
  return new Date(date.getTime() + amount * MILLIS[unit]!);
}

/**
 * `dateTime()` as Camunda models use it for due dates, e.g. `${dateTime().plusDays(2).toDate()}`:
 * an immutable Joda-like DateTime (in UTC) with plus/minus arithmetic, comparisons and `toDate()`.
 */
export function dateTimeHostObject(instant: Date): HostObject {
  return {
    [HOST_OBJECT]: true,
    className: 'class org.joda.time.DateTime',
    property(name): Lookup {
      if (name === 'millis') return { found: true, value: instant.getTime() };
      return { found: false };
    },
    invoke(method, args): Lookup {
      const match = /^(plus|minus)([A-Z][a-z]+)$/.exec(method);
      if (match && UNITS.includes(match[2] as Unit) && args.length === 1) {
        const amount = coerceToLong(args[0]) * (match[1] === 'minus' ? -1 : 1);
        return { found: true, value: dateTimeHostObject(plus(instant, match[2] as Unit, amount)) };
      }
      const other = args[0];
      const otherTime =
        other instanceof Date ? other.getTime() : isDateTime(other) ? (other.property('millis').value as number) : null;
      switch (`${method}/${args.length}`) {
        case 'toDate/0':
          return { found: true, value: new Date(instant.getTime()) };
        case 'getMillis/0':
          return { found: true, value: instant.getTime() };
        case 'toString/0':
          return { found: true, value: instant.toISOString() };
        case 'isBefore/1':
          return otherTime === null ? { found: false } : { found: true, value: instant.getTime() < otherTime };
        case 'isAfter/1':
          return otherTime === null ? { found: false } : { found: true, value: instant.getTime() > otherTime };
        case 'equals/1':
          return { found: true, value: otherTime !== null && javaEquals(instant.getTime(), otherTime) };
        default:
          return { found: false };
      }
    },
  };
}

function isDateTime(value: unknown): value is HostObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as HostObject)[HOST_OBJECT] === true &&
    (value as HostObject).className === 'class org.joda.time.DateTime'
  );
}
