/** Camunda's timestamps (`2026-11-21T20:40:26.000+0000`) as the browser's local date and time. */
export function formatDate(value) {
  if (!value) return '';
  const date = new Date(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

export function formatValue(variable) {
  if (variable.value === null || variable.value === undefined) return 'null';
  if (typeof variable.value === 'object') return JSON.stringify(variable.value);
  return String(variable.value);
}

export function shortId(id) {
  return id && id.length > 13 ? `${id.slice(0, 8)}…` : id;
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** A `datetime-local` input's value (the browser's local time) in Camunda's date format, in UTC. */
export function toEngineDate(local) {
  const date = new Date(local);
  if (!local || Number.isNaN(date.getTime())) return null;
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    `.${pad(date.getUTCMilliseconds(), 3)}+0000`
  );
}

/** A Camunda date as the value a `datetime-local` input shows (local time, minutes). */
export function toLocalInput(value) {
  if (!value) return '';
  const date = new Date(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
