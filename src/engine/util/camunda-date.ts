/**
 * Camunda's wire date format `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (RFC 822 zone, no colon), always written in UTC.
 * Parsing is a little more lenient than Camunda's (it also takes `Z` and `+02:00`), since that costs no one anything.
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|[+-]\d{2}:?\d{2})?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function formatDate(date: Date | null | undefined): string | null {
  if (date == null) return null;
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return null;
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}+0000`
  );
}

/** Returns null when the text is not a date in the accepted format. */
export function parseDate(text: string): Date | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = m;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  const millis = ms ? Number(ms.padEnd(3, '0')) : 0;
  // setUTCFullYear, because Date.UTC maps the years 0-99 to 1900-1999.
  const wall = new Date(0);
  wall.setUTCFullYear(+y, +mo - 1, +d);
  // Reject calendar and clock overflow such as 2026-02-31 or 24:61 (the Date API would roll them over).
  if (wall.getUTCDate() !== +d || wall.getUTCMonth() !== +mo - 1) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  wall.setUTCHours(+h, +mi, +s, millis);
  return new Date(wall.getTime() - offsetMinutes * 60_000);
}
