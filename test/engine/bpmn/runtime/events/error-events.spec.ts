import { databaseLabel } from '../../../../support/test-app';
import { EventScenario } from '../support/event-scenario';

describe(`error events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('errors.bpmn');
  });
  afterAll(() => e.close());

  it('an error end event in a sub-process is caught by its boundary event with code and message variables; the waits inside go', async () => {
    const pi = await e.start('errSubProcess', { item: 'socks' });
    expect((await e.subscriptions({ processInstanceId: pi.id })).map((s) => s.activityId)).toEqual(['Pay']);
    await e.s.completeTask(pi.id, 'Check', { inStock: false });
    expect(await e.s.openActivities(pi.id)).toEqual(['Apologize']);
    expect(await e.s.variables(pi.id)).toMatchObject({ code: 'STOCK', reason: 'No socks left' });
    expect(await e.subscriptions({ processInstanceId: pi.id })).toEqual([]);
    const order = (await e.s.history(pi.id)).find((a) => a.activityId === 'Order')!;
    expect(order.activityInstanceState).toBe(2);
    expect(await e.s.finished(pi.id)).toEqual(expect.arrayContaining(['NoStock', 'StockError', 'Pay', 'Check']));
  });

  it('without the error the sub-process completes after the message', async () => {
    const pi = await e.start('errSubProcess', { item: 'hats' });
    await e.s.completeTask(pi.id, 'Check', { inStock: true });
    await e.correlate('pay', { processInstanceId: pi.id });
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect((await e.s.processInstance(pi.id))!.endActivityId).toBe('End');
  });

  it('an uncaught error end event ends its token like a none end event', async () => {
    const pi = await e.start('errUncaught');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect((await e.s.processInstance(pi.id))!.state).toBe('COMPLETED');
  });

  it("an error thrown in a called instance reaches the caller's catch-all error event sub-process; camunda:out passes on the way", async () => {
    const pi = await e.start('errCaller', { item: 'gloves' });
    expect(await e.s.openActivities(pi.id)).toEqual(['Handler', 'Handle']);
    expect(await e.s.variables(pi.id)).toMatchObject({
      caught: 'STOCK',
      caughtMessage: 'No gloves left',
      calledItem: 'gloves',
    });
    await e.s.completeTask(pi.id, 'Handle');
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });
});
