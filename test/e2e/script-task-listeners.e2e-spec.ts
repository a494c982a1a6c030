import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const file = (name: string) => ({ name, content: fixture(`task-listeners/${name}`) });
const ORDER = ['Start', 'AutoStart', 'FailStart', 'Review', 'Check', 'Broken', 'Withdrawn', 'After', 'Done', 'FailEnd'];

describe(`JavaScript task listeners over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [file('script-listeners.bpmn'), file('assignment.js')]).expect(200);
  });
  afterAll(() => t.close());

  const str = (value: string) => ({ value, type: 'String' });
  const start = (key: string, variables: object = {}, businessKey?: string) =>
    t.as('demo').post(`/process-definition/key/${key}/start`).send({ variables, businessKey });
  const variables = async (id: string) =>
    (await t.as('demo').get(`/process-instance/${id}/variables`).expect(200)).body;
  const log = async (id: string) => (await variables(id)).log.value;
  const taskOf = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body[0];
  const activities = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body
      .map((a: any) => ({ id: a.activityId, ended: a.endTime !== null, canceled: a.canceled, assignee: a.assignee }))
      .sort((a: any, b: any) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));

  it('create: the script changes the task through task.set...; writes are applied in order after the sandbox returns', async () => {
    const pi = (await start('scriptTaskListeners', { orderId: str('o-7') }, 'bk-7').expect(200)).body;
    expect(await log(pi.id)).toBe('create:demo:create;assignment:demo;');
    const task = await taskOf(pi.id, 'Review');
    expect(task).toMatchObject({
      name: 'Review order o-7',
      description: 'for bk-7',
      priority: 80,
      owner: 'boss',
      assignee: 'demo',
      due: '2030-01-15T12:00:00.000+0000',
      followUp: '2030-01-14T12:00:00.000+0000',
    });
    const links = (await t.as('demo').get(`/task/${task.id}/identity-links`).expect(200)).body;
    expect(
      links
        .filter((l: any) => l.type === 'candidate')
        .map((l: any) => l.userId ?? l.groupId)
        .sort(),
    ).toEqual(['auditors', 'mary', 'sales']);
    expect((await t.as('demo').get(`/task/${task.id}/localVariables/reviewer`).expect(200)).body).toMatchObject({
      value: 'demo',
    });
    expect(await variables(pi.id)).toMatchObject({
      seen: { value: 'Review/true/true' },
      nameAfterSet: { value: 'Review order o-7' },
      lastAssignee: { value: 'demo' },
    });
  });

  it('update and assignment (from a deployment resource), then complete before the task goes', async () => {
    const pi = (await start('scriptTaskListeners', { orderId: str('o-8') }).expect(200)).body;
    const task = await taskOf(pi.id, 'Review');
    await t.as('demo').post(`/task/${task.id}/assignee`).send({ userId: 'john' }).expect(204);
    expect(await log(pi.id)).toBe('create:demo:create;assignment:demo;update;assignment:john;');
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect(await log(pi.id)).toBe('create:demo:create;assignment:demo;update;assignment:john;complete:completed;');
    const vars = await variables(pi.id);
    expect(vars).toMatchObject({
      approvedBy: { value: 'john' },
      hadLocal: { value: true },
      lastAssignee: { value: 'john' },
    });
    expect(vars.seen).toBeUndefined();
    expect(await activities(pi.id)).toEqual([
      { id: 'Start', ended: true, canceled: false, assignee: null },
      { id: 'Review', ended: true, canceled: false, assignee: 'john' },
      { id: 'After', ended: false, canceled: false, assignee: null },
    ]);
  });

  it('delete when a boundary event cancels the task; timeout runs its script and the task stays', async () => {
    const pi = (await start('scriptTaskListeners', { orderId: str('o-9') }).expect(200)).body;
    const jobs = (await t.as('demo').get(`/job?processInstanceId=${pi.id}&timers=true`).expect(200)).body;
    expect(jobs).toHaveLength(1);
    await t.as('demo').post(`/job/${jobs[0].id}/execute`).expect(204);
    expect((await variables(pi.id)).reminders).toMatchObject({ value: 1 });
    expect((await taskOf(pi.id, 'Review')).assignee).toBe('escalated');
    await t.as('demo').post('/message').send({ messageName: 'withdrawScripted', processInstanceId: pi.id }).expect(204);
    expect(await log(pi.id)).toMatch(/delete:Review;$/);
    expect(await activities(pi.id)).toEqual([
      { id: 'Start', ended: true, canceled: false, assignee: null },
      { id: 'Review', ended: true, canceled: true, assignee: 'escalated' },
      { id: 'Withdrawn', ended: true, canceled: false, assignee: null },
      { id: 'After', ended: false, canceled: false, assignee: null },
    ]);
  });

  it('task.complete() in a create listener completes the task: later listeners of the event do not run, complete does', async () => {
    const pi = (await start('scriptTaskAutoComplete', { amount: { value: 50, type: 'Integer' } }).expect(200)).body;
    expect(await variables(pi.id)).toEqual({
      amount: expect.objectContaining({ value: 50 }),
      autoApproved: expect.objectContaining({ value: true }),
      completeRan: expect.objectContaining({ value: true }),
    });
    expect(await taskOf(pi.id, 'Check')).toBeUndefined();
    expect(await activities(pi.id)).toEqual([
      { id: 'AutoStart', ended: true, canceled: false, assignee: null },
      { id: 'Check', ended: true, canceled: false, assignee: 'demo' },
      { id: 'Done', ended: false, canceled: false, assignee: null },
    ]);

    const big = (await start('scriptTaskAutoComplete', { amount: { value: 500, type: 'Integer' } }).expect(200)).body;
    expect(await variables(big.id)).toMatchObject({
      secondCreateListener: { value: true },
      assignmentRan: { value: true },
    });
    const task = await taskOf(big.id, 'Check');
    // An update listener completes the task when the caller assigns it to 'auto'.
    await t.as('demo').post(`/task/${task.id}/assignee`).send({ userId: 'auto' }).expect(204);
    expect(await taskOf(big.id, 'Check')).toBeUndefined();
    expect((await variables(big.id)).completeRan).toMatchObject({ value: true });
    expect((await activities(big.id)).map((a: any) => [a.id, a.ended, a.assignee])).toEqual([
      ['AutoStart', true, null],
      ['Check', true, 'auto'],
      ['Done', false, null],
    ]);
  });

  it('expression listeners remove candidates and complete the task through the same task object', async () => {
    const small = (await start('expressionTaskComplete', { amount: { value: 5, type: 'Integer' } }).expect(200)).body;
    expect(await taskOf(small.id, 'Approve')).toBeUndefined();
    expect((await activities(small.id)).map((a: any) => [a.id, a.ended])).toEqual(
      expect.arrayContaining([
        ['Approve', true],
        ['Approved', false],
      ]),
    );
    const big = (await start('expressionTaskComplete', { amount: { value: 50, type: 'Integer' } }).expect(200)).body;
    const task = await taskOf(big.id, 'Approve');
    const links = (await t.as('demo').get(`/task/${task.id}/identity-links`).expect(200)).body;
    expect(links.map((l: any) => l.userId)).toEqual(['ann']);
  });

  it('a throwing script fails the command with a 400 naming the element; complete() in a complete listener is refused; no host objects', async () => {
    const res = await start('scriptTaskListenerFails', { mode: str('throw') }).expect(400);
    expect(res.body.message).toContain("activity 'Broken'");
    expect(res.body.message).toContain('Error: no reviewer');
    expect(
      (await t.as('demo').get('/process-instance?processDefinitionKey=scriptTaskListenerFails').expect(200)).body,
    ).toEqual([]);

    const host = (await start('scriptTaskListenerFails', { mode: str('host') }).expect(200)).body;
    expect((await variables(host.id)).p).toMatchObject({ value: 'undefined/undefined' });

    const pi = (await start('scriptTaskListenerFails', { mode: str('complete') }).expect(200)).body;
    const task = await taskOf(pi.id, 'Broken');
    const refused = await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(400);
    expect(refused.body.message).toContain('ENGINE-03051');
    expect(await taskOf(pi.id, 'Broken')).toBeDefined();
  });
});
