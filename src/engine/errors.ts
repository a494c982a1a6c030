/**
 * The engine's own error classes. Each carries the Camunda exception type name clients see in
 * `type`; exactly one place (common/errors/camunda-exception.filter.ts) maps them to HTTP.
 */
export type EngineErrorKind =
  | 'BadUserRequest'
  | 'NotFound'
  | 'NotValid'
  | 'NullValue'
  | 'Authorization'
  | 'OptimisticLocking'
  | 'Parse'
  | 'SuspendedEntityInteraction'
  | 'Conflict'
  | 'ProcessEngine';

export abstract class EngineError extends Error {
  abstract readonly kind: EngineErrorKind;
  /** Camunda exception class name, e.g. `BadUserRequestException`. */
  abstract readonly type: string;
  readonly code: number = 0;
}

/**
 * The request collides with the state another caller left (a task claimed by somebody else). Camunda
 * answers these with 500; they are the caller's to resolve, so they are a 409 here, with Camunda's type.
 */
export class ConflictError extends EngineError {
  readonly kind = 'Conflict' as const;
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message);
  }
}

export class ProcessEngineError extends EngineError {
  readonly kind = 'ProcessEngine' as const;
  readonly type = 'ProcessEngineException';
}

/**
 * Invalid input. `type` may name another Camunda exception class where Camunda reports the same
 * condition under that name (e.g. `ProcessEngineException` for an invalid id, which Camunda answers
 * with 500 and we with 400).
 */
export class BadUserRequestError extends EngineError {
  readonly kind: EngineErrorKind = 'BadUserRequest';
  readonly type: string;
  constructor(message: string, type = 'BadUserRequestException') {
    super(message);
    this.type = type;
  }
}

/**
 * A value of the instance's data (an expression's result, a variable) is not what the element needs: no collection
 * to iterate, no date, nothing to call. Camunda throws a ProcessEngineException (500); the data is the caller's or
 * the modeller's to fix, so it is a 400 here with Camunda's type.
 */
export class ModelDataError extends BadUserRequestError {
  constructor(message: string) {
    super(message, 'ProcessEngineException');
  }
}

export class NotFoundError extends BadUserRequestError {
  readonly kind = 'NotFound' as const;
  readonly type = 'NotFoundException';
}

export class NotValidError extends BadUserRequestError {
  readonly kind = 'NotValid' as const;
  readonly type = 'NotValidException';
}

export class SuspendedEntityInteractionError extends BadUserRequestError {
  readonly kind = 'SuspendedEntityInteraction' as const;
  readonly type = 'SuspendedEntityInteractionException';
}

/** "X is null"-style validation failures (Camunda answers 500; invalid input is a 4xx here). */
export class NullValueError extends EngineError {
  readonly kind = 'NullValue' as const;
  readonly type = 'NullValueException';
}

export class OptimisticLockingError extends EngineError {
  readonly kind = 'OptimisticLocking' as const;
  readonly type = 'OptimisticLockingException';
  readonly code = 1;
  constructor(operation: string) {
    super(`ENGINE-03005 Execution of '${operation}' failed. Entity was updated by another transaction concurrently.`);
  }
}

export interface MissingAuthorization {
  permissionName: string;
  resourceName: string;
  resourceId: string | null;
}

export class AuthorizationError extends EngineError {
  readonly kind = 'Authorization' as const;
  readonly type = 'AuthorizationException';
  constructor(
    readonly userId: string | null,
    readonly missingAuthorizations: MissingAuthorization[],
    message?: string,
  ) {
    super(message ?? AuthorizationError.describe(userId, missingAuthorizations));
  }

  static describe(userId: string | null, missing: MissingAuthorization[]): string {
    const one = (m: MissingAuthorization) =>
      m.resourceId == null
        ? `'${m.permissionName}' permission on resource '${m.resourceName}'`
        : `'${m.permissionName}' permission on resource '${m.resourceId}' of type '${m.resourceName}'`;
    if (missing.length === 1) return `The user with id '${userId}' does not have ${one(missing[0])}.`;
    return `The user with id '${userId}' does not have one of the following permissions: ${missing.map(one).join(' or ')}`;
  }
}

export interface ParseProblem {
  message: string;
  line: number | null;
  column: number | null;
  mainElementId: string | null;
  elementIds: string[];
}

export interface ResourceReport {
  errors: ParseProblem[];
  warnings: ParseProblem[];
}

/**
 * A migration plan or a process instance that cannot be migrated (Camunda's MigrationPlanValidationException and
 * MigratingProcessInstanceValidationException): the message lists the failures, the report carries them for clients.
 */
export class MigrationValidationError extends BadUserRequestError {
  constructor(
    message: string,
    type: 'MigrationPlanValidationException' | 'MigratingProcessInstanceValidationException',
    readonly validationReport: unknown,
  ) {
    super(message, type);
  }
}

export class ParseError extends EngineError {
  readonly kind = 'Parse' as const;
  readonly type = 'ParseException';
  constructor(
    message: string,
    readonly details: Record<string, ResourceReport>,
  ) {
    super(message);
  }
}

/**
 * A decision could not be evaluated (hit policy violation, FEEL that fails or does not parse, value outside
 * the allowed values, type conversion). Camunda reports these as DecisionException with a 500; the fault
 * lies in the deployed model or the variables given, never in the engine, so here it is a 400. The message
 * names the decision and the cell.
 */
export class DecisionEvaluationError extends EngineError {
  readonly kind = 'BadUserRequest' as const;
  readonly type = 'DecisionException';
}

/** Camunda's EnsureUtil message shape: `<message>: <variable> <description>`, empty parts omitted. */
export function ensureMessage(message: string, variable: string, description: string): string {
  const tail = [variable, description].filter(Boolean).join(' ');
  return message ? `${message}: ${tail}` : tail;
}

export type ExpressionFailure = 'syntax' | 'unknownProperty' | 'unknownMethod' | 'evaluation';

/**
 * A `${...}` expression could not be parsed or evaluated. Camunda raises these as plain
 * ProcessEngineException (and its REST API answers 500); the fault lies in the model or the data the
 * caller gave (an unknown variable), never in the engine, so here it is a 400 with Camunda's type.
 */
export class ExpressionError extends BadUserRequestError {
  constructor(
    message: string,
    readonly expression: string,
    readonly failure: ExpressionFailure,
  ) {
    super(message, 'ProcessEngineException');
  }
}

/**
 * A message found no receiver, or several where one was expected. Camunda's REST layer answers it
 * with 400 (its MismatchingMessageCorrelationException is a ProcessEngineException).
 */
export class MismatchingMessageCorrelationError extends BadUserRequestError {
  constructor(message: string) {
    super(message, 'MismatchingMessageCorrelationException');
  }
}

/**
 * Thrown by host code (a delegate, a bean method, a delegate listener) to raise a BPMN error at its activity,
 * as Camunda's `org.camunda.bpm.engine.delegate.BpmnError`: an error boundary or event sub-process with a
 * matching code catches it; uncaught, the command fails. Not an EngineError: it never reaches a REST answer as such.
 */
export class BpmnError extends Error {
  constructor(
    readonly errorCode: string,
    message?: string,
  ) {
    super(message ?? errorCode);
    this.name = 'BpmnError';
  }
}
