import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from './support/runtime-scenario';
import { HandleExternalTaskBpmnErrorCmd } from '../../../../src/engine/external-task/commands/handle-external-task-bpmn-error.cmd';

describe(`interrupting errors in scopes (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('interrupting.bpmn', 'call-activity.bpmn');
  });
  afterAll(() => s.close());

  it('Given a multi-instance activity, When one instance throws, Then the boundary event on the body cancels all instances', async () => {
    const pi = await s.start('miError');
    const tasks = await s.externalTasks(pi.id);
    expect(tasks).toHaveLength(3);
    await s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(tasks[1].id, 'ITEM'));

    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.externalTasks(pi.id)).toEqual([]);
    const history = await s.history(pi.id);
    expect(history.filter((a) => a.activityId === 'Each').map((a) => a.activityInstanceState)).toEqual([2, 2, 2]);
    expect(history.find((a) => a.activityId === 'Each#multiInstanceBody')!.activityInstanceState).toBe(2);
    expect(history.map((a) => a.activityId).slice(-2)).toEqual(['ItemFailed', 'Failed']);
  });

  it('an error event sub-process inside a sub-process handles the error there; the sub-process then completes normally', async () => {
    const pi = await s.start('nestedHandler');
    const job = await s.externalTask(pi.id, 'Job');
    await s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(job.id, 'ANY'));

    expect(await s.openActivities(pi.id)).toEqual(['After']);
    const history = await s.history(pi.id);
    expect(history.find((a) => a.activityId === 'Job')!.activityInstanceState).toBe(2);
    expect(history.find((a) => a.activityId === 'Outer')!.activityInstanceState).toBe(0);
    const handler = history.find((a) => a.activityId === 'Handler')!;
    expect(handler.parentActivityInstanceId).toBe(history.find((a) => a.activityId === 'Outer')!.id);
  });

  it('deleting a called instance lets the calling activity complete', async () => {
    const parent = await s.start('parent', { orderId: 'o', amount: 2 });
    const [child] = (await s.ds.query('SELECT id FROM act_hi_procinst WHERE super_proc_inst_id = ?', [
      parent.id,
    ])) as Array<{ id: string }>;
    await s.runtime.deleteProcessInstance(null, child.id, { reason: 'obsolete' });
    expect(await s.processInstance(child.id)).toMatchObject({
      state: 'EXTERNALLY_TERMINATED',
      deleteReason: 'obsolete',
    });
    expect(await s.openActivities(parent.id)).toEqual(['After']);
  });
});
