import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from '../runtime/support/runtime-scenario';

describe(`none events and tasks (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('sequence.bpmn');
  });
  afterAll(() => s.close());

  it('Given a sequence of pass-through elements, When started, Then it runs to the end in one command', async () => {
    const pi = await s.start('sequence', { amount: 5 }, 'order-1');

    expect(pi.ended).toBe(true);
    expect(pi.businessKey).toBe('order-1');
    expect(await s.activities(pi.id)).toEqual(['Start', 'Prepare', 'Check', 'Announce', 'End']);
    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.storedVariables(pi.id)).toEqual([]);
  });

  it('records Camunda-like history: types, parents, ids, the end event completing the scope', async () => {
    const pi = await s.start('sequence');
    const history = await s.history(pi.id);

    expect(history.map((a) => a.activityType)).toEqual([
      'startEvent',
      'task',
      'manualTask',
      'intermediateNoneThrowEvent',
      'noneEndEvent',
    ]);
    for (const a of history) {
      expect(a.id).toMatch(new RegExp(`^${a.activityId}:`));
      expect(a.parentActivityInstanceId).toBe(pi.id);
      expect(a.executionId).toBe(pi.id);
      expect(a.endTime).not.toBeNull();
    }
    expect(history.map((a) => a.activityInstanceState)).toEqual([0, 0, 0, 0, 1]);
    const hpi = await s.processInstance(pi.id);
    expect(hpi).toMatchObject({
      state: 'COMPLETED',
      startActivityId: 'Start',
      endActivityId: 'End',
      processDefinitionKey: 'sequence',
    });
    expect(hpi!.endTime).not.toBeNull();
  });

  it('records start variables as initial historic details', async () => {
    const pi = await s.start('sequence', { amount: 5, name: 'x' });
    const details = await s.historicDetails(pi.id);
    expect(details.map((d) => [d.variableName, d.initial, d.revision, d.detailType]).sort()).toEqual([
      ['amount', true, 0, 'VariableUpdate'],
      ['name', true, 0, 'VariableUpdate'],
    ]);
    expect(await s.historicVariables(pi.id)).toEqual({ amount: 5, name: 'x' });
  });
});
