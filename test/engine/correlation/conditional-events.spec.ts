import { databaseLabel } from '../../support/test-app';
import { vars } from '../bpmn/runtime/support/runtime-scenario';
import { EventScenario } from '../bpmn/runtime/support/event-scenario';

describe(`conditional events (${databaseLabel()})`, () => {
  let e: EventScenario;
  let condStartId: string;
  beforeAll(async () => {
    e = await EventScenario.boot();
    const deployed = await e.deploy('conditions.bpmn');
    condStartId = deployed.processDefinitions!.find((d) => d.key === 'condStart')!.id;
  });
  afterAll(() => e.close());

  const evaluate = (variables: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    e.engine.events.evaluateStartConditions(null, { variables: vars(variables), ...extra });

  describe('conditional start events', () => {
    it('a subscription without execution stands for the start event', async () => {
      expect(await e.subscriptions({ eventType: 'conditional', configuration: condStartId })).toMatchObject([
        { activityId: 'HotStart', eventName: null, executionId: null },
      ]);
    });

    it('an instance starts where the condition holds for the given variables', async () => {
      const started = await evaluate({ temperature: 35 }, { businessKey: 'hot-1' });
      expect(started).toMatchObject([{ definitionKey: 'condStart', businessKey: 'hot-1', ended: false }]);
      expect(await e.s.activities(started[0].id)).toEqual(['HotStart', 'CoolDown']);
      expect((await e.s.history(started[0].id))[0].activityType).toBe('conditionalStartEvent');
      expect(await e.s.variables(started[0].id)).toEqual({ temperature: 35 });
    });

    it('nothing starts when it does not hold or its variable is missing', async () => {
      await expect(evaluate({ temperature: 20 })).resolves.toEqual([]);
      await expect(evaluate({})).resolves.toEqual([]);
    });

    it('without any conditional start event, or for a definition without one, it is an error', async () => {
      await expect(evaluate({ temperature: 35 }, { tenantId: 'nobody' })).rejects.toThrow(
        'ENGINE-13043 No subscriptions were found during evaluation of the conditional start events.',
      );
      const other = (await e.engine.repository.latestByKey(null, 'process', 'condCatch', null))!;
      await expect(evaluate({ temperature: 35 }, { processDefinitionId: other.id })).rejects.toThrow(
        `ENGINE-13042 Process definition with id '${other.id}' does not declare conditional start event.`,
      );
      await expect(evaluate({ temperature: 35 }, { processDefinitionId: condStartId })).resolves.toHaveLength(1);
    });
  });

  describe('intermediate conditional event', () => {
    it('passes at once when the condition already holds', async () => {
      const pi = await e.start('condCatch', { ready: true });
      expect(await e.s.openActivities(pi.id)).toEqual(['Go']);
    });

    it('waits (the condition naming a missing variable is false) and continues when a variable change makes it true', async () => {
      const pi = await e.start('condCatch');
      expect(await e.subscriptions({ processInstanceId: pi.id })).toMatchObject([
        { eventType: 'conditional', eventName: null, activityId: 'Ready' },
      ]);
      await e.engine.runtime.setVariables(null, pi.id, vars({ ready: false }));
      expect(await e.s.openActivities(pi.id)).toEqual(['Ready']);
      await e.engine.runtime.setVariables(null, pi.id, vars({ ready: true }));
      expect(await e.s.openActivities(pi.id)).toEqual(['Go']);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
    });
  });

  describe('conditional boundary events', () => {
    it('the interrupting one fires when its variable changes to true', async () => {
      const pi = await e.start('condBoundary', { cancelled: false });
      expect((await e.subscriptions({ processInstanceId: pi.id })).map((s) => s.activityId).sort()).toEqual([
        'Cancelled',
        'Noted',
      ]);
      await e.engine.runtime.setVariables(null, pi.id, vars({ other: 1 }));
      expect(await e.s.openActivities(pi.id)).toEqual(['Work']);
      await e.engine.runtime.setVariables(null, pi.id, vars({ cancelled: true }));
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.s.finished(pi.id)).toEqual(['BStart', 'Work', 'Cancelled', 'CancelEnd']);
    });

    it('fires on entering the activity when the condition holds already', async () => {
      const pi = await e.start('condBoundary', { cancelled: true });
      expect(await e.s.isEnded(pi.id)).toBe(true);
    });

    it('the non-interrupting one listens to its variable only, and fires again on each change', async () => {
      const pi = await e.start('condBoundary', { cancelled: false });
      await e.engine.runtime.setVariables(null, pi.id, vars({ note: 'hello' }));
      await e.engine.runtime.setVariables(null, pi.id, vars({ note: 'again' }));
      expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['ReadNote', 'ReadNote', 'Work']);
      // The completion's variable is seen while Work still waits (as in Camunda): the boundary fires once more, then
      // Work completes.
      await e.s.completeTask(pi.id, 'Work', { note: 'done' });
      expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['ReadNote', 'ReadNote', 'ReadNote']);
    });

    it('a variable set when completing a task counts too', async () => {
      const pi = await e.start('condEventSub');
      // Seen before the token moves on: the interrupting event sub-process takes Main away, which is not completed.
      await e.s.completeTask(pi.id, 'Main', { alarm: 'red' });
      expect(await e.s.openActivities(pi.id)).toEqual(['Emergency', 'Evacuate']);
      expect(await e.s.finished(pi.id)).not.toContain('EEnd');
    });
  });

  it('an interrupting conditional event sub-process takes over the instance', async () => {
    const pi = await e.start('condEventSub', { alarm: 'green' });
    await e.engine.runtime.setVariables(null, pi.id, vars({ alarm: 'red' }));
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Evacuate']);
    expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
  });
});
