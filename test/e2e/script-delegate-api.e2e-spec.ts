import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Scripts see Camunda's DelegateExecution / VariableScope API that needs no Java (issue class 9): typed values,
// variable maps and names, the bulk setters and removers, the execution's parent, activity instance and name.
const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="urn:t">
  <bpmn:process id="delegateApi" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="inspect" />
    <bpmn:scriptTask id="inspect" name="Inspect the execution" scriptFormat="javascript">
      <bpmn:extensionElements>
        <camunda:inputOutput><camunda:inputParameter name="mapped">in</camunda:inputParameter></camunda:inputOutput>
      </bpmn:extensionElements>
      <bpmn:script><![CDATA[
        var customer = execution.getVariableTyped('customer');
        var amount = execution.getVariableTyped('amount');
        var typed = execution.getVariablesTyped();
        execution.setVariables({
          customerType: customer.getType().getName(),
          customerText: customer.getValueSerialized(),
          customerName: customer.getValue().prop('name').stringValue(),
          amountType: amount.getType().getName(),
          amountValue: amount.getValue(),
          typedCount: typed.size(),
          typedAmount: typed.getValueTyped('amount').getType().getName(),
          names: execution.getVariableNames().contains('obsolete') ? 'with obsolete' : 'without obsolete',
          localNames: execution.getVariableNamesLocal().join(','),
          localTyped: execution.getVariableLocalTyped('mapped').getValue(),
          activityName: execution.getCurrentActivityName(),
          hasParent: execution.getParentId() !== null,
          activityInstance: execution.getActivityInstanceId().indexOf('inspect:') === 0,
          definitionMatches: execution.getProcessDefinitionId().indexOf('delegateApi:') === 0,
          scopeKey: execution.getVariableScopeKey(),
        });
        execution.removeVariables(['obsolete']);
        execution.setVariablesLocal({ temp: 1 });
        execution.removeVariableLocal('temp');
      ]]></bpmn:script>
    </bpmn:scriptTask>
    <bpmn:sequenceFlow id="f2" sourceRef="inspect" targetRef="wait" />
    <bpmn:userTask id="wait" />
    <bpmn:sequenceFlow id="f3" sourceRef="wait" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`the execution API scripts see (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'delegate-api.bpmn', content: MODEL }]).expect(200);
  });
  afterAll(() => t.close());

  it('answers typed values, variable maps and names, and applies bulk writes and local removals', async () => {
    const res = await t
      .as('demo')
      .post('/process-definition/key/delegateApi/start')
      .send({
        variables: {
          customer: { value: '{"name":"Ada"}', type: 'Json' },
          amount: { value: 42, type: 'Long' },
          obsolete: { value: 'x', type: 'String' },
        },
      })
      .expect(200);
    const vars = (await t.as('demo').get(`/process-instance/${res.body.id}/variables`).expect(200)).body;
    const values = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, (v as { value: unknown }).value]));
    expect(values).toMatchObject({
      customerType: 'json',
      customerText: '{"name":"Ada"}',
      customerName: 'Ada',
      amountType: 'long',
      amountValue: 42,
      typedCount: 4,
      typedAmount: 'long',
      names: 'with obsolete',
      localNames: 'mapped',
      localTyped: 'in',
      activityName: 'Inspect the execution',
      hasParent: true,
      activityInstance: true,
      definitionMatches: true,
      scopeKey: 'execution',
    });
    expect(Object.keys(vars)).not.toContain('obsolete');
    expect(Object.keys(vars)).not.toContain('temp');
  });
});
