import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import {
  deployExternalTaskFixtures,
  fetch,
  start,
  startWorkerFlow,
} from '../fixtures/external-task/external-task-fixtures';

/** GET/POST /external-task and /count, GET /{id}, /topic-names and /{id}/errorDetails. */
describe(`external task queries (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi1: string;
  let pi2: string;
  let pi3: string;
  let locked: any;
  let failed: any;
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
    pi1 = await startWorkerFlow(t, 5, 'order-1', {
      customer: { value: 'Alice', type: 'String' },
      amount: { value: 10, type: 'Integer' },
    });
    pi2 = await startWorkerFlow(t, 20, 'order-2', {
      customer: { value: 'Bob', type: 'String' },
      amount: { value: 30, type: 'Integer' },
    });
    pi3 = await start(t, 'scoped-task');
    [locked] = await fetch(t, 'worker-a', [{ topicName: 'charge', businessKey: 'order-2' }]);
    [failed] = await fetch(t, 'worker-b', [{ topicName: 'scoped' }]);
    await t
      .as('demo')
      .post(`/external-task/${failed.id}/failure`)
      .send({
        workerId: 'worker-b',
        errorMessage: 'boom',
        errorDetails: 'stack trace\nline 2',
        retries: 0,
        retryTimeout: 0,
      })
      .expect(204);
  });
  afterAll(() => t.close());

  const ids = (body: any[]) => body.map((x) => x.id).sort();
  const list = async (query: string) => (await t.as('demo').get(`/external-task?${query}`).expect(200)).body as any[];
  const count = async (query: string) =>
    (await t.as('demo').get(`/external-task/count?${query}`).expect(200)).body.count as number;
  const post = async (body: object, query = '') =>
    (await t.as('demo').post(`/external-task${query}`).send(body).expect(200)).body as any[];

  it('lists every task with the full DTO', async () => {
    const all = await list('');
    expect(all).toHaveLength(3);
    const task = all.find((x) => x.id === locked.id);
    expect(task).toEqual({
      activityId: 'Charge',
      activityInstanceId: expect.any(String),
      errorMessage: null,
      executionId: expect.any(String),
      id: locked.id,
      lockExpirationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
      createTime: expect.any(String),
      processDefinitionId: expect.stringMatching(/^worker-flow:1:/),
      processDefinitionKey: 'worker-flow',
      processDefinitionVersionTag: 'v1',
      processInstanceId: pi2,
      retries: null,
      suspended: false,
      workerId: 'worker-a',
      topicName: 'charge',
      tenantId: null,
      priority: 20,
      businessKey: 'order-2',
    });
    expect(await count('')).toBe(3);
  });

  it('filters by ids, topic, worker, lock state and retries', async () => {
    expect(ids(await list(`externalTaskId=${locked.id}`))).toEqual([locked.id]);
    expect(ids(await list(`externalTaskIdIn=${locked.id},${failed.id}`))).toEqual([locked.id, failed.id].sort());
    expect(await count('topicName=charge')).toBe(2);
    expect(ids(await list('workerId=worker-a'))).toEqual([locked.id]);
    expect(ids(await list('locked=true'))).toEqual([locked.id]);
    expect(await count('notLocked=true')).toBe(2);
    expect(ids(await list('noRetriesLeft=true'))).toEqual([failed.id]);
    expect(await count('withRetriesLeft=true')).toBe(2);
    expect(await count('lockExpirationAfter=2000-01-01T00:00:00.000%2B0000')).toBe(2);
    expect(await count('lockExpirationBefore=2000-01-01T00:00:00.000%2B0000')).toBe(0);
  });

  it('filters by activity, execution, instance and definition', async () => {
    expect(await count('activityId=Charge')).toBe(2);
    expect(await count('activityIdIn=Charge,Work')).toBe(3);
    expect(ids(await list(`executionId=${locked.executionId}`))).toEqual([locked.id]);
    expect(ids(await list(`processInstanceId=${pi3}`))).toEqual([failed.id]);
    expect(await count(`processInstanceIdIn=${pi1},${pi2}`)).toBe(2);
    expect(await count(`processDefinitionId=${locked.processDefinitionId}`)).toBe(2);
    expect(await count('processDefinitionKey=scoped-task')).toBe(1);
    expect(await count('processDefinitionKeyIn=scoped-task,worker-flow')).toBe(3);
    expect(await count('processDefinitionName=nope')).toBe(0);
    expect(await count('processDefinitionNameLike=%25')).toBe(0);
    expect(await count('tenantIdIn=acme')).toBe(0);
    expect(await count('active=true')).toBe(3);
    expect(await count('suspended=true')).toBe(0);
  });

  it('filters by priority and process variables', async () => {
    expect(await count('priorityHigherThanOrEquals=10')).toBe(1);
    expect(await count('priorityLowerThanOrEquals=10')).toBe(2);
    expect(ids(await list('processVariables=customer_eq_Alice'))).toHaveLength(1);
    expect(await count('processVariables=customer_eq_alice')).toBe(0);
    expect(await count('processVariables=customer_eq_alice&variableValuesIgnoreCase=true')).toBe(1);
    const gt = await post({ processVariables: [{ name: 'amount', operator: 'gt', value: 15 }] });
    expect(gt.map((x) => x.processInstanceId)).toEqual([pi2]);
    expect(
      (
        await t
          .as('demo')
          .post('/external-task/count')
          .send({ processVariables: [{ name: 'customer', operator: 'like', value: 'A%' }] })
          .expect(200)
      ).body,
    ).toEqual({ count: 1 });
  });

  it('sorts by every documented key, with paging', async () => {
    for (const sortBy of [
      'id',
      'lockExpirationTime',
      'processInstanceId',
      'processDefinitionId',
      'processDefinitionKey',
      'taskPriority',
      'tenantId',
      'createTime',
    ]) {
      expect(await list(`sortBy=${sortBy}&sortOrder=desc`)).toHaveLength(3);
    }
    const byPriority = await list('sortBy=taskPriority&sortOrder=desc&topicName=charge');
    expect(byPriority.map((x) => x.priority)).toEqual([20, 5]);
    const sorted = await post({ sorting: [{ sortBy: 'taskPriority', sortOrder: 'asc' }], topicName: 'charge' });
    expect(sorted.map((x) => x.priority)).toEqual([5, 20]);
    expect(await list('sortBy=id&sortOrder=asc&firstResult=1&maxResults=1')).toHaveLength(1);
    expect(await post({}, '?firstResult=2')).toHaveLength(1);
  });

  it('rejects bad query parameters as Camunda does', async () => {
    const bad = await t.as('demo').get('/external-task?sortBy=nope&sortOrder=asc').expect(400);
    expect(bad.body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'nope'",
      code: null,
    });
    const single = await t.as('demo').get('/external-task?sortBy=id').expect(400);
    expect(single.body.message).toBe('Only a single sorting parameter specified. sortBy and sortOrder required');
    const date = await t.as('demo').get('/external-task?lockExpirationBefore=anInvalidDate').expect(400);
    expect(date.body.message).toBe(
      `Cannot set query parameter 'lockExpirationBefore' to value 'anInvalidDate': Cannot convert value "anInvalidDate" to java type java.util.Date`,
    );
    const variable = await t.as('demo').get('/external-task?processVariables=a_b').expect(400);
    expect(variable.body.message).toBe('variable query parameter has to have format KEY_OPERATOR_VALUE.');
  });

  it('gets one task, 404 for unknown ids', async () => {
    const res = await t.as('demo').get(`/external-task/${failed.id}`).expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toMatchObject({
      id: failed.id,
      retries: 0,
      errorMessage: 'boom',
      workerId: 'worker-b',
      topicName: 'scoped',
    });
    const missing = await t.as('demo').get('/external-task/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'RestException',
      message: 'External task with id nope does not exist',
      code: null,
    });
  });

  it('serves error details as text/plain, 204 without any', async () => {
    const res = await t.as('demo').get(`/external-task/${failed.id}/errorDetails`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('stack trace\nline 2');
    await t.as('demo').get(`/external-task/${locked.id}/errorDetails`).expect(204);
    const unknown = await t.as('demo').get('/external-task/nope/errorDetails').expect(400);
    expect(unknown.body).toEqual({
      type: 'NullValueException',
      message: 'No external task found with id nope: externalTask is null',
      code: 0,
    });
  });

  it('names the topics, narrowed by the three flags', async () => {
    const topics = async (q = '') => (await t.as('demo').get(`/external-task/topic-names${q}`).expect(200)).body;
    expect(await topics()).toEqual(['charge', 'scoped']);
    // The failure without retry timeout left its lock expired at once: that task counts as unlocked.
    expect(await topics('?withLockedTasks=true')).toEqual(['charge']);
    expect(await topics('?withUnlockedTasks=true')).toEqual(['charge', 'scoped']);
    expect(await topics('?withRetriesLeft=true')).toEqual(['charge']);
    expect(await topics('?withLockedTasks=true&withUnlockedTasks=true')).toEqual([]);
  });
});
