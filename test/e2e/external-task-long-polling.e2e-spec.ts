import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deployExternalTaskFixtures, fetch, startWorkerFlow } from '../fixtures/external-task/external-task-fixtures';

/** fetchAndLock with asyncResponseTimeout: who wakes a waiting request, when it gives up, and its limits. */
describe(`external task long polling (${databaseLabel()})`, () => {
  const body = (businessKey: string, asyncResponseTimeout: number, workerId = 'poller') => ({
    workerId,
    maxTasks: 5,
    asyncResponseTimeout,
    topics: [{ topicName: 'charge', lockDuration: 60000, businessKey }],
  });
  /** Sends a long poll and reports when its answer came. */
  const poll = (t: TestApp, b: object) => {
    const sent = Date.now();
    return t
      .as('demo')
      .post('/external-task/fetchAndLock')
      .send(b)
      .then((res) => ({ res, after: Date.now() - sent }));
  };
  const until = async (check: () => boolean, ms = 2000) => {
    for (const end = Date.now() + ms; Date.now() < end && !check();) await new Promise((r) => setTimeout(r, 10));
  };

  describe('woken by this server (no periodic re-check)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ longPollRecheckMs: 600_000, fetchAndLockQueueCapacity: 3 });
      await deployExternalTaskFixtures(t);
    });
    afterAll(() => t.close());
    const waiting = () => t.engine.externalTasks.waitingRoom.size;

    it('answers as soon as a matching task is created', async () => {
      const pending = poll(t, body('created', 20000));
      await until(() => waiting() === 1);
      expect(waiting()).toBe(1);
      const pi = await startWorkerFlow(t, 0, 'created');
      const { res, after } = await pending;
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ processInstanceId: pi, workerId: 'poller' });
      expect(after).toBeLessThan(5000);
      expect(waiting()).toBe(0);
    });

    it('answers when a task is unlocked or gets its retries back', async () => {
      await startWorkerFlow(t, 0, 'unlocked');
      const [task] = await fetch(t, 'other', [{ topicName: 'charge', businessKey: 'unlocked' }]);
      const pending = poll(t, body('unlocked', 20000));
      await until(() => waiting() === 1);
      await t.as('demo').post(`/external-task/${task.id}/unlock`).expect(204);
      expect((await pending).res.body.map((x: any) => x.id)).toEqual([task.id]);

      await t
        .as('demo')
        .post(`/external-task/${task.id}/failure`)
        .send({ workerId: 'poller', errorMessage: 'out', retries: 0 })
        .expect(204);
      const again = poll(t, body('unlocked', 20000));
      await until(() => waiting() === 1);
      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 1 }).expect(204);
      expect((await again).res.body.map((x: any) => x.id)).toEqual([task.id]);
    });

    it('answers an empty list when the time is up, at once for 0 or no timeout', async () => {
      const { res, after } = await poll(t, body('nothing', 300));
      expect(res.body).toEqual([]);
      expect(after).toBeGreaterThanOrEqual(250);
      expect((await poll(t, body('nothing', 0))).res.body).toEqual([]);
      const { res: immediate, after: fast } = await poll(t, {
        workerId: 'w',
        maxTasks: 1,
        topics: [{ topicName: 'charge', lockDuration: 10, businessKey: 'nothing' }],
      });
      expect(immediate.body).toEqual([]);
      expect(fast).toBeLessThan(250);
    });

    it('refuses requests beyond the queue capacity', async () => {
      const pending = [poll(t, body('full', 1500)), poll(t, body('full', 1500)), poll(t, body('full', 1500))];
      await until(() => waiting() === 3);
      const res = await t.as('demo').post('/external-task/fetchAndLock').send(body('full', 1500)).expect(503);
      expect(res.body).toEqual({
        type: 'InvalidRequestException',
        code: null,
        message: 'At the moment the server has to handle too many requests at the same time. Please try again later.',
      });
      for (const p of pending) expect((await p).res.body).toEqual([]);
    });
  });

  describe('re-checking the database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ longPollRecheckMs: 100 });
      await deployExternalTaskFixtures(t);
    });
    afterAll(() => t.close());

    it('finds tasks whose lock or retry timeout ran out', async () => {
      await startWorkerFlow(t, 0, 'expiring');
      const [task] = await fetch(t, 'other', [{ topicName: 'charge', businessKey: 'expiring', lockDuration: 400 }]);
      const { res, after } = await poll(t, body('expiring', 20000));
      expect(res.body.map((x: any) => x.id)).toEqual([task.id]);
      expect(after).toBeGreaterThanOrEqual(250);
      expect(after).toBeLessThan(3000);

      await t
        .as('demo')
        .post(`/external-task/${task.id}/failure`)
        .send({ workerId: 'poller', errorMessage: 'later', retries: 1, retryTimeout: 300 })
        .expect(204);
      const retried = await poll(t, body('expiring', 20000));
      expect(retried.res.body.map((x: any) => x.id)).toEqual([task.id]);
      expect(retried.after).toBeGreaterThanOrEqual(200);
    });
  });

  describe('two server instances on one database', () => {
    let first: TestApp;
    let second: TestApp;
    let file: string | null = null;
    beforeAll(async () => {
      file =
        databaseLabel() === 'sqlite'
          ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ext-poll-')), 'engine.sqlite')
          : null;
      first = await createTestApp({ longPollRecheckMs: 200, ...(file ? { databaseUrl: `sqlite:${file}` } : {}) });
      second = await createTestApp({ databaseUrl: first.config.databaseUrl, longPollRecheckMs: 600_000 });
      await deployExternalTaskFixtures(first);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
      if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
    });

    it('answers a request waiting on one instance with a task created on the other', async () => {
      const pending = poll(first, body('elsewhere', 20000));
      await until(() => first.engine.externalTasks.waitingRoom.size === 1);
      const pi = await startWorkerFlow(second, 0, 'elsewhere');
      const { res, after } = await pending;
      expect(res.body.map((x: any) => x.processInstanceId)).toEqual([pi]);
      expect(after).toBeLessThan(3000);
    });
  });

  describe('shutdown', () => {
    it('answers waiting requests with an empty list instead of dropping them', async () => {
      const t = await createTestApp();
      await deployExternalTaskFixtures(t);
      const server = t.app.getHttpServer();
      const pending = request(server)
        .post('/engine-rest/external-task/fetchAndLock')
        .auth('demo', 'demo')
        .send(body('shutdown', 60000));
      const answered = pending.then((res) => res);
      await until(() => t.engine.externalTasks.waitingRoom.size === 1);
      const closing = t.close();
      const res = await answered;
      await closing;
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });
  });
});
