import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, freshMysqlDatabase, TestApp } from '../support/test-app';

const TASKS = 300;

/** One start leaves `count` external tasks on topic `bulk` (a parallel multi-instance). */
const BULK = readFileSync(path.join(__dirname, '../fixtures/batch/bulk-work.bpmn'), 'utf8');

async function startBulk(t: TestApp, count: number): Promise<string> {
  await deploy(t, [{ name: 'bulk.bpmn', content: BULK }]).expect(200);
  const res = await t
    .as('demo')
    .post('/process-definition/key/bulkWork/start')
    .send({ variables: { count: { value: count, type: 'Integer' } } })
    .expect(200);
  return res.body.id;
}

async function retriesOf(t: TestApp, processInstanceId: string): Promise<Array<number | null>> {
  const res = await t.as('demo').get(`/external-task?processInstanceId=${processInstanceId}`).expect(200);
  return res.body.map((x: { retries: number | null }) => x.retries);
}

async function statistics(t: TestApp, batchId: string) {
  const res = await t.as('demo').get(`/batch/statistics?batchId=${batchId}`).expect(200);
  return res.body[0];
}

/** Targets done by batch jobs of this app, from its Prometheus counter. */
async function invocations(t: TestApp): Promise<number> {
  const text = (await t.api().get('/metrics').auth('demo', 'demo').expect(200)).text;
  const line = text
    .split('\n')
    .find((l) => l.startsWith('engine_batch_invocations_total{type="set-external-task-retries"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe(`batches (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      jobExecutorEnabled: false,
      batchPollMs: 0,
      batchHistoryTimeToLiveByType: { 'set-external-task-retries': 5 },
    });
  });
  afterAll(() => t.close());

  it('sets the retries of many external tasks in a batch that can be suspended midway, resumed, and ends in the history', async () => {
    const pi = await startBulk(t, TASKS);
    const started = await t
      .as('demo')
      .post('/external-task/retries-async')
      .send({ processInstanceIds: [pi], retries: 5 })
      .expect(200);
    const batch = started.body;
    expect(batch).toEqual({
      id: expect.any(String),
      type: 'set-external-task-retries',
      totalJobs: TASKS,
      jobsCreated: 0,
      batchJobsPerSeed: 100,
      invocationsPerBatchJob: 1,
      seedJobDefinitionId: expect.any(String),
      monitorJobDefinitionId: expect.any(String),
      batchJobDefinitionId: expect.any(String),
      suspended: false,
      tenantId: null,
      createUserId: 'demo',
      startTime: expect.stringMatching(/\+0000$/),
      executionStartTime: null,
    });
    expect((await t.as('demo').get(`/batch/${batch.id}`).expect(200)).body).toEqual(batch);
    const definitions = async () =>
      (await t.as('demo').get(`/job-definition?jobConfiguration=${batch.id}&sortBy=jobType&sortOrder=asc`).expect(200))
        .body;
    // BatchEntity's seed, monitor and batch job definitions are rows of their own
    expect(await definitions()).toEqual([
      expect.objectContaining({ id: batch.monitorJobDefinitionId, jobType: 'batch-monitor-job', suspended: false }),
      expect.objectContaining({ id: batch.seedJobDefinitionId, jobType: 'batch-seed-job' }),
      expect.objectContaining({ id: batch.batchJobDefinitionId, jobType: 'set-external-task-retries' }),
    ]);
    expect(await statistics(t, batch.id)).toMatchObject({ remainingJobs: TASKS, completedJobs: 0, failedJobs: 0 });
    expect((await t.as('demo').get('/batch/count?type=set-external-task-retries').expect(200)).body).toEqual({
      count: 1,
    });

    await t.engine.jobs.executeDueJobs(3);
    const midway = await statistics(t, batch.id);
    expect(midway.completedJobs).toBeGreaterThan(0);
    expect(midway.remainingJobs).toBeGreaterThan(0);
    expect(midway.remainingJobs + midway.completedJobs).toBe(TASKS);
    expect(midway.executionStartTime).toMatch(/\+0000$/);

    await t.as('demo').put(`/batch/${batch.id}/suspended`).send({ suspended: true }).expect(204);
    expect((await t.as('demo').get(`/batch/${batch.id}`).expect(200)).body.suspended).toBe(true);
    expect((await t.as('demo').get('/batch?suspended=true').expect(200)).body.map((b: { id: string }) => b.id)).toEqual(
      [batch.id],
    );
    expect(await t.engine.jobs.executeDueJobs()).toBe(0);
    expect(await statistics(t, batch.id)).toMatchObject({ remainingJobs: midway.remainingJobs });
    expect((await definitions()).map((d: { suspended: boolean }) => d.suspended)).toEqual([true, true, true]);

    await t.as('demo').put(`/batch/${batch.id}/suspended`).send({ suspended: false }).expect(204);
    await t.engine.jobs.executeDueJobs();
    await t.as('demo').get(`/batch/${batch.id}`).expect(404);
    expect(await definitions()).toEqual([]);
    expect((await t.as('demo').get(`/batch/statistics/count?batchId=${batch.id}`).expect(200)).body).toEqual({
      count: 0,
    });
    expect(await retriesOf(t, pi)).toEqual(new Array(TASKS).fill(5));
    expect(await invocations(t)).toBe(TASKS);

    const historic = (await t.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body;
    expect(historic).toMatchObject({
      id: batch.id,
      type: 'set-external-task-retries',
      totalJobs: TASKS,
      batchJobsPerSeed: 100,
      invocationsPerBatchJob: 1,
    });
    expect(historic.endTime).toMatch(/\+0000$/);
    expect(
      new Date(historic.removalTime.replace('+0000', 'Z')).getTime() -
        new Date(historic.endTime.replace('+0000', 'Z')).getTime(),
    ).toBe(5 * 86_400_000);
    expect((await t.as('demo').get(`/history/batch?batchId=${batch.id}&completed=true`).expect(200)).body).toHaveLength(
      1,
    );
    expect((await t.as('demo').get(`/history/batch/count?completed=false`).expect(200)).body).toEqual({ count: 0 });
  });

  it('a failing batch job loses its retries and opens a failedJob incident; deleting the batch with cascade removes all of it', async () => {
    const pi = await startBulk(t, 2);
    const [task] = (await t.as('demo').get(`/external-task?processInstanceId=${pi}`).expect(200)).body;
    const batch = (
      await t
        .as('demo')
        .post('/external-task/retries-async')
        .send({ externalTaskIds: [task.id, 'gone'], retries: 2 })
        .expect(200)
    ).body;
    // The monitor looks again at once (poll 0) while the failed job stays: a few rounds, not until nothing is due.
    await t.engine.jobs.executeDueJobs(10);
    const [failing] = (await t.as('demo').get(`/job?jobDefinitionId=${batch.batchJobDefinitionId}`).expect(200)).body;
    expect(failing).toMatchObject({
      batchId: batch.id,
      retries: 0,
      exceptionMessage: 'Cannot find external task with id gone: externalTask is null',
    });
    const incidents = (await t.as('demo').get(`/incident?jobDefinitionIdIn=${batch.batchJobDefinitionId}`).expect(200))
      .body;
    expect(incidents).toMatchObject([{ incidentType: 'failedJob', configuration: failing.id }]);
    expect(await statistics(t, batch.id)).toMatchObject({ remainingJobs: 1, completedJobs: 1, failedJobs: 1 });
    expect(
      (await t.as('demo').get('/batch?withFailures=true').expect(200)).body.map((b: { id: string }) => b.id),
    ).toEqual([batch.id]);

    await t.as('demo').delete(`/batch/${batch.id}?cascade=true`).expect(204);
    await t.as('demo').get(`/batch/${batch.id}`).expect(404);
    await t.as('demo').get(`/history/batch/${batch.id}`).expect(404);
    expect(
      (await t.as('demo').get(`/job/count?jobDefinitionId=${batch.batchJobDefinitionId}`).expect(200)).body,
    ).toEqual({ count: 0 });
    expect(
      (await t.as('demo').get(`/incident/count?jobDefinitionIdIn=${batch.batchJobDefinitionId}`).expect(200)).body,
    ).toEqual({ count: 0 });
  });

  it("answers Camunda's errors for unknown batches and empty selections", async () => {
    expect((await t.as('demo').get('/batch/nope').expect(404)).body).toMatchObject({
      type: 'InvalidRequestException',
      message: "Batch with id 'nope' does not exist",
    });
    expect((await t.as('demo').put('/batch/nope/suspended').send({ suspended: true }).expect(400)).body.message).toBe(
      "Unable to suspend batch with id 'nope'",
    );
    expect((await t.as('demo').put('/batch/nope/suspended').send({ suspended: false }).expect(400)).body.message).toBe(
      "Unable to activate batch with id 'nope'",
    );
    expect((await t.as('demo').delete('/batch/nope').expect(400)).body.message).toBe(
      "Unable to delete batch with id 'nope'",
    );
    expect((await t.as('demo').get('/history/batch/nope').expect(404)).body.message).toBe(
      "Historic batch with id 'nope' does not exist",
    );
    expect((await t.as('demo').delete('/history/batch/nope').expect(400)).body.message).toBe(
      "Unable to delete historic batch with id 'nope'",
    );
    expect(
      (await t.as('demo').post('/external-task/retries-async').send({ externalTaskIds: [], retries: 1 }).expect(400))
        .body.message,
    ).toBe('externalTaskIds is empty');
  });

  it('deleting a batch without cascade ends its historic batch', async () => {
    const pi = await startBulk(t, 3);
    const batch = (
      await t
        .as('demo')
        .post('/external-task/retries-async')
        .send({ processInstanceIds: [pi], retries: 1 })
        .expect(200)
    ).body;
    await t.as('demo').delete(`/batch/${batch.id}`).expect(204);
    expect((await t.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body.endTime).toMatch(/\+0000$/);
    await t.as('demo').delete(`/history/batch/${batch.id}`).expect(204);
    await t.as('demo').get(`/history/batch/${batch.id}`).expect(404);
  });
});

