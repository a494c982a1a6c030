import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`conditional events see the variables of the command that changed them (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['events/conditional-on-command.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const date = { date: { value: '2026-12-01', type: 'String' } };
  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const activities = async (id: string) =>
    (await t.as('demo').get(`/history/activity-instance?processInstanceId=${id}`).expect(200)).body
      .map((a: any) => [a.activityId, a.endTime !== null, a.canceled])
      .sort((a: any[], b: any[]) => String(a[0]).localeCompare(String(b[0])));

  it('completing a task inside a sub-process with date set fires the conditional boundary of the sub-process', async () => {
    const pi = await start('condOnTask');
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({ variables: date }).expect(204);
    expect(await activities(pi.id)).toEqual([
      ['Dated', true, false],
      ['Fill', true, true],
      ['Schedule', false, false],
      ['Start', true, false],
      ['Sub', true, true],
      ['SubStart', true, false],
    ]);
    expect((await t.as('demo').get(`/process-instance/${pi.id}/variables/date`).expect(200)).body.value).toBe(
      '2026-12-01',
    );
  });

  it('without the variable the task completes and the sub-process ends normally', async () => {
    const pi = await start('condOnTask');
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t
      .as('demo')
      .post(`/task/${task.id}/complete`)
      .send({ variables: { other: { value: 1, type: 'Integer' } } })
      .expect(204);
    expect((await activities(pi.id)).map((a: any[]) => a[0])).toEqual([
      'Done',
      'Fill',
      'Start',
      'Sub',
      'SubEnd',
      'SubStart',
    ]);
  });

  it('an external task completion with date set fires it', async () => {
    const pi = await start('condOnExternal');
    const [locked] = (
      await t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({ workerId: 'w', maxTasks: 1, topics: [{ topicName: 'lookup-date', lockDuration: 10000 }] })
        .expect(200)
    ).body;
    await t
      .as('demo')
      .post(`/external-task/${locked.id}/complete`)
      .send({ workerId: 'w', variables: date })
      .expect(204);
    expect(await activities(pi.id)).toEqual([
      ['Lookup', true, true],
      ['XDated', true, false],
      ['XSchedule', false, false],
      ['XStart', true, false],
      ['XSub', true, true],
      ['XSubStart', true, false],
    ]);
  });

  it('a message correlated with date set fires it before the token leaves the catch event', async () => {
    const pi = await start('condOnMessage');
    await t
      .as('demo')
      .post('/message')
      .send({ messageName: 'data', processInstanceId: pi.id, processVariables: date })
      .expect(204);
    expect(await activities(pi.id)).toEqual([
      ['MDated', true, false],
      ['MSchedule', false, false],
      ['MStart', true, false],
      ['MSub', true, true],
      ['MSubStart', true, false],
      ['Receive', true, true],
    ]);
  });

  it('a signal delivered with date set fires it before the token leaves the catch event', async () => {
    const pi = await start('condOnSignal');
    await t.as('demo').post('/signal').send({ name: 'dataSignal', executionId: null, variables: date }).expect(204);
    expect(await activities(pi.id)).toEqual([
      ['Hear', true, true],
      ['SDated', true, false],
      ['SSchedule', false, false],
      ['SStart', true, false],
      ['SSub', true, true],
      ['SSubStart', true, false],
    ]);
  });
});
