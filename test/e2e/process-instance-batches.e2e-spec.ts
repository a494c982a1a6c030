import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** `timed` waits an hour at a timer: one job per instance. */
const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_timed" targetNamespace="http://example.org/timed">
  <bpmn:process id="timed" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Timer" />
    <bpmn:intermediateCatchEvent id="Timer"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="F2" sourceRef="Timer" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
</bpmn:definitions>`;

/** `pinged` waits for the message `ping`, then at a user task. */
const PINGED = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_pinged" targetNamespace="http://example.org/pinged">
  <bpmn:process id="pinged" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Ping" />
    <bpmn:intermediateCatchEvent id="Ping"><bpmn:messageEventDefinition messageRef="M" /></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="F2" sourceRef="Ping" targetRef="After" /><bpmn:userTask id="After" />
    <bpmn:sequenceFlow id="F3" sourceRef="After" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:message id="M" name="ping" />
</bpmn:definitions>`;

const LATER = '2099-01-02T03:04:05.000+0000';

describe(`process instance batches: job retries, deletion by historic query, variables, messages (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deploy(t, [{ name: 'timed.bpmn', content: MODEL }]).expect(200);
    await deploy(t, [{ name: 'pinged.bpmn', content: PINGED }]).expect(200);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const start = async (businessKey: string) =>
    (await t.as('demo').post('/process-definition/key/timed/start').send({ businessKey }).expect(200)).body
      .id as string;
  const jobOf = async (instance: string) =>
    (await t.as('demo').get(`/job?processInstanceId=${instance}`).expect(200)).body[0];

  // SetJobRetriesByProcessAsyncTest#testWithTwoJobs..., #testCreateBatchWithQuery..., #shouldSetDueDate
  it('job-retries: the jobs of the instances given and found by query, with their retries and due date', async () => {
    const a = await start('retry-a');
    const b = await start('retry-b');
    const c = await start('retry-c');
    const batch = (
      await t
        .as('demo')
        .post('/process-instance/job-retries')
        .send({ processInstances: [a], processInstanceQuery: { businessKey: 'retry-b' }, retries: 7, dueDate: LATER })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'set-job-retries', totalJobs: 2, createUserId: 'demo' });
    await t.engine.jobs.executeDueJobs();
    for (const id of [a, b]) expect(await jobOf(id)).toMatchObject({ retries: 7, dueDate: LATER });
    expect((await jobOf(c)).retries).toBe(3);
    const log = (
      await t.as('demo').get('/history/user-operation?operationType=SetJobRetries&entityType=Job').expect(200)
    ).body;
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'nrOfInstances', newValue: '2', batchId: batch.id }),
        expect.objectContaining({ property: 'async', newValue: 'true' }),
        expect.objectContaining({ property: 'retries', newValue: '7' }),
      ]),
    );
  });

  it('job-retries-historic-query-based: the instances a historic query finds', async () => {
    const d = await start('retry-d');
    const batch = (
      await t
        .as('demo')
        .post('/process-instance/job-retries-historic-query-based')
        .send({ historicProcessInstanceQuery: { processInstanceBusinessKey: 'retry-d' }, retries: 1 })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'set-job-retries', totalJobs: 1 });
    await t.engine.jobs.executeDueJobs();
    expect((await jobOf(d)).retries).toBe(1);
  });

  // SetJobRetriesByProcessAsyncTest#testWithoutProcessInstanceIds..., #testNegativeRetries, authorization test
  it("refuses no jobs and negative retries with Camunda's messages; needs CREATE_BATCH_SET_JOB_RETRIES on Batch", async () => {
    const post = (body: object, user = 'demo', password = 'demo') =>
      t.as(user, password).post('/process-instance/job-retries').send(body);
    expect((await post({ processInstances: [], retries: 1 }).expect(400)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'jobIds is empty',
    });
    expect((await post({ processInstanceQuery: { businessKey: 'none' }, retries: 1 }).expect(400)).body.message).toBe(
      'jobIds is empty',
    );
    const e = await start('retry-e');
    expect((await post({ processInstances: [e], retries: -1 }).expect(400)).body).toMatchObject({
      type: 'ProcessEngineException',
      message: 'Retries count: retries is not greater than or equal to 0',
    });
    expect((await post({ processInstances: [e], retries: 1, dueDate: 'soon' }).expect(400)).body.message).toBe(
      "Cannot set due date to value 'soon'",
    );
    const refused = await post({ processInstances: [e], retries: 1 }, 'ops', 'opspw').expect(403);
    expect(refused.body.message).toContain("'CREATE_BATCH_SET_JOB_RETRIES' permission on resource 'Batch'");
  });

  it('delete-historic-query-based: deletes the running instances a historic query finds', async () => {
    const f = await start('del-f');
    const g = await start('del-g');
    const batch = (
      await t
        .as('demo')
        .post('/process-instance/delete-historic-query-based')
        .send({ historicProcessInstanceQuery: { processInstanceBusinessKey: 'del-f' }, deleteReason: 'gone' })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'instance-deletion', totalJobs: 1 });
    await t.engine.jobs.executeDueJobs();
    await t.as('demo').get(`/process-instance/${f}`).expect(404);
    await t.as('demo').get(`/process-instance/${g}`).expect(200);
    expect((await t.as('demo').get(`/history/process-instance/${f}`).expect(200)).body.deleteReason).toBe('gone');
    expect(
      (
        await t
          .as('demo')
          .post('/process-instance/delete-historic-query-based')
          .send({ historicProcessInstanceQuery: { processInstanceBusinessKey: 'nobody' } })
          .expect(400)
      ).body.message,
    ).toBe('processInstanceIds is empty');
  });

  // SetVariablesAsyncTest#shouldSetVariablesByIds, #shouldSetVariablesByQuery, #shouldSetVariablesByHistoricQuery
  it('variables-async: the variables on the instances given, found, and found unfinished in history', async () => {
    const h = await start('vars-h');
    const i = await start('vars-i');
    const j = await start('vars-j');
    const k = await start('vars-k');
    const batch = (
      await t
        .as('demo')
        .post('/process-instance/variables-async')
        .send({
          processInstanceIds: [h, 'not-running'],
          processInstanceQuery: { businessKey: 'vars-i' },
          historicProcessInstanceQuery: { processInstanceBusinessKey: 'vars-j' },
          variables: { foo: { value: 'bar', type: 'String' }, n: { value: 5, type: 'Integer' } },
        })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'set-variables', totalJobs: 3 });
    await t.engine.jobs.executeDueJobs();
    for (const id of [h, i, j]) {
      const vars = (await t.as('demo').get(`/process-instance/${id}/variables`).expect(200)).body;
      expect(vars).toEqual({
        foo: { value: 'bar', type: 'String', valueInfo: {} },
        n: { value: 5, type: 'Integer', valueInfo: {} },
      });
    }
    expect((await t.as('demo').get(`/process-instance/${k}/variables`).expect(200)).body).toEqual({});
    const log = (await t.as('demo').get(`/history/user-operation?operationType=SetVariables`).expect(200)).body;
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'nrOfInstances', newValue: '3', entityType: 'ProcessInstance' }),
        expect.objectContaining({ property: 'nrOfVariables', newValue: '2', batchId: batch.id }),
      ]),
    );
  });

  // SetVariablesAsyncTest#shouldThrowExceptionOnEmptyVariables, #shouldThrowExceptionOnNullVariables,
  // #shouldThrowExceptionOnNoProcessInstances..., authorization
  it('variables-async refuses what Camunda refuses; needs CREATE_BATCH_SET_VARIABLES on Batch', async () => {
    const post = (body: object, user = 'demo', password = 'demo') =>
      t.as(user, password).post('/process-instance/variables-async').send(body);
    const l = await start('vars-l');
    const variables = { foo: { value: 'bar' } };
    expect((await post({ processInstanceIds: [l] }).expect(400)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'variables is null',
    });
    expect((await post({ processInstanceIds: [l], variables: {} }).expect(400)).body).toMatchObject({
      type: 'BadUserRequestException',
      message: 'variables is empty',
    });
    expect((await post({ variables }).expect(400)).body.message).toBe('No process instances found.');
    expect((await post({ processInstanceIds: ['nope'], variables }).expect(400)).body.message).toBe(
      'processInstanceIds is empty',
    );
    expect(
      (await post({ processInstanceIds: [l], variables: { x: { value: 1, type: 'Nope' } } }).expect(400)).body.message,
    ).toMatch(/^Cannot set variables: /);
    const refused = await post({ processInstanceIds: [l], variables }, 'ops', 'opspw').expect(403);
    expect(refused.body.message).toContain("'CREATE_BATCH_SET_VARIABLES' permission on resource 'Batch'");
  });

  // MessageCorrelationAsyncTest#shouldCorrelateAllWithInstanceIds, #shouldCorrelateAllWithQuery, #shouldSetVariables
  it('message-async: correlates the message to every waiting instance selected, with the variables', async () => {
    const ping = async (businessKey: string) =>
      (await t.as('demo').post('/process-definition/key/pinged/start').send({ businessKey }).expect(200)).body
        .id as string;
    const a = await ping('ping-a');
    const b = await ping('ping-b');
    const c = await ping('ping-c');
    const batch = (
      await t
        .as('demo')
        .post('/process-instance/message-async')
        .send({
          messageName: 'ping',
          processInstanceIds: [a],
          historicProcessInstanceQuery: { processInstanceBusinessKey: 'ping-b' },
          variables: { answer: { value: 42, type: 'Integer' } },
        })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'correlate-message', totalJobs: 2 });
    await t.engine.jobs.executeDueJobs();
    const taskOf = async (id: string) =>
      (await t.as('demo').get(`/task?processInstanceId=${id}`).expect(200)).body[0]?.taskDefinitionKey ?? null;
    expect([await taskOf(a), await taskOf(b), await taskOf(c)]).toEqual(['After', 'After', null]);
    expect((await t.as('demo').get(`/process-instance/${a}/variables/answer`).expect(200)).body.value).toBe(42);
    const log = (await t.as('demo').get('/history/user-operation?operationType=CorrelateMessage').expect(200)).body;
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'messageName', newValue: 'ping', batchId: batch.id }),
        expect.objectContaining({ property: 'nrOfInstances', newValue: '2' }),
        expect.objectContaining({ property: 'nrOfVariables', newValue: '1' }),
      ]),
    );
  });

  // MessageCorrelationAsyncTest#shouldFailWithNullMessageName, #shouldFailWithNoProcessInstances..., authorization
  it('message-async refuses what Camunda refuses; needs CREATE_BATCH_CORRELATE_MESSAGE on Batch', async () => {
    const post = (body: object, user = 'demo', password = 'demo') =>
      t.as(user, password).post('/process-instance/message-async').send(body);
    expect((await post({ processInstanceIds: ['x'] }).expect(400)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'messageName is null',
    });
    expect((await post({ messageName: 'ping' }).expect(400)).body.message).toBe('No process instances found.');
    expect((await post({ messageName: 'ping', processInstanceIds: [] }).expect(400)).body).toMatchObject({
      type: 'BadUserRequestException',
      message: 'Process instance ids cannot be empty: process instance ids is empty',
    });
    const refused = await post({ messageName: 'ping', processInstanceIds: ['x'] }, 'ops', 'opspw').expect(403);
    expect(refused.body.message).toContain("'CREATE_BATCH_CORRELATE_MESSAGE' permission on resource 'Batch'");
  });
});
