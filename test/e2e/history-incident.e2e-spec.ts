import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`historic incidents (${databaseLabel()})`, () => {
  let t: TestApp;
  let failed: any;
  let retried: any;
  let custom: any;
  let cancelled: any;
  let failedIncident: any;
  let retriedIncident: any;
  let customIncident: any;
  let cancelledIncident: any;

  /** An instance of `review` waiting in its external task `Book`. */
  async function atBook(businessKey: string): Promise<{ pi: any; externalTaskId: string }> {
    const pi = (await t.as('demo').post('/process-definition/key/review/start').send({ businessKey }).expect(200)).body;
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    const [external] = (await t.as('demo').get(`/external-task?processInstanceId=${pi.id}`).expect(200)).body;
    return { pi, externalTaskId: external.id };
  }

  async function failOnce(externalTaskId: string, message: string): Promise<void> {
    await t
      .as('demo')
      .post(`/external-task/${externalTaskId}/lock`)
      .send({ workerId: 'w', lockDuration: 60000 })
      .expect(204);
    await t
      .as('demo')
      .post(`/external-task/${externalTaskId}/failure`)
      .send({ workerId: 'w', errorMessage: message, retries: 0, retryTimeout: 0 })
      .expect(204);
  }

  const incidentOf = async (pi: any) =>
    (await t.as('demo').get(`/incident?processInstanceId=${pi.id}`).expect(200)).body[0];

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['rest/history-review.bpmn']).expect(200);
    const a = await atBook('failed');
    failed = a.pi;
    await failOnce(a.externalTaskId, 'card declined');
    failedIncident = await incidentOf(failed);
    const b = await atBook('retried');
    retried = b.pi;
    await failOnce(b.externalTaskId, 'gateway timeout');
    retriedIncident = await incidentOf(retried);
    await t.as('demo').put(`/external-task/${b.externalTaskId}/retries`).send({ retries: 2 }).expect(204);
    const c = await atBook('custom');
    custom = c.pi;
    const [execution] = (
      await t.as('demo').get(`/execution?processInstanceId=${custom.id}&activityId=Book`).expect(200)
    ).body;
    customIncident = (
      await t
        .as('demo')
        .post(`/execution/${execution.id}/create-incident`)
        .send({ incidentType: 'custom', configuration: 'cfg', message: 'look at me' })
        .expect(200)
    ).body;
    await t.as('demo').put(`/incident/${customIncident.id}/annotation`).send({ annotation: 'seen' }).expect(204);
    await t.as('demo').delete(`/incident/${customIncident.id}`).expect(204);
    const d = await atBook('cancelled');
    cancelled = d.pi;
    await failOnce(d.externalTaskId, 'broken');
    cancelledIncident = await incidentOf(cancelled);
    await t.as('demo').delete(`/process-instance/${cancelled.id}`).expect(204);
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/history/incident${query}`).expect(200)).body;
  const ids = async (query: string) => (await list(query)).map((i: any) => i.id).sort();
  const count = async (query = '') =>
    (await t.as('demo').get(`/history/incident/count${query}`).expect(200)).body.count;

  it('records an open incident as the runtime one', async () => {
    const [row] = await list(`?incidentId=${failedIncident.id}`);
    expect(row).toEqual({
      id: failedIncident.id,
      processDefinitionKey: 'review',
      processDefinitionId: failed.definitionId,
      processInstanceId: failed.id,
      executionId: failedIncident.executionId,
      rootProcessInstanceId: failed.id,
      createTime: failedIncident.incidentTimestamp,
      endTime: null,
      removalTime: null,
      incidentType: 'failedExternalTask',
      activityId: 'Book',
      failedActivityId: 'Book',
      causeIncidentId: failedIncident.id,
      rootCauseIncidentId: failedIncident.id,
      configuration: failedIncident.configuration,
      historyConfiguration: null,
      incidentMessage: 'card declined',
      tenantId: null,
      jobDefinitionId: null,
      open: true,
      deleted: false,
      resolved: false,
      annotation: null,
    });
  });

  it('ends incidents as resolved (new retries, resolve) or deleted (instance gone)', async () => {
    const [r] = await list(`?incidentId=${retriedIncident.id}`);
    expect(r).toMatchObject({ open: false, resolved: true, deleted: false, endTime: expect.stringMatching(/\+0000$/) });
    const [c] = await list(`?incidentId=${customIncident.id}`);
    expect(c).toMatchObject({ incidentType: 'custom', configuration: 'cfg', resolved: true, annotation: 'seen' });
    const [d] = await list(`?incidentId=${cancelledIncident.id}`);
    expect(d).toMatchObject({ open: false, resolved: false, deleted: true, endTime: expect.any(String) });
  });

  it('filters as Camunda does', async () => {
    expect(await ids('?open=true')).toEqual([failedIncident.id]);
    expect(await ids('?resolved=true')).toEqual([retriedIncident.id, customIncident.id].sort());
    expect(await ids('?deleted=true')).toEqual([cancelledIncident.id]);
    expect(await count('?incidentType=failedExternalTask')).toBe(3);
    expect(await ids('?incidentMessage=card%20declined')).toEqual([failedIncident.id]);
    expect(await ids('?incidentMessageLike=gate%25')).toEqual([retriedIncident.id]);
    expect(await count('?processDefinitionKey=review')).toBe(4);
    expect(await count('?processDefinitionKeyIn=review,other')).toBe(4);
    expect(await count(`?processDefinitionId=${encodeURIComponent(failed.definitionId)}`)).toBe(4);
    expect(await ids(`?processInstanceId=${retried.id}`)).toEqual([retriedIncident.id]);
    expect(await ids(`?executionId=${failedIncident.executionId}`)).toEqual([failedIncident.id]);
    expect(await count('?activityId=Book')).toBe(4);
    expect(await count('?failedActivityId=Book')).toBe(4);
    expect(await ids(`?causeIncidentId=${customIncident.id}`)).toEqual([customIncident.id]);
    expect(await ids(`?rootCauseIncidentId=${customIncident.id}`)).toEqual([customIncident.id]);
    expect(await ids('?configuration=cfg')).toEqual([customIncident.id]);
    expect(await count('?historyConfiguration=x')).toBe(0);
    expect(await count('?createTimeAfter=2000-01-01T00:00:00.000%2B0000')).toBe(4);
    expect(await count('?createTimeBefore=2000-01-01T00:00:00.000%2B0000')).toBe(0);
    expect(await count('?endTimeAfter=2000-01-01T00:00:00.000%2B0000')).toBe(3);
    expect(await count('?endTimeBefore=2000-01-01T00:00:00.000%2B0000')).toBe(0);
    expect(await count('?tenantIdIn=acme')).toBe(0);
    expect(await count('?withoutTenantId=true')).toBe(4);
    expect(await count('?jobDefinitionIdIn=x')).toBe(0);
    await t.as('demo').get('/history/incident?open=maybe').expect(400);
  });

  it('sorts by every key, pages and counts; there is no POST query', async () => {
    const keys = [
      'incidentId',
      'incidentMessage',
      'createTime',
      'endTime',
      'incidentType',
      'executionId',
      'activityId',
      'processInstanceId',
    ];
    keys.push(
      'processDefinitionId',
      'processDefinitionKey',
      'causeIncidentId',
      'rootCauseIncidentId',
      'configuration',
      'historyConfiguration',
    );
    keys.push('tenantId', 'incidentState');
    for (const key of keys) expect(await list(`?sortBy=${key}&sortOrder=asc`)).toHaveLength(4);
    expect((await list('?sortBy=incidentMessage&sortOrder=asc&maxResults=1'))[0].incidentMessage).toBe('broken');
    expect(await list('?firstResult=3&maxResults=5')).toHaveLength(1);
    await t.as('demo').get('/history/incident?sortBy=nope&sortOrder=asc').expect(400);
    await t.as('demo').post('/history/incident').send({}).expect(404);
  });

  it('shows incidents only to users with READ_HISTORY on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'hist' }, credentials: { password: 'hist' } })
      .expect(204);
    expect((await t.as('hist', 'hist').get('/history/incident/count').expect(200)).body).toEqual({ count: 0 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'hist', resourceType: 6, resourceId: 'review', permissions: ['READ_HISTORY'] })
      .expect(200);
    expect((await t.as('hist', 'hist').get('/history/incident/count').expect(200)).body).toEqual({ count: 4 });
  });

  it('goes with its historic process instance (cleanup and deletion batch)', async () => {
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await ids('')).toEqual([failedIncident.id, retriedIncident.id, customIncident.id].sort());
    const [external] = (await t.as('demo').get(`/external-task?processInstanceId=${retried.id}`).expect(200)).body;
    await t
      .as('demo')
      .post(`/external-task/${external.id}/lock`)
      .send({ workerId: 'w', lockDuration: 60000 })
      .expect(204);
    await t.as('demo').post(`/external-task/${external.id}/complete`).send({ workerId: 'w' }).expect(204);
    await t
      .as('demo')
      .post('/history/process-instance/delete')
      .send({ historicProcessInstanceIds: [retried.id] })
      .expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await ids('')).toEqual([failedIncident.id, customIncident.id].sort());
  });

  it('documents the three new history families in the OpenAPI document', async () => {
    const doc = (await t.api().get('/docs-json').expect(200)).body;
    const paths = Object.keys(doc.paths);
    const expected = [
      '/history/incident',
      '/history/incident/count',
      '/history/task',
      '/history/task/count',
      '/history/variable-instance',
    ];
    expected.push(
      '/history/variable-instance/count',
      '/history/variable-instance/{id}',
      '/history/variable-instance/{id}/data',
    );
    expect(paths).toEqual(expect.arrayContaining(expected.map((p) => `/engine-rest${p}`)));
    expect(Object.keys(doc.paths['/engine-rest/history/task'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/engine-rest/history/incident'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/engine-rest/history/variable-instance/{id}'])).toEqual(
      expect.arrayContaining(['get', 'delete']),
    );
  });

  it('is written at level full only', async () => {
    const audit = await createTestApp({ historyLevel: 'audit', jobExecutorEnabled: false });
    try {
      await deployFixture(audit, ['rest/history-review.bpmn']).expect(200);
      const pi = (await audit.as('demo').post('/process-definition/key/review/start').send({}).expect(200)).body;
      const [execution] = (await audit.as('demo').get(`/execution?processInstanceId=${pi.id}`).expect(200)).body;
      await audit
        .as('demo')
        .post(`/execution/${execution.id}/create-incident`)
        .send({ incidentType: 'custom' })
        .expect(200);
      expect((await audit.as('demo').get('/incident/count').expect(200)).body.count).toBe(1);
      expect((await audit.as('demo').get('/history/incident/count').expect(200)).body).toEqual({ count: 0 });
    } finally {
      await audit.close();
    }
  });
});
