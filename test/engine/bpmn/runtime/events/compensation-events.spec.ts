import { databaseLabel } from '../../../../support/test-app';
import { EventScenario } from '../support/event-scenario';
import { HandleExternalTaskBpmnErrorCmd } from '../../../../../src/engine/external-task/commands/handle-external-task-bpmn-error.cmd';

const MODELS = [
  'throw-all',
  'throw-one',
  'wait',
  'sub-process',
  'event-sub-process',
  'multi-instance',
  'scope-end',
  'parallel',
  'cancel-nothing',
  'travel-booking',
  'error-event-sub-process',
  'multi-instance-handler',
];

describe(`compensation events and transactions (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    for (const name of MODELS) await e.deploy(`compensation/${name}.bpmn`);
  });
  afterAll(() => e.close());

  const compensate = (processInstanceId: string) => e.subscriptions({ processInstanceId, eventType: 'compensate' });
  const undos = async (processInstanceId: string) =>
    (await e.s.activities(processInstanceId)).filter((id) => id.startsWith('Undo'));

  it('a subscription hangs on the scope execution: activityId is the handler, configuration the compensable activity', async () => {
    const pi = await e.start('compWait');
    await e.s.completeTask(pi.id, 'Reserve');
    const [subscription] = await compensate(pi.id);
    expect(subscription).toMatchObject({
      activityId: 'Release',
      configuration: 'Reserve',
      eventName: null,
      executionId: pi.id,
    });
    await e.s.completeTask(pi.id, 'Review');
    expect(await compensate(pi.id)).toEqual([]);
    expect(await e.s.openActivities(pi.id)).toEqual(['Undo', 'Release']);
    await e.s.completeTask(pi.id, 'Release');
    expect(await e.s.openActivities(pi.id)).toEqual(['After']);
  });

  it('throwing all compensates most recent first; activityRef compensates one activity', async () => {
    expect(await undos((await e.start('compThrowAll')).id)).toEqual(['UndoC', 'UndoB', 'UndoA']);
    const one = await e.start('compThrowOne');
    expect(await undos(one.id)).toEqual(['UndoB']);
    expect((await compensate(one.id)).map((s) => s.configuration)).toEqual(['A', 'C']);
  });

  it('parallel paths: reverse order of completion, whatever the path (completions in one millisecond keep their order)', async () => {
    const pi = await e.start('compParallel');
    await e.s.completeTask(pi.id, 'B');
    await e.s.completeTask(pi.id, 'A');
    expect(await undos(pi.id)).toEqual(['UndoA', 'UndoB']);
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('an interrupted sub-process takes its subscriptions with it; a completed one passes them up under its own id', async () => {
    const aborted = await e.start('compScopeEnd');
    const [inner] = await compensate(aborted.id);
    expect(inner).toMatchObject({ activityId: 'UndoA', configuration: 'A' });
    expect(inner.executionId).not.toBe(aborted.id);
    await e.correlate('abort', { processInstanceId: aborted.id });
    expect(await compensate(aborted.id)).toEqual([]);
    expect(await e.s.isEnded(aborted.id)).toBe(true);
    expect(await undos(aborted.id)).toEqual([]);

    const completed = await e.start('compScopeEnd');
    await e.s.completeTask(completed.id, 'Work');
    expect(await e.s.openActivities(completed.id)).toEqual(['Throw', 'UndoA']);
    await e.s.completeTask(completed.id, 'UndoA');
    expect(await e.s.isEnded(completed.id)).toBe(true);
  });

  it('deleting the instance removes its subscriptions', async () => {
    const pi = await e.start('compWait');
    await e.s.completeTask(pi.id, 'Reserve');
    expect(await compensate(pi.id)).toHaveLength(1);
    await e.engine.runtime.deleteProcessInstance(null, pi.id);
    expect(await compensate(pi.id)).toEqual([]);
  });

  it('a multi-instance activity: one handler per completed instance', async () => {
    const pi = await e.start('compMulti');
    expect((await e.s.openActivities(pi.id)).filter((id) => id === 'Release')).toHaveLength(3);
  });

  it('a multi-instance handler: the throw waits for all its instances', async () => {
    const pi = await e.start('compMultiHandler');
    const retract = (await e.s.tasks(pi.id)).filter((t) => t.taskDefinitionKey === 'Retract');
    expect(retract).toHaveLength(2);
    await e.s.runtime.completeTask(null, retract[0].id, {});
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Retract']);
    await e.s.runtime.completeTask(null, retract[1].id, {});
    expect(await e.s.openActivities(pi.id)).toEqual(['After']);
  });

  it('a compensation event sub-process runs as the handler, at its compensation start event', async () => {
    const pi = await e.start('compEventSub');
    expect((await compensate(pi.id)).map((s) => s.configuration)).toEqual(['Compensation', 'Compensation']);
    await e.s.completeTask(pi.id, 'Log');
    expect(await e.s.activities(pi.id)).toEqual(
      expect.arrayContaining([
        'Throw',
        'Compensation',
        'CStart',
        'Log',
        'CompensateInner',
        'UndoB',
        'UndoA',
        'CEnd',
        'After',
      ]),
    );
  });

  it('a throw in an error event sub-process compensates the scope around it (activityRef names an activity there)', async () => {
    const pi = await e.start('compErrorEventSub');
    expect(await compensate(pi.id)).toHaveLength(1);
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.s.openActivities(pi.id)).toEqual(['OnFailure', 'Undo', 'Release']);
    await e.s.completeTask(pi.id, 'Release');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect(await e.s.activities(pi.id)).toEqual([
      'Start',
      'Reserve',
      'Work',
      'Fail',
      'OnFailure',
      'Failed',
      'Undo',
      'Release',
      'Handled',
    ]);
  });

  it('a cancel end event with nothing to compensate interrupts its transaction at once and leaves by the cancel boundary', async () => {
    const pi = await e.start('compCancelNothing');
    await e.s.completeTask(pi.id, 'Decide');
    expect(await e.s.openActivities(pi.id)).toEqual(['Canceled']);
    const history = await e.s.history(pi.id);
    const of = (id: string) => history.find((a) => a.activityId === id)!;
    expect([of('Tx').activityType, of('CancelIt').activityType, of('TxCanceled').activityType]).toEqual([
      'transaction',
      'cancelEndEvent',
      'cancelBoundaryCatch',
    ]);
    expect([of('Tx').activityInstanceState, of('Work').activityInstanceState]).toEqual([2, 2]);
  });

  it('the saga: a declined charge compensates the bookings and leaves by the cancel boundary', async () => {
    const pi = await e.start('travelBooking');
    await e.s.completeExternalTask(pi.id, 'BookHotel');
    await e.s.completeExternalTask(pi.id, 'BookFlight');
    const charge = await e.s.externalTask(pi.id, 'ChargeCard');
    await e.s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(charge.id, 'DECLINED'));
    expect((await e.s.openActivities(pi.id)).sort()).toEqual([
      'Booking',
      'CancelBooking',
      'CancelFlight',
      'CancelHotel',
    ]);
    await e.s.completeExternalTask(pi.id, 'CancelFlight');
    await e.s.completeExternalTask(pi.id, 'CancelHotel');
    expect(await e.s.openActivities(pi.id)).toEqual(['NotifyCustomer']);
    expect(await e.s.activities(pi.id)).toEqual([
      'Start',
      'Booking',
      'TxStart',
      'BookHotel',
      'BookFlight',
      'ChargeCard',
      'ChargeFailed',
      'CancelBooking',
      'CancelFlight',
      'CancelHotel',
      'BookingCanceled',
      'NotifyCustomer',
    ]);
  });
});