describe(`batch authorizations (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: string;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    pi = await startBulk(t, 2);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const grant = (resourceId: string, permissions: string[]) =>
    t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'ops', resourceType: 13, resourceId, permissions })
      .expect(200);
  const ops = () => t.as('ops', 'opspw');
  const start = () =>
    ops()
      .post('/external-task/retries-async')
      .send({ processInstanceIds: [pi], retries: 3 });

  it("starting needs CREATE (or the type's CREATE_BATCH_...) on Batch; lists show what the caller may READ; suspending needs UPDATE, deleting DELETE", async () => {
    const refused = await start().expect(403);
    expect(refused.body).toMatchObject({ type: 'AuthorizationException' });
    expect(refused.body.message).toBe(
      "The user with id 'ops' does not have one of the following permissions: 'CREATE' permission on resource 'Batch' or 'CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES' permission on resource 'Batch'",
    );
    await grant('*', ['CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES']);
    const mine = (await start().expect(200)).body;
    const other = (
      await t
        .as('demo')
        .post('/external-task/retries-async')
        .send({ processInstanceIds: [pi], retries: 4 })
        .expect(200)
    ).body;
    expect((await ops().get('/batch').expect(200)).body).toEqual([]);
    const readGrant = (await grant(mine.id, ['READ'])).body;
    expect((await ops().get('/batch').expect(200)).body.map((b: { id: string }) => b.id)).toEqual([mine.id]);
    expect((await ops().get('/batch/statistics/count').expect(200)).body).toEqual({ count: 1 });
    await ops().get(`/batch/${other.id}`).expect(404);
    expect((await ops().put(`/batch/${mine.id}/suspended`).send({ suspended: true }).expect(403)).body.type).toBe(
      'AuthorizationException',
    );
    await ops().delete(`/batch/${mine.id}`).expect(403);
    await t
      .as('demo')
      .put(`/authorization/${readGrant.id}`)
      .send({
        type: 1,
        userId: 'ops',
        resourceType: 13,
        resourceId: mine.id,
        permissions: ['READ', 'UPDATE', 'DELETE'],
      })
      .expect(204);
    await ops().put(`/batch/${mine.id}/suspended`).send({ suspended: true }).expect(204);
    await ops().delete(`/batch/${mine.id}`).expect(204);
    expect((await ops().get('/history/batch').expect(200)).body).toEqual([]);
  });
});

describe(`decision history batches (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0, batchHistoryTimeToLive: 2 });
    await deployFixture(t, ['deployment/dish.dmn']).expect(200);
  });
  afterAll(() => t.close());

  const evaluate = (season: string) =>
    t
      .as('demo')
      .post('/decision-definition/key/dish/evaluate')
      .send({ variables: { season: { value: season, type: 'String' }, guestCount: { value: 4, type: 'Integer' } } })
      .expect(200);
  const instances = async (query = '') =>
    (await t.as('demo').get(`/history/decision-instance?decisionDefinitionKey=dish${query}`).expect(200)).body;
  const asDate = (s: string) => new Date(s.replace('+0000', 'Z')).getTime();

  it('deleting decision history by query leaves exactly the rest', async () => {
    for (const season of ['Spring', 'Spring', 'Summer', 'Fall', 'Spring']) await evaluate(season);
    const all = await instances();
    expect(all).toHaveLength(5);
    const springIds = (
      await t.as('demo').get('/history/decision-instance?decisionDefinitionKey=dish&includeInputs=true').expect(200)
    ).body
      .filter((i: { inputs: Array<{ value: unknown }> }) => i.inputs.some((x) => x.value === 'Spring'))
      .map((i: { id: string }) => i.id);
    expect(springIds).toHaveLength(3);
    const batch = (
      await t
        .as('demo')
        .post('/history/decision-instance/delete')
        .send({
          historicDecisionInstanceIds: [springIds[0]],
          historicDecisionInstanceQuery: { decisionInstanceIdIn: springIds.slice(1) },
          deleteReason: 'tidy',
        })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'historic-decision-instance-deletion', totalJobs: 3 });
    await t.engine.jobs.executeDueJobs();
    const left = (await instances()).map((i: { id: string }) => i.id).sort();
    expect(left).toEqual(
      all
        .map((i: { id: string }) => i.id)
        .filter((id: string) => !springIds.includes(id))
        .sort(),
    );
    expect(
      (
        await t
          .as('demo')
          .post('/history/decision-instance/delete')
          .send({ historicDecisionInstanceIds: [] })
          .expect(400)
      ).body.message,
    ).toBe('historicDecisionInstanceIds is empty');
    expect((await t.as('demo').post('/history/decision-instance/delete').send({}).expect(400)).body.message).toBe(
      'historicDecisionInstanceIds is empty',
    );
  });

  it('sets removal times on decision instances absolutely, cleared and calculated', async () => {
    const [one] = await instances();
    const set = async (body: object, status = 200) => {
      const res = await t
        .as('demo')
        .post('/history/decision-instance/set-removal-time')
        .send({ historicDecisionInstanceIds: [one.id], ...body })
        .expect(status);
      if (status === 200) await t.engine.jobs.executeDueJobs();
      return res;
    };
    expect((await set({ absoluteRemovalTime: '2030-01-02T03:04:05.000+0000' })).body.type).toBe(
      'decision-set-removal-time',
    );
    expect((await t.as('demo').get(`/history/decision-instance/${one.id}`).expect(200)).body.removalTime).toBe(
      '2030-01-02T03:04:05.000+0000',
    );
    await set({ clearedRemovalTime: true });
    expect((await t.as('demo').get(`/history/decision-instance/${one.id}`).expect(200)).body.removalTime).toBeNull();
    await set({ calculatedRemovalTime: true, hierarchical: true });
    const calculated = (await t.as('demo').get(`/history/decision-instance/${one.id}`).expect(200)).body;
    expect(asDate(calculated.removalTime) - asDate(calculated.evaluationTime)).toBe(30 * 86_400_000);
    expect((await set({ clearedRemovalTime: true, calculatedRemovalTime: true }, 400)).body.message).toBe(
      'The removal time modes are mutually exclusive: mode is not null',
    );
    expect((await set({}, 400)).body.message).toBe('removalTime is null');
    const neither = await t
      .as('demo')
      .post('/history/decision-instance/set-removal-time')
      .send({ clearedRemovalTime: true })
      .expect(400);
    expect(neither.body.message).toBe('Neither query nor ids provided.');
  });

  it('sets removal times on historic batches, and the cleanable batch report counts what is past it', async () => {
    const [one] = await instances();
    await t
      .as('demo')
      .post('/history/decision-instance/set-removal-time')
      .send({ historicDecisionInstanceIds: [one.id], clearedRemovalTime: true })
      .expect(200);
    await t.engine.jobs.executeDueJobs();
    const finished = (
      await t.as('demo').get('/history/batch?completed=true&sortBy=startTime&sortOrder=asc').expect(200)
    ).body;
    expect(finished.length).toBeGreaterThan(2);
    for (const b of finished) expect(asDate(b.removalTime) - asDate(b.endTime)).toBe(2 * 86_400_000);
    const past = finished
      .filter((b: { type: string }) => b.type === 'decision-set-removal-time')
      .map((b: { id: string }) => b.id);
    const res = await t
      .as('demo')
      .post('/history/batch/set-removal-time')
      .send({ historicBatchIds: past, absoluteRemovalTime: '2020-01-01T00:00:00.000+0000' })
      .expect(200);
    expect(res.body.type).toBe('batch-set-removal-time');
    await t.engine.jobs.executeDueJobs();
    const report = (
      await t.as('demo').get('/history/batch/cleanable-batch-report?sortBy=finished&sortOrder=desc').expect(200)
    ).body;
    expect(report).toContainEqual({
      batchType: 'decision-set-removal-time',
      historyTimeToLive: 2,
      finishedBatchesCount: past.length,
      cleanableBatchesCount: past.length,
    });
    expect(report).toContainEqual({
      batchType: 'historic-decision-instance-deletion',
      historyTimeToLive: 2,
      finishedBatchesCount: 1,
      cleanableBatchesCount: 0,
    });
    expect((await t.as('demo').get('/history/batch/cleanable-batch-report/count').expect(200)).body).toEqual({
      count: report.length,
    });
    await t.as('demo').post('/history/batch/set-removal-time').send({ historicBatchIds: past }).expect(400);
  });
});

