import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deployExternalTaskFixtures, fetch, startWorkerFlow } from '../fixtures/external-task/external-task-fixtures';

describe(`external task smoke (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
  });
  afterAll(() => t.close());

  it('fetches and completes', async () => {
    const pi = await startWorkerFlow(t, 5);
    const tasks = await fetch(t, 'w1', [{ topicName: 'charge', includeExtensionProperties: true }]);
    console.log(JSON.stringify(tasks, null, 1));
    await t.as('demo').post(`/external-task/${tasks[0].id}/complete`).send({ workerId: 'w1', variables: { paid: { value: true, type: 'Boolean' } } }).expect(204);
    const ship = await fetch(t, 'w1', [{ topicName: 'ship' }]);
    expect(ship).toHaveLength(1);
    expect(ship[0].variables.paid.value).toBe(true);
    expect(ship[0].processInstanceId).toBe(pi);
  });
});
