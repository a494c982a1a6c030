import { carriesVariables } from '../../../src/common/http/json-body-limits';

describe('routes that carry variables', () => {
  it.each([
    ['POST', '/engine-rest/process-definition/key/order/start'],
    ['POST', '/engine-rest/process-definition/key/order/tenant-id/t1/start'],
    ['POST', '/engine-rest/process-definition/abc:1:xyz/start'],
    ['PUT', '/engine-rest/task/t1/localVariables/amount'],
    ['POST', '/engine-rest/task/t1/complete/'],
    ['POST', '/engine-rest/Message'],
    ['POST', '/engine-rest/external-task/e1/bpmnError'],
    ['POST', '/engine-rest/decision-definition/key/dish/evaluate'],
  ])('%s %s takes MAX_VARIABLES_BODY', (method, path) => {
    expect(carriesVariables(method, path)).toBe(true);
  });

  it.each([
    ['POST', '/engine-rest/group/create'],
    ['GET', '/engine-rest/process-definition/key/order/start'],
    ['POST', '/engine-rest/process-instance'],
    ['PUT', '/engine-rest/process-instance/p1/variables/a/b'],
    ['POST', '/engine-rest/message/extra'],
    ['POST', '/message'],
    ['POST', '/engine-rest/external-task/fetchAndLock'],
  ])('%s %s is held to MAX_BODY', (method, path) => {
    expect(carriesVariables(method, path)).toBe(false);
  });
});
