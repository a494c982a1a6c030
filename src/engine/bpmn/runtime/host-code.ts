import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { ProcessEngineError } from '../../errors';
import { isHostObject } from '../../expression';
import { DelegateRef } from '../model';
import { expressionContext, expressionExecution } from './expression-scope';
import type { RuntimeContext } from './runtime-context';

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** The object a class or delegateExpression reference names, checked for the method it must have. */
export function delegateObject(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  ref: DelegateRef,
  method: 'execute' | 'notify',
  eventName: string | null,
): object {
  if (ref.kind === 'expression') throw new ProcessEngineError('A bean method expression names no delegate object');
  const value: unknown =
    ref.kind === 'class'
      ? ctx.deps.delegates?.get(ref.name)
      : ref.expression.evaluate(expressionContext(ctx, execution, eventName));
  const object = isHostObject(value) && value.target !== undefined ? value.target : value;
  const what = ref.kind === 'class' ? `class '${ref.name}'` : `delegate expression ${ref.expression.text}`;
  if (object == null || typeof object !== 'object')
    throw new ProcessEngineError(`Unknown delegate: the ${what} names no registered object`);
  if (typeof (object as Record<string, unknown>)[method] !== 'function') {
    throw new ProcessEngineError(
      `The ${what} did neither return a JavaDelegate nor an ActivityBehavior: it has no ${method}(execution) method`,
    );
  }
  return object;
}

/**
 * Calls the host code a task or listener names: `execute(execution)` / `notify(execution)` of the object, or the
 * bean method expression. Returns what it returned (a promise when the host code is async); errors, BpmnError
 * included, go to the caller.
 */
export function callHostCode(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  ref: DelegateRef,
  method: 'execute' | 'notify',
  eventName: string | null = null,
): unknown {
  if (ref.kind === 'expression') return ref.expression.evaluate(expressionContext(ctx, execution, eventName));
  const object = delegateObject(ctx, execution, ref, method, eventName) as Record<string, (e: unknown) => unknown>;
  return object[method](expressionExecution(ctx, execution, eventName));
}
