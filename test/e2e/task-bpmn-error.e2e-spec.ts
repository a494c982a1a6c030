import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs" targetNamespace="http://example.com">
  <bpmn:error id="err" errorCode="ERROR-OCCURED" />`;

/** TaskServiceTest#createUserTaskProcessWithCatchBoundaryEvent. */
const BOUNDARY = `${HEAD}
  <bpmn:process id="boundary" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="throw-error" />
    <bpmn:userTask id="throw-error" />
    <bpmn:sequenceFlow id="f2" sourceRef="throw-error" targetRef="after-throw" />
    <bpmn:userTask id="after-throw" />
    <bpmn:sequenceFlow id="f3" sourceRef="after-throw" targetRef="End1" />
    <bpmn:endEvent id="End1" />
    <bpmn:boundaryEvent id="catch-error" attachedToRef="throw-error">
      <bpmn:errorEventDefinition errorRef="err" camunda:errorCodeVariable="errorCodeVar" camunda:errorMessageVariable="errorMessageVar" />
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f4" sourceRef="catch-error" targetRef="after-catch" />
    <bpmn:userTask id="after-catch" />
    <bpmn:sequenceFlow id="f5" sourceRef="after-catch" targetRef="End2" />
    <bpmn:endEvent id="End2" />
  </bpmn:process>
