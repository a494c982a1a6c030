import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * `susp` waits at once in a user task, an external task, a message and a signal catch event, and before an
 * asynchronous step (a job): every kind of row a suspension reaches. `plain` waits in one user task.
 */
const MODELS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_susp" targetNamespace="http://example.org/suspension">
  <bpmn:message id="M" name="suspMsg" /><bpmn:signal id="S" name="suspSig" />
  <bpmn:process id="susp" name="Suspendable" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" /><bpmn:sequenceFlow id="F0" sourceRef="Start" targetRef="Fork" />
    <bpmn:parallelGateway id="Fork" />
    <bpmn:sequenceFlow id="F1" sourceRef="Fork" targetRef="Task" /><bpmn:userTask id="Task" />
    <bpmn:sequenceFlow id="F1e" sourceRef="Task" targetRef="E1" /><bpmn:endEvent id="E1" />
    <bpmn:sequenceFlow id="F2" sourceRef="Fork" targetRef="Ext" />
    <bpmn:serviceTask id="Ext" camunda:type="external" camunda:topic="susp-topic" />
    <bpmn:sequenceFlow id="F2e" sourceRef="Ext" targetRef="E2" /><bpmn:endEvent id="E2" />
    <bpmn:sequenceFlow id="F3" sourceRef="Fork" targetRef="Msg" />
    <bpmn:intermediateCatchEvent id="Msg"><bpmn:messageEventDefinition messageRef="M" /></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="F3e" sourceRef="Msg" targetRef="E3" /><bpmn:endEvent id="E3" />
    <bpmn:sequenceFlow id="F4" sourceRef="Fork" targetRef="Sig" />
    <bpmn:intermediateCatchEvent id="Sig"><bpmn:signalEventDefinition signalRef="S" /></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="F4e" sourceRef="Sig" targetRef="E4" /><bpmn:endEvent id="E4" />
    <bpmn:sequenceFlow id="F5" sourceRef="Fork" targetRef="Async" />
    <bpmn:manualTask id="Async" camunda:asyncBefore="true" />
    <bpmn:sequenceFlow id="F5e" sourceRef="Async" targetRef="E5" /><bpmn:endEvent id="E5" />
  </bpmn:process>
  <bpmn:process id="plain" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="PS" /><bpmn:sequenceFlow id="P1" sourceRef="PS" targetRef="PTask" />
    <bpmn:userTask id="PTask" /><bpmn:sequenceFlow id="P2" sourceRef="PTask" targetRef="PE" /><bpmn:endEvent id="PE" />
  </bpmn:process>
