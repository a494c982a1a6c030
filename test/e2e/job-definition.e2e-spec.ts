import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="http://test"`;

/** As Camunda's JobDefinitionQueryTest.testBase.bpmn: a timer start, an async task with a boundary timer, a timer catch. */
const BASE = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="jd-base">
  <bpmn:process id="jobDefsBase" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="StartEvent_1"><bpmn:timerEventDefinition><bpmn:timeDate>2036-11-14T11:12:22</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="StartEvent_1" targetRef="ServiceTask_1" />
    <bpmn:task id="ServiceTask_1" camunda:asyncBefore="true" />
    <bpmn:boundaryEvent id="BoundaryEvent_1" attachedToRef="ServiceTask_1"><bpmn:timerEventDefinition><bpmn:timeDuration>PT5M</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f2" sourceRef="BoundaryEvent_1" targetRef="End_2" />
    <bpmn:endEvent id="End_2" />
    <bpmn:sequenceFlow id="f3" sourceRef="ServiceTask_1" targetRef="IntermediateCatchEvent_1" />
    <bpmn:intermediateCatchEvent id="IntermediateCatchEvent_1"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f4" sourceRef="IntermediateCatchEvent_1" targetRef="End_1" />
    <bpmn:endEvent id="End_1" />
  </bpmn:process>
</bpmn:definitions>`;

