import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const PROCESSES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_extlog" targetNamespace="http://example.org/extlog">
  <bpmn:process id="extLog" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Charge" />
    <bpmn:serviceTask id="Charge" camunda:type="external" camunda:topic="charge" camunda:taskPriority="\${prio}" />
    <bpmn:sequenceFlow id="F2" sourceRef="Charge" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:process id="extLogShort" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="S2" /><bpmn:sequenceFlow id="F3" sourceRef="S2" targetRef="Ship" />
    <bpmn:serviceTask id="Ship" camunda:type="external" camunda:topic="ship" />
    <bpmn:sequenceFlow id="F4" sourceRef="Ship" targetRef="E2" /><bpmn:endEvent id="E2" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic external task log (${databaseLabel()})`, () => {
  let t: TestApp;
  let failedPi: string;
  let completedPi: string;
  let deletedPi: string;
  let failedTaskId: string;

  const start = async (key: string, prio = 0) =>
    (
      await t
        .as('demo')
        .post(`/process-definition/key/${key}/start`)
        .send({ variables: { prio: { value: prio, type: 'Integer' } } })
        .expect(200)
    ).body.id;
  const fetch = async (topicName: string, workerId = 'w1') =>
    (
      await t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({ workerId, maxTasks: 10, topics: [{ topicName, lockDuration: 60000 }] })
        .expect(200)
    ).body;
  const list = async (query = '') => (await t.as('demo').get(`/history/external-task-log${query}`).expect(200)).body;
  const count = async (query = '') =>
    (await t.as('demo').get(`/history/external-task-log/count${query}`).expect(200)).body.count;

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deploy(t, [{ name: 'extlog.bpmn', content: PROCESSES }]).expect(200);
    failedPi = await start('extLog', 5);
    completedPi = await start('extLog', 1);
    deletedPi = await start('extLog', 9);
    const locked = await fetch('charge');
    expect(locked).toHaveLength(3);
    failedTaskId = locked.find((x: any) => x.processInstanceId === failedPi).id;
    const completedTask = locked.find((x: any) => x.processInstanceId === completedPi).id;
    await t
      .as('demo')
      .post(`/external-task/${failedTaskId}/failure`)
      .send({
        workerId: 'w1',
        errorMessage: 'card declined',
        errorDetails: 'gateway said no',
        retries: 2,
        retryTimeout: 0,
      })
      .expect(204);
    await t.as('demo').post(`/external-task/${completedTask}/complete`).send({ workerId: 'w1' }).expect(204);
    await t.as('demo').delete(`/process-instance/${deletedPi}`).expect(204);
  });
  afterAll(() => t.close());

  it('logs creation, failure, success and deletion of external tasks, in Camunda’s shape', async () => {
    const logs = await list(`?processInstanceId=${failedPi}&sortBy=timestamp&sortOrder=asc`);
    expect(logs.map((l: any) => [l.creationLog, l.failureLog, l.successLog, l.deletionLog])).toEqual([
      [true, false, false, false],
      [false, true, false, false],
    ]);
    const definitionId = logs[0].processDefinitionId;
    expect(logs[1]).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(/\+0000$/),
      removalTime: null,
      externalTaskId: failedTaskId,
      topicName: 'charge',
      workerId: 'w1',
      priority: 5,
      retries: 2,
      errorMessage: 'card declined',
      activityId: 'Charge',
      activityInstanceId: expect.stringMatching(/^Charge:/),
      executionId: expect.any(String),
      processInstanceId: failedPi,
      processDefinitionId: definitionId,
      processDefinitionKey: 'extLog',
      tenantId: null,
      rootProcessInstanceId: failedPi,
      creationLog: false,
      failureLog: true,
      successLog: false,
      deletionLog: false,
    });
    expect(logs[0]).toMatchObject({ workerId: null, retries: null, errorMessage: null });
    expect((await list(`?processInstanceId=${completedPi}&successLog=true`))[0]).toMatchObject({
      workerId: 'w1',
      successLog: true,
    });
    expect(await list(`?processInstanceId=${deletedPi}&deletionLog=true`)).toHaveLength(1);
  });

  it('filters, sorts and counts (GET and POST)', async () => {
    expect(await count()).toBe(6);
    expect(await count('?creationLog=true')).toBe(3);
    expect(await count('?failureLog=true')).toBe(1);
    expect(await count('?successLog=true')).toBe(1);
    expect(await count('?deletionLog=true')).toBe(1);
    expect(await count(`?externalTaskId=${failedTaskId}`)).toBe(2);
    expect(await count('?topicName=charge&workerId=w1')).toBe(3);
    expect(await count('?errorMessage=card%20declined')).toBe(1);
    expect(await count('?activityIdIn=Charge,Other')).toBe(6);
    expect(await count('?priorityHigherThanOrEquals=5&priorityLowerThanOrEquals=8')).toBe(2);
    expect(await count('?processDefinitionKey=extLog&withoutTenantId=true')).toBe(6);
    expect(await count('?tenantIdIn=t1')).toBe(0);
    const byPriority = await list('?creationLog=true&sortBy=priority&sortOrder=desc');
    expect(byPriority.map((l: any) => l.priority)).toEqual([9, 5, 1]);
    expect(await list('?sortBy=priority&sortOrder=desc&firstResult=1&maxResults=2')).toHaveLength(2);

    const posted = (
      await t
        .as('demo')
        .post('/history/external-task-log?maxResults=5')
        .send({ creationLog: true, sorting: [{ sortBy: 'priority', sortOrder: 'asc' }] })
        .expect(200)
    ).body;
    expect(posted.map((l: any) => l.priority)).toEqual([1, 5, 9]);
    expect(
      (await t.as('demo').post('/history/external-task-log/count').send({ processInstanceId: failedPi }).expect(200))
        .body,
    ).toEqual({ count: 2 });

    const bad = await t.as('demo').get('/history/external-task-log?sortBy=nope&sortOrder=asc').expect(400);
    expect(bad.body).toMatchObject({ type: 'InvalidRequestException' });
    await t.as('demo').get('/history/external-task-log?priorityLowerThanOrEquals=high').expect(400);
  });

  it('answers one log and its error details', async () => {
    const [failure] = await list('?failureLog=true');
    expect((await t.as('demo').get(`/history/external-task-log/${failure.id}`).expect(200)).body).toEqual(failure);
    const details = await t.as('demo').get(`/history/external-task-log/${failure.id}/error-details`).expect(200);
    expect(details.text).toBe('gateway said no');
    expect(details.headers['content-type']).toMatch(/^text\/plain/);
    const [creation] = await list('?creationLog=true');
    await t.as('demo').get(`/history/external-task-log/${creation.id}/error-details`).expect(204);
    const missing = await t.as('demo').get('/history/external-task-log/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Historic external task log with id nope does not exist',
      code: null,
    });
    await t.as('demo').get('/history/external-task-log/nope/error-details').expect(404);
  });

  it('needs READ_HISTORY on the process definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'auditor' }, credentials: { password: 'auditorpw' } })
      .expect(204);
    expect((await t.as('auditor', 'auditorpw').get('/history/external-task-log/count').expect(200)).body.count).toBe(0);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['READ_HISTORY'], userId: 'auditor', resourceType: 6, resourceId: 'extLog' })
      .expect(200);
    expect((await t.as('auditor', 'auditorpw').get('/history/external-task-log/count').expect(200)).body.count).toBe(6);
  });

  it('goes with its root instance in the history cleanup', async () => {
    const pi = await start('extLogShort');
    const [task] = await fetch('ship');
    await t.as('demo').post(`/external-task/${task.id}/complete`).send({ workerId: 'w1' }).expect(204);
    expect(await count(`?processInstanceId=${pi}`)).toBe(2);
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${pi}`)).toBe(0);
    expect(await count()).toBe(6);
  });

  it('goes with its deleted historic process instance', async () => {
    await t
      .as('demo')
      .post('/history/process-instance/delete')
      .send({ historicProcessInstanceIds: [completedPi] })
      .expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${completedPi}`)).toBe(0);
    expect(await count()).toBe(4);
  });

  it('is documented in the OpenAPI document with the other history logs', async () => {
    const doc = (await t.api().get('/docs-json').expect(200)).body;
    for (const path of [
      '/history/external-task-log',
      '/history/external-task-log/count',
      '/history/external-task-log/{id}',
      '/history/external-task-log/{id}/error-details',
      '/history/job-log',
      '/history/job-log/count',
      '/history/job-log/{id}',
      '/history/job-log/{id}/stacktrace',
      '/history/user-operation',
      '/history/user-operation/count',
      '/history/user-operation/{operationId}/set-annotation',
      '/history/user-operation/{operationId}/clear-annotation',
      '/history/user-operation/{id}',
    ]) {
      expect(doc.paths[`/engine-rest${path}`]).toBeDefined();
    }
    expect(Object.keys(doc.paths['/engine-rest/history/external-task-log'])).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(doc.paths['/engine-rest/history/user-operation'].post).toBeUndefined();
  });
});

describe(`historic external task log below history level full (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, historyLevel: 'audit' });
    await deploy(t, [{ name: 'extlog.bpmn', content: PROCESSES }]).expect(200);
  });
  afterAll(() => t.close());

  it('writes nothing', async () => {
    await t.as('demo').post('/process-definition/key/extLogShort/start').send({}).expect(200);
    const [task] = (
      await t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({ workerId: 'w', maxTasks: 1, topics: [{ topicName: 'ship', lockDuration: 1000 }] })
        .expect(200)
    ).body;
    await t.as('demo').post(`/external-task/${task.id}/complete`).send({ workerId: 'w' }).expect(204);
    expect((await t.as('demo').get('/history/external-task-log/count').expect(200)).body.count).toBe(0);
  });
});
