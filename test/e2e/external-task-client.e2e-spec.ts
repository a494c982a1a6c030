import { AddressInfo } from 'node:net';
import { BasicAuthInterceptor, Client, Task, Variables } from 'camunda-external-task-client-js';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deployExternalTaskFixtures, startWorkerFlow } from '../fixtures/external-task/external-task-fixtures';

/**
 * The real camunda-external-task-client-js against the app on a random port: two topics, typed
 * variables, a failure with retries, a BPMN error caught by a boundary event, long polling.
 */
describe(`camunda-external-task-client-js (${databaseLabel()})`, () => {
  let t: TestApp;
  let client: Client;
  const errors: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    client?.stop();
    await t.close();
  });

  const until = async (check: () => Promise<boolean>, ms = 15000) => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
      if (await check()) return true;
    return false;
  };
  const activities = async (pi: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${pi}`).expect(200)).body as any[];

  it('works through a set of process instances', async () => {
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const shipped: Record<
      string,
      { paid: unknown; amount: unknown; chargedAt: unknown; receipt: unknown; attempts: number }
    > = {};
    const attempts = new Map<string, number>();
    client = new Client({
      baseUrl: `http://127.0.0.1:${port}/engine-rest`,
      workerId: 'node-client',
      interceptors: new BasicAuthInterceptor({ username: 'demo', password: 'demo' }),
      asyncResponseTimeout: 10000,
      interval: 20,
      lockDuration: 20000,
    });
    client.on('poll:error', (e: unknown) => errors.push(e));
    for (const event of ['complete:error', 'handleFailure:error', 'handleBpmnError:error'])
      client.on(event, (_task: Task, e: unknown) => errors.push(e));

    client.subscribe('charge', async ({ task, taskService }) => {
      const customer = task.variables.get('customer');
      const attempt = (attempts.get(task.id) ?? 0) + 1;
      attempts.set(task.id, attempt);
      if (customer === 'declined') {
        await taskService.handleBpmnError(task, 'DECLINED', 'card declined', new Variables().set('reason', 'limit'));
      } else if (customer === 'flaky' && attempt === 1) {
        await taskService.handleFailure(task, {
          errorMessage: 'gateway timeout',
          errorDetails: 'Error: timeout\n  at charge',
          retries: 2,
          retryTimeout: 100,
        });
      } else {
        const result = new Variables()
          .set('paid', true)
          .setTyped('amount', { type: 'double', value: 12.5, valueInfo: {} })
          .set('chargedAt', new Date('2026-01-02T03:04:05.000Z'))
          .set('receipt', { number: 'R-1', lines: [1, 2] })
          .set('attempts', attempt);
        await taskService.complete(task, result, new Variables().set('localNote', 'only here'));
      }
    });
    client.subscribe('ship', async ({ task, taskService }) => {
      shipped[task.variables.get('customer')] = {
        paid: task.variables.get('paid'),
        amount: task.variables.getTyped('amount'),
        chargedAt: task.variables.get('chargedAt'),
        receipt: task.variables.get('receipt'),
        attempts: task.variables.get('attempts'),
      };
      await taskService.complete(task);
    });

    // Started after the client polls: the long poll is woken by the new tasks.
    await new Promise((r) => setTimeout(r, 200));
    const customer = (name: string) => ({ customer: { value: name, type: 'String' } });
    const ok = await startWorkerFlow(t, 0, 'ok', customer('ok'));
    const flaky = await startWorkerFlow(t, 0, 'flaky', customer('flaky'));
    const declined = await startWorkerFlow(t, 0, 'declined', customer('declined'));

    const ended = async (pi: string) => (await t.as('demo').get(`/process-instance/${pi}`)).status === 404;
    expect(await until(async () => (await ended(ok)) && (await ended(flaky)) && (await ended(declined)))).toBe(true);
    expect(errors).toEqual([]);

    expect(shipped.ok).toEqual({
      paid: true,
      amount: { type: 'double', value: 12.5, valueInfo: {} },
      chargedAt: new Date('2026-01-02T03:04:05.000Z'),
      receipt: { number: 'R-1', lines: [1, 2] },
      attempts: 1,
    });
    expect(shipped.flaky.attempts).toBe(2);
    expect(shipped.declined).toBeUndefined();

    const okHistory = await activities(ok);
    expect(okHistory.map((a) => a.activityId).sort()).toEqual(['Charge', 'Done', 'Ship', 'Start']);
    expect(okHistory.every((a) => a.endTime !== null)).toBe(true);
    expect((await activities(declined)).map((a) => a.activityId).sort()).toEqual([
      'Charge',
      'Declined',
      'DeclinedBoundary',
      'Start',
    ]);
    expect((await t.as('demo').get('/external-task/count').expect(200)).body).toEqual({ count: 0 });
    expect((await t.as('demo').get('/incident/count').expect(200)).body).toEqual({ count: 0 });
  });
});
