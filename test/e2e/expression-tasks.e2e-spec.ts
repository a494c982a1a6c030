import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`camunda:expression on tasks over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['expressions/expression-tasks.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  it('service, send and business rule tasks evaluate their expression: results into camunda:resultVariable, execution methods work', async () => {
    const pi = (
      await t
        .as('demo')
        .post('/process-definition/key/expressionTasks/start')
        .send({ businessKey: 'B-7', variables: { amount: { value: 60, type: 'Integer' } } })
        .expect(200)
    ).body;
    const vars = (await t.as('demo').get(`/process-instance/${pi.id}/variables`).expect(200)).body;
    expect(vars).toMatchObject({
      total: { value: 120 },
      markedBy: { value: 'Mark', type: 'String' },
      subject: { value: 'Order B-7', type: 'String' },
      rating: { value: 'gold', type: 'String' },
    });
    expect(vars.amount).toBeUndefined();
    const history = (await t.as('demo').get(`/history/activity-instance?processInstanceId=${pi.id}`).expect(200)).body;
    expect(history.map((a: any) => [a.activityId, a.activityType, a.endTime !== null]).sort()).toEqual([
      ['Clean', 'serviceTask', true],
      ['Mark', 'serviceTask', true],
      ['Notify', 'sendTask', true],
      ['Price', 'serviceTask', true],
      ['Rate', 'businessRuleTask', true],
      ['Start', 'startEvent', true],
      ['Wait', 'userTask', false],
    ]);
  });

  it('an expression that fails at run time is a 400 naming the problem', async () => {
    const res = await t.as('demo').post('/process-definition/key/expressionTasks/start').send({}).expect(400);
    expect(res.body.message).toContain("Cannot resolve identifier 'amount'");
  });

  it('refuses a method call on a bean at deployment: 400 ParseException naming the element and its line', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="beans" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:serviceTask id="CallBean" camunda:expression="\${paymentService.charge(execution)}" />
  </bpmn:process>
</bpmn:definitions>`;
    const res = await deploy(t, [{ name: 'beans.bpmn', content: xml }]).expect(400);
    expect(res.body.type).toBe('ParseException');
    const problem = res.body.details['beans.bpmn'].errors[0];
    expect(problem.message).toContain("calls a method on 'paymentService', which would be a Java bean in Camunda");
    expect(problem).toMatchObject({ line: 5, mainElementId: 'CallBean' });
  });
});
