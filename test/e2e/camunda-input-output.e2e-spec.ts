import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's InputOutputTest (org.camunda.bpm.engine.test.bpmn.iomapping), over REST. Its Groovy and Java bean cases
// need a JVM and are left out; JUEL's whole numbers are Long here as there.
describe(`Camunda's InputOutputTest (${databaseLabel()})`, () => {
  let t: TestApp;
  let c: CamundaTest;
  let deployments: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    c = new CamundaTest(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await c.removeDeployments(...deployments);
    deployments = [];
  });
  const deploy = async (method: string) =>
    deployments.push(await c.deploy(`bpmn/iomapping/InputOutputTest.${method}.bpmn`));
  /** runtimeService.createVariableInstanceQuery().variableName(name).singleResult() */
  const variable = async (name: string) => {
    const res = await t.as('demo').get(`/variable-instance?variableName=${name}`).expect(200);
    expect(res.body).toHaveLength(1);
    return res.body[0] as { type: string; value: unknown; executionId: string };
  };
  /** runtimeService.createExecutionQuery().activityId(activityId).singleResult() */
  const execution = async (activityId: string) => {
    const executions = await c.executions({ activityId });
    expect(executions).toHaveLength(1);
    return executions[0];
  };

  it('InputOutputTest#testInputNullValue', async () => {
    await deploy('testInputNullValue');
    await c.start('testProcess');
    const wait = await execution('wait');
    const var1 = await variable('var1');
    expect(var1.type).toBe('Null');
    expect(var1.executionId).toBe(wait.id);
  });

  it('InputOutputTest#testInputStringConstantValue', async () => {
    await deploy('testInputStringConstantValue');
    await c.start('testProcess');
    const wait = await execution('wait');
    expect(await variable('var1')).toMatchObject({ value: 'stringValue', executionId: wait.id });
  });

  it('InputOutputTest#testInputElValue', async () => {
    await deploy('testInputElValue');
    await c.start('testProcess');
    const wait = await execution('wait');
    expect(await variable('var1')).toMatchObject({ type: 'Long', value: 2, executionId: wait.id });
  });

  it('InputOutputTest#testInputMultipleElValue', async () => {
    await deploy('testInputMultipleElValue');
    await c.start('testProcess');
    const wait = await execution('wait');
    expect(await variable('var1')).toMatchObject({ type: 'Long', value: 2, executionId: wait.id });
    expect(await variable('var2')).toMatchObject({ type: 'Long', value: 3, executionId: wait.id });
  });

  it('InputOutputTest#testInputMultipleMixedValue', async () => {
    await deploy('testInputMultipleMixedValue');
    await c.start('testProcess');
    const wait = await execution('wait');
    expect(await variable('var1')).toMatchObject({ type: 'Long', value: 2, executionId: wait.id });
    expect(await variable('var2')).toMatchObject({ value: 'stringConstantValue', executionId: wait.id });
  });

  it('InputOutputTest#testOutputElValue', async () => {
    await deploy('testOutputElValue');
    const pi = await c.start('testProcess');
    expect(await variable('var1')).toMatchObject({ type: 'Long', value: 2, executionId: pi.id });
  });

  it('InputOutputTest#testOutputMultipleElValue', async () => {
    await deploy('testOutputMultipleElValue');
    const pi = await c.start('testProcess');
    expect(await variable('var1')).toMatchObject({ type: 'Long', value: 2, executionId: pi.id });
    expect(await variable('var2')).toMatchObject({ type: 'Long', value: 3, executionId: pi.id });
  });

  it('InputOutputEventTest#testMessageCatchEvent', async () => {
    deployments.push(await c.deploy('bpmn/iomapping/InputOutputEventTest.testMessageCatchEvent.bpmn20.xml'));
    const pi = await c.start('testProcess');
    const messageExecution = await execution('messageCatch');
    const local = (await t.as('demo').get(`/execution/${messageExecution.id}/localVariables`).expect(200)).body;
    expect(Object.keys(local)).toEqual(['mappedVariable']);
    expect(local.mappedVariable.value).toBe('mappedValue');
    await t
      .as('demo')
      .post(`/execution/${messageExecution.id}/messageSubscriptions/IncomingMessage/trigger`)
      .send({ variables: { messageVariable: { value: 'outValue', type: 'String' } } })
      .expect(204);
    const out = await t.as('demo').get(`/process-instance/${pi.id}/variables/outVariable`).expect(200);
    expect(out.body.value).toBe('outValue');
  });
});
