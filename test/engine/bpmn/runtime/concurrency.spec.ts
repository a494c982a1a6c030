import { RuntimeContext } from '../../../../src/engine/bpmn/runtime/runtime-context';
import { Command } from '../../../../src/engine/command/command';
import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from './support/runtime-scenario';
import { VariableStore } from '../../../../src/engine/bpmn/runtime/variable-store';

describe(`concurrent commands on one instance (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('gateways.bpmn');
  });
  afterAll(() => s.close());

  it('Given parallel user tasks, When both are completed at the same time, Then the join fires exactly once (never lost)', async () => {
    const instances = await Promise.all(Array.from({ length: 12 }, () => s.start('parallel')));
    const pairs = await Promise.all(
      instances.map(async (pi) => [await s.task(pi.id, 'TaskA'), await s.task(pi.id, 'TaskB')]),
    );

    await Promise.all(pairs.flat().map((task) => s.runtime.completeTask(null, task.id)));

    for (const pi of instances) {
      expect(await s.isEnded(pi.id)).toBe(true);
      const activities = await s.activities(pi.id);
      expect(activities.filter((a) => a === 'Join')).toHaveLength(2);
      expect(activities.filter((a) => a === 'Finish')).toHaveLength(1);
      expect(activities.filter((a) => a === 'PEnd')).toHaveLength(1);
      expect(await s.openActivities(pi.id)).toEqual([]);
      expect((await s.processInstance(pi.id))!.state).toBe('COMPLETED');
    }
    // On MariaDB the losers of the races ran again; SQLite runs commands one after another.
    if (databaseLabel() === 'sqlite') expect(s.runtime.executor.retries).toBe(0);
  });

  const onMariaDb = databaseLabel() === 'mysql' ? it : it.skip;

  onMariaDb('a command that lost the race on the instance revision runs again on fresh data', async () => {
    const pi = await s.start('parallel', { counter: 0 });
    let attempts = 0;
    let releaseSlow!: () => void;
    const otherCommitted = new Promise<void>((resolve) => (releaseSlow = resolve));
    const increment = (label: string): Command<void, RuntimeContext> => ({
      async execute(ctx) {
        if (label === 'slow') attempts++;
        const instance = (await ctx.loadInstance(pi.id))!;
        const counter = Number(ctx.manager(VariableStore).get(instance.root, 'counter')!.value);
        if (label === 'slow' && attempts === 1) await otherCommitted;
        ctx
          .manager(VariableStore)
          .set(instance.root, 'counter', { type: 'integer', value: counter + 1, valueInfo: {} });
      },
    });
    const retriesBefore = s.runtime.executor.retries;
    const slow = s.runtime.execute(null, increment('slow'));
    await new Promise((r) => setTimeout(r, 50));
    await s.runtime.execute(null, increment('fast'));
    releaseSlow();
    await slow;

    expect(attempts).toBe(2);
    expect(s.runtime.executor.retries).toBe(retriesBefore + 1);
    expect(await s.variables(pi.id)).toMatchObject({ counter: 2 });
  });
});
