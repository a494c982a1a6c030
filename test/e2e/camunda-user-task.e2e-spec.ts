import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's engine tests of user task assignment (org.camunda.bpm.engine.test.bpmn.usertask), over REST: BPMN's own
// humanPerformer and potentialOwner resource assignments beside Camunda's assignment attributes.
describe(`Camunda's user task assignment tests (${databaseLabel()})`, () => {
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
  const deploy = async (resource: string) => deployments.push(await c.deploy(`bpmn/usertask/${resource}`));
  const count = async (query: Record<string, string>) => (await c.tasks(query)).length;

  describe('TaskCandidateTest', () => {
    beforeEach(async () => {
      for (const g of ['accountancy', 'management', 'sales']) await c.group(g);
      await c.user('kermit', ['accountancy']);
      await c.user('gonzo', ['management', 'accountancy', 'sales']);
    });
    afterEach(async () => {
      for (const u of ['kermit', 'gonzo']) await c.removeUser(u);
      for (const g of ['sales', 'accountancy', 'management']) await c.removeGroup(g);
    });

    it('TaskCandidateTest#testSingleCandidateGroup', async () => {
      await deploy('TaskCandidateTest.testSingleCandidateGroup.bpmn20.xml');
      const pi = await c.start('singleCandidateGroup');
      expect(await c.tasks({ assignee: 'kermit' })).toEqual([]);
      let tasks = await c.tasks({ candidateUser: 'kermit' });
      expect(tasks.map((x) => x.name)).toEqual(['Pay out expenses']);
      const orQuery = await t
        .as('demo')
        .post('/task')
        .send({ orQueries: [{ candidateUser: 'kermit' }] })
        .expect(200);
      expect(orQuery.body.map((x: { name: string }) => x.name)).toEqual(['Pay out expenses']);
      await c.claim(tasks[0].id, 'kermit');
      expect(await c.tasks({ candidateUser: 'kermit' })).toEqual([]);
      tasks = await c.tasks({ assignee: 'kermit' });
      expect(tasks.map((x) => x.name)).toEqual(['Pay out expenses']);
      await c.completeTask(tasks[0].id);
      expect(await c.processEnded(pi.id)).toBe(true);
    });

    it('TaskCandidateTest#testMultipleCandidateGroups', async () => {
      await deploy('TaskCandidateTest.testMultipleCandidateGroups.bpmn20.xml');
      const pi = await c.start('multipleCandidatesGroup');
      expect(await count({ assignee: 'kermit' })).toBe(0);
      expect(await count({ assignee: 'gonzo' })).toBe(0);
      expect(await count({ candidateUser: 'kermit' })).toBe(1);
      expect(await count({ candidateUser: 'gonzo' })).toBe(1);
      expect(await count({ candidateGroup: 'management' })).toBe(1);
      expect(await count({ candidateGroup: 'accountancy' })).toBe(1);
      expect(await count({ candidateGroup: 'sales' })).toBe(0);
      const [task] = await c.tasks({ candidateUser: 'gonzo' });
      expect(task.name).toBe('Approve expenses');
      await c.claim(task.id, 'gonzo');
      expect(await count({ candidateUser: 'kermit' })).toBe(0);
      expect(await count({ candidateUser: 'gonzo' })).toBe(0);
      expect(await count({ candidateGroup: 'management' })).toBe(0);
      expect(await count({ assignee: 'gonzo' })).toBe(1);
      expect(await count({ assignee: 'kermit' })).toBe(0);
      await c.completeTask(task.id);
      expect(await c.processEnded(pi.id)).toBe(true);
    });

    it('TaskCandidateTest#testMultipleCandidateUsers', async () => {
      await deploy('TaskCandidateTest.testMultipleCandidateUsers.bpmn20.xml');
      await c.start('multipleCandidateUsersExample');
      expect(await count({ candidateUser: 'gonzo' })).toBe(1);
      expect(await count({ candidateUser: 'kermit' })).toBe(1);
    });

    it('TaskCandidateTest#testMixedCandidateUserAndGroup', async () => {
      await deploy('TaskCandidateTest.testMixedCandidateUserAndGroup.bpmn20.xml');
      await c.start('mixedCandidateUserAndGroupExample');
      expect(await count({ candidateUser: 'gonzo' })).toBe(1);
      expect(await count({ candidateUser: 'kermit' })).toBe(1);
    });
  });

  it('TaskAssigneeTest#testTaskAssignee', async () => {
    await deploy('TaskAssigneeTest.testTaskAssignee.bpmn20.xml');
    const pi = await c.start('taskAssigneeExampleProcess');
    const tasks = await c.tasks({ assignee: 'kermit' });
    expect(tasks).toHaveLength(1);
    expect(tasks[0].name).toBe('Schedule meeting');
    expect(tasks[0].description).toBe('Schedule an engineering meeting for next week with the new hire.');
    await c.completeTask(tasks[0].id);
    expect(await c.processEnded(pi.id)).toBe(true);
  });

  describe('TaskAssignmentExtensionsTest', () => {
    beforeEach(async () => {
      for (const g of ['management', 'accountancy']) await c.group(g);
      await c.user('kermit', ['management', 'accountancy']);
      await c.user('gonzo');
      await c.user('fozzie', ['management']);
    });
    afterEach(async () => {
      for (const g of ['accountancy', 'management']) await c.removeGroup(g);
      for (const u of ['fozzie', 'gonzo', 'kermit']) await c.removeUser(u);
    });

    it('TaskAssignmentExtensionsTest#testAssigneeExtension', async () => {
      await deploy('TaskAssignmentExtensionsTest.testAssigneeExtension.bpmn20.xml');
      await c.start('assigneeExtension');
      expect((await c.tasks({ assignee: 'kermit' })).map((x) => x.name)).toEqual(['my task']);
    });

    it('TaskAssignmentExtensionsTest#testDuplicateAssigneeDeclaration', async () => {
      const error = await c.deployRefused(
        'bpmn/usertask/TaskAssignmentExtensionsTest.testDuplicateAssigneeDeclaration.bpmn20.xml',
      );
      expect(error.type).toBe('ParseException');
    });

    it('TaskAssignmentExtensionsTest#testCandidateUsersExtension', async () => {
      await deploy('TaskAssignmentExtensionsTest.testCandidateUsersExtension.bpmn20.xml');
      await c.start('candidateUsersExtension');
      expect(await count({ candidateUser: 'kermit' })).toBe(1);
      expect(await count({ candidateUser: 'gonzo' })).toBe(1);
    });

    it('TaskAssignmentExtensionsTest#testCandidateGroupsExtension', async () => {
      await deploy('TaskAssignmentExtensionsTest.testCandidateGroupsExtension.bpmn20.xml');
      await c.start('candidateGroupsExtension');
      expect((await c.tasks({ candidateUser: 'kermit' })).map((x) => x.name)).toEqual(['make profit']);
      expect((await c.tasks({ candidateUser: 'fozzie' })).map((x) => x.name)).toEqual(['make profit']);
      expect(await count({ candidateGroup: 'management' })).toBe(1);
      expect(await count({ candidateGroup: 'accountancy' })).toBe(1);
    });

    it('TaskAssignmentExtensionsTest#testMixedCandidateUserDefinition', async () => {
      await deploy('TaskAssignmentExtensionsTest.testMixedCandidateUserDefinition.bpmn20.xml');
      await c.start('mixedCandidateUser');
      expect(await count({ candidateUser: 'kermit' })).toBe(1);
      expect(await count({ candidateUser: 'fozzie' })).toBe(1);
      expect(await count({ candidateUser: 'gonzo' })).toBe(1);
      expect(await count({ candidateUser: 'mispiggy' })).toBe(0);
    });
  });
});
