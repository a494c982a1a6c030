import { EventSubscriptionEntity } from '../../../../src/persistence/entities/runtime/event-subscription.entity';
import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario, vars } from '../runtime/support/runtime-scenario';
import { HandleExternalTaskBpmnErrorCmd } from '../../../../src/engine/external-task/commands/handle-external-task-bpmn-error.cmd';

const sorted = (xs: string[]) => [...xs].sort();

describe(`sub-processes, io mappings, error and terminate events (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('sub-process.bpmn');
  });
  afterAll(() => s.close());

  it('Given an embedded sub-process, Then it runs in a scope execution with its input variables local to it', async () => {
    const pi = await s.start('embedded', { amount: 21 });
    expect(await s.activities(pi.id)).toEqual(['Start', 'Sub', 'SubStart', 'Inner']);
    const history = await s.history(pi.id);
    const sub = history.find((a) => a.activityId === 'Sub')!;
    expect(sub.activityType).toBe('subProcess');
    expect(history.find((a) => a.activityId === 'Inner')!.parentActivityInstanceId).toBe(sub.id);

    const executions = await s.executions(pi.id);
    expect(executions).toHaveLength(2);
    const scope = executions.find((e) => e.id !== pi.id)!;
    expect(scope).toMatchObject({ parentId: pi.id, isScope: true, activityId: 'Inner' });
    expect(executions.find((e) => e.id === pi.id)).toMatchObject({
      activityId: 'Sub',
      activityInstanceId: sub.id,
      isActive: false,
    });

    const task = await s.task(pi.id, 'Inner');
    expect(task.executionId).toBe(scope.id);
    const local = await s.runtime.getVariables(null, scope.id, { local: true });
    expect(Object.keys(local).sort()).toEqual(['doubled', 'label', 'pair']);
    expect(await s.variables(pi.id)).toEqual({ amount: 21 });
    expect((await s.runtime.getVariables(null, scope.id)).pair.value).toBe('[21,"b"]');

    await s.completeTask(pi.id, 'Inner');
    expect(await s.activities(pi.id)).toEqual(['Start', 'Sub', 'SubStart', 'Inner', 'SubEnd', 'After']);
    expect(await s.variables(pi.id)).toEqual({ amount: 21, subResult: 43 });
    expect(await s.executions(pi.id)).toHaveLength(1);
    await s.completeTask(pi.id, 'After');
    expect(await s.isEnded(pi.id)).toBe(true);
  });

  describe('error end event caught by a boundary event on the sub-process', () => {
    it('When the error is thrown, Then the whole sub-process is canceled and the boundary path is taken', async () => {
      const pi = await s.start('errorBoundary', { valid: false });
      expect(sorted(await s.openActivities(pi.id))).toEqual(['Checks', 'Review', 'Validate']);
      await s.completeTask(pi.id, 'Validate');

      expect(await s.tasks(pi.id)).toHaveLength(1);
      expect((await s.tasks(pi.id))[0].taskDefinitionKey).toBe('Rejected');
      const history = await s.history(pi.id);
      const state = (id: string) => history.find((a) => a.activityId === id)!.activityInstanceState;
      expect(state('Review')).toBe(2);
      expect(state('Checks')).toBe(2);
      expect(history.find((a) => a.activityId === 'Invalid')!.endTime).not.toBeNull();
      expect(history.find((a) => a.activityId === 'OnInvalid')!.activityType).toBe('boundaryError');
      expect(await s.variables(pi.id)).toMatchObject({ errorCode: 'INVALID' });
      expect(await s.executions(pi.id)).toHaveLength(1);
      await s.completeTask(pi.id, 'Rejected');
      expect(await s.isEnded(pi.id)).toBe(true);
    });

    it('without the error, the sub-process completes when both branches ended', async () => {
      const pi = await s.start('errorBoundary', { valid: true });
      await s.completeTask(pi.id, 'Validate');
      expect(await s.isEnded(pi.id)).toBe(false);
      await s.completeTask(pi.id, 'Review');
      expect(await s.isEnded(pi.id)).toBe(true);
      expect(await s.activities(pi.id)).toContain('Accepted');
      expect(await s.activities(pi.id)).not.toContain('OnInvalid');
    });
  });

  it('an error event sub-process catches an error from anywhere in its scope and interrupts it', async () => {
    const pi = await s.start('errorEventSubProcess');
    const work = await s.externalTask(pi.id, 'Work');
    await s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(work.id, 'FATAL', 'disk full'));

    expect(await s.externalTasks(pi.id)).toEqual([]);
    expect((await s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Cleanup']);
    const history = await s.history(pi.id);
    expect(history.find((a) => a.activityId === 'Other')!.activityInstanceState).toBe(2);
    expect(history.find((a) => a.activityId === 'FatalStart')!.activityType).toBe('errorStartEvent');
    expect(history.find((a) => a.activityId === 'OnFatal')!.activityType).toBe('eventSubProcess');
    expect(await s.variables(pi.id)).toMatchObject({ fatalCode: 'FATAL', fatalMessage: 'disk full' });
    await s.completeTask(pi.id, 'Cleanup');
    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.openActivities(pi.id)).toEqual([]);
  });

  it('a terminate end event in a sub-process ends only the sub-process; at process level it ends the instance', async () => {
    const pi = await s.start('terminate');
    await s.completeTask(pi.id, 'Fast');
    const history = await s.history(pi.id);
    expect(history.find((a) => a.activityId === 'Slow')!.activityInstanceState).toBe(2);
    expect(history.find((a) => a.activityId === 'TSub')!.activityInstanceState).toBe(0);
    expect(sorted(await s.openActivities(pi.id))).toEqual(['Kill', 'Stay']);

    await s.completeTask(pi.id, 'Kill');
    expect(await s.isEnded(pi.id)).toBe(true);
    const after = await s.history(pi.id);
    expect(after.find((a) => a.activityId === 'Stay')!.activityInstanceState).toBe(2);
    expect(after.find((a) => a.activityId === 'TTerminate')).toMatchObject({
      activityType: 'terminateEndEvent',
      activityInstanceState: 1,
    });
    expect((await s.processInstance(pi.id))!.state).toBe('COMPLETED');
  });

  it('a receive task waits for a signal; one with a message waits on a subscription', async () => {
    const pi = await s.start('receive', { orderId: 7 });
    expect(await s.openActivities(pi.id)).toEqual(['WaitHere']);
    await s.runtime.signalExecution(null, pi.id, vars({ signalled: true }));
    expect(await s.openActivities(pi.id)).toEqual(['WaitMessage']);
    const subscriptions = await s.ds.getRepository(EventSubscriptionEntity).findBy({ processInstanceId: pi.id });
    expect(subscriptions).toMatchObject([
      { eventType: 'message', eventName: 'go-7', executionId: pi.id, activityId: 'WaitMessage' },
    ]);
    await s.runtime.signalExecution(null, pi.id);
    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.ds.getRepository(EventSubscriptionEntity).findBy({ processInstanceId: pi.id })).toEqual([]);
    expect(await s.historicVariables(pi.id)).toMatchObject({ signalled: true });
  });

  it('signalling a user task or an unknown execution fails', async () => {
    const pi = await s.start('embedded', { amount: 1 });
    const scope = (await s.executions(pi.id)).find((e) => e.id !== pi.id)!;
    await expect(s.runtime.signalExecution(null, scope.id)).rejects.toThrow(
      'UserTask should not be signalled before complete',
    );
    await expect(s.runtime.signalExecution(null, 'nope')).rejects.toThrow(
      "execution nope doesn't exist: execution is null",
    );
  });
});
