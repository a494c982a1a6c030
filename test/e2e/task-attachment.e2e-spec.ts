import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="defs" targetNamespace="http://example.com">
  <bpmn:process id="attached" isExecutable="true">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Review" />
    <bpmn:userTask id="Review" />
    <bpmn:sequenceFlow id="f2" sourceRef="Review" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** Translates TaskServiceTest#testCreateAttachment..., #testGetTaskAttachment..., #testDeleteTaskAttachment... */
describe(`task attachments (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const start = async () => {
    const pi = (await demo().post('/process-definition/key/attached/start').send({}).expect(200)).body;
    const [task] = (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    return { pi: pi.id as string, task: task.id as string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'attached.bpmn', content: MODEL }]).expect(200);
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'wes' }, credentials: { password: 'wes' } })
      .expect(204);
  });
  afterAll(() => t.close());

  it('attaches a link and uploaded content, lists, reads, serves the bytes and deletes (testCreateAttachmentWithContent, testTaskAttachmentWithProcessInstanceId)', async () => {
    const { pi, task } = await start();
    const link = await demo()
      .post(`/task/${task}/attachment/create`)
      .field('attachment-name', 'attachmentName')
      .field('attachment-description', 'attachmentDescription')
      .field('attachment-type', 'web page')
      .field('url', 'http://my-attachment-content-url.de')
      .expect(200);
    expect(link.body).toEqual({
      links: [
        {
          method: 'GET',
          href: expect.stringMatching(new RegExp(`/engine-rest/task/${task}/attachment/${link.body.id}$`)),
          rel: 'self',
        },
      ],
      id: expect.any(String),
      name: 'attachmentName',
      description: 'attachmentDescription',
      taskId: task,
      type: 'web page',
      url: 'http://my-attachment-content-url.de',
      createTime: expect.stringMatching(/\.\d{3}\+0000$/),
      removalTime: null,
      rootProcessInstanceId: pi,
    });
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const file = await demo()
      .post(`/task/${task}/attachment/create`)
      .field('attachment-name', 'scan')
      .attach('content', bytes, 'scan.bin')
      .expect(200);
    expect(file.body).toMatchObject({ name: 'scan', url: null, type: null, description: null });
    const text = await demo()
      .post(`/task/${task}/attachment/create`)
      .field('content', 'plain text content')
      .expect(200);
    expect(text.body.name).toBeNull();

    const list = (await demo().get(`/task/${task}/attachment`).expect(200)).body;
    expect(list.map((a: any) => a.id)).toEqual([link.body.id, file.body.id, text.body.id]);
    expect(list[0]).toEqual({ ...link.body, links: [] });
    expect((await demo().get(`/task/${task}/attachment/${file.body.id}`).expect(200)).body).toEqual({
      ...file.body,
      links: [],
    });
    const data = await demo()
      .get(`/task/${task}/attachment/${file.body.id}/data`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(data.headers['content-type']).toMatch(/^application\/octet-stream/);
    expect(Buffer.compare(data.body, bytes)).toBe(0);
    const textData = await demo().get(`/task/${task}/attachment/${text.body.id}/data`).buffer(true).expect(200);
    expect(Buffer.from(textData.body).toString()).toBe('plain text content');

    const withInfo = (await demo().get(`/task?processInstanceId=${pi}&withCommentAttachmentInfo=true`).expect(200))
      .body;
    expect(withInfo[0]).toMatchObject({ attachment: true, comment: false });

    await demo().delete(`/task/${task}/attachment/${file.body.id}`).expect(204);
    await demo().get(`/task/${task}/attachment/${file.body.id}`).expect(404);
    expect((await demo().get(`/task/${task}/attachment`).expect(200)).body).toHaveLength(2);

    const logged = (await demo().get(`/history/user-operation?taskId=${task}&entityType=Attachment`).expect(200)).body;
    const entries = logged.map((e: any) => [e.operationType, e.category, e.property, e.newValue]);
    expect(entries).toHaveLength(4);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['AddAttachment', 'TaskWorker', 'name', 'attachmentName'],
        ['AddAttachment', 'TaskWorker', 'name', 'scan'],
        ['AddAttachment', 'TaskWorker', 'name', null],
        ['DeleteAttachment', 'TaskWorker', 'name', 'scan'],
      ]),
    );
  });

  it('keeps attachments when the task ends, and attaches to an ended task', async () => {
    const { task } = await start();
    await demo().post(`/task/${task}/attachment/create`).field('url', 'http://a').expect(200);
    await demo().post(`/task/${task}/complete`).send({}).expect(204);
    await demo().post(`/task/${task}/attachment/create`).field('url', 'http://b').expect(200);
    const list = (await demo().get(`/task/${task}/attachment`).expect(200)).body;
    expect(list.map((a: any) => a.url)).toEqual(['http://a', 'http://b']);
  });

  it('goes with its process when the deployment is deleted with cascade', async () => {
    const model = MODEL.replace('id="attached"', 'id="doomed"');
    const deployment = (await deploy(t, [{ name: 'doomed.bpmn', content: model }]).expect(200)).body;
    const pi = (await demo().post('/process-definition/key/doomed/start').send({}).expect(200)).body;
    const [task] = (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await demo().post(`/task/${task.id}/attachment/create`).field('url', 'http://a').expect(200);
    await demo().post(`/task/${task.id}/complete`).send({}).expect(204);
    await demo().delete(`/deployment/${deployment.id}?cascade=true`).expect(204);
    await demo().get(`/task/${task.id}/attachment`).expect(404);
  });

  it("answers Camunda's errors", async () => {
    const { task } = await start();
    const noTask = await demo().post('/task/nope/attachment/create').field('url', 'http://a').expect(400);
    expect(noTask.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No task found for task id nope',
      code: null,
    });
    const nothing = await demo().post(`/task/${task}/attachment/create`).field('attachment-name', 'x').expect(400);
    expect(nothing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No content or url to remote content exists to create the task attachment.',
      code: null,
    });
    const list = await demo().get('/task/nope/attachment').expect(404);
    expect(list.body.message).toBe('No task found for task id nope');
    const one = await demo().get(`/task/${task}/attachment/nope`).expect(404);
    expect(one.body).toEqual({
      type: 'InvalidRequestException',
      message: `Task attachment with id nope does not exist for task id '${task}'.`,
      code: null,
    });
    const link = (await demo().post(`/task/${task}/attachment/create`).field('url', 'http://a').expect(200)).body;
    const noData = await demo().get(`/task/${task}/attachment/${link.id}/data`).expect(404);
    expect(noData.body.message).toBe(
      `Attachment content for attachment with id '${link.id}' does not exist for task id '${task}'.`,
    );
    const gone = await demo().delete(`/task/${task}/attachment/nope`).expect(404);
    expect(gone.body).toEqual({
      type: 'InvalidRequestException',
      message: `Deletion is not possible. No attachment exists for task id '${task}' and attachment id 'nope'.`,
      code: null,
    });
  });

  it('needs TASK_WORK or UPDATE to attach or delete, READ to read', async () => {
    const { task } = await start();
    const link = (await demo().post(`/task/${task}/attachment/create`).field('url', 'http://a').expect(200)).body;
    const wes = t.as('wes', 'wes');
    const denied = await wes.post(`/task/${task}/attachment/create`).field('url', 'http://b').expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await wes.get(`/task/${task}/attachment`).expect(403);
    await wes.delete(`/task/${task}/attachment/${link.id}`).expect(403);
    await demo()
      .post('/authorization/create')
      .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: task, permissions: ['READ', 'TASK_WORK'] })
      .expect(200);
    const mine = (await wes.post(`/task/${task}/attachment/create`).field('url', 'http://b').expect(200)).body;
    expect((await wes.get(`/task/${task}/attachment`).expect(200)).body).toHaveLength(2);
    await wes.delete(`/task/${task}/attachment/${mine.id}`).expect(204);
  });

  it('without history: an empty list, 403 on create and delete, 404 on one', async () => {
    const quiet = await createTestApp({ historyLevel: 'none' });
    try {
      await deploy(quiet, [{ name: 'attached.bpmn', content: MODEL }]).expect(200);
      const pi = (await quiet.as('demo').post('/process-definition/key/attached/start').send({}).expect(200)).body;
      const [task] = (await quiet.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
      expect((await quiet.as('demo').get(`/task/${task.id}/attachment`).expect(200)).body).toEqual([]);
      const create = await quiet.as('demo').post(`/task/${task.id}/attachment/create`).field('url', 'x').expect(403);
      expect(create.body).toEqual({ type: 'InvalidRequestException', message: 'History is not enabled', code: null });
      await quiet.as('demo').delete(`/task/${task.id}/attachment/a`).expect(403);
      await quiet.as('demo').get(`/task/${task.id}/attachment/a`).expect(404);
      await quiet.as('demo').get(`/task/${task.id}/attachment/a/data`).expect(404);
    } finally {
      await quiet.close();
    }
  });
});
