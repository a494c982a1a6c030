import { databaseLabel } from '../../../support/test-app';
import { ADMIN, RuntimeScenario, vars } from '../runtime/support/runtime-scenario';
import { CompleteExternalTaskCmd } from '../../../../src/engine/external-task/commands/complete-external-task.cmd';
import { HandleExternalTaskBpmnErrorCmd } from '../../../../src/engine/external-task/commands/handle-external-task-bpmn-error.cmd';

describe(`external tasks (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  let created: string[][];
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('external-task.bpmn');
    created = [];
    s.engine.externalTaskNotifier.subscribe((topics) => created.push([...(topics ?? [])]));
  });
  afterAll(() => s.close());

  // Fetch is camunda:asyncBefore and asyncAfter: jobs enter it and leave it.
  const runJobs = () => s.engine.jobs.executeDueJobs();

  it('Given an external service task, When reached, Then a task row is created and the process waits', async () => {
    created.length = 0;
    const pi = await s.start('externalWork', { region: 'eu', prio: 42 }, 'order-9');
    await runJobs();
    expect(pi.ended).toBe(false);
    const task = await s.externalTask(pi.id, 'Fetch');
    expect(task).toMatchObject({
      topicName: 'eu-orders',
      priority: 42,
      retries: null,
      workerId: null,
      lockExpirationTime: null,
      suspensionState: 1,
      businessKey: 'order-9',
      processDefinitionKey: 'externalWork',
      executionId: pi.id,
      processInstanceId: pi.id,
      activityId: 'Fetch',
    });
    expect(task.activityInstanceId).toMatch(/^Fetch:/);
    expect(task.createTime).toBeInstanceOf(Date);
    expect(created).toEqual([['eu-orders']]);
  });

  it('send tasks, external business rule tasks and message end events are external tasks too; the process default priority applies', async () => {
    const pi = await s.start('externalWork', { region: 'us', prio: 1 });
    await runJobs();
    await s.completeExternalTask(pi.id, 'Fetch', { fetched: true });
    await runJobs();
    expect(await s.externalTask(pi.id, 'Ship')).toMatchObject({ topicName: 'ship', priority: 10 });
    await s.completeExternalTask(pi.id, 'Ship');
    expect(await s.externalTask(pi.id, 'Rate')).toMatchObject({ topicName: 'rate' });
    await s.completeExternalTask(pi.id, 'Rate');
    expect(await s.externalTask(pi.id, 'End')).toMatchObject({ topicName: 'receipts' });
    await s.completeExternalTask(pi.id, 'End');

    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.activities(pi.id)).toEqual(['Start', 'Fetch', 'Ship', 'Rate', 'End']);
    expect((await s.history(pi.id)).map((a) => a.activityType)).toEqual([
      'startEvent',
      'serviceTask',
      'sendTask',
      'businessRuleTask',
      'messageEndEvent',
    ]);
    expect(await s.historicVariables(pi.id)).toMatchObject({ fetched: true });
  });

  it('completion sets variables on the instance and local variables on the task execution', async () => {
    const pi = await s.start('externalWork', { region: 'eu', prio: 1 });
    await runJobs();
    const task = await s.externalTask(pi.id, 'Fetch');
    let checked = false;
    await s.runtime.execute(
      ADMIN,
      new CompleteExternalTaskCmd(task.id, vars({ a: 1 }), vars({ b: 2 }), {
        check: (t) => (checked = t.id === task.id),
      }),
    );
    expect(checked).toBe(true);
    await runJobs();
    expect(await s.variables(pi.id)).toMatchObject({ a: 1, b: 2 });
    expect(await s.externalTasks(pi.id)).toHaveLength(1);
  });

  it("the caller's check runs inside the command and can refuse the completion", async () => {
    const pi = await s.start('externalWork', { region: 'eu', prio: 1 });
    await runJobs();
    const task = await s.externalTask(pi.id, 'Fetch');
    await expect(
      s.runtime.execute(
        null,
        new CompleteExternalTaskCmd(task.id, vars({ a: 1 }), null, {
          check: () => {
            throw new Error('locked by somebody else');
          },
        }),
      ),
    ).rejects.toThrow('locked by somebody else');
    expect(await s.externalTask(pi.id, 'Fetch')).toMatchObject({ id: task.id });
  });

  it('an unknown external task is not found', async () => {
    await expect(s.runtime.execute(null, new CompleteExternalTaskCmd('missing'))).rejects.toThrow(
      'External task with id missing does not exist',
    );
  });

  describe('BPMN errors', () => {
    it('a camunda:errorEventDefinition that holds on completion throws its error: the matching boundary catches it', async () => {
      const pi = await s.start('externalErrors', { amount: 12 });
      await s.completeExternalTask(pi.id, 'Pay', { result: 'declined' });

      expect(await s.externalTasks(pi.id)).toEqual([]);
      expect(await s.activities(pi.id)).toEqual(['EStart', 'Pay', 'OnDeclined', 'Declined']);
      const pay = (await s.history(pi.id))[1];
      expect(pay.activityInstanceState).toBe(2);
      expect(await s.variables(pi.id)).toMatchObject({
        result: 'declined',
        code: 'DECLINED',
        message: 'Payment of 12 declined',
      });
      await s.completeTask(pi.id, 'Declined');
      expect(await s.isEnded(pi.id)).toBe(true);
    });

    it('otherwise the completion continues normally', async () => {
      const pi = await s.start('externalErrors', { amount: 12 });
      await s.completeExternalTask(pi.id, 'Pay', { result: 'ok' });
      expect(await s.activities(pi.id)).toEqual(['EStart', 'Pay', 'Paid']);
      expect(await s.isEnded(pi.id)).toBe(true);
    });

    it('a worker bpmnError with another code is caught by the catch-all boundary event', async () => {
      const pi = await s.start('externalErrors', { amount: 1 });
      const task = await s.externalTask(pi.id, 'Pay');
      await s.runtime.execute(
        null,
        new HandleExternalTaskBpmnErrorCmd(task.id, 'OTHER', 'something else', vars({ detail: 'x' })),
      );
      expect(await s.activities(pi.id)).toEqual(['EStart', 'Pay', 'OnAnyError', 'Trouble']);
      expect((await s.history(pi.id))[2].activityType).toBe('boundaryError');
      expect(await s.variables(pi.id)).toMatchObject({ code: 'OTHER', detail: 'x' });
      // the boundary event takes the activity's place in the instance execution again
      expect(await s.executions(pi.id)).toHaveLength(1);
    });

    it('a worker bpmnError with the declared code is caught by the specific boundary event', async () => {
      const pi = await s.start('externalErrors', { amount: 1 });
      const task = await s.externalTask(pi.id, 'Pay');
      await s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(task.id, 'DECLINED', 'no money'));
      expect(await s.activities(pi.id)).toEqual(['EStart', 'Pay', 'OnDeclined', 'Declined']);
      expect(await s.variables(pi.id)).toMatchObject({ code: 'DECLINED', message: 'no money' });
    });

    it('an uncaught BPMN error ends the execution (Camunda default)', async () => {
      const pi = await s.start('uncaught');
      const task = await s.externalTask(pi.id, 'Work');
      await s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(task.id, 'ANY', null));
      expect(await s.isEnded(pi.id)).toBe(true);
      expect(await s.activities(pi.id)).toEqual(['UStart', 'Work']);
      expect((await s.processInstance(pi.id))!.state).toBe('COMPLETED');
    });

    it('an error code is required', async () => {
      const pi = await s.start('uncaught');
      const task = await s.externalTask(pi.id, 'Work');
      await expect(s.runtime.execute(null, new HandleExternalTaskBpmnErrorCmd(task.id, null))).rejects.toThrow(
        'errorCode is null',
      );
    });
  });
});
