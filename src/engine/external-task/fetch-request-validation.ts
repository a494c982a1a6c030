import { BadUserRequestError, NullValueError } from '../errors';
import { FetchRequest, FetchTopic } from './external-task-types';

/** A fetchAndLock request as it arrives: the required parts may still be missing. */
export interface FetchRequestInput extends Omit<FetchRequest, 'workerId' | 'topics'> {
  workerId: string | null;
  topics: Array<
    Omit<FetchTopic, 'topicName' | 'lockDuration'> & { topicName: string | null; lockDuration: number | null }
  >;
}

/**
 * Camunda's FetchExternalTasksCmd.validateInput, with its EnsureUtil messages. Those are 500s in
 * Camunda; invalid input is a 400 here, under the same exception type.
 */
export function validateFetchRequest(input: FetchRequestInput): FetchRequest {
  if (input.workerId == null) throw new NullValueError('workerId is null');
  if (input.maxTasks < 0)
    throw new BadUserRequestError('maxResults is not greater than or equal to 0', 'ProcessEngineException');
  const topics: FetchTopic[] = input.topics.map((topic) => {
    if (topic.topicName == null) throw new NullValueError('topicName is null');
    if (topic.lockDuration == null || !(topic.lockDuration > 0))
      throw new BadUserRequestError('lockTime is not greater than 0', 'ProcessEngineException');
    return { ...topic, topicName: topic.topicName, lockDuration: topic.lockDuration };
  });
  return { ...input, workerId: input.workerId, topics };
}
