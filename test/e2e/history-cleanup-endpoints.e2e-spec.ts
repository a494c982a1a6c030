import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// HistoryCleanupRestServiceImpl#findCleanupJob, #findCleanupJobs, #getHistoryCleanupConfiguration
describe(`history cleanup jobs and configuration (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
  });
  afterAll(() => t.close());

  it('answers 404 while there is no cleanup job, then the jobs POST /history/cleanup made', async () => {
    expect((await t.as('demo').get('/history/cleanup/job').expect(404)).body).toEqual({
      type: 'RestException',
      message: 'History cleanup job does not exist',
      code: null,
    });
    expect((await t.as('demo').get('/history/cleanup/jobs').expect(404)).body).toEqual({
      type: 'RestException',
      message: 'History cleanup jobs are empty',
      code: null,
    });
    const made = (await t.as('demo').post('/history/cleanup').expect(200)).body;
    const job = (await t.as('demo').get('/history/cleanup/job').expect(200)).body;
    expect(job).toEqual(made);
    const jobs = (await t.as('demo').get('/history/cleanup/jobs').expect(200)).body;
    expect(jobs.map((j: any) => j.id)).toContain(made.id);
    expect(jobs[0].id).toBe(made.id);
  });

  it('has no batch window without one configured, and is enabled', async () => {
    expect((await t.as('demo').get('/history/cleanup/configuration').expect(200)).body).toEqual({
      batchWindowStartTime: null,
      batchWindowEndTime: null,
      enabled: true,
    });
  });

  it('names the current or next window over midnight', async () => {
    const windowed = await createTestApp({ jobExecutorEnabled: false, historyCleanupWindow: '22:00-02:00' });
    try {
      const now = Date.now();
      const body = (await windowed.as('demo').get('/history/cleanup/configuration').expect(200)).body;
      expect(body.enabled).toBe(true);
      expect(body.batchWindowStartTime).toMatch(/T22:00:00\.000\+0000$/);
      expect(body.batchWindowEndTime).toMatch(/T02:00:00\.000\+0000$/);
      const start = Date.parse(body.batchWindowStartTime.replace('+0000', 'Z'));
      const end = Date.parse(body.batchWindowEndTime.replace('+0000', 'Z'));
      expect(end - start).toBe(4 * 60 * 60 * 1000);
      expect(end).toBeGreaterThan(now);
      expect(start).toBeLessThan(now + 24 * 60 * 60 * 1000);
    } finally {
      await windowed.close();
    }
  });
});