const TWO_PROCESSES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_ttl" targetNamespace="http://example.org/batch">
  <bpmn:process id="shortLived" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="S1" /><bpmn:sequenceFlow id="F1" sourceRef="S1" targetRef="E1" /><bpmn:endEvent id="E1" />
  </bpmn:process>
  <bpmn:process id="longLived" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S2" /><bpmn:sequenceFlow id="F2" sourceRef="S2" targetRef="E2" /><bpmn:endEvent id="E2" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`history cleanup (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0, historyCleanupBatchSize: 2 });
    await deploy(t, [{ name: 'ttl.bpmn', content: TWO_PROCESSES }]).expect(200);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'clerk' }, credentials: { password: 'clerkpw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const count = async (path: string) => (await t.as('demo').get(path).expect(200)).body.count;

  it('removes exactly the history rows past their removal time, in chunks, when asked', async () => {
    for (let i = 0; i < 5; i++)
      await t.as('demo').post('/process-definition/key/shortLived/start').send({}).expect(200);
    for (let i = 0; i < 2; i++) await t.as('demo').post('/process-definition/key/longLived/start').send({}).expect(200);
    const [kept] = (await t.as('demo').get('/history/process-instance?processDefinitionKey=longLived').expect(200))
      .body;
    expect(await count('/history/activity-instance/count')).toBe(14);
    expect((await t.as('clerk', 'clerkpw').post('/history/cleanup').expect(403)).body.message).toBe(
      'Required admin authenticated group or user.',
    );

    const job = (await t.as('demo').post('/history/cleanup').expect(200)).body;
    expect(job).toMatchObject({ id: expect.any(String), retries: 3, suspended: false, dueDate: expect.any(String) });
    expect((await t.as('demo').post('/history/cleanup').expect(200)).body.id).toBe(job.id);
    await t.engine.jobs.executeDueJobs();

    expect(await count('/history/process-instance/count?processDefinitionKey=shortLived')).toBe(0);
    expect(await count('/history/process-instance/count?processDefinitionKey=longLived')).toBe(2);
    expect(await count('/history/activity-instance/count')).toBe(4);
    const removal =
      new Date(kept.removalTime.replace('+0000', 'Z')).getTime() -
      new Date(kept.endTime.replace('+0000', 'Z')).getTime();
    expect(removal).toBe(30 * 86_400_000);
    expect(await count('/job/count')).toBe(0);
    expect(kept.endTime).toMatch(/\+0000$/);
  });

  it('deletes historic process instances by ids and query in a historic-instance-deletion batch (beyond the spec)', async () => {
    for (let i = 0; i < 3; i++) await t.as('demo').post('/process-definition/key/longLived/start').send({}).expect(200);
    const all = (
      await t
        .as('demo')
        .get('/history/process-instance?processDefinitionKey=longLived&sortBy=startTime&sortOrder=asc')
        .expect(200)
    ).body;
    expect(all).toHaveLength(5);
    const batch = (
      await t
        .as('demo')
        .post('/history/process-instance/delete')
        .send({
          historicProcessInstanceIds: [all[0].id],
          historicProcessInstanceQuery: { processInstanceIds: [all[1].id, all[2].id] },
        })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'historic-instance-deletion', totalJobs: 3 });
    await t.engine.jobs.executeDueJobs();
    const left = (
      await t.as('demo').get('/history/process-instance?processDefinitionKey=longLived').expect(200)
    ).body.map((h: { id: string }) => h.id);
    expect(left.sort()).toEqual([all[3].id, all[4].id].sort());
    expect(await count('/history/activity-instance/count')).toBe(4);
    const empty = await t
      .as('demo')
      .post('/history/process-instance/delete')
      .send({ historicProcessInstanceIds: [] })
      .expect(400);
    expect(empty.body.message).toBe('historicProcessInstanceIds is empty');
  });
});

