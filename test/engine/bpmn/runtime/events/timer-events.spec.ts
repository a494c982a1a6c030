import { databaseLabel } from '../../../../support/test-app';
import { EventScenario, HOUR, MINUTE } from '../support/event-scenario';

describe(`timer events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('timers.bpmn');
  });
  afterAll(() => e.close());

  const startCount = async (key: string) =>
    Number((await e.s.ds.query('SELECT COUNT(*) AS n FROM act_hi_procinst WHERE proc_def_key = ?', [key]))[0].n);

  it('Given an intermediate timer of five minutes, Then a timer job is due then and nothing happens before', async () => {
    const pi = await e.start('timerCatch');
    const [job] = await e.jobs({ processInstanceId: pi.id });
    expect(job).toMatchObject({
      type: 'timer',
      handlerType: 'timer-intermediate-transition',
      activityId: 'Wait',
      executionId: pi.id,
      retries: 3,
    });
    expect(job.dueDate!.getTime() - e.clock.now().getTime()).toBe(5 * MINUTE);
    await e.advance(4 * MINUTE);
    expect(await e.s.openActivities(pi.id)).toEqual(['Wait']);
    await e.advance(MINUTE);
    expect(await e.s.openActivities(pi.id)).toEqual(['After']);
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
    expect((await e.s.history(pi.id)).map((a) => a.activityType)).toEqual([
      'startEvent',
      'intermediateTimer',
      'userTask',
    ]);
  });

  it('signalling the waiting execution (runtimeService.signal) passes the timer and drops its job', async () => {
    const pi = await e.start('timerCatch');
    await e.engine.runtime.signalExecution(null, pi.id);
    expect(await e.s.openActivities(pi.id)).toEqual(['After']);
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
  });

  it('a timeDate expression may give a Date or an ISO text', async () => {
    const deadline = new Date(e.clock.now().getTime() + 2 * HOUR);
    const a = await e.start('timerDate', { deadline });
    const b = await e.start('timerDate', { deadline: '2026-03-01T00:00:00Z' });
    expect((await e.jobs({ processInstanceId: a.id }))[0].dueDate).toEqual(deadline);
    expect((await e.jobs({ processInstanceId: b.id }))[0].dueDate).toEqual(new Date('2026-03-01T00:00:00Z'));
    await e.advance(2 * HOUR);
    expect(await e.s.isEnded(a.id)).toBe(true);
    expect(await e.s.isEnded(b.id)).toBe(false);
  });

  it('an interrupting timer boundary event fires on time and cancels the task', async () => {
    const pi = await e.start('timerBoundary');
    const [job] = await e.jobs({ processInstanceId: pi.id });
    expect(job).toMatchObject({ handlerType: 'timer-transition', activityId: 'TooLate' });
    await e.advance(10 * MINUTE - 1);
    expect(await e.s.openActivities(pi.id)).toEqual(['Work']);
    await e.advance(1);
    expect(await e.s.openActivities(pi.id)).toEqual(['Escalated']);
    expect((await e.s.history(pi.id)).find((a) => a.activityId === 'Work')!.activityInstanceState).toBe(2);
  });

  it('completing the task first removes the timer', async () => {
    const pi = await e.start('timerBoundary');
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('a non-interrupting cycle fires as often as its cycle says, beside the task', async () => {
    const pi = await e.start('timerReminder');
    await e.advance(HOUR);
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['Reminded', 'Review']);
    const [next] = await e.jobs({ processInstanceId: pi.id });
    expect(next.repeat).toBe('R1/PT1H');
    await e.advance(HOUR);
    expect((await e.s.tasks(pi.id)).filter((t) => t.taskDefinitionKey === 'Reminded')).toHaveLength(2);
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
    await e.advance(HOUR);
    expect((await e.s.tasks(pi.id)).filter((t) => t.taskDefinitionKey === 'Reminded')).toHaveLength(2);
  });

  it('timer start events: a cycle starts instances until it is used up; a date starts one then', async () => {
    // A new version schedules its start timers from now (the other tests moved the clock on).
    await e.deploy('timers.bpmn');
    const [cycleJob] = await e.jobs({ handlerType: 'timer-start-event', activityId: 'CStart' });
    expect(cycleJob).toMatchObject({
      executionId: null,
      processInstanceId: null,
      processDefinitionKey: 'timerStartCycle',
      repeat: 'R3/PT1H',
    });
    const before = await startCount('timerStartCycle');
    const [dateJob] = await e.jobs({ handlerType: 'timer-start-event', activityId: 'AtStart' });
    expect(dateJob.dueDate).toEqual(new Date('2026-01-06T09:00:00Z'));
    for (let i = 0; i < 4; i++) await e.advance(HOUR);
    expect((await startCount('timerStartCycle')) - before).toBe(3);
    expect(await e.jobs({ handlerType: 'timer-start-event', activityId: 'CStart' })).toEqual([]);
    e.clock.set(new Date('2026-01-06T09:00:00Z'));
    await e.runJobs();
    expect(await startCount('timerStartDate')).toBe(1);
  });

  it('a non-interrupting timer event sub-process runs beside the main flow', async () => {
    const pi = await e.start('timerEventSub');
    expect(await e.jobs({ processInstanceId: pi.id })).toMatchObject([
      { handlerType: 'timer-start-event-subprocess', activityId: 'WatchStart' },
    ]);
    await e.advance(MINUTE);
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['Main', 'Notice']);
    await e.s.completeTask(pi.id, 'Main');
    await e.s.completeTask(pi.id, 'Notice');
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  describe('event-based gateway', () => {
    it('the first event wins and the other waits go: a message', async () => {
      const pi = await e.start('timerRace');
      const subscriptions = await e.subscriptions({ processInstanceId: pi.id });
      expect(subscriptions.map((s) => [s.eventType, s.activityId, s.executionId]).sort()).toEqual([
        ['message', 'Answered', pi.id],
        ['signal', 'Called', pi.id],
      ]);
      expect(await e.jobs({ processInstanceId: pi.id })).toMatchObject([{ activityId: 'TimedOut' }]);
      await e.correlate('answer', { processInstanceId: pi.id });
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.s.activities(pi.id)).toEqual(['GStart', 'Race', 'Answered', 'GEnd1']);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
      expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
    });

    it('a signal', async () => {
      const pi = await e.start('timerRace');
      await e.signal('call');
      expect(await e.s.activities(pi.id)).toEqual(['GStart', 'Race', 'Called', 'GEnd2']);
    });

    it('the timer', async () => {
      const pi = await e.start('timerRace');
      await e.advance(HOUR);
      expect(await e.s.activities(pi.id)).toEqual(['GStart', 'Race', 'TimedOut', 'GEnd3']);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
    });
  });
});
