import { validateFetchRequest, FetchRequestInput } from '../../../src/engine/external-task/fetch-request-validation';

describe('validateFetchRequest', () => {
  const topic = {
    topicName: 'a',
    lockDuration: 1000,
    variables: null,
    localVariables: false,
    businessKey: null,
    processDefinitionId: null,
    processDefinitionIdIn: null,
    processDefinitionKey: null,
    processDefinitionKeyIn: null,
    processDefinitionVersionTag: null,
    withoutTenantId: false,
    tenantIdIn: null,
    processVariables: null,
    deserializeValues: false,
    includeExtensionProperties: false,
  };
  const request = (over: Partial<FetchRequestInput> = {}, topicOver: object = {}): FetchRequestInput => ({
    workerId: 'w',
    maxTasks: 1,
    usePriority: false,
    sorting: [],
    topics: [{ ...topic, ...topicOver }],
    ...over,
  });

  it('accepts a complete request', () => {
    expect(validateFetchRequest(request()).topics[0].topicName).toBe('a');
  });

  it.each([
    [request({ workerId: null }), 'NullValueException', 'workerId is null'],
    [request({ maxTasks: -1 }), 'ProcessEngineException', 'maxResults is not greater than or equal to 0'],
    [request({}, { topicName: null }), 'NullValueException', 'topicName is null'],
    [request({}, { lockDuration: 0 }), 'ProcessEngineException', 'lockTime is not greater than 0'],
    [request({}, { lockDuration: null }), 'ProcessEngineException', 'lockTime is not greater than 0'],
  ])('rejects %#', (input, type, message) => {
    expect(() => validateFetchRequest(input)).toThrow(expect.objectContaining({ type, message }));
  });
});
