import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`POST /message (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['events/messages.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string, businessKey?: string, variables: Record<string, unknown> = {}) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({ businessKey, variables }).expect(200)).body;
  const activities = async (id: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${id}&sortBy=occurrence&sortOrder=asc`)
        .expect(200)
    ).body.map((a: any) => a.activityId);
  const message = (body: object) => t.as('demo').post('/message').send(body);

  it('400 without a message name, and for tenantId with withoutTenantId', async () => {
    expect((await message({}).expect(400)).body).toEqual({
      type: 'InvalidRequestException',
      message: 'No message name supplied',
      code: null,
    });
    const both = await message({ messageName: 'x', tenantId: 't', withoutTenantId: true }).expect(400);
    expect(both.body.message).toBe("Parameter 'tenantId' cannot be used together with parameter 'withoutTenantId'.");
  });

  it('Given an instance waiting at a message catch event, When the message is delivered, Then it continues (204)', async () => {
    const pi = await start('msgCatch', 'e2e-1');
    const waiting = await t.as('demo').get(`/event-subscription?processInstanceId=${pi.id}`).expect(200);
    expect(waiting.body).toMatchObject([{ eventType: 'message', eventName: 'orderPaid', activityId: 'Paid' }]);
    const res = await message({
      messageName: 'orderPaid',
      businessKey: 'e2e-1',
      processVariables: { paid: { value: true, type: 'Boolean' } },
    }).expect(204);
    expect(res.body).toEqual({});
    expect(await activities(pi.id)).toEqual(['Start', 'Paid', 'Ship']);
    expect((await t.as('demo').get(`/process-instance/${pi.id}/variables/paid`).expect(200)).body).toMatchObject({
      value: true,
      type: 'Boolean',
    });
    expect((await t.as('demo').get(`/event-subscription/count?processInstanceId=${pi.id}`).expect(200)).body).toEqual({
      count: 0,
    });
  });

  it('the execution trigger endpoint fires a boundary event subscription, not the activity it is attached to', async () => {
    const pi = await start('msgBoundary');
    const [subscription] = (
      await t.as('demo').get(`/event-subscription?processInstanceId=${pi.id}&eventName=cancel`).expect(200)
    ).body;
    expect(subscription).toMatchObject({ eventType: 'message', activityId: 'Cancelled' });
    await t
      .as('demo')
      .post(`/execution/${subscription.executionId}/messageSubscriptions/cancel/trigger`)
      .send({ variables: { why: { value: 'x' } } })
      .expect(204);
    const path = await activities(pi.id);
    expect(path).toContain('Cancelled');
    expect(
      (await t.as('demo').get(`/task?processInstanceId=${pi.id}&taskDefinitionKey=Work`).expect(200)).body,
    ).toEqual([]);
  });

  it('resultEnabled answers 200 with the results; variablesInResultEnabled adds the variables', async () => {
    const pi = await start('msgCatch', 'e2e-2', { orderId: { value: 'o-2' } });
    const res = await message({
      messageName: 'orderPaid',
      processInstanceId: pi.id,
      resultEnabled: true,
      variablesInResultEnabled: true,
    }).expect(200);
    expect(res.body).toEqual([
      {
        resultType: 'Execution',
        processInstance: null,
        execution: { id: pi.id, processInstanceId: pi.id, ended: false, tenantId: null },
        variables: { orderId: { type: 'String', value: 'o-2', valueInfo: {} } },
      },
    ]);
  });

  it('starts an instance at a message start event', async () => {
    const res = await message({ messageName: 'startOrder', businessKey: 'new-1', resultEnabled: true }).expect(200);
    expect(res.body).toEqual([
      {
        resultType: 'ProcessDefinition',
        execution: null,
        processInstance: expect.objectContaining({
          links: [],
          definitionKey: 'msgStart',
          businessKey: 'new-1',
          ended: false,
          suspended: false,
          tenantId: null,
        }),
      },
    ]);
    expect(await activities(res.body[0].processInstance.id)).toEqual(['MStart', 'Review']);
  });

  it("no match is a 400 with Camunda's text; several matches without `all` too", async () => {
    const none = await message({ messageName: 'unknown' }).expect(400);
    expect(none.body).toEqual({
      type: 'RestException',
      message: "Cannot correlate message 'unknown': No process definition or execution matches the parameters",
      code: null,
    });
    await start('msgCatch', 'twice');
    await start('msgCatch', 'twice');
    const many = await message({ messageName: 'orderPaid', businessKey: 'twice' }).expect(400);
    expect(many.body.message).toMatch(
      /^ENGINE-13031 Cannot correlate a message with name 'orderPaid' to a single execution\. 2 executions match the correlation keys: CorrelationSet \[businessKey=twice,/,
    );
    const all = await message({
      messageName: 'orderPaid',
      businessKey: 'twice',
      all: true,
      resultEnabled: true,
    }).expect(200);
    expect(all.body).toHaveLength(2);
  });

  it('correlation keys and local correlation keys narrow the match', async () => {
    const a = await start('msgCatch', undefined, { orderId: { value: 'ck-a' } });
    await start('msgCatch', undefined, { orderId: { value: 'ck-b' } });
    const res = await message({
      messageName: 'orderPaid',
      correlationKeys: { orderId: { value: 'ck-a', type: 'String' } },
      resultEnabled: true,
    }).expect(200);
    expect(res.body[0].execution.processInstanceId).toBe(a.id);
    await message({ messageName: 'orderPaid', localCorrelationKeys: { orderId: { value: 'ck-b' } } }).expect(204);
  });

  it('a tenant id with a process instance id is refused by the engine', async () => {
    const res = await message({ messageName: 'orderPaid', processInstanceId: 'x', tenantId: 't' }).expect(400);
    expect(res.body.message).toBe(
      'ENGINE-13028 Cannot specify a tenant-id when correlate a message to a single process instance.',
    );
  });

  it('a malformed variable is a 400', async () => {
    const res = await message({ messageName: 'orderPaid', processVariables: { x: 1 } }).expect(400);
    expect(res.body.message).toMatch(/^Cannot deliver message: /);
  });
});
