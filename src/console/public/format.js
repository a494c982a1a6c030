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
