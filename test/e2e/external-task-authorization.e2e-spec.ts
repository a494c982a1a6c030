import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deployExternalTaskFixtures, fetch, startWorkerFlow } from '../fixtures/external-task/external-task-fixtures';

/** External tasks through Camunda's permissions: READ to see, READ and UPDATE (instance or definition) to work. */
describe(`external task authorization (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: string;
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
    for (const id of ['reader', 'worker']) {
      await t
        .as('demo')
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
    const grant = (userId: string, resourceType: number, resourceId: string, permissions: string[]) =>
      t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId, resourceType, resourceId, permissions })
        .expect(200);
    await grant('reader', 6, 'worker-flow', ['READ_INSTANCE']);
    await grant('worker', 6, 'worker-flow', ['READ_INSTANCE', 'UPDATE_INSTANCE']);
    pi = await startWorkerFlow(t, 0, 'auth');
    await startWorkerFlow(t, 0, 'auth');
  });
  afterAll(() => t.close());

  const as = (user: string) => t.as(user, `${user}pw`);
  const body = (workerId: string) => ({
    workerId,
    maxTasks: 1,
    topics: [{ topicName: 'charge', lockDuration: 60000 }],
  });

  it('lists only what the caller may read', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'nobody' }, credentials: { password: 'nobodypw' } })
      .expect(204);
    expect((await as('nobody').get('/external-task').expect(200)).body).toEqual([]);
    expect((await as('nobody').get('/external-task/count').expect(200)).body).toEqual({ count: 0 });
    expect((await as('nobody').get('/external-task/topic-names').expect(200)).body).toEqual([]);
    expect((await as('reader').get('/external-task/count').expect(200)).body).toEqual({ count: 2 });
    expect((await as('reader').get(`/incident?processInstanceId=${pi}`).expect(200)).body).toEqual([]);
  });

  it('fetches only tasks the caller may also update', async () => {
    expect((await as('reader').post('/external-task/fetchAndLock').send(body('reader')).expect(200)).body).toEqual([]);
    const [task] = (await as('worker').post('/external-task/fetchAndLock').send(body('worker')).expect(200)).body;
    expect(task.processDefinitionKey).toBe('worker-flow');
    await as('worker').post(`/external-task/${task.id}/complete`).send({ workerId: 'worker' }).expect(204);
  });

  it('refuses work on a task without UPDATE', async () => {
    const [task] = await fetch(t, 'reader', [{ topicName: 'charge', businessKey: 'auth' }]);
    const res = await as('reader').post(`/external-task/${task.id}/complete`).send({ workerId: 'reader' }).expect(403);
    expect(res.body).toMatchObject({ type: 'AuthorizationException', userId: 'reader' });
    await as('reader').post(`/external-task/${task.id}/unlock`).expect(403);
    await as('reader').put(`/external-task/${task.id}/retries`).send({ retries: 1 }).expect(403);
    await as('reader').post(`/external-task/${task.id}/failure`).send({ workerId: 'reader', retries: 1 }).expect(403);
  });
});
