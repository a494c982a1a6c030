import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const model = (id: string, timer: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d_${id}" targetNamespace="http://test">
  <bpmn:process id="${id}" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Wait" />
    <bpmn:intermediateCatchEvent id="Wait">
      <bpmn:timerEventDefinition>${timer}</bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f2" sourceRef="Wait" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** Timer definitions as Camunda reads them; what can never be read is refused at deployment, not when it is planned. */
describe(`timer definitions (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a constant timer definition that cannot be read, naming the element and its line', async () => {
    const res = await deploy(t, [
      { name: 'bad-timer.bpmn', content: model('badTimer', '<bpmn:timeDuration>in five minutes</bpmn:timeDuration>') },
    ]).expect(400);
    expect(res.body.type).toBe('ParseException');
    const [problem] = res.body.details['bad-timer.bpmn'].errors;
    expect(problem).toMatchObject({
      message: "Invalid ISO 8601 timer duration 'in five minutes' in timeDuration of 'Wait'",
      mainElementId: 'Wait',
      line: 6,
    });
  });

  it('reads a duration with a repetition as one firing after the period', async () => {
    await deploy(t, [
      { name: 'repeated.bpmn', content: model('repeatedDuration', '<bpmn:timeDuration>R10/PT5S</bpmn:timeDuration>') },
    ]).expect(200);
    const before = Date.now();
    const started = (await t.as('demo').post('/process-definition/key/repeatedDuration/start').send({}).expect(200))
      .body;
    const [job] = (await t.as('demo').get(`/job?processInstanceId=${started.id}`).expect(200)).body;
    const due = new Date(job.dueDate).getTime();
    expect(due).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 5000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 5000 + 1000);
  });

  it('answers a timer whose expression gives no readable value with a 400, starting nothing', async () => {
    await deploy(t, [
      { name: 'expr.bpmn', content: model('exprTimer', '<bpmn:timeDuration>${wait}</bpmn:timeDuration>') },
    ]).expect(200);
    const res = await t
      .as('demo')
      .post('/process-definition/key/exprTimer/start')
      .send({ variables: { wait: { value: 'soon', type: 'String' } } })
      .expect(400);
    expect(res.body.message).toContain("Invalid ISO 8601 timer duration 'soon'");
    const count = (await t.as('demo').get('/process-instance/count?processDefinitionKey=exprTimer').expect(200)).body
      .count;
    expect(count).toBe(0);
    await t
      .as('demo')
      .post('/process-definition/key/exprTimer/start')
      .send({ variables: { wait: { value: 'PT1H', type: 'String' } } })
      .expect(200);
  });
});
