import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`process instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let deploymentId: string;
  let a: any;
  let b: any;
  let caller: any;
  let called: string;
  beforeAll(async () => {
    t = await createTestApp();
    deploymentId = (await deployFixture(t, ['rest/waiting.bpmn', 'rest/caller.bpmn']).expect(200)).body.id;
    a = await start('waiting', 'order-A', { amount: { value: 100, type: 'Integer' }, label: { value: 'Express' } });
    b = await start('waiting', 'order-B', { amount: { value: 300, type: 'Integer' }, label: { value: 'standard' } });
    caller = await start('caller', 'call-1', { amount: { value: 5, type: 'Integer' } });
    called = (await list(`?superProcessInstance=${caller.id}`))[0].id;
  });
  afterAll(() => t.close());

  async function start(key: string, businessKey: string, variables: object) {
    const all = { reviewer: { value: 'carol' }, ...variables };
    return (
      await t.as('demo').post(`/process-definition/key/${key}/start`).send({ businessKey, variables: all }).expect(200)
    ).body;
  }
  const list = async (query = '') => (await t.as('demo').get(`/process-instance${query}`).expect(200)).body;
  const keys = async (query: string) => (await list(query)).map((p: any) => p.businessKey).sort();

  it('lists and serves instances as Camunda renders them', async () => {
    expect(await list(`?processInstanceIds=${a.id}`)).toEqual([
      {
        links: [],
        id: a.id,
        definitionId: a.definitionId,
        definitionKey: 'waiting',
        businessKey: 'order-A',
        caseInstanceId: null,
        ended: false,
        suspended: false,
        tenantId: null,
      },
    ]);
    await t
      .as('demo')
      .get(`/process-instance/${a.id}`)
      .expect(200, (await list(`?processInstanceIds=${a.id}`))[0]);
    const missing = await t.as('demo').get('/process-instance/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Process instance with id nope does not exist',
      code: null,
    });
    expect((await t.as('demo').get('/process-instance/count').expect(200)).body).toEqual({ count: 4 });
  });

  it('filters by ids, business key, definition and deployment', async () => {
    expect(await keys(`?processInstanceIds=${a.id},${b.id}`)).toEqual(['order-A', 'order-B']);
    expect(await keys('?businessKey=order-A')).toEqual(['order-A']);
    expect(await keys('?businessKeyLike=order')).toEqual(['order-A', 'order-B']);
    expect(await keys('?businessKeyLike=order-%25')).toEqual(['order-A', 'order-B']);
    expect(await keys(`?processDefinitionId=${caller.definitionId}`)).toEqual(['call-1']);
    expect((await list('?processDefinitionKey=waiting')).length).toBe(3);
    expect((await list('?processDefinitionKeyIn=waiting,caller')).length).toBe(4);
    expect(await keys('?processDefinitionKeyNotIn=waiting')).toEqual(['call-1']);
    expect((await list(`?deploymentId=${deploymentId}`)).length).toBe(4);
    expect(await list('?deploymentId=nope')).toEqual([]);
    expect(await list('?caseInstanceId=x')).toEqual([]);
  });

  it('follows call activities both ways', async () => {
    expect((await list(`?subProcessInstance=${called}`)).map((p: any) => p.id)).toEqual([caller.id]);
    expect((await list(`?superProcessInstance=${caller.id}`)).map((p: any) => p.id)).toEqual([called]);
    expect((await list('?rootProcessInstances=true')).map((p: any) => p.id).sort()).toEqual(
      [a.id, b.id, caller.id].sort(),
    );
    expect((await list('?leafProcessInstances=true')).map((p: any) => p.id).sort()).toEqual(
      [a.id, b.id, called].sort(),
    );
    expect(await list(`?subProcessInstance=${a.id}`)).toEqual([]);
    // variables="all" handed the caller's variables to the called instance
    expect((await t.as('demo').get(`/process-instance/${called}/variables/amount`).expect(200)).body.value).toBe(5);
  });

  it('filters by state, activity, tenant and incidents', async () => {
    expect((await list('?active=true')).length).toBe(4);
    expect(await list('?suspended=true')).toEqual([]);
    expect((await list('?activityIdIn=WaitShipment,Nothing')).length).toBe(3);
    expect((await list('?activityIdIn=Sub')).length).toBe(3);
    expect(await keys('?activityIdIn=Call')).toEqual(['call-1']);
    expect(await list('?tenantIdIn=acme')).toEqual([]);
    expect((await list('?withoutTenantId=true')).length).toBe(4);
    expect((await list('?processDefinitionWithoutTenantId=true')).length).toBe(4);
    expect(await list('?withIncident=true')).toEqual([]);
    const payment = (await t.as('demo').get(`/execution?processInstanceId=${b.id}&activityId=WaitPayment`).expect(200))
      .body[0].id;
    const incident = (
      await t
        .as('demo')
        .post(`/execution/${payment}/create-incident`)
        .send({ incidentType: 'custom', message: 'late payment' })
        .expect(200)
    ).body;
    expect(await keys('?withIncident=true')).toEqual(['order-B']);
    expect(await keys('?incidentType=custom')).toEqual(['order-B']);
    expect(await keys(`?incidentId=${incident.id}`)).toEqual(['order-B']);
    expect(await keys('?incidentMessage=late%20payment')).toEqual(['order-B']);
    expect(await keys('?incidentMessageLike=late')).toEqual(['order-B']);
    expect(await list('?incidentType=failedJob')).toEqual([]);
  });

  it('filters by instance variables, also in POST bodies', async () => {
    const q = (filter: string, extra = '') => keys(`?variables=${encodeURIComponent(filter)}${extra}`);
    expect(await q('label_eq_Express')).toEqual(['order-A']);
    expect(await q('label_neq_Express')).toEqual(['order-B']);
    expect(await q('label_like_%xpr%')).toEqual(['order-A']);
    expect(await q('label_eq_express')).toEqual([]);
    expect(await q('label_eq_express', '&variableValuesIgnoreCase=true')).toEqual(['order-A']);
    expect(await q('LABEL_eq_Express', '&variableNamesIgnoreCase=true')).toEqual(['order-A']);
    const post = async (variables: object[]) =>
      (
        await t.as('demo').post('/process-instance').send({ variables, processDefinitionKey: 'waiting' }).expect(200)
      ).body
        .map((p: any) => p.businessKey)
        .sort();
    expect(await post([{ name: 'amount', operator: 'gt', value: 100 }])).toEqual(['order-B']);
    expect(await post([{ name: 'amount', operator: 'gteq', value: 100 }])).toEqual(['order-A', 'order-B']);
    expect(
      await post([
        { name: 'amount', operator: 'lt', value: 200 },
        { name: 'amount', operator: 'lteq', value: 100 },
      ]),
    ).toEqual([null, 'order-A']);
    // the called instance got its copy of `amount` (5)
    expect(await post([{ name: 'amount', operator: 'eq', value: 5 }])).toEqual([null]);
    const counted = await t
      .as('demo')
      .post('/process-instance/count')
      .send({ variables: [{ name: 'amount', operator: 'neq', value: 100 }] })
      .expect(200);
    expect(counted.body).toEqual({ count: 3 });
    const bad = await t.as('demo').get('/process-instance?variables=a_eq').expect(400);
    expect(bad.body.message).toBe('variable query parameter has to have format KEY_OPERATOR_VALUE.');
  });

  it('sorts by every key and pages', async () => {
    for (const key of ['instanceId', 'definitionKey', 'definitionId', 'tenantId', 'businessKey']) {
      expect(await list(`?sortBy=${key}&sortOrder=asc`)).toHaveLength(4);
    }
    expect(await keys('?sortBy=businessKey&sortOrder=desc&maxResults=2')).toEqual(['order-A', 'order-B']);
    expect((await list('?sortBy=businessKey&sortOrder=desc&maxResults=2')).map((p: any) => p.businessKey)).toEqual([
      'order-B',
      'order-A',
    ]);
    const posted = await t
      .as('demo')
      .post('/process-instance?firstResult=1&maxResults=1')
      .send({ processDefinitionKey: 'waiting', sorting: [{ sortBy: 'businessKey', sortOrder: 'asc' }] })
      .expect(200);
    expect(posted.body.map((p: any) => p.businessKey)).toEqual(['order-A']);
    await t.as('demo').get('/process-instance?sortBy=created&sortOrder=asc').expect(400);
  });

  it('shows the activity instance tree', async () => {
    const tree = (await t.as('demo').get(`/process-instance/${a.id}/activity-instances`).expect(200)).body;
    expect(tree).toMatchObject({
      id: a.id,
      parentActivityInstanceId: null,
      activityId: a.definitionId,
      activityType: 'processDefinition',
      activityName: 'Waiting',
      name: 'Waiting',
      processInstanceId: a.id,
      processDefinitionId: a.definitionId,
      executionIds: [a.id],
      childTransitionInstances: [],
      incidentIds: [],
      incidents: [],
    });
    const children = tree.childActivityInstances
      .map((c: any) => [c.activityId, c.activityType, c.parentActivityInstanceId])
      .sort();
    expect(children).toEqual([
      ['Sub', 'subProcess', a.id],
      ['WaitPayment', 'receiveTask', a.id],
    ]);
    const sub = tree.childActivityInstances.find((c: any) => c.activityId === 'Sub');
    expect(sub.childActivityInstances).toEqual([
      expect.objectContaining({
        activityId: 'WaitShipment',
        activityName: 'Wait for shipment',
        parentActivityInstanceId: sub.id,
        childActivityInstances: [],
      }),
    ]);
    expect(sub.id).toMatch(/^Sub:/);
    const callerTree = (await t.as('demo').get(`/process-instance/${caller.id}/activity-instances`).expect(200)).body;
    expect(callerTree.childActivityInstances.map((c: any) => [c.activityId, c.activityType])).toEqual([
      ['Call', 'callActivity'],
    ]);
    const missing = await t.as('demo').get('/process-instance/nope/activity-instances').expect(404);
    expect(missing.body.message).toBe('Process instance with id nope does not exist');
  });

  it('reads, writes, modifies and deletes instance variables', async () => {
    const vars = (await t.as('demo').get(`/process-instance/${a.id}/variables`).expect(200)).body;
    expect(vars).toEqual({
      reviewer: { type: 'String', value: 'carol', valueInfo: {} },
      amount: { type: 'Integer', value: 100, valueInfo: {} },
      label: { type: 'String', value: 'Express', valueInfo: {} },
    });
    await t.as('demo').put(`/process-instance/${a.id}/variables/amount`).send({ value: 101, type: 'Long' }).expect(204);
    expect((await t.as('demo').get(`/process-instance/${a.id}/variables/amount`).expect(200)).body).toEqual({
      type: 'Long',
      value: 101,
      valueInfo: {},
    });
    await t
      .as('demo')
      .post(`/process-instance/${a.id}/variables`)
      .send({
        modifications: { extra: { value: 'x' }, label: { value: 'Overnight' } },
        deletions: ['reviewer'],
      })
      .expect(204);
    expect(
      Object.keys((await t.as('demo').get(`/process-instance/${a.id}/variables`).expect(200)).body).sort(),
    ).toEqual(['amount', 'extra', 'label']);
    await t.as('demo').delete(`/process-instance/${a.id}/variables/extra`).expect(204);
    const missing = await t.as('demo').get(`/process-instance/${a.id}/variables/extra`).expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'process instance variable with name extra does not exist',
      code: null,
    });
    const bad = await t
      .as('demo')
      .post(`/process-instance/${a.id}/variables`)
      .send({ modifications: { n: { value: 'x', type: 'Double' } } })
      .expect(400);
    expect(bad.body.message).toBe(
      "Cannot modify variables for process instance: Cannot convert value 'x' of type 'Double' to java type java.lang.Double",
    );
    await t.as('demo').put(`/process-instance/${a.id}/variables/reviewer`).send({ value: 'carol' }).expect(204);
  });

  it('stores binary instance variables through multipart', async () => {
    await t
      .as('demo')
      .post(`/process-instance/${a.id}/variables/invoice/data`)
      .field('valueType', 'File')
      .attach('data', Buffer.from('%PDF'), { filename: 'invoice.pdf', contentType: 'application/pdf' })
      .expect(204);
    const res = await t.as('demo').get(`/process-instance/${a.id}/variables/invoice/data`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="invoice.pdf"; filename*=UTF-8\'\'invoice.pdf',
    );
    await t.as('demo').get(`/process-instance/${a.id}/variables/label/data`).expect(400);
  });

  it('deletes instances; unknown ids are a 404 unless failIfNotExists=false', async () => {
    const doomed = await start('waiting', 'doomed', {});
    await t
      .as('demo')
      .delete(`/process-instance/${doomed.id}?skipCustomListeners=true&skipIoMappings=true`)
      .expect(204);
    await t.as('demo').get(`/process-instance/${doomed.id}`).expect(404);
    const history = (
      await t.as('demo').get(`/history/activity-instance?processInstanceId=${doomed.id}&canceled=true`).expect(200)
    ).body;
    expect(history.map((h: any) => h.activityId).sort()).toEqual(['Sub', 'WaitPayment', 'WaitShipment']);
    const again = await t.as('demo').delete(`/process-instance/${doomed.id}`).expect(404);
    expect(again.body).toEqual({
      type: 'InvalidRequestException',
      message: `Process instance with id ${doomed.id} does not exist`,
      code: null,
    });
    await t.as('demo').delete(`/process-instance/${doomed.id}?failIfNotExists=false`).expect(204);
  });

  it('checks READ on the instance or READ_INSTANCE on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'pv' }, credentials: { password: 'pv' } })
      .expect(204);
    const pv = t.as('pv', 'pv');
    expect((await pv.get('/process-instance/count').expect(200)).body).toEqual({ count: 0 });
    await pv.get(`/process-instance/${a.id}`).expect(404);
    const tree = await pv.get(`/process-instance/${a.id}/activity-instances`).expect(403);
    expect(tree.body.missingAuthorizations.map((m: any) => m.permissionName)).toEqual(['READ', 'READ_INSTANCE']);
    await pv.get(`/process-instance/${a.id}/variables`).expect(403);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'pv', resourceType: 8, resourceId: a.id, permissions: ['READ'] })
      .expect(200);
    expect((await pv.get('/process-instance').expect(200)).body.map((p: any) => p.id)).toEqual([a.id]);
    await pv.get(`/process-instance/${a.id}/activity-instances`).expect(200);
    await pv.get(`/process-instance/${a.id}/variables`).expect(200);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'pv', resourceType: 6, resourceId: 'caller', permissions: ['READ_INSTANCE'] })
      .expect(200);
    expect((await pv.get('/process-instance').expect(200)).body.map((p: any) => p.id).sort()).toEqual(
      [a.id, caller.id].sort(),
    );
    await pv.delete(`/process-instance/${a.id}`).expect(403);
  });
});
