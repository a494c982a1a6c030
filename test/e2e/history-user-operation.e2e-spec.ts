import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const PROCESSES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_oplog" targetNamespace="http://example.org/oplog">
  <bpmn:process id="review" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Review" />
    <bpmn:userTask id="Review" /><bpmn:sequenceFlow id="F2" sourceRef="Review" targetRef="Call" />
    <bpmn:serviceTask id="Call" camunda:type="external" camunda:topic="call" />
    <bpmn:sequenceFlow id="F3" sourceRef="Call" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:process id="quick" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="S2" /><bpmn:sequenceFlow id="F4" sourceRef="S2" targetRef="Approve" />
    <bpmn:userTask id="Approve" /><bpmn:sequenceFlow id="F5" sourceRef="Approve" targetRef="E2" /><bpmn:endEvent id="E2" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`user operation log (${databaseLabel()})`, () => {
  let t: TestApp;
  let deploymentId: string;
  let pi: string;
  let taskId: string;

  const entries = async (query = '') => (await t.as('demo').get(`/history/user-operation${query}`).expect(200)).body;
  const count = async (query = '') =>
    (await t.as('demo').get(`/history/user-operation/count${query}`).expect(200)).body.count;
  const summary = (list: any[]) => list.map((e) => [e.operationType, e.entityType, e.property, e.orgValue, e.newValue]);

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    deploymentId = (
      await deploy(t, [{ name: 'oplog.bpmn', content: PROCESSES }], { 'enable-duplicate-filtering': 'true' }).expect(
        200,
      )
    ).body.id;
    pi = (await t.as('demo').post('/process-definition/key/review/start').send({}).expect(200)).body.id;
    [{ id: taskId }] = (await t.as('demo').get(`/task?processInstanceId=${pi}`).expect(200)).body;
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'mary' }, credentials: { password: 'marypw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  it('logs a deployment with its duplicate filtering and the start of an instance, as an operator’s operations', async () => {
    const [create, ...more] = await entries(`?deploymentId=${deploymentId}&sortBy=timestamp&sortOrder=asc`);
    expect(summary([create, ...more])).toEqual(
      expect.arrayContaining([
        ['Create', 'Deployment', 'duplicateFilterEnabled', null, 'true'],
        ['Create', 'Deployment', 'deployChangedOnly', null, 'false'],
      ]),
    );
    expect(more).toHaveLength(1);
    expect(more[0].operationId).toBe(create.operationId);
    expect(create).toEqual({
      id: expect.any(String),
      deploymentId,
      processDefinitionId: null,
      processDefinitionKey: null,
      processInstanceId: null,
      executionId: null,
      caseDefinitionId: null,
      caseInstanceId: null,
      caseExecutionId: null,
      taskId: null,
      jobId: null,
      jobDefinitionId: null,
      batchId: null,
      userId: 'demo',
      timestamp: expect.stringMatching(/\+0000$/),
      operationId: expect.any(String),
      externalTaskId: null,
      operationType: 'Create',
      entityType: 'Deployment',
      property: expect.any(String),
      orgValue: null,
      newValue: expect.any(String),
      removalTime: null,
      rootProcessInstanceId: null,
      category: 'Operator',
      annotation: null,
    });
    expect(summary(await entries(`?processInstanceId=${pi}`))).toEqual([
      ['Create', 'ProcessInstance', null, null, null],
    ]);
    expect((await entries(`?processInstanceId=${pi}`))[0]).toMatchObject({
      processDefinitionKey: 'review',
      rootProcessInstanceId: pi,
    });
  });

  it('logs task operations with the properties they changed, as a task worker’s', async () => {
    await t.as('demo').post(`/task/${taskId}/claim`).send({ userId: 'demo' }).expect(204);
    await t.as('demo').post(`/task/${taskId}/unclaim`).expect(204);
    await t.as('demo').post(`/task/${taskId}/assignee`).send({ userId: 'mary' }).expect(204);
    await t.as('demo').post(`/task/${taskId}/identity-links`).send({ userId: 'boss', type: 'owner' }).expect(204);
    await t.as('demo').post(`/task/${taskId}/identity-links`).send({ groupId: 'sales', type: 'candidate' }).expect(204);
    await t
      .as('demo')
      .post(`/task/${taskId}/identity-links/delete`)
      .send({ groupId: 'sales', type: 'candidate' })
      .expect(204);
    await t.as('demo').post(`/task/${taskId}/delegate`).send({ userId: 'demo' }).expect(204);
    await t.as('demo').post(`/task/${taskId}/resolve`).send({}).expect(204);
    await t
      .as('demo')
      .put(`/task/${taskId}`)
      .send({ name: 'Review it', owner: 'boss', assignee: 'boss', delegationState: 'RESOLVED', priority: 50 })
      .expect(204);
    await t.as('demo').put(`/task/${taskId}/localVariables/note`).send({ value: 'ok', type: 'String' }).expect(204);
    await t.as('demo').post(`/task/${taskId}/complete`).send({}).expect(204);
    const log = await entries(`?taskId=${taskId}&sortBy=timestamp&sortOrder=asc`);
    expect(
      log.every((e: any) => e.category === 'TaskWorker' && e.processInstanceId === pi && e.userId === 'demo'),
    ).toBe(true);
    expect(log.filter((e: any) => e.entityType === 'IdentityLink')).toHaveLength(2);
    expect(summary(log)).toEqual(
      expect.arrayContaining([
        ['Claim', 'Task', 'assignee', null, 'demo'],
        // Camunda's REST unclaim is setAssignee(null)
        ['Assign', 'Task', 'assignee', 'demo', null],
        ['Assign', 'Task', 'assignee', null, 'mary'],
        ['SetOwner', 'Task', 'owner', null, 'boss'],
        ['AddGroupLink', 'IdentityLink', 'candidate', null, 'sales'],
        ['DeleteGroupLink', 'IdentityLink', 'candidate', 'sales', null],
        ['Delegate', 'Task', 'delegation', null, 'PENDING'],
        ['Delegate', 'Task', 'assignee', 'mary', 'demo'],
        ['Resolve', 'Task', 'delegation', 'PENDING', 'RESOLVED'],
        ['Resolve', 'Task', 'assignee', 'demo', 'boss'],
        ['Update', 'Task', 'name', null, 'Review it'],
        ['SetVariable', 'Variable', null, null, null],
        ['Complete', 'Task', 'delete', 'false', 'true'],
      ]),
    );
    expect(log.filter((e: any) => e.operationType === 'Update').map((e: any) => e.property)).toEqual(['name']);
    expect(log).toHaveLength(13);
    const delegate = log.filter((e: any) => e.operationType === 'Delegate');
    expect(new Set(delegate.map((e: any) => e.operationId)).size).toBe(1);
    expect(await count(`?taskId=${taskId}&operationType=Delegate`)).toBe(2);
  });

  it('logs variable changes, retries, incident annotations and deletions of instances', async () => {
    await t
      .as('demo')
      .post(`/process-instance/${pi}/variables`)
      .send({ modifications: { a: { value: 1, type: 'Integer' } } })
      .expect(204);
    await t.as('demo').put(`/process-instance/${pi}/variables/b`).send({ value: 'x', type: 'String' }).expect(204);
    await t.as('demo').delete(`/process-instance/${pi}/variables/b`).expect(204);
    const [ext] = (await t.as('demo').get(`/external-task?processInstanceId=${pi}`).expect(200)).body;
    await t.as('demo').put(`/external-task/${ext.id}/retries`).send({ retries: 0 }).expect(204);
    await t
      .as('demo')
      .put('/external-task/retries')
      .send({ externalTaskIds: [ext.id], retries: 2 })
      .expect(204);
    await t.as('demo').put(`/external-task/${ext.id}/retries`).send({ retries: 0 }).expect(204);
    const [incident] = (await t.as('demo').get(`/incident?processInstanceId=${pi}`).expect(200)).body;
    await t.as('demo').put(`/incident/${incident.id}/annotation`).send({ annotation: 'looked at it' }).expect(204);
    await t.as('demo').delete(`/process-instance/${pi}`).expect(204);

    expect(
      summary(await entries(`?processInstanceId=${pi}&entityType=Variable&sortBy=timestamp&sortOrder=asc`)).map(
        (s) => s[0],
      ),
    ).toEqual(expect.arrayContaining(['ModifyVariable', 'SetVariable', 'RemoveVariable']));
    const retries = await entries(`?externalTaskId=${ext.id}&sortBy=timestamp&sortOrder=asc`);
    expect(summary(retries)).toEqual([
      ['SetExternalTaskRetries', 'ExternalTask', 'retries', null, '0'],
      ['SetExternalTaskRetries', 'ExternalTask', 'retries', '2', '0'],
    ]);
    const bulk = await entries('?operationType=SetExternalTaskRetries&property=nrOfInstances');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ externalTaskId: null, newValue: '1', category: 'Operator' });
    expect(await count(`?operationId=${bulk[0].operationId}`)).toBe(3);
    expect(summary(await entries('?entityType=Incident'))).toEqual([
      ['SetAnnotation', 'Incident', 'incidentId', null, incident.id],
    ]);
    const [deletion] = await entries(`?processInstanceId=${pi}&entityType=ProcessInstance&operationType=Delete`);
    expect(deletion).toMatchObject({
      operationType: 'Delete',
      processDefinitionKey: 'review',
      rootProcessInstanceId: pi,
      category: 'Operator',
    });
  });

  it('logs batch operations and deployment deletion', async () => {
    const other = (await t.as('demo').post('/process-definition/key/review/start').send({}).expect(200)).body.id;
    const [ext] = (await t.as('demo').get(`/task?processInstanceId=${other}`).expect(200)).body;
    await t.as('demo').post(`/task/${ext.id}/complete`).send({}).expect(204);
    const [extTask] = (await t.as('demo').get(`/external-task?processInstanceId=${other}`).expect(200)).body;
    const batch = (
      await t
        .as('demo')
        .post('/external-task/retries-async')
        .send({ externalTaskIds: [extTask.id], retries: 4 })
        .expect(200)
    ).body;
    await t.as('demo').put(`/batch/${batch.id}/suspended`).send({ suspended: true }).expect(204);
    await t.as('demo').put(`/batch/${batch.id}/suspended`).send({ suspended: false }).expect(204);
    await t.as('demo').delete(`/batch/${batch.id}`).expect(204);
    expect(summary(await entries(`?batchId=${batch.id}&sortBy=timestamp&sortOrder=asc`))).toEqual(
      expect.arrayContaining([
        ['SetExternalTaskRetries', 'ExternalTask', 'nrOfInstances', null, '1'],
        ['SetExternalTaskRetries', 'ExternalTask', 'async', null, 'true'],
        ['SetExternalTaskRetries', 'ExternalTask', 'retries', null, '4'],
        ['SuspendBatch', 'Batch', 'suspensionState', null, 'suspended'],
        ['ActivateBatch', 'Batch', 'suspensionState', null, 'active'],
        ['Delete', 'Batch', 'cascadeToHistory', null, 'false'],
      ]),
    );
    expect(await count(`?batchId=${batch.id}`)).toBe(6);
    expect(await count('?entityTypeIn=Batch,Deployment&categoryIn=Operator')).toBe(5);
    expect(await count('?operationType=Create&entityType=ProcessInstance')).toBe(2);
    expect(await count('?category=TaskWorker')).toBeGreaterThanOrEqual(11);
  });

  it('filters by user and time and sorts by timestamp only', async () => {
    const all = await entries('?sortBy=timestamp&sortOrder=desc');
    expect(all.length).toBe(await count());
    const times = all.map((e: any) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await count('?userId=mary')).toBe(0);
    expect(await count('?afterTimestamp=2999-01-01T00:00:00.000%2B0000')).toBe(0);
    expect(await count('?beforeTimestamp=2999-01-01T00:00:00.000%2B0000')).toBe(all.length);
    expect(await count('?caseInstanceId=x')).toBe(0);
    await t.as('demo').get('/history/user-operation?sortBy=operationType&sortOrder=asc').expect(400);
    await t.as('demo').post('/history/user-operation').send({}).expect(404);
  });

  it('annotates an operation, clears it, and deletes an entry: each logged itself', async () => {
    const [claim] = await entries('?operationType=Claim');
    await t
      .as('demo')
      .put(`/history/user-operation/${claim.operationId}/set-annotation`)
      .send({ annotation: 'by mistake' })
      .expect(204);
    expect((await entries(`?operationId=${claim.operationId}`)).map((e: any) => e.annotation)).toEqual(['by mistake']);
    await t.as('demo').put(`/history/user-operation/${claim.operationId}/clear-annotation`).expect(204);
    expect((await entries(`?operationId=${claim.operationId}`)).map((e: any) => e.annotation)).toEqual([null]);
    expect(summary(await entries('?entityType=OperationLog&sortBy=timestamp&sortOrder=asc'))).toEqual([
      ['SetAnnotation', 'OperationLog', 'operationId', null, claim.operationId],
      ['ClearAnnotation', 'OperationLog', 'operationId', null, claim.operationId],
    ]);
    const unknown = await t
      .as('demo')
      .put('/history/user-operation/nope/set-annotation')
      .send({ annotation: 'x' })
      .expect(400);
    expect(unknown.body).toMatchObject({ type: 'BadUserRequestException' });

    await t.as('demo').delete(`/history/user-operation/${claim.id}`).expect(204);
    expect(await count(`?operationId=${claim.operationId}`)).toBe(0);
    expect(await count('?entityType=OperationLog&operationType=Delete')).toBe(1);
    await t.as('demo').delete('/history/user-operation/nope').expect(204);
  });

  it('shows entries by READ_HISTORY on the definition or READ on the category', async () => {
    expect((await t.as('mary', 'marypw').get('/history/user-operation/count').expect(200)).body.count).toBe(0);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['READ'], userId: 'mary', resourceType: 17, resourceId: 'TaskWorker' })
      .expect(200);
    expect((await t.as('mary', 'marypw').get('/history/user-operation/count').expect(200)).body.count).toBe(
      await count('?category=TaskWorker'),
    );
    const [assign] = await entries('?operationType=Assign');
    await t
      .as('mary', 'marypw')
      .put(`/history/user-operation/${assign.operationId}/set-annotation`)
      .send({ annotation: 'x' })
      .expect(403);
  });

  it('goes with its root instance in the history cleanup', async () => {
    const quick = (await t.as('demo').post('/process-definition/key/quick/start').send({}).expect(200)).body.id;
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${quick}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/claim`).send({ userId: 'demo' }).expect(204);
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await count(`?processInstanceId=${quick}`)).toBe(3);
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${quick}`)).toBe(0);
  });

  it('logs deleting a deployment', async () => {
    const other = (
      await deploy(t, [
        { name: 'again.bpmn', content: PROCESSES.replace(/review/g, 'review2').replace(/quick/g, 'quick2') },
      ]).expect(200)
    ).body.id;
    await t.as('demo').delete(`/deployment/${other}?cascade=true`).expect(204);
    expect(summary(await entries(`?deploymentId=${other}&operationType=Delete`))).toEqual([
      ['Delete', 'Deployment', 'cascade', null, 'true'],
    ]);
  });
});

describe(`user operation log without an authenticated user or below level full (${databaseLabel()})`, () => {
  it('writes nothing when authentication is off', async () => {
    const t = await createTestApp({ authEnabled: false });
    try {
      await deploy(t, [{ name: 'oplog.bpmn', content: PROCESSES }]).expect(200);
      expect((await t.api().get('/engine-rest/history/user-operation/count').expect(200)).body.count).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('writes nothing at history level audit', async () => {
    const t = await createTestApp({ historyLevel: 'audit' });
    try {
      await deploy(t, [{ name: 'oplog.bpmn', content: PROCESSES }]).expect(200);
      expect((await t.as('demo').get('/history/user-operation/count').expect(200)).body.count).toBe(0);
    } finally {
      await t.close();
    }
  });
});
