import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const TIMER = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://test" id="jo-timer">
  <bpmn:process id="jobTimer" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="t1" sourceRef="Start" targetRef="Later" />
    <bpmn:intermediateCatchEvent id="Later"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="t2" sourceRef="Later" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`job operations over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deployFixture(t, ['events/async.bpmn']).expect(200);
    await deploy(t, [{ name: 'timer.bpmn', content: TIMER }]).expect(200);
  });
  afterAll(() => t.close());

  const api = () => t.as('demo');
  const start = async (key: string) =>
    (await api().post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const jobsOf = async (pi: string) => (await api().get(`/job?processInstanceId=${pi}`).expect(200)).body;
  const runDue = () => t.engine.jobs.executeDueJobs();

  // SuspendJobTest#testSuspensionById, ActivateJobTest#testActivationById: a suspended job is not acquired
  it('suspends one job (the executor leaves it alone) and activates it again', async () => {
    const pi = await start('asyncOnce');
    const [job] = await jobsOf(pi.id);
    await api().put(`/job/${job.id}/suspended`).send({ suspended: true }).expect(204);
    expect((await api().get(`/job/${job.id}`).expect(200)).body.suspended).toBe(true);
    expect((await api().get(`/job/count?processInstanceId=${pi.id}&suspended=true`).expect(200)).body.count).toBe(1);
    expect(await runDue()).toBe(0);
    expect(await jobsOf(pi.id)).toHaveLength(1);
    await api().put(`/job/${job.id}/suspended`).send({ suspended: false }).expect(204);
    expect((await api().get(`/job/count?processInstanceId=${pi.id}&active=true`).expect(200)).body.count).toBe(1);
    await runDue();
    expect(await jobsOf(pi.id)).toEqual([]);
  });

  // SuspendJobTest#testSuspensionByProcessInstanceId, #testSuspensionByJobDefinitionId, #testSuspensionByProcessDefinitionKey
  it('suspends the jobs of a process instance, a job definition or a process definition', async () => {
    const a = await start('asyncOnce');
    const b = await start('asyncOnce');
    await api().put('/job/suspended').send({ processInstanceId: a.id, suspended: true }).expect(204);
    expect((await jobsOf(a.id))[0].suspended).toBe(true);
    expect((await jobsOf(b.id))[0].suspended).toBe(false);
    const definitionId = (await jobsOf(b.id))[0].jobDefinitionId;
    await api().put('/job/suspended').send({ jobDefinitionId: definitionId, suspended: true }).expect(204);
    expect((await jobsOf(b.id))[0].suspended).toBe(true);
    await api().put('/job/suspended').send({ processDefinitionKey: 'asyncOnce', suspended: false }).expect(204);
    expect((await jobsOf(a.id))[0].suspended).toBe(false);
    await api().put('/job/suspended').send({ processDefinitionId: a.definitionId, suspended: true }).expect(204);
    expect((await jobsOf(b.id))[0].suspended).toBe(true);
    await api()
      .put('/job/suspended')
      .send({ processDefinitionKey: 'asyncOnce', processDefinitionWithoutTenantId: true, suspended: false })
      .expect(204);
    expect((await jobsOf(b.id))[0].suspended).toBe(false);
    await runDue();
  });

  it("refuses suspension requests that name no or several selections, with Camunda's messages", async () => {
    const two = await api()
      .put('/job/suspended')
      .send({ processInstanceId: 'a', jobDefinitionId: 'b', suspended: true });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe(
      'Only one of jobId, jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
    );
    const none = await api().put('/job/suspended').send({ suspended: true }).expect(400);
    expect(none.body.message).toBe(
      'Either jobId, jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
    );
    const byId = await api().put('/job/suspended').send({ jobId: 'x', suspended: true }).expect(400);
    expect(byId.body.message).toBe(
      'Either jobDefinitionId, processInstanceId, processDefinitionId or processDefinitionKey can be set to update the suspension state.',
    );
  });

  // ManagementServiceTest#testDeleteJobThatWasAlreadyAcquired, #testDeleteJobNullJobId / unknown id
  it('deletes a job (its failedJob incident with it); an unknown one is a 404, a locked one is refused', async () => {
    const failing = await start('asyncFailing');
    for (let i = 0; i < 3; i++) await runDue();
    const [failed] = await jobsOf(failing.id);
    expect((await api().get(`/incident/count?processInstanceId=${failing.id}`).expect(200)).body.count).toBe(1);
    await api().delete(`/job/${failed.id}`).expect(204);
    expect(await jobsOf(failing.id)).toEqual([]);
    expect((await api().get(`/incident/count?processInstanceId=${failing.id}`).expect(200)).body.count).toBe(0);
    const unknown = await api().delete('/job/nope').expect(404);
    expect(unknown.body.message).toBe("No job found with id 'nope': job is null");

    const pi = await start('asyncOnce');
    const [job] = await jobsOf(pi.id);
    const claimed = await t.engine.jobs.acquire('someone-else', 100, 60_000);
    expect(claimed).toContain(job.id);
    const locked = await api().delete(`/job/${job.id}`).expect(409);
    expect(locked.body).toMatchObject({
      type: 'ProcessEngineException',
      message: 'Cannot delete job when the job is being executed. Try again later.',
    });
    await t.engine.jobs.releaseLocks('someone-else');
    await api().delete(`/job/${job.id}`).expect(204);
    await api().delete(`/process-instance/${pi.id}`).expect(204);
  });

  // ManagementServiceTest#testSetJobDuedate, #testSetJobDuedateNonExistingJobId
  it('moves the due date of a timer; an unknown job is a 404', async () => {
    const pi = await start('jobTimer');
    const [timer] = await jobsOf(pi.id);
    expect(await runDue()).toBe(0);
    await api().put(`/job/${timer.id}/duedate`).send({ duedate: '2020-01-01T00:00:00.000+0000' }).expect(204);
    expect((await api().get(`/job/${timer.id}`).expect(200)).body.dueDate).toBe('2020-01-01T00:00:00.000+0000');
    await api().put(`/job/${timer.id}/duedate`).send({ duedate: 'not a date' }).expect(400);
    await api().put('/job/nope/duedate').send({ duedate: '2020-01-01T00:00:00.000+0000' }).expect(404);

    // ManagementServiceTest#testRecalculateJobDuedate (creation date based and from now)
    await api().post(`/job/${timer.id}/duedate/recalculate`).expect(204);
    const recalculated = (await api().get(`/job/${timer.id}`).expect(200)).body;
    expect(Date.parse(recalculated.dueDate) - Date.parse(recalculated.createTime)).toBe(3_600_000);
    const before = Date.now();
    await api().post(`/job/${timer.id}/duedate/recalculate?creationDateBased=false`).expect(204);
    const fromNow = Date.parse((await api().get(`/job/${timer.id}`).expect(200)).body.dueDate);
    expect(fromNow).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(fromNow).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
    await api().post('/job/nope/duedate/recalculate').expect(404);
    const asyncPi = await start('asyncOnce');
    const [asyncJob] = await jobsOf(asyncPi.id);
    const notTimer = await api().post(`/job/${asyncJob.id}/duedate/recalculate`).expect(400);
    expect(notTimer.body.message).toBe(
      `Only timer jobs can be recalculated, but the job with id '${asyncJob.id}' is of type 'async-continuation'.`,
    );

    await api().put(`/job/${timer.id}/duedate`).send({ duedate: '2020-01-01T00:00:00.000+0000' }).expect(204);
    expect(await runDue()).toBe(2);
    expect(await jobsOf(pi.id)).toEqual([]);
  });

  // SetJobsRetriesBatchTest (ManagementService#setJobRetriesAsync): by ids, by query and by process instance
  it('POST /job/retries sets the retries of the selected jobs in a batch of type set-job-retries', async () => {
    const failing = [await start('asyncFailing'), await start('asyncFailing'), await start('asyncFailing')];
    for (let i = 0; i < 3; i++) await runDue();
    const jobOf = async (pi: { id: string }) => (await jobsOf(pi.id))[0];
    for (const pi of failing) expect((await jobOf(pi)).retries).toBe(0);
    const res = await api()
      .post('/job/retries')
      .send({
        jobIds: [(await jobOf(failing[0])).id],
        jobQuery: { processInstanceId: failing[1].id },
        processInstanceIds: [failing[2].id],
        retries: 4,
        dueDate: '2099-01-01T00:00:00.000+0000',
      })
      .expect(200);
    expect(res.body).toMatchObject({ type: 'set-job-retries', totalJobs: 3, suspended: false, createUserId: 'demo' });
    await runDue();
    for (const pi of failing)
      expect(await jobOf(pi)).toMatchObject({ retries: 4, dueDate: '2099-01-01T00:00:00.000+0000' });
    expect((await api().get(`/incident/count?processDefinitionKey=asyncFailing`).expect(200)).body.count).toBe(0);
    await api().get(`/batch/${res.body.id}`).expect(404);

    const empty = await api().post('/job/retries').send({ jobIds: [], retries: 1 }).expect(400);
    expect(empty.body.message).toBe('jobIds is empty');
    const negative = await api()
      .post('/job/retries')
      .send({ jobIds: ['x'], retries: -1 })
      .expect(400);
    expect(negative.body.message).toBe('Retries count: retries is not greater than or equal to 0');
    await api()
      .post('/job/retries')
      .send({ jobIds: ['x'] })
      .expect(400);
    for (const pi of failing) await api().delete(`/process-instance/${pi.id}`).expect(204);
  });

  // ManagementServiceTest#testSetJobPriority, #testSetJobPriorityForNonExistingJob; JobResourceImpl: null is a 400
  it('sets the priority of a job', async () => {
    const pi = await start('asyncOnce');
    const [job] = await jobsOf(pi.id);
    await api().put(`/job/${job.id}/priority`).send({ priority: 12 }).expect(204);
    expect((await api().get(`/job/${job.id}`).expect(200)).body.priority).toBe(12);
    const missing = await api().put(`/job/${job.id}/priority`).send({}).expect(400);
    expect(missing.body).toMatchObject({
      type: 'RestException',
      message: `Priority for job '${job.id}' cannot be null.`,
    });
    const unknown = await api().put('/job/nope/priority').send({ priority: 1 }).expect(404);
    expect(unknown.body.message).toBe("No job found with id 'nope'");
    await runDue();
  });
});

describe(`job operation authorization (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, authorizationEnabled: true });
    await deployFixture(t, ['events/async.bpmn']).expect(200);
    for (const id of ['reader', 'updater']) {
      await t
        .as('demo')
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
    const grant = (userId: string, permissions: string[]) =>
      t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId, resourceType: 6, resourceId: 'asyncOnce', permissions })
        .expect(200);
    await grant('reader', ['READ', 'READ_INSTANCE']);
    await grant('updater', ['READ', 'READ_INSTANCE', 'UPDATE_INSTANCE']);
  });
  afterAll(() => t.close());

  const as = (user: string) => t.as(user, `${user}pw`);

  // SuspendJobAuthorizationTest, DeleteJobAuthorizationTest, SetJobPriorityAuthorizationTest, SetJobDueDateAuthorizationTest
  it('suspending, deleting, moving and prioritizing a job need UPDATE on the instance or UPDATE_INSTANCE', async () => {
    const pi = (await t.as('demo').post('/process-definition/key/asyncOnce/start').send({}).expect(200)).body;
    const [job] = (await as('reader').get(`/job?processInstanceId=${pi.id}`).expect(200)).body;
    const denied = await as('reader').put(`/job/${job.id}/suspended`).send({ suspended: true }).expect(403);
    expect(denied.body.message).toContain(
      "'UPDATE_INSTANCE' permission on resource 'asyncOnce' of type 'ProcessDefinition'",
    );
    await as('reader').put('/job/suspended').send({ processDefinitionKey: 'asyncOnce', suspended: true }).expect(403);
    await as('reader').put(`/job/${job.id}/priority`).send({ priority: 1 }).expect(403);
    await as('reader').put(`/job/${job.id}/duedate`).send({ duedate: null }).expect(403);
    await as('reader').delete(`/job/${job.id}`).expect(403);
    await as('updater').put(`/job/${job.id}/suspended`).send({ suspended: true }).expect(204);
    await as('updater').put('/job/suspended').send({ processInstanceId: pi.id, suspended: false }).expect(204);
    await as('updater').put(`/job/${job.id}/priority`).send({ priority: 1 }).expect(204);
    await as('updater').put(`/job/${job.id}/duedate`).send({ duedate: null }).expect(204);
    await as('updater').delete(`/job/${job.id}`).expect(204);
  });

  // SetJobRetriesBatchAuthorizationTest: CREATE or CREATE_BATCH_SET_JOB_RETRIES on Batch
  it('a batch of job retries needs CREATE or CREATE_BATCH_SET_JOB_RETRIES on Batch', async () => {
    const pi = (await t.as('demo').post('/process-definition/key/asyncOnce/start').send({}).expect(200)).body;
    const [job] = (await as('updater').get(`/job?processInstanceId=${pi.id}`).expect(200)).body;
    const denied = await as('updater')
      .post('/job/retries')
      .send({ jobIds: [job.id], retries: 1 })
      .expect(403);
    expect(denied.body.message).toContain("'CREATE_BATCH_SET_JOB_RETRIES' permission on resource 'Batch'");
    await t
      .as('demo')
      .post('/authorization/create')
      .send({
        type: 1,
        userId: 'updater',
        resourceType: 13,
        resourceId: '*',
        permissions: ['CREATE_BATCH_SET_JOB_RETRIES'],
      })
      .expect(200);
    expect(
      (
        await as('updater')
          .post('/job/retries')
          .send({ jobIds: [job.id], retries: 1 })
          .expect(200)
      ).body.type,
    ).toBe('set-job-retries');
  });
});

