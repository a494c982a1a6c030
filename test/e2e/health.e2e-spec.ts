import { deployExternalTaskFixtures, startWorkerFlow } from '../fixtures/external-task/external-task-fixtures';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** Liveness and readiness probes: public, at the root, terminus's body, 503 naming the failing part. */
describe(`health (${databaseLabel()})`, () => {
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end && !check();) await new Promise((r) => setTimeout(r, 10));
  };
  /** Pieces of the database URL that must never show in a public body. */
  const secretsOf = (databaseUrl: string): string[] => {
    const pieces = databaseUrl.split(/[:/@?]+/).filter((p) => p.length > 2 && p !== 'memory');
    return [databaseUrl, ...pieces, 'SELECT', 'schema_migrations', 'Error'];
  };

  describe('a healthy instance', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers live without credentials, uncached, as exactly application/json', async () => {
      const res = await t.api().get('/health/live').expect(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
      expect(res.body).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    });

    it('answers ready without credentials, listing every part as up', async () => {
      const res = await t.api().get('/health/ready').expect(200);
      const parts = {
        database: { status: 'up' },
        migrations: { status: 'up' },
        jobExecutor: { status: 'up', enabled: true, running: true },
        fetchAndLockWaitingRoom: { status: 'up', waiting: 0, capacity: t.config.fetchAndLockQueueCapacity },
      };
      expect(res.body).toEqual({ status: 'ok', info: parts, error: {}, details: parts });
    });

    it('ignores credentials, even wrong ones', async () => {
      await t.api().get('/health/ready').auth('demo', 'wrong').expect(200);
      await t.api().get('/health/live').auth('nobody', 'x').expect(200);
    });

    it('lives at the root only: not under /engine-rest, and documented at the root', async () => {
      await t.as('demo').get('/engine-rest/health/live').expect(404);
      await t.as('demo').get('/engine-rest/health/ready').expect(404);
      await t.as('demo').get('/engine-rest/engine/default/health/ready').expect(404);
      const paths = Object.keys((await t.api().get('/docs-json').expect(200)).body.paths);
      expect(paths).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
      expect(paths.filter((p) => p.includes('health'))).toEqual(['/health/live', '/health/ready']);
    });
  });

  describe('an instance whose parts fail', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    // The DataSource is gone already; closing must still go through (the executor's lock release is best effort).
    afterAll(() => t.close());

    it('is not ready while its job executor is stopped', async () => {
      await t.engine.jobExecutor.stop();
      const res = await t.api().get('/health/ready').expect(503);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body.status).toBe('error');
      expect(res.body.error).toEqual({
        jobExecutor: { status: 'down', enabled: true, running: false, message: 'job executor not running' },
      });
      expect(res.body.info.database).toEqual({ status: 'up' });
      expect(res.body.details.jobExecutor.status).toBe('down');
      t.engine.startJobExecutor();
      await t.api().get('/health/ready').expect(200);
    });

    it('is not ready when a migration is no longer applied', async () => {
      const [{ id }] = await t.engine.dataSource.query('SELECT MAX(id) AS id FROM schema_migrations');
      await t.engine.dataSource.query('DELETE FROM schema_migrations WHERE id = ?', [id]);
      const res = await t.api().get('/health/ready').expect(503);
      expect(res.body.error).toEqual({ migrations: { status: 'down', message: 'migrations pending' } });
    });

    it('names the database when it is gone, with nothing secret in the body, and stays live', async () => {
      await t.engine.dataSource.destroy();
      const res = await t.api().get('/health/ready').expect(503);
      expect(res.body.status).toBe('error');
      expect(res.body.error).toEqual({
        database: { status: 'down', message: 'database not reachable' },
        migrations: { status: 'down', message: 'migrations could not be checked' },
      });
      expect(Object.keys(res.body.info).sort()).toEqual(['fetchAndLockWaitingRoom', 'jobExecutor']);
      for (const secret of secretsOf(t.config.databaseUrl)) expect(res.text).not.toContain(secret);
      await t.api().get('/health/live').expect(200);
    });
  });

  describe('a full fetch-and-lock waiting room', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ fetchAndLockQueueCapacity: 1 });
      await deployExternalTaskFixtures(t);
    });
    afterAll(() => t.close());

    it('is not ready while the room is full, and ready again once the long poll is answered', async () => {
      const parked = t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({
          workerId: 'health',
          maxTasks: 1,
          asyncResponseTimeout: 60000,
          topics: [{ topicName: 'charge', lockDuration: 60000, businessKey: 'health' }],
        })
        .then((res) => res);
      try {
        await until(() => t.engine.externalTasks.waitingRoom.size === 1);
        const res = await t.api().get('/health/ready').expect(503);
        expect(res.body.error).toEqual({
          fetchAndLockWaitingRoom: {
            status: 'down',
            waiting: 1,
            capacity: 1,
            message: 'fetch-and-lock waiting room full',
          },
        });
        expect(Object.keys(res.body.info).sort()).toEqual(['database', 'jobExecutor', 'migrations']);
      } finally {
        // A task on the parked topic answers the long poll, so nothing is left waiting.
        const instance = await startWorkerFlow(t, 0, 'health');
        const answered = await parked;
        expect(answered.status).toBe(200);
        expect(answered.body.map((task: { processInstanceId: string }) => task.processInstanceId)).toEqual([instance]);
      }
      expect(t.engine.externalTasks.waitingRoom.size).toBe(0);
      expect((await t.api().get('/health/ready').expect(200)).body.details.fetchAndLockWaitingRoom).toEqual({
        status: 'up',
        waiting: 0,
        capacity: 1,
      });
    });
  });

  describe('an instance without job executor', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ jobExecutorEnabled: false });
    });
    afterAll(() => t.close());

    it('is ready, with the job executor part up and marked disabled', async () => {
      expect(t.engine.jobExecutor.isRunning).toBe(false);
      const res = await t.api().get('/health/ready').expect(200);
      expect(res.body.details.jobExecutor).toEqual({ status: 'up', enabled: false });
    });
  });
});
