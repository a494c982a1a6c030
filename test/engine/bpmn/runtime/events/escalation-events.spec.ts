import { databaseLabel } from '../../../../support/test-app';
import { vars } from '../support/runtime-scenario';
import { EventScenario } from '../support/event-scenario';

const MODELS = [
  'interrupting',
  'non-interrupting',
  'end-in-sub',
  'event-sub-interrupting',
  'event-sub-non-interrupting',
  'callee',
  'caller',
  'caller-non-interrupting',
  'catch-all',
  'uncaught',
  'rethrow',
  'multi-instance',
  'user-task',
];

describe(`escalation events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    // one file per case: element ids are unique per document
    for (const name of MODELS) await e.deploy(`escalations/${name}.bpmn`);
  });
  afterAll(() => e.close());

  const typeOf = async (processInstanceId: string, activityId: string) =>
    (await e.s.history(processInstanceId)).filter((a) => a.activityId === activityId).map((a) => a.activityType);

  it('an interrupting boundary event on a sub-process catches an intermediate throw inside; the sub-process is canceled', async () => {
    const pi = await e.start('escInterrupting');
    expect(await e.s.activities(pi.id)).toEqual(['Start', 'Sub', 'SStart', 'Throw', 'Late', 'Handle']);
    expect(await e.s.openActivities(pi.id)).toEqual(['Handle']);
    expect(await e.s.variables(pi.id)).toEqual({ code: 'LATE' });
    const sub = (await e.s.history(pi.id)).find((a) => a.activityId === 'Sub')!;
    expect(sub.activityInstanceState).toBe(2);
    expect(await typeOf(pi.id, 'Throw')).toEqual(['intermediateEscalationThrowEvent']);
    expect(await typeOf(pi.id, 'Late')).toEqual(['boundaryEscalation']);
    await e.s.completeTask(pi.id, 'Handle');
    expect((await e.s.processInstance(pi.id))!.endActivityId).toBe('End2');
  });

  it('a non-interrupting boundary event runs its path while the throwing token goes on', async () => {
    const pi = await e.start('escNonInterrupting');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Notify', 'Sub', 'Work']);
    expect(await e.s.finished(pi.id)).toEqual(expect.arrayContaining(['Throw', 'Late']));
    expect(await e.s.variables(pi.id)).toEqual({ code: 'LATE' });
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.s.openActivities(pi.id)).toEqual(['Notify']);
    expect(await e.s.finished(pi.id)).toEqual(expect.arrayContaining(['SEnd', 'Sub', 'End']));
    await e.s.completeTask(pi.id, 'Notify');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect((await e.s.processInstance(pi.id))!.state).toBe('COMPLETED');
  });

  it('an escalation end event ends its path: the sub-process completes and the non-interrupting catch runs too', async () => {
    const pi = await e.start('escEndInSub');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['After', 'Notify']);
    expect(await typeOf(pi.id, 'EscEnd')).toEqual(['escalationEndEvent']);
    const sub = (await e.s.history(pi.id)).find((a) => a.activityId === 'Sub')!;
    expect(sub.activityInstanceState).not.toBe(2);
    await e.s.completeTask(pi.id, 'Notify');
    await e.s.completeTask(pi.id, 'After');
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('an interrupting escalation event sub-process stops its scope, thrower included', async () => {
    const pi = await e.start('escEventSubInterrupting');
    expect(await e.s.activities(pi.id)).toEqual(['Start', 'Throw', 'Handler', 'HStart', 'Handle']);
    expect(await e.s.openActivities(pi.id)).toEqual(['Handler', 'Handle']);
    expect(await typeOf(pi.id, 'HStart')).toEqual(['escalationStartEvent']);
    expect(await e.s.variables(pi.id)).toEqual({ code: 'LATE' });
    await e.s.completeTask(pi.id, 'Handle');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect(await e.s.finished(pi.id)).not.toContain('Work');
  });

  it('a non-interrupting catch-all escalation event sub-process runs beside the throwing token, which goes on', async () => {
    const pi = await e.start('escEventSubNonInterrupting');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Handler', 'Notify', 'Work']);
    expect(await e.s.variables(pi.id)).toEqual({ code: 'OTHER' });
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.s.isEnded(pi.id)).toBe(false);
    await e.s.completeTask(pi.id, 'Notify');
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('an escalation from a called instance reaches the interrupting boundary event of the call activity; camunda:out passes on the way', async () => {
    const pi = await e.start('escCaller');
    expect(await e.s.openActivities(pi.id)).toEqual(['Handle']);
    expect(await e.s.variables(pi.id)).toEqual({ code: 'LATE', calleeLevel: 'urgent' });
    const call = (await e.s.history(pi.id)).find((a) => a.activityId === 'Call')!;
    expect(call.activityInstanceState).toBe(2);
    const called = call.calledProcessInstanceId!;
    expect(await e.s.isEnded(called)).toBe(true);
    expect(await e.s.activities(called)).toEqual(['CStart', 'CThrow']);
    expect((await e.s.processInstance(called))!.state).toBe('INTERNALLY_TERMINATED');
  });

  it('with a non-interrupting boundary event on the call activity the called instance goes on', async () => {
    const pi = await e.start('escCallerNonInterrupting');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Call', 'Notify']);
    const called = (await e.s.history(pi.id)).find((a) => a.activityId === 'Call')!.calledProcessInstanceId!;
    expect(await e.s.openActivities(called)).toEqual(['CWork']);
    await e.s.completeTask(called, 'CWork');
    expect(await e.s.isEnded(called)).toBe(true);
    expect(await e.s.openActivities(pi.id)).toEqual(['Notify']);
    await e.s.completeTask(pi.id, 'Notify');
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('boundary events without escalationRef or with an escalation without code catch every code', async () => {
    const pi = await e.start('escCatchAll');
    expect(await e.s.openActivities(pi.id)).toEqual(['Handle']);
    expect(await e.s.variables(pi.id)).toEqual({ caughtA: 'OTHER', caughtB: 'LATE' });
    expect(await e.s.finished(pi.id)).toEqual(expect.arrayContaining(['AThrow', 'AnyA', 'BThrow', 'AnyB', 'Join']));
  });

  it('an uncaught escalation is no error: the throw goes on, the end event ends its token, the instance completes', async () => {
    const pi = await e.start('escUncaught');
    expect(await e.s.openActivities(pi.id)).toEqual(['Work']);
    expect(await e.s.finished(pi.id)).toEqual(['Start', 'Sub', 'SStart', 'Throw', 'SEnd']);
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    const hpi = (await e.s.processInstance(pi.id))!;
    expect(hpi.state).toBe('COMPLETED');
    expect(hpi.endActivityId).toBe('EscEnd');
  });

  it('an escalation event sub-process does not catch what is thrown directly inside it', async () => {
    const pi = await e.start('escRethrow');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Handler', 'Notify', 'Work']);
    expect((await e.s.activities(pi.id)).filter((a) => a === 'Handler')).toHaveLength(1);
  });

  it('each instance of a multi-instance sub-process reaches the non-interrupting boundary event of its body', async () => {
    const pi = await e.start('escMultiInstance');
    const open = await e.s.openActivities(pi.id);
    expect(open.filter((a) => a === 'Notify')).toHaveLength(3);
    expect(open.filter((a) => a === 'Work')).toHaveLength(3);
    expect(await e.s.variables(pi.id)).toEqual({ code: 'LATE' });
    for (const task of await e.s.tasks(pi.id)) await e.s.runtime.completeTask(null, task.id, {});
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('an escalation handed in for a user task reaches its own boundary events; one nobody catches is refused', async () => {
    const pi = await e.start('escUserTask');
    const review = await e.s.task(pi.id, 'Review');
    await expect(e.s.runtime.handleTaskEscalation(null, review.id, 'NOPE', vars({ note: 'lost' }))).rejects.toThrow(
      "ENGINE-02043 Execution with id 'Review' throws an escalation event with escalationCode 'NOPE', but no escalation handler was defined.",
    );
    expect(await e.s.variables(pi.id)).toEqual({});
    await e.s.runtime.handleTaskEscalation(null, review.id, 'OTHER', vars({ note: 'late' }));
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Notify', 'Review']);
    expect(await e.s.variables(pi.id)).toEqual({ note: 'late' });
    await e.s.runtime.handleTaskEscalation(null, review.id, 'LATE');
    expect((await e.s.openActivities(pi.id)).sort()).toEqual(['Handle', 'Notify']);
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['Handle', 'Notify']);
    expect(await e.s.variables(pi.id)).toEqual({ note: 'late', code: 'LATE' });
    expect((await e.s.history(pi.id)).find((a) => a.activityId === 'Review')!.activityInstanceState).toBe(2);
  });
});