const PRIORITIES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://test" id="jo-prio">
  <bpmn:process id="jobPrio" isExecutable="true" camunda:historyTimeToLive="P1D" camunda:jobPriority="\${prio}">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="p1" sourceRef="Start" targetRef="Step" />
    <bpmn:task id="Step" camunda:asyncBefore="true" />
    <bpmn:sequenceFlow id="p2" sourceRef="Step" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`job acquisition by priority (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, jobExecutorAcquireByPriority: true });
    await deploy(t, [{ name: 'prio.bpmn', content: PRIORITIES }]).expect(200);
  });
  afterAll(() => t.close());

  // JobPrioritizationBpmnExpressionValueTest#testProcessDefinitionPrioritizationExpression,
  // JobPrioritizationTest (jobExecutorAcquireByPriority): the highest priority is claimed first
  it('gives jobs the priority of the model (an expression) and claims the highest first', async () => {
    const started: Record<number, string> = {};
    for (const prio of [3, 30, 10]) {
      const pi = (
        await t
          .as('demo')
          .post('/process-definition/key/jobPrio/start')
          .send({ variables: { prio: { value: prio, type: 'Long' } } })
          .expect(200)
      ).body;
      const [job] = (await t.as('demo').get(`/job?processInstanceId=${pi.id}`).expect(200)).body;
      expect(job.priority).toBe(prio);
      started[prio] = job.id;
    }
    expect(await t.engine.jobs.acquire('first', 1, 60_000)).toEqual([started[30]]);
    expect(await t.engine.jobs.acquire('second', 1, 60_000)).toEqual([started[10]]);
    await t.as('demo').put(`/job/${started[3]}/priority`).send({ priority: 100 }).expect(204);
    expect(await t.engine.jobs.acquire('third', 1, 60_000)).toEqual([started[3]]);
  });
});
