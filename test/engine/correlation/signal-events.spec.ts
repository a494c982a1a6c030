import { databaseLabel } from '../../support/test-app';
import { EventScenario } from '../bpmn/runtime/support/event-scenario';

describe(`signal events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('signals.bpmn');
  });
  afterAll(() => e.close());

  it('Given instances waiting for a signal and a signal start event, When it is sent, Then all of them react at once', async () => {
    const a = await e.start('sigCatch');
    const b = await e.start('sigCatch');
    expect(await e.subscriptions({ processInstanceId: a.id })).toMatchObject([
      { eventType: 'signal', eventName: 'alert', activityId: 'Alerted' },
    ]);
    const startsBefore = (
      await e.s.ds.query("SELECT COUNT(*) AS n FROM act_hi_procinst WHERE proc_def_key = 'sigStart'")
    )[0].n;
    await e.signal('alert', { level: 3 });
    expect(await e.s.openActivities(a.id)).toEqual(['React']);
    expect(await e.s.openActivities(b.id)).toEqual(['React']);
    expect(await e.s.variables(a.id)).toMatchObject({ level: 3 });
    const startsAfter = (
      await e.s.ds.query("SELECT COUNT(*) AS n FROM act_hi_procinst WHERE proc_def_key = 'sigStart'")
    )[0].n;
    expect(Number(startsAfter) - Number(startsBefore)).toBe(1);
    expect(await e.subscriptions({ eventName: 'alert', executionId: a.id })).toEqual([]);
  });

  it('the signal start subscription stays for the next signal', async () => {
    expect(await e.subscriptions({ eventName: 'alert' })).toEqual(
      expect.arrayContaining([expect.objectContaining({ executionId: null, activityId: 'SStart' })]),
    );
  });

  it('sent to one execution, only that one reacts; an execution without that subscription is an error', async () => {
    const a = await e.start('sigCatch');
    const b = await e.start('sigCatch');
    await e.signal('alert', {}, { executionId: a.id });
    expect(await e.s.openActivities(a.id)).toEqual(['React']);
    expect(await e.s.openActivities(b.id)).toEqual(['Alerted']);
    await expect(e.signal('nope', {}, { executionId: b.id })).rejects.toThrow(
      `Execution '${b.id}' has not subscribed to a signal event with name 'nope'.`,
    );
    await expect(e.signal('alert', {}, { executionId: b.id, tenantId: 't1' })).rejects.toThrow('ENGINE-13027');
    await expect(e.signal('alert', {}, { executionId: 'missing' })).rejects.toThrow(
      "Cannot find execution with id 'missing'",
    );
  });

  it('an interrupting signal boundary event cancels the task', async () => {
    const pi = await e.start('sigBoundary');
    await e.signal('stop');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect(await e.s.finished(pi.id)).toEqual(['BStart', 'Work', 'Stopped', 'StoppedEnd']);
  });

  it('signal throw events reach other instances in the same transaction', async () => {
    const waiting = await e.start('sigBoundary');
    const thrower = await e.start('sigThrow');
    expect(await e.s.isEnded(thrower.id)).toBe(true);
    expect(await e.s.activities(thrower.id)).toEqual(['TStart', 'ThrowStop', 'ThrowGo']);
    expect((await e.s.history(thrower.id)).map((a) => a.activityType)).toEqual([
      'startEvent',
      'intermediateSignalThrow',
      'signalEndEvent',
    ]);
    expect(await e.s.isEnded(waiting.id)).toBe(true);
  });

  it('a signal thrown by one branch reaches the other branch of the same instance', async () => {
    const pi = await e.start('sigSelf');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
  });

  it('a tenant filter restricts who gets the signal', async () => {
    const t = await e.deploy('signals.bpmn', 'tenant-a');
    const key = t.processDefinitions!.find((d) => d.key === 'sigCatch')!;
    const ours = await e.engine.runtime.startProcessInstance(null, { definition: key });
    const shared = await e.start('sigCatch');
    await e.signal('alert', {}, { tenantId: 'tenant-b' });
    expect(await e.s.openActivities(ours.id)).toEqual(['Alerted']);
    await e.signal('alert', {}, { withoutTenantId: true });
    expect(await e.s.openActivities(shared.id)).toEqual(['React']);
    expect(await e.s.openActivities(ours.id)).toEqual(['Alerted']);
    await e.signal('alert', {}, { tenantId: 'tenant-a' });
    expect(await e.s.openActivities(ours.id)).toEqual(['React']);
  });
});
