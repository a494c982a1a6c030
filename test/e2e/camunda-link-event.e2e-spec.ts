import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's LinkEventTest (org.camunda.bpm.engine.test.bpmn.event.link), over REST: link events join two parts of
// a flow and leave no activity instance in the history.
describe(`Camunda's LinkEventTest (${databaseLabel()})`, () => {
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
    deployments.push(await c.deploy(`bpmn/event/link/LinkEventTest.${method}.bpmn20.xml`));
  /** runtimeService.getActiveActivityIds(processInstanceId) */
  const activeActivityIds = async (processInstanceId: string) => {
    const tree = (await t.as('demo').get(`/process-instance/${processInstanceId}/activity-instances`).expect(200)).body;
    const ids: string[] = [];
    const walk = (node: { activityId: string; childActivityInstances: unknown[] }) => {
      if (node.childActivityInstances.length === 0 && node.activityId !== tree.activityId) ids.push(node.activityId);
      for (const child of node.childActivityInstances) walk(child as typeof node);
    };
    walk(tree);
    return ids;
  };
  /** historyService.createHistoricActivityInstanceQuery().processInstanceId(id).orderByActivityId().asc().list() */
  const historicActivityIds = async (processInstanceId: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${processInstanceId}&sortBy=activityId&sortOrder=asc`)
        .expect(200)
    ).body.map((a: { activityId: string }) => a.activityId);

  it('LinkEventTest#testValidEventLink', async () => {
    await deploy('testValidEventLink');
    const pi = await c.start('linkEventValid');
    expect(await activeActivityIds(pi.id)).toEqual(['waitAfterLink1']);
    await t.as('demo').post(`/execution/${pi.id}/signal`).send({}).expect(204);
    expect(await activeActivityIds(pi.id)).toEqual(['waitAfterLink2']);
    await t.as('demo').post(`/execution/${pi.id}/signal`).send({}).expect(204);
    expect(await c.processEnded(pi.id)).toBe(true);
    expect(await historicActivityIds(pi.id)).toEqual([
      'EndEvent_1',
      'StartEvent_1',
      'waitAfterLink1',
      'waitAfterLink2',
    ]);
  });

  it('LinkEventTest#testEventLinkMultipleSources', async () => {
    await deploy('testEventLinkMultipleSources');
    const pi = await c.start('linkEventValid');
    expect(await activeActivityIds(pi.id)).toEqual(['WaitAfterLink', 'WaitAfterLink']);
    await t.as('demo').delete(`/process-instance/${pi.id}`).expect(204);
    expect(await historicActivityIds(pi.id)).toEqual([
      'ManualTask_1',
      'ParallelGateway_1',
      'StartEvent_1',
      'WaitAfterLink',
      'WaitAfterLink',
    ]);
  });
});
