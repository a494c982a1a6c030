import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * Camunda reads request bodies with Jackson: `null` for an optional property is the same as its absence, and an
 * untyped JSON number is a Double when its text has a fraction or an exponent, an Integer within int range and a Long
 * beyond. The Python external task client depends on both (it sends `"sorting": null` and untyped `5.0`).
 */
const FLOW = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://example.com">
  <bpmn:message id="GoMessage" name="numbersGo" />
  <bpmn:process id="numbers" isExecutable="true" camunda:historyTimeToLive="1">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Review" />
    <bpmn:userTask id="Review" />
    <bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="Go" />
    <bpmn:intermediateCatchEvent id="Go"><bpmn:messageEventDefinition messageRef="GoMessage" /></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="Go" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="numbers" />
    <bpmn:sequenceFlow id="f4" sourceRef="Work" targetRef="Check" />
    <bpmn:userTask id="Check" />
    <bpmn:sequenceFlow id="f5" sourceRef="Check" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** The JSON texts under test, as a client writes them (supertest would turn an object's 5.0 into 5). */
const NUMBERS: [string, string, unknown][] = [
  ['5', 'Integer', 5],
  ['5.0', 'Double', 5.0],
  ['1e3', 'Double', 1000],
  ['-2.5E-1', 'Double', -0.25],
  ['3000000000', 'Long', 3000000000],
];

describe(`Jackson's reading of request bodies (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [{ name: 'numbers.bpmn', content: FLOW }]).expect(200);
  });
  afterAll(() => t.close());

  const raw = (method: 'post' | 'put', path: string, text: string) =>
    t.as('demo')[method](path).set('Content-Type', 'application/json').send(text);
  /** `{"n0": {"value": 5}, "n1": {"value": 5.0}, ...}` as text. */
  const untyped = (prefix: string) =>
    `{${NUMBERS.map(([text], i) => `"${prefix}${i}": {"value": ${text}}`).join(', ')}}`;
  const expectTyped = async (instanceId: string, prefix: string) => {
    const res = await t.as('demo').get(`/process-instance/${instanceId}/variables`).expect(200);
    NUMBERS.forEach(([text, type, value], i) =>
      expect([text, res.body[`${prefix}${i}`]]).toEqual([text, { type, value, valueInfo: {} }]),
    );
  };
  const taskOf = async (instanceId: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${instanceId}`).expect(200)).body[0];

  it('keeps Integer, Long and Double of untyped numbers on start, set variable, task and external task completion and message correlation', async () => {
    const started = await raw('post', '/process-definition/key/numbers/start', `{"variables": ${untyped('start')}}`);
    expect(started.status).toBe(200);
    const id = started.body.id;
    await expectTyped(id, 'start');

    for (const [i, [text]] of NUMBERS.entries())
      await raw('put', `/process-instance/${id}/variables/put${i}`, `{"value": ${text}}`).expect(204);
    await expectTyped(id, 'put');
    await raw('post', `/process-instance/${id}/variables`, `{"modifications": ${untyped('modify')}}`).expect(204);
    await expectTyped(id, 'modify');

    await raw('post', `/task/${(await taskOf(id)).id}/complete`, `{"variables": ${untyped('task')}}`).expect(204);
    await expectTyped(id, 'task');

    await raw(
      'post',
      '/message',
      `{"messageName": "numbersGo", "processInstanceId": "${id}", "processVariables": ${untyped('message')}}`,
    ).expect(204);
    await expectTyped(id, 'message');

    const fetched = await t
      .as('demo')
      .post('/external-task/fetchAndLock')
      .send({ workerId: 'py', maxTasks: 1, topics: [{ topicName: 'numbers', lockDuration: 10000 }] })
      .expect(200);
    expect(fetched.body).toHaveLength(1);
    await raw(
      'post',
      `/external-task/${fetched.body[0].id}/complete`,
      `{"workerId": "py", "variables": ${untyped('external')}}`,
    ).expect(204);
    await expectTyped(id, 'external');
  });

  it('leaves typed values and numbers outside variable values as they are', async () => {
    const started = await raw(
      'post',
      '/process-definition/key/numbers/start',
      '{"variables": {"i": {"value": 5.0, "type": "Integer"}, "s": {"value": "5.0"}, "d": {"value": 7, "type": "Double"}}}',
    ).expect(200);
    const res = await t.as('demo').get(`/process-instance/${started.body.id}/variables`).expect(200);
    expect(res.body).toEqual({
      i: { type: 'Integer', value: 5, valueInfo: {} },
      s: { type: 'String', value: '5.0', valueInfo: {} },
      d: { type: 'Double', value: 7, valueInfo: {} },
    });
  });

  describe('null is the same as absent', () => {
    it('fetchAndLock with the Python client defaults (sorting, usePriority and the long-poll timeout null)', async () => {
      const started = await t.as('demo').post('/process-definition/key/numbers/start').send({}).expect(200);
      const id = started.body.id;
      await t
        .as('demo')
        .post(`/task/${(await taskOf(id)).id}/complete`)
        .send({})
        .expect(204);
      await t.as('demo').post('/message').send({ messageName: 'numbersGo', processInstanceId: id }).expect(204);
      const res = await t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({
          workerId: 'py',
          maxTasks: 1,
          usePriority: null,
          asyncResponseTimeout: null,
          sorting: null,
          topics: [
            {
              topicName: 'numbers',
              lockDuration: 10000,
              variables: null,
              businessKey: null,
              processDefinitionKey: null,
              processVariables: null,
              deserializeValues: null,
              localVariables: null,
              includeExtensionProperties: null,
            },
          ],
        })
        .expect(200);
      expect(res.body).toMatchObject([{ processInstanceId: id, topicName: 'numbers' }]);
      await t
        .as('demo')
        .post(`/external-task/${res.body[0].id}/complete`)
        .send({ workerId: 'py', variables: null, localVariables: null })
        .expect(204);
    });

    it('a start with every optional field null, and a task completion with variables null', async () => {
      const started = await t
        .as('demo')
        .post('/process-definition/key/numbers/start')
        .send({
          variables: null,
          businessKey: null,
          caseInstanceId: null,
          withVariablesInReturn: null,
          skipCustomListeners: null,
          skipIoMappings: null,
          startInstructions: null,
        })
        .expect(200);
      expect(started.body).toMatchObject({ businessKey: null, ended: false });
      const task = await taskOf(started.body.id);
      await t
        .as('demo')
        .post(`/task/${task.id}/complete`)
        .send({ variables: null, withVariablesInReturn: null })
        .expect(204);
      await t.as('demo').get(`/task/${task.id}`).expect(404);
    });
  });
});
