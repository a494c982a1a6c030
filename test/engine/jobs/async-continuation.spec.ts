import { EventScenario, MINUTE } from '../bpmn/runtime/support/event-scenario';
import { databaseLabel } from '../../support/test-app';

describe(`asynchronous continuations and failing jobs (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('async.bpmn');
  });
  afterAll(() => e.close());

  it('Given asyncBefore and asyncAfter on a task, Then a job waits before it and one after it', async () => {
    const pi = await e.start('asyncSteps');
    expect(pi.ended).toBe(false);
    expect(await e.s.activities(pi.id)).toEqual(['Start']);
    const [before] = await e.jobs({ processInstanceId: pi.id });
    expect(before).toMatchObject({
      type: 'message',
      handlerType: 'async-continuation',
      activityId: 'Step',
      executionId: pi.id,
      retries: 3,
      priority: 7,
      processDefinitionKey: 'asyncSteps',
      dueDate: null,
      exclusive: true,
    });
    await e.engine.jobs.executeJob(null, before.id);
    expect(await e.s.activities(pi.id)).toEqual(['Start', 'Step']);
    expect(await e.s.finished(pi.id)).toEqual(['Start', 'Step']);
    const [after] = await e.jobs({ processInstanceId: pi.id });
    expect(after).toMatchObject({ activityId: 'Step', handlerType: 'async-continuation' });
    expect(after.id).not.toBe(before.id);
    await e.runJobs();
    expect(await e.s.openActivities(pi.id)).toEqual(['Work']);
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
  });

  it('the activity instance tree shows no activity instance for a token waiting in an async continuation', async () => {
    const pi = await e.start('asyncOnce');
    const tree = await e.engine.runtime.getActivityInstanceTree(null, pi.id);
    expect(tree!.childActivityInstances).toEqual([]);
    await e.runJobs();
    expect(await e.s.isEnded(pi.id)).toBe(true);
  });

  it('deleting an instance deletes its jobs', async () => {
    const pi = await e.start('asyncOnce');
    await e.engine.runtime.deleteProcessInstance(null, pi.id);
    expect(await e.jobs({ processInstanceId: pi.id })).toEqual([]);
  });

  it('asyncBefore on a multi-instance activity makes its body asynchronous', async () => {
    const pi = await e.start('asyncBody');
    expect(await e.jobs({ processInstanceId: pi.id })).toMatchObject([{ activityId: 'Each#multiInstanceBody' }]);
    await e.runJobs();
    expect((await e.s.tasks(pi.id)).map((t) => t.taskDefinitionKey)).toEqual(['Each', 'Each']);
  });

  it('a job whose work fails loses a retry each time and ends with a failedJob incident', async () => {
    const pi = await e.start('asyncFailing');
    const [job] = await e.jobs({ processInstanceId: pi.id });
    expect(await e.runJobs()).toBe(3);
    const [failed] = await e.jobs({ processInstanceId: pi.id });
    expect(failed).toMatchObject({ id: job.id, retries: 0, failedActivityId: 'Check', lockOwner: null });
    expect(failed.exceptionMessage).toMatch(/Unknown property used in expression: \$\{missing > 1\}/);
    expect(failed.exceptionStacktrace).toMatch(/^\w+: Unknown property used in expression/);
    expect(failed.exceptionStacktrace).not.toMatch(/\n\s+at /);
    expect(await e.incidents({ processInstanceId: pi.id })).toMatchObject([
      {
        incidentType: 'failedJob',
        configuration: job.id,
        activityId: 'Check',
        failedActivityId: 'Check',
        executionId: pi.id,
        incidentMessage: failed.exceptionMessage,
      },
    ]);
    // nothing happened in the instance: every try rolled back
    expect(await e.s.activities(pi.id)).toEqual(['XStart']);
    expect(await e.runJobs()).toBe(0);
  });

  it('setting retries resolves the incident; when the cause is gone the job succeeds', async () => {
    const pi = await e.start('asyncFailing');
    await e.runJobs();
    const [job] = await e.jobs({ processInstanceId: pi.id });
    await e.engine.runtime.setVariables(null, pi.id, { missing: { type: 'integer', value: 5, valueInfo: {} } });
    await e.engine.jobs.setRetries(null, job.id, 1);
    expect(await e.incidents({ processInstanceId: pi.id })).toEqual([]);
    expect(await e.runJobs()).toBe(1);
    expect(await e.s.isEnded(pi.id)).toBe(true);
    await expect(e.engine.jobs.setRetries(null, job.id, 1)).rejects.toThrow(`No job found with id '${job.id}'`);
    await expect(e.engine.jobs.setRetries(null, 'x', -1)).rejects.toThrow(
      "The number of job retries must be a non-negative Integer, but '-1' has been provided.",
    );
  });

  it('setting retries to 0 opens the incident itself', async () => {
    const pi = await e.start('asyncOnce');
    const [job] = await e.jobs({ processInstanceId: pi.id });
    await e.engine.jobs.setRetries(null, job.id, 0);
    expect(await e.incidents({ configuration: job.id })).toHaveLength(1);
    expect(await e.runJobs()).toBe(0);
    await e.engine.jobs.executeJob(null, job.id);
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect(await e.incidents({ configuration: job.id })).toEqual([]);
  });

  it('camunda:failedJobRetryTimeCycle: R2/PT5M gives two tries five minutes apart', async () => {
    const pi = await e.start('asyncRetryCycle');
    expect(await e.runJobs()).toBe(1);
    const [once] = await e.jobs({ processInstanceId: pi.id });
    expect(once.retries).toBe(1);
    expect(once.lockExpirationTime!.getTime() - e.clock.now().getTime()).toBe(5 * MINUTE);
    expect(await e.advance(4 * MINUTE)).toBe(0);
    expect(await e.advance(MINUTE)).toBe(1);
    const [dead] = await e.jobs({ processInstanceId: pi.id });
    expect(dead.retries).toBe(0);
    expect(await e.incidents({ processInstanceId: pi.id })).toHaveLength(1);
  });

  it('executing a failing job by hand records the failure and rethrows it; an unknown job is not found', async () => {
    const pi = await e.start('asyncFailing');
    const [job] = await e.jobs({ processInstanceId: pi.id });
    await expect(e.engine.jobs.executeJob(null, job.id)).rejects.toThrow(/Unknown property/);
    expect((await e.jobs({ id: job.id }))[0].retries).toBe(2);
    await expect(e.engine.jobs.executeJob(null, 'missing')).rejects.toThrow("No job found with id 'missing'");
  });
});
