import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`POST /signal (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['events/signals.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const start = async (key: string) =>
    (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
  const openTasks = async (id: string) =>
    (await t.as('demo').get(`/task?processInstanceId=${id}`).expect(200)).body.map((x: any) => x.taskDefinitionKey);

  it('400 without a name', async () => {
    expect((await t.as('demo').post('/signal').send({}).expect(400)).body).toEqual({
      type: 'InvalidRequestException',
      message: 'No signal name given',
      code: null,
    });
  });

  it('Given instances waiting for a signal, When it is sent, Then they all continue (204) and a signal start event starts one', async () => {
    const a = await start('sigCatch');
    const b = await start('sigCatch');
    const subs = await t.as('demo').get('/event-subscription?eventType=signal&eventName=alert').expect(200);
    expect(subs.body.map((s: any) => s.processInstanceId)).toEqual(expect.arrayContaining([a.id, b.id, null]));
    await t
      .as('demo')
      .post('/signal')
      .send({ name: 'alert', variables: { level: { value: 2, type: 'Integer' } } })
      .expect(204);
    expect(await openTasks(a.id)).toEqual(['React']);
    expect(await openTasks(b.id)).toEqual(['React']);
    const started = await t.as('demo').get('/process-instance?processDefinitionKey=sigStart').expect(200);
    expect(started.body).toHaveLength(1);
    expect((await t.as('demo').get(`/process-instance/${a.id}/variables/level`).expect(200)).body.value).toBe(2);
  });

  it('to one execution; errors for a missing subscription and for a tenant with an execution', async () => {
    const a = await start('sigCatch');
    const b = await start('sigCatch');
    await t.as('demo').post('/signal').send({ name: 'alert', executionId: a.id }).expect(204);
    expect(await openTasks(a.id)).toEqual(['React']);
    expect(await openTasks(b.id)).toEqual([]);
    const missing = await t.as('demo').post('/signal').send({ name: 'other', executionId: b.id }).expect(400);
    expect(missing.body.message).toBe(`Execution '${b.id}' has not subscribed to a signal event with name 'other'.`);
    const tenant = await t
      .as('demo')
      .post('/signal')
      .send({ name: 'alert', executionId: b.id, tenantId: 'x' })
      .expect(400);
    expect(tenant.body.message).toBe(
      'ENGINE-13027 Cannot specify a tenant-id when deliver a signal to a single execution.',
    );
  });

  it('a tenant id only reaches that tenant', async () => {
    const b = await start('sigCatch');
    await t.as('demo').post('/signal').send({ name: 'alert', tenantId: 'other-tenant' }).expect(204);
    expect(await openTasks(b.id)).toEqual([]);
    await t.as('demo').post('/signal').send({ name: 'alert', withoutTenantId: true }).expect(204);
    expect(await openTasks(b.id)).toEqual(['React']);
  });
});
