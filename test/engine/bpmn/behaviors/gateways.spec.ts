import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from '../runtime/support/runtime-scenario';

const sorted = (xs: string[]) => [...xs].sort();

describe(`gateways (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('gateways.bpmn');
  });
  afterAll(() => s.close());

  describe('exclusive gateway', () => {
    it.each([
      [5000, 'Big'],
      [500, 'AlsoBig'],
      [5, 'Normal'],
    ])('Given amount %p, Then only %s is taken (first matching flow, else default)', async (amount, taken) => {
      const pi = await s.start('exclusive', { amount });
      expect(pi.ended).toBe(true);
      expect(await s.activities(pi.id)).toEqual(['Start', 'Decide', taken, 'Merge', 'End']);
    });

    it('without a matching flow and default, starting fails with ENGINE-02004 and leaves nothing behind', async () => {
      await expect(s.start('exclusiveNoDefault', { ok: false })).rejects.toThrow(
        "ENGINE-02004 No outgoing sequence flow for the element with id 'XDecide' could be selected for continuing the process.",
      );
      expect(
        await s.ds.query("SELECT COUNT(*) AS n FROM act_hi_procinst WHERE proc_def_key = 'exclusiveNoDefault'"),
      ).toEqual([{ n: 0 }]);
    });
  });

  describe('parallel gateway', () => {
    it('Given a fork into two user tasks, Then both wait in concurrent executions', async () => {
      const pi = await s.start('parallel');
      expect(sorted(await s.openActivities(pi.id))).toEqual(['TaskA', 'TaskB']);
      const executions = await s.executions(pi.id);
      expect(executions).toHaveLength(3);
      const root = executions.find((e) => e.id === pi.id)!;
      expect(root).toMatchObject({ isActive: false, activityId: null, isScope: true });
      expect(
        executions
          .filter((e) => e.isConcurrent)
          .map((e) => e.activityId)
          .sort(),
      ).toEqual(['TaskA', 'TaskB']);
    });

    it('When both tasks complete one after the other, Then the join fires once and the process ends', async () => {
      const pi = await s.start('parallel');
      await s.completeTask(pi.id, 'TaskA');
      expect(await s.isEnded(pi.id)).toBe(false);
      expect(await s.openActivities(pi.id)).toEqual(['TaskB', 'Join']);
      await s.completeTask(pi.id, 'TaskB');

      expect(await s.isEnded(pi.id)).toBe(true);
      const activities = await s.activities(pi.id);
      expect(activities.filter((a) => a === 'Join')).toHaveLength(2);
      expect(activities.filter((a) => a === 'Finish')).toHaveLength(1);
      expect(activities.slice(-2)).toEqual(['Finish', 'PEnd']);
      expect(await s.openActivities(pi.id)).toEqual([]);
    });

    it('a fork and join without wait states completes in the starting command, the scope execution continuing', async () => {
      const pi = await s.start('parallelNoWait');
      expect(pi.ended).toBe(true);
      const activities = await s.activities(pi.id);
      expect(sorted(activities)).toEqual(
        sorted(['NStart', 'NFork', 'N_A', 'N_B', 'N_C', 'NJoin', 'NJoin', 'NJoin', 'NEnd']),
      );
      expect(activities[activities.length - 1]).toBe('NEnd');
      const end = (await s.history(pi.id)).find((a) => a.activityId === 'NEnd')!;
      expect(end.executionId).toBe(pi.id);
    });
  });

  describe('inclusive gateway', () => {
    it.each([
      [{ a: true, b: true }, ['IA', 'IB']],
      [{ a: true, b: false }, ['IA']],
      [{ a: false, b: false }, ['IC']],
    ])('Given %p, Then the fork takes %p and the join waits for exactly those', async (conditions, branches) => {
      const pi = await s.start('inclusive', conditions);
      expect(sorted(await s.openActivities(pi.id))).toEqual(branches);
      for (const [i, branch] of branches.entries()) {
        expect(await s.isEnded(pi.id)).toBe(false);
        await s.completeTask(pi.id, branch);
        if (i < branches.length - 1) expect(await s.activities(pi.id)).not.toContain('IAfter');
      }
      expect(await s.isEnded(pi.id)).toBe(true);
      const activities = await s.activities(pi.id);
      expect(activities.filter((a) => a === 'IJoin')).toHaveLength(branches.length);
      expect(activities.filter((a) => a === 'IAfter')).toHaveLength(1);
    });

    it('a waiting join fires when the other token leaves for an end event instead', async () => {
      const pi = await s.start('inclusiveEscape', { quit: true });
      await s.completeTask(pi.id, 'EA');
      expect(await s.openActivities(pi.id)).toEqual(['EB', 'EJoin']);
      await s.completeTask(pi.id, 'EB');
      expect(await s.isEnded(pi.id)).toBe(true);
      const activities = await s.activities(pi.id);
      expect(activities).toContain('EQuit');
      expect(activities.filter((a) => a === 'EEnd')).toHaveLength(1);
    });

    it('and waits for the other token when it comes to the join', async () => {
      const pi = await s.start('inclusiveEscape', { quit: false });
      await s.completeTask(pi.id, 'EA');
      await s.completeTask(pi.id, 'EB');
      expect(await s.isEnded(pi.id)).toBe(true);
      const activities = await s.activities(pi.id);
      expect(activities.filter((a) => a === 'EJoin')).toHaveLength(2);
      expect(activities.filter((a) => a === 'EEnd')).toHaveLength(1);
    });
  });

  it('an activity with two unconditional flows forks implicitly; the scope completes when the last branch ends', async () => {
    const pi = await s.start('implicitFork');
    expect(pi.ended).toBe(false);
    expect(await s.finished(pi.id)).toEqual(expect.arrayContaining(['MSplit', 'MB', 'MEndB']));
    // the remaining branch is compacted into the instance execution again
    const task = await s.task(pi.id, 'MA');
    expect(task.executionId).toBe(pi.id);
    expect(await s.executions(pi.id)).toHaveLength(1);
    await s.completeTask(pi.id, 'MA');
    expect(await s.isEnded(pi.id)).toBe(true);
    expect((await s.processInstance(pi.id))!.endActivityId).toBe('MEndA');
  });
});