</bpmn:definitions>`;

/** TaskServiceTest#createUserTaskProcessWithEventSubprocess. */
const SUBPROCESS = `${HEAD}
  <bpmn:process id="subprocess" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="throw-error" />
    <bpmn:userTask id="throw-error" />
    <bpmn:sequenceFlow id="f2" sourceRef="throw-error" targetRef="End1" />
    <bpmn:endEvent id="End1" />
    <bpmn:subProcess id="on-error" triggeredByEvent="true">
      <bpmn:startEvent id="catch-error">
        <bpmn:errorEventDefinition errorRef="err" camunda:errorCodeVariable="errorCodeVar" camunda:errorMessageVariable="errorMessageVar" />
      </bpmn:startEvent>
      <bpmn:sequenceFlow id="s1" sourceRef="catch-error" targetRef="after-catch" />
      <bpmn:userTask id="after-catch" />
      <bpmn:sequenceFlow id="s2" sourceRef="after-catch" targetRef="End2" />
      <bpmn:endEvent id="End2" />
    </bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`;

/** TaskServiceTest#testThrowBpmnErrorWithoutCatch. */
const UNCAUGHT = `${HEAD}
  <bpmn:process id="uncaught" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="throw-error" />
    <bpmn:userTask id="throw-error" />
    <bpmn:sequenceFlow id="f2" sourceRef="throw-error" targetRef="skipped-error" />
    <bpmn:userTask id="skipped-error" />
    <bpmn:sequenceFlow id="f3" sourceRef="skipped-error" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`POST /task/{id}/bpmnError (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const start = async (key: string) => {
    const pi = (await demo().post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
    const [task] = (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    expect(task.taskDefinitionKey).toBe('throw-error');
    return { pi: pi.id as string, task: task.id as string };
  };
  const tasksOf = async (pi: string) =>
    (await demo().get(`/task?processInstanceId=${pi}`).expect(200)).body.map((x: any) => x.taskDefinitionKey);
  const variable = async (pi: string, name: string) =>
    (await demo().get(`/process-instance/${pi}/variables/${name}`).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [
      { name: 'boundary.bpmn', content: BOUNDARY },
      { name: 'subprocess.bpmn', content: SUBPROCESS },
      { name: 'uncaught.bpmn', content: UNCAUGHT },
    ]).expect(200);
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'wes' }, credentials: { password: 'wes' } })
      .expect(204);
  });
  afterAll(() => t.close());

  it('is caught by the boundary event with code, message and variables (testHandleBpmnErrorWithErrorCodeVariable, #testHandleBpmnErrorIncludingMessage, #testHandleBpmnErrorWithVariables)', async () => {
    const { pi, task } = await start('boundary');
    await demo()
      .post(`/task/${task}/bpmnError`)
      .send({
        errorCode: 'ERROR-OCCURED',
        errorMessage: 'Error message for ERROR-ERROR-OCCURED',
        variables: { foo: { value: 'bar', type: 'String' } },
      })
      .expect(204);
    expect(await tasksOf(pi)).toEqual(['after-catch']);
    await demo().get(`/task/${task}`).expect(404);
    expect(await variable(pi, 'errorCodeVar')).toMatchObject({ value: 'ERROR-OCCURED', type: 'String' });
    expect(await variable(pi, 'errorMessageVar')).toMatchObject({ value: 'Error message for ERROR-ERROR-OCCURED' });
    expect(await variable(pi, 'foo')).toMatchObject({ value: 'bar', type: 'String' });
    const [historic] = (await demo().get(`/history/task?taskId=${task}`).expect(200)).body;
    expect(historic.deleteReason).toBe('deleted');
  });

  it('is caught by an error event sub-process (testThrowBpmnErrorCatchInEventSubprocess)', async () => {
    const { pi, task } = await start('subprocess');
    await demo()
      .post(`/task/${task}/bpmnError`)
      .send({ errorCode: 'ERROR-OCCURED', errorMessage: 'msg', variables: { foo: { value: 'bar' } } })
      .expect(204);
    expect(await tasksOf(pi)).toEqual(['after-catch']);
    expect(await variable(pi, 'errorCodeVar')).toMatchObject({ value: 'ERROR-OCCURED' });
    expect(await variable(pi, 'errorMessageVar')).toMatchObject({ value: 'msg' });
    expect(await variable(pi, 'foo')).toMatchObject({ value: 'bar' });
  });

  it('ends the token when nothing catches it (testThrowBpmnErrorWithoutCatch)', async () => {
    const { pi, task } = await start('uncaught');
    await demo().post(`/task/${task}/bpmnError`).send({ errorCode: 'ERROR-OCCURED' }).expect(204);
    expect((await demo().get(`/process-instance?processInstanceIds=${pi}`).expect(200)).body).toEqual([]);
    await demo().get(`/task/${task}`).expect(404);
    expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('COMPLETED');
    const visited = (await demo().get(`/history/activity-instance?processInstanceId=${pi}`).expect(200)).body.map(
      (a: any) => a.activityId,
    );
    expect(visited).not.toContain('skipped-error');
  });

  it("answers Camunda's errors: unknown task 404, missing or empty code 400, a standalone task 400", async () => {
    const missing = await demo().post('/task/non-existing/bpmnError').send({ errorCode: 'E' }).expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Cannot find task with id non-existing: task is null',
      code: null,
    });
    const { pi, task } = await start('boundary');
    const noCode = await demo().post(`/task/${task}/bpmnError`).send({}).expect(400);
    expect(noCode.body).toEqual({ type: 'InvalidRequestException', message: 'errorCode is null', code: null });
    const empty = await demo().post(`/task/${task}/bpmnError`).send({ errorCode: '' }).expect(400);
    expect(empty.body.message).toBe('errorCode is empty');
    const badVariable = await demo()
      .post(`/task/${task}/bpmnError`)
      .send({ errorCode: 'E', variables: { n: { value: 'x', type: 'Integer' } } })
      .expect(400);
    expect(badVariable.body.message).toMatch(/^Cannot handle BPMN error for task /);
    expect(await tasksOf(pi)).toEqual(['throw-error']);

    await demo().post('/task/create').send({ id: 'standalone-error' }).expect(204);
    await demo().post('/task/standalone-error/bpmnError').send({ errorCode: 'E' }).expect(400);
  });

  it('needs TASK_WORK (or UPDATE) on the task', async () => {
    const { pi, task } = await start('boundary');
    const wes = t.as('wes', 'wes');
    const denied = await wes.post(`/task/${task}/bpmnError`).send({ errorCode: 'ERROR-OCCURED' }).expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    expect(await tasksOf(pi)).toEqual(['throw-error']);
    await demo()
      .post('/authorization/create')
      .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: task, permissions: ['TASK_WORK'] })
      .expect(200);
    await wes.post(`/task/${task}/bpmnError`).send({ errorCode: 'ERROR-OCCURED' }).expect(204);
    expect(await tasksOf(pi)).toEqual(['after-catch']);
  });
});
