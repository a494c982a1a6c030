import { ActivityInstanceNode } from '../../../src/engine/instances/runtime-types';
import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario } from '../bpmn/runtime/support/runtime-scenario';

/** activityId[children] with children sorted, for comparing trees. */
function shape(node: ActivityInstanceNode): string {
  const children = node.childActivityInstances.map(shape).sort();
  return children.length ? `${node.activityId}[${children.join(',')}]` : node.activityId;
}

describe(`activity instance tree (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('gateways.bpmn', 'sub-process.bpmn', 'multi-instance.bpmn');
  });
  afterAll(() => s.close());

  it('Given concurrent user tasks, Then the root has one child per task, each with its execution', async () => {
    const pi = await s.start('parallel');
    const tree = (await s.runtime.getActivityInstanceTree(null, pi.id))!;
    expect(tree).toMatchObject({
      id: pi.id,
      activityType: 'processDefinition',
      parentActivityInstanceId: null,
      executionIds: [pi.id],
    });
    expect(tree.activityId).toBe(pi.definitionId);
    expect(shape(tree)).toBe(`${pi.definitionId}[TaskA,TaskB]`);
    const tasks = await s.tasks(pi.id);
    for (const child of tree.childActivityInstances) {
      const task = tasks.find((t) => t.taskDefinitionKey === child.activityId)!;
      expect(child).toMatchObject({
        id: task.activityInstanceId,
        parentActivityInstanceId: pi.id,
        executionIds: [task.executionId],
        activityType: 'userTask',
      });
    }
    await s.completeTask(pi.id, 'TaskA');
    // The token waiting in the join for TaskB's is an activity instance of the join, as in Camunda's tree.
    expect(shape((await s.runtime.getActivityInstanceTree(null, pi.id))!)).toBe(`${pi.definitionId}[Join,TaskB]`);
  });

  it('sub-processes and multi-instance bodies nest their instances', async () => {
    const sub = await s.start('embedded', { amount: 1 });
    const subTree = (await s.runtime.getActivityInstanceTree(null, sub.id))!;
    expect(shape(subTree)).toBe(`${sub.definitionId}[Sub[Inner]]`);
    const scope = (await s.executions(sub.id)).find((e) => e.id !== sub.id)!;
    expect(subTree.childActivityInstances[0].executionIds).toEqual([scope.id]);

    const mi = await s.start('parallelReview', { reviewers: ['a', 'b'] });
    expect(shape((await s.runtime.getActivityInstanceTree(null, mi.id))!)).toBe(
      `${mi.definitionId}[Review#multiInstanceBody[Review,Review]]`,
    );
    expect(await s.runtime.getActivityInstanceTree(null, 'nope')).toBeNull();
    expect(await s.runtime.getProcessInstance(null, mi.id)).toMatchObject({
      id: mi.id,
      ended: false,
      definitionKey: 'parallelReview',
    });
  });
});
