import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const file = (name: string) => ({ name, content: fixture(`scripts/${name}`) });

describe(`JavaScript scripts in the sandbox over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, scriptTimeoutMs: 1500, scriptMemoryLimitMb: 8 });
    await deploy(t, [
      file('script-task.bpmn'),
      file('check.js'),
      file('failing.bpmn'),
      file('conditions.bpmn'),
      file('small.js'),
      file('listeners.bpmn'),
      file('end-listener.js'),
    ]).expect(200);
  });
  afterAll(() => t.close());

  const start = (key: string, body: object = {}) =>
    t.as('demo').post(`/process-definition/key/${key}/start`).send(body);
  const activities = async (id: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${id}&sortBy=startTime&sortOrder=asc`)
        .expect(200)
    ).body.map((a: any) => a.activityId);
  const variables = async (id: string) =>
    (await t.as('demo').get(`/process-instance/${id}/variables`).expect(200)).body;
  const json = (value: unknown) => ({ value: JSON.stringify(value), type: 'Json' });

  it('a script task sees the variables (a Json one as a Spin node), writes through execution and stores its value in camunda:resultVariable', async () => {
    const order = {
      customer: 'ada',
      items: [
        { price: 30, qty: 2 },
        { price: 50, qty: 1 },
      ],
    };
    const pi = (
      await start('scriptTask', {
        businessKey: 'o-1',
        variables: { order: json(order), scratch: { value: 'x', type: 'String' } },
      }).expect(200)
    ).body;
    expect(await activities(pi.id)).toEqual(expect.arrayContaining(['Start', 'Sum', 'Check', 'Wait']));
    const vars = await variables(pi.id);
    expect(vars).toMatchObject({
      total: { type: 'Integer', value: 110 },
      itemCount: { type: 'Integer', value: 2 },
      seenCount: { type: 'Integer', value: 2 },
      customer: { type: 'String', value: 'ADA' },
      where: { type: 'String', value: 'Sum/o-1' },
      checked: { type: 'String', value: 'big' },
      summary: { type: 'Json' },
    });
    expect(JSON.parse(vars.summary.value)).toEqual({ count: 2, total: 110 });
    expect(vars.scratch).toBeUndefined();
  });

  it('JavaScript conditions choose the sequence flows (inline and from a deployment resource); a non-Boolean result is a 400', async () => {
    const run = async (amount: number) => {
      const pi = (
        await start('scriptConditions', { variables: { amount: { value: amount, type: 'Integer' } } }).expect(200)
      ).body;
      return (await activities(pi.id)).sort();
    };
    expect(await run(500)).toEqual(['Big', 'Choose', 'Start']);
    expect(await run(50)).toEqual(['Choose', 'Small', 'Start']);
    expect(await run(-1)).toEqual(['Choose', 'Other', 'Start']);
    const res = await start('scriptConditions', { variables: { amount: { value: 0, type: 'Integer' } } }).expect(400);
    expect(res.body.message).toContain("condition script of sequence flow 'ToOdd' returns non-Boolean");
  });

  it('execution listeners in JavaScript run on the process, a sequence flow and an activity (start and end, inline and from a resource)', async () => {
    const pi = (await start('scriptListeners').expect(200)).body;
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    expect((await activities(pi.id)).sort()).toEqual(['End', 'Start', 'Work']);
    const log = (await t.as('demo').get(`/history/detail?processInstanceId=${pi.id}`).expect(200)).body.filter(
      (d: any) => d.variableName === 'log',
    );
    const last = log.map((d: any) => JSON.parse(d.value)).sort((a: string[], b: string[]) => b.length - a.length)[0];
    expect(last).toEqual(['start:process', 'take:F1', 'start:Work', 'end:Work']);
  });

  it('a script that throws fails the start with a 400 naming the element; nothing is left behind', async () => {
    const res = await start('scriptThrows', { variables: { item: { value: 'apples', type: 'String' } } }).expect(400);
    expect(res.body).toMatchObject({ type: 'RestException', message: expect.stringContaining("activity 'Boom'") });
    expect(res.body.message).toContain('Error: no stock for apples');
    expect(
      (await t.as('demo').get('/process-instance/count?processDefinitionKey=scriptThrows').expect(200)).body,
    ).toEqual({ count: 0 });
  });

  it('a script that allocates without end fails at its memory limit with a 400', async () => {
    const res = await start('scriptAllocates').expect(400);
    expect(res.body).toMatchObject({
      type: 'RestException',
      message: expect.stringMatching(/activity 'Alloc'.*(memory|time limit)/),
    });
  });

  it('a script that loops forever fails at its time limit with a 400, and other requests are answered meanwhile', async () => {
    let finished = false;
    const looping = start('scriptLoops')
      .then((res) => res)
      .finally(() => (finished = true));
    await new Promise((r) => setTimeout(r, 100));
    await t.as('demo').get('/engine').expect(200);
    expect(finished).toBe(false);
    const res = await looping;
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/activity 'Loop'.*time limit/);
    await t.as('demo').get('/engine').expect(200);
  });

  it('an asynchronous script that throws fails its job and opens an incident', async () => {
    const pi = (await start('scriptAsync').expect(200)).body;
    const [job] = (await t.as('demo').get(`/job?processInstanceId=${pi.id}`).expect(200)).body;
    for (let i = 0; i < 3; i++) await t.as('demo').post(`/job/${job.id}/execute`).expect(500); // deliberate 500: Camunda answers 500 when the executed job fails
    const [failed] = (await t.as('demo').get(`/job?processInstanceId=${pi.id}`).expect(200)).body;
    expect(failed).toMatchObject({
      retries: 0,
      failedActivityId: 'AsyncBoom',
      exceptionMessage: expect.stringContaining('async boom'),
    });
    expect((await t.as('demo').get(`/incident?processInstanceId=${pi.id}`).expect(200)).body).toMatchObject([
      { incidentType: 'failedJob', activityId: 'AsyncBoom' },
    ]);
  });
});

describe(`SCRIPTS_ENABLED=false (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ scriptsEnabled: false })));
  afterAll(() => t.close());

  it('refuses scripts at deployment with the message of old', async () => {
    const res = await deploy(t, [file('script-task.bpmn'), file('check.js')]).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(res.body.message).toContain("Script task 'Sum' is not supported: scripts from a deployment are never run");
  });
});
