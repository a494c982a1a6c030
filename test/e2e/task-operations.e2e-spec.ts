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
      await demo().post(`/task/${approve.id}/identity-links`).send({ groupId: 'accounting', type: 'candidate' }).expect(204);
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'zoe', type: 'watcher' }).expect(204);
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'olga', type: 'owner' }).expect(204);
      expect((await task(approve.id)).owner).toBe('olga');
      const ids = (await demo().get('/task?candidateGroup=accounting&includeAssignedTasks=true').expect(200)).body.map((x: any) => x.id);
      expect(ids).toEqual([approve.id]);
      expect((await demo().get(`/task/${approve.id}/identity-links?type=watcher`).expect(200)).body).toEqual([
        { userId: 'zoe', groupId: null, type: 'watcher' },
      ]);
      expect((await demo().get(`/task/${approve.id}/identity-links?type=owner`).expect(200)).body).toEqual([{ userId: 'olga', groupId: null, type: 'owner' }]);

      await demo().post(`/task/${approve.id}/identity-links/delete`).send({ groupId: 'accounting', type: 'candidate' }).expect(204);
      await demo().post(`/task/${approve.id}/identity-links/delete`).send({ userId: 'anna', type: 'assignee' }).expect(204);
      const after = (await demo().get(`/task/${approve.id}/identity-links`).expect(200)).body;
      expect(after).toHaveLength(4);
      expect(after).not.toContainEqual(expect.objectContaining({ groupId: 'accounting' }));
      expect(after).not.toContainEqual(expect.objectContaining({ type: 'assignee' }));
      expect((await task(approve.id)).assignee).toBeNull();
    });

    it('refuses wrong bodies with Camunda messages and unknown tasks with 404', async () => {
      const approve = await start();
      const both = await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'a', groupId: 'b', type: 'candidate' }).expect(400);
      expect(both.body).toEqual({ type: 'InvalidRequestException', message: 'Identity Link requires userId or groupId, but not both.', code: null });
      const none = await demo().post(`/task/${approve.id}/identity-links/delete`).send({ type: 'candidate' }).expect(400);
      expect(none.body).toEqual({ type: 'InvalidRequestException', message: 'Identity Link requires userId or groupId.', code: null });
      const noType = await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 'a' }).expect(400);
      expect(noType.body).toMatchObject({ type: 'NullValueException', message: 'type is required when adding a new task identity link: type is null' });
      const groupAssignee = await demo().post(`/task/${approve.id}/identity-links`).send({ groupId: 'g', type: 'assignee' }).expect(400);
      expect(groupAssignee.body.message).toBe("Incompatible usage: cannot use type 'assignee' together with a groupId");
      await demo().post(`/task/${approve.id}/identity-links`).send({ userId: 5, type: 'candidate' }).expect(204);

      const unknown = await demo().get('/task/nope/identity-links').expect(404);
      expect(unknown.body).toEqual({ type: 'NotFoundException', message: 'Cannot find task with id nope: task is null', code: 0 });
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
      const refused = await bob.post(`/task/${approve.id}/identity-links`).send({ userId: 'bob', type: 'candidate' }).expect(403);
      expect(refused.body.missingAuthorizations).toEqual(
        expect.arrayContaining([{ permissionName: 'TASK_ASSIGN', resourceName: 'Task', resourceId: approve.id }]),
      );
      await demo()
        .put(`/authorization/${grant.id}`)
        .send({ ...grant, permissions: ['READ', 'TASK_ASSIGN'] })
        .expect(204);
      await bob.post(`/task/${approve.id}/identity-links`).send({ userId: 'bob', type: 'candidate' }).expect(204);
      await bob.post(`/task/${approve.id}/identity-links/delete`).send({ userId: 'bob', type: 'candidate' }).expect(204);
    });
  });
});
