import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`compensation and transactions over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    const models = [
      'travel-booking',
      'throw-all',
      'throw-one',
      'wait',
      'end-event',
      'sub-process',
      'multi-instance',
      'event-sub-process',
    ];
    await deployFixture(
      t,
      models.map((m) => `events/compensation/${m}.bpmn`),
    ).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string, variables: object = {}) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({ variables }).expect(200)).body;
  /** The activity history in the order things happened. */
  const activities = async (id: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${id}&sortBy=occurrence&sortOrder=asc`)
        .expect(200)
    ).body.map((a: any) => ({
      id: a.activityId,
      type: a.activityType,
      ended: a.endTime !== null,
      canceled: a.canceled,
    }));
  const ids = async (id: string) => (await activities(id)).map((a: any) => a.id);
  const state = async (id: string) =>
    (await t.as('demo').get(`/history/process-instance/${id}`).expect(200)).body.state;
  const subscriptions = async (id: string) =>
    (await t.as('demo').get(`/event-subscription?processInstanceId=${id}&eventType=compensate`).expect(200)).body.map(
      (s: any) => s.activityId,
    );
  const taskOf = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body;
  const complete = async (id: string, key: string, variables: object = {}) => {
    const [task] = await taskOf(id, key);
    await t.as('demo').post(`/task/${task.id}/complete`).send({ variables }).expect(204);
  };
  const fetch = async (topic: string, businessKey: string) => {
    const res = await t
      .as('demo')
      .post('/external-task/fetchAndLock')
      .send({ workerId: 'w', maxTasks: 10, topics: [{ topicName: topic, lockDuration: 60000, businessKey }] })
      .expect(200);
    return res.body as any[];
  };
  const work = async (topic: string, businessKey: string, variables: object = {}) => {
    const [task] = await fetch(topic, businessKey);
    expect(task).toBeDefined();
    await t.as('demo').post(`/external-task/${task.id}/complete`).send({ workerId: 'w', variables }).expect(204);
  };
  const booking = async (businessKey: string) => {
    const pi = (
      await t.as('demo').post('/process-definition/key/travelBooking/start').send({ businessKey }).expect(200)
    ).body;
    await work('book-hotel', businessKey, { hotel: { value: 'H-1', type: 'String' } });
    await work('book-flight', businessKey, { flight: { value: 'F-1', type: 'String' } });
    return pi;
  };

  describe('the travel-booking saga', () => {
    it('a declined charge compensates both bookings, most recent first, and leaves the transaction by its cancel boundary', async () => {
      const pi = await booking('saga-declined');
      expect((await subscriptions(pi.id)).sort()).toEqual(['CancelFlight', 'CancelHotel']);
      const [charge] = await fetch('charge-card', 'saga-declined');
      await t
        .as('demo')
        .post(`/external-task/${charge.id}/bpmnError`)
        .send({ workerId: 'w', errorCode: 'DECLINED' })
        .expect(204);
      // both handlers run (Camunda starts them together, the latest booking's first); the cancel end event waits for
      // them
      const [cancelFlight] = await fetch('cancel-flight', 'saga-declined');
      const [cancelHotel] = await fetch('cancel-hotel', 'saga-declined');
      expect(await subscriptions(pi.id)).toEqual([]);
      const order = await ids(pi.id);
      expect(order.indexOf('CancelFlight')).toBeLessThan(order.indexOf('CancelHotel'));
      const done = (task: any, name: string) =>
        t
          .as('demo')
          .post(`/external-task/${task.id}/complete`)
          .send({ workerId: 'w', variables: { [name]: { value: true, type: 'Boolean' } } })
          .expect(204);
      await done(cancelFlight, 'flightCanceled');
      expect(await taskOf(pi.id, 'NotifyCustomer')).toEqual([]);
      await done(cancelHotel, 'hotelCanceled');
      await complete(pi.id, 'NotifyCustomer');
      expect(await state(pi.id)).toBe('COMPLETED');
      expect(await activities(pi.id)).toEqual(
        expect.arrayContaining([
          { id: 'Booking', type: 'transaction', ended: true, canceled: true },
          { id: 'ChargeCard', type: 'serviceTask', ended: true, canceled: true },
          { id: 'ChargeFailed', type: 'boundaryError', ended: true, canceled: false },
          { id: 'CancelBooking', type: 'cancelEndEvent', ended: true, canceled: false },
          { id: 'CancelFlight', type: 'serviceTask', ended: true, canceled: false },
          { id: 'CancelHotel', type: 'serviceTask', ended: true, canceled: false },
          { id: 'BookingCanceled', type: 'cancelBoundaryCatch', ended: true, canceled: false },
          { id: 'NotifyCustomer', type: 'userTask', ended: true, canceled: false },
          { id: 'Canceled', type: 'noneEndEvent', ended: true, canceled: false },
        ]),
      );
      expect(await ids(pi.id)).not.toContain('Confirmed');
      const details = (await t.as('demo').get(`/history/detail?processInstanceId=${pi.id}`).expect(200)).body;
      const value = (name: string) => details.find((d: any) => d.variableName === name)?.value;
      expect([value('hotel'), value('flight'), value('flightCanceled'), value('hotelCanceled')]).toEqual([
        'H-1',
        'F-1',
        true,
        true,
      ]);
    });

    it('a successful charge confirms: nothing is compensated, the subscriptions last until the instance ends', async () => {
      const pi = await booking('saga-ok');
      await work('charge-card', 'saga-ok');
      expect(await state(pi.id)).toBe('COMPLETED');
      const taken = await ids(pi.id);
      expect(taken).toContain('Confirmed');
      expect(taken).not.toContain('CancelHotel');
      expect(taken).not.toContain('CancelFlight');
      expect(await subscriptions(pi.id)).toEqual([]);
    });
  });

  it('a throw compensates everything completed in its scope, most recent first, before it goes on', async () => {
    const pi = await start('compThrowAll');
    const order = await ids(pi.id);
    expect(order.filter((id: string) => id.startsWith('Undo'))).toEqual(['UndoC', 'UndoB', 'UndoA']);
    expect(order.indexOf('UndoA')).toBeLessThan(order.indexOf('After'));
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([
        { id: 'Throw', type: 'intermediateCompensationThrowEvent', ended: true, canceled: false },
        { id: 'UndoA', type: 'task', ended: true, canceled: false },
      ]),
    );
    expect(await subscriptions(pi.id)).toEqual([]);
  });

  it('a throw with activityRef compensates that activity only; the others stay compensable', async () => {
    const pi = await start('compThrowOne');
    const order = await ids(pi.id);
    expect(order.filter((id: string) => id.startsWith('Undo'))).toEqual(['UndoB']);
    expect((await subscriptions(pi.id)).sort()).toEqual(['UndoA', 'UndoC']);
    await complete(pi.id, 'After');
    expect(await state(pi.id)).toBe('COMPLETED');
    expect(await subscriptions(pi.id)).toEqual([]);
  });

  it('the throw waits for a handler that waits; the subscription is visible until then (waitForCompletion="false" waits too)', async () => {
    const pi = await start('compWait');
    expect(await subscriptions(pi.id)).toEqual([]);
    await complete(pi.id, 'Reserve');
    const [subscription] = (await t.as('demo').get(`/event-subscription?processInstanceId=${pi.id}`).expect(200)).body;
    expect(subscription).toMatchObject({
      eventType: 'compensate',
      eventName: null,
      activityId: 'Release',
      processInstanceId: pi.id,
    });
    await complete(pi.id, 'Review');
    expect(await subscriptions(pi.id)).toEqual([]);
    expect(await taskOf(pi.id, 'After')).toEqual([]);
    await complete(pi.id, 'Release', { released: { value: true, type: 'Boolean' } });
    await complete(pi.id, 'After');
    expect(await state(pi.id)).toBe('COMPLETED');
    expect(await ids(pi.id)).toEqual(['Start', 'Reserve', 'Review', 'Undo', 'Release', 'After', 'End']);
    const details = (
      await t.as('demo').get(`/history/detail?processInstanceId=${pi.id}&variableName=released`).expect(200)
    ).body;
    expect(details.map((d: any) => d.value)).toEqual([true]);
  });

  it('a compensation end event ends its token once the handlers completed', async () => {
    const pi = await start('compEnd');
    expect(await state(pi.id)).toBe('ACTIVE');
    await complete(pi.id, 'UndoA');
    expect(await state(pi.id)).toBe('COMPLETED');
    expect(await activities(pi.id)).toEqual(
      expect.arrayContaining([
        { id: 'CompEnd', type: 'compensationEndEvent', ended: true, canceled: false },
        { id: 'UndoA', type: 'userTask', ended: true, canceled: false },
      ]),
    );
  });

  it('compensating a completed embedded sub-process compensates its inner activities, most recent first', async () => {
    const pi = await start('compSub');
    expect((await subscriptions(pi.id)).sort()).toEqual(['UndoA', 'UndoB']);
    await complete(pi.id, 'Check');
    expect(await state(pi.id)).toBe('COMPLETED');
    expect((await ids(pi.id)).filter((id: string) => id.startsWith('Undo'))).toEqual(['UndoB', 'UndoA']);
  });

  it('a compensation event sub-process is the handler of its completed sub-process and compensates the inner activities itself', async () => {
    const pi = await start('compEventSub');
    expect(await taskOf(pi.id, 'After')).toEqual([]);
    // the inner activities wait for the event sub-process, which alone may compensate them
    expect((await subscriptions(pi.id)).sort()).toEqual(['UndoA', 'UndoB']);
    await complete(pi.id, 'Log');
    expect(await subscriptions(pi.id)).toEqual([]);
    await complete(pi.id, 'After');
    expect(await state(pi.id)).toBe('COMPLETED');
    const history = await activities(pi.id);
    expect(history.map((a: any) => a.id)).toEqual(
      expect.arrayContaining([
        'Compensation',
        'CStart',
        'Log',
        'CompensateInner',
        'UndoB',
        'UndoA',
        'CEnd',
        'Throw',
        'After',
      ]),
    );
    expect(history.map((a: any) => a.id).filter((id: string) => id.startsWith('Undo'))).toEqual(['UndoB', 'UndoA']);
    expect(history).toEqual(
      expect.arrayContaining([
        { id: 'Compensation', type: 'eventSubProcess', ended: true, canceled: false },
        { id: 'CStart', type: 'compensationStartEvent', ended: true, canceled: false },
      ]),
    );
  });

  it('each completed instance of a multi-instance activity is compensated', async () => {
    const pi = await start('compMulti');
    const tasks = await taskOf(pi.id, 'Release');
    expect(tasks).toHaveLength(3);
    for (const task of tasks) await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await state(pi.id)).toBe('COMPLETED');
    expect((await ids(pi.id)).filter((id: string) => id === 'Book')).toHaveLength(3);
  });
});
