import { cronNext } from '../../../src/engine/timer/cron-expression';
import {
  addDuration,
  nextCycle,
  parseDuration,
  parseIsoDate,
  planTimer,
  timerDefinitionProblem,
} from '../../../src/engine/timer/iso-timer';
import { retryAfterFailure } from '../../../src/engine/timer/retry-cycle';

const NOW = new Date('2026-01-05T08:00:00.000Z');
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('ISO 8601 timers', () => {
  it.each([
    ['PT5M', '2026-01-05T08:05:00.000Z'],
    ['PT1H30M', '2026-01-05T09:30:00.000Z'],
    ['P1D', '2026-01-06T08:00:00.000Z'],
    ['P2W', '2026-01-19T08:00:00.000Z'],
    ['P1M', '2026-02-05T08:00:00.000Z'],
    ['P1Y2M3DT4H5M6.5S', '2027-03-08T12:05:06.500Z'],
    ['PT0.25S', '2026-01-05T08:00:00.250Z'],
  ])('duration %s from %s', (text, expected) => {
    expect(iso(addDuration(NOW, parseDuration(text)))).toBe(expected);
    expect(iso(planTimer('duration', text, NOW).due)).toBe(expected);
  });

  it.each(['', 'P', 'PT', '5M', 'P1H', 'PT1X', 'R3/PT1H'])('rejects the duration %j', (text) => {
    expect(() => parseDuration(text)).toThrow(/Invalid ISO 8601 timer duration/);
  });

  it.each([
    ['R10/PT5S', '2026-01-05T08:00:05.000Z'],
    ['R/PT1H', '2026-01-05T09:00:00.000Z'],
    ['R3/2026-01-06T00:00:00Z/PT1H', '2026-01-06T00:00:00.000Z'],
  ])('a duration written with a repetition (%s) fires once, at the first date of its series', (text, expected) => {
    expect(planTimer('duration', text, NOW)).toEqual({ due: new Date(expected), repeat: null });
  });

  it.each([
    ['duration', 'PT5M', null],
    ['duration', 'R10/PT5S', null],
    ['duration', 'PT5X', "Invalid ISO 8601 timer duration 'PT5X'"],
    ['duration', 'R2/PT1X', "Invalid ISO 8601 timer duration 'PT1X'"],
    ['date', '2026-02-01T10:00:00Z', null],
    ['date', 'tomorrow', "Invalid ISO 8601 timer date 'tomorrow'"],
    ['cycle', 'R3/PT1H', null],
    ['cycle', '0 0/5 * * * ?', null],
    ['cycle', 'R0/PT1H', "Invalid ISO 8601 timer cycle 'R0/PT1H'"],
    ['cycle', 'PT1H', "Invalid ISO 8601 timer cycle 'PT1H'"],
    // an end already past is a matter of the clock, decided when the timer is planned
    ['cycle', 'R3/PT1H/2020-01-01T00:00:00Z', null],
  ] as const)('a constant %s definition %j: %s', (type, text, problem) => {
    expect(timerDefinitionProblem(type, text)).toBe(problem);
  });

  it.each([
    ['2026-02-01T10:00:00Z', '2026-02-01T10:00:00.000Z'],
    ['2026-02-01T10:00:00+02:00', '2026-02-01T08:00:00.000Z'],
    ['2026-02-01T10:00:00.000+0200', '2026-02-01T08:00:00.000Z'],
  ])('date %s', (text, expected) => {
    expect(iso(parseIsoDate(text))).toBe(expected);
    expect(planTimer('date', text, NOW)).toEqual({ due: new Date(expected), repeat: null });
  });

  it('a date may be a Date value; garbage is refused', () => {
    expect(planTimer('date', NOW, NOW).due).toBe(NOW);
    expect(() => planTimer('date', 'tomorrow', NOW)).toThrow("Invalid ISO 8601 timer date 'tomorrow'");
  });

  it('cycles count down their repetitions from the previous due date', () => {
    const first = planTimer('cycle', 'R3/PT1H', NOW);
    expect(first).toEqual({ due: new Date('2026-01-05T09:00:00.000Z'), repeat: 'R3/PT1H' });
    const second = nextCycle(first.repeat!, first.due, first.due)!;
    expect(second).toEqual({ due: new Date('2026-01-05T10:00:00.000Z'), repeat: 'R2/PT1H' });
    const third = nextCycle(second.repeat!, second.due, second.due)!;
    expect(third.repeat).toBe('R1/PT1H');
    expect(nextCycle(third.repeat!, third.due, third.due)).toBeNull();
  });

  it('an unbounded cycle never ends; a start date is the first due date; an end date stops it', () => {
    expect(nextCycle('R/PT10M', NOW, NOW)).toEqual({ due: new Date('2026-01-05T08:10:00.000Z'), repeat: 'R/PT10M' });
    expect(planTimer('cycle', 'R2/2026-01-10T00:00:00Z/P1D', NOW)).toEqual({
      due: new Date('2026-01-10T00:00:00.000Z'),
      repeat: 'R2/P1D',
    });
    const ending = planTimer('cycle', 'R/PT1H/2026-01-05T09:30:00Z', NOW);
    expect(iso(ending.due)).toBe('2026-01-05T09:00:00.000Z');
    expect(nextCycle(ending.repeat!, ending.due, ending.due)).toBeNull();
    expect(() => planTimer('cycle', 'R0/PT1H', NOW)).toThrow(/Invalid ISO 8601 timer cycle/);
  });

  it.each([
    ['0 0 9 * * ?', '2026-01-05T09:00:00.000Z'],
    ['0 */15 * * * ?', '2026-01-05T08:15:00.000Z'],
    ['30 0 0 1 * ?', '2026-02-01T00:00:30.000Z'],
    ['0 0 12 ? * SAT', '2026-01-10T12:00:00.000Z'],
    ['0 0 8 * JAN-MAR MON-FRI', '2026-01-06T08:00:00.000Z'],
    ['0 0 0 1 1 ? 2027', '2027-01-01T00:00:00.000Z'],
  ])('cron %s fires next at %s', (cron, expected) => {
    expect(iso(cronNext(cron, NOW))).toBe(expected);
    expect(planTimer('cycle', cron, NOW)).toEqual({ due: new Date(expected), repeat: cron });
  });

  it('a cron that never fires is refused', () => {
    expect(() => cronNext('0 0 0 31 2 ?', NOW)).toThrow('never fires');
    expect(() => cronNext('0 0 25 * * ?', NOW)).toThrow("Invalid cron expression '0 0 25 * * ?'");
  });
});

