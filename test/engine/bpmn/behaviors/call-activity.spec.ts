import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from '../runtime/support/runtime-scenario';

describe(`call activity (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('call-activity.bpmn');
  });
  afterAll(() => s.close());

  const childOf = async (superProcessInstanceId: string) => {
    const rows = (await s.ds.query('SELECT id FROM act_hi_procinst WHERE super_proc_inst_id = ?', [
      superProcessInstanceId,
    ])) as Array<{ id: string }>;
    expect(rows).toHaveLength(1);
    return rows[0].id;
  };

  it('Given a call activity, Then the called instance starts with the mapped variables and business key', async () => {
    const parent = await s.start('parent', { orderId: 'o-1', amount: 21, secret: 'x' }, 'bk-1');
    const childId = await childOf(parent.id);
    expect(await s.variables(childId)).toEqual({ id: 'o-1', doubled: 42 });
    const child = (await s.executions(childId))[0];
    expect(child.superExecutionId).toBe(parent.id);
    expect(child).toMatchObject({
      businessKey: 'bk-1',
      rootProcessInstanceId: parent.id,
      processDefinitionKey: 'child',
    });
    const callHistory = (await s.history(parent.id)).find((a) => a.activityId === 'CallChild')!;
    expect(callHistory).toMatchObject({
      activityType: 'callActivity',
      calledProcessInstanceId: childId,
      endTime: null,
    });
    expect(await s.processInstance(childId)).toMatchObject({
      superProcessInstanceId: parent.id,
      rootProcessInstanceId: parent.id,
    });
  });

  it('When the called instance ends, Then the out mappings apply and the caller continues', async () => {
    const parent = await s.start('parent', { orderId: 'o-2', amount: 1 }, 'bk-2');
    const childId = await childOf(parent.id);
    await s.completeTask(childId, 'ChildWork', { childResult: 'fine' });

    expect(await s.isEnded(childId)).toBe(true);
    expect(await s.variables(parent.id)).toEqual({ orderId: 'o-2', amount: 1, result: 'fine', echoedId: 'o-2' });
    expect(await s.activities(parent.id)).toEqual(['Start', 'CallChild', 'After']);
    expect((await s.history(parent.id)).find((a) => a.activityId === 'CallChild')!.endTime).not.toBeNull();
  });

  it('variables="all" copies everything in and out; an instantly ending child completes the call in the same command', async () => {
    const parent = await s.start('parentAll', { childKey: 'instantChild', a: 1 });
    expect(parent.ended).toBe(true);
    expect(await s.historicVariables(await childOf(parent.id))).toEqual({ childKey: 'instantChild', a: 1 });
  });

  it('variables="all" out brings back what the child set', async () => {
    const parent = await s.start('parentAll', { childKey: 'child', a: 1, fail: false });
    const childId = await childOf(parent.id);
    await s.completeTask(childId, 'ChildWork', { b: 2 });
    expect(await s.isEnded(parent.id)).toBe(true);
    expect(await s.historicVariables(parent.id)).toMatchObject({ a: 1, b: 2 });
  });

  it('a BPMN error in the called instance is caught by a boundary event of the call activity', async () => {
    const parent = await s.start('parentAll', { childKey: 'child', fail: true });
    const childId = await childOf(parent.id);
    await s.completeTask(childId, 'ChildWork');

    expect(await s.isEnded(childId)).toBe(true);
    expect((await s.processInstance(childId))!.state).toBe('INTERNALLY_TERMINATED');
    expect(await s.activities(parent.id)).toEqual(['AStart', 'CallAll', 'ChildFailed', 'Failed']);
    expect(await s.variables(parent.id)).toMatchObject({ code: 'CHILD_FAILED' });
  });

  it('deleting the calling instance deletes the called one', async () => {
    const parent = await s.start('parent', { orderId: 'o-3', amount: 1 });
    const childId = await childOf(parent.id);
    await s.runtime.deleteProcessInstance(null, parent.id, { reason: 'not needed' });
    expect(await s.isEnded(parent.id)).toBe(true);
    expect(await s.isEnded(childId)).toBe(true);
    expect(await s.tasks(childId)).toEqual([]);
    expect(await s.processInstance(parent.id)).toMatchObject({
      state: 'EXTERNALLY_TERMINATED',
      deleteReason: 'not needed',
    });
    expect(await s.processInstance(childId)).toMatchObject({ state: 'EXTERNALLY_TERMINATED' });
    expect(await s.openActivities(childId)).toEqual([]);
    expect(await s.openActivities(parent.id)).toEqual([]);
  });

  it('a called process that is not deployed fails the command', async () => {
    await expect(s.start('parentAll', { childKey: 'missing' })).rejects.toThrow(
      "no processes deployed with key 'missing'",
    );
  });
});
