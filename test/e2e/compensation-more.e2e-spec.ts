import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`compensation in called instances and multi-instance transactions over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, [
      'events/compensation/called-instance.bpmn',
      'events/compensation/mi-transaction.bpmn',
      'events/compensation/mi-transaction-sequential.bpmn',
    ]).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string, variables: object = {}) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({ variables }).expect(200)).body;
  const variables = async (id: string) =>
    (await t.as('demo').get(`/process-instance/${id}/variables`).expect(200)).body;
  const tasks = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body;
  const history = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body;
  const count = (rows: any[], activityId: string, canceled?: boolean) =>
    rows.filter((a) => a.activityId === activityId && (canceled === undefined || a.canceled === canceled)).length;
  const subscriptions = async (id: string) =>
    (await t.as('demo').get(`/event-subscription?processInstanceId=${id}&eventType=compensate`).expect(200)).body;

  it('a compensate throw in a called instance compensates the activities of that instance, most recent first', async () => {
    const caller = await start('compensationCaller', { log: { value: '', type: 'String' } });
    const called = (await t.as('demo').get(`/process-instance?superProcessInstance=${caller.id}`).expect(200)).body[0];
    expect(called).toBeDefined();
    // Refund (a user task) handles Charge, the most recent; Release (a script) runs beside it.
    expect((await variables(called.id)).log.value).toBe('reserve;charge;release;');
    const [refund] = await tasks(called.id, 'Refund');
    expect(refund).toBeDefined();
    expect(await tasks(called.id, 'Review')).toEqual([]);
    await t.as('demo').post(`/task/${refund.id}/complete`).send({}).expect(204);
    const [review] = await tasks(called.id, 'Review');
    expect(review).toBeDefined();
    expect(await subscriptions(called.id)).toEqual([]);
    const rows = await history(called.id);
    expect(rows.map((a: any) => [a.activityId, a.activityType, a.endTime !== null]).sort()).toEqual(
      [
        ['Charge', 'scriptTask', true],
        ['Failed', 'intermediateCompensationThrowEvent', true],
        ['Refund', 'userTask', true],
        ['Release', 'scriptTask', true],
        ['Reserve', 'scriptTask', true],
        ['Review', 'userTask', false],
        ['Start', 'startEvent', true],
      ].sort(),
    );
    await t.as('demo').post(`/task/${review.id}/complete`).send({}).expect(204);
    const [after] = await tasks(caller.id, 'After');
    expect(after).toBeDefined();
    expect((await variables(caller.id)).log.value).toBe('reserve;charge;release;');
    expect((await history(caller.id)).map((a: any) => [a.activityId, a.endTime !== null]).sort()).toEqual(
      [
        ['After', false],
        ['Call', true],
        ['CallerStart', true],
      ].sort(),
    );
  });

  it('a cancel end event in one instance of a multi-instance transaction compensates that instance and cancels them all', async () => {
    const pi = await start('miTransaction');
    expect((await variables(pi.id)).booked.value).toBe('0;1;2;');
    expect(await subscriptions(pi.id)).toHaveLength(3);
    const confirms = await tasks(pi.id, 'Confirm');
    expect(confirms).toHaveLength(3);
    const second = confirms[1];
    const item = (await t.as('demo').get(`/task/${second.id}/variables/loopCounter`).expect(200)).body.value;
    await t
      .as('demo')
      .post(`/task/${second.id}/complete`)
      .send({ variables: { confirmed: { value: false, type: 'Boolean' } } })
      .expect(204);
    const vars = await variables(pi.id);
    expect(vars.unbooked.value).toBe(`${item};`);
    expect(await subscriptions(pi.id)).toEqual([]);
    expect(await tasks(pi.id, 'Confirm')).toEqual([]);
    expect(await tasks(pi.id, 'AfterCancel')).toHaveLength(1);
    const rows = await history(pi.id);
    expect({
      unbook: count(rows, 'Unbook'),
      cancelEnd: count(rows, 'CancelTx'),
      boundary: count(rows, 'TxCanceled'),
      confirmCanceled: count(rows, 'Confirm', true),
      txCanceled: count(rows, 'Tx', true),
      txDone: count(rows, 'TxEnd'),
      done: count(rows, 'Done'),
    }).toEqual({ unbook: 1, cancelEnd: 1, boundary: 1, confirmCanceled: 2, txCanceled: 3, txDone: 0, done: 0 });
    expect(rows.every((a: any) => a.activityId === 'AfterCancel' || a.endTime !== null)).toBe(true);
  });

  it('an instance that completed before another cancels is not compensated; its compensation goes with the transaction', async () => {
    const pi = await start('miTransaction');
    const [first, second] = await tasks(pi.id, 'Confirm');
    await t
      .as('demo')
      .post(`/task/${first.id}/complete`)
      .send({ variables: { confirmed: { value: true, type: 'Boolean' } } })
      .expect(204);
    const item = (await t.as('demo').get(`/task/${second.id}/variables/loopCounter`).expect(200)).body.value;
    await t
      .as('demo')
      .post(`/task/${second.id}/complete`)
      .send({ variables: { confirmed: { value: false, type: 'Boolean' } } })
      .expect(204);
    expect((await variables(pi.id)).unbooked.value).toBe(`${item};`);
    expect(await subscriptions(pi.id)).toEqual([]);
    const rows = await history(pi.id);
    expect([count(rows, 'TxEnd'), count(rows, 'Tx', true), count(rows, 'Unbook'), count(rows, 'TxCanceled')]).toEqual([
      1, 2, 1, 1,
    ]);
    expect(await tasks(pi.id, 'AfterCancel')).toHaveLength(1);
  });

  it('sequential instances: the second one cancels, its booking is compensated, the first one is not', async () => {
    const pi = await start('miTransactionSequential');
    const [first] = await tasks(pi.id, 'Confirm');
    await t
      .as('demo')
      .post(`/task/${first.id}/complete`)
      .send({ variables: { confirmed: { value: true, type: 'Boolean' } } })
      .expect(204);
    const [second] = await tasks(pi.id, 'Confirm');
    await t
      .as('demo')
      .post(`/task/${second.id}/complete`)
      .send({ variables: { confirmed: { value: false, type: 'Boolean' } } })
      .expect(204);
    const vars = await variables(pi.id);
    expect([vars.booked.value, vars.unbooked.value]).toEqual(['0;1;', '1;']);
    expect(await subscriptions(pi.id)).toEqual([]);
    const rows = await history(pi.id);
    expect([count(rows, 'TxEnd'), count(rows, 'Tx', true), count(rows, 'Unbook'), count(rows, 'TxCanceled')]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(await tasks(pi.id, 'AfterCancel')).toHaveLength(1);
  });

  it('when every instance confirms, nothing is compensated and the process goes on', async () => {
    const pi = await start('miTransaction');
    for (const task of await tasks(pi.id, 'Confirm')) {
      await t
        .as('demo')
        .post(`/task/${task.id}/complete`)
        .send({ variables: { confirmed: { value: true, type: 'Boolean' } } })
        .expect(204);
    }
    expect(await tasks(pi.id, 'Done')).toHaveLength(1);
    expect((await variables(pi.id)).unbooked).toBeUndefined();
    expect(count(await history(pi.id), 'TxEnd')).toBe(3);
  });
});
