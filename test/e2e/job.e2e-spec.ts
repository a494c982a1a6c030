import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`jobs over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['events/async.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const jobsOf = async (id: string) => (await t.as('demo').get(`/job?processInstanceId=${id}`).expect(200)).body;

  it("lists, counts and gets jobs in Camunda's shape", async () => {
    const pi = await start('asyncSteps');
    const [job] = await jobsOf(pi.id);
    expect(job).toEqual({
      id: expect.any(String),
      jobDefinitionId: expect.any(String),
      processInstanceId: pi.id,
      processDefinitionId: pi.definitionId,
      processDefinitionKey: 'asyncSteps',
      executionId: pi.id,
      exceptionMessage: null,
      failedActivityId: null,
      retries: 3,
      dueDate: null,
      suspended: false,
      priority: 7,
      tenantId: null,
      createTime: expect.stringMatching(/\+0000$/),
      batchId: null,
    });
    expect((await t.as('demo').get(`/job/${job.id}`).expect(200)).body).toEqual(job);
    expect((await t.as('demo').get(`/job/count?processInstanceId=${pi.id}&messages=true`).expect(200)).body).toEqual({
      count: 1,
    });
    expect((await t.as('demo').get(`/job/count?processInstanceId=${pi.id}&timers=true`).expect(200)).body).toEqual({
      count: 0,
    });
    expect(
      (await t.as('demo').post('/job/count').send({ processInstanceId: pi.id, executable: true }).expect(200)).body,
    ).toEqual({ count: 1 });
    expect((await t.as('demo').get('/job?sortBy=jobPriority&sortOrder=desc').expect(200)).body.length).toBeGreaterThan(
      0,
    );
    expect((await t.as('demo').get('/job/unknown').expect(404)).body.message).toBe(
      'Job with id unknown does not exist',
    );
    await t.as('demo').get('/job?sortBy=nope&sortOrder=asc').expect(400);
  });

  it('POST /job/{id}/execute runs it now (204); an unknown job is a 404', async () => {
    const pi = await start('asyncOnce');
    const [job] = await jobsOf(pi.id);
    await t.as('demo').post(`/job/${job.id}/execute`).expect(204);
    expect(await jobsOf(pi.id)).toEqual([]);
    const unknown = await t.as('demo').post('/job/nope/execute').expect(404);
    expect(unknown.body.message).toBe("No job found with id 'nope': job is null");
  });

  it('Given a job whose work fails, When it runs out of retries, Then a failedJob incident is visible over REST', async () => {
    const pi = await start('asyncFailing');
    const [job] = await jobsOf(pi.id);
    for (let i = 0; i < 3; i++) {
      const res = await t.as('demo').post(`/job/${job.id}/execute`).expect(500); // deliberate 500: Camunda answers 500 when the executed job fails
      expect(res.body).toMatchObject({
        type: 'RestException',
        message: expect.stringContaining('Unknown property used in expression: ${missing > 1}'),
      });
    }
    const [failed] = await jobsOf(pi.id);
    expect(failed).toMatchObject({
      retries: 0,
      failedActivityId: 'Check',
      exceptionMessage: expect.stringContaining('Unknown property'),
    });
    expect(
      (await t.as('demo').get(`/job/count?noRetriesLeft=true&processInstanceId=${pi.id}`).expect(200)).body,
    ).toEqual({ count: 1 });
    expect(
      (await t.as('demo').get(`/job/count?withException=true&processInstanceId=${pi.id}`).expect(200)).body,
    ).toEqual({ count: 1 });
    const incidents = await t.as('demo').get(`/incident?processInstanceId=${pi.id}`).expect(200);
    expect(incidents.body).toMatchObject([
      {
        incidentType: 'failedJob',
        configuration: job.id,
        activityId: 'Check',
        failedActivityId: 'Check',
        incidentMessage: failed.exceptionMessage,
      },
    ]);
    const trace = await t.as('demo').get(`/job/${job.id}/stacktrace`).expect(200);
    expect(trace.headers['content-type']).toMatch(/^text\/plain/);
    expect(trace.text).toContain('Unknown property used in expression');
    // The message and its causes, never the server's call stack (file paths).
    expect(trace.text).not.toMatch(/\n\s+at |\/src\//);

    await t.as('demo').put(`/job/${job.id}/retries`).send({ retries: 2 }).expect(204);
    expect((await t.as('demo').get(`/incident/count?processInstanceId=${pi.id}`).expect(200)).body).toEqual({
      count: 0,
    });
    expect((await t.as('demo').get(`/job/${job.id}`).expect(200)).body.retries).toBe(2);
  });

  it('a job that never failed has no stack trace (204); retries are validated', async () => {
    const pi = await start('asyncOnce');
    const [job] = await jobsOf(pi.id);
    await t.as('demo').get(`/job/${job.id}/stacktrace`).expect(204);
    await t.as('demo').put(`/job/${job.id}/retries`).send({ retries: -1 }).expect(400);
    await t.as('demo').put(`/job/${job.id}/retries`).send({}).expect(400);
    await t.as('demo').put('/job/unknown/retries').send({ retries: 1 }).expect(404);
    await t
      .as('demo')
      .put(`/job/${job.id}/retries`)
      .send({ retries: 5, dueDate: '2030-01-01T00:00:00.000+0000' })
      .expect(204);
    expect((await t.as('demo').get(`/job/${job.id}`).expect(200)).body).toMatchObject({
      retries: 5,
      dueDate: '2030-01-01T00:00:00.000+0000',
    });
  });
});
