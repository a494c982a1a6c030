import { addDuration, parseDuration } from './iso-timer';

/** What a failure does to a job: the retries it has left and when it may run again. */
export interface RetryDecision {
  retries: number;
  /** null: as soon as an executor picks it up again. */
  nextTry: Date | null;
}

/**
 * camunda:failedJobRetryTimeCycle: `R5/PT10M` (five tries, ten minutes apart) or a list of
 * intervals `PT1M,PT5M,PT1H` (as many tries as intervals). Without one a job has 3 tries, retried at
 * once. As in Camunda, the first failure replaces the default retries with the cycle's count.
 */
export function retryAfterFailure(
  cycle: string | null,
  retries: number,
  firstFailure: boolean,
  now: Date,
): RetryDecision {
  if (!cycle) return { retries: Math.max(0, retries - 1), nextTry: null };
  const text = cycle.trim();
  const repeat = /^R(\d+)\/(P.+)$/.exec(text);
  const intervals = repeat
    ? null
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const times = repeat ? Number(repeat[1]) : intervals!.length;
  const before = firstFailure ? times : retries;
  const left = Math.max(0, before - 1);
  const interval = repeat ? repeat[2] : intervals![Math.min(intervals!.length - 1, Math.max(0, times - before))];
  return { retries: left, nextTry: left > 0 ? addDuration(now, parseDuration(interval)) : null };
}