/** Started over REST: an async-before step (priority from the model), then a task that waits with an async-after. */
const RUN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="jd-run">
  <bpmn:process id="jobRun" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="r1" sourceRef="Start" targetRef="Step" />
    <bpmn:task id="Step" camunda:asyncBefore="true" camunda:jobPriority="5" />
    <bpmn:sequenceFlow id="r2" sourceRef="Step" targetRef="Wait" />
    <bpmn:userTask id="Wait" camunda:asyncAfter="true" />
    <bpmn:sequenceFlow id="r3" sourceRef="Wait" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`job definitions over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [{ name: 'base.bpmn', content: BASE }]).expect(200);
    await deploy(t, [{ name: 'run.bpmn', content: RUN }]).expect(200);
    await deployFixture(t, ['events/async.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const api = () => t.as('demo');
  const definitionsOf = async (query: string) => (await api().get(`/job-definition?${query}`).expect(200)).body;
  const definitionOf = async (key: string, activityId: string) => {
    const [d] = await definitionsOf(`processDefinitionKey=${key}&activityIdIn=${activityId}`);
    return d;
  };
  const start = async (key: string) =>
    (await api().post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const jobsOf = async (pi: string) => (await api().get(`/job?processInstanceId=${pi}`).expect(200)).body;
  const runDue = () => t.engine.jobs.executeDueJobs();

  // JobDefinitionQueryTest#testQueryByNoCriteria, #testQueryByJobType, #testQueryByActivityId (JobDefinitionDeploymentTest)
  it('creates one job definition per async continuation and timer when a process is deployed', async () => {
    const defs = await definitionsOf('processDefinitionKey=jobDefsBase&sortBy=activityId&sortOrder=asc');
    const pd = (await api().get('/process-definition/key/jobDefsBase').expect(200)).body;
    expect(defs).toEqual([
      expect.objectContaining({
        activityId: 'BoundaryEvent_1',
        jobType: 'timer-transition',
        jobConfiguration: 'DURATION: PT5M',
      }),
      expect.objectContaining({
        activityId: 'IntermediateCatchEvent_1',
        jobType: 'timer-intermediate-transition',
        jobConfiguration: 'DURATION: PT1H',
      }),
      expect.objectContaining({
        activityId: 'ServiceTask_1',
        jobType: 'async-continuation',
        jobConfiguration: 'async-before',
      }),
      expect.objectContaining({
        activityId: 'StartEvent_1',
        jobType: 'timer-start-event',
        jobConfiguration: 'DATE: 2036-11-14T11:12:22',
      }),
    ]);
    expect(defs[0]).toEqual({
      id: expect.any(String),
      processDefinitionId: pd.id,
      processDefinitionKey: 'jobDefsBase',
      activityId: 'BoundaryEvent_1',
      jobType: 'timer-transition',
      jobConfiguration: 'DURATION: PT5M',
      overridingJobPriority: null,
      suspended: false,
      tenantId: null,
      deploymentId: pd.deploymentId,
    });
    const after = await definitionOf('jobRun', 'Wait');
    expect(after).toMatchObject({ jobType: 'async-continuation', jobConfiguration: 'async-after' });
    expect((await api().get(`/job-definition/${defs[0].id}`).expect(200)).body).toEqual(defs[0]);
    // the start timer job names its definition
    const [startTimer] = (await api().get(`/job?processDefinitionId=${pd.id}&timers=true`).expect(200)).body;
    expect(startTimer.jobDefinitionId).toBe(defs[3].id);
  });

  // JobDefinitionQueryTest#testQueryByActivityId, #testQueryByJobType, #testQueryByInvalid*, #testQuerySorting, #testQueryPaging
  it("filters, sorts, pages and counts as Camunda's query does", async () => {
    const key = 'processDefinitionKey=jobDefsBase';
    const count = async (q: string) => (await api().get(`/job-definition/count?${key}&${q}`).expect(200)).body.count;
    expect(await count('activityIdIn=ServiceTask_1')).toBe(1);
    expect(await count('activityIdIn=ServiceTask_1,BoundaryEvent_1')).toBe(2);
    expect(await count('activityIdIn=ServiceTask_1,BoundaryEvent_1,StartEvent_1,IntermediateCatchEvent_1')).toBe(4);
    expect(await count('activityIdIn=invalid')).toBe(0);
    expect(await count('jobType=async-continuation')).toBe(1);
    expect(await count('jobType=timer-start-event')).toBe(1);
    expect(await count('jobType=invalid')).toBe(0);
    expect(await count('jobConfiguration=DURATION: PT5M')).toBe(1);
    expect(await count('jobConfiguration=invalid')).toBe(0);
    expect(await count('active=true')).toBe(4);
    expect(await count('suspended=true')).toBe(0);
    expect(await count('withoutTenantId=true')).toBe(4);
    expect(await count('tenantIdIn=x')).toBe(0);
    expect(await count('tenantIdIn=x&includeJobDefinitionsWithoutTenantId=true')).toBe(4);
    expect(await count('processDefinitionId=invalid')).toBe(0);
    expect((await api().get('/job-definition/count?processDefinitionKey=invalid').expect(200)).body.count).toBe(0);
    for (const sortBy of [
      'jobDefinitionId',
      'activityId',
      'processDefinitionId',
      'processDefinitionKey',
      'jobType',
      'jobConfiguration',
      'tenantId',
    ])
      for (const sortOrder of ['asc', 'desc'])
        expect((await definitionsOf(`${key}&sortBy=${sortBy}&sortOrder=${sortOrder}`)).length).toBe(4);
    const desc = await definitionsOf(`${key}&sortBy=jobType&sortOrder=desc`);
    expect(desc.map((d: { jobType: string }) => d.jobType)).toEqual([
      'timer-transition',
      'timer-start-event',
      'timer-intermediate-transition',
      'async-continuation',
    ]);
    expect((await definitionsOf(`${key}&firstResult=1&maxResults=2`)).length).toBe(2);
    const posted = await api()
      .post('/job-definition')
      .send({
        processDefinitionKey: 'jobDefsBase',
        activityIdIn: ['ServiceTask_1'],
        sorting: [{ sortBy: 'jobType', sortOrder: 'asc' }],
      })
      .expect(200);
    expect(posted.body.map((d: { activityId: string }) => d.activityId)).toEqual(['ServiceTask_1']);
    expect(
      (await api().post('/job-definition/count').send({ processDefinitionKey: 'jobDefsBase' }).expect(200)).body,
    ).toEqual({
      count: 4,
    });
    await api().get('/job-definition?sortBy=nope&sortOrder=asc').expect(400);
  });

  it('GET /job-definition/{id} of an unknown id is a 404', async () => {
    const res = await api().get('/job-definition/nope').expect(404);
    expect(res.body).toMatchObject({
      type: 'InvalidRequestException',
      message: 'Job Definition with id nope does not exist',
    });
  });

  it('jobs the runtime creates name their job definition; the job query filters by it', async () => {
    const pi = await start('jobRun');
    const [job] = await jobsOf(pi.id);
    const step = await definitionOf('jobRun', 'Step');
    expect(job.jobDefinitionId).toBe(step.id);
    expect(job.priority).toBe(5);
    const byDefinition = (await api().get(`/job?jobDefinitionId=${step.id}`).expect(200)).body;
    expect(byDefinition.map((j: { id: string }) => j.id)).toContain(job.id);
    await runDue();
  });

  // SuspendJobDefinitionTest#testSuspensionById_shouldSuspendJobDefinitionAndRetainJob,
  // SuspendJobDefinitionTest#testSuspensionById_shouldSuspendJobDefinitionAndJob (includeJobs),
  // ActivateJobDefinitionTest#testActivationById_shouldActivateJobDefinitionAndJob
  it('suspends a job definition with or without its jobs; suspended jobs are not executed until activated', async () => {
    const step = await definitionOf('asyncOnce', 'OStep');
    const pi = await start('asyncOnce');
    await api().put(`/job-definition/${step.id}/suspended`).send({ suspended: true }).expect(204);
    expect((await api().get(`/job-definition/${step.id}`).expect(200)).body.suspended).toBe(true);
    let [job] = await jobsOf(pi.id);
    expect(job.suspended).toBe(false);
    // a job created while its definition is suspended is created suspended
    const later = await start('asyncOnce');
    expect((await jobsOf(later.id))[0].suspended).toBe(true);

    await api().put(`/job-definition/${step.id}/suspended`).send({ suspended: true, includeJobs: true }).expect(204);
    [job] = await jobsOf(pi.id);
    expect(job.suspended).toBe(true);
    expect((await api().get(`/job/count?jobDefinitionId=${step.id}&suspended=true`).expect(200)).body.count).toBe(2);
    await runDue();
    expect(await jobsOf(pi.id)).toHaveLength(1);

    await api().put(`/job-definition/${step.id}/suspended`).send({ suspended: false, includeJobs: true }).expect(204);
    expect((await api().get(`/job-definition/${step.id}`).expect(200)).body.suspended).toBe(false);
    await runDue();
    expect(await jobsOf(pi.id)).toEqual([]);
    expect(await jobsOf(later.id)).toEqual([]);
  });

  // SuspendJobDefinitionTest#testSuspensionByProcessDefinitionKey_shouldSuspendJobDefinitionAndJob,
  // SuspendJobDefinitionTest#testSuspensionByProcessDefinitionId (start timers go with their definition)
  it('suspends the job definitions of a process definition by key or id, start timers included', async () => {
    await api()
      .put('/job-definition/suspended')
      .send({ processDefinitionKey: 'jobDefsBase', suspended: true, includeJobs: true })
      .expect(204);
    expect(
      (await api().get('/job-definition/count?processDefinitionKey=jobDefsBase&suspended=true').expect(200)).body.count,
    ).toBe(4);
    const [startTimer] = (await api().get('/job?processDefinitionKey=jobDefsBase&timers=true').expect(200)).body;
    expect(startTimer.suspended).toBe(true);
    const pd = (await api().get('/process-definition/key/jobDefsBase').expect(200)).body;
    await api().put('/job-definition/suspended').send({ processDefinitionId: pd.id, suspended: false }).expect(204);
    expect(
      (await api().get('/job-definition/count?processDefinitionKey=jobDefsBase&active=true').expect(200)).body.count,
    ).toBe(4);
    expect((await api().get(`/job/${startTimer.id}`).expect(200)).body.suspended).toBe(false);
  });

  it("refuses suspension requests that name no or several selections, with Camunda's messages", async () => {
    const both = await api()
      .put('/job-definition/suspended')
      .send({ processDefinitionKey: 'a', processDefinitionId: 'b', suspended: true })
      .expect(400);
    expect(both.body).toMatchObject({
      type: 'InvalidRequestException',
      message:
        'Only one of jobDefinitionId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
    });
    const none = await api().put('/job-definition/suspended').send({ suspended: true }).expect(400);
    expect(none.body.message).toBe(
      'Either jobDefinitionId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
    );
    const byId = await api()
      .put('/job-definition/suspended')
      .send({ jobDefinitionId: 'x', suspended: true })
      .expect(400);
    expect(byId.body.message).toBe(
      'Either processDefinitionId or processDefinitionKey can be set to update the suspension state.',
    );
  });

  // JobDefinitionPriorityTest#testSetOverridingPriority, #testSetOverridingPriorityIncludeExistingJobs,
  // JobDefinitionPriorityTest#testResetOverridingPriority, JobDefinitionQueryTest#testQueryWithOverridingJobPriority
  it('sets, applies and clears an overriding job priority', async () => {
    const step = await definitionOf('jobRun', 'Step');
    const pi = await start('jobRun');
    await api().put(`/job-definition/${step.id}/jobPriority`).send({ priority: 42 }).expect(204);
    expect((await jobsOf(pi.id))[0].priority).toBe(5);
    expect((await api().get(`/job-definition/${step.id}`).expect(200)).body.overridingJobPriority).toBe(42);
    expect((await definitionsOf('withOverridingJobPriority=true')).map((d: { id: string }) => d.id)).toEqual([step.id]);
    const next = await start('jobRun');
    expect((await jobsOf(next.id))[0].priority).toBe(42);

    await api().put(`/job-definition/${step.id}/jobPriority`).send({ priority: 43, includeJobs: true }).expect(204);
    expect((await jobsOf(pi.id))[0].priority).toBe(43);

    const reset = await api().put(`/job-definition/${step.id}/jobPriority`).send({ includeJobs: true }).expect(400);
    expect(reset.body.message).toBe(`Cannot reset priority for job definition ${step.id} with includeJobs=true`);
    await api().put(`/job-definition/${step.id}/jobPriority`).send({ priority: null }).expect(204);
    expect((await api().get(`/job-definition/${step.id}`).expect(200)).body.overridingJobPriority).toBeNull();
    const third = await start('jobRun');
    expect((await jobsOf(third.id))[0].priority).toBe(5);
    expect((await jobsOf(pi.id))[0].priority).toBe(43);
    const unknown = await api().put('/job-definition/nope/jobPriority').send({ priority: 1 }).expect(404);
    expect(unknown.body.message).toBe("Job definition with id 'nope' does not exist");
    await runDue();
  });

  // ManagementServiceTest#testSetJobRetriesByJobDefinitionId (JobDefinitionResourceImpl.setJobRetries)
  it('gives the failed jobs of a job definition new retries and resolves their incidents', async () => {
    const check = await definitionOf('asyncFailing', 'Check');
    const pi = await start('asyncFailing');
    for (let i = 0; i < 3; i++) await runDue();
    expect((await jobsOf(pi.id))[0].retries).toBe(0);
    expect((await api().get(`/incident/count?processInstanceId=${pi.id}`).expect(200)).body.count).toBe(1);
    await api().put(`/job-definition/${check.id}/retries`).send({ retries: 2 }).expect(204);
    const [job] = await jobsOf(pi.id);
    expect(job.retries).toBe(2);
    expect((await api().get(`/incident/count?processInstanceId=${pi.id}`).expect(200)).body.count).toBe(0);
    const negative = await api().put(`/job-definition/${check.id}/retries`).send({ retries: -1 }).expect(400);
    expect(negative.body.message).toBe(
      "The number of job retries must be a non-negative Integer, but '-1' has been provided.",
    );
    await api().put(`/job-definition/${check.id}/retries`).send({}).expect(400);
    await api().delete(`/process-instance/${pi.id}`).expect(204);
  });

  it('deleting the deployment deletes its job definitions', async () => {
    const res = await deploy(t, [{ name: 'gone.bpmn', content: BASE.replace(/jobDefsBase/g, 'jobDefsGone') }]).expect(
      200,
    );
    expect((await api().get('/job-definition/count?processDefinitionKey=jobDefsGone').expect(200)).body.count).toBe(4);
    await api().delete(`/deployment/${res.body.id}?cascade=true`).expect(204);
    expect((await api().get('/job-definition/count?processDefinitionKey=jobDefsGone').expect(200)).body.count).toBe(0);
  });
});

describe(`job definition authorization (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, authorizationEnabled: true });
    await deploy(t, [{ name: 'run.bpmn', content: RUN }]).expect(200);
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
        .send({ type: 1, userId, resourceType: 6, resourceId: 'jobRun', permissions })
        .expect(200);
    await grant('reader', ['READ']);
    await grant('updater', ['READ', 'UPDATE']);
  });
  afterAll(() => t.close());

  const as = (user: string) => t.as(user, `${user}pw`);

  it('lists job definitions of readable process definitions only', async () => {
    expect((await as('reader').get('/job-definition/count').expect(200)).body.count).toBe(2);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'nobody' }, credentials: { password: 'nobodypw' } })
      .expect(204);
    expect((await as('nobody').get('/job-definition/count').expect(200)).body.count).toBe(0);
  });

  // SuspendJobDefinitionAuthorizationTest: UPDATE on the process definition; with includeJobs UPDATE_INSTANCE too
  it('suspending needs UPDATE on the process definition, and UPDATE_INSTANCE to include the jobs', async () => {
    const [d] = (await as('reader').get('/job-definition?activityIdIn=Step').expect(200)).body;
    const denied = await as('reader').put(`/job-definition/${d.id}/suspended`).send({ suspended: true }).expect(403);
    expect(denied.body).toMatchObject({ type: 'AuthorizationException' });
    expect(denied.body.message).toContain("'UPDATE' permission on resource 'jobRun' of type 'ProcessDefinition'");
    await as('updater').put(`/job-definition/${d.id}/suspended`).send({ suspended: true }).expect(204);
    const withJobs = await as('updater')
      .put(`/job-definition/${d.id}/suspended`)
      .send({ suspended: false, includeJobs: true })
      .expect(403);
    expect(withJobs.body.message).toContain("'UPDATE_INSTANCE' permission on resource 'jobRun'");
    await as('updater').put(`/job-definition/${d.id}/jobPriority`).send({ priority: 3 }).expect(204);
    await as('reader').put(`/job-definition/${d.id}/jobPriority`).send({ priority: 3 }).expect(403);
    await as('reader').put(`/job-definition/${d.id}/retries`).send({ retries: 3 }).expect(403);
  });
});
