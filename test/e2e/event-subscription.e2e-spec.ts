import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`event subscriptions (${databaseLabel()})`, () => {
  let t: TestApp;
  const instances: any[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['rest/waiting.bpmn']).expect(200);
    for (const key of ['a', 'b']) {
      instances.push(
        (
          await t
            .as('demo')
            .post('/process-definition/key/waiting/start')
            .send({ businessKey: key, variables: { reviewer: { value: 'carol' } } })
            .expect(200)
        ).body,
      );
    }
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/event-subscription${query}`).expect(200)).body;
  const count = async (query = '') =>
    (await t.as('demo').get(`/event-subscription/count${query}`).expect(200)).body.count;

  it('lists the message subscriptions of waiting receive tasks', async () => {
    const all = await list();
    expect(all).toHaveLength(2);
    const [first] = await list(`?processInstanceId=${instances[0].id}`);
    expect(first).toEqual({
      id: expect.any(String),
      eventType: 'message',
      eventName: 'orderPaid',
      executionId: expect.any(String),
      processInstanceId: instances[0].id,
      activityId: 'WaitPayment',
      createdDate: expect.stringMatching(/^\d{4}-.*\.\d{3}\+0000$/),
      tenantId: null,
    });
    expect(await list(`?eventSubscriptionId=${first.id}`)).toEqual([first]);
    expect(await list(`?executionId=${first.executionId}`)).toEqual([first]);
  });

  it('filters by name, type, activity and tenant', async () => {
    expect(await count('?eventName=orderPaid')).toBe(2);
    expect(await count('?eventName=other')).toBe(0);
    expect(await count('?eventType=message')).toBe(2);
    expect(await count('?eventType=signal')).toBe(0);
    expect(await count('?activityId=WaitPayment')).toBe(2);
    expect(await count('?tenantIdIn=acme')).toBe(0);
    expect(await count('?tenantIdIn=acme&includeEventSubscriptionsWithoutTenantId=true')).toBe(2);
    expect(await count('?withoutTenantId=true')).toBe(2);
  });

  it('sorts by created and tenant id, pages, and rejects other sort keys', async () => {
    const asc = await list('?sortBy=created&sortOrder=asc');
    const desc = await list('?sortBy=created&sortOrder=desc');
    expect(asc.map((s: any) => s.createdDate)).toEqual([...desc.map((s: any) => s.createdDate)].reverse());
    expect(await list('?sortBy=tenantId&sortOrder=asc')).toHaveLength(2);
    expect(await list('?firstResult=1')).toHaveLength(1);
    expect(await list('?maxResults=1')).toHaveLength(1);
    const bad = await t.as('demo').get('/event-subscription?sortBy=eventName&sortOrder=asc').expect(400);
    expect(bad.body.message).toBe("Cannot set query parameter 'sortBy' to value 'eventName'");
    await t.as('demo').get('/event-subscription?maxResults=x').expect(400);
  });

  it('drops the subscription when the message arrives', async () => {
    const [sub] = await list(`?processInstanceId=${instances[1].id}`);
    await t
      .as('demo')
      .post(`/execution/${sub.executionId}/messageSubscriptions/orderPaid/trigger`)
      .send({})
      .expect(204);
    expect(await count()).toBe(1);
  });

  it('has no POST query', async () => {
    await t.as('demo').post('/event-subscription').send({}).expect(404);
  });

  it('shows subscriptions only of readable instances', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'peek' }, credentials: { password: 'peek' } })
      .expect(204);
    expect((await t.as('peek', 'peek').get('/event-subscription/count').expect(200)).body).toEqual({ count: 0 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'peek', resourceType: 6, resourceId: 'waiting', permissions: ['READ_INSTANCE'] })
      .expect(200);
    expect((await t.as('peek', 'peek').get('/event-subscription/count').expect(200)).body).toEqual({ count: 1 });
  });
});
