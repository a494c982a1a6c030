import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const PROCESSES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_joblog" targetNamespace="http://example.org/joblog">
  <bpmn:process id="steps" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Step" />
    <bpmn:task id="Step" camunda:asyncBefore="true" camunda:jobPriority="7" />
    <bpmn:sequenceFlow id="F2" sourceRef="Step" targetRef="Wait" />
    <bpmn:userTask id="Wait" /><bpmn:sequenceFlow id="F3" sourceRef="Wait" targetRef="Call" />
    <bpmn:serviceTask id="Call" camunda:type="external" camunda:topic="call" />
    <bpmn:sequenceFlow id="F4" sourceRef="Call" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:process id="failing" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="XS" /><bpmn:sequenceFlow id="X1" sourceRef="XS" targetRef="Check" />
    <bpmn:exclusiveGateway id="Check" camunda:asyncBefore="true" />
    <bpmn:sequenceFlow id="X2" sourceRef="Check" targetRef="XE"><bpmn:conditionExpression>\${missing &gt; 1}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:endEvent id="XE" />
  </bpmn:process>
  <bpmn:process id="brief" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="BS" /><bpmn:sequenceFlow id="B1" sourceRef="BS" targetRef="BStep" />
    <bpmn:task id="BStep" camunda:asyncAfter="true" />
    <bpmn:sequenceFlow id="B2" sourceRef="BStep" targetRef="BE" /><bpmn:endEvent id="BE" />
  </bpmn:process>
  <bpmn:process id="timed" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="TS" /><bpmn:sequenceFlow id="T1" sourceRef="TS" targetRef="Answer" />
    <bpmn:userTask id="Answer" /><bpmn:sequenceFlow id="T2" sourceRef="Answer" targetRef="TE" /><bpmn:endEvent id="TE" />
    <bpmn:boundaryEvent id="Late" attachedToRef="Answer"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="T3" sourceRef="Late" targetRef="TE2" /><bpmn:endEvent id="TE2" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic job log (${databaseLabel()})`, () => {
  let t: TestApp;
  let deploymentId: string;
  let stepsPi: string;
  let failingPi: string;

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body.id;
  const list = async (query = '') => (await t.as('demo').get(`/history/job-log${query}`).expect(200)).body;
  const count = async (query = '') => (await t.as('demo').get(`/history/job-log/count${query}`).expect(200)).body.count;
  const states = (logs: any[]) =>
    logs.map((l) => (l.creationLog ? 'created' : l.failureLog ? 'failed' : l.successLog ? 'successful' : 'deleted'));

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    deploymentId = (await deploy(t, [{ name: 'joblog.bpmn', content: PROCESSES }]).expect(200)).body.id;
    stepsPi = await start('steps');
    failingPi = await start('failing');
    await t.engine.jobs.executeDueJobs();
  });
  afterAll(() => t.close());

  it('logs the creation and the successful run of an async continuation, in Camunda’s shape', async () => {
    const logs = await list(`?processInstanceId=${stepsPi}&sortBy=timestamp&sortOrder=asc`);
    expect(states(logs)).toEqual(['created', 'successful']);
    const [job] = logs;
    expect(logs[1]).toEqual({
      ...job,
      id: expect.any(String),
      timestamp: expect.any(String),
      creationLog: false,
      successLog: true,
    });
    expect(job).toEqual({
      id: expect.any(String),
      timestamp: expect.stringMatching(/\+0000$/),
      removalTime: null,
      jobId: expect.any(String),
      jobDueDate: null,
      jobRetries: 3,
      jobPriority: 7,
      jobExceptionMessage: null,
      failedActivityId: null,
      jobDefinitionId: expect.any(String),
      jobDefinitionType: 'async-continuation',
      jobDefinitionConfiguration: 'async-before',
      activityId: 'Step',
      executionId: expect.any(String),
      processInstanceId: stepsPi,
      processDefinitionId: expect.stringMatching(/^steps:1:/),
      processDefinitionKey: 'steps',
      deploymentId,
      rootProcessInstanceId: stepsPi,
      tenantId: null,
      hostname: expect.stringMatching(/\$default$/),
      creationLog: true,
      failureLog: false,
      successLog: false,
      deletionLog: false,
    });
  });

  it('logs each failure, retries counting down, with the message and a stacktrace of the failure, never our own call stack', async () => {
    const [job] = (await t.as('demo').get(`/job?processInstanceId=${failingPi}`).expect(200)).body;
    // The job executor ran it until it had no retries left.
    const failures = await list(`?jobId=${job.id}&failureLog=true&sortBy=jobRetries&sortOrder=desc`);
    expect(failures.map((l: any) => l.jobRetries)).toEqual([2, 1, 0]);
    expect(failures[0]).toMatchObject({
      failedActivityId: 'Check',
      activityId: 'Check',
      jobExceptionMessage: expect.stringContaining('Unknown property'),
    });
    const trace = await t.as('demo').get(`/history/job-log/${failures[0].id}/stacktrace`).expect(200);
    expect(trace.headers['content-type']).toMatch(/^text\/plain/);
    expect(trace.text).toContain('Unknown property used in expression');
    expect(trace.text).not.toMatch(/\n\s+at /);
    const [creation] = await list(`?jobId=${job.id}&creationLog=true`);
    await t.as('demo').get(`/history/job-log/${creation.id}/stacktrace`).expect(204);
    await t.as('demo').get('/history/job-log/nope/stacktrace').expect(404);
    const missing = await t.as('demo').get('/history/job-log/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Historic job log with id nope does not exist',
      code: null,
    });
    expect((await t.as('demo').get(`/history/job-log/${creation.id}`).expect(200)).body).toEqual(creation);
  });

  it('filters, sorts and counts (GET and POST)', async () => {
    expect(await count(`?processDefinitionKey=failing`)).toBe(4);
    expect(await count(`?failedActivityIdIn=Check,Other`)).toBe(3);
    expect(await count(`?activityIdIn=Step`)).toBe(2);
    expect(await count(`?deploymentId=${deploymentId}&creationLog=true`)).toBe(2);
    expect(await count('?jobDefinitionType=async-continuation&jobDefinitionConfiguration=async-before')).toBe(6);
    expect(await count('?jobPriorityHigherThanOrEquals=5&jobPriorityLowerThanOrEquals=7')).toBe(2);
    expect(await count('?jobExceptionMessage=nope')).toBe(0);
    expect(await count('?withoutTenantId=true&successLog=true')).toBe(1);
    expect(await count('?tenantIdIn=t1')).toBe(0);
    const [one] = await list('?creationLog=true&processInstanceId=' + stepsPi);
    expect(await count(`?hostname=${encodeURIComponent(one.hostname)}`)).toBe(6);
    expect(await count(`?executionIdIn=${one.executionId}`)).toBe(2);
    expect(await count(`?logId=${one.id}`)).toBe(1);
    expect((await list('?sortBy=jobPriority&sortOrder=desc')).map((l: any) => l.jobPriority)[0]).toBe(7);
    const posted = (
      await t
        .as('demo')
        .post('/history/job-log?firstResult=0&maxResults=2')
        .send({ processInstanceId: failingPi, sorting: [{ sortBy: 'jobRetries', sortOrder: 'asc' }] })
        .expect(200)
    ).body;
    expect(posted.map((l: any) => l.jobRetries)).toEqual([0, 1]);
    expect((await t.as('demo').post('/history/job-log/count').send({ failureLog: true }).expect(200)).body).toEqual({
      count: 3,
    });
    await t.as('demo').get('/history/job-log?sortBy=nope&sortOrder=asc').expect(400);
  });

  it('logs batch jobs; a batch deleted with cascade takes their log along, one deleted without logs its jobs as deleted', async () => {
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${stepsPi}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    const [ext] = (await t.as('demo').get(`/external-task?processInstanceId=${stepsPi}`).expect(200)).body;
    const batch = async () =>
      (
        await t
          .as('demo')
          .post('/external-task/retries-async')
          .send({ externalTaskIds: [ext.id], retries: 4 })
          .expect(200)
      ).body;
    const done = await batch();
    await t.engine.jobs.executeDueJobs();
    const batchLogs = await list(`?jobDefinitionId=${done.seedJobDefinitionId}`);
    expect(states(batchLogs).sort()).toEqual(['created', 'successful']);
    expect(batchLogs[0]).toMatchObject({
      jobDefinitionType: 'batch-seed-job',
      processInstanceId: null,
      deploymentId: null,
    });
    expect(await count(`?jobDefinitionId=${done.batchJobDefinitionId}&successLog=true`)).toBe(1);
    expect(await count(`?jobDefinitionId=${done.monitorJobDefinitionId}&successLog=true`)).toBe(1);

    const pending = await batch();
    await t.as('demo').delete(`/batch/${pending.id}`).expect(204);
    expect(
      states(await list(`?jobDefinitionId=${pending.seedJobDefinitionId}&sortBy=timestamp&sortOrder=asc`)),
    ).toEqual(['created', 'deleted']);

    const cascaded = await batch();
    expect(await count(`?jobDefinitionId=${cascaded.seedJobDefinitionId}`)).toBe(1);
    await t.as('demo').delete(`/batch/${cascaded.id}?cascade=true`).expect(204);
    expect(await count(`?jobDefinitionId=${cascaded.seedJobDefinitionId}`)).toBe(0);

    await t.as('demo').delete(`/history/batch/${pending.id}`).expect(204);
    expect(await count(`?jobDefinitionId=${pending.seedJobDefinitionId}`)).toBe(0);
  });

  it('logs timers deleted with their scope: a task completed, an instance deleted', async () => {
    const completed = await start('timed');
    const deleted = await start('timed');
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${completed}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    await t.as('demo').delete(`/process-instance/${deleted}`).expect(204);
    for (const pi of [completed, deleted]) {
      const logs = await list(`?processInstanceId=${pi}&sortBy=timestamp&sortOrder=asc`);
      expect(states(logs)).toEqual(['created', 'deleted']);
      expect(logs[1]).toMatchObject({
        jobId: logs[0].jobId,
        jobDefinitionType: 'timer-transition',
        activityId: 'Late',
        rootProcessInstanceId: pi,
        deploymentId,
        jobDueDate: logs[0].jobDueDate,
        hostname: logs[0].hostname,
      });
      expect(logs[1].id).not.toBe(logs[0].id);
    }
  });

  it('needs READ_HISTORY on the process definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'auditor' }, credentials: { password: 'auditorpw' } })
      .expect(204);
    expect((await t.as('auditor', 'auditorpw').get('/history/job-log/count').expect(200)).body.count).toBe(0);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['READ_HISTORY'], userId: 'auditor', resourceType: 6, resourceId: 'failing' })
      .expect(200);
    expect((await t.as('auditor', 'auditorpw').get('/history/job-log/count').expect(200)).body.count).toBe(4);
  });

  it('goes with its root instance in the history cleanup, which logs its own job', async () => {
    const pi = await start('brief');
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${pi}`)).toBe(2);
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${pi}`)).toBe(0);
    expect(await count('?jobDefinitionType=history-cleanup&successLog=true')).toBe(1);
    expect(await count(`?processInstanceId=${failingPi}`)).toBe(4);
  });
});

const startTimer = (version: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_nightly" targetNamespace="http://example.org/joblog">
  <bpmn:process id="nightly" name="${version}" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Night"><bpmn:timerEventDefinition><bpmn:timeCycle>R/PT24H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:sequenceFlow id="N1" sourceRef="Night" targetRef="NE" /><bpmn:endEvent id="NE" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic job log of start timers (${databaseLabel()})`, () => {
  it('logs a start timer scheduled by a deployment and deleted when a new version takes over', async () => {
    const t = await createTestApp({ jobExecutorEnabled: false });
    try {
      const first = (await deploy(t, [{ name: 'nightly.bpmn', content: startTimer('one') }]).expect(200)).body.id;
      const second = (await deploy(t, [{ name: 'nightly.bpmn', content: startTimer('two') }]).expect(200)).body.id;
      const logs = (
        await t
          .as('demo')
          .get('/history/job-log?processDefinitionKey=nightly&sortBy=timestamp&sortOrder=asc')
          .expect(200)
      ).body;
      const summary = logs.map((l: any) => [
        l.deploymentId,
        l.creationLog,
        l.deletionLog,
        l.jobDefinitionType,
        l.activityId,
      ]);
      expect(summary).toEqual(
        expect.arrayContaining([
          [first, true, false, 'timer-start-event', 'Night'],
          [null, false, true, 'timer-start-event', 'Night'],
          [second, true, false, 'timer-start-event', 'Night'],
        ]),
      );
      expect(logs).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});

describe(`historic job log below history level full (${databaseLabel()})`, () => {
  it('writes nothing', async () => {
    const t = await createTestApp({ jobExecutorEnabled: false, historyLevel: 'audit' });
    try {
      await deploy(t, [{ name: 'joblog.bpmn', content: PROCESSES }]).expect(200);
      await t.as('demo').post('/process-definition/key/brief/start').send({}).expect(200);
      await t.engine.jobs.executeDueJobs();
      expect((await t.as('demo').get('/history/job-log/count').expect(200)).body.count).toBe(0);
    } finally {
      await t.close();
    }
  });
});
