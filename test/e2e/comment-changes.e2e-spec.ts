import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs" targetNamespace="http://example.com">
  <bpmn:process id="noted" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Review" />
    <bpmn:userTask id="Review" camunda:assignee="anna" />
    <bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** Translates TaskServiceTest#testUpdateTaskComment..., #testDeleteTaskComment..., #testDeleteProcessInstanceComment... */
describe(`comment update and delete (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const start = async () => {
    const pi = (await demo().post('/process-definition/key/noted/start').send({}).expect(200)).body;
    const [task] = (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    return { pi: pi.id as string, task: task.id as string };
  };
  const comment = async (taskId: string, message: string) =>
    (await demo().post(`/task/${taskId}/comment/create`).send({ message }).expect(200)).body;
  const operations = async (operationType: string, query: string) =>
    (await demo().get(`/history/user-operation?entityType=Comment&operationType=${operationType}&${query}`).expect(200))
      .body;

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'noted.bpmn', content: MODEL }]).expect(200);
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'wes' }, credentials: { password: 'wes' } })
      .expect(204);
  });
  afterAll(() => t.close());

  describe('task comments', () => {
    it('updates a comment: new text, the caller as author, logged as UpdateComment (testUpdateTaskComment)', async () => {
      const { task } = await start();
      const first = await comment(task, 'aMessage');
      await demo().put(`/task/${task}/comment`).send({ id: first.id, message: 'updatedMessage' }).expect(204);
      const [updated] = (await demo().get(`/task/${task}/comment`).expect(200)).body;
      expect(updated).toMatchObject({ id: first.id, message: 'updatedMessage', userId: 'demo', taskId: task });
      const [entry] = await operations('UpdateComment', `taskId=${task}`);
      expect(entry).toMatchObject({
        entityType: 'Comment',
        category: 'TaskWorker',
        property: 'comment',
        orgValue: 'aMessage',
        newValue: 'updatedMessage',
        userId: 'demo',
      });
    });

    it('deletes one comment, then all of a task, each logged as DeleteComment (testDeleteTaskComment, testDeleteTaskComments)', async () => {
      const { task } = await start();
      const [a] = [await comment(task, 'one'), await comment(task, 'two'), await comment(task, 'three')];
      await demo().delete(`/task/${task}/comment/${a.id}`).expect(204);
      expect((await demo().get(`/task/${task}/comment`).expect(200)).body.map((c: any) => c.message)).toEqual([
        'three',
        'two',
      ]);
      // An unknown comment of a known task is no error (Camunda deletes nothing).
      await demo().delete(`/task/${task}/comment/nope`).expect(204);
      await demo().delete(`/task/${task}/comment`).expect(204);
      expect((await demo().get(`/task/${task}/comment`).expect(200)).body).toEqual([]);
      const entries = await operations('DeleteComment', `taskId=${task}`);
      expect(entries).toHaveLength(3);
      expect(entries[0]).toMatchObject({ category: 'TaskWorker', property: 'comment', orgValue: null, newValue: null });
    });

    it("answers Camunda's errors: unknown task 404, unknown comment or missing values 400, ended task 400", async () => {
      const { task } = await start();
      const c = await comment(task, 'x');
      const unknown = await demo().put('/task/nope/comment').send({ id: c.id, message: 'y' }).expect(404);
      expect(unknown.body).toEqual({
        type: 'InvalidRequestException',
        message: 'No task found for task id nope',
        code: null,
      });
      await demo().delete('/task/nope/comment').expect(404);
      await demo().delete('/task/nope/comment/x').expect(404);
      const noComment = await demo().put(`/task/${task}/comment`).send({ id: 'nope', message: 'y' }).expect(400);
      expect(noComment.body).toEqual({
        type: 'InvalidRequestException',
        message: `No comment exists with commentId: nope and taskId: ${task}: comment is null`,
        code: null,
      });
      const noMessage = await demo().put(`/task/${task}/comment`).send({ id: c.id, message: null }).expect(400);
      expect(noMessage.body.message).toBe('message is null');
      const noId = await demo().put(`/task/${task}/comment`).send({ message: 'y' }).expect(400);
      expect(noId.body.message).toBe('commentId is null');

      await demo().post(`/task/${task}/complete`).send({}).expect(204);
      const ended = await demo().delete(`/task/${task}/comment`).expect(400);
      expect(ended.body).toEqual({
        type: 'InvalidRequestException',
        message: `No task exists with taskId: ${task}: task is null`,
        code: null,
      });
      expect((await demo().get(`/task/${task}/comment`).expect(200)).body).toHaveLength(1);
    });

    it('needs TASK_WORK or UPDATE on the task', async () => {
      const { task } = await start();
      const c = await comment(task, 'mine');
      const wes = t.as('wes', 'wes');
      const denied = await wes.put(`/task/${task}/comment`).send({ id: c.id, message: 'theirs' }).expect(403);
      expect(denied.body.type).toBe('AuthorizationException');
      await wes.delete(`/task/${task}/comment/${c.id}`).expect(403);
      await wes.delete(`/task/${task}/comment`).expect(403);
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: task, permissions: ['READ', 'TASK_WORK'] })
        .expect(200);
      await wes.put(`/task/${task}/comment`).send({ id: c.id, message: 'theirs' }).expect(204);
      expect((await wes.get(`/task/${task}/comment/${c.id}`).expect(200)).body).toMatchObject({
        message: 'theirs',
        userId: 'wes',
      });
      await wes.delete(`/task/${task}/comment/${c.id}`).expect(204);
    });
  });

  describe('process instance comments', () => {
    it('lists the comments under an instance, updates and deletes them (testUpdateProcessInstanceComment, testDeleteProcessInstanceComment)', async () => {
      const { pi, task } = await start();
      const a = await comment(task, 'first');
      await comment(task, 'second');
      const list = (await demo().get(`/process-instance/${pi}/comment`).expect(200)).body;
      expect(list.map((c: any) => c.message)).toEqual(['second', 'first']);
      expect(list[1]).toMatchObject({ id: a.id, processInstanceId: pi, taskId: task, links: [] });

      await demo().put(`/process-instance/${pi}/comment`).send({ id: a.id, message: 'changed' }).expect(204);
      expect((await demo().get(`/task/${task}/comment/${a.id}`).expect(200)).body.message).toBe('changed');
      const [updated] = await operations('UpdateComment', `processInstanceId=${pi}`);
      expect(updated).toMatchObject({ category: 'Operator', orgValue: 'first', newValue: 'changed', taskId: null });

      await demo().delete(`/process-instance/${pi}/comment/${a.id}`).expect(204);
      expect((await demo().get(`/process-instance/${pi}/comment`).expect(200)).body).toHaveLength(1);
      await demo().delete(`/process-instance/${pi}/comment`).expect(204);
      expect((await demo().get(`/process-instance/${pi}/comment`).expect(200)).body).toEqual([]);
      const deletions = await operations('DeleteComment', `processInstanceId=${pi}`);
      expect(deletions.map((e: any) => [e.category, e.taskId])).toEqual([
        ['Operator', null],
        ['Operator', null],
      ]);
    });

    it("answers Camunda's errors and checks UPDATE on the instance", async () => {
      const { pi, task } = await start();
      const c = await comment(task, 'x');
      const unknown = await demo().get('/process-instance/nope/comment').expect(404);
      expect(unknown.body).toEqual({
        type: 'InvalidRequestException',
        message: 'No process instance found for id nope',
        code: null,
      });
      await demo().put('/process-instance/nope/comment').send({ id: c.id, message: 'y' }).expect(404);
      await demo().delete('/process-instance/nope/comment').expect(404);
      await demo().delete('/process-instance/nope/comment/x').expect(404);
      const noComment = await demo()
        .put(`/process-instance/${pi}/comment`)
        .send({ id: 'nope', message: 'y' })
        .expect(400);
      expect(noComment.body.message).toBe(
        `No comment exists with commentId: nope and processInstanceId: ${pi}: comment is null`,
      );

      const wes = t.as('wes', 'wes');
      await wes.get(`/process-instance/${pi}/comment`).expect(404);
      await wes.put(`/process-instance/${pi}/comment`).send({ id: c.id, message: 'y' }).expect(403);
      await wes.delete(`/process-instance/${pi}/comment`).expect(403);
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'wes', resourceType: 8, resourceId: pi, permissions: ['UPDATE'] })
        .expect(200);
      await demo()
        .post('/authorization/create')
        .send({ type: 1, userId: 'wes', resourceType: 6, resourceId: 'noted', permissions: ['READ_HISTORY'] })
        .expect(200);
      await wes.put(`/process-instance/${pi}/comment`).send({ id: c.id, message: 'y' }).expect(204);
      expect((await wes.get(`/process-instance/${pi}/comment`).expect(200)).body[0]).toMatchObject({ message: 'y' });

      await demo().post(`/task/${task}/complete`).send({}).expect(204);
      expect((await demo().get(`/process-instance/${pi}/comment`).expect(200)).body).toHaveLength(1);
      const ended = await demo().delete(`/process-instance/${pi}/comment`).expect(400);
      expect(ended.body.message).toBe(
        `No processInstance exists with processInstanceId: ${pi}: processInstance is null`,
      );
    });
  });

  it('without history: 403 on changes, an empty list', async () => {
    const quiet = await createTestApp({ historyLevel: 'none' });
    try {
      await deploy(quiet, [{ name: 'noted.bpmn', content: MODEL }]).expect(200);
      const pi = (await quiet.as('demo').post('/process-definition/key/noted/start').send({}).expect(200)).body;
      const [task] = (await quiet.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
      const denied = await quiet.as('demo').delete(`/task/${task.id}/comment`).expect(403);
      expect(denied.body).toEqual({ type: 'InvalidRequestException', message: 'History is not enabled', code: null });
      await quiet.as('demo').put(`/task/${task.id}/comment`).send({ id: 'a', message: 'b' }).expect(403);
      await quiet.as('demo').delete(`/process-instance/${pi.id}/comment/a`).expect(403);
      expect((await quiet.as('demo').get(`/process-instance/${pi.id}/comment`).expect(200)).body).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
