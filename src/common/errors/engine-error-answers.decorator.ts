import { UseFilters } from '@nestjs/common';
import { CamundaExceptionFilter } from './camunda-exception.filter';
import { EngineErrorAnswer } from './engine-error-answer';

/**
 * Declares an endpoint's own answers to engine errors (see EngineErrorAnswer): the endpoint gets the
 * exception filter with these answers, tried in order before the general mapping.
 */
export const EngineErrorAnswers = (...answers: EngineErrorAnswer[]) => UseFilters(new CamundaExceptionFilter(answers));

/** The usual one: an unknown id is a 404 here (the engine's NotFound is a 400 by default). */
export const notFoundIs404 = (
  message?: string,
  type: 'InvalidRequestException' | 'RestException' = 'InvalidRequestException',
): EngineErrorAnswer => ({
  kinds: ['NotFound'],
  status: 404,
  type,
  message,
});
