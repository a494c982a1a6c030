import type { CompiledExpression } from '../../expression';

/**
 * Apart from the other event definitions because listener configurations (element-config.ts) use it too, and
 * event-definition.ts uses element configurations: one file for both would close a circle.
 */
export interface TimerEventDefinition {
  readonly kind: 'timer';
  readonly timerType: 'date' | 'duration' | 'cycle';
  /** ISO 8601 date, duration or cycle (or a cron text for cycles); may be an expression. */
  readonly value: CompiledExpression;
}
