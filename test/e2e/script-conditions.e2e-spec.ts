import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const file = (name: string) => ({ name, content: fixture(`scripts/${name}`) });
const ORDER = [
  'Start',
  'WaitReady',
  'Work',
  'WorkStart',
  'Task',
  'NoteHandler',
  'NoteStart',
  'ReadNote',
  'Cancelled',
  'AfterCancel',
  'Done',
];

describe(`JavaScript conditions of conditional events over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [file('conditional-events.bpmn'), file('note-condition.js')]).expect(200);
  });
  afterAll(() => t.close());

  const start = async () =>
    (await t.as('demo').post('/process-definition/key/scriptConditionalEvents/start').send({}).expect(200)).body;
  const setVariables = (id: string, modifications: object) =>
    t.as('demo').post(`/process-instance/${id}/variables`).send({ modifications });
  const variables = async (id: string) =>
    (await t.as('demo').get(`/process-instance/${id}/variables`).expect(200)).body;
  const taskOf = async (id: string, key: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}&taskDefinitionKey=${key}`).expect(200)).body[0];
  const activities = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body
      .map((a: any) => [a.activityId, a.endTime !== null, a.canceled])
      .sort((a: any, b: any) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));

  it('an intermediate catch event waits until its script holds; a boundary script condition sees the variables of the completing command', async () => {
    const pi = await start();
    expect(await activities(pi.id)).toEqual([
      ['Start', true, false],
      ['WaitReady', false, false],
    ]);
    await setVariables(pi.id, { ready: { value: false, type: 'Boolean' } }).expect(204);
    expect((await activities(pi.id)).map((a: any) => a[0])).toEqual(['Start', 'WaitReady']);
    await setVariables(pi.id, { ready: { value: true, type: 'Boolean' } }).expect(204);
    const task = await taskOf(pi.id, 'Task');
    expect(task).toBeDefined();

    // A note (condition from a deployment resource) starts the non-interrupting event sub-process; blank ones do not.
    await setVariables(pi.id, { note: { value: '   ', type: 'String' } }).expect(204);
    expect(await taskOf(pi.id, 'ReadNote')).toBeUndefined();
    await t.as('demo').delete(`/process-instance/${pi.id}/variables/note`).expect(204);
    await setVariables(pi.id, { note: { value: 'call back', type: 'String' } }).expect(204);
    expect(await taskOf(pi.id, 'ReadNote')).toBeDefined();

    await t
      .as('demo')
      .post(`/task/${task.id}/complete`)
      .send({ variables: { cancel: { value: true, type: 'Boolean' }, reason: { value: 'customer', type: 'String' } } })
      .expect(204);
    expect(await activities(pi.id)).toEqual([
      ['Start', true, false],
      ['WaitReady', true, false],
      ['Work', true, true],
      ['WorkStart', true, false],
      ['Task', true, true],
      ['NoteHandler', false, false],
      ['NoteStart', true, false],
      ['ReadNote', false, false],
      ['Cancelled', true, false],
      ['AfterCancel', false, false],
    ]);
    expect(await variables(pi.id)).toMatchObject({
      ready: { value: true },
      note: { value: 'call back' },
      cancel: { value: true },
      reason: { value: 'customer' },
    });
  });

  it('without the cancel variable the task completes normally', async () => {
    const pi = await start();
    await setVariables(pi.id, { ready: { value: true, type: 'Boolean' } }).expect(204);
    await t
      .as('demo')
      .post(`/task/${(await taskOf(pi.id, 'Task')).id}/complete`)
      .send({ variables: { cancel: { value: false, type: 'Boolean' }, reason: { value: '', type: 'String' } } })
      .expect(204);
    expect((await activities(pi.id)).filter((a: any) => a[2])).toEqual([]);
    expect(await taskOf(pi.id, 'Done')).toBeDefined();
  });

  it('a condition script that throws or answers a non-Boolean fails the command with a 400 naming the element', async () => {
    const pi = await start();
    const thrown = await setVariables(pi.id, { ready: { value: 'boom', type: 'String' } }).expect(400);
    expect(thrown.body.message).toContain("activity 'WaitReady'");
    expect(thrown.body.message).toContain('Error: not ready at all');
    const text = await setVariables(pi.id, { ready: { value: 'text', type: 'String' } }).expect(400);
    expect(text.body.message).toContain(
      'condition script of conditional event \'WaitReady\' returns non-Boolean: "yes"',
    );
    expect(await variables(pi.id)).toEqual({});
  });

  it('POST /condition runs the script condition of a conditional start event over the given variables', async () => {
    const none = await t
      .as('demo')
      .post('/condition')
      .send({ variables: { amount: { value: 10, type: 'Integer' } } })
      .expect(200);
    expect(none.body).toEqual([]);
    const started = await t
      .as('demo')
      .post('/condition')
      .send({ variables: { amount: { value: 5000, type: 'Integer' } } })
      .expect(200);
    expect(started.body).toHaveLength(1);
    const id = started.body[0].id;
    expect(
      (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body
        .map((a: any) => a.activityId)
        .sort(),
    ).toEqual(['Approve', 'BigStart']);
    expect(await variables(id)).toMatchObject({ amount: { value: 5000 } });
  });
});