describe('failed job retries', () => {
  it('without a cycle: three tries, retried at once', () => {
    expect(retryAfterFailure(null, 3, true, NOW)).toEqual({ retries: 2, nextTry: null });
    expect(retryAfterFailure(null, 1, false, NOW)).toEqual({ retries: 0, nextTry: null });
  });

  it("R5/PT10M: the first failure takes the cycle's count, each retry waits ten minutes", () => {
    expect(retryAfterFailure('R5/PT10M', 3, true, NOW)).toEqual({
      retries: 4,
      nextTry: new Date('2026-01-05T08:10:00.000Z'),
    });
    expect(retryAfterFailure('R5/PT10M', 4, false, NOW)).toEqual({
      retries: 3,
      nextTry: new Date('2026-01-05T08:10:00.000Z'),
    });
    expect(retryAfterFailure('R5/PT10M', 1, false, NOW)).toEqual({ retries: 0, nextTry: null });
  });

  it('a list of intervals: one try per interval, waiting each in turn', () => {
    const first = retryAfterFailure('PT1M,PT10M,PT1H', 3, true, NOW);
    expect(first).toEqual({ retries: 2, nextTry: new Date('2026-01-05T08:01:00.000Z') });
    expect(retryAfterFailure('PT1M,PT10M,PT1H', 2, false, NOW)).toEqual({
      retries: 1,
      nextTry: new Date('2026-01-05T08:10:00.000Z'),
    });
    expect(retryAfterFailure('PT1M,PT10M,PT1H', 1, false, NOW)).toEqual({ retries: 0, nextTry: null });
  });
});
