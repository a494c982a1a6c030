import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** `waiting` stays at a user task; `caller` calls it and waits for it. */
const MODELS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_del" targetNamespace="http://example.org/deletion">
  <bpmn:process id="waiting" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="WS" /><bpmn:sequenceFlow id="W1" sourceRef="WS" targetRef="Wait" />
    <bpmn:userTask id="Wait" /><bpmn:sequenceFlow id="W2" sourceRef="Wait" targetRef="WE" /><bpmn:endEvent id="WE" />
  </bpmn:process>
  <bpmn:process id="caller" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="CS" /><bpmn:sequenceFlow id="C1" sourceRef="CS" targetRef="Call" />
    <bpmn:callActivity id="Call" calledElement="waiting" />
    <bpmn:sequenceFlow id="C2" sourceRef="Call" targetRef="CE" /><bpmn:endEvent id="CE" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`instance-deletion batches (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deploy(t, [{ name: 'deletion.bpmn', content: MODELS }]).expect(200);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body.id as string;
  const running = async (key: string) =>
    (await t.as('demo').get(`/process-instance?processDefinitionKey=${key}`).expect(200)).body
      .map((p: { id: string }) => p.id)
      .sort();
  const deleteAsync = (body: object, user = 'demo', password = 'demo') =>
    t.as(user, password).post('/process-instance/delete').send(body);

  it('deletes running instances by ids and query; history keeps them as externally terminated with the reason', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await start('waiting'));
    const batch = (
      await deleteAsync({
        processInstanceIds: [ids[0]],
        processInstanceQuery: { processInstanceIds: [ids[1], ids[2]] },
        deleteReason: 'tidy',
      }).expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'instance-deletion', totalJobs: 3, createUserId: 'demo', suspended: false });
    expect(await running('waiting')).toEqual([...ids].sort());
    await t.engine.jobs.executeDueJobs();
    expect(await running('waiting')).toEqual([ids[3], ids[4]].sort());
    for (const id of ids.slice(0, 3)) {
      expect((await t.as('demo').get(`/history/process-instance/${id}`).expect(200)).body).toMatchObject({
        state: 'EXTERNALLY_TERMINATED',
        deleteReason: 'tidy',
      });
    }
    expect((await t.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body.endTime).toMatch(/\+0000$/);
    await deleteAsync({ processInstanceIds: ids.slice(3) }).expect(200);
    await t.engine.jobs.executeDueJobs();
  });

  it('failIfNotExists (the default) fails the batch job of an id that is not running; false leaves it alone', async () => {
    const id = await start('waiting');
    const failing = (await deleteAsync({ processInstanceIds: [id, 'gone'] }).expect(200)).body;
    await t.engine.jobs.executeDueJobs(10);
    const [job] = (await t.as('demo').get(`/job?jobDefinitionId=${failing.batchJobDefinitionId}`).expect(200)).body;
    expect(job).toMatchObject({
      retries: 0,
      exceptionMessage: "No process instance found for id 'gone': processInstance is null",
    });
    expect(await running('waiting')).toEqual([]);
    await t.as('demo').delete(`/batch/${failing.id}`).expect(204);

    const lenient = (
      await deleteAsync({ processInstanceIds: ['gone', 'also-gone'], failIfNotExists: false }).expect(200)
    ).body;
    await t.engine.jobs.executeDueJobs();
    await t.as('demo').get(`/batch/${lenient.id}`).expect(404);
    expect((await t.as('demo').get(`/history/batch/${lenient.id}`).expect(200)).body.endTime).toMatch(/\+0000$/);
  });

  it('skipSubprocesses leaves the called instances running; without it they go with their caller', async () => {
    const kept = await start('caller');
    const cascaded = await start('caller');
    const calledOf = async (id: string) =>
      (await t.as('demo').get(`/process-instance?superProcessInstance=${id}`).expect(200)).body[0]?.id as string;
    const keptChild = await calledOf(kept);
    const cascadedChild = await calledOf(cascaded);
    await deleteAsync({ processInstanceIds: [kept], skipSubprocesses: true }).expect(200);
    await deleteAsync({ processInstanceIds: [cascaded] }).expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await running('caller')).toEqual([]);
    expect(await running('waiting')).toEqual([keptChild]);
    expect((await t.as('demo').get(`/history/process-instance/${cascadedChild}`).expect(200)).body.state).toBe(
      'EXTERNALLY_TERMINATED',
    );
    // The instance left alone has no caller any more and ends on its own.
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${keptChild}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await running('waiting')).toEqual([]);
    expect((await t.as('demo').get(`/history/process-instance/${keptChild}`).expect(200)).body.state).toBe('COMPLETED');
  });

  it("refuses an empty selection with Camunda's message", async () => {
    expect((await deleteAsync({}).expect(400)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'processInstanceIds is empty',
    });
    expect((await deleteAsync({ processInstanceIds: [] }).expect(400)).body.message).toBe(
      'processInstanceIds is empty',
    );
    expect(
      (await deleteAsync({ processInstanceQuery: { processDefinitionKey: 'nothing' } }).expect(400)).body.message,
    ).toBe('processInstanceIds is empty');
    expect((await deleteAsync({ processInstanceIds: 'x' }).expect(400)).body.type).toBe('InvalidRequestException');
  });

  it('needs CREATE or CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES on Batch; a query sees only what the caller may READ', async () => {
    const id = await start('waiting');
    const refused = await deleteAsync({ processInstanceIds: [id] }, 'ops', 'opspw').expect(403);
    expect(refused.body).toMatchObject({
      type: 'AuthorizationException',
      message:
        "The user with id 'ops' does not have one of the following permissions: 'CREATE' permission on resource 'Batch' or 'CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES' permission on resource 'Batch'",
    });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({
        type: 1,
        userId: 'ops',
        resourceType: 13,
        resourceId: '*',
        permissions: ['CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES'],
      })
      .expect(200);
    const byQuery = { processInstanceQuery: { processDefinitionKey: 'waiting' } };
    expect((await deleteAsync(byQuery, 'ops', 'opspw').expect(400)).body.message).toBe('processInstanceIds is empty');
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'ops', resourceType: 8, resourceId: id, permissions: ['READ'] })
      .expect(200);
    expect((await deleteAsync(byQuery, 'ops', 'opspw').expect(200)).body.totalJobs).toBe(1);
    // The batch job runs without a user, as in Camunda: the permission to start the batch is the permission to delete.
    await t.engine.jobs.executeDueJobs();
    expect(await running('waiting')).toEqual([]);
  });
});
