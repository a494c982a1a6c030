import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const ORDER = ['Start', 'Review', 'Withdrawn', 'After'];

describe(`task listeners over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['task-listeners/order.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const start = async () =>
    (await t.as('demo').post('/process-definition/key/taskListenerOrder/start').send({}).expect(200)).body;
  const variable = async (id: string, name: string) =>
    (await t.as('demo').get(`/process-instance/${id}/variables/${name}`).expect(200)).body.value;
  const log = (id: string) => variable(id, 'log');
  const taskOf = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body[0];
  const activities = async (id: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${id}&sortBy=startTime&sortOrder=asc`)
        .expect(200)
    ).body
      .map((a: any) => ({
        id: a.activityId,
        ended: a.endTime !== null,
        canceled: a.canceled,
        assignee: a.assignee,
      }))
      .sort((a: any, b: any) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));

  it('create, then assignment for the assignee of the model, after the start listener; task methods change the task', async () => {
    const pi = await start();
    expect(await log(pi.id)).toBe('start;create:demo;assignment:demo;');
    const task = await taskOf(pi.id, 'Review');
    expect(task).toMatchObject({ assignee: 'demo', priority: 80, name: 'Review order' });
    expect((await t.as('demo').get(`/task/${task.id}/localVariables/reviewer`).expect(200)).body).toMatchObject({
      value: 'demo',
    });
  });

  it('update before assignment when the assignee changes; update alone for other properties; complete before the end listener', async () => {
    const pi = await start();
    const task = await taskOf(pi.id, 'Review');
    await t.as('demo').post(`/task/${task.id}/assignee`).send({ userId: 'john' }).expect(204);
    expect(await log(pi.id)).toBe('start;create:demo;assignment:demo;update;assignment:john;');
    await t
      .as('demo')
      .put(`/task/${task.id}`)
      .send({ ...task, assignee: 'john', priority: 10 })
      .expect(204);
    await t
      .as('demo')
      .post(`/task/${task.id}/identity-links`)
      .send({ groupId: 'sales', type: 'candidate' })
      .expect(204);
    expect(await log(pi.id)).toBe('start;create:demo;assignment:demo;update;assignment:john;update;update;');
    await t.as('demo').post(`/task/${task.id}/comment/create`).send({ message: 'looks fine' }).expect(200);
    await t.as('demo').put(`/task/${task.id}/localVariables/note`).send({ value: 'x', type: 'String' }).expect(204);
    expect(await log(pi.id)).toBe(
      'start;create:demo;assignment:demo;update;assignment:john;update;update;update;update;',
    );
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await log(pi.id)).toBe(
      'start;create:demo;assignment:demo;update;assignment:john;update;update;update;update;complete:complete;end;',
    );
    expect(await variable(pi.id, 'approvedBy')).toBe('john');
    expect(await activities(pi.id)).toEqual([
      { id: 'Start', ended: true, canceled: false, assignee: null },
      { id: 'Review', ended: true, canceled: false, assignee: 'john' },
      { id: 'After', ended: false, canceled: false, assignee: null },
    ]);
  });

  it('delete when the task is canceled by a boundary event, before the end listener', async () => {
    const pi = await start();
    await t.as('demo').post('/message').send({ messageName: 'withdraw', processInstanceId: pi.id }).expect(204);
    expect(await log(pi.id)).toBe('start;create:demo;assignment:demo;delete:Review;end;');
    expect(await activities(pi.id)).toEqual([
      { id: 'Start', ended: true, canceled: false, assignee: null },
      { id: 'Review', ended: true, canceled: true, assignee: 'demo' },
      { id: 'Withdrawn', ended: true, canceled: false, assignee: null },
      { id: 'After', ended: false, canceled: false, assignee: null },
    ]);
  });

  it('timeout: a timer job runs the listener and the task stays; the job goes with the task', async () => {
    const pi = await start();
    const jobs = (await t.as('demo').get(`/job?processInstanceId=${pi.id}&timers=true`).expect(200)).body;
    expect(jobs).toHaveLength(1);
    const due = new Date(jobs[0].dueDate).getTime() - new Date(jobs[0].createTime).getTime();
    expect(Math.round(due / 60000)).toBe(60);
    await t.as('demo').post(`/job/${jobs[0].id}/execute`).expect(204);
    expect(await variable(pi.id, 'reminders')).toBe(1);
    expect(await taskOf(pi.id, 'Review')).toBeDefined();
    expect(await log(pi.id)).toBe('start;create:demo;assignment:demo;');
    expect((await t.as('demo').get(`/job?processInstanceId=${pi.id}`).expect(200)).body).toEqual([]);
    expect((await activities(pi.id)).map((a: any) => [a.id, a.ended])).toEqual([
      ['Start', true],
      ['Review', false],
    ]);

    const other = await start();
    await t
      .as('demo')
      .post(`/task/${(await taskOf(other.id, 'Review')).id}/complete`)
      .send({})
      .expect(204);
    expect((await t.as('demo').get(`/job?processInstanceId=${other.id}`).expect(200)).body).toEqual([]);
  });
});
