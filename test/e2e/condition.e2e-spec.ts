import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`POST /condition (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
  });
  afterAll(() => t.close());

  const evaluate = (body: object) => t.as('demo').post('/condition').send(body);

  it('without any conditional start event it is a 400 with ENGINE-13043', async () => {
    const res = await evaluate({ variables: { temperature: { value: 40 } } }).expect(400);
    expect(res.body).toEqual({
      type: 'ProcessEngineException',
      message: 'ENGINE-13043 No subscriptions were found during evaluation of the conditional start events.',
      code: 0,
    });
  });

  it('tenantId with withoutTenantId is a 400', async () => {
    const res = await evaluate({ tenantId: 'a', withoutTenantId: true }).expect(400);
    expect(res.body.message).toBe("Parameter 'tenantId' cannot be used together with parameter 'withoutTenantId'.");
  });

  it('Given a conditional start event, When the condition holds, Then an instance starts and is returned', async () => {
    await deployFixture(t, ['events/conditions.bpmn']).expect(200);
    const res = await evaluate({
      variables: { temperature: { value: 40, type: 'Integer' } },
      businessKey: 'hot',
    }).expect(200);
    expect(res.body).toEqual([
      {
        links: [],
        id: expect.any(String),
        definitionId: expect.stringMatching(/^condStart:1:/),
        definitionKey: 'condStart',
        businessKey: 'hot',
        caseInstanceId: null,
        ended: false,
        suspended: false,
        tenantId: null,
      },
    ]);
    const tasks = await t.as('demo').get(`/task?processInstanceId=${res.body[0].id}`).expect(200);
    expect(tasks.body.map((x: any) => x.taskDefinitionKey)).toEqual(['CoolDown']);
    await expect(evaluate({ variables: { temperature: { value: 10 } } }).expect(200)).resolves.toMatchObject({
      body: [],
    });
  });

  it('a definition without conditional start event is a 400 with ENGINE-13042', async () => {
    const def = (await t.as('demo').get('/process-definition/key/condCatch').expect(200)).body;
    const res = await evaluate({ processDefinitionId: def.id }).expect(400);
    expect(res.body.message).toBe(
      `ENGINE-13042 Process definition with id '${def.id}' does not declare conditional start event.`,
    );
  });

  it('GET /event-subscription lists conditional subscriptions: the start event and a waiting catch event', async () => {
    const pi = (await t.as('demo').post('/process-definition/key/condCatch/start').send({}).expect(200)).body;
    const subs = (
      await t.as('demo').get('/event-subscription?eventType=conditional&sortBy=created&sortOrder=asc').expect(200)
    ).body;
    expect(subs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventType: 'conditional',
          eventName: null,
          activityId: 'HotStart',
          executionId: null,
          processInstanceId: null,
        }),
        expect.objectContaining({
          eventType: 'conditional',
          eventName: null,
          activityId: 'Ready',
          executionId: pi.id,
          processInstanceId: pi.id,
        }),
      ]),
    );
    await t
      .as('demo')
      .put(`/process-instance/${pi.id}/variables/ready`)
      .send({ value: true, type: 'Boolean' })
      .expect(204);
    expect((await t.as('demo').get(`/event-subscription/count?processInstanceId=${pi.id}`).expect(200)).body).toEqual({
      count: 0,
    });
    const tasks = await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200);
    expect(tasks.body.map((x: any) => x.taskDefinitionKey)).toEqual(['Go']);
  });
});