</bpmn:definitions>`;

const SUSPENDED_TYPE = 'SuspendedEntityInteractionException';

describe(`suspension of definitions and instances (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    await deploy(t, [{ name: 'suspension.bpmn', content: MODELS }]).expect(200);
    for (const id of ['ops', 'viewer', 'instop']) {
      await demo()
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
  });
  afterAll(() => t.close());

  const definitionId = async (key: string) =>
    (await demo().get(`/process-definition/key/${key}`).expect(200)).body.id as string;
  const start = async (key: string, body: object = {}) =>
    (await demo().post(`/process-definition/key/${key}/start`).send(body).expect(200)).body.id as string;
  const suspendInstance = (id: string, suspended: boolean) =>
    demo().put(`/process-instance/${id}/suspended`).send({ suspended }).expect(204);
  const instance = async (id: string) => (await demo().get(`/process-instance/${id}`).expect(200)).body;
  const taskOf = async (pi: string) => (await demo().get(`/task?processInstanceId=${pi}`).expect(200)).body[0];
  const finish = async (pi: string) => {
    await demo().delete(`/process-instance/${pi}`).expect(204);
  };

  describe('start instructions', () => {
    it('an empty list or null is an ordinary start on every start path; instructions start where they say', async () => {
      const id = await definitionId('plain');
      for (const startInstructions of [[], null]) {
        await finish(await start('plain', { startInstructions }));
        const byId = await demo().post(`/process-definition/${id}/start`).send({ startInstructions }).expect(200);
        await finish(byId.body.id);
      }
      const atTask = await demo()
        .post(`/process-definition/${id}/start`)
        .send({ startInstructions: [{ type: 'startBeforeActivity', activityId: 'PTask' }] })
        .expect(200);
      const history = (await demo().get(`/history/activity-instance?processInstanceId=${atTask.body.id}`).expect(200))
        .body;
      expect(history.map((a: { activityId: string }) => a.activityId)).toEqual(['PTask']);
      await finish(atTask.body.id);
    });
  });

  describe('process definitions', () => {
    it('suspends and activates by id, by key (latest) and every version of a key, with Camunda`s answers', async () => {
      const id = await definitionId('plain');
      const suspended = async () => (await demo().get(`/process-definition/${id}`).expect(200)).body.suspended;
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: true }).expect(204);
      expect(await suspended()).toBe(true);
      expect((await demo().get('/process-definition/count?suspended=true&key=plain').expect(200)).body.count).toBe(1);
      await demo().put('/process-definition/key/plain/suspended').send({ suspended: false }).expect(204);
      expect(await suspended()).toBe(false);
      await demo()
        .put('/process-definition/suspended')
        .send({ processDefinitionKey: 'plain', suspended: true })
        .expect(204);
      expect(await suspended()).toBe(true);
      await demo()
        .put('/process-definition/suspended')
        .send({ processDefinitionKey: 'plain', suspended: false })
        .expect(204);
      expect(await suspended()).toBe(false);
      await demo().put('/process-definition/key/nope/suspended').send({ suspended: true }).expect(404);
    });

    it('refuses what Camunda`s resources refuse (ProcessDefinitionRestServiceImpl, ProcessDefinitionSuspensionStateDto)', async () => {
      const id = await definitionId('plain');
      const cases: Array<[string, object, string]> = [
        [
          '/process-definition/suspended',
          { suspended: true },
          'Either processDefinitionId or processDefinitionKey should be set to update the suspension state.',
        ],
        [
          '/process-definition/suspended',
          { suspended: true, processDefinitionId: id },
          'Only processDefinitionKey can be set to update the suspension state.',
        ],
        [
          `/process-definition/${id}/suspended`,
          { suspended: true, processDefinitionKey: 'plain' },
          'Only one of processDefinitionId or processDefinitionKey should be set to update the suspension state.',
        ],
        [
          `/process-definition/${id}/suspended`,
          { suspended: true, executionDate: 'tomorrow' },
          `The suspension state of Process Definition with id ${id} could not be updated due to: Invalid format: "tomorrow"`,
        ],
        [
          '/process-definition/suspended',
          { suspended: true, processDefinitionKey: 'plain', executionDate: 'tomorrow' },
          'Could not update the suspension state of Process Definitions due to: Invalid format: "tomorrow"',
        ],
      ];
      for (const [path, body, message] of cases) {
        const res = await demo().put(path).send(body).expect(400);
        expect(res.body).toMatchObject({ type: 'InvalidRequestException', message });
      }
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(false);
    });

    // ProcessDefinitionSuspensionTest#testStartProcessInstanceForSuspendedProcessDefinition,
    // #testContinueProcessAfterProcessDefinitionSuspend, #testSuspendProcessInstancesDuringProcessDefinitionSuspend
    it('a suspended definition cannot be started; its instances go on unless included, then they stop too', async () => {
      const id = await definitionId('plain');
      const running = await start('plain');
      const included = await start('plain');
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: true }).expect(204);
      for (const path of [`/process-definition/${id}/start`, '/process-definition/key/plain/start']) {
        // Camunda's start resource answers the engine's SuspendedEntityInteractionException as its RestException.
        const res = await demo().post(path).send({}).expect(400);
        expect(res.body.message).toBe(
          `Cannot instantiate process definition ${id}: Cannot start process instance. Process definition plain (id = ${id}) is suspended`,
        );
      }
      await demo()
        .post(`/task/${(await taskOf(running)).id}/complete`)
        .send({})
        .expect(204);
      expect((await instance(included)).suspended).toBe(false);

      await demo()
        .put(`/process-definition/${id}/suspended`)
        .send({ suspended: true, includeProcessInstances: true })
        .expect(204);
      expect((await instance(included)).suspended).toBe(true);
      const task = await taskOf(included);
      expect(task.suspended).toBe(true);
      expect((await demo().post(`/task/${task.id}/complete`).send({}).expect(400)).body.message).toBe(
        `Cannot complete task ${task.id}: Cannot complete task ${task.id}: task is suspended`,
      );

      await demo()
        .put(`/process-definition/${id}/suspended`)
        .send({ suspended: false, includeProcessInstances: true })
        .expect(204);
      expect((await instance(included)).suspended).toBe(false);
      await demo().post(`/task/${task.id}/complete`).send({}).expect(204);
      await finish(await start('plain'));
    });

    // ProcessDefinitionSuspensionTest#testSuspendProcessDefinitionIncludingJobDefinitions: the job definitions follow
    it('takes its job definitions along, both ways', async () => {
      const id = await definitionId('susp');
      const jobDefinitions = async () =>
        (await demo().get(`/job-definition?processDefinitionId=${id}`).expect(200)).body.map((d: any) => d.suspended);
      expect(await jobDefinitions()).toEqual([false]);
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: true }).expect(204);
      expect(await jobDefinitions()).toEqual([true]);
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: false }).expect(204);
      expect(await jobDefinitions()).toEqual([false]);
    });

    // ProcessDefinitionSuspensionTest#testDelayedSuspendProcessDefinition
    it('an execution date schedules the suspension as a timer job that the job executor runs', async () => {
      const id = await definitionId('plain');
      const pi = await start('plain');
      const soon = new Date(Date.now() + 60_000).toISOString().replace('Z', '+0000');
      await demo()
        .put(`/process-definition/${id}/suspended`)
        .send({ suspended: true, includeProcessInstances: true, executionDate: soon })
        .expect(204);
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(false);
      const [job] = (await demo().get(`/job?processDefinitionId=${id}`).expect(200)).body;
      expect(job).toMatchObject({ processInstanceId: null, suspended: false });
      expect(job.dueDate).toBe(soon.replace(/\.(\d{3})/, '.$1'));
      await t.engine.jobs.executeDueJobs();
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(false);

      await demo().post(`/job/${job.id}/execute`).expect(204);
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(true);
      expect((await instance(pi)).suspended).toBe(true);
      expect((await demo().get(`/job?processDefinitionId=${id}`).expect(200)).body).toEqual([]);

      const past = new Date(Date.now() - 1000).toISOString();
      await demo()
        .put('/process-definition/suspended')
        .send({ processDefinitionKey: 'plain', suspended: false, includeProcessInstances: true, executionDate: past })
        .expect(204);
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(true);
      expect(await t.engine.jobs.executeDueJobs()).toBeGreaterThan(0);
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(false);
      expect((await instance(pi)).suspended).toBe(false);
      await finish(pi);
    });

    it('logs the operation (Camunda`s SuspendProcessDefinition / ActivateProcessDefinition entries)', async () => {
      const id = await definitionId('plain');
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: true }).expect(204);
      await demo().put(`/process-definition/${id}/suspended`).send({ suspended: false }).expect(204);
      const entries = (
        await demo().get(`/history/user-operation?processDefinitionId=${id}&entityType=ProcessDefinition`).expect(200)
      ).body;
      const types = entries.map((e: { operationType: string }) => e.operationType);
      expect(types).toEqual(expect.arrayContaining(['SuspendProcessDefinition', 'ActivateProcessDefinition']));
      expect(
        entries.find((e: { operationType: string }) => e.operationType === 'SuspendProcessDefinition'),
      ).toMatchObject({
        property: 'suspensionState',
        newValue: 'suspended',
        processDefinitionKey: 'plain',
        category: 'Operator',
      });
    });
  });

  describe('process instances', () => {
    // One table, both directions: what a suspended instance refuses or is passed by, and that activation undoes it.
    it('the effects of a suspended instance, undone by activation', async () => {
      const pi = await start('susp');
      const other = await start('susp');
      await suspendInstance(pi, true);

      // ProcessInstanceSuspensionTest#testSuspendActivateProcessInstance: the flag on every row's answer and filter.
      expect((await instance(pi)).suspended).toBe(true);
      expect((await instance(other)).suspended).toBe(false);
      const count = async (path: string) => (await demo().get(path).expect(200)).body.count as number;
      expect(await count(`/process-instance/count?processInstanceIds=${pi},${other}&suspended=true`)).toBe(1);
      expect(await count(`/process-instance/count?processInstanceIds=${pi},${other}&active=true`)).toBe(1);
      const executions = await count(`/execution/count?processInstanceId=${pi}`);
      expect(await count(`/execution/count?processInstanceId=${pi}&suspended=true`)).toBe(executions);
      expect(await count(`/execution/count?processInstanceId=${pi}&active=true`)).toBe(0);
      const task = await taskOf(pi);
      expect(task.suspended).toBe(true);
      expect(await count(`/task/count?processInstanceId=${pi}&suspended=true`)).toBe(1);
      const [ext] = (await demo().get(`/external-task?processInstanceId=${pi}`).expect(200)).body;
      expect(ext.suspended).toBe(true);
      const [job] = (await demo().get(`/job?processInstanceId=${pi}`).expect(200)).body;
      expect(job.suspended).toBe(true);
      expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('SUSPENDED');

      // ProcessInstanceSuspensionTest#testTaskLifecycleOperationsFailAfterProcessInstanceSuspend
      const refusedTask: Array<[string, object]> = [
        [`/task/${task.id}/complete`, {}],
        [`/task/${task.id}/claim`, { userId: 'jos' }],
        [`/task/${task.id}/assignee`, { userId: 'mispiggy' }],
        [`/task/${task.id}/delegate`, { userId: 'kermit' }],
        [`/task/${task.id}/resolve`, {}],
        [`/task/${task.id}/identity-links`, { groupId: 'blahGroup', type: 'candidate' }],
      ];
      for (const [path, body] of refusedTask) {
        const res = await demo().post(path).send(body);
        expect([path, res.status, res.body.type, res.body.message]).toEqual([
          path,
          400,
          res.body.type,
          expect.stringContaining('suspended'),
        ]);
      }

      // ExternalTaskServiceTest#testFetchSuspendedTask, #testCompleteSuspendedTask
      const fetchBody = { workerId: 'w', maxTasks: 10, topics: [{ topicName: 'susp-topic', lockDuration: 60000 }] };
      const fetched = (await demo().post('/external-task/fetchAndLock').send(fetchBody).expect(200)).body;
      expect(fetched.map((f: { processInstanceId: string }) => f.processInstanceId)).toEqual([other]);
      await demo().post(`/external-task/${ext.id}/lock`).send({ workerId: 'w', lockDuration: 60000 }).expect(204);
      const completeExt = await demo().post(`/external-task/${ext.id}/complete`).send({ workerId: 'w' }).expect(400);
      // Camunda's external task resource answers a suspended task as its RestException.
      expect(completeExt.body).toMatchObject({
        type: 'RestException',
        message: `ENGINE-03043 ExternalTask with id '${ext.id}' is suspended.`,
      });
      await demo().post(`/external-task/${ext.id}/failure`).send({ workerId: 'w', retries: 1 }).expect(400);
      await demo().post(`/external-task/${ext.id}/extendLock`).send({ workerId: 'w', newDuration: 1000 }).expect(400);

      // ProcessInstanceSuspensionTest#testJobNotExecutedAfterProcessInstanceSuspend
      await t.engine.jobs.executeDueJobs();
      expect((await demo().get(`/job?processInstanceId=${pi}`).expect(200)).body).toHaveLength(1);
      expect((await demo().get(`/job?processInstanceId=${other}`).expect(200)).body).toHaveLength(0);

      // ProcessInstanceSuspensionTest#testMessageEventReceiveFailAfterSuspend
      const correlate = await demo()
        .post('/message')
        .send({ messageName: 'suspMsg', processInstanceId: pi })
        .expect(400);
      expect(correlate.body).toMatchObject({
        type: 'RestException',
        message: "Cannot correlate message 'suspMsg': No process definition or execution matches the parameters",
      });
      const msgExecution = (
        await demo().get(`/execution?processInstanceId=${pi}&messageEventSubscriptionName=suspMsg`).expect(200)
      ).body[0].id;
      const toExecution = await demo()
        .post(`/execution/${msgExecution}/messageSubscriptions/suspMsg/trigger`)
        .send({})
        .expect(400);
      expect(toExecution.body).toMatchObject({
        type: 'RestException',
        message: `Cannot trigger message suspMsg for execution ${msgExecution}: ENGINE-03043 Execution with id '${msgExecution}' is suspended.`,
      });

      // ProcessInstanceSuspensionTest#testSignalEventReceivedAfterProcessInstanceSuspended
      const sigExecution = (
        await demo().get(`/execution?processInstanceId=${pi}&signalEventSubscriptionName=suspSig`).expect(200)
      ).body[0].id;
      await demo().post('/signal').send({ name: 'suspSig' }).expect(204);
      const waitingOnSignal = async (id: string) =>
        count(`/execution/count?processInstanceId=${id}&signalEventSubscriptionName=suspSig`);
      expect(await waitingOnSignal(pi)).toBe(1);
      expect(await waitingOnSignal(other)).toBe(0);
      const signalOne = await demo().post('/signal').send({ name: 'suspSig', executionId: sigExecution }).expect(400);
      expect(signalOne.body.type).toBe(SUSPENDED_TYPE);

      // Activation undoes all of it.
      await suspendInstance(pi, false);
      expect((await instance(pi)).suspended).toBe(false);
      expect(await count(`/execution/count?processInstanceId=${pi}&suspended=true`)).toBe(0);
      expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('ACTIVE');
      await demo().post(`/task/${task.id}/claim`).send({ userId: 'jos' }).expect(204);
      await demo().post(`/task/${task.id}/complete`).send({}).expect(204);
      await demo().post(`/external-task/${ext.id}/complete`).send({ workerId: 'w' }).expect(204);
      await t.engine.jobs.executeDueJobs();
      expect((await demo().get(`/job?processInstanceId=${pi}`).expect(200)).body).toHaveLength(0);
      await demo().post('/message').send({ messageName: 'suspMsg', processInstanceId: pi }).expect(204);
      // The other branches ended: the tree may have been compacted, so the waiting execution is looked up again.
      const stillWaiting = (
        await demo().get(`/execution?processInstanceId=${pi}&signalEventSubscriptionName=suspSig`).expect(200)
      ).body[0].id;
      await demo().post('/signal').send({ name: 'suspSig', executionId: stillWaiting }).expect(204);
      await demo().get(`/process-instance/${pi}`).expect(404);
      expect((await demo().get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('COMPLETED');
      await finish(other);
    });

    it('suspending twice is fine, and the log names each operation (Camunda`s Suspend entries)', async () => {
      const pi = await start('plain');
      await suspendInstance(pi, true);
      await suspendInstance(pi, true);
      const entries = (
        await demo().get(`/history/user-operation?processInstanceId=${pi}&entityType=ProcessInstance`).expect(200)
      ).body;
      expect(entries.filter((e: { operationType: string }) => e.operationType === 'Suspend')).toHaveLength(2);
      expect(entries.find((e: { operationType: string }) => e.operationType === 'Suspend')).toMatchObject({
        property: 'suspensionState',
        newValue: 'suspended',
        processDefinitionKey: 'plain',
      });
      await suspendInstance(pi, false);
      await finish(pi);
    });

    it('by definition id, by key (with tenant), and a group by ids and queries, in one transaction', async () => {
      const a = await start('plain');
      const b = await start('plain');
      const c = await start('susp');
      const id = await definitionId('plain');
      const suspended = async (pi: string) => (await instance(pi)).suspended as boolean;
      await demo().put('/process-instance/suspended').send({ processDefinitionId: id, suspended: true }).expect(204);
      expect([await suspended(a), await suspended(b), await suspended(c)]).toEqual([true, true, false]);
      await demo()
        .put('/process-instance/suspended')
        .send({ processDefinitionKey: 'plain', processDefinitionWithoutTenantId: true, suspended: false })
        .expect(204);
      expect([await suspended(a), await suspended(b)]).toEqual([false, false]);
      await demo()
        .put('/process-instance/suspended')
        .send({ processDefinitionKey: 'plain', processDefinitionTenantId: 'other-tenant', suspended: true })
        .expect(204);
      expect(await suspended(a)).toBe(false);

      await demo()
        .put('/process-instance/suspended')
        .send({
          processInstanceIds: [a],
          processInstanceQuery: { processInstanceIds: [b] },
          historicProcessInstanceQuery: { processInstanceIds: [c] },
          suspended: true,
        })
        .expect(204);
      expect([await suspended(a), await suspended(b), await suspended(c)]).toEqual([true, true, true]);
      const group = (
        await demo().get('/history/user-operation?entityType=ProcessInstance&operationType=SuspendJob').expect(200)
      ).body;
      expect(group.find((e: { property: string }) => e.property === 'nrOfInstances')).toMatchObject({
        newValue: '3',
        processInstanceId: null,
      });
      // Each instance of the group is suspended as by its id, with its own entry.
      const own = (await demo().get(`/history/user-operation?processInstanceId=${c}&operationType=Suspend`).expect(200))
        .body;
      expect(own).toHaveLength(1);
      await demo()
        .put('/process-instance/suspended')
        .send({ processInstanceIds: [a, b, c], suspended: false })
        .expect(204);
      expect([await suspended(a), await suspended(b), await suspended(c)]).toEqual([false, false, false]);
      for (const pi of [a, b, c]) await finish(pi);
    });

    it('refuses what Camunda`s ProcessInstanceSuspensionStateDto and the engine refuse', async () => {
      const pi = await start('plain');
      const cases: Array<[string, object, string, string]> = [
        [
          '/process-instance/suspended',
          { suspended: true },
          'InvalidRequestException',
          'Either processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
        ],
        [
          '/process-instance/suspended',
          { suspended: true, processDefinitionId: 'x', processDefinitionKey: 'plain' },
          'InvalidRequestException',
          'Only one of processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
        ],
        [
          `/process-instance/${pi}/suspended`,
          { suspended: true, processInstanceIds: [pi] },
          'InvalidRequestException',
          'Choose either a single processInstance with processInstanceId, processDefinitionId or processDefinitionKey or a group of processInstances with processInstanceIds, procesInstanceQuery or historicProcessInstanceQuery.',
        ],
        [
          '/process-instance/suspended',
          { suspended: true, processInstanceIds: [] },
          'BadUserRequestException',
          'No process instance ids given: Process Instance ids is empty',
        ],
      ];
      for (const [path, body, type, message] of cases) {
        expect((await demo().put(path).send(body).expect(400)).body).toMatchObject({ type, message });
      }
      const noGroup = await demo().post('/process-instance/suspended-async').send({ suspended: true }).expect(400);
      expect(noGroup.body.message).toBe(
        'Either processInstanceIds, processInstanceQuery or historicProcessInstanceQuery should be set to update the suspension state.',
      );
      const emptyBatch = await demo()
        .post('/process-instance/suspended-async')
        .send({ processInstanceIds: [], suspended: true })
        .expect(400);
      expect(emptyBatch.body).toMatchObject({
        type: 'BadUserRequestException',
        message: 'No process instance ids given: process Instance Ids is empty',
      });
      expect((await instance(pi)).suspended).toBe(false);
      await finish(pi);
    });

    it('suspended-async: a batch of type instance-update-suspension-state the job executor works off', async () => {
      const ids = [await start('plain'), await start('plain'), await start('susp')];
      const batch = (
        await demo()
          .post('/process-instance/suspended-async')
          .send({
            processInstanceIds: [ids[0]],
            processInstanceQuery: { processInstanceIds: ids.slice(1) },
            suspended: true,
          })
          .expect(200)
      ).body;
      expect(batch).toMatchObject({ type: 'instance-update-suspension-state', totalJobs: 3, createUserId: 'demo' });
      expect((await instance(ids[0])).suspended).toBe(false);
      await t.engine.jobs.executeDueJobs();
      for (const pi of ids) expect((await instance(pi)).suspended).toBe(true);
      expect((await demo().get(`/history/batch/${batch.id}`).expect(200)).body.endTime).not.toBeNull();
      const [entry] = (
        await demo()
          .get(`/history/user-operation?operationType=SuspendJob&property=async&batchId=${batch.id}`)
          .expect(200)
      ).body;
      expect(entry).toMatchObject({ entityType: 'ProcessInstance', newValue: 'true' });

      await demo()
        .post('/process-instance/suspended-async')
        .send({ historicProcessInstanceQuery: { processInstanceIds: ids }, suspended: false })
        .expect(200);
      await t.engine.jobs.executeDueJobs();
      for (const pi of ids) expect((await instance(pi)).suspended).toBe(false);
      for (const pi of ids) await finish(pi);
    });
  });

  describe('authorization (AuthorizationCommandChecker#checkUpdateProcessInstanceSuspensionState...)', () => {
    const grant = (userId: string, resourceType: number, resourceId: string, permissions: string[]) =>
      demo().post('/authorization/create').send({ type: 1, userId, resourceType, resourceId, permissions }).expect(200);

    beforeAll(async () => {
      await grant('viewer', 6, 'plain', ['READ', 'READ_INSTANCE', 'READ_HISTORY']);
      await grant('ops', 6, 'plain', ['READ', 'READ_INSTANCE', 'SUSPEND', 'SUSPEND_INSTANCE']);
      await grant('instop', 8, '*', ['SUSPEND']);
      await grant('instop', 6, 'plain', ['READ', 'READ_INSTANCE']);
    });

    it('definitions: SUSPEND (or UPDATE), and for their instances SUSPEND_INSTANCE (or UPDATE_INSTANCE)', async () => {
      const id = await definitionId('plain');
      const res = await t.as('viewer', 'viewerpw').put(`/process-definition/${id}/suspended`).send({ suspended: true });
      expect(res.status).toBe(403);
      expect(res.body.type).toBe('AuthorizationException');
      await t
        .as('instop', 'instoppw')
        .put(`/process-definition/${id}/suspended`)
        .send({ suspended: true, includeProcessInstances: true })
        .expect(403);
      await t
        .as('ops', 'opspw')
        .put(`/process-definition/${id}/suspended`)
        .send({ suspended: true, includeProcessInstances: true })
        .expect(204);
      await t.as('ops', 'opspw').put('/process-definition/key/plain/suspended').send({ suspended: false }).expect(204);
      expect((await demo().get(`/process-definition/${id}`).expect(200)).body.suspended).toBe(false);
    });

    it('instances: SUSPEND or UPDATE on the instance, or SUSPEND_INSTANCE or UPDATE_INSTANCE on its definition', async () => {
      const pi = await start('plain');
      await t.as('viewer', 'viewerpw').put(`/process-instance/${pi}/suspended`).send({ suspended: true }).expect(403);
      await t
        .as('viewer', 'viewerpw')
        .put('/process-instance/suspended')
        .send({ processDefinitionKey: 'plain', suspended: true })
        .expect(403);
      await t.as('instop', 'instoppw').put(`/process-instance/${pi}/suspended`).send({ suspended: true }).expect(204);
      await t
        .as('ops', 'opspw')
        .put('/process-instance/suspended')
        .send({ processInstanceIds: [pi], suspended: false })
        .expect(204);
      expect((await instance(pi)).suspended).toBe(false);
      await finish(pi);
    });

    it('suspended-async needs CREATE or CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND on Batch', async () => {
      const pi = await start('plain');
      const body = { processInstanceIds: [pi], suspended: true };
      await t.as('ops', 'opspw').post('/process-instance/suspended-async').send(body).expect(403);
      await grant('ops', 13, '*', ['CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND']);
      await t.as('ops', 'opspw').post('/process-instance/suspended-async').send(body).expect(200);
      await t.engine.jobs.executeDueJobs();
      expect((await instance(pi)).suspended).toBe(true);
      await finish(pi);
    });
  });
});
