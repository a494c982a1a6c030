import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="stats" isExecutable="true" camunda:historyTimeToLive="P1D">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="fork" />
    <parallelGateway id="fork" />
    <sequenceFlow id="f2" sourceRef="fork" targetRef="review" />
    <sequenceFlow id="f3" sourceRef="fork" targetRef="charge" />
    <sequenceFlow id="f4" sourceRef="fork" targetRef="later" />
    <userTask id="review" />
    <serviceTask id="charge" camunda:type="external" camunda:topic="stats-charge" />
    <serviceTask id="later" camunda:asyncBefore="true" camunda:expression="\${true}" />
    <sequenceFlow id="f5" sourceRef="review" targetRef="join" />
    <sequenceFlow id="f6" sourceRef="charge" targetRef="join" />
    <sequenceFlow id="f7" sourceRef="later" targetRef="join" />
    <parallelGateway id="join" />
    <sequenceFlow id="f8" sourceRef="join" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** GET /process-definition/{id}/statistics and /process-definition/statistics: what Cockpit's badges show. */
describe(`process definition statistics (${databaseLabel()})`, () => {
  let t: TestApp;
  let definitionId: string;
  let other: string;
  type Row = { id: string; instances: number; failedJobs: number; incidents: unknown[] };
  const byId = (rows: Row[]): Record<string, Row> => Object.fromEntries(rows.map((r) => [r.id, r]));

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    const deployed = await t
      .as('demo')
      .post('/deployment/create')
      .field('deployment-name', 'stats')
      .attach('data', Buffer.from(MODEL), 'stats.bpmn')
      .expect(200);
    definitionId = Object.keys(deployed.body.deployedProcessDefinitions)[0];
    const plain = MODEL.replace('id="stats"', 'id="quiet"').replace(/stats-charge/g, 'quiet-charge');
    const second = await t
      .as('demo')
      .post('/deployment/create')
      .field('deployment-name', 'quiet')
      .attach('data', Buffer.from(plain), 'quiet.bpmn')
      .expect(200);
    other = Object.keys(second.body.deployedProcessDefinitions)[0];
    for (let i = 0; i < 3; i++)
      await t.as('demo').post(`/process-definition/${definitionId}/start`).send({}).expect(200);

    // one instance: the external task fails for good (an incident), another: its review is done (a token in the join)
    const [locked] = (
      await t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({ workerId: 'w', maxTasks: 1, topics: [{ topicName: 'stats-charge', lockDuration: 60000 }] })
        .expect(200)
    ).body;
    await t
      .as('demo')
      .post(`/external-task/${locked.id}/failure`)
      .send({ workerId: 'w', errorMessage: 'card declined', retries: 0 })
      .expect(204);
    const [task] = (await t.as('demo').get(`/task?processDefinitionId=${definitionId}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    // one instance's asynchronous continuation has no retries left
    const [job] = (await t.as('demo').get(`/job?processDefinitionId=${definitionId}`).expect(200)).body;
    await t.as('demo').put(`/job/${job.id}/retries`).send({ retries: 0 }).expect(204);
  });
  afterAll(() => t.close());

  it('counts running activity instances per activity, not the tokens waiting in a join', async () => {
    const rows = (await t.as('demo').get(`/process-definition/${definitionId}/statistics`).expect(200)).body;
    expect(byId(rows)).toEqual({
      review: {
        '@class': 'org.camunda.bpm.engine.rest.dto.repository.ActivityStatisticsResultDto',
        id: 'review',
        instances: 2,
        failedJobs: 0,
        incidents: [],
      },
      charge: expect.objectContaining({ instances: 3, failedJobs: 0, incidents: [] }),
      later: expect.objectContaining({ instances: 3 }),
    });
  });

  it('adds failed jobs and incidents by type when asked, for all types or one', async () => {
    const rows = byId(
      (
        await t
          .as('demo')
          .get(`/process-definition/${definitionId}/statistics?failedJobs=true&incidents=true`)
          .expect(200)
      ).body,
    );
    expect(rows.charge).toMatchObject({
      instances: 3,
      failedJobs: 0,
      incidents: [{ incidentType: 'failedExternalTask', incidentCount: 1 }],
    });
    expect(rows.later).toMatchObject({ instances: 3, failedJobs: 1 });
    const forType = byId(
      (await t.as('demo').get(`/process-definition/${definitionId}/statistics?incidentsForType=failedJob`).expect(200))
        .body,
    );
    expect(forType.charge.incidents).toEqual([]);
    const byKey = (await t.as('demo').get('/process-definition/key/stats/statistics').expect(200)).body;
    expect(byId(byKey).review.instances).toBe(2);
  });

  it('refuses incidents together with incidentsForType, unknown definitions and bad flags', async () => {
    const both = await t
      .as('demo')
      .get(`/process-definition/${definitionId}/statistics?incidents=true&incidentsForType=failedJob`)
      .expect(400);
    expect(both.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.',
      code: null,
    });
    await t.as('demo').get('/process-definition/nope/statistics').expect(404);
    const flag = await t.as('demo').get(`/process-definition/${definitionId}/statistics?failedJobs=maybe`).expect(400);
    expect(flag.body.message).toBe(
      "Cannot set query parameter 'failedJobs' to value 'maybe': Cannot convert value maybe to java type java.lang.Boolean",
    );
  });

  it('lists every readable definition with its instances, failed jobs and incidents', async () => {
    const rows = byId(
      (await t.as('demo').get('/process-definition/statistics?failedJobs=true&incidents=true').expect(200)).body,
    );
    expect(rows[definitionId]).toMatchObject({
      '@class': 'org.camunda.bpm.engine.rest.dto.repository.ProcessDefinitionStatisticsResultDto',
      instances: 3,
      failedJobs: 1,
      definition: { id: definitionId, key: 'stats' },
    });
    expect(rows[definitionId].incidents).toEqual(
      expect.arrayContaining([{ incidentType: 'failedExternalTask', incidentCount: 1 }]),
    );
    expect(rows[other]).toMatchObject({ instances: 0, failedJobs: 0, incidents: [] });
  });

  it('counts only the instances the caller may read', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'viewer' }, credentials: { password: 'viewerpw' } })
      .expect(204);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'viewer', resourceType: 6, resourceId: 'stats', permissions: ['READ'] })
      .expect(200);
    const viewer = t.as('viewer', 'viewerpw');
    expect(
      (await viewer.get(`/process-definition/${definitionId}/statistics?incidents=true`).expect(200)).body,
    ).toEqual([]);
    const list = (await viewer.get('/process-definition/statistics').expect(200)).body;
    expect(list.map((r: { id: string; instances: number }) => [r.id, r.instances])).toEqual([[definitionId, 0]]);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'operator' }, credentials: { password: 'operatorpw' } })
      .expect(204);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({
        type: 1,
        userId: 'operator',
        resourceType: 6,
        resourceId: 'stats',
        permissions: ['READ', 'READ_INSTANCE'],
      })
      .expect(200);
    const operator = t.as('operator', 'operatorpw');
    expect(
      byId((await operator.get(`/process-definition/${definitionId}/statistics`).expect(200)).body).review.instances,
    ).toBe(2);
  });
});
