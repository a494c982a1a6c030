import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const model = (key: string, sequential: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="mail" />
    <userTask id="mail">
      <multiInstanceLoopCharacteristics isSequential="${sequential}" camunda:asyncBefore="true" camunda:collection="recipients" camunda:elementVariable="recipient" />
    </userTask>
    <sequenceFlow id="f2" sourceRef="mail" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** camunda:asyncBefore on multiInstanceLoopCharacteristics: every inner instance starts from a job of its own. */
describe(`asynchronous multi-instance inner instances (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    for (const [key, sequential] of [
      ['parallelMail', false],
      ['sequentialMail', true],
    ] as const) {
      await t
        .as('demo')
        .post('/deployment/create')
        .field('deployment-name', key)
        .attach('data', Buffer.from(model(key, sequential)), `${key}.bpmn`)
        .expect(200);
    }
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (
      await t
        .as('demo')
        .post(`/process-definition/key/${key}/start`)
        .send({ variables: { recipients: { type: 'Json', value: JSON.stringify(['ann', 'bob', 'cy']) } } })
        .expect(200)
    ).body.id as string;
  const jobs = async (pi: string) =>
    (await t.as('demo').get(`/job?processInstanceId=${pi}&activityId=mail`).expect(200)).body as { id: string }[];
  const tasks = async (pi: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${pi}`).expect(200)).body as { id: string }[];
  const recipientOf = async (taskId: string) =>
    (await t.as('demo').get(`/task/${taskId}/variables/recipient`).expect(200)).body.value;

  it('parallel: one job per element, each entering its instance with its element and loop counter', async () => {
    const pi = await start('parallelMail');
    const waiting = await jobs(pi);
    expect(waiting).toHaveLength(3);
    expect(await tasks(pi)).toEqual([]);
    for (const job of waiting) await t.as('demo').post(`/job/${job.id}/execute`).expect(204);
    const open = await tasks(pi);
    expect((await Promise.all(open.map((task) => recipientOf(task.id)))).sort()).toEqual(['ann', 'bob', 'cy']);
    for (const task of open) await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    const history = (await t.as('demo').get(`/history/process-instance/${pi}`).expect(200)).body;
    expect(history.state).toBe('COMPLETED');
    const mails = (
      await t.as('demo').get(`/history/activity-instance?processInstanceId=${pi}&activityId=mail`).expect(200)
    ).body;
    expect(mails).toHaveLength(3);
  });

  it('sequential: each next instance waits for its own job after the previous one completed', async () => {
    const pi = await start('sequentialMail');
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [job, ...more] = await jobs(pi);
      expect(more).toEqual([]);
      expect(await tasks(pi)).toEqual([]);
      await t.as('demo').post(`/job/${job.id}/execute`).expect(204);
      const [task] = await tasks(pi);
      seen.push(await recipientOf(task.id));
      expect((await t.as('demo').get(`/task/${task.id}/variables/loopCounter`).expect(200)).body.value).toBe(i);
      await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    }
    expect(seen).toEqual(['ann', 'bob', 'cy']);
    expect(await jobs(pi)).toEqual([]);
    expect((await t.as('demo').get(`/history/process-instance/${pi}`).expect(200)).body.state).toBe('COMPLETED');
  });
});
