import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`errors the caller caused are 4xx (${databaseLabel()})`, () => {
  let t: TestApp;
  let deploymentId: string;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    deploymentId = (await deployFixture(t, ['expressions/caller-errors.bpmn']).expect(200)).body.id;
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const taskOf = async (id: string) => (await t.as('demo').get(`/task?processInstanceId=${id}`).expect(200)).body[0];
  const activities = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body
      .map((a: any) => [a.activityId, a.endTime !== null])
      .sort();

  it('completing a task whose next condition names an unknown variable: 400, nothing moved', async () => {
    const pi = await start('callerErrorsTask');
    const task = await taskOf(pi.id);
    const res = await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(400);
    // Camunda's REST layer wraps what the engine raised while completing: RestException, "Cannot complete task ...".
    expect(res.body).toMatchObject({
      type: 'RestException',
      message: expect.stringMatching(/^Cannot complete task .*Cannot resolve identifier 'amount'/),
    });
    expect(await activities(pi.id)).toEqual([
      ['Start', true],
      ['Wait', false],
    ]);
  });

  it('no outgoing flow matching: 400 with ENGINE-02004', async () => {
    const pi = await start('callerErrorsTask');
    const task = await taskOf(pi.id);
    const res = await t
      .as('demo')
      .post(`/task/${task.id}/complete`)
      .send({ variables: { amount: { value: 5, type: 'Integer' } } })
      .expect(400);
    expect(res.body).toMatchObject({
      type: 'RestException',
      message: `Cannot complete task ${task.id}: ENGINE-02004 No outgoing sequence flow for the element with id 'Gw' could be selected for continuing the process.`,
    });
    await t
      .as('demo')
      .post(`/task/${task.id}/complete`)
      .send({ variables: { amount: { value: 500, type: 'Integer' } } })
      .expect(204);
    expect(await activities(pi.id)).toEqual([
      ['End', true],
      ['Gw', true],
      ['Start', true],
      ['Wait', true],
    ]);
  });

  it('a correlation whose continuation fails on an unknown variable: 400; with the variable it runs', async () => {
    const pi = await start('callerErrorsStart');
    const res = await t.as('demo').post('/message').send({ messageName: 'go', processInstanceId: pi.id }).expect(400);
    expect(res.body).toMatchObject({
      type: 'ProcessEngineException',
      message: expect.stringContaining("Cannot resolve identifier 'limit'"),
    });
    await t
      .as('demo')
      .post('/message')
      .send({ messageName: 'go', processInstanceId: pi.id, processVariables: { limit: { value: 1, type: 'Integer' } } })
      .expect(204);
    expect((await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body.state).toBe('COMPLETED');
  });

  it('deleting a deployment without cascade while instances run: 409 with ENGINE-03076', async () => {
    const res = await t.as('demo').delete(`/deployment/${deploymentId}`).expect(409);
    expect(res.body).toMatchObject({
      type: 'ProcessEngineException',
      message: expect.stringMatching(/^ENGINE-03076 Deletion of process definition without cascading failed/),
    });
    await t.as('demo').delete(`/deployment/${deploymentId}?cascade=true`).expect(204);
  });

  it('a start whose first step fails on an unknown variable: 400', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="failsAtStart" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f" sourceRef="s" targetRef="u" />
    <bpmn:userTask id="u" camunda:assignee="\${owner}" />
  </bpmn:process>
</bpmn:definitions>`;
    const deployed = (await deploy(t, [{ name: 'fails.bpmn', content: xml }]).expect(200)).body;
    const [definitionId] = Object.keys(deployed.deployedProcessDefinitions);
    const res = await t.as('demo').post('/process-definition/key/failsAtStart/start').send({}).expect(400);
    expect(res.body).toMatchObject({ type: 'RestException' });
    // By key the failure still names the definition's id (looked up once the start has failed).
    expect(res.body.message.startsWith(`Cannot instantiate process definition ${definitionId}: `)).toBe(true);
    expect(res.body.message).toMatch(/Cannot resolve identifier 'owner'/);
  });

  // A model's data that does not fit its element is the modeller's or the caller's to fix: Camunda answers these with
  // 500 (ProcessEngineException, NullValueException); here they are 400 with Camunda's type and message.
  const BPMN =
    'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"';
  const startFails = async (key: string, body: object, process: string) => {
    const xml = `<bpmn:definitions ${BPMN} id="d" targetNamespace="t"><bpmn:process id="${key}" isExecutable="true">${process}</bpmn:process></bpmn:definitions>`;
    await deploy(t, [{ name: `${key}.bpmn`, content: xml }]).expect(200);
    return (await t.as('demo').post(`/process-definition/key/${key}/start`).send(body).expect(400)).body;
  };

  it('a call activity whose called process is not deployed: 400 naming the key', async () => {
    const body = await startFails(
      'callsMissing',
      { variables: { child: { value: 'notDeployedAnywhere', type: 'String' } } },
      `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="c" />
       <bpmn:callActivity id="c" calledElement="\${child}" />`,
    );
    expect(body.type).toBe('RestException');
    expect(body.message).toMatch(/no processes deployed with key 'notDeployedAnywhere'/);
  });

  it('a business rule task whose decision is not deployed: 400 naming the key', async () => {
    const body = await startFails(
      'decidesMissing',
      {},
      `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="r" />
       <bpmn:businessRuleTask id="r" camunda:decisionRef="noSuchDecision" />`,
    );
    expect(body.message).toMatch(/no decision definition deployed with key 'noSuchDecision'/);
  });

  it.each([
    ['null', { items: { value: null, type: 'Null' } }, /Variable 'items':'null' is not a Collection/],
    ['a string', { items: { value: 'abc', type: 'String' } }, /Variable 'items':'"abc"' is not a Collection/],
  ])('a multi-instance collection that is %s: 400', async (_what, variables, message) => {
    const key = `miOver${_what === 'null' ? 'Null' : 'String'}`;
    const body = await startFails(
      key,
      { variables },
      `<bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f" sourceRef="s" targetRef="u" />
       <bpmn:userTask id="u"><bpmn:multiInstanceLoopCharacteristics camunda:collection="items" camunda:elementVariable="item" /></bpmn:userTask>`,
    );
    expect(body.message).toMatch(message);
  });
});
