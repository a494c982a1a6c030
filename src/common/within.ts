/** Thrown by `within` when the work took longer than allowed. */
export class TimedOut extends Error {}

/**
 * The work's result, or a `TimedOut` rejection after `ms`: for answers that must come in time even when the
 * database hangs (probes, scrapes). The work itself goes on; only the wait for it ends.
 */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
