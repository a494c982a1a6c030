import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs" targetNamespace="http://example.com">
  <bpmn:process id="approval" name="Approval" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Approve" />
    <bpmn:userTask id="Approve" name="Approve" camunda:assignee="anna" camunda:candidateGroups="sales" camunda:candidateUsers="mary" />
    <bpmn:sequenceFlow id="f2" sourceRef="Approve" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`task operations (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const start = async () => {
    const pi = (await demo().post('/process-definition/key/approval/start').send({}).expect(200)).body;
    return (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body[0];
  };
  const task = async (id: string) => (await demo().get(`/task/${id}`).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'approval.bpmn', content: MODEL }]).expect(200);
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'bob' }, credentials: { password: 'bob' } })
      .expect(204);
  });
  afterAll(() => t.close());

  describe('identity links', () => {
    it('lists candidates, then assignee and owner as links of their type, optionally of one type', async () => {
      const approve = await start();
      const links = (await demo().get(`/task/${approve.id}/identity-links`).expect(200)).body;
      expect(links).toEqual(
        expect.arrayContaining([
          { userId: 'mary', groupId: null, type: 'candidate' },
          { userId: null, groupId: 'sales', type: 'candidate' },
          { userId: 'anna', groupId: null, type: 'assignee' },
        ]),
      );
      expect(links).toHaveLength(3);
      expect(links[2]).toEqual({ userId: 'anna', groupId: null, type: 'assignee' });
      expect((await demo().get(`/task/${approve.id}/identity-links?type=assignee`).expect(200)).body).toEqual([
        { userId: 'anna', groupId: null, type: 'assignee' },
      ]);
      expect((await demo().get(`/task/${approve.id}/identity-links?type=owner`).expect(200)).body).toEqual([]);
    });

    it('adds and deletes candidate links, and sets or clears assignee and owner through links', async () => {
      const approve = await start();
      await demo()
        .post(`/task/${approve.id}/identity-links`)
        .send({ groupId: 'accounting', type: 'candidate' })
        .expect(204);
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'zoe', type: 'watcher' }).expect(204);
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'olga', type: 'owner' }).expect(204);
      expect((await task(approve.id)).owner).toBe('olga');
      const ids = (await demo().get('/task?candidateGroup=accounting&includeAssignedTasks=true').expect(200)).body.map(
        (x: any) => x.id,
      );
      expect(ids).toEqual([approve.id]);
      expect((await demo().get(`/task/${approve.id}/identity-links?type=watcher`).expect(200)).body).toEqual([
        { userId: 'zoe', groupId: null, type: 'watcher' },
      ]);
      expect((await demo().get(`/task/${approve.id}/identity-links?type=owner`).expect(200)).body).toEqual([
        { userId: 'olga', groupId: null, type: 'owner' },
      ]);

      await demo()
        .post(`/task/${approve.id}/identity-links/delete`)
        .send({ groupId: 'accounting', type: 'candidate' })
        .expect(204);
      await demo()
        .post(`/task/${approve.id}/identity-links/delete`)
        .send({ userId: 'anna', type: 'assignee' })
        .expect(204);
      const after = (await demo().get(`/task/${approve.id}/identity-links`).expect(200)).body;
      expect(after).toHaveLength(4);
      expect(after).not.toContainEqual(expect.objectContaining({ groupId: 'accounting' }));
      expect(after).not.toContainEqual(expect.objectContaining({ type: 'assignee' }));
      expect((await task(approve.id)).assignee).toBeNull();
    });

    it('refuses wrong bodies with Camunda messages and unknown tasks with 404', async () => {
      const approve = await start();
      const both = await demo()
        .post(`/task/${approve.id}/identity-links`)
        .send({ userId: 'a', groupId: 'b', type: 'candidate' })
        .expect(400);
      expect(both.body).toEqual({
        type: 'InvalidRequestException',
        message: 'Identity Link requires userId or groupId, but not both.',
        code: null,
      });
      const none = await demo()
        .post(`/task/${approve.id}/identity-links/delete`)
        .send({ type: 'candidate' })
        .expect(400);
      expect(none.body).toEqual({
        type: 'InvalidRequestException',
        message: 'Identity Link requires userId or groupId.',
        code: null,
      });
      const noType = await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'a' }).expect(400);
      expect(noType.body).toMatchObject({
        type: 'NullValueException',
        message: 'type is required when adding a new task identity link: type is null',
      });
      const groupAssignee = await demo()
        .post(`/task/${approve.id}/identity-links`)
        .send({ groupId: 'g', type: 'assignee' })
        .expect(400);
      expect(groupAssignee.body.message).toBe("Incompatible usage: cannot use type 'assignee' together with a groupId");
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 5, type: 'candidate' }).expect(204);

      const unknown = await demo().get('/task/nope/identity-links').expect(404);
      expect(unknown.body).toEqual({
        type: 'NotFoundException',
        message: 'Cannot find task with id nope: task is null',
        code: 0,
      });
      await demo().post('/task/nope/identity-links').send({ userId: 'a', type: 'candidate' }).expect(404);
      await demo().post('/task/nope/identity-links/delete').send({ userId: 'a', type: 'candidate' }).expect(404);
    });

    it('needs READ to list and TASK_ASSIGN or UPDATE to change links', async () => {
      const approve = await start();
      const bob = t.as('bob', 'bob');
      const denied = await bob.get(`/task/${approve.id}/identity-links`).expect(403);
      expect(denied.body).toMatchObject({ type: 'AuthorizationException', userId: 'bob' });
      const grant = (
        await demo()
          .post('/authorization/create')
          .send({ type: 1, userId: 'bob', resourceType: 7, resourceId: approve.id, permissions: ['READ'] })
          .expect(200)
      ).body;
      await bob.get(`/task/${approve.id}/identity-links`).expect(200);
      const refused = await bob
        .post(`/task/${approve.id}/identity-links`)
        .send({ userId: 'bob', type: 'candidate' })
        .expect(403);
      expect(refused.body.missingAuthorizations).toEqual(
        expect.arrayContaining([{ permissionName: 'TASK_ASSIGN', resourceName: 'Task', resourceId: approve.id }]),
      );
      await demo()
        .put(`/authorization/${grant.id}`)
        .send({ ...grant, permissions: ['READ', 'TASK_ASSIGN'] })
        .expect(204);
      await bob.post(`/task/${approve.id}/identity-links`).send({ userId: 'bob', type: 'candidate' }).expect(204);
      await bob
        .post(`/task/${approve.id}/identity-links/delete`)
        .send({ userId: 'bob', type: 'candidate' })
        .expect(204);
    });
  });
  describe('delegation', () => {
    it('delegates: the assignee becomes the owner, the delegate the assignee, PENDING; resolve gives it back', async () => {
      const approve = await start();
      await demo().post(`/task/${approve.id}/delegate`).send({ userId: 'dave' }).expect(204);
      const delegated = await task(approve.id);
      expect(delegated).toMatchObject({ owner: 'anna', assignee: 'dave', delegationState: 'PENDING' });
      expect(delegated.lastUpdated).not.toBeNull();
      expect(
        (await demo().get(`/task?delegationState=PENDING&processInstanceId=${approve.processInstanceId}`).expect(200))
          .body,
      ).toHaveLength(1);
      expect(
        (await demo().get(`/task?delegationState=resolved&processInstanceId=${approve.processInstanceId}`).expect(200))
          .body,
      ).toHaveLength(0);

      const badState = await demo().get('/task?delegationState=later').expect(400);
      expect(badState.body.message).toBe(
        "Cannot set query parameter 'delegationState' to value 'later': Valid values for property 'delegationState' are 'PENDING' or 'RESOLVED', but was 'later'",
      );

      // delegating again keeps the owner
      await demo().post(`/task/${approve.id}/delegate`).send({ userId: 'erin' }).expect(204);
      expect(await task(approve.id)).toMatchObject({ owner: 'anna', assignee: 'erin', delegationState: 'PENDING' });

      await demo()
        .post(`/task/${approve.id}/resolve`)
        .send({ variables: { verdict: { value: 'ok' } } })
        .expect(204);
      expect(await task(approve.id)).toMatchObject({ owner: 'anna', assignee: 'anna', delegationState: 'RESOLVED' });
      expect(
        (await demo().get(`/process-instance/${approve.processInstanceId}/variables/verdict`).expect(200)).body.value,
      ).toBe('ok');
      const history = (
        await demo()
          .get(`/history/activity-instance?processInstanceId=${approve.processInstanceId}&activityId=Approve`)
          .expect(200)
      ).body;
      expect(history[0].assignee).toBe('anna');
      expect(
        (
          await demo()
            .post('/task/count')
            .send({ delegationState: 'RESOLVED', processInstanceId: approve.processInstanceId })
            .expect(200)
        ).body,
      ).toEqual({
        count: 1,
      });

      // as in Camunda, a delegated task may be completed, and resolving does not look at the state
      await demo().post(`/task/${approve.id}/delegate`).send({ userId: 'dave' }).expect(204);
      await demo().post(`/task/${approve.id}/complete`).send({}).expect(204);
      const other = await start();
      await demo().post(`/task/${other.id}/resolve`).send({}).expect(204);
      expect(await task(other.id)).toMatchObject({ owner: null, assignee: null, delegationState: 'RESOLVED' });
    });

    it('answers unknown tasks with 404, bad variables with 400 and missing permissions with 403', async () => {
      const approve = await start();
      const unknown = await demo().post('/task/nope/delegate').send({ userId: 'x' }).expect(404);
      expect(unknown.body).toEqual({
        type: 'NotFoundException',
        message: 'Cannot find task with id nope: task is null',
        code: 0,
      });
      await demo().post('/task/nope/resolve').send({}).expect(404);
      const bad = await demo()
        .post(`/task/${approve.id}/resolve`)
        .send({ variables: { x: { value: 'y', type: 'Integer' } } })
        .expect(400);
      expect(bad.body.message).toBe(
        `Cannot resolve task ${approve.id}: Cannot convert value 'y' of type 'Integer' to java type java.lang.Integer`,
      );
      const wrongBody = await demo()
        .post(`/task/${approve.id}/delegate`)
        .send({ userId: { a: 1 } })
        .expect(400);
      expect(wrongBody.body.type).toBe('InvalidRequestException');

      await demo()
        .post('/user/create')
        .send({ profile: { id: 'carl' }, credentials: { password: 'carl' } })
        .expect(204);
      const carl = t.as('carl', 'carl');
      const denied = await carl.post(`/task/${approve.id}/delegate`).send({ userId: 'carl' }).expect(403);
      expect(denied.body.type).toBe('AuthorizationException');
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'carl', resourceType: 7, resourceId: approve.id, permissions: ['TASK_ASSIGN'] })
        .expect(200);
      // delegating to somebody else: carl himself holds TASK_ASSIGN only (a delegate of his own would get Camunda's
      // default grant)
      await carl.post(`/task/${approve.id}/delegate`).send({ userId: 'dora' }).expect(204);
      const resolveDenied = await carl.post(`/task/${approve.id}/resolve`).send({}).expect(403);
      expect(resolveDenied.body.missingAuthorizations).toEqual(
        expect.arrayContaining([{ permissionName: 'TASK_WORK', resourceName: 'Task', resourceId: approve.id }]),
      );
    });
  });
  describe('update', () => {
    it('replaces the fields Camunda writes; absent ones become null, priority 0', async () => {
      const approve = await start();
      const body = {
        name: 'Approve order',
        description: 'Check the order',
        priority: 80,
        assignee: 'dave',
        owner: 'olga',
        delegationState: 'pending',
        due: '2030-01-02T03:04:05.000+0000',
        followUp: '2030-01-01T00:00:00.000+0100',
        created: 'ignored',
      };
      await demo().put(`/task/${approve.id}`).send(body).expect(204);
      expect(await task(approve.id)).toMatchObject({
        name: 'Approve order',
        description: 'Check the order',
        priority: 80,
        assignee: 'dave',
        owner: 'olga',
        delegationState: 'PENDING',
        due: '2030-01-02T03:04:05.000+0000',
        followUp: '2029-12-31T23:00:00.000+0000',
        created: approve.created,
        processInstanceId: approve.processInstanceId,
        taskDefinitionKey: 'Approve',
      });
      const history = (
        await demo()
          .get(`/history/activity-instance?processInstanceId=${approve.processInstanceId}&activityId=Approve`)
          .expect(200)
      ).body;
      expect(history[0].assignee).toBe('dave');

      await demo().put(`/task/${approve.id}`).send({ name: 'Only a name' }).expect(204);
      expect(await task(approve.id)).toMatchObject({
        name: 'Only a name',
        description: null,
        priority: 0,
        assignee: null,
        owner: null,
        delegationState: null,
        due: null,
        followUp: null,
      });
    });

    it('refuses unknown tasks, wrong bodies, other tenants and callers without TASK_ASSIGN', async () => {
      const approve = await start();
      const unknown = await demo().put('/task/nope').send({ name: 'x' }).expect(404);
      expect(unknown.body).toEqual({
        type: 'InvalidRequestException',
        message: 'No matching task with id nope',
        code: null,
      });
      const state = await demo().put(`/task/${approve.id}`).send({ delegationState: 'done' }).expect(400);
      expect(state.body).toEqual({
        type: 'InvalidRequestException',
        message: "Valid values for property 'delegationState' are 'PENDING' or 'RESOLVED', but was 'done'",
        code: null,
      });
      await demo().put(`/task/${approve.id}`).send({ priority: 'high' }).expect(400);
      await demo().put(`/task/${approve.id}`).send({ due: 'tomorrow' }).expect(400);
      const tenant = await demo().put(`/task/${approve.id}`).send({ tenantId: 'acme' }).expect(400);
      expect(tenant.body).toMatchObject({
        type: 'ProcessEngineException',
        message: `ENGINE-03072 Cannot change tenantId of Task '${approve.id}'. Current tenant id 'null', Tenant id to set 'acme'`,
      });
      await demo()
        .post('/user/create')
        .send({ profile: { id: 'uma' }, credentials: { password: 'uma' } })
        .expect(204);
      const denied = await t.as('uma', 'uma').put(`/task/${approve.id}`).send({ name: 'mine' }).expect(403);
      expect(denied.body.missingAuthorizations).toEqual(
        expect.arrayContaining([{ permissionName: 'UPDATE', resourceName: 'Task', resourceId: approve.id }]),
      );
      expect((await task(approve.id)).name).toBe('Approve');
    });
  });

  describe('standalone tasks', () => {
    it('creates a task without process, lists it, completes or deletes it with its subtasks', async () => {
      await demo()
        .post('/task/create')
        .send({
          id: 'todo-1',
          name: 'Call the bank',
          assignee: 'anna',
          priority: 10,
          due: '2031-05-06T07:08:09.000+0000',
          tenantId: 'acme',
        })
        .expect(204);
      const created = await task('todo-1');
      expect(created).toMatchObject({
        id: 'todo-1',
        name: 'Call the bank',
        assignee: 'anna',
        priority: 10,
        due: '2031-05-06T07:08:09.000+0000',
        executionId: null,
        processInstanceId: null,
        processDefinitionId: null,
        taskDefinitionKey: null,
        tenantId: 'acme',
        suspended: false,
      });
      expect(created.created).toMatch(/\+0000$/);
      expect(
        (await demo().get('/task?withoutTenantId=false&tenantIdIn=acme').expect(200)).body.map((x: any) => x.id),
      ).toEqual(['todo-1']);
      expect((await demo().get('/task?assignee=anna&name=Call%20the%20bank').expect(200)).body).toHaveLength(1);

      // a subtask takes its parent's tenant; a generated id when none is given
      await demo().post('/task/create').send({ name: 'Find the number', parentTaskId: 'todo-1' }).expect(204);
      const [sub] = (await demo().get('/task?parentTaskId=todo-1').expect(200)).body;
      expect(sub).toMatchObject({ name: 'Find the number', tenantId: 'acme', priority: 0 });
      await demo().post(`/task/${sub.id}/identity-links`).send({ groupId: 'office', type: 'candidate' }).expect(204);

      const duplicate = await demo().post('/task/create').send({ id: 'todo-1' }).expect(409);
      expect(duplicate.body.type).toBe('ProcessEnginePersistenceException');

      await demo().delete('/task/todo-1').expect(204);
      await demo().get('/task/todo-1').expect(404);
      await demo().get(`/task/${sub.id}`).expect(404);

      await demo().post('/task/create').send({ id: 'todo-2', name: 'Done soon' }).expect(204);
      await demo().post('/task/todo-2/complete').send({}).expect(204);
      await demo().get('/task/todo-2').expect(404);
    });

    it('refuses to delete process tasks and unknown ones, bad parents, and callers without CREATE or DELETE', async () => {
      const approve = await start();
      const processTask = await demo().delete(`/task/${approve.id}`).expect(400);
      expect(processTask.body).toEqual({
        type: 'ProcessEngineException',
        message: 'The task cannot be deleted because is part of a running process',
        code: 0,
      });
      await task(approve.id);
      const unknown = await demo().delete('/task/nope').expect(404);
      expect(unknown.body).toEqual({
        type: 'InvalidRequestException',
        message: 'No matching task with id nope',
        code: null,
      });

      const orphan = await demo().post('/task/create').send({ name: 'x', parentTaskId: 'missing' }).expect(400);
      expect(orphan.body).toEqual({
        type: 'InvalidRequestException',
        message: "Could not save task: Parent task with id 'missing' does not exist: parentTask is null",
        code: null,
      });
      await demo().post('/task/create').send({ name: 5, priority: 'x' }).expect(400);

      await demo()
        .post('/user/create')
        .send({ profile: { id: 'vic' }, credentials: { password: 'vic' } })
        .expect(204);
      const vic = t.as('vic', 'vic');
      const noCreate = await vic.post('/task/create').send({ id: 'vic-1' }).expect(403);
      expect(noCreate.body).toMatchObject({
        type: 'AuthorizationException',
        permissionName: 'CREATE',
        resourceName: 'Task',
      });
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'vic', resourceType: 7, resourceId: '*', permissions: ['CREATE'] })
        .expect(200);
      await vic.post('/task/create').send({ id: 'vic-1' }).expect(204);
      const noDelete = await vic.delete('/task/vic-1').expect(403);
      expect(noDelete.body).toMatchObject({
        type: 'AuthorizationException',
        permissionName: 'DELETE',
        resourceId: 'vic-1',
      });
    });
  });
  describe('process definitions', () => {
    it('reads startableInTasklist from camunda:isStartableInTasklist (default true)', async () => {
      const hidden = MODEL.replace(
        'id="approval" name="Approval" isExecutable="true"',
        'id="hidden" name="Hidden" isExecutable="true" camunda:isStartableInTasklist="false"',
      );
      await deploy(t, [{ name: 'hidden.bpmn', content: hidden }]).expect(200);
      expect((await demo().get('/process-definition/key/hidden').expect(200)).body.startableInTasklist).toBe(false);
      expect((await demo().get('/process-definition/key/approval').expect(200)).body.startableInTasklist).toBe(true);
      expect(
        (await demo().get('/process-definition?notStartableInTasklist=true').expect(200)).body.map((d: any) => d.key),
      ).toEqual(['hidden']);
      expect(
        (await demo().get('/process-definition?startableInTasklist=true').expect(200)).body.map((d: any) => d.key),
      ).toEqual(['approval']);
    });
  });
  describe('comments', () => {
    it('creates comments as the caller, lists them and reads one, also after the task completed', async () => {
      const approve = await start();
      const created = await demo()
        .post(`/task/${approve.id}/comment/create`)
        .send({ message: 'Looks   fine\nto me' })
        .expect(200);
      expect(created.body).toEqual({
        links: [
          {
            method: 'GET',
            href: expect.stringMatching(new RegExp(`/engine-rest/task/${approve.id}/comment/${created.body.id}$`)),
            rel: 'self',
          },
        ],
        id: expect.any(String),
        userId: 'demo',
        time: expect.stringMatching(/\.\d{3}\+0000$/),
        taskId: approve.id,
        processInstanceId: approve.processInstanceId,
        message: 'Looks   fine\nto me',
        removalTime: null,
        rootProcessInstanceId: approve.processInstanceId,
      });
      await demo().post(`/task/${approve.id}/comment/create`).send({ message: 'Second' }).expect(200);
      const list = (await demo().get(`/task/${approve.id}/comment`).expect(200)).body;
      expect(list.map((c: any) => c.message)).toEqual(['Second', 'Looks   fine\nto me']);
      expect(list[1]).toEqual({ ...created.body, links: [] });
      expect((await demo().get(`/task/${approve.id}/comment/${created.body.id}`).expect(200)).body).toEqual({
        ...created.body,
        links: [],
      });

      await demo().post(`/task/${approve.id}/complete`).send({}).expect(204);
      expect((await demo().get(`/task/${approve.id}/comment`).expect(200)).body).toHaveLength(2);

      await demo().post('/task/create').send({ id: 'note-task' }).expect(204);
      const standalone = await demo().post('/task/note-task/comment/create').send({ message: 'alone' }).expect(200);
      expect(standalone.body).toMatchObject({
        taskId: 'note-task',
        processInstanceId: null,
        rootProcessInstanceId: null,
      });
    });

    it('deletes the comments of a process with its deployment (cascade)', async () => {
      const model = MODEL.replace('id="approval" name="Approval"', 'id="doomed" name="Doomed"');
      const deployment = (await deploy(t, [{ name: 'doomed.bpmn', content: model }]).expect(200)).body;
      const ids: string[] = [];
      for (const finish of [true, false]) {
        const pi = (await demo().post('/process-definition/key/doomed/start').send({}).expect(200)).body;
        const [doomed] = (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
        await demo().post(`/task/${doomed.id}/comment/create`).send({ message: 'bye' }).expect(200);
        if (finish) await demo().post(`/task/${doomed.id}/complete`).send({}).expect(204);
        ids.push(doomed.id);
      }
      await demo().get(`/task/${ids[0]}/comment`).expect(200);
      await demo().delete(`/deployment/${deployment.id}?cascade=true`).expect(204);
      for (const id of ids) await demo().get(`/task/${id}/comment`).expect(404);
    });

    it('answers unknown tasks and comments, missing messages and missing permissions as Camunda does', async () => {
      const approve = await start();
      const list = await demo().get('/task/nope/comment').expect(404);
      expect(list.body).toEqual({
        type: 'InvalidRequestException',
        message: 'No task found for task id nope',
        code: null,
      });
      const create = await demo().post('/task/nope/comment/create').send({ message: 'x' }).expect(400);
      expect(create.body).toMatchObject({ type: 'InvalidRequestException', message: 'No task found for task id nope' });
      const one = await demo().get(`/task/${approve.id}/comment/nope`).expect(404);
      expect(one.body).toEqual({
        type: 'InvalidRequestException',
        message: `Task comment with id nope does not exist for task id '${approve.id}'.`,
        code: null,
      });
      const noMessage = await demo().post(`/task/${approve.id}/comment/create`).send({}).expect(400);
      expect(noMessage.body).toEqual({
        type: 'InvalidRequestException',
        message: 'Not enough parameters submitted',
        code: null,
      });
      await demo()
        .post(`/task/${approve.id}/comment/create`)
        .send({ message: 'x', processInstanceId: 'nope' })
        .expect(400);

      await demo()
        .post('/user/create')
        .send({ profile: { id: 'wes' }, credentials: { password: 'wes' } })
        .expect(204);
      const wes = t.as('wes', 'wes');
      await wes.get(`/task/${approve.id}/comment`).expect(403);
      const denied = await wes.post(`/task/${approve.id}/comment/create`).send({ message: 'hi' }).expect(403);
      expect(denied.body.type).toBe('AuthorizationException');
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: approve.id, permissions: ['READ', 'TASK_WORK'] })
        .expect(200);
      const mine = (await wes.post(`/task/${approve.id}/comment/create`).send({ message: 'hi' }).expect(200)).body;
      expect(mine.userId).toBe('wes');
      expect((await wes.get(`/task/${approve.id}/comment`).expect(200)).body).toHaveLength(1);
    });
  });
  it('has no comments without history: an empty list, 403 on create, 404 on one', async () => {
    const quiet = await createTestApp({ historyLevel: 'none' });
    try {
      await deploy(quiet, [{ name: 'approval.bpmn', content: MODEL }]).expect(200);
      const pi = (await quiet.as('demo').post('/process-definition/key/approval/start').send({}).expect(200)).body;
      const [approve] = (await quiet.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
      expect((await quiet.as('demo').get(`/task/${approve.id}/comment`).expect(200)).body).toEqual([]);
      const create = await quiet
        .as('demo')
        .post(`/task/${approve.id}/comment/create`)
        .send({ message: 'x' })
        .expect(403);
      expect(create.body).toEqual({ type: 'InvalidRequestException', message: 'History is not enabled', code: null });
      await quiet.as('demo').get(`/task/${approve.id}/comment/any`).expect(404);
    } finally {
      await quiet.close();
    }
  });
});
