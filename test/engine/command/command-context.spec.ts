import type { EntityManager } from 'typeorm';
import { CommandContext } from '../../../src/engine/command/command-context';
import type { PermissionChecker } from '../../../src/engine/command/permission-checker';

describe('CommandContext flush', () => {
  it('runs pending work ahead of the before-flush hooks, also work and hooks given while it runs', async () => {
    // Nothing is recorded in the unit of work, so its flush sends nothing to the EntityManager.
    const ctx = new CommandContext(
      { checker: {} as PermissionChecker, clock: () => new Date() },
      {} as EntityManager,
      null,
    );
    const order: string[] = [];
    // A manager made before the agenda: its look-ups must still see the agenda's work done.
    ctx.beforeFlush(() => void order.push('manager'));
    ctx.pendingWork(async () => {
      await Promise.resolve();
      order.push('agenda');
      // Parts first made while the agenda runs (an event context, another manager).
      ctx.pendingWork(() => void order.push('made by the agenda'));
      ctx.beforeFlush(() => void order.push('manager made by the agenda'));
    });
    await ctx.flush();
    expect(order).toEqual(['agenda', 'made by the agenda', 'manager', 'manager made by the agenda']);
  });
});
