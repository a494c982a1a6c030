import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from '../runtime/support/runtime-scenario';

describe(`multi-instance (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('multi-instance.bpmn');
  });
  afterAll(() => s.close());

  it('Given a parallel multi-instance user task over a collection, Then one task per element with the element variable', async () => {
    const pi = await s.start('parallelReview', { reviewers: ['ann', 'ben', 'cid', 'dan'] });
    const tasks = await s.tasks(pi.id);
    expect(tasks.map((t) => t.assignee).sort()).toEqual(['ann', 'ben', 'cid', 'dan']);
    const history = await s.history(pi.id);
    const body = history.find((a) => a.activityId === 'Review#multiInstanceBody')!;
    expect(body.activityType).toBe('multiInstanceBody');
    const instances = history.filter((a) => a.activityId === 'Review');
    expect(instances).toHaveLength(4);
    for (const i of instances) expect(i.parentActivityInstanceId).toBe(body.id);

    const bodyScope = (await s.executions(pi.id)).find((e) => e.parentId === pi.id)!;
    const counters = await s.runtime.getVariables(null, bodyScope.id, { local: true });
    expect(Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, v.value]))).toEqual({
      nrOfInstances: 4,
      nrOfActiveInstances: 4,
      nrOfCompletedInstances: 0,
    });
    const loopCounters = await Promise.all(
      tasks.map(
        async (t) => (await s.runtime.getTaskVariables(null, t.id, { names: ['loopCounter'] })).loopCounter.value,
      ),
    );
    expect(loopCounters.sort()).toEqual([0, 1, 2, 3]);
  });

  it('When half of the instances completed, Then the completion condition cancels the rest and the body completes', async () => {
    const pi = await s.start('parallelReview', { reviewers: ['ann', 'ben', 'cid', 'dan'] });
    const tasks = await s.tasks(pi.id);
    await s.runtime.completeTask(null, tasks[0].id);
    expect(await s.tasks(pi.id)).toHaveLength(3);
    await s.runtime.completeTask(null, tasks[1].id);

    expect((await s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Decide']);
    const history = await s.history(pi.id);
    const states = history
      .filter((a) => a.activityId === 'Review')
      .map((a) => a.activityInstanceState)
      .sort();
    expect(states).toEqual([0, 0, 2, 2]);
    expect(history.find((a) => a.activityId === 'Review#multiInstanceBody')!.endTime).not.toBeNull();
    expect(await s.executions(pi.id)).toHaveLength(1);
    expect(Object.keys(await s.variables(pi.id)).sort()).toEqual(['reviewers']);
  });

  it('a sequential multi-instance runs one instance after the other with loopCounter, until the cardinality or the condition', async () => {
    const pi = await s.start('sequentialRetry', { times: 3, success: false });
    expect((await s.externalTasks(pi.id)).map((t) => t.topicName)).toEqual(['attempt-0']);
    await s.completeExternalTask(pi.id, 'Attempt');
    expect((await s.externalTasks(pi.id)).map((t) => t.topicName)).toEqual(['attempt-1']);
    await s.completeExternalTask(pi.id, 'Attempt', { success: true });

    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.activities(pi.id)).toEqual(['SStart', 'Attempt#multiInstanceBody', 'Attempt', 'Attempt', 'SEnd']);
  });

  it('without a condition it runs exactly loopCardinality times; zero instances skip the activity', async () => {
    const three = await s.start('sequentialNone');
    expect(three.ended).toBe(true);
    expect((await s.activities(three.id)).filter((a) => a === 'Step')).toHaveLength(3);
    expect(await s.historicVariables(three.id)).toMatchObject({ last: 2 });

    const none = await s.start('sequentialRetry', { times: 0, success: false });
    expect(none.ended).toBe(true);
    expect(await s.activities(none.id)).toEqual(['SStart', 'Attempt#multiInstanceBody', 'SEnd']);
  });

  it('a multi-instance sub-process runs once per item of a collection variable, all in one command', async () => {
    const pi = await s.start('perItem', { items: ['a', 'b', 'c'] });
    expect(pi.ended).toBe(true);
    const activities = await s.activities(pi.id);
    expect(activities.filter((a) => a === 'Items')).toHaveLength(3);
    expect(activities.filter((a) => a === 'Handle')).toHaveLength(3);
    expect(activities[activities.length - 1]).toBe('PEnd');
    expect(await s.historicVariables(pi.id)).toMatchObject({ item: 'c' });
  });

  it('a collection that is not a list is an error', async () => {
    await expect(s.start('perItem', { items: 'abc' })).rejects.toThrow(
      "Variable 'items':'\"abc\"' is not a Collection.",
    );
  });

  it('an activity id too long for `<id>#multiInstanceBody:<uuid>` in 64 characters gets bare ids for its instances, as in Camunda', async () => {
    const id = 'ApproveSupplierInvoice';
    await s.deployXml(
      'long-ids.bpmn',
      `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
        <bpmn:process id="longIds" isExecutable="true" camunda:historyTimeToLive="1">
          <bpmn:startEvent id="s" /><bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="${id}" />
          <bpmn:userTask id="${id}"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>2</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>
          <bpmn:sequenceFlow id="f2" sourceRef="${id}" targetRef="e" /><bpmn:endEvent id="e" />
        </bpmn:process>
      </bpmn:definitions>`,
    );
    const pi = await s.start('longIds');
    const history = await s.history(pi.id);
    const body = history.find((a) => a.activityId === `${id}#multiInstanceBody`)!;
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(history.filter((a) => a.activityId === id).map((a) => a.id.startsWith(`${id}:`))).toEqual([true, true]);
    for (const t of await s.tasks(pi.id)) await s.runtime.completeTask(null, t.id);
    expect(await s.isEnded(pi.id)).toBe(true);
  });
});
