import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// A thousand instances, each migrated in a batch job's transaction.
jest.setTimeout(300_000);

const INSTANCES = 1_000;

/** Version 1 waits in a user task, an external task and a timer at once; version 2 is the same process. */
const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="D_migScale" targetNamespace="http://example.org/migration-scale">
  <bpmn:process id="migScale" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="start" /><bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="fork" />
    <bpmn:parallelGateway id="fork" />
    <bpmn:sequenceFlow id="f1" sourceRef="fork" targetRef="userTask" /><bpmn:userTask id="userTask" />
    <bpmn:sequenceFlow id="f1e" sourceRef="userTask" targetRef="e1" /><bpmn:endEvent id="e1" />
    <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="ext" />
    <bpmn:serviceTask id="ext" camunda:type="external" camunda:topic="mig-scale" />
    <bpmn:sequenceFlow id="f2e" sourceRef="ext" targetRef="e2" /><bpmn:endEvent id="e2" />
    <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="timer" />
    <bpmn:intermediateCatchEvent id="timer">
      <bpmn:timerEventDefinition><bpmn:timeDate>2099-01-01T00:00:00Z</bpmn:timeDate></bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f3e" sourceRef="timer" targetRef="e3" /><bpmn:endEvent id="e3" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`migration of ${INSTANCES} instances by executeAsync (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0, invocationsPerBatchJob: 50 });
  });
  afterAll(() => t.close());

  const count = async (path: string) => (await t.as('demo').get(path).expect(200)).body.count as number;

  it('every instance, task, external task and timer ends on version 2, each once', async () => {
    const ids: string[] = [];
    for (const _ of [1, 2]) {
      const res = await deploy(t, [{ name: 'scale.bpmn', content: MODEL }], { 'deploy-changed-only': 'false' });
      ids.push(Object.values(res.body.deployedProcessDefinitions as Record<string, { id: string }>)[0].id);
    }
    const [v1, v2] = ids;
    for (let i = 0; i < INSTANCES; i++) await t.as('demo').post(`/process-definition/${v1}/start`).send({}).expect(200);
    const timers = (await t.as('demo').get(`/job?processDefinitionId=${v1}`).expect(200)).body as Array<{
      id: string;
      dueDate: string;
    }>;
    expect(timers).toHaveLength(INSTANCES);

    const plan = (
      await t
        .as('demo')
        .post('/migration/generate')
        .send({ sourceProcessDefinitionId: v1, targetProcessDefinitionId: v2 })
        .expect(200)
    ).body;
    const batch = (
      await t
        .as('demo')
        .post('/migration/executeAsync')
        .send({ migrationPlan: plan, processInstanceQuery: { processDefinitionId: v1 } })
        .expect(200)
    ).body;
    expect(batch).toMatchObject({ type: 'instance-migration', totalJobs: INSTANCES / 50 });
    for (let round = 0; round < 5 && (await count(`/batch/count?batchId=${batch.id}`)) > 0; round++)
      await t.engine.jobs.executeDueJobs();
    expect(await count(`/batch/count?batchId=${batch.id}`)).toBe(0);

    expect(await count(`/process-instance/count?processDefinitionId=${v2}`)).toBe(INSTANCES);
    expect(await count(`/process-instance/count?processDefinitionId=${v1}`)).toBe(0);
    expect(await count(`/task/count?processDefinitionId=${v2}`)).toBe(INSTANCES);
    expect(await count(`/external-task/count?processDefinitionId=${v2}`)).toBe(INSTANCES);
    expect(await count(`/job/count?processDefinitionId=${v1}`)).toBe(0);
    const after = (await t.as('demo').get(`/job?processDefinitionId=${v2}`).expect(200)).body as Array<{
      id: string;
      dueDate: string;
    }>;
    expect(after.map((j) => j.id).sort()).toEqual(timers.map((j) => j.id).sort());
    expect(new Set(after.map((j) => j.dueDate))).toEqual(new Set(['2099-01-01T00:00:00.000+0000']));
    expect(await count(`/history/process-instance/count?processDefinitionId=${v2}`)).toBe(INSTANCES);
  });
});
