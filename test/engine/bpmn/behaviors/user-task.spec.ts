import { databaseLabel } from '../../../support/test-app';
import { ADMIN, plain, RuntimeScenario, vars } from '../runtime/support/runtime-scenario';

describe(`user task (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('user-task.bpmn');
  });
  afterAll(() => s.close());

  const due = new Date('2030-01-02T03:04:05.000Z');
  const startApproval = () =>
    s.runtime.startProcessInstance(ADMIN, {
      key: 'approval',
      businessKey: 'bk',
      variables: vars({
        assignee: 'carol',
        groups: 'sales,management',
        due,
        prio: 70,
        form: 'approve',
        item: 'invoice 7',
      }),
    });

  it('Given a user task, When the instance starts, Then it waits with a task built from the expressions', async () => {
    const pi = await startApproval();

    expect(pi.ended).toBe(false);
    expect(await s.activities(pi.id)).toEqual(['Start', 'Approve']);
    expect(await s.openActivities(pi.id)).toEqual(['Approve']);
    const task = await s.task(pi.id, 'Approve');
    expect(task).toMatchObject({
      name: 'Approve invoice 7',
      description: 'Please approve invoice 7',
      assignee: 'carol',
      priority: 70,
      formKey: 'embedded:app:forms/approve.html',
      executionId: pi.id,
      processInstanceId: pi.id,
      processDefinitionKey: 'approval',
      taskDefinitionKey: 'Approve',
      suspensionState: 1,
    });
    expect(task.dueDate!.toISOString()).toBe(due.toISOString());
    const inTwoDays = Date.now() + 2 * 86_400_000;
    expect(Math.abs(task.followUpDate!.getTime() - inTwoDays)).toBeLessThan(60_000);
    expect(task.activityInstanceId).toMatch(/^Approve:/);
    const links = (await s.identityLinks(task.id)).map((l) => [l.type, l.userId, l.groupId]).sort();
    expect(links).toEqual(
      [
        ['candidate', 'alice', null],
        ['candidate', 'bob', null],
        ['candidate', null, 'management'],
        ['candidate', null, 'sales'],
      ].sort(),
    );
    const history = await s.history(pi.id);
    expect(history[1]).toMatchObject({ activityType: 'userTask', taskId: task.id, assignee: 'carol', endTime: null });
    expect(await s.variables(pi.id)).toMatchObject({ starter: 'demo' });
  });

  it('When the task is completed with variables, Then they are set on the instance and the process ends', async () => {
    const pi = await startApproval();
    const task = await s.task(pi.id, 'Approve');
    await new Promise((resolve) => setTimeout(resolve, 25));

    const returned = await s.runtime.completeTask(ADMIN, task.id, vars({ approved: true }), {
      withVariablesInReturn: true,
    });

    expect(plain(returned)).toMatchObject({ approved: true, assignee: 'carol' });
    expect(await s.activities(pi.id)).toEqual(['Start', 'Approve', 'End']);
    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.tasks(pi.id)).toEqual([]);
    expect(await s.identityLinks(task.id)).toEqual([]);
    expect(await s.historicVariables(pi.id)).toMatchObject({ approved: true });
    const h = (await s.history(pi.id))[1];
    expect(h.endTime).not.toBeNull();
    expect(Math.abs(h.durationInMillis! - (h.endTime!.getTime() - h.startTime.getTime()))).toBeLessThanOrEqual(1);
  });

  it('defaults: priority 50, no assignee, no dates', async () => {
    const pi = await s.start('plainTask');
    expect(await s.task(pi.id, 'Work')).toMatchObject({
      name: 'Work',
      priority: 50,
      assignee: null,
      dueDate: null,
      followUpDate: null,
      formKey: null,
    });
  });

  it('an unknown variable in an expression is an error naming the expression', async () => {
    await expect(
      s.runtime.startProcessInstance(null, {
        key: 'approval',
        variables: vars({ groups: 'x', due: null, prio: 1, form: 'f', item: 'i' }),
      }),
    ).rejects.toThrow("Unknown property used in expression: ${assignee}. Cause: Cannot resolve identifier 'assignee'");
  });

  it('a due date that is neither a date nor an ISO text fails the command', async () => {
    await expect(
      s.runtime.startProcessInstance(null, {
        key: 'approval',
        variables: vars({ assignee: 'a', groups: 'g', due: 'soon', prio: 1, form: 'f', item: 'i' }),
      }),
    ).rejects.toThrow('Due date expression does not resolve to a Date or Date string: soon');
  });

  it('completing an unknown task is a not-found error', async () => {
    await expect(s.runtime.completeTask(null, 'nope')).rejects.toThrow('Cannot find task with id nope: task is null');
  });

  it('task variables: local ones stay on the task, others go to the execution', async () => {
    const pi = await s.start('plainTask', { x: 1 });
    const task = await s.task(pi.id, 'Work');
    await s.runtime.setTaskVariables(null, task.id, vars({ note: 'local' }), { local: true });
    await s.runtime.setTaskVariables(null, task.id, vars({ x: 2, y: 3 }));

    expect(plain(await s.runtime.getTaskVariables(null, task.id, { local: true }))).toEqual({ note: 'local' });
    expect(plain(await s.runtime.getTaskVariables(null, task.id))).toEqual({ note: 'local', x: 2, y: 3 });
    expect(await s.variables(pi.id)).toEqual({ x: 2, y: 3 });
    await s.runtime.removeTaskVariables(null, task.id, ['y']);
    expect(await s.variables(pi.id)).toEqual({ x: 2 });

    await s.runtime.completeTask(null, task.id);
    expect(await s.storedVariables(pi.id)).toEqual([]);
  });
});
