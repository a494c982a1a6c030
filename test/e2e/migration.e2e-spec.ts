import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * Process instance migration over REST, scenarios after Camunda's migration tests
 * (engine/src/test/java/org/camunda/bpm/engine/test/api/runtime/migration, their ProcessModels written as XML).
 */
const NS = `xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"`;

function model(key: string, body: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${NS} id="D_${key}" targetNamespace="http://example.org/migration">${extra}
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="30">${body}</bpmn:process>
</bpmn:definitions>`;
}

/** ProcessModels.ONE_TASK_PROCESS, with what `inside` adds next to the task. */
const oneTask = (task = 'userTask', inside = '', taskAttrs = '') => `
  <bpmn:startEvent id="startEvent" /><bpmn:sequenceFlow id="f1" sourceRef="startEvent" targetRef="${task}" />
  <bpmn:userTask id="${task}" ${taskAttrs} /><bpmn:sequenceFlow id="f2" sourceRef="${task}" targetRef="endEvent" />
  <bpmn:endEvent id="endEvent" />${inside}`;

/** A boundary event on `task` leading to `afterBoundary`. */
const boundary = (id: string, task: string, definition: string) => `
  <bpmn:boundaryEvent id="${id}" attachedToRef="${task}">${definition}</bpmn:boundaryEvent>
  <bpmn:sequenceFlow id="fb_${id}" sourceRef="${id}" targetRef="afterBoundary" />
  <bpmn:userTask id="afterBoundary" /><bpmn:sequenceFlow id="fa_${id}" sourceRef="afterBoundary" targetRef="endB" />
  <bpmn:endEvent id="endB" />`;

const TIMER_DATE = '2016-02-11T12:13:14Z';
const timer = `<bpmn:timerEventDefinition><bpmn:timeDate>${TIMER_DATE}</bpmn:timeDate></bpmn:timerEventDefinition>`;

/** ProcessModels.SUBPROCESS_PROCESS. */
const subProcess = `
  <bpmn:startEvent id="startEvent" /><bpmn:sequenceFlow id="f1" sourceRef="startEvent" targetRef="subProcess" />
  <bpmn:subProcess id="subProcess">
    <bpmn:startEvent id="subStart" /><bpmn:sequenceFlow id="s1" sourceRef="subStart" targetRef="userTask" />
    <bpmn:userTask id="userTask" /><bpmn:sequenceFlow id="s2" sourceRef="userTask" targetRef="subEnd" />
    <bpmn:endEvent id="subEnd" />
  </bpmn:subProcess>
  <bpmn:sequenceFlow id="f2" sourceRef="subProcess" targetRef="endEvent" /><bpmn:endEvent id="endEvent" />`;

const instruction = (source: string, target = source, updateEventTrigger = false) => ({
  sourceActivityIds: [source],
  targetActivityIds: [target],
  updateEventTrigger,
});

describe(`process instance migration (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    for (const id of ['mig', 'viewer'])
      await demo()
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
  });
  afterAll(() => t.close());

  /** Deploys the two versions of one process (keys unique per test) and gives their definition ids. */
  const versions = async (source: string, target: string, extra = ''): Promise<[string, string, string]> => {
    const key = `p${++n}`;
    const ids: string[] = [];
    for (const body of [source, target]) {
      const res = await deploy(t, [{ name: `${key}.bpmn`, content: model(key, body, extra) }]).expect(200);
      ids.push(Object.values(res.body.deployedProcessDefinitions as Record<string, { id: string }>)[0].id);
    }
    return [ids[0], ids[1], key];
  };
  const start = async (definitionId: string, variables: object = {}) =>
    (await demo().post(`/process-definition/${definitionId}/start`).send({ variables }).expect(200)).body.id as string;
  const execute = (body: object, user = 'demo', password = 'demo') =>
    t.as(user, password).post('/migration/execute').send(body);
  const plan = (source: string, target: string, instructions: object[]) => ({
    sourceProcessDefinitionId: source,
    targetProcessDefinitionId: target,
    instructions,
  });
  const tasks = async (pi: string) => (await demo().get(`/task?processInstanceId=${pi}`).expect(200)).body;
  const complete = async (pi: string, key: string) => {
    const task = (await tasks(pi)).find((x: { taskDefinitionKey: string }) => x.taskDefinitionKey === key);
    expect(task).toBeDefined();
    await demo().post(`/task/${task.id}/complete`).send({}).expect(204);
  };
  const ended = async (pi: string) =>
    expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('COMPLETED');
  const jobs = async (pi: string) => (await demo().get(`/job?processInstanceId=${pi}`).expect(200)).body;
  const tree = async (pi: string) => (await demo().get(`/process-instance/${pi}/activity-instances`).expect(200)).body;

  describe('generate and validate', () => {
    it('MigrationPlanGenerationTest#testMapEqualActivitiesInProcessDefinitionScope and in a sub-process', async () => {
      const [v1, v2] = await versions(subProcess, subProcess);
      const res = await demo()
        .post('/migration/generate')
        .send({ sourceProcessDefinitionId: v1, targetProcessDefinitionId: v2 })
        .expect(200);
      expect(res.body.sourceProcessDefinitionId).toBe(v1);
      expect(res.body.targetProcessDefinitionId).toBe(v2);
      expect(res.body.instructions).toEqual([instruction('subProcess'), instruction('userTask')]);
    });

    it('generation maps boundary events with updateEventTriggers and leaves out what changed type', async () => {
      const source = oneTask('userTask', boundary('boundary', 'userTask', timer));
      const target = oneTask('userTask', boundary('boundary', 'userTask', timer)).replace(
        '<bpmn:userTask id="afterBoundary" />',
        '<bpmn:receiveTask id="afterBoundary" />',
      );
      const [v1, v2] = await versions(source, target);
      const res = await demo()
        .post('/migration/generate')
        .send({ sourceProcessDefinitionId: v1, targetProcessDefinitionId: v2, updateEventTriggers: true })
        .expect(200);
      expect(res.body.instructions).toEqual([instruction('userTask'), instruction('boundary', 'boundary', true)]);
    });

    it('validate answers Camunda report: incompatible types, multiple mappings, unmapped event scope, update trigger', async () => {
      const source = oneTask('userTask', boundary('boundary', 'userTask', timer));
      const [v1, v2] = await versions(source, source);
      const res = await demo()
        .post('/migration/validate')
        .send(
          plan(v1, v2, [
            instruction('userTask', 'afterBoundary'),
            instruction('userTask', 'userTask'),
            instruction('boundary', 'boundary'),
            instruction('startEvent', 'userTask', true),
            instruction('nope', 'userTask'),
          ]),
        )
        .expect(200);
      expect(res.body.variableReports).toEqual({});
      const failures = (i: number) => res.body.instructionReports[i].failures;
      expect(res.body.instructionReports.map((r: { instruction: unknown }) => r.instruction)).toEqual([
        instruction('userTask', 'afterBoundary'),
        instruction('userTask', 'userTask'),
        instruction('boundary', 'boundary'),
        instruction('startEvent', 'userTask', true),
        instruction('nope', 'userTask'),
      ]);
      expect(failures(0)).toEqual([
        expect.stringMatching(/^There are multiple mappings for source activity id 'userTask': /),
      ]);
      expect(failures(2)).toEqual([
        "The source activity's event scope (userTask) must be mapped to the target activity's event scope (userTask)",
      ]);
      expect(failures(3)).toEqual([
        'Activities have incompatible types (NoneStartEventActivityBehavior is not compatible with UserTaskActivityBehavior)',
        'Cannot update event trigger because the activity does not define a persistent event trigger',
      ]);
      expect(failures(4)).toEqual(["Source activity 'nope' does not exist"]);
      const valid = await demo()
        .post('/migration/validate')
        .send(plan(v1, v2, [instruction('userTask'), instruction('boundary')]))
        .expect(200);
      expect(valid.body).toEqual({ instructionReports: [], variableReports: {} });
    });

    it('MigrationPlanCreationTest: a definition that does not exist is refused (400)', async () => {
      const [v1] = await versions(oneTask(), oneTask());
      const res = await demo()
        .post('/migration/validate')
        .send(plan(v1, 'unknown:1:x', []))
        .expect(400);
      expect(res.body).toMatchObject({
        type: 'BadUserRequestException',
        message: "Target process definition with id 'unknown:1:x' does not exist",
      });
      await demo()
        .post('/migration/generate')
        .send({ sourceProcessDefinitionId: 'nope', targetProcessDefinitionId: v1 })
        .expect(400);
    });
  });

  describe('execute', () => {
    it('MigrationUserTaskTest#testUserTaskMigrationInProcessDefinitionScope; MigrationHistoricProcessInstanceTest#testMigrateHistoryProcessInstance', async () => {
      const [v1, v2, key] = await versions(oneTask(), oneTask());
      const pi = await start(v1);
      const taskBefore = (await tasks(pi))[0];
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      expect((await demo().get(`/process-instance/${pi}`).expect(200)).body.definitionId).toBe(v2);
      const taskAfter = (await tasks(pi))[0];
      expect(taskAfter).toMatchObject({ id: taskBefore.id, processDefinitionId: v2, taskDefinitionKey: 'userTask' });
      expect((await tree(pi)).childActivityInstances).toEqual([
        expect.objectContaining({ activityId: 'userTask', processDefinitionId: v2 }),
      ]);
      expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body).toMatchObject({
        processDefinitionId: v2,
        processDefinitionKey: key,
        processDefinitionVersion: 2,
      });
      const acts = (await demo().get(`/history/activity-instance?processInstanceId=${pi}`).expect(200)).body;
      expect(acts.find((a: { activityId: string }) => a.activityId === 'userTask').processDefinitionId).toBe(v2);
      expect((await demo().get(`/history/task?processInstanceId=${pi}`).expect(200)).body[0].processDefinitionId).toBe(
        v2,
      );
      const log = (
        await demo().get(`/history/user-operation?operationType=Migrate&processDefinitionId=${v1}`).expect(200)
      ).body;
      expect(log.map((e: { property: string; newValue: string }) => [e.property, e.newValue]).sort()).toEqual(
        [
          ['async', 'false'],
          ['nrOfInstances', '1'],
          ['nrOfVariables', '0'],
          ['processDefinitionId', v2],
        ].sort(),
      );
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('MigrationUserTaskTest#testUserTaskMigrationInSubProcessScope', async () => {
      const [v1, v2] = await versions(subProcess, subProcess);
      const pi = await start(v1);
      await execute({
        migrationPlan: plan(v1, v2, [instruction('subProcess'), instruction('userTask')]),
        processInstanceIds: [pi],
      }).expect(204);
      const sub = (await tree(pi)).childActivityInstances[0];
      expect(sub).toMatchObject({ activityId: 'subProcess', processDefinitionId: v2 });
      expect(sub.childActivityInstances[0]).toMatchObject({ activityId: 'userTask' });
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('maps a task to a renamed one: task definition key and history follow', async () => {
      const [v1, v2] = await versions(oneTask('userTask'), oneTask('newUserTask'));
      const pi = await start(v1);
      await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask', 'newUserTask')]),
        processInstanceIds: [pi],
      }).expect(204);
      expect((await tasks(pi))[0].taskDefinitionKey).toBe('newUserTask');
      const acts = (await demo().get(`/history/activity-instance?processInstanceId=${pi}`).expect(200)).body;
      expect(acts.map((a: { activityId: string }) => a.activityId)).toContain('newUserTask');
      await complete(pi, 'newUserTask');
      await ended(pi);
    });

    it('MigrationAddBoundaryEventsTest#testAddTimerBoundaryEventToUserTask: the timer is created on the new definition', async () => {
      const [v1, v2] = await versions(oneTask(), oneTask('userTask', boundary('boundary', 'userTask', timer)));
      const pi = await start(v1);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      const [job] = await jobs(pi);
      expect(job).toMatchObject({ processDefinitionId: v2, dueDate: '2016-02-11T12:13:14.000+0000' });
      const defs = (await demo().get(`/job-definition?processDefinitionId=${v2}&activityIdIn=boundary`).expect(200))
        .body;
      expect(job.jobDefinitionId).toBe(defs[0].id);
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('MigrationAddBoundaryEventsTest#testAddTimerBoundaryEventToUserTaskAndSendTimerWithDate', async () => {
      const [v1, v2] = await versions(oneTask(), oneTask('userTask', boundary('boundary', 'userTask', timer)));
      const pi = await start(v1);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      const [job] = await jobs(pi);
      await demo().post(`/job/${job.id}/execute`).expect(204);
      await complete(pi, 'afterBoundary');
      await ended(pi);
    });

    it('MigrationBoundaryEventsTest#testMigrateMessageBoundaryEventOnUserTask: the subscription follows to the renamed event', async () => {
      const msg = '<bpmn:message id="M" name="Message" />';
      const def = '<bpmn:messageEventDefinition messageRef="M" />';
      const [v1, v2] = await versions(
        oneTask('userTask', boundary('boundary', 'userTask', def)),
        oneTask('userTask', boundary('newBoundary', 'userTask', def)),
        msg,
      );
      const pi = await start(v1);
      const before = (await demo().get(`/event-subscription?processInstanceId=${pi}`).expect(200)).body[0];
      await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask'), instruction('boundary', 'newBoundary')]),
        processInstanceIds: [pi],
      }).expect(204);
      const after = (await demo().get(`/event-subscription?processInstanceId=${pi}`).expect(200)).body;
      expect(after).toEqual([
        expect.objectContaining({ id: before.id, activityId: 'newBoundary', eventName: 'Message' }),
      ]);
      await demo().post('/message').send({ messageName: 'Message', processInstanceId: pi }).expect(204);
      await complete(pi, 'afterBoundary');
      await ended(pi);
    });

    it('MigrationRemoveBoundaryEventsTest#testRemoveMessageBoundaryEventFromUserTask', async () => {
      const msg = '<bpmn:message id="M" name="Message" />';
      const def = '<bpmn:messageEventDefinition messageRef="M" />';
      const [v1, v2] = await versions(oneTask('userTask', boundary('boundary', 'userTask', def)), oneTask(), msg);
      const pi = await start(v1);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      expect((await demo().get(`/event-subscription?processInstanceId=${pi}`).expect(200)).body).toEqual([]);
      expect((await demo().get(`/execution?processInstanceId=${pi}`).expect(200)).body).toHaveLength(1);
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('a boundary timer on both versions with updateEventTrigger is recomputed from the target', async () => {
      const later = timer.replace(TIMER_DATE, '2030-01-01T00:00:00Z');
      const [v1, v2] = await versions(
        oneTask('userTask', boundary('boundary', 'userTask', timer)),
        oneTask('userTask', boundary('boundary', 'userTask', later)),
      );
      const keep = await start(v1);
      const update = await start(v1);
      await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask'), instruction('boundary')]),
        processInstanceIds: [keep],
      }).expect(204);
      await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask'), instruction('boundary', 'boundary', true)]),
        processInstanceIds: [update],
      }).expect(204);
      const [kept] = await jobs(keep);
      const [updated] = await jobs(update);
      expect(kept).toMatchObject({ processDefinitionId: v2, dueDate: '2016-02-11T12:13:14.000+0000' });
      expect(updated).toMatchObject({ processDefinitionId: v2, dueDate: '2030-01-01T00:00:00.000+0000' });
      await demo().post(`/job/${kept.id}/execute`).expect(204);
      await complete(keep, 'afterBoundary');
      await ended(keep);
    });

    it('MigrationMultiInstanceTest#testMigrateParallelMultiInstanceTask', async () => {
      const mi = oneTask(
        'userTask',
        '',
        '><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>3</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask',
      ).replace('<bpmn:userTask id="userTask" >', '<bpmn:userTask id="userTask">');
      const fixed = mi.replace('</bpmn:userTask />', '</bpmn:userTask>');
      const [v1, v2] = await versions(fixed, fixed);
      const pi = await start(v1);
      const gen = (
        await demo()
          .post('/migration/generate')
          .send({ sourceProcessDefinitionId: v1, targetProcessDefinitionId: v2 })
          .expect(200)
      ).body;
      expect(gen.instructions).toEqual([instruction('userTask#multiInstanceBody'), instruction('userTask')]);
      await execute({ migrationPlan: gen, processInstanceIds: [pi] }).expect(204);
      const body = (await tree(pi)).childActivityInstances[0];
      expect(body).toMatchObject({ activityId: 'userTask#multiInstanceBody', processDefinitionId: v2 });
      expect(body.childActivityInstances).toHaveLength(3);
      for (let i = 0; i < 3; i++) await complete(pi, 'userTask');
      await ended(pi);
    });

    it('MigrationCallActivityTest#testCallBpmnProcessSimpleMigration: the called instance stays', async () => {
      const calledKey = `called${++n}`;
      await deploy(t, [{ name: `${calledKey}.bpmn`, content: model(calledKey, oneTask()) }]).expect(200);
      const caller = `
        <bpmn:startEvent id="startEvent" /><bpmn:sequenceFlow id="f1" sourceRef="startEvent" targetRef="callActivity" />
        <bpmn:callActivity id="callActivity" calledElement="${calledKey}" />
        <bpmn:sequenceFlow id="f2" sourceRef="callActivity" targetRef="userTask" /><bpmn:userTask id="userTask" />
        <bpmn:sequenceFlow id="f3" sourceRef="userTask" targetRef="endEvent" /><bpmn:endEvent id="endEvent" />`;
      const [v1, v2] = await versions(caller, caller);
      const pi = await start(v1);
      const sub = (await demo().get(`/process-instance?superProcessInstance=${pi}`).expect(200)).body[0];
      await execute({ migrationPlan: plan(v1, v2, [instruction('callActivity')]), processInstanceIds: [pi] }).expect(
        204,
      );
      expect((await demo().get(`/process-instance?superProcessInstance=${pi}`).expect(200)).body).toEqual([
        expect.objectContaining({ id: sub.id, definitionId: sub.definitionId }),
      ]);
      await complete(sub.id, 'userTask');
      const after = (await tasks(pi))[0];
      expect(after).toMatchObject({ taskDefinitionKey: 'userTask', processDefinitionId: v2 });
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('MigrationTransitionInstancesTest#testMigrateAsyncBeforeTransitionInstance: the job moves to the target job definition', async () => {
      const async = oneTask('userTask', '', 'camunda:asyncBefore="true"');
      const [v1, v2] = await versions(async, async);
      const pi = await start(v1);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      const [job] = await jobs(pi);
      const defs = (await demo().get(`/job-definition?processDefinitionId=${v2}`).expect(200)).body;
      expect(job).toMatchObject({ processDefinitionId: v2, jobDefinitionId: defs[0].id });
      await demo().post(`/job/${job.id}/execute`).expect(204);
      await complete(pi, 'userTask');
      await ended(pi);
    });

    it('MigrationIncidentTest#testMigrateIncidentForJob: the incident follows to the new definition', async () => {
      const failing = `
        <bpmn:startEvent id="startEvent" /><bpmn:sequenceFlow id="f1" sourceRef="startEvent" targetRef="userTask" />
        <bpmn:serviceTask id="userTask" camunda:asyncBefore="true" camunda:expression="\${missing &gt; 1}" />
        <bpmn:sequenceFlow id="f2" sourceRef="userTask" targetRef="endEvent" /><bpmn:endEvent id="endEvent" />`;
      const [v1, v2] = await versions(
        failing,
        failing
          .replace('serviceTask id="userTask"', 'serviceTask id="newTask"')
          .replace('targetRef="userTask"', 'targetRef="newTask"')
          .replace('sourceRef="userTask"', 'sourceRef="newTask"'),
      );
      const pi = await start(v1);
      const [job] = await jobs(pi);
      await demo().put(`/job/${job.id}/retries`).send({ retries: 1 }).expect(204);
      await t.engine.jobs.executeDueJobs();
      const [incident] = (await demo().get(`/incident?processInstanceId=${pi}`).expect(200)).body;
      expect(incident).toMatchObject({ processDefinitionId: v1, activityId: 'userTask' });
      await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask', 'newTask')]),
        processInstanceIds: [pi],
      }).expect(204);
      const [moved] = (await demo().get(`/incident?processInstanceId=${pi}`).expect(200)).body;
      const defs = (await demo().get(`/job-definition?processDefinitionId=${v2}`).expect(200)).body;
      expect(moved).toMatchObject({
        id: incident.id,
        processDefinitionId: v2,
        activityId: 'newTask',
        jobDefinitionId: defs[0].id,
      });
      expect((await demo().get(`/history/incident?processInstanceId=${pi}`).expect(200)).body[0]).toMatchObject({
        processDefinitionId: v2,
        activityId: 'newTask',
      });
      expect((await jobs(pi))[0]).toMatchObject({ jobDefinitionId: defs[0].id, retries: 0 });
    });

    it('an event sub-process added in the target starts waiting, one removed stops (after MigrationEventSubProcessTest)', async () => {
      const msg = '<bpmn:message id="M" name="Esp" />';
      const esp = `
        <bpmn:subProcess id="eventSubProcess" triggeredByEvent="true">
          <bpmn:startEvent id="eventSubProcessStart"><bpmn:messageEventDefinition messageRef="M" /></bpmn:startEvent>
          <bpmn:sequenceFlow id="e1" sourceRef="eventSubProcessStart" targetRef="eventSubProcessTask" />
          <bpmn:userTask id="eventSubProcessTask" /><bpmn:sequenceFlow id="e2" sourceRef="eventSubProcessTask" targetRef="espEnd" />
          <bpmn:endEvent id="espEnd" />
        </bpmn:subProcess>`;
      const [v1, v2] = await versions(oneTask(), oneTask('userTask', esp), msg);
      const pi = await start(v1);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      expect((await demo().get(`/event-subscription?processInstanceId=${pi}`).expect(200)).body).toEqual([
        expect.objectContaining({ activityId: 'eventSubProcessStart', eventName: 'Esp', executionId: pi }),
      ]);
      await execute({ migrationPlan: plan(v2, v1, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      expect((await demo().get(`/event-subscription?processInstanceId=${pi}`).expect(200)).body).toEqual([]);
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      await demo().post('/message').send({ messageName: 'Esp', processInstanceId: pi }).expect(204);
      await complete(pi, 'eventSubProcessTask');
      await ended(pi);
    });

    it('external and receive tasks follow; plan variables are set on the instance', async () => {
      const msg = '<bpmn:message id="M" name="Go" />';
      const body = `
        <bpmn:startEvent id="startEvent" /><bpmn:sequenceFlow id="f1" sourceRef="startEvent" targetRef="fork" />
        <bpmn:parallelGateway id="fork" />
        <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="ext" />
        <bpmn:serviceTask id="ext" camunda:type="external" camunda:topic="mig-topic" />
        <bpmn:sequenceFlow id="f3" sourceRef="ext" targetRef="e1" /><bpmn:endEvent id="e1" />
        <bpmn:sequenceFlow id="f4" sourceRef="fork" targetRef="receive" />
        <bpmn:receiveTask id="receive" messageRef="M" />
        <bpmn:sequenceFlow id="f5" sourceRef="receive" targetRef="e2" /><bpmn:endEvent id="e2" />`;
      const [v1, v2] = await versions(body, body, msg);
      const pi = await start(v1);
      await execute({
        migrationPlan: {
          ...plan(v1, v2, [instruction('ext'), instruction('receive')]),
          variables: { migrated: { value: true, type: 'Boolean' } },
        },
        processInstanceIds: [pi],
      }).expect(204);
      const ext = (await demo().get(`/external-task?processInstanceId=${pi}`).expect(200)).body[0];
      expect(ext).toMatchObject({ processDefinitionId: v2, activityId: 'ext', topicName: 'mig-topic' });
      expect((await demo().get(`/process-instance/${pi}/variables/migrated`).expect(200)).body.value).toBe(true);
      const locked = (
        await demo()
          .post('/external-task/fetchAndLock')
          .send({ workerId: 'w', maxTasks: 1, topics: [{ topicName: 'mig-topic', lockDuration: 10000 }] })
          .expect(200)
      ).body;
      expect(locked[0]).toMatchObject({ id: ext.id, processDefinitionId: v2 });
      await demo().post(`/external-task/${ext.id}/complete`).send({ workerId: 'w' }).expect(204);
      await demo().post('/message').send({ messageName: 'Go', processInstanceId: pi }).expect(204);
      await ended(pi);
    });
  });

  describe('refusals', () => {
    it('an activity instance without instruction: MigratingProcessInstanceValidationException, nothing changes', async () => {
      const [v1, v2] = await versions(oneTask(), oneTask());
      const pi = await start(v1);
      const res = await execute({ migrationPlan: plan(v1, v2, []), processInstanceIds: [pi] }).expect(400);
      const activityInstanceId = (await tree(pi)).childActivityInstances[0].id;
      expect(res.body.type).toBe('MigratingProcessInstanceValidationException');
      expect(res.body.message).toBe(
        `Cannot migrate process instance '${pi}':\n\tCannot migrate activity instance '${activityInstanceId}':\n\t\tThere is no migration instruction for this instance's activity\n`,
      );
      expect(res.body.validationReport).toMatchObject({
        processInstanceId: pi,
        activityInstanceValidationReports: [{ activityInstanceId, sourceScopeId: 'userTask' }],
      });
      expect((await demo().get(`/process-instance/${pi}`).expect(200)).body.definitionId).toBe(v1);
    });

    it('an invalid plan: MigrationPlanValidationException with its report; unknown and foreign instances; empty ids', async () => {
      const [v1, v2] = await versions(oneTask(), oneTask());
      const [other] = await versions(oneTask(), oneTask());
      const pi = await start(v1);
      const invalid = await execute({
        migrationPlan: plan(v1, v2, [instruction('userTask', 'startEvent')]),
        processInstanceIds: [pi],
      }).expect(400);
      expect(invalid.body.type).toBe('MigrationPlanValidationException');
      expect(invalid.body.message).toContain(
        `Migration plan for process definition '${v1}' to '${v2}' is not valid:\n`,
      );
      expect(invalid.body.validationReport.instructionReports[0].failures[0]).toMatch(/^Activities have incompatible/);
      const good = plan(v1, v2, [instruction('userTask')]);
      const unknown = await execute({ migrationPlan: good, processInstanceIds: ['nope'] }).expect(400);
      expect(unknown.body.message).toBe(
        "Process instance 'nope' cannot be migrated. The process instance does not exist",
      );
      const foreign = await start(other);
      const wrong = await execute({ migrationPlan: good, processInstanceIds: [pi, foreign] }).expect(400);
      expect(wrong.body.message).toBe(
        `Process instance '${foreign}' cannot be migrated. Its process definition '${other}' does not match the source process definition of the migration plan '${v1}'`,
      );
      expect((await demo().get(`/process-instance/${pi}`).expect(200)).body.definitionId).toBe(v1);
      await execute({ migrationPlan: good, processInstanceIds: [] }).expect(400);
      await execute({ processInstanceIds: [pi] }).expect(400);
    });
  });

  describe('tenants', () => {
    it('refuses definitions of different tenants and an instance without tenant into a tenant definition', async () => {
      const key = `tenant${++n}`;
      const deployIn = async (tenant: string | null) => {
        const res = await deploy(
          t,
          [{ name: `${key}.bpmn`, content: model(key, oneTask()) }],
          tenant ? { 'tenant-id': tenant } : {},
        ).expect(200);
        return Object.values(res.body.deployedProcessDefinitions as Record<string, { id: string }>)[0].id;
      };
      const [a, b, none] = [await deployIn('tenantA'), await deployIn('tenantB'), await deployIn(null)];
      const fromA = await start(a);
      const between = await execute({
        migrationPlan: plan(a, b, [instruction('userTask')]),
        processInstanceIds: [fromA],
      }).expect(400);
      expect(between.body.message).toBe(
        "Cannot migrate process instances between processes of different tenants ('tenantA' != 'tenantB')",
      );
      const fromNone = await start(none);
      const into = await execute({
        migrationPlan: plan(none, b, [instruction('userTask')]),
        processInstanceIds: [fromNone],
      }).expect(400);
      expect(into.body.message).toBe(
        `Cannot migrate process instance '${fromNone}' without tenant to a process definition with a tenant ('tenantB')`,
      );
    });
  });

  describe('transition instances', () => {
    it('an async-before token without instruction is refused as a transition instance', async () => {
      const async = oneTask('userTask', '', 'camunda:asyncBefore="true"');
      const [v1, v2] = await versions(async, oneTask('otherTask'));
      const pi = await start(v1);
      const execution = (await demo().get(`/execution?processInstanceId=${pi}`).expect(200)).body[0];
      const res = await execute({ migrationPlan: plan(v1, v2, []), processInstanceIds: [pi] }).expect(400);
      expect(res.body.type).toBe('MigratingProcessInstanceValidationException');
      expect(res.body.validationReport.transitionInstanceValidationReports).toEqual([
        {
          migrationInstruction: null,
          transitionInstanceId: execution.id,
          sourceScopeId: 'userTask',
          failures: ["There is no migration instruction for this instance's activity"],
        },
      ]);
      expect(res.body.message).toContain(`\tCannot migrate transition instance '${execution.id}':\n`);
    });

    it('MigrationTransitionInstancesTest: an async-after token leaves by the target activity only flow', async () => {
      const source = oneTask('userTask', '', 'camunda:asyncAfter="true"');
      const target = source.replace(/"f2"/, '"renamedFlow"');
      const [v1, v2] = await versions(source, target);
      const pi = await start(v1);
      await complete(pi, 'userTask');
      await execute({ migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] }).expect(204);
      const [job] = await jobs(pi);
      expect(job.processDefinitionId).toBe(v2);
      await demo().post(`/job/${job.id}/execute`).expect(204);
      await ended(pi);
    });
  });

  describe('authorization', () => {
    const grant = (userId: string, resourceType: number, resourceId: string, permissions: string[]) =>
      demo().post('/authorization/create').send({ type: 1, userId, resourceType, resourceId, permissions }).expect(200);

    it('needs MIGRATE_INSTANCE on both definitions; generate and validate need READ', async () => {
      const [v1, v2, key] = await versions(oneTask(), oneTask());
      const pi = await start(v1);
      const body = { migrationPlan: plan(v1, v2, [instruction('userTask')]), processInstanceIds: [pi] };
      const gen = { sourceProcessDefinitionId: v1, targetProcessDefinitionId: v2 };
      const denied = await execute(body, 'mig', 'migpw').expect(403);
      expect(denied.body.type).toBe('AuthorizationException');
      expect(denied.body.message).toContain("'MIGRATE_INSTANCE' permission on resource");
      await t.as('viewer', 'viewerpw').post('/migration/generate').send(gen).expect(403);
      await grant('viewer', 6, key, ['READ']);
      await t.as('viewer', 'viewerpw').post('/migration/generate').send(gen).expect(200);
      await t.as('viewer', 'viewerpw').post('/migration/validate').send(body.migrationPlan).expect(200);
      await grant('mig', 6, key, ['MIGRATE_INSTANCE']);
      await execute(body, 'mig', 'migpw').expect(204);
      await t.as('mig', 'migpw').post('/migration/executeAsync').send(body).expect(403);
      await grant('mig', 13, '*', ['CREATE_BATCH_MIGRATE_PROCESS_INSTANCES']);
      const back = { migrationPlan: plan(v2, v1, [instruction('userTask')]), processInstanceIds: [pi] };
      await t.as('mig', 'migpw').post('/migration/executeAsync').send(back).expect(200);
    });
  });

  describe('executeAsync', () => {
    it('MigrationBatchTest: an instance-migration batch migrates instances given by ids and by query', async () => {
      const future = timer.replace(TIMER_DATE, '2099-01-01T00:00:00Z');
      const [v1, v2] = await versions(oneTask(), oneTask('userTask', boundary('boundary', 'userTask', future)));
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push(await start(v1));
      const res = await demo()
        .post('/migration/executeAsync')
        .send({
          migrationPlan: plan(v1, v2, [instruction('userTask')]),
          processInstanceIds: [ids[0]],
          processInstanceQuery: { processDefinitionId: v1, processInstanceIds: [ids[1], ids[2]] },
        })
        .expect(200);
      expect(res.body).toMatchObject({ type: 'instance-migration', totalJobs: 3, createUserId: 'demo' });
      await t.engine.jobs.executeDueJobs();
      for (const id of ids.slice(0, 3)) {
        expect((await demo().get(`/process-instance/${id}`).expect(200)).body.definitionId).toBe(v2);
        expect(await jobs(id)).toEqual([expect.objectContaining({ processDefinitionId: v2 })]);
      }
      expect((await demo().get(`/process-instance/${ids[3]}`).expect(200)).body.definitionId).toBe(v1);
      expect((await demo().get(`/batch/${res.body.id}`).expect(404)).body.type).toBe('InvalidRequestException');
      const log = (await demo().get(`/history/user-operation?operationType=Migrate&batchId=${res.body.id}`).expect(200))
        .body;
      expect(log.find((e: { property: string }) => e.property === 'async').newValue).toBe('true');
    });
  });
});