describe(`batches across restarts and instances (${databaseLabel()})`, () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) ({ url, drop } = await freshMysqlDatabase(process.env.TEST_DATABASE_URL));
    else {
      const dir = mkdtempSync(path.join(tmpdir(), 'batch-'));
      url = `sqlite:${path.join(dir, 'engine.sqlite')}`;
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => drop());

  it('a batch continues after a restart of the app, and no target is done twice', async () => {
    const first = await createTestApp({ databaseUrl: url, jobExecutorEnabled: false, batchPollMs: 0 });
    const pi = await startBulk(first, TASKS);
    const batch = (
      await first
        .as('demo')
        .post('/external-task/retries-async')
        .send({ processInstanceIds: [pi], retries: 7 })
        .expect(200)
    ).body;
    await first.engine.jobs.executeDueJobs(3);
    const before = await invocations(first);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(TASKS);
    await first.close();

    const second = await createTestApp({ databaseUrl: url, jobExecutorEnabled: false, batchPollMs: 0 });
    try {
      await second.engine.jobs.executeDueJobs();
      expect(before + (await invocations(second))).toBe(TASKS);
      expect(await retriesOf(second, pi)).toEqual(new Array(TASKS).fill(7));
      expect((await second.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body.endTime).toMatch(/\+0000$/);
    } finally {
      await second.close();
    }
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('two app instances on one database share one batch', async () => {
    const options = {
      databaseUrl: url,
      jobExecutorPollMs: 50,
      jobExecutorBatchSize: 5,
      batchPollMs: 100,
      batchJobsPerSeed: 50,
    };
    const a = await createTestApp(options);
    const b = await createTestApp(options);
    try {
      const pi = await startBulk(a, TASKS);
      const batch = (
        await a
          .as('demo')
          .post('/external-task/retries-async')
          .send({ processInstanceIds: [pi], retries: 9 })
          .expect(200)
      ).body;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const h = (await b.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body;
        if (h.endTime) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await a.as('demo').get(`/history/batch/${batch.id}`).expect(200)).body.endTime).not.toBeNull();
      expect((await invocations(a)) + (await invocations(b))).toBe(TASKS);
      expect(await retriesOf(b, pi)).toEqual(new Array(TASKS).fill(9));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
