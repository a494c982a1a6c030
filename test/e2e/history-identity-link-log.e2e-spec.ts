import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const PROCESS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_links" targetNamespace="http://example.org/links">
  <bpmn:process id="links" isExecutable="true" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Check" />
    <bpmn:userTask id="Check" name="Check" camunda:candidateGroups="clerks" />
    <bpmn:sequenceFlow id="F2" sourceRef="Check" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic identity link log and deleting historic process instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let definitionId: string;
  const start = async () => (await t.as('demo').post('/process-definition/key/links/start').send({}).expect(200)).body;
  const taskOf = async (pi: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${pi}`).expect(200)).body[0] as { id: string };
  const logs = async (query = '', user = 'demo', password = user) =>
    (await t.as(user, password).get(`/history/identity-link-log${query}`).expect(200)).body;
  const count = async (query = '', user = 'demo', password = user) =>
    (await t.as(user, password).get(`/history/identity-link-log/count${query}`).expect(200)).body.count;
  const summary = (rows: any[]) => rows.map((r) => [r.operationType, r.type, r.userId ?? r.groupId]);

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [{ name: 'links.bpmn', content: PROCESS }]).expect(200);
    definitionId = (await t.as('demo').get('/process-definition/key/links').expect(200)).body.id;
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'mary' }, credentials: { password: 'marypw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // HistoricIdentityLinkLogTest#testShouldAddTaskCandidateforAddIdentityLink, #testShouldAddDelegateTaskCandidateforAddIdentityLink
  it('logs the candidates of the model, a claim, a new assignee and a removed candidate in order', async () => {
    const pi = await start();
    const task = await taskOf(pi.id);
    await t.as('demo').post(`/task/${task.id}/claim`).send({ userId: 'mary' }).expect(204);
    await t.as('demo').post(`/task/${task.id}/assignee`).send({ userId: 'peter' }).expect(204);
    await t
      .as('demo')
      .post(`/task/${task.id}/identity-links/delete`)
      .send({ groupId: 'clerks', type: 'candidate' })
      .expect(204);
    const rows = await logs(`?taskId=${task.id}&sortBy=time&sortOrder=asc`);
    expect(summary(rows)).toEqual([
      ['add', 'candidate', 'clerks'],
      ['add', 'assignee', 'mary'],
      ['delete', 'assignee', 'mary'],
      ['add', 'assignee', 'peter'],
      ['delete', 'candidate', 'clerks'],
    ]);
    expect(rows[1]).toEqual({
      id: expect.any(String),
      time: expect.stringMatching(/\+0000$/),
      type: 'assignee',
      userId: 'mary',
      groupId: null,
      taskId: task.id,
      processDefinitionId: definitionId,
      processDefinitionKey: 'links',
      operationType: 'add',
      assignerId: 'demo',
      tenantId: null,
      removalTime: null,
      rootProcessInstanceId: pi.id,
    });
    expect(rows[0].rootProcessInstanceId).toBe(pi.id);
    expect(await count(`?taskId=${task.id}&operationType=delete`)).toBe(2);
    expect(await count(`?taskId=${task.id}&type=assignee&userId=peter`)).toBe(1);
    expect(await count(`?taskId=${task.id}&groupId=clerks`)).toBe(2);
    expect(await count(`?taskId=${task.id}&assignerId=demo`)).toBe(5);
    expect(await count(`?processDefinitionKey=links&taskId=${task.id}`)).toBe(5);
    expect(await count(`?processDefinitionId=${definitionId}&taskId=${task.id}`)).toBe(5);
    expect(await count(`?taskId=${task.id}&withoutTenantId=true`)).toBe(5);
    expect(await count(`?taskId=${task.id}&dateAfter=2999-01-01T00:00:00.000%2B0000`)).toBe(0);
    expect(await count(`?taskId=${task.id}&dateBefore=2999-01-01T00:00:00.000%2B0000`)).toBe(5);
    const page = await logs(`?taskId=${task.id}&sortBy=time&sortOrder=asc&firstResult=1&maxResults=2`);
    expect(page.map((r: any) => r.id)).toEqual([rows[1].id, rows[2].id]);
  });

  // HistoricIdentityLinkLogTest#testShouldAddIdentityLinkForTaskCreationWithAssigneeAndOwner
  it('logs the assignee and owner of a standalone task and a changed owner', async () => {
    await t.as('demo').post('/task/create').send({ id: 'solo', assignee: 'mary', owner: 'peter' }).expect(204);
    await t.as('demo').post('/task/solo/identity-links').send({ userId: 'mary', type: 'owner' }).expect(204);
    expect(summary(await logs('?taskId=solo&sortBy=time&sortOrder=asc'))).toEqual(
      expect.arrayContaining([
        ['add', 'assignee', 'mary'],
        ['add', 'owner', 'peter'],
        ['delete', 'owner', 'peter'],
        ['add', 'owner', 'mary'],
      ]),
    );
    const [row] = await logs('?taskId=solo&type=owner&operationType=add&userId=mary');
    expect(row).toMatchObject({ processDefinitionId: null, processDefinitionKey: null, rootProcessInstanceId: null });
  });

  it('rejects an unknown sort key and a bad date as Camunda does', async () => {
    const sort = await t.as('demo').get('/history/identity-link-log?sortBy=nope&sortOrder=asc').expect(400);
    expect(sort.body.type).toBe('InvalidRequestException');
    const date = await t.as('demo').get('/history/identity-link-log?dateBefore=yesterday').expect(400);
    expect(date.body.type).toBe('InvalidRequestException');
  });

  // HistoricIdentityLinkLogAuthorizationTest: READ_HISTORY on the process definition
  it('shows the links of definitions the caller may read the history of', async () => {
    const pi = await start();
    const task = await taskOf(pi.id);
    expect(await count(`?taskId=${task.id}`, 'mary', 'marypw')).toBe(0);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['READ_HISTORY'], userId: 'mary', resourceType: 6, resourceId: 'links' })
      .expect(200);
    expect(await count(`?taskId=${task.id}`, 'mary', 'marypw')).toBe(1);
  });

  // HistoricProcessInstanceTest#testDeleteHistoricProcessInstance
  it('deletes a finished historic process instance with its identity link log', async () => {
    const pi = await start();
    const task = await taskOf(pi.id);
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await count(`?taskId=${task.id}`)).toBe(1);
    await t.as('demo').delete(`/history/process-instance/${pi.id}`).expect(204);
    await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(404);
    expect(await count(`?taskId=${task.id}`)).toBe(0);
    expect((await t.as('demo').get(`/history/task/count?processInstanceId=${pi.id}`).expect(200)).body.count).toBe(0);
    expect(
      (await t.as('demo').get(`/history/activity-instance/count?processInstanceId=${pi.id}`).expect(200)).body.count,
    ).toBe(0);
    const [op] = (
      await t
        .as('demo')
        .get('/history/user-operation?operationType=DeleteHistory&entityType=ProcessInstance')
        .expect(200)
    ).body;
    expect(op).toMatchObject({ property: expect.stringMatching(/nrOfInstances|async/), category: 'Operator' });
  });

  // HistoricProcessInstanceTest#testDeleteRunningHistoricProcessInstance, #testDeleteNonExistingHistoricProcessInstance
  it('answers 404 for a running or unknown instance, and 204 for an unknown one with failIfNotExists=false', async () => {
    const pi = await start();
    const running = await t.as('demo').delete(`/history/process-instance/${pi.id}`).expect(404);
    expect(running.body).toEqual({
      type: 'InvalidRequestException',
      message: `Historic process instance with id ${pi.id} does not exist`,
      code: null,
    });
    await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200);
    const unknown = await t.as('demo').delete('/history/process-instance/nope').expect(404);
    expect(unknown.body.message).toBe('Historic process instance with id nope does not exist');
    await t.as('demo').delete('/history/process-instance/nope?failIfNotExists=false').expect(204);
  });

  // HistoricProcessInstanceAuthorizationTest#testDeleteHistoricProcessInstanceWithoutAuthorization
  it('needs DELETE_HISTORY on the definition to delete', async () => {
    const pi = await start();
    const task = await taskOf(pi.id);
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'joe' }, credentials: { password: 'joepw' } });
    const denied = await t.as('joe', 'joepw').delete(`/history/process-instance/${pi.id}`).expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    expect(denied.body.message).toContain('DELETE_HISTORY');
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['DELETE_HISTORY'], userId: 'joe', resourceType: 6, resourceId: 'links' })
      .expect(200);
    await t.as('joe', 'joepw').delete(`/history/process-instance/${pi.id}`).expect(204);
  });

  // HistoryServiceTest#testDeleteAllHistoricVariablesAndDetailsOnRunningInstance
  it('deletes the historic variables and details of a running instance', async () => {
    const pi = await start();
    await t.as('demo').put(`/process-instance/${pi.id}/variables/a`).send({ value: 1, type: 'Integer' }).expect(204);
    await t.as('demo').put(`/process-instance/${pi.id}/variables/a`).send({ value: 2, type: 'Integer' }).expect(204);
    await t.as('demo').put(`/process-instance/${pi.id}/variables/b`).send({ value: 'x' }).expect(204);
    const variables = async () =>
      (await t.as('demo').get(`/history/variable-instance/count?processInstanceId=${pi.id}`).expect(200)).body.count;
    const details = async () =>
      (await t.as('demo').get(`/history/detail/count?processInstanceId=${pi.id}`).expect(200)).body.count;
    expect(await variables()).toBe(2);
    expect(await details()).toBe(3);
    await t.as('joe', 'joepw').delete(`/history/process-instance/${pi.id}/variable-instances`).expect(204);
    expect(await variables()).toBe(0);
    expect(await details()).toBe(0);
    await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200);
    const unknown = await t.as('demo').delete('/history/process-instance/nope/variable-instances').expect(404);
    expect(unknown.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No historic process instance found with id: nope: instance is null',
      code: null,
    });
  });

  it('needs DELETE_HISTORY to delete the historic variables of an instance', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ann' }, credentials: { password: 'annpw' } });
    const pi = await start();
    const denied = await t.as('ann', 'annpw').delete(`/history/process-instance/${pi.id}/variable-instances`);
    expect(denied.status).toBe(403);
    expect(denied.body.type).toBe('AuthorizationException');
  });

  // HistoricIdentityLinkLogTest is of history level full: audit logs nothing
  it('logs nothing below history level full', async () => {
    const audit = await createTestApp({ jobExecutorEnabled: false, historyLevel: 'audit' });
    try {
      await deploy(audit, [{ name: 'links.bpmn', content: PROCESS }]).expect(200);
      await audit.as('demo').post('/process-definition/key/links/start').send({}).expect(200);
      expect((await audit.as('demo').get('/history/identity-link-log/count').expect(200)).body.count).toBe(0);
    } finally {
      await audit.close();
    }
  });
});
