import { databaseLabel } from '../../support/test-app';
import { vars } from '../bpmn/runtime/support/runtime-scenario';
import { EventScenario } from '../bpmn/runtime/support/event-scenario';

describe(`message events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('messages.bpmn');
  });
  afterAll(() => e.close());

  describe('intermediate message catch event', () => {
    it('Given an instance waiting at a message catch event, Then one message subscription waits on its execution', async () => {
      const pi = await e.start('msgCatch', { orderId: 'o-1' }, 'order-1');
      expect(await e.s.openActivities(pi.id)).toEqual(['Paid']);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toMatchObject([
        {
          eventType: 'message',
          eventName: 'orderPaid',
          executionId: pi.id,
          activityId: 'Paid',
          configuration: null,
          tenantId: null,
        },
      ]);
    });

    it('When the message is correlated by business key, Then the instance continues with the payload and the subscription is gone', async () => {
      const pi = await e.start('msgCatch', {}, 'order-2');
      const [result] = await e.correlate('orderPaid', { businessKey: 'order-2', variables: { amount: 12 } });
      expect(result).toMatchObject({
        resultType: 'Execution',
        execution: { id: pi.id, processInstanceId: pi.id, ended: false },
        processInstance: null,
      });
      expect(await e.s.openActivities(pi.id)).toEqual(['Ship']);
      expect(await e.s.variables(pi.id)).toMatchObject({ amount: 12 });
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
      expect(await e.s.activities(pi.id)).toEqual(['Start', 'Paid', 'Ship']);
      expect((await e.s.history(pi.id)).map((a) => a.activityType)).toEqual([
        'startEvent',
        'intermediateMessageCatch',
        'userTask',
      ]);
    });

    it('correlation keys match process variables, local correlation keys the waiting execution', async () => {
      const a = await e.start('msgCatch', { orderId: 'k-1' });
      const b = await e.start('msgCatch', { orderId: 'k-2' });
      await e.correlate('orderPaid', { correlationKeys: vars({ orderId: 'k-2' }) });
      expect(await e.s.openActivities(a.id)).toEqual(['Paid']);
      expect(await e.s.openActivities(b.id)).toEqual(['Ship']);
      await expect(e.correlate('orderPaid', { localCorrelationKeys: vars({ orderId: 'k-1' }) })).resolves.toHaveLength(
        1,
      );
    });

    it('several waiting executions without `all` is an error; with `all` every one is reached', async () => {
      const a = await e.start('msgCatch', {}, 'many');
      const b = await e.start('msgCatch', {}, 'many');
      await expect(e.correlate('orderPaid', { businessKey: 'many' })).rejects.toMatchObject({
        type: 'MismatchingMessageCorrelationException',
        message: expect.stringMatching(
          /^ENGINE-13031 Cannot correlate a message with name 'orderPaid' to a single execution\. 2 executions match/,
        ),
      });
      const results = await e.correlate('orderPaid', { businessKey: 'many', all: true });
      expect(results.map((r) => r.execution!.processInstanceId).sort()).toEqual([a.id, b.id].sort());
      expect(await e.s.openActivities(a.id)).toEqual(['Ship']);
    });

    it("no match is an error with Camunda's text", async () => {
      await expect(e.correlate('nobodyListens')).rejects.toThrow(
        "Cannot correlate message 'nobodyListens': No process definition or execution matches the parameters",
      );
      await expect(e.correlate('nobodyListens', { all: true })).resolves.toEqual([]);
    });

    it('a message name with an expression is resolved when the subscription is made', async () => {
      const pi = await e.start('msgDynamic', { orderId: 77 });
      expect(await e.subscriptions({ processInstanceId: pi.id })).toMatchObject([{ eventName: 'pay-77' }]);
      await e.correlate('pay-77');
      expect(await e.s.isEnded(pi.id)).toBe(true);
    });

    it('variables in the result show what the execution sees afterwards', async () => {
      const pi = await e.start('msgCatch', { orderId: 'v-1' }, 'vars');
      const [result] = await e.correlate('orderPaid', {
        businessKey: 'vars',
        variables: { x: 1 },
        variablesInResult: true,
      });
      expect(Object.keys(result.variables!).sort()).toEqual(['orderId', 'x']);
      expect(result.execution!.processInstanceId).toBe(pi.id);
    });
  });

  describe('message start event', () => {
    it('Given a deployed process with a message start event, Then a start subscription without execution exists', async () => {
      const definition = await e.engine.repository.latestByKey(null, 'process', 'msgStart', null);
      expect(await e.subscriptions({ eventName: 'startOrder' })).toMatchObject([
        {
          eventType: 'message',
          executionId: null,
          processInstanceId: null,
          activityId: 'MStart',
          configuration: definition!.id,
        },
      ]);
    });

    it('When the message is correlated, Then an instance starts there with business key and variables', async () => {
      const [result] = await e.correlate('startOrder', { businessKey: 'b-1', variables: { customer: 'ACME' } });
      expect(result.resultType).toBe('ProcessDefinition');
      const pi = result.processInstance!;
      expect(pi).toMatchObject({ definitionKey: 'msgStart', businessKey: 'b-1', ended: false });
      expect(await e.s.activities(pi.id)).toEqual(['MStart', 'Review']);
      expect((await e.s.history(pi.id))[0].activityType).toBe('messageStartEvent');
      expect(await e.s.variables(pi.id)).toEqual({ customer: 'ACME' });
      expect((await e.s.processInstance(pi.id))!.startActivityId).toBe('MStart');
    });

    it('a new version takes the start subscription over; deleting it gives it back', async () => {
      const v2 = await e.deploy('messages.bpmn');
      const v2Id = v2.processDefinitions!.find((d) => d.key === 'msgStart')!.id;
      expect((await e.subscriptions({ eventName: 'startOrder' })).map((s) => s.configuration)).toEqual([v2Id]);
      await e.engine.repository.deleteDeployment(null, v2.deployment.id, true);
      const [back] = await e.subscriptions({ eventName: 'startOrder' });
      expect(back.configuration).not.toBe(v2Id);
      await expect(e.correlate('startOrder')).resolves.toHaveLength(1);
    });
  });

  describe('message boundary events', () => {
    it('the interrupting one cancels the task and leaves through the boundary event', async () => {
      const pi = await e.start('msgBoundary', {}, 'bnd-1');
      expect((await e.subscriptions({ processInstanceId: pi.id })).map((s) => s.activityId).sort()).toEqual([
        'Cancelled',
        'Reminded',
      ]);
      await e.correlate('cancel', { processInstanceId: pi.id });
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.s.finished(pi.id)).toEqual(['BStart', 'Work', 'Cancelled', 'CancelEnd']);
      expect((await e.s.history(pi.id)).find((a) => a.activityId === 'Work')!.activityInstanceState).toBe(2);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
      expect(await e.s.tasks(pi.id)).toEqual([]);
    });

    it('the non-interrupting one forks a token beside the task and can fire again', async () => {
      const pi = await e.start('msgBoundary');
      await e.correlate('remind', { processInstanceId: pi.id });
      await e.correlate('remind', { processInstanceId: pi.id });
      expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['Remind', 'Remind', 'Work']);
      await e.s.completeTask(pi.id, 'Work');
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
      for (const t of await e.s.tasks(pi.id)) await e.engine.runtime.completeTask(null, t.id);
      expect(await e.s.isEnded(pi.id)).toBe(true);
    });

    it('completing the task normally removes the boundary subscriptions', async () => {
      const pi = await e.start('msgBoundary');
      await e.s.completeTask(pi.id, 'Work');
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
    });

    it('on a sub-process: the inside waits on its own, the boundary event cancels all of it', async () => {
      const pi = await e.start('msgSubProcess');
      expect((await e.subscriptions({ processInstanceId: pi.id })).map((s) => s.activityId).sort()).toEqual([
        'SubCancelled',
        'SubPaid',
      ]);
      await e.correlate('cancel', { processInstanceId: pi.id });
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.s.finished(pi.id)).toEqual(['SStart', 'Sub', 'SubStart', 'SubPaid', 'SubCancelled', 'SCancelEnd']);
    });
  });

  describe('receive task', () => {
    it('waits for its message; correlating completes it', async () => {
      const pi = await e.start('msgReceive');
      expect(await e.subscriptions({ processInstanceId: pi.id })).toMatchObject([
        { eventName: 'receiveMe', activityId: 'Wait' },
      ]);
      await e.correlate('receiveMe', { processInstanceId: pi.id });
      expect(await e.s.isEnded(pi.id)).toBe(true);
    });

    it('messageEventReceived delivers to one execution by id', async () => {
      const pi = await e.start('msgReceive');
      await e.engine.events.messageEventReceived(null, pi.id, 'receiveMe', vars({ got: true }));
      expect(await e.s.isEnded(pi.id)).toBe(true);
      await expect(e.engine.events.messageEventReceived(null, pi.id, 'receiveMe')).rejects.toThrow(
        `execution ${pi.id} doesn't exist`,
      );
    });
  });

  describe('event sub-processes', () => {
    it('a non-interrupting message start runs beside the main flow', async () => {
      const pi = await e.start('msgEventSub');
      expect((await e.subscriptions({ processInstanceId: pi.id })).map((s) => s.activityId).sort()).toEqual([
        'AbortStart',
        'InfoStart',
      ]);
      await e.correlate('info', { processInstanceId: pi.id });
      expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey).sort()).toEqual(['Info', 'Main']);
      await e.s.completeTask(pi.id, 'Info');
      await e.s.completeTask(pi.id, 'Main');
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
    });

    it('an interrupting message start cancels the main flow and the other event sub-process', async () => {
      const pi = await e.start('msgEventSub');
      await e.correlate('abort', { processInstanceId: pi.id });
      expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Aborted']);
      expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
      await e.s.completeTask(pi.id, 'Aborted');
      expect(await e.s.isEnded(pi.id)).toBe(true);
      expect((await e.s.processInstance(pi.id))!.state).toBe('COMPLETED');
    });
  });

  it('deleting a waiting instance removes its subscriptions', async () => {
    const pi = await e.start('msgEventSub');
    await e.engine.runtime.deleteProcessInstance(null, pi.id);
    expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
  });
});
