import { EngineErrorAnswer } from '../../common/errors/engine-error-answer';
import { notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { WaitingRoomFullError } from '../../engine/external-task/fetch-and-lock-waiting-room';

/** BadUserRequestException and its subclasses, which Camunda's external task resources rewrap. */
const BAD_USER_REQUEST_TYPES = [
  'BadUserRequestException',
  'NotValidException',
  'SuspendedEntityInteractionException',
  'NotAllowedException',
];

/** ExternalTaskResourceImpl: an unknown task is a 404 RestException naming it. */
export const UNKNOWN_TASK = notFoundIs404('External task with id {id} does not exist', 'RestException');

/** The worker operations also turn a wrong worker, a suspended task or a bad duration into a 400 RestException. */
export const WORKER_REFUSALS: EngineErrorAnswer = { types: BAD_USER_REQUEST_TYPES, status: 400, type: 'RestException' };

/** ExternalTaskRestServiceImpl.setRetries: both as InvalidRequestException. */
export const BULK_RETRIES_ANSWERS: EngineErrorAnswer[] = [
  notFoundIs404(),
  { types: BAD_USER_REQUEST_TYPES, status: 400, type: 'InvalidRequestException' },
];

/** Too many waiting long polls: Camunda's 503 asks the worker to come back later. */
export const WAITING_ROOM_FULL: EngineErrorAnswer = {
  classes: [WaitingRoomFullError],
  status: 503,
  type: 'InvalidRequestException',
};
