import { AddressInfo } from 'node:net';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deployExternalTaskFixtures } from '../fixtures/external-task/external-task-fixtures';

const TASKS = 2000;
const WORKERS = 8;
const AUTH = `Basic ${Buffer.from('demo:demo').toString('base64')}`;

/**
 * Two server instances (two Nest apps in this process) on one MariaDB database, eight workers
 * fetching from both: every task is handed out once and completed once. SQLite serves a single
 * instance only, so this runs on MySQL/MariaDB.
 */
const describeMysql = databaseLabel() === 'mysql' ? describe : describe.skip;

describeMysql('external tasks under concurrent workers on two server instances', () => {
  let first: TestApp;
  let second: TestApp;
  const bases: string[] = [];
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ databaseUrl: first.config.databaseUrl });
    await deployExternalTaskFixtures(first);
    for (const app of [first, second]) {
      await app.app.listen(0, '127.0.0.1');
      bases.push(`http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}/engine-rest`);
    }
  }, 60000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const call = async (base: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  it(`hands each of ${TASKS} tasks to exactly one of ${WORKERS} workers`, async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, lane) => {
        while (next < TASKS) {
          next++;
          const res = await call(bases[lane % 2], 'POST', '/process-definition/key/single-task/start', {});
          expect(res.status).toBe(200);
        }
      }),
    );
    expect((await call(bases[0], 'GET', '/external-task/count?topicName=work')).body.count).toBe(TASKS);

    const handedOut = new Map<string, string[]>();
    const completions: number[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        const workerId = `worker-${w}`;
        const base = bases[w % 2];
        const maxTasks = [1, 5, 10, 3][w % 4];
        for (let idle = 0; idle < 3;) {
          const res = await call(base, 'POST', '/external-task/fetchAndLock', {
            workerId,
            maxTasks,
            usePriority: w % 2 === 0,
            topics: [{ topicName: 'work', lockDuration: 120000 }],
          });
          expect(res.status).toBe(200);
          if (!res.body.length) {
            idle++;
            continue;
          }
          idle = 0;
          for (const task of res.body) {
            handedOut.set(task.id, [...(handedOut.get(task.id) ?? []), workerId]);
            const done = await call(base, 'POST', `/external-task/${task.id}/complete`, { workerId });
            completions.push(done.status);
          }
        }
      }),
    );

    const twice = [...handedOut.entries()].filter(([, workers]) => workers.length > 1);
    expect(twice).toEqual([]);
    expect(handedOut.size).toBe(TASKS);
    expect(completions.filter((s) => s === 204)).toHaveLength(TASKS);
    expect((await call(bases[1], 'GET', '/external-task/count')).body.count).toBe(0);
    expect((await call(bases[0], 'GET', '/process-instance/count')).body.count).toBe(0);
    const finished = await call(bases[1], 'GET', '/history/activity-instance/count?activityId=Work&finished=true');
    expect(finished.body.count).toBe(TASKS);
  }, 120000);
});
