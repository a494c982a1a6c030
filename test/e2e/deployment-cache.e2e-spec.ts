import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const WORK = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://test">
  <bpmn:process id="cached-work" isExecutable="true" camunda:historyTimeToLive="P1D" camunda:versionTag="v1">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="cached-work" />
    <bpmn:sequenceFlow id="f2" sourceRef="Work" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** One deployment cache for every definition lookup: a deleted deployment is never served from it afterwards. */
describe(`deployment cache and deletion (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fetchAndLock = () =>
    t
      .as('demo')
      .post('/external-task/fetchAndLock')
      .send({ workerId: 'w', maxTasks: 10, topics: [{ topicName: 'cached-work', lockDuration: 10000 }] });

  it('deleting a deployment while its external tasks are being fetched leaves no stale definition behind', async () => {
    const deployed = await deploy(t, [{ name: 'work.bpmn', content: WORK }]).expect(200);
    const definitionId = Object.keys(deployed.body.deployedProcessDefinitions)[0];
    for (let i = 0; i < 5; i++)
      await t.as('demo').post(`/process-definition/${definitionId}/start`).send({}).expect(200);

    // Fetches (which read the definition through the cache for its version tag) race the cascading deletion.
    const [fetched, deleted] = await Promise.all([
      fetchAndLock(),
      t.as('demo').delete(`/deployment/${deployed.body.id}?cascade=true`),
    ]);
    expect(deleted.status).toBe(204);
    expect(fetched.status).toBe(200);
    for (const task of fetched.body) expect(task.processDefinitionVersionTag).toBe('v1');

    await t.as('demo').get(`/process-definition/${definitionId}`).expect(404);
    const start = await t.as('demo').post(`/process-definition/${definitionId}/start`).send({});
    expect(start.status).toBe(404);
    expect((await fetchAndLock().expect(200)).body).toEqual([]);
    expect((await t.as('demo').get('/external-task/count').expect(200)).body.count).toBe(0);
  });

  it('a new deployment of the same key is found and started after the old one was deleted', async () => {
    const again = await deploy(t, [{ name: 'work.bpmn', content: WORK }]).expect(200);
    const definitionId = Object.keys(again.body.deployedProcessDefinitions)[0];
    await t.as('demo').post('/process-definition/key/cached-work/start').send({}).expect(200);
    const [task] = (await fetchAndLock().expect(200)).body;
    expect(task).toMatchObject({ processDefinitionId: definitionId, processDefinitionVersionTag: 'v1' });
  });
});
