import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's MultiInstanceTest (org.camunda.bpm.engine.test.bpmn.multiinstance), over REST.
describe(`Camunda's MultiInstanceTest (${databaseLabel()})`, () => {
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
    deployments.push(await c.deploy(`bpmn/multiinstance/MultiInstanceTest.${method}.bpmn20.xml`));
  /** A java.util.List variable as a REST client sends it. */
  const list = (items: unknown[]) => ({
    value: JSON.stringify(items),
    type: 'Object',
    valueInfo: { objectTypeName: 'java.util.ArrayList', serializationDataFormat: 'application/json' },
  });

  it('MultiInstanceTest#testParallelUserTasksBasedOnCollection', async () => {
    await deploy('testParallelUserTasksBasedOnCollection');
    const pi = await c.start('miParallelUserTasksBasedOnCollection', {
      assigneeList: list(['kermit', 'gonzo', 'mispiggy', 'fozzie', 'bubba']),
    });
    const tasks = await c.tasks({ sortBy: 'assignee', sortOrder: 'asc' });
    expect(tasks.map((x) => x.assignee)).toEqual(['bubba', 'fozzie', 'gonzo', 'kermit', 'mispiggy']);
    for (const task of tasks.slice(0, 3)) await c.completeTask(task.id);
    expect(await c.tasks()).toEqual([]);
    expect(await c.processEnded(pi.id)).toBe(true);
  });
});
