/**
 * What an expression can see while it is evaluated. The engine builds one context per evaluation;
 * nothing in here is reachable from an expression except through these explicit hooks.
 *
 * - `resolve(name)` looks up a top-level identifier (normally a variable visible from the current
 *   execution or task). `{ found: false }` makes the evaluation fail with Camunda's
 *   `Unknown property used in expression: ... Cause: Cannot resolve identifier 'x'`; a variable that
 *   exists with the value null is `{ found: true, value: null }`. It may return a {@link HostObject}
 *   (e.g. for `task` in a task listener) to expose whitelisted properties and methods.
 * - `execution` is what `execution` means inside an expression (it shadows a variable of that name,
 *   as in Camunda). Absent where there is no execution; then `execution` is looked up via `resolve`.
 * - `authentication` feeds `authenticatedUserId`, `currentUser()` and `currentUserGroups()`.
 * - `now` fixes the clock for `now()` and `dateTime()` (tests, job due dates).
 */
export interface ExpressionContext {
  resolve(name: string): Lookup;
  execution?: ExpressionExecution;
  authentication?: { userId: string | null; groupIds: readonly string[] };
  now?: () => Date;
}

export interface Lookup {
  found: boolean;
  value?: unknown;
}

/**
 * The subset of Camunda's DelegateExecution that expressions use. Optional members that are absent
 * make the matching expression call fail as an unknown method, so a runtime can start read-only.
 */
export interface ExpressionExecution {
  readonly id: string;
  readonly processInstanceId: string;
  readonly processBusinessKey: string | null;
  readonly processDefinitionId?: string | null;
  readonly currentActivityId?: string | null;
  readonly currentActivityName?: string | null;
  readonly activityInstanceId?: string | null;
  readonly parentId?: string | null;
  readonly tenantId?: string | null;
  readonly eventName?: string | null;
  /** null when the variable does not exist (Camunda's getVariable never throws for a missing name). */
  getVariable(name: string): unknown;
  getVariableLocal?(name: string): unknown;
  hasVariable?(name: string): boolean;
  hasVariableLocal?(name: string): boolean;
  getVariables?(): Record<string, unknown>;
  getVariablesLocal?(): Record<string, unknown>;
  setVariable?(name: string, value: unknown): void;
  setVariableLocal?(name: string, value: unknown): void;
  removeVariable?(name: string): void;
  removeVariableLocal?(name: string): void;
}

export const HOST_OBJECT: unique symbol = Symbol('expression.hostObject');

/**
 * An engine object exposed to expressions. Every property and method it answers is listed by
 * hand in its implementation, so an expression never reaches anything by reflection.
 */
export interface HostObject {
  readonly [HOST_OBJECT]: true;
  /** The Java class Camunda would name in error messages, e.g. `class ...ExecutionEntity`. */
  readonly className: string;
  property(name: string): Lookup;
  invoke(method: string, args: readonly unknown[]): Lookup;
  /** What host code (a bean method of an embedding application) receives when this is passed to it as an argument. */
  readonly target?: unknown;
}

export function isHostObject(value: unknown): value is HostObject {
  return typeof value === 'object' && value !== null && (value as Partial<HostObject>)[HOST_OBJECT] === true;
}

/** A context over a plain record of variables; handy for tests and for start-time evaluations. */
export function variablesContext(
  variables: Record<string, unknown>,
  extra: Omit<ExpressionContext, 'resolve'> = {},
): ExpressionContext {
  return {
    ...extra,
    resolve: (name) =>
      Object.prototype.hasOwnProperty.call(variables, name)
        ? { found: true, value: variables[name] }
        : { found: false },
  };
}
