import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * Process instance modification and start instructions over REST, translated from Camunda's own tests (named
 * `Class#method`), with their models unchanged under test/fixtures/camunda-tests/api/runtime.
 */
const M = 'camunda-tests/api/runtime/';

interface Tree {
  id: string;
  activityId: string;
  parentActivityInstanceId: string | null;
  childActivityInstances: Tree[];
  childTransitionInstances: Array<{ id: string; activityId: string; executionId: string }>;
}

/** A tree as nested text, children sorted: `task1`, `subProcess(innerTask)`, transitions as `~theTask`. */
function shape(node: Tree): string {
  const children = [
    ...node.childActivityInstances.map(shape),
    ...node.childTransitionInstances.map((t) => `~${t.activityId}`),
  ].sort();
  return children.length ? `${node.activityId}(${children.join(' ')})` : node.activityId;
}

function instancesOf(tree: Tree, activityId: string): Tree[] {
  const own = tree.activityId === activityId ? [tree] : [];
  return [...own, ...tree.childActivityInstances.flatMap((c) => instancesOf(c, activityId))];
}

describe(`process instance modification (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const definitions = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    const files = [
      'ProcessInstanceModificationTest.exclusiveGateway.bpmn20.xml',
      'ProcessInstanceModificationTest.parallelGateway.bpmn20.xml',
      'ProcessInstanceModificationTest.subprocess.bpmn20.xml',
      'ProcessInstanceModificationTest.doubleNestedSubprocess.bpmn20.xml',
      'ProcessInstanceModificationTest.asyncBeforeOneTaskProcess.bpmn20.xml',
      'ProcessInstanceModificationTest.oneScopeTaskProcess.bpmn20.xml',
      'ProcessInstanceModificationTest.nonInterruptingEventSubProcess.bpmn20.xml',
      'ProcessInstanceModificationTest.interruptingEventSubProcess.bpmn20.xml',
      'ProcessInstanceModificationTest.interruptingBoundaryEventInsideSubProcess.bpmn20.xml',
      'ProcessInstanceModificationMultiInstanceTest.parallelTasks.bpmn20.xml',
      'ProcessInstanceModificationTest.testCancelCallActivityParentProcess.bpmn',
      'ProcessInstanceModificationTest.testCancelCallActivityChildProcess.bpmn',
    ];
    // One deployment each: two of the models share the key oneTaskProcess.
    for (const file of files) {
      // Several of Camunda's models leave isExecutable out, which a new deployment here ignores (the parser's
      // warning says so); the file stays as Camunda has it and is marked executable only for this deployment.
      const content = fixture(M + file)
        .toString('utf8')
        .replace(/<((?:bpmn:)?process) id="([^"]+)"(?![^>]*isExecutable)/, '<$1 id="$2" isExecutable="true"');
      const res = await deploy(t, [{ name: file, content }]);
      if (res.status !== 200) throw new Error(`${file}: ${JSON.stringify(res.body)}`);
      const deployment = res.body;
      const [definition] = Object.values(deployment.deployedProcessDefinitions) as Array<{ id: string }>;
      definitions.set(file.replace(/\.bpmn(20\.xml)?$/, ''), definition.id);
    }
    for (const id of ['modifier', 'nobody']) {
      await demo()
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    }
  });
  afterAll(() => t.close());

  const definition = (model: string) => definitions.get(model)!;
  const start = async (model: string, body: object = {}) =>
    (
      await demo()
        .post(`/process-definition/${definition(model)}/start`)
        .send(body)
        .expect(200)
    ).body.id as string;
  const tree = async (id: string) =>
    (await demo().get(`/process-instance/${id}/activity-instances`).expect(200)).body as Tree;
  const modify = (id: string, instructions: object[], extra: object = {}) =>
    demo()
      .post(`/process-instance/${id}/modification`)
      .send({ instructions, ...extra });
  const tasks = async (id: string) =>
    (await demo().get(`/task?processInstanceId=${id}`).expect(200)).body as Array<{
      id: string;
      taskDefinitionKey: string;
    }>;
  const completeTasksInOrder = async (id: string, ...keys: string[]) => {
    for (const key of keys) {
      const task = (await tasks(id)).find((x) => x.taskDefinitionKey === key);
      expect(task).toBeDefined();
      await demo().post(`/task/${task!.id}/complete`).send({}).expect(204);
    }
  };
  const ended = async (id: string) => {
    await demo().get(`/process-instance/${id}`).expect(404);
    return (await demo().get(`/history/process-instance/${id}`).expect(200)).body;
  };
  const instanceId = async (id: string, activityId: string) => instancesOf(await tree(id), activityId)[0].id;

  // ---- cancellation

  it('ProcessInstanceModificationTest#testCancellation', async () => {
    const id = await start('ProcessInstanceModificationTest.parallelGateway');
    await modify(id, [{ type: 'cancel', activityInstanceId: await instanceId(id, 'task1') }]).expect(204);
    expect(shape(await tree(id))).toBe(`${definition('ProcessInstanceModificationTest.parallelGateway')}(task2)`);
    const executions = (await demo().get(`/execution?processInstanceId=${id}`).expect(200)).body;
    expect(executions).toHaveLength(1);
    await completeTasksInOrder(id, 'task2');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationTest#testCancellationThatEndsProcessInstance', async () => {
    const id = await start('ProcessInstanceModificationTest.parallelGateway');
    const before = await tree(id);
    await modify(id, [
      { type: 'cancel', activityInstanceId: instancesOf(before, 'task1')[0].id },
      { type: 'cancel', activityInstanceId: instancesOf(before, 'task2')[0].id },
    ]).expect(204);
    expect((await ended(id)).state).toBe('EXTERNALLY_TERMINATED');
    const canceled = (await demo().get(`/history/activity-instance?processInstanceId=${id}&canceled=true`).expect(200))
      .body;
    expect(canceled.map((a: { activityId: string }) => a.activityId).sort()).toEqual(['task1', 'task2']);
  });

  it('ProcessInstanceModificationTest#testCancellationWithWrongProcessInstanceId', async () => {
    const res = await modify('foo', [{ type: 'cancel', activityId: 'task1' }]).expect(400);
    expect(res.body.message).toMatch(/^ENGINE-13036/);
    expect(res.body.message).toContain("Process instance 'foo' cannot be modified");
  });

  it('ProcessInstanceModificationTest#testCancelNonExistingActivityInstance and #testCancelNonExistingTranisitionInstance', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const activity = await modify(id, [{ type: 'cancel', activityInstanceId: 'nonExistingActivityInstance' }]).expect(
      400,
    );
    expect(activity.body).toMatchObject({
      type: 'NotValidException',
      message:
        "Cannot perform instruction: Cancel activity instance 'nonExistingActivityInstance'; Activity instance 'nonExistingActivityInstance' does not exist",
    });
    const transition = await modify(id, [
      { type: 'cancel', transitionInstanceId: 'nonExistingActivityInstance' },
    ]).expect(400);
    expect(transition.body.message).toBe(
      "Cannot perform instruction: Cancel transition instance 'nonExistingActivityInstance'; Transition instance 'nonExistingActivityInstance' does not exist",
    );
  });

  it('ProcessInstanceModificationTest#testCancelCallActivityInstance: the called instance goes with its call activity', async () => {
    const id = await start('ProcessInstanceModificationTest.testCancelCallActivityParentProcess');
    const child = (await demo().get(`/process-instance?superProcessInstance=${id}`).expect(200)).body[0].id;
    await modify(id, [
      { type: 'startBeforeActivity', activityId: 'outerTask' },
      { type: 'cancel', activityId: 'callActivity' },
    ]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.testCancelCallActivityParentProcess')}(outerTask)`,
    );
    expect((await ended(child)).state).toBe('EXTERNALLY_TERMINATED');
    await completeTasksInOrder(id, 'outerTask');
    await ended(id);
  });

  it('cancel by activity id: every instance, or with cancelCurrentActiveActivityInstances those there before the modification', async () => {
    const def = definition('ProcessInstanceModificationTest.exclusiveGateway');
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const original = await instanceId(id, 'task1');
    await modify(id, [
      { type: 'startBeforeActivity', activityId: 'task1' },
      { type: 'cancel', activityId: 'task1', cancelCurrentActiveActivityInstances: true },
    ]).expect(204);
    const after = await tree(id);
    expect(shape(after)).toBe(`${def}(task1)`);
    expect(instancesOf(after, 'task1')[0].id).not.toBe(original);
    await modify(id, [
      { type: 'startBeforeActivity', activityId: 'task1' },
      { type: 'cancel', activityId: 'task1' },
    ]).expect(204);
    expect((await ended(id)).state).toBe('EXTERNALLY_TERMINATED');
  });

  // ---- start before, after, transition

  it('ProcessInstanceModificationTest#testStartBefore', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'task2' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1 task2)`,
    );
    expect(await tasks(id)).toHaveLength(2);
    await completeTasksInOrder(id, 'task1', 'task2');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationTest#testStartBeforeWithAncestorInstanceId', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const root = (await tree(id)).id;
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'task2', ancestorActivityInstanceId: root }]).expect(
      204,
    );
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1 task2)`,
    );
    await completeTasksInOrder(id, 'task1', 'task2');
    await ended(id);
  });

  it('ProcessInstanceModificationTest#testStartBeforeWithAncestorInstanceIdTwoScopesUp', async () => {
    const id = await start('ProcessInstanceModificationTest.doubleNestedSubprocess');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'subProcess' }]).expect(204);
    const ambiguous = await modify(id, [{ type: 'startBeforeActivity', activityId: 'innerSubProcessTask' }]).expect(
      400,
    );
    expect(ambiguous.body.message).toBe(
      'Ancestor activity execution is ambiguous for activity Activity(innerSubProcess)',
    );
    const chosen = instancesOf(await tree(id), 'subProcess')[1];
    await modify(id, [
      { type: 'startBeforeActivity', activityId: 'innerSubProcessTask', ancestorActivityInstanceId: chosen.id },
    ]).expect(204);
    const updated = await tree(id);
    expect(shape(updated)).toBe(
      `${definition('ProcessInstanceModificationTest.doubleNestedSubprocess')}(subProcess(innerSubProcess(innerSubProcessTask) subProcessTask) subProcess(subProcessTask))`,
    );
    expect(instancesOf(updated, 'innerSubProcess')[0].parentActivityInstanceId).toBe(chosen.id);
    expect(await tasks(id)).toHaveLength(3);
    await completeTasksInOrder(
      id,
      'subProcessTask',
      'subProcessTask',
      'innerSubProcessTask',
      'innerSubProcessTask',
      'innerSubProcessTask',
    );
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationTest#testStartBeforeWithInvalidAncestorInstanceId', async () => {
    const id = await start('ProcessInstanceModificationTest.doubleNestedSubprocess');
    const res = await modify(id, [
      {
        type: 'startBeforeActivity',
        activityId: 'subProcess',
        ancestorActivityInstanceId: 'noValidActivityInstanceId',
      },
    ]).expect(400);
    expect(res.body.message).toBe(
      "Cannot perform instruction: Start before activity 'subProcess' with ancestor activity instance 'noValidActivityInstanceId'; Ancestor activity instance 'noValidActivityInstanceId' does not exist",
    );
    const subProcessTask = await instanceId(id, 'subProcessTask');
    const notAncestor = await modify(id, [
      { type: 'startBeforeActivity', activityId: 'subProcess', ancestorActivityInstanceId: subProcessTask },
    ]).expect(400);
    expect(notAncestor.body.message).toBe(
      `Cannot perform instruction: Start before activity 'subProcess' with ancestor activity instance '${subProcessTask}'; Scope execution for '${subProcessTask}' cannot be found in parent hierarchy of flow element 'subProcess'`,
    );
    // Nothing changed.
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.doubleNestedSubprocess')}(subProcess(subProcessTask))`,
    );
  });

  it('ProcessInstanceModificationTest#testStartBeforeNonExistingActivity', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const res = await modify(id, [{ type: 'startBeforeActivity', activityId: 'someNonExistingActivity' }]).expect(400);
    expect(res.body.message).toBe(
      `Cannot perform instruction: Start before activity 'someNonExistingActivity'; Element 'someNonExistingActivity' does not exist in process '${definition('ProcessInstanceModificationTest.exclusiveGateway')}'`,
    );
  });

  it('ProcessInstanceModificationTest#testCreationInNestedScope: the missing sub-process instance is created', async () => {
    const id = await start('ProcessInstanceModificationTest.subprocess');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'innerTask' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.subprocess')}(outerTask subProcess(innerTask))`,
    );
    const history = (await demo().get(`/history/activity-instance?processInstanceId=${id}&unfinished=true`).expect(200))
      .body;
    expect(history.map((a: { activityId: string }) => a.activityId).sort()).toEqual([
      'innerTask',
      'outerTask',
      'subProcess',
    ]);
    await completeTasksInOrder(id, 'innerTask', 'outerTask', 'innerTask');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationTest#testStartAfter', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    await modify(id, [{ type: 'startAfterActivity', activityId: 'theStart' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1 task1)`,
    );
    await completeTasksInOrder(id, 'task1', 'task1');
    await ended(id);
  });

  it('ProcessInstanceModificationTest#testStartAfterWithoutOutgoingTransition', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const res = await modify(id, [{ type: 'startAfterActivity', activityId: 'theEnd' }]).expect(400);
    expect(res.body.message).toContain('activity has no outgoing sequence flow to take');
  });

  it('ProcessInstanceModificationTest#testStartTransition', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    await modify(id, [{ type: 'startTransition', transitionId: 'flow4' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1 task2)`,
    );
    await completeTasksInOrder(id, 'task1', 'task2');
    await ended(id);
  });

  it('ProcessInstanceModificationTest#testStartTransitionInvalidTransitionId', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const res = await modify(id, [{ type: 'startTransition', transitionId: 'invalidFlowId' }]).expect(400);
    expect(res.body.message).toBe(
      `Cannot perform instruction: Start transition 'invalidFlowId'; Element 'invalidFlowId' does not exist in process '${definition('ProcessInstanceModificationTest.exclusiveGateway')}'`,
    );
  });

  it('ProcessInstanceModificationTest#testCancellationAndCreation: cancel one, start another, in one transaction', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    await modify(id, [
      { type: 'startBeforeActivity', activityId: 'task2' },
      { type: 'cancel', activityInstanceId: await instanceId(id, 'task1') },
    ]).expect(204);
    expect(shape(await tree(id))).toBe(`${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task2)`);
    // cancelling first leaves an empty instance for the start that follows
    await modify(id, [
      { type: 'cancel', activityId: 'task2' },
      { type: 'startBeforeActivity', activityId: 'task1' },
    ]).expect(204);
    expect(shape(await tree(id))).toBe(`${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1)`);
    await completeTasksInOrder(id, 'task1');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationTest#testStartBeforeWithVariables (and ProcessInstanceModificationHistoryTest#testStartBeforeScopeWithVariablesInHistory)', async () => {
    const id = await start('ProcessInstanceModificationTest.subprocess');
    await modify(id, [
      {
        type: 'startBeforeActivity',
        activityId: 'innerTask',
        variables: {
          procInstVar: { value: 'procInstValue', type: 'String' },
          localVar: { value: 'localValue', type: 'String', local: true },
        },
      },
    ]).expect(204);
    const subProcess = await instanceId(id, 'subProcess');
    const variables = (await demo().get(`/variable-instance?processInstanceIdIn=${id}`).expect(200)).body as Array<{
      name: string;
      value: unknown;
      activityInstanceId: string;
    }>;
    const byName = new Map(variables.map((v) => [v.name, v]));
    expect(byName.get('procInstVar')).toMatchObject({ value: 'procInstValue', activityInstanceId: id });
    expect(byName.get('localVar')).toMatchObject({ value: 'localValue', activityInstanceId: subProcess });
  });

  // ---- boundary events, event sub-processes, multi-instance, async

  it('ProcessInstanceModificationBoundaryEventTest: a started activity with a boundary timer gets its timer; cancelling removes it', async () => {
    const id = await start('ProcessInstanceModificationTest.oneScopeTaskProcess');
    expect((await demo().get(`/job?processInstanceId=${id}`).expect(200)).body).toHaveLength(1);
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'theTask' }]).expect(204);
    const jobs = (await demo().get(`/job?processInstanceId=${id}`).expect(200)).body as Array<{ executionId: string }>;
    expect(jobs).toHaveLength(2);
    expect(new Set(jobs.map((j) => j.executionId)).size).toBe(2);
    await modify(id, [{ type: 'cancel', activityInstanceId: await instanceId(id, 'theTask') }]).expect(204);
    expect((await demo().get(`/job?processInstanceId=${id}`).expect(200)).body).toHaveLength(1);
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'afterBoundaryTask' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.oneScopeTaskProcess')}(afterBoundaryTask theTask)`,
    );
  });

  it('ProcessInstanceModificationEventSubProcessTest#testStartBeforeTaskInsideNonInterruptingEventSubProcess', async () => {
    const id = await start('ProcessInstanceModificationTest.nonInterruptingEventSubProcess');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'eventSubProcessTask' }]).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.nonInterruptingEventSubProcess')}(eventSubProcess(eventSubProcessTask) task1)`,
    );
    // the process's own subscription stays
    const subscriptions = (await demo().get(`/event-subscription?processInstanceId=${id}`).expect(200)).body;
    expect(subscriptions).toHaveLength(1);
    await completeTasksInOrder(id, 'task1', 'task2', 'eventSubProcessTask');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationEventSubProcessTest: the message still starts the event sub-process after everything was canceled and restarted', async () => {
    const id = await start('ProcessInstanceModificationTest.nonInterruptingEventSubProcess');
    await modify(id, [
      { type: 'cancel', activityId: 'task1' },
      { type: 'startBeforeActivity', activityId: 'task2' },
    ]).expect(204);
    await demo().post('/message').send({ messageName: 'newMessage', processInstanceId: id }).expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.nonInterruptingEventSubProcess')}(eventSubProcess(eventSubProcessTask) task2)`,
    );
  });

  it('ProcessInstanceModificationEventSubProcessTest#testStartBeforeEventSubProcess and #testStartBeforeStartEventInEventSubProcess: interrupting', async () => {
    const model = 'ProcessInstanceModificationTest.interruptingEventSubProcess';
    for (const activityId of ['eventSubProcess', 'eventProcessStart']) {
      const id = await start(model);
      await modify(id, [{ type: 'startBeforeActivity', activityId }]).expect(204);
      expect(shape(await tree(id))).toBe(`${definition(model)}(eventSubProcess(eventSubProcessTask))`);
      const task1 = (
        await demo().get(`/history/activity-instance?processInstanceId=${id}&activityId=task1`).expect(200)
      ).body;
      expect(task1[0]).toMatchObject({ canceled: true });
      await completeTasksInOrder(id, 'eventSubProcessTask');
      expect((await ended(id)).state).toBe('COMPLETED');
    }
  });

  it('ProcessInstanceModificationEventSubProcessTest#testStartBeforeTaskInsideEventSubProcess: no interruption', async () => {
    const model = 'ProcessInstanceModificationTest.interruptingEventSubProcess';
    const id = await start(model);
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'eventSubProcessTask' }]).expect(204);
    expect(shape(await tree(id))).toBe(`${definition(model)}(eventSubProcess(eventSubProcessTask) task1)`);
  });

  it('ProcessInstanceModificationBoundaryEventTest#testStartBeforeInterruptingBoundaryEventInsideSubProcess', async () => {
    const model = 'ProcessInstanceModificationTest.interruptingBoundaryEventInsideSubProcess';
    const id = await start(model);
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'innerBoundaryEvent' }]).expect(204);
    expect(shape(await tree(id))).toBe(`${definition(model)}(subProcess(innerTaskAfterBoundaryEvent))`);
    // the boundary event's subscription went with innerTask1
    expect((await demo().get(`/event-subscription?processInstanceId=${id}`).expect(200)).body).toHaveLength(0);
    await completeTasksInOrder(id, 'innerTaskAfterBoundaryEvent');
    expect((await ended(id)).state).toBe('COMPLETED');
  });

  it('ProcessInstanceModificationMultiInstanceTest#testStartMultiInstanceBodyParallelTasks and #testStartInnerActivityParallelTasks', async () => {
    const id = await start('ProcessInstanceModificationMultiInstanceTest.parallelTasks');
    const def = definition('ProcessInstanceModificationMultiInstanceTest.parallelTasks');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'miTasks#multiInstanceBody' }]).expect(204);
    expect(shape(await tree(id))).toBe(`${def}(beforeTask miTasks#multiInstanceBody(miTasks miTasks miTasks))`);
    const body = await instanceId(id, 'miTasks#multiInstanceBody');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'miTasks', ancestorActivityInstanceId: body }]).expect(
      204,
    );
    expect(shape(await tree(id))).toBe(`${def}(beforeTask miTasks#multiInstanceBody(miTasks miTasks miTasks miTasks))`);
    const nr = (await demo().get(`/variable-instance?processInstanceIdIn=${id}&variableName=nrOfInstances`).expect(200))
      .body;
    expect(nr[0].value).toBe(4);
    // ProcessInstanceModificationMultiInstanceTest#testCancelInnerActivityParallelTasks
    await modify(id, [{ type: 'cancel', activityInstanceId: instancesOf(await tree(id), 'miTasks')[0].id }]).expect(
      204,
    );
    expect(shape(await tree(id))).toBe(`${def}(beforeTask miTasks#multiInstanceBody(miTasks miTasks miTasks))`);
    await completeTasksInOrder(id, 'miTasks', 'miTasks', 'miTasks');
    expect(shape(await tree(id))).toBe(`${def}(afterTask beforeTask)`);
  });

  it('ProcessInstanceModificationAsyncTest#testStartBeforeAsync and #testCancelTransitionInstance: transition instances', async () => {
    const id = await start('ProcessInstanceModificationTest.asyncBeforeOneTaskProcess');
    const def = definition('ProcessInstanceModificationTest.asyncBeforeOneTaskProcess');
    const initial = await tree(id);
    expect(shape(initial)).toBe(`${def}(~theTask)`);
    const jobs = (await demo().get(`/job?processInstanceId=${id}`).expect(200)).body;
    expect(initial.childTransitionInstances[0]).toMatchObject({
      activityId: 'theTask',
      executionId: jobs[0].executionId,
    });
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'theTask' }]).expect(204);
    const both = await tree(id);
    expect(shape(both)).toBe(`${def}(~theTask ~theTask)`);
    expect((await demo().get(`/job?processInstanceId=${id}`).expect(200)).body).toHaveLength(2);
    await modify(id, [{ type: 'cancel', transitionInstanceId: both.childTransitionInstances[0].id }]).expect(204);
    expect(shape(await tree(id))).toBe(`${def}(~theTask)`);
    expect((await demo().get(`/job?processInstanceId=${id}`).expect(200)).body).toHaveLength(1);
    await t.engine.jobs.executeDueJobs();
    expect(shape(await tree(id))).toBe(`${def}(theTask)`);
    // cancelling the last transition instance ends the instance (ProcessInstanceModificationAsyncTest#testCancelTransitionInstanceTwiceFails's setup)
    const other = await start('ProcessInstanceModificationTest.asyncBeforeOneTaskProcess');
    const transition = (await tree(other)).childTransitionInstances[0].id;
    await modify(other, [{ type: 'cancel', transitionInstanceId: transition }]).expect(204);
    expect((await ended(other)).state).toBe('EXTERNALLY_TERMINATED');
  });

  // ---- start instructions

  it('ProcessInstantiationAtActivitiesTest#testSingleActivityInstantiation', async () => {
    const def = definition('ProcessInstanceModificationTest.exclusiveGateway');
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway', {
      startInstructions: [{ type: 'startBeforeActivity', activityId: 'task2' }],
    });
    expect(shape(await tree(id))).toBe(`${def}(task2)`);
    const history = (await demo().get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body;
    expect(history.map((a: { activityId: string }) => a.activityId)).toEqual(['task2']);
    expect((await demo().get(`/history/process-instance/${id}`).expect(200)).body.startActivityId).toBe('task2');
  });

  it('ProcessInstantiationAtActivitiesTest#testNestedActivitiesInstantiation', async () => {
    const def = definition('ProcessInstanceModificationTest.subprocess');
    const id = await start('ProcessInstanceModificationTest.subprocess', {
      startInstructions: [
        { type: 'startBeforeActivity', activityId: 'innerTask' },
        { type: 'startBeforeActivity', activityId: 'outerTask' },
        { type: 'startBeforeActivity', activityId: 'innerTask' },
      ],
    });
    expect(shape(await tree(id))).toBe(`${def}(outerTask subProcess(innerTask innerTask))`);
  });

  it('ProcessInstantiationAtActivitiesTest#testStartTransitionInstantiation and #testStartAfterActivityInstantiation, with variables', async () => {
    const def = definition('ProcessInstanceModificationTest.exclusiveGateway');
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway', {
      variables: { aVar: { value: 'aValue', type: 'String' } },
      startInstructions: [
        { type: 'startTransition', transitionId: 'flow4', variables: { v1: { value: 1, type: 'Integer' } } },
        { type: 'startAfterActivity', activityId: 'task1' },
      ],
    });
    expect(shape(await tree(id))).toBe(`${def}(task2)`);
    const vars = (await demo().get(`/process-instance/${id}/variables`).expect(200)).body;
    expect(vars).toMatchObject({ aVar: { value: 'aValue' }, v1: { value: 1, type: 'Integer' } });
    // the transition after task1 led to the join and the end: one token is left
    const ends = (await demo().get(`/history/activity-instance?processInstanceId=${id}&activityId=theEnd`).expect(200))
      .body;
    expect(ends).toHaveLength(1);
  });

  it('start instructions: an empty list is an ordinary start; cancellation and unknown activities are refused', async () => {
    const def = definition('ProcessInstanceModificationTest.exclusiveGateway');
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway', { startInstructions: [] });
    expect(shape(await tree(id))).toBe(`${def}(task1)`);
    const cancel = await demo()
      .post(`/process-definition/${def}/start`)
      .send({ startInstructions: [{ type: 'cancel', activityId: 'task1' }] })
      .expect(400);
    expect(cancel.body.type).toBe('InvalidRequestException');
    const unknown = await demo()
      .post(`/process-definition/${def}/start`)
      .send({ startInstructions: [{ type: 'startBeforeActivity', activityId: 'nope' }] })
      .expect(400);
    expect(unknown.body.message).toContain("Element 'nope' does not exist in process");
    const noActivity = await demo()
      .post(`/process-definition/key/exclusiveGateway/start`)
      .send({ startInstructions: [{ type: 'startBeforeActivity' }] })
      .expect(400);
    expect(noActivity.body.message).toBe("For instruction type 'startBeforeActivity': 'activityId' must be set");
  });

  it("skipCustomListeners and skipIoMappings leave out the started activities' listeners and input mappings", async () => {
    const model = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_skip" targetNamespace="http://example.org/skip">
  <bpmn:process id="skipping" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="First" />
    <bpmn:userTask id="First" /><bpmn:sequenceFlow id="F2" sourceRef="First" targetRef="Second" />
    <bpmn:userTask id="Second">
      <bpmn:extensionElements>
        <camunda:executionListener event="start" expression="\${execution.setVariable('listened', true)}" />
        <camunda:inputOutput><camunda:inputParameter name="mapped">in</camunda:inputParameter></camunda:inputOutput>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:sequenceFlow id="F3" sourceRef="Second" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
</bpmn:definitions>`;
    await deploy(t, [{ name: 'skipping.bpmn', content: model }]).expect(200);
    const variables = async (id: string) =>
      ((await demo().get(`/variable-instance?processInstanceIdIn=${id}`).expect(200)).body as Array<{ name: string }>)
        .map((v) => v.name)
        .sort();
    const skipped = (await demo().post('/process-definition/key/skipping/start').send({}).expect(200)).body.id;
    await modify(skipped, [{ type: 'startBeforeActivity', activityId: 'Second' }], {
      skipCustomListeners: true,
      skipIoMappings: true,
    }).expect(204);
    expect(await variables(skipped)).toEqual([]);
    const ran = (await demo().post('/process-definition/key/skipping/start').send({}).expect(200)).body.id;
    await modify(ran, [{ type: 'startBeforeActivity', activityId: 'Second' }]).expect(204);
    expect(await variables(ran)).toEqual(['listened', 'mapped']);
    const atStart = (
      await demo()
        .post('/process-definition/key/skipping/start')
        .send({ startInstructions: [{ type: 'startBeforeActivity', activityId: 'Second' }], skipIoMappings: true })
        .expect(200)
    ).body.id;
    expect(await variables(atStart)).toEqual(['listened']);
  });

  // ---- operation log, authorization, several instances, batches

  it('keeps the annotation in the user operation log entry ModifyProcessInstance', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    await modify(id, [{ type: 'startBeforeActivity', activityId: 'task2' }], { annotation: 'moved by ops' }).expect(
      204,
    );
    const entries = (
      await demo()
        .get(`/history/user-operation?processInstanceId=${id}&operationType=ModifyProcessInstance`)
        .expect(200)
    ).body;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'ProcessInstance', annotation: 'moved by ops', userId: 'demo' });
  });

  it('needs UPDATE on the instance or UPDATE_INSTANCE on its definition', async () => {
    const id = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const as = (user: string) =>
      t
        .as(user, `${user}pw`)
        .post(`/process-instance/${id}/modification`)
        .send({ instructions: [{ type: 'startBeforeActivity', activityId: 'task2' }] });
    const denied = await as('nobody').expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await demo()
      .post('/authorization/create')
      .send({
        type: 1,
        permissions: ['UPDATE_INSTANCE'],
        userId: 'modifier',
        resourceType: 6,
        resourceId: 'exclusiveGateway',
      })
      .expect(200);
    await as('modifier').expect(204);
    expect(shape(await tree(id))).toBe(
      `${definition('ProcessInstanceModificationTest.exclusiveGateway')}(task1 task2)`,
    );
  });

  it('POST /modification/execute: several instances of a definition, by ids and query', async () => {
    const def = definition('ProcessInstanceModificationTest.parallelGateway');
    const a = await start('ProcessInstanceModificationTest.parallelGateway');
    const b = await start('ProcessInstanceModificationTest.parallelGateway');
    await demo()
      .post('/modification/execute')
      .send({
        processDefinitionId: def,
        processInstanceIds: [a],
        processInstanceQuery: { processInstanceIds: [b] },
        instructions: [
          { type: 'cancel', activityId: 'task1' },
          { type: 'startBeforeActivity', activityId: 'theEnd2' },
        ],
      })
      .expect(204);
    for (const id of [a, b]) expect(shape(await tree(id))).toBe(`${def}(task2)`);
    const missing = await demo()
      .post('/modification/execute')
      .send({ processDefinitionId: def, instructions: [{ type: 'cancel', activityId: 'task1' }] })
      .expect(400);
    expect(missing.body.message).toContain('Process instance ids');
    const instanceIds = await demo()
      .post('/modification/execute')
      .send({
        processDefinitionId: def,
        processInstanceIds: [a],
        instructions: [{ type: 'cancel', activityInstanceId: 'x' }],
      })
      .expect(400);
    expect(instanceIds.body.message).toContain("For instruction type 'cancel'");
    const other = await start('ProcessInstanceModificationTest.exclusiveGateway');
    const mismatch = await demo()
      .post('/modification/execute')
      .send({
        processDefinitionId: def,
        processInstanceIds: [a, other],
        instructions: [{ type: 'cancel', activityId: 'task2' }],
      })
      .expect(400);
    expect(mismatch.body.message).toContain('ENGINE-13037');
    // nothing happened to the first one either
    expect(shape(await tree(a))).toBe(`${def}(task2)`);
  });

  it('modification-async and /modification/executeAsync: an instance-modification batch, permission CREATE_BATCH_MODIFY_PROCESS_INSTANCES', async () => {
    const def = definition('ProcessInstanceModificationTest.parallelGateway');
    const a = await start('ProcessInstanceModificationTest.parallelGateway');
    const b = await start('ProcessInstanceModificationTest.parallelGateway');
    const one = (
      await demo()
        .post(`/process-instance/${a}/modification-async`)
        .send({ instructions: [{ type: 'cancel', activityId: 'task2' }], annotation: 'batch' })
        .expect(200)
    ).body;
    expect(one).toMatchObject({ type: 'instance-modification', totalJobs: 1 });
    const many = (
      await demo()
        .post('/modification/executeAsync')
        .send({
          processDefinitionId: def,
          processInstanceIds: [b],
          instructions: [{ type: 'cancel', activityId: 'task1' }],
        })
        .expect(200)
    ).body;
    expect(many).toMatchObject({ type: 'instance-modification', totalJobs: 1 });
    expect(shape(await tree(a))).toBe(`${def}(task1 task2)`);
    await t.engine.jobs.executeDueJobs();
    expect(shape(await tree(a))).toBe(`${def}(task1)`);
    expect(shape(await tree(b))).toBe(`${def}(task2)`);
    const empty = await demo()
      .post('/modification/executeAsync')
      .send({ processDefinitionId: def, processInstanceIds: [b], instructions: [] })
      .expect(400);
    expect(empty.body.message).toContain('Modification instructions cannot be empty');

    const asModifier = () =>
      t
        .as('modifier', 'modifierpw')
        .post('/modification/executeAsync')
        .send({
          processDefinitionId: def,
          processInstanceIds: [b],
          instructions: [{ type: 'cancel', activityId: 'task2' }],
        });
    await asModifier().expect(403);
    await demo()
      .post('/authorization/create')
      .send({
        type: 1,
        permissions: ['CREATE_BATCH_MODIFY_PROCESS_INSTANCES'],
        userId: 'modifier',
        resourceType: 13,
        resourceId: '*',
      })
      .expect(200);
    await asModifier().expect(200);
  });
});
