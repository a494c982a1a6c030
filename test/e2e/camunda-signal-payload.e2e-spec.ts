import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's SignalEventPayloadTest (org.camunda.bpm.engine.test.bpmn.event.signal), over REST: camunda:in on a
// signal throw event's definition gives the signal variables and a business key for what it reaches.
describe(`Camunda's SignalEventPayloadTest (${databaseLabel()})`, () => {
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
  const deploy = async (...names: string[]) =>
    deployments.push(await c.deploy(...names.map((n) => `bpmn/event/signal/SignalEventPayloadTests.${n}.bpmn20.xml`)));
  const str = (value: string) => ({ value, type: 'String' });
  /** runtimeService.createVariableInstanceQuery().processInstanceIdIn(id).list(), as name -> value. */
  const variablesOf = async (processInstanceId: string) => {
    const res = await t.as('demo').get(`/variable-instance?processInstanceIdIn=${processInstanceId}`).expect(200);
    return Object.fromEntries(res.body.map((v: { name: string; value: unknown }) => [v.name, v.value]));
  };

  it('SignalEventPayloadTest#testSignalPayloadStart', async () => {
    await deploy('throwSignalWithPayload', 'catchSignalWithPayloadStart');
    await c.start('throwPayloadSignal', { payloadVar1: str('payloadVal1'), payloadVar2: str('payloadVal2') });
    const tasks = await c.tasks();
    expect(tasks).toHaveLength(1);
    expect(await variablesOf(tasks[0].processInstanceId)).toEqual({
      payloadVar1Target: 'payloadVal1',
      payloadVar2Target: 'payloadVal2',
    });
  });

  it('SignalEventPayloadTest#testSignalPayloadIntermediate', async () => {
    await deploy('throwSignalWithPayload', 'catchSignalWithPayloadIntermediate');
    const catching = await c.start('catchIntermediatePayloadSignal');
    await c.start('throwPayloadSignal', { payloadVar1: str('payloadVal1'), payloadVar2: str('payloadVal2') });
    expect(await variablesOf(catching.id)).toEqual({
      payloadVar1Target: 'payloadVal1',
      payloadVar2Target: 'payloadVal2',
    });
  });

  it('SignalEventPayloadTest#testSignalSourceExpressionPayload', async () => {
    await deploy('throwSignalWithExpressionPayload', 'catchSignalWithPayloadIntermediate');
    const catching = await c.start('catchIntermediatePayloadSignal');
    await c.start('throwExpressionPayloadSignal', { payloadVar: str('Val') });
    expect(await variablesOf(catching.id)).toEqual({ srcExpressionResVal: 'sourceVal' });
  });

  it('SignalEventPayloadTest#testSignalAllSourceVariablesPayload', async () => {
    await deploy('throwSignalWithAllVariablesPayload', 'catchSignalWithPayloadIntermediate');
    const catching = await c.start('catchIntermediatePayloadSignal');
    await c.start('throwPayloadSignal', { payloadVar1: str('payloadVal1'), payloadVar2: str('payloadVal2') });
    expect(await variablesOf(catching.id)).toEqual({ payloadVar1: 'payloadVal1', payloadVar2: 'payloadVal2' });
  });

  it('SignalEventPayloadTest#testSignalAllLocalSourceVariablesPayload', async () => {
    await deploy('throwEndSignalEventWithAllLocalVariablesPayload', 'catchSignalWithPayloadIntermediate');
    const catching = await c.start('catchIntermediatePayloadSignal');
    await c.start('throwPayloadSignal', { payloadVar1: str('payloadVal1') });
    expect(await variablesOf(catching.id)).toEqual({ localVar1: 'localVal1', localVar2: 'localVal2' });
  });

  it('SignalEventPayloadTest#testSignalBusinessKeyPayload', async () => {
    await deploy('throwSignalWithBusinessKeyPayload', 'catchSignalWithPayloadStart');
    await c.start('throwBusinessKeyPayloadSignal', {}, { businessKey: 'aBusinessKey' });
    const instances = await c.processInstances();
    expect(instances).toHaveLength(1);
    expect(instances[0].businessKey).toBe('aBusinessKey');
  });

  it('SignalEventPayloadTest#testSignalPayloadWithAllOptions', async () => {
    await deploy('throwSignalWithAllOptions', 'catchSignalWithPayloadStart');
    await c.start(
      'throwCompletePayloadSignal',
      { payloadVar1: str('payloadVar1'), payloadVar2: str('payloadVal2') },
      { businessKey: 'aBusinessKey' },
    );
    const [task] = await c.tasks();
    const [catching] = await c.processInstances({ processInstanceIds: task.processInstanceId });
    expect(catching.businessKey).toBe('aBusinessKey');
    expect(await variablesOf(task.processInstanceId)).toEqual({
      payloadVar1Target: 'payloadVar1',
      payloadVar2Target: 'payloadVal2Source',
      localVar1: 'localVal1',
      localVar2: 'localVal2',
    });
  });
});
