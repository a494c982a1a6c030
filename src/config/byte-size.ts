const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/**
 * `1048576`, `512kb`, `1mb`, `1.5gb` (units of 1024, as express's `limit` reads them) in bytes. A
 * number alone is bytes. Anything else stops the start: a typo must not turn a limit off.
 */
export function byteSize(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) throw new Error(`${name} must be a size such as 1048576, 512kb or 10mb (got '${value}')`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
}
