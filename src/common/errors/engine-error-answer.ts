import type { EngineError, EngineErrorKind } from '../../engine/errors';

/**
 * How one endpoint answers some engine errors, where Camunda's resource differs from the general
 * rule of the exception filter (e.g. an unknown id: 404 on this endpoint, 400 elsewhere). Read by
 * the filter; authorization failures are never rewritten, as Camunda's resources let them through.
 */
export interface EngineErrorAnswer {
  /** The errors it answers, by kind, by Camunda type name or by class; none given: every engine error. */
  kinds?: readonly EngineErrorKind[];
  types?: readonly string[];
  classes?: ReadonlyArray<abstract new (...args: never[]) => EngineError>;
  status: number;
  /** The type clients see, when the resource wraps the engine's exception in its own. */
  type?: 'InvalidRequestException' | 'RestException';
  /** `{message}` is the engine's message, `{name}` the path parameter `name`; absent: the engine's message. */
  message?: string;
}

export function answers(answer: EngineErrorAnswer, err: EngineError): boolean {
  if (!answer.kinds && !answer.types && !answer.classes) return true;
  return Boolean(
    answer.kinds?.includes(err.kind) ||
    answer.types?.includes(err.type) ||
    answer.classes?.some((c) => err instanceof c),
  );
}

export function answerMessage(answer: EngineErrorAnswer, err: EngineError, params: Record<string, string>): string {
  if (answer.message == null) return err.message;
  return answer.message.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'message' ? err.message : (params[name] ?? ''),
  );
}
