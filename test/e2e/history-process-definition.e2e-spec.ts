import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const process = (id: string, ttl: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_${id}" targetNamespace="http://example.org/${id}">
  <bpmn:process id="${id}" name="Process ${id}" isExecutable="true" camunda:historyTimeToLive="${ttl}">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="A" />
    <bpmn:userTask id="A" />
    <bpmn:sequenceFlow id="F2" sourceRef="A" targetRef="B" />
    <bpmn:userTask id="B" />
    <bpmn:sequenceFlow id="F3" sourceRef="B" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic process definition statistics and cleanable report (${databaseLabel()})`, () => {
  let t: TestApp;
  let definitionId: string;
  let otherId: string;
  const pis: string[] = [];
  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body.id as string;
  const complete = async (pi: string) => {
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
  };
  const executionOf = async (pi: string) =>
    (await t.as('demo').get(`/execution?processInstanceId=${pi}`).expect(200)).body[0].id as string;
  const stats = async (query = '') =>
    (await t.as('demo').get(`/history/process-definition/${definitionId}/statistics${query}`).expect(200)).body;
  const brief = (rows: any[]) => rows.map((r) => [r.id, r.instances]);

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [{ name: 'stats.bpmn', content: process('stats', '0') }]).expect(200);
    await deploy(t, [{ name: 'other.bpmn', content: process('other', '5') }]).expect(200);
    definitionId = (await t.as('demo').get('/process-definition/key/stats').expect(200)).body.id;
    otherId = (await t.as('demo').get('/process-definition/key/other').expect(200)).body.id;
    for (let i = 0; i < 4; i++) pis.push(await start('stats'));
    await complete(pis[1]);
    await complete(pis[2]);
    await complete(pis[2]);
    await t.as('demo').delete(`/process-instance/${pis[3]}`).expect(204);
    await start('other');
    await t
      .as('demo')
      .post(`/execution/${await executionOf(pis[0])}/create-incident`)
      .send({ incidentType: 'custom' })
      .expect(200);
    const resolved = (
      await t
        .as('demo')
        .post(`/execution/${await executionOf(pis[1])}/create-incident`)
        .send({ incidentType: 'custom' })
        .expect(200)
    ).body;
    await t.as('demo').delete(`/incident/${resolved.id}`).expect(204);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'mary' }, credentials: { password: 'marypw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // HistoricActivityStatisticsTest#testMultipleRunningTasks
  it('counts the running instances per activity, sorted by activity id', async () => {
    expect(await stats()).toEqual([
      {
        id: 'A',
        instances: 1,
        canceled: 0,
        finished: 0,
        completeScope: 0,
        openIncidents: 0,
        resolvedIncidents: 0,
        deletedIncidents: 0,
      },
      {
        id: 'B',
        instances: 1,
        canceled: 0,
        finished: 0,
        completeScope: 0,
        openIncidents: 0,
        resolvedIncidents: 0,
        deletedIncidents: 0,
      },
    ]);
    expect(brief(await stats('?sortBy=activityId&sortOrder=desc'))).toEqual([
      ['B', 1],
      ['A', 1],
    ]);
  });

  // HistoricActivityStatisticsTest#testFinishedProcessInstances, #testCanceled..., #testCompleteScope...
  it('adds finished, canceled and scope-completing instances when asked', async () => {
    const finished = await stats('?finished=true');
    expect(finished.map((r: any) => [r.id, r.instances, r.finished])).toEqual([
      ['A', 1, 3],
      ['B', 1, 1],
      ['End', 0, 1],
      ['Start', 0, 4],
    ]);
    expect(finished.every((r: any) => r.canceled === 0 && r.completeScope === 0)).toBe(true);
    expect((await stats('?canceled=true')).map((r: any) => [r.id, r.canceled])).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
    expect((await stats('?completeScope=true')).map((r: any) => [r.id, r.completeScope])).toEqual([
      ['A', 0],
      ['B', 0],
      ['End', 1],
    ]);
  });

  // HistoricActivityStatisticsTest#testIncidents
  it('adds open, resolved and deleted incidents when asked', async () => {
    expect(
      (await stats('?incidents=true')).map((r: any) => [
        r.id,
        r.openIncidents,
        r.resolvedIncidents,
        r.deletedIncidents,
      ]),
    ).toEqual([
      ['A', 1, 0, 0],
      ['B', 0, 1, 0],
    ]);
  });

  // HistoricActivityStatisticsTest#testQueryByProcessInstanceIds, #testQueryByStartedAfter
  it('filters by process instances and by times', async () => {
    expect(brief(await stats(`?processInstanceIdIn=${pis[0]}`))).toEqual([['A', 1]]);
    expect(await stats('?startedAfter=2999-01-01T00:00:00.000%2B0000')).toEqual([]);
    expect(brief(await stats('?startedBefore=2999-01-01T00:00:00.000%2B0000'))).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    const done = await stats('?finished=true&finishedAfter=2999-01-01T00:00:00.000%2B0000');
    expect(done).toEqual([]);
  });

  it('answers 400 for a bad sort or flag, an empty list for an unknown definition, 403 without READ_HISTORY', async () => {
    await t.as('demo').get(`/history/process-definition/${definitionId}/statistics?sortBy=id`).expect(400);
    await t.as('demo').get(`/history/process-definition/${definitionId}/statistics?finished=maybe`).expect(400);
    expect((await t.as('demo').get('/history/process-definition/nope/statistics').expect(200)).body).toEqual([]);
    const denied = await t
      .as('mary', 'marypw')
      .get(`/history/process-definition/${definitionId}/statistics`)
      .expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
  });

  // CleanableHistoricProcessInstanceReportTest#testReportComplex, #testReportCompact
  it('reports finished and cleanable instances per definition', async () => {
    const report = async (query = '', user = 'demo', password = user) =>
      (
        await t
          .as(user, password)
          .get(`/history/process-definition/cleanable-process-instance-report${query}`)
          .expect(200)
      ).body;
    const count = async (query = '') =>
      (
        await t
          .as('demo')
          .get(`/history/process-definition/cleanable-process-instance-report/count${query}`)
          .expect(200)
      ).body.count;
    const ended = (
      await t.as('demo').get(`/history/process-instance?processDefinitionId=${definitionId}&finished=true`).expect(200)
    ).body;
    expect(ended).toHaveLength(2);
    const cleanable = ended.filter((h: any) => h.removalTime != null).length;
    expect(cleanable).toBeGreaterThan(0);
    expect(await report('?sortBy=finished&sortOrder=desc')).toEqual([
      {
        processDefinitionId: definitionId,
        processDefinitionKey: 'stats',
        processDefinitionName: 'Process stats',
        processDefinitionVersion: 1,
        historyTimeToLive: 0,
        finishedProcessInstanceCount: 2,
        cleanableProcessInstanceCount: cleanable,
        tenantId: null,
      },
      {
        processDefinitionId: otherId,
        processDefinitionKey: 'other',
        processDefinitionName: 'Process other',
        processDefinitionVersion: 1,
        historyTimeToLive: 5,
        finishedProcessInstanceCount: 0,
        cleanableProcessInstanceCount: 0,
        tenantId: null,
      },
    ]);
    expect(await count()).toBe(2);
    expect(await count('?compact=true')).toBe(1);
    expect((await report('?compact=true'))[0].processDefinitionId).toBe(definitionId);
    expect(await count('?processDefinitionKeyIn=other')).toBe(1);
    expect(await count(`?processDefinitionIdIn=${definitionId},${otherId}`)).toBe(2);
    expect(await count('?withoutTenantId=true')).toBe(2);
    expect(await count('?tenantIdIn=t1')).toBe(0);
    expect(await report('', 'mary', 'marypw')).toEqual([]);
    await t.as('demo').get('/history/process-definition/cleanable-process-instance-report?sortBy=key').expect(400);
  });
});
