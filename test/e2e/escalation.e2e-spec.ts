import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`escalation events over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    const models = ['non-interrupting', 'event-sub-interrupting', 'callee', 'caller', 'uncaught', 'user-task'];
    await deployFixture(
      t,
      models.map((m) => `events/escalations/${m}.bpmn`),
    ).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const activities = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body.map((a: any) => ({
      id: a.activityId,
      type: a.activityType,
      ended: a.endTime !== null,
      canceled: a.canceled,
    }));
  const taskOf = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body[0];
  const complete = async (id: string, key: string) =>
    t
      .as('demo')
      .post(`/task/${(await taskOf(id, key)).id}/complete`)
      .send({})
      .expect(204);

  it('a non-interrupting boundary event: both paths in the activity history with Camunda types, the code variable set', async () => {
    const pi = await start('escNonInterrupting');
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([
        { id: 'Throw', type: 'intermediateEscalationThrowEvent', ended: true, canceled: false },
        { id: 'Late', type: 'boundaryEscalation', ended: true, canceled: false },
        { id: 'Notify', type: 'userTask', ended: false, canceled: false },
        { id: 'Work', type: 'userTask', ended: false, canceled: false },
        { id: 'Sub', type: 'subProcess', ended: false, canceled: false },
      ]),
    );
    expect((await t.as('demo').get(`/process-instance/${pi.id}/variables/code`).expect(200)).body).toMatchObject({
      type: 'String',
      value: 'LATE',
    });
    await complete(pi.id, 'Work');
    await complete(pi.id, 'Notify');
    expect((await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body.state).toBe('COMPLETED');
  });

  it('an interrupting escalation event sub-process: the escalation start event and the canceled work are in the history', async () => {
    const pi = await start('escEventSubInterrupting');
    const history = await activities(pi.id);
    expect(history).toEqual(
      expect.arrayContaining([{ id: 'HStart', type: 'escalationStartEvent', ended: true, canceled: false }]),
    );
    expect(history.map((a: any) => a.id)).not.toContain('Work');
    await complete(pi.id, 'Handle');
    expect((await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body.state).toBe('COMPLETED');
  });

  it('an escalation from a called instance cancels the call activity through its interrupting boundary event', async () => {
    const pi = await start('escCaller');
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([
        { id: 'Call', type: 'callActivity', ended: true, canceled: true },
        { id: 'Late', type: 'boundaryEscalation', ended: true, canceled: false },
        { id: 'Handle', type: 'userTask', ended: false, canceled: false },
      ]),
    );
    const called = (await t.as('demo').get(`/history/process-instance?superProcessInstanceId=${pi.id}`).expect(200))
      .body;
    expect(called.map((c: any) => c.state)).toEqual(['INTERNALLY_TERMINATED']);
  });

  it('an uncaught escalation is no error: the instance completes after the escalation end event', async () => {
    const pi = await start('escUncaught');
    await complete(pi.id, 'Work');
    const hpi = (await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body;
    expect(hpi.state).toBe('COMPLETED');
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([{ id: 'EscEnd', type: 'escalationEndEvent', ended: true, canceled: false }]),
    );
  });

  it('refuses an escalation boundary event on a plain task: 400 ParseException naming the element and its line', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="t">
  <bpmn:escalation id="late" escalationCode="LATE" />
  <bpmn:process id="escRefused" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:task id="a" />
    <bpmn:boundaryEvent id="b" attachedToRef="a"><bpmn:escalationEventDefinition escalationRef="late" /></bpmn:boundaryEvent>
  </bpmn:process>
</bpmn:definitions>`;
    const res = await deploy(t, [{ name: 'refused.bpmn', content: xml }]).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(res.body.message).toContain(
      'An escalation boundary event should only be attached to a subprocess, a call activity or an user task',
    );
    expect(res.body.details['refused.bpmn'].errors).toEqual([expect.objectContaining({ mainElementId: 'b', line: 7 })]);
  });

  it('POST /task/{id}/bpmnEscalation: 204 when caught, 400 without a code or when nobody catches it, 404 for an unknown task', async () => {
    const pi = await start('escUserTask');
    const review = await taskOf(pi.id, 'Review');
    const url = `/task/${review.id}/bpmnEscalation`;
    expect((await t.as('demo').post(url).send({}).expect(400)).body).toMatchObject({
      type: 'BadUserRequestException',
      message: 'escalationCode is empty',
    });
    expect((await t.as('demo').post(url).send({ escalationCode: 'NOPE' }).expect(400)).body).toMatchObject({
      type: 'ProcessEngineException',
      message: expect.stringContaining(
        "throws an escalation event with escalationCode 'NOPE', but no escalation handler was defined",
      ),
    });
    await t.as('demo').post('/task/nope/bpmnEscalation').send({ escalationCode: 'LATE' }).expect(404);
    await t
      .as('demo')
      .post(url)
      .send({ escalationCode: 'LATE', variables: { reason: { value: 'too slow', type: 'String' } } })
      .expect(204);
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([
        { id: 'Review', type: 'userTask', ended: true, canceled: true },
        { id: 'Late', type: 'boundaryEscalation', ended: true, canceled: false },
        { id: 'Handle', type: 'userTask', ended: false, canceled: false },
      ]),
    );
    const variables = (await t.as('demo').get(`/process-instance/${pi.id}/variables`).expect(200)).body;
    expect(variables).toMatchObject({ reason: { value: 'too slow' }, code: { value: 'LATE' } });
  });
});
