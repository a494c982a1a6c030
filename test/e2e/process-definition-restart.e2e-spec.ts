import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** `twoSteps`: A then B, both user tasks; `other` is another definition. */
const MODELS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_restart" targetNamespace="http://example.org/restart">
  <bpmn:process id="twoSteps" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="A" />
    <bpmn:userTask id="A" /><bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="B" />
    <bpmn:userTask id="B" /><bpmn:sequenceFlow id="F3" sourceRef="B" targetRef="E" /><bpmn:endEvent id="E" />
    <bpmn:subProcess id="Sub"><bpmn:startEvent id="SubS" /></bpmn:subProcess>
  </bpmn:process>
  <bpmn:process id="other" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="OS" /><bpmn:sequenceFlow id="O1" sourceRef="OS" targetRef="OE" /><bpmn:endEvent id="OE" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`restarting process instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let definitionId: string;
  let otherId: string;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deploy(t, [{ name: 'restart.bpmn', content: MODELS }]).expect(200);
    definitionId = (await t.as('demo').get('/process-definition/key/twoSteps').expect(200)).body.id;
    otherId = (await t.as('demo').get('/process-definition/key/other').expect(200)).body.id;
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const completeTask = async (instanceId: string, variables: object = {}) => {
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${instanceId}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({ variables }).expect(204);
  };
  /** An instance started with var=1 and key bk, var set to 2 on the way, finished. */
  const finished = async (businessKey = 'bk') => {
    const id = (
      await t
        .as('demo')
        .post('/process-definition/key/twoSteps/start')
        .send({ businessKey, variables: { var: { value: 1, type: 'Integer' } } })
        .expect(200)
    ).body.id as string;
    await t.as('demo').put(`/process-instance/${id}/variables/var`).send({ value: 2, type: 'Integer' }).expect(204);
    await completeTask(id);
    await completeTask(id);
    return id;
  };
  const restarted = async (businessKey: string | null) => {
    const all = (await t.as('demo').get(`/process-instance?processDefinitionId=${definitionId}`).expect(200)).body;
    return all.filter((p: { businessKey: string | null }) => p.businessKey === businessKey);
  };
  const restart = (body: object, user = 'demo', password = 'demo') =>
    t.as(user, password).post(`/process-definition/${definitionId}/restart`).send(body);
  const atB = [{ type: 'startBeforeActivity', activityId: 'B' }];

  // RestartProcessInstanceSyncTest#shouldRestartSimpleProcessInstance, #shouldRestartWithLastVariables
  it('starts a finished instance again at the activity, with its business key and last variables', async () => {
    const old = await finished('first');
    await restart({ processInstanceIds: [old], instructions: atB }).expect(204);
    const [instance] = await restarted('first');
    expect(instance).toBeDefined();
    expect(instance.id).not.toBe(old);
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${instance.id}`).expect(200)).body;
    expect(task.taskDefinitionKey).toBe('B');
    expect((await t.as('demo').get(`/process-instance/${instance.id}/variables/var`).expect(200)).body.value).toBe(2);
    await completeTask(instance.id);
  });

  // RestartProcessInstanceSyncTest#shouldRestartWithInitialVariables, #shouldNotSetBusinessKey (withoutBusinessKey)
  it('initialVariables takes the values the instance was started with; withoutBusinessKey drops the key', async () => {
    const old = await finished('second');
    await restart({
      historicProcessInstanceQuery: { processInstanceBusinessKey: 'second' },
      instructions: atB,
      initialVariables: true,
      withoutBusinessKey: true,
    }).expect(204);
    const [instance] = await restarted(null);
    expect(instance).toBeDefined();
    expect((await t.as('demo').get(`/process-instance/${instance.id}/variables/var`).expect(200)).body.value).toBe(1);
    expect(old).not.toBe(instance.id);
    await completeTask(instance.id);
  });

  it('logs the operation on the definition', async () => {
    const old = await finished('logged');
    await restart({ processInstanceIds: [old], instructions: atB }).expect(204);
    const entries = (await t.as('demo').get(`/history/user-operation?operationType=RestartProcessInstance`).expect(200))
      .body;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'nrOfInstances', newValue: '1', processDefinitionId: definitionId }),
        expect.objectContaining({ property: 'async', newValue: 'false', entityType: 'ProcessInstance' }),
      ]),
    );
    const [instance] = await restarted('logged');
    await completeTask(instance.id);
  });

  // RestartProcessInstanceSyncTest#shouldNotRestartActiveProcessInstance, #restartProcessInstanceWithNullInstructions,
  // #restartProcessInstanceWithEmptyProcessInstanceIds, #shouldNotRestartProcessInstanceOfOtherDefinition
  it('refuses what Camunda refuses, with its messages', async () => {
    const running = (await t.as('demo').post('/process-definition/key/twoSteps/start').send({}).expect(200)).body.id;
    expect((await restart({ processInstanceIds: [running], instructions: atB }).expect(400)).body).toEqual({
      type: 'ProcessEngineException',
      message: `ENGINE-13040 Historic process instance '${running}' cannot be restarted. It is not completed or terminated.`,
      code: 0,
    });
    expect((await restart({ processInstanceIds: [running] }).expect(400)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'Restart instructions cannot be empty: instructions is empty',
    });
    expect((await restart({ instructions: atB }).expect(400)).body.message).toBe('processInstanceIds is empty');
    expect(
      (
        await restart({
          historicProcessInstanceQuery: { processInstanceBusinessKey: 'none' },
          instructions: atB,
        }).expect(400)
      ).body.message,
    ).toBe('processInstanceIds is empty');
    expect((await restart({ processInstanceIds: ['nope'], instructions: atB }).expect(400)).body.message).toBe(
      'Historic process instance cannot be found: historicProcessInstanceId is null',
    );
    const foreign = (await t.as('demo').post('/process-definition/key/other/start').send({}).expect(200)).body.id;
    expect((await restart({ processInstanceIds: [foreign], instructions: atB }).expect(400)).body.message).toBe(
      `ENGINE-13039 Historic process instance '${foreign}' cannot be restarted. Its process definition '${otherId}' does not match given process definition '${definitionId}'`,
    );
    const old = await finished('refused');
    expect(
      (await restart({ processInstanceIds: [old], instructions: [{ type: 'startBeforeActivity' }] }).expect(400)).body
        .message,
    ).toBe("For instruction type 'startBeforeActivity': 'activityId' must be set");
    expect(
      (
        await restart({
          processInstanceIds: [old],
          instructions: [{ type: 'startBeforeActivity', activityId: 'X' }],
        }).expect(400)
      ).body.type,
    ).toBe('NotValidException');
    const unknown = await t
      .as('demo')
      .post('/process-definition/unknown/restart')
      .send({ processInstanceIds: [old], instructions: atB })
      .expect(400);
    expect(unknown.body).toMatchObject({
      type: 'NotFoundException',
      message: "no deployed process definition found with id 'unknown'",
    });
    // Nothing was started by the refused requests.
    expect(await restarted('refused')).toEqual([]);
    await t.as('demo').delete(`/process-instance/${running}`).expect(204);
  });

  // RestartProcessInstanceAuthorizationTest: READ_HISTORY on the definition, then what starting needs
  it('needs READ_HISTORY on the definition, and CREATE_INSTANCE with CREATE on process instances', async () => {
    const old = await finished('auth');
    const body = { processInstanceIds: [old], instructions: atB };
    expect((await restart(body, 'ops', 'opspw').expect(403)).body.message).toContain(
      "'READ_HISTORY' permission on resource 'twoSteps' of type 'ProcessDefinition'",
    );
    const grant = (resourceType: number, resourceId: string, permissions: string[]) =>
      t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId: 'ops', resourceType, resourceId, permissions })
        .expect(200);
    await grant(6, 'twoSteps', ['READ_HISTORY']);
    expect((await restart(body, 'ops', 'opspw').expect(403)).body.type).toBe('AuthorizationException');
    await grant(8, '*', ['CREATE']);
    await grant(6, '*', ['CREATE_INSTANCE']);
    await restart(body, 'ops', 'opspw').expect(204);
    const [instance] = await restarted('auth');
    await completeTask(instance.id);
  });

  // RestartProcessInstanceAsyncTest#shouldRestartProcessInstance, #shouldCreateBatch...
  it('restart-async starts an instance-restart batch whose jobs restart the instances', async () => {
    const a = await finished('async');
    const b = await finished('async');
    const batch = (
      await t
        .as('demo')
        .post(`/process-definition/${definitionId}/restart-async`)
        .send({ processInstanceIds: [a, b], instructions: atB })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'instance-restart', totalJobs: 2, createUserId: 'demo' });
    expect(await restarted('async')).toEqual([]);
    await t.engine.jobs.executeDueJobs();
    const instances = await restarted('async');
    expect(instances).toHaveLength(2);
    for (const i of instances) await completeTask(i.id);
    expect((await t.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body.endTime).toMatch(/\+0000$/);
  });

  // RestartProcessInstanceAsyncTest#shouldNotRestartActiveProcessInstance: the batch job fails, not the request
  it('restart-async checks the request at once and each instance in its job; needs CREATE_BATCH_RESTART_PROCESS_INSTANCES', async () => {
    const async = (body: object, user = 'demo', password = 'demo') =>
      t.as(user, password).post(`/process-definition/${definitionId}/restart-async`).send(body);
    expect((await async({ processInstanceIds: ['x'] }).expect(400)).body.message).toBe(
      'Restart instructions cannot be empty: instructions is empty',
    );
    const running = (await t.as('demo').post('/process-definition/key/twoSteps/start').send({}).expect(200)).body.id;
    const batch = (await async({ processInstanceIds: [running], instructions: atB }).expect(200)).body;
    await t.engine.jobs.executeDueJobs(10);
    const [job] = (await t.as('demo').get(`/job?jobDefinitionId=${batch.batchJobDefinitionId}`).expect(200)).body;
    expect(job.exceptionMessage).toBe(
      `ENGINE-13040 Historic process instance '${running}' cannot be restarted. It is not completed or terminated.`,
    );
    await t.as('demo').delete(`/batch/${batch.id}`).expect(204);
    await t.as('demo').delete(`/process-instance/${running}`).expect(204);

    const old = await finished('async-auth');
    const refused = await async({ processInstanceIds: [old], instructions: atB }, 'ops', 'opspw').expect(403);
    expect(refused.body.message).toContain("'CREATE_BATCH_RESTART_PROCESS_INSTANCES' permission on resource 'Batch'");
  });
});
