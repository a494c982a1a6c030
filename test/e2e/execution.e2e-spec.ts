import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** One `waiting` instance: root (inactive) -> WaitPayment (concurrent, message) and Sub -> WaitShipment (scope). */
describe(`executions (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: any;
  let payment: string;
  let shipment: string;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['rest/waiting.bpmn']).expect(200);
    pi = await start('order-1');
    payment = (await list(`?processInstanceId=${pi.id}&activityId=WaitPayment`))[0].id;
    shipment = (await list(`?processInstanceId=${pi.id}&activityId=WaitShipment`))[0].id;
    const put = (name: string, value: unknown, type: string) =>
      t.as('demo').put(`/execution/${payment}/localVariables/${name}`).send({ value, type }).expect(204);
    await put('amount', 150, 'Integer');
    await put('rate', 1.5, 'Double');
    await put('label', 'Express', 'String');
    await put('paid', true, 'Boolean');
    await put('when', '2026-01-02T03:04:05.000+0000', 'Date');
  });
  afterAll(() => t.close());

  async function start(businessKey: string) {
    const variables = { reviewer: { value: 'carol', type: 'String' }, region: { value: 'North', type: 'String' } };
    return (
      await t.as('demo').post('/process-definition/key/waiting/start').send({ variables, businessKey }).expect(200)
    ).body;
  }
  const list = async (query = '') => (await t.as('demo').get(`/execution${query}`).expect(200)).body;
  const ids = async (query: string) => (await list(query)).map((e: any) => e.id).sort();
  const count = async (query: string) => (await t.as('demo').get(`/execution/count${query}`).expect(200)).body.count;

  it('lists the execution tree of an instance and serves one execution', async () => {
    const all = await list(`?processInstanceId=${pi.id}`);
    expect(all).toHaveLength(4);
    expect(all).toContainEqual({ id: pi.id, processInstanceId: pi.id, ended: false, tenantId: null });
    await t
      .as('demo')
      .get(`/execution/${payment}`)
      .expect(200, { id: payment, processInstanceId: pi.id, ended: false, tenantId: null });
    const missing = await t.as('demo').get('/execution/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Execution with id nope does not exist',
      code: null,
    });
  });

  it('filters by instance, definition, business key, activity, message subscription and state', async () => {
    const other = await start('order-2');
    expect(await count(`?businessKey=order-1`)).toBe(4);
    expect(await count(`?businessKey=nope`)).toBe(0);
    expect(await count(`?processDefinitionKey=waiting`)).toBe(8);
    expect(await count(`?processDefinitionId=${pi.definitionId}`)).toBe(8);
    expect(await ids(`?activityId=WaitShipment&processInstanceId=${pi.id}`)).toEqual([shipment]);
    expect(await ids(`?messageEventSubscriptionName=orderPaid&businessKey=order-1`)).toEqual([payment]);
    expect(await count(`?signalEventSubscriptionName=orderPaid`)).toBe(0);
    expect(await count(`?active=true&processInstanceId=${pi.id}`)).toBe(4);
    expect(await count(`?suspended=true`)).toBe(0);
    expect(await count(`?suspended=false&processInstanceId=${pi.id}`)).toBe(4);
    expect(await count(`?tenantIdIn=acme`)).toBe(0);
    await t.as('demo').delete(`/process-instance/${other.id}`).expect(204);
  });

  it('filters by local variables with every operator', async () => {
    const q = (filter: string) => ids(`?processInstanceId=${pi.id}&variables=${encodeURIComponent(filter)}`);
    expect(await q('label_eq_Express')).toEqual([payment]);
    expect(await q('label_neq_Express')).toEqual([]);
    expect(await q('label_neq_Standard')).toEqual([payment]);
    expect(await q('label_like_Exp%')).toEqual([payment]);
    expect(await q('label_like_exp%')).toEqual([]);
    expect(await q('label_gt_A')).toEqual([payment]);
    expect(await q('label_lt_A')).toEqual([]);
    expect(await q('label_gteq_Express,label_lteq_Express')).toEqual([payment]);
    // GET values are strings: they never match a number
    expect(await q('amount_eq_150')).toEqual([]);
    expect(await q('when_eq_2026-01-02T03:04:05.000+0000')).toEqual([payment]);
    expect(await q('when_gt_2026-01-01T00:00:00.000+0000')).toEqual([payment]);
    // the instance's variables belong to its root execution only
    expect(await q('region_eq_North')).toEqual([pi.id]);
  });

  it('matches names and values case-insensitively when asked', async () => {
    const base = `?processInstanceId=${pi.id}&variables=LABEL_eq_express`;
    expect(await ids(base)).toEqual([]);
    expect(await ids(`${base}&variableNamesIgnoreCase=true`)).toEqual([]);
    expect(await ids(`${base}&variableNamesIgnoreCase=true&variableValuesIgnoreCase=true`)).toEqual([payment]);
  });

  it('takes typed values in POST bodies: numbers match every numeric type, booleans and null too', async () => {
    const post = async (variables: object[], extra: object = {}) =>
      (
        await t
          .as('demo')
          .post('/execution')
          .send({ processInstanceId: pi.id, variables, ...extra })
          .expect(200)
      ).body.map((e: any) => e.id);
    expect(await post([{ name: 'amount', operator: 'eq', value: 150 }])).toEqual([payment]);
    expect(
      await post([
        { name: 'amount', operator: 'gt', value: 100 },
        { name: 'amount', operator: 'lteq', value: 150 },
      ]),
    ).toEqual([payment]);
    expect(await post([{ name: 'amount', operator: 'lt', value: 150 }])).toEqual([]);
    expect(await post([{ name: 'rate', operator: 'gteq', value: 1.5 }])).toEqual([payment]);
    expect(await post([{ name: 'paid', operator: 'eq', value: true }])).toEqual([payment]);
    expect(await post([{ name: 'paid', operator: 'neq', value: true }])).toEqual([]);
    expect(await post([{ name: 'label', operator: 'eq', value: 'Express' }])).toEqual([payment]);
    expect(await post([{ name: 'label', operator: 'eq', value: null }])).toEqual([]);
    const counted = await t
      .as('demo')
      .post('/execution/count')
      .send({ processInstanceId: pi.id, variables: [{ name: 'amount', operator: 'eq', value: 150 }] })
      .expect(200);
    expect(counted.body).toEqual({ count: 1 });
  });

  it('filters by process variables (eq and neq only)', async () => {
    expect(await count(`?processInstanceId=${pi.id}&processVariables=region_eq_North`)).toBe(4);
    expect(await count(`?processInstanceId=${pi.id}&processVariables=region_neq_North`)).toBe(0);
    const bad = await t.as('demo').get('/execution?processVariables=region_gt_North').expect(400);
    expect(bad.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Invalid process variable comparator specified: gt',
      code: null,
    });
    const badVar = await t.as('demo').get('/execution?variables=label_near_x').expect(400);
    expect(badVar.body.message).toBe('Invalid variable comparator specified: near');
    const badFormat = await t.as('demo').get('/execution?variables=label_eq').expect(400);
    expect(badFormat.body.message).toBe('variable query parameter has to have format KEY_OPERATOR_VALUE.');
    const postBad = await t
      .as('demo')
      .post('/execution')
      .send({ processVariables: [{ name: 'region', operator: 'like', value: 'N%' }] })
      .expect(400);
    expect(postBad.body.message).toBe('Invalid process variable comparator specified: like');
  });

  it('sorts by every key and pages', async () => {
    for (const key of ['instanceId', 'definitionKey', 'definitionId', 'tenantId']) {
      expect(await list(`?processInstanceId=${pi.id}&sortBy=${key}&sortOrder=desc`)).toHaveLength(4);
    }
    expect(await list(`?processInstanceId=${pi.id}&firstResult=1&maxResults=2`)).toHaveLength(2);
    const posted = await t
      .as('demo')
      .post('/execution?firstResult=3')
      .send({ processInstanceId: pi.id, sorting: [{ sortBy: 'instanceId', sortOrder: 'asc' }] })
      .expect(200);
    expect(posted.body).toHaveLength(1);
    await t.as('demo').get('/execution?sortBy=id&sortOrder=asc').expect(400);
  });

  it('reads, writes and deletes local variables', async () => {
    const all = (await t.as('demo').get(`/execution/${payment}/localVariables`).expect(200)).body;
    expect(all).toEqual({
      amount: { type: 'Integer', value: 150, valueInfo: {} },
      rate: { type: 'Double', value: 1.5, valueInfo: {} },
      label: { type: 'String', value: 'Express', valueInfo: {} },
      paid: { type: 'Boolean', value: true, valueInfo: {} },
      when: { type: 'Date', value: '2026-01-02T03:04:05.000+0000', valueInfo: {} },
    });
    // local only: the instance's variables are not there
    expect((await t.as('demo').get(`/execution/${pi.id}/localVariables`).expect(200)).body).toMatchObject({
      region: { value: 'North' },
    });
    await t
      .as('demo')
      .get(`/execution/${payment}/localVariables/label`)
      .expect(200, { type: 'String', value: 'Express', valueInfo: {} });
    const missing = await t.as('demo').get(`/execution/${payment}/localVariables/region`).expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'execution variable with name region does not exist',
      code: null,
    });

    await t
      .as('demo')
      .put(`/execution/${shipment}/localVariables/note`)
      .send({ value: { a: 1 }, type: 'Json' })
      .expect(400);
    await t
      .as('demo')
      .put(`/execution/${shipment}/localVariables/note`)
      .send({ value: '{"a":1}', type: 'Json' })
      .expect(204);
    await t
      .as('demo')
      .put(`/execution/${shipment}/localVariables/obj`)
      .send({
        value: '{"b":2}',
        type: 'Object',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      })
      .expect(204);
    expect((await t.as('demo').get(`/execution/${shipment}/localVariables/obj`).expect(200)).body).toEqual({
      type: 'Object',
      value: { b: 2 },
      valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
    });
    expect(
      (await t.as('demo').get(`/execution/${shipment}/localVariables/obj?deserializeValue=false`).expect(200)).body
        .value,
    ).toBe('{"b":2}');
    const badType = await t
      .as('demo')
      .put(`/execution/${shipment}/localVariables/n`)
      .send({ value: 'x', type: 'Integer' })
      .expect(400);
    expect(badType.body).toEqual({
      type: 'InvalidRequestException',
      code: null,
      message:
        "Cannot put execution variable n: Cannot convert value 'x' of type 'Integer' to java type java.lang.Integer",
    });
    const unknownType = await t
      .as('demo')
      .put(`/execution/${shipment}/localVariables/n`)
      .send({ value: 'x', type: 'Weird' })
      .expect(400);
    expect(unknownType.body.message).toBe("Cannot put execution variable n: Unsupported value type 'Weird'");

    await t.as('demo').delete(`/execution/${shipment}/localVariables/note`).expect(204);
    await t.as('demo').delete(`/execution/${shipment}/localVariables/never-there`).expect(204);
    await t.as('demo').get(`/execution/${shipment}/localVariables/note`).expect(404);
  });

  it('modifies local variables in one request: a name both set and deleted ends deleted', async () => {
    await t
      .as('demo')
      .post(`/execution/${shipment}/localVariables`)
      .send({
        modifications: { a: { value: 1, type: 'Integer' }, b: { value: 'x' }, obj: { value: 'gone' } },
        deletions: ['obj', 'b'],
      })
      .expect(204);
    const vars = (await t.as('demo').get(`/execution/${shipment}/localVariables`).expect(200)).body;
    expect(Object.keys(vars).sort()).toEqual(['a']);
    const bad = await t
      .as('demo')
      .post(`/execution/${shipment}/localVariables`)
      .send({ modifications: { a: { value: 'x', type: 'Integer' } } })
      .expect(400);
    expect(bad.body.message).toBe(
      "Cannot modify variables for execution: Cannot convert value 'x' of type 'Integer' to java type java.lang.Integer",
    );
    const unknown = await t
      .as('demo')
      .post('/execution/nope/localVariables')
      .send({ modifications: { a: { value: 1 } } })
      .expect(404);
    expect(unknown.body.message).toBe(
      "Cannot modify variables for execution nope: execution nope doesn't exist: execution is null",
    );
  });

  it('stores and serves binary local variables (Bytes and File) through multipart', async () => {
    await t
      .as('demo')
      .post(`/execution/${shipment}/localVariables/blob/data`)
      .attach('data', Buffer.from([1, 2, 3]), 'blob.bin')
      .expect(204);
    const bytes = await t
      .as('demo')
      .get(`/execution/${shipment}/localVariables/blob/data`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect([...bytes.body]).toEqual([1, 2, 3]);
    expect((await t.as('demo').get(`/execution/${shipment}/localVariables/blob`).expect(200)).body).toEqual({
      type: 'Bytes',
      value: 'AQID',
      valueInfo: {},
    });

    await t
      .as('demo')
      .post(`/execution/${shipment}/localVariables/doc/data`)
      .field('valueType', 'File')
      .attach('data', Buffer.from('hello'), { filename: 'hello.txt', contentType: 'text/plain' })
      .expect(204);
    const file = await t.as('demo').get(`/execution/${shipment}/localVariables/doc/data`).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="hello.txt"; filename*=UTF-8\'\'hello.txt');
    expect(file.text).toBe('hello');
    expect((await t.as('demo').get(`/execution/${shipment}/localVariables/doc`).expect(200)).body).toEqual({
      type: 'File',
      value: null,
      valueInfo: { filename: 'hello.txt', mimeType: 'text/plain' },
    });

    const notBinary = await t.as('demo').get(`/execution/${payment}/localVariables/label/data`).expect(400);
    expect(notBinary.body.message).toBe(`Value of variable with id ${payment} is not a binary value.`);
    await t.as('demo').get(`/execution/${payment}/localVariables/nope/data`).expect(404);
    await t.as('demo').post(`/execution/${shipment}/localVariables/x/data`).field('valueType', 'Bytes').expect(400);
    await t
      .as('demo')
      .post(`/execution/${shipment}/localVariables/x/data`)
      .field('valueType', 'String')
      .attach('data', Buffer.from('a'), 'a.txt')
      .expect(400);
  });

  it('answers unknown executions on the variables resource as the engine does', async () => {
    const all = await t.as('demo').get('/execution/nope/localVariables').expect(400);
    expect(all.body).toEqual({
      type: 'NullValueException',
      message: "execution nope doesn't exist: execution is null",
      code: 0,
    });
    const one = await t.as('demo').get('/execution/nope/localVariables/x').expect(404);
    expect(one.body.message).toBe("Cannot get execution variable x: execution nope doesn't exist: execution is null");
    const put = await t.as('demo').put('/execution/nope/localVariables/x').send({ value: 1 }).expect(404);
    expect(put.body.message).toBe("Cannot put execution variable x: execution nope doesn't exist: execution is null");
  });

  it('creates incidents and filters executions by them', async () => {
    const res = await t
      .as('demo')
      .post(`/execution/${payment}/create-incident`)
      .send({ incidentType: 'custom', configuration: 'cfg', message: 'Something broke' })
      .expect(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      processDefinitionId: pi.definitionId,
      processInstanceId: pi.id,
      executionId: payment,
      incidentTimestamp: expect.any(String),
      incidentType: 'custom',
      activityId: 'WaitPayment',
      failedActivityId: 'WaitPayment',
      causeIncidentId: res.body.id,
      rootCauseIncidentId: res.body.id,
      configuration: 'cfg',
      incidentMessage: 'Something broke',
      tenantId: null,
      jobDefinitionId: null,
      annotation: null,
    });
    expect(await ids(`?incidentType=custom`)).toEqual([payment]);
    expect(await ids(`?incidentId=${res.body.id}`)).toEqual([payment]);
    expect(await ids(`?incidentMessage=Something%20broke`)).toEqual([payment]);
    expect(await ids(`?incidentMessageLike=broke`)).toEqual([payment]);
    expect(await count(`?incidentType=failedJob`)).toBe(0);
    const tree = (await t.as('demo').get(`/process-instance/${pi.id}/activity-instances`).expect(200)).body;
    const waitPayment = tree.childActivityInstances.find((a: any) => a.activityId === 'WaitPayment');
    expect(waitPayment.incidentIds).toEqual([res.body.id]);
    expect(waitPayment.incidents).toEqual([{ id: res.body.id, activityId: 'WaitPayment' }]);

    const noType = await t.as('demo').post(`/execution/${payment}/create-incident`).send({ message: 'x' }).expect(400);
    expect(noType.body).toEqual({ type: 'InvalidRequestException', message: 'incidentType is null', code: null });
    const unknown = await t
      .as('demo')
      .post('/execution/nope/create-incident')
      .send({ incidentType: 'custom' })
      .expect(400);
    expect(unknown.body.message).toBe("Cannot find an execution with executionId 'nope': execution is null");
    const noActivity = await t
      .as('demo')
      .post(`/execution/${pi.id}/create-incident`)
      .send({ incidentType: 'custom' })
      .expect(400);
    expect(noActivity.body.message).toBe('Execution must be related to an activity: activity is null');
  });

  it('serves message subscriptions and triggers them', async () => {
    const other = await start('order-3');
    const otherPayment = (await list(`?processInstanceId=${other.id}&activityId=WaitPayment`))[0].id;
    const sub = (await t.as('demo').get(`/execution/${otherPayment}/messageSubscriptions/orderPaid`).expect(200)).body;
    expect(sub).toEqual({
      id: expect.any(String),
      eventType: 'message',
      eventName: 'orderPaid',
      executionId: otherPayment,
      processInstanceId: other.id,
      activityId: 'WaitPayment',
      createdDate: expect.stringMatching(/\+0000$/),
      tenantId: null,
    });
    const missing = await t.as('demo').get(`/execution/${otherPayment}/messageSubscriptions/nope`).expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: `Message event subscription for execution ${otherPayment} named nope does not exist`,
      code: null,
    });

    const wrong = await t
      .as('demo')
      .post(`/execution/${otherPayment}/messageSubscriptions/nope/trigger`)
      .send({})
      .expect(400);
    expect(wrong.body.message).toBe(
      `Cannot trigger message nope for execution ${otherPayment}: Execution with id '${otherPayment}' does not have a subscription to a message event with name 'nope': eventSubscriptions is empty`,
    );
    await t
      .as('demo')
      .post(`/execution/${otherPayment}/messageSubscriptions/orderPaid/trigger`)
      .send({ variables: { paidBy: { value: 'card' } } })
      .expect(204);
    await t.as('demo').get(`/execution/${otherPayment}/messageSubscriptions/orderPaid`).expect(404);
    expect(await count(`?processInstanceId=${other.id}&activityId=WaitPayment`)).toBe(0);
    expect((await t.as('demo').get(`/process-instance/${other.id}/variables/paidBy`).expect(200)).body.value).toBe(
      'card',
    );
  });

  it('signals a waiting execution; the process moves on', async () => {
    const other = await start('order-4');
    const otherShipment = (await list(`?processInstanceId=${other.id}&activityId=WaitShipment`))[0].id;
    await t
      .as('demo')
      .post(`/execution/${otherShipment}/signal`)
      .send({ variables: { shipped: { value: true, type: 'Boolean' } } })
      .expect(204);
    expect(await count(`?processInstanceId=${other.id}&activityId=WaitShipment`)).toBe(0);
    expect((await t.as('demo').get(`/process-instance/${other.id}/variables/shipped`).expect(200)).body.value).toBe(
      true,
    );

    const unknown = await t.as('demo').post('/execution/nope/signal').send({}).expect(404);
    expect(unknown.body).toEqual({
      type: 'RestException',
      message: "Cannot signal execution nope: execution nope doesn't exist: execution is null",
      code: null,
    });
    const badVariables = await t
      .as('demo')
      .post(`/execution/${shipment}/signal`)
      .send({ variables: { x: { value: 'y', type: 'Long' } } })
      .expect(400);
    expect(badVariables.body.message).toBe(
      `Cannot signal execution ${shipment}: Cannot convert value 'y' of type 'Long' to java type java.lang.Long`,
    );
  });

  it('shows executions only to users with READ on the instance or READ_INSTANCE on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'viewer' }, credentials: { password: 'viewer' } })
      .expect(204);
    const viewer = t.as('viewer', 'viewer');
    expect((await viewer.get('/execution/count').expect(200)).body).toEqual({ count: 0 });
    await viewer.get(`/execution/${payment}`).expect(404);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'viewer', resourceType: 8, resourceId: pi.id, permissions: ['READ'] })
      .expect(200);
    expect((await viewer.get('/execution/count').expect(200)).body).toEqual({ count: 4 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'viewer', resourceType: 6, resourceId: 'waiting', permissions: ['READ_INSTANCE'] })
      .expect(200);
    expect((await viewer.get('/execution/count').expect(200)).body.count).toBe(
      (await t.as('demo').get('/execution/count').expect(200)).body.count,
    );
    const denied = await viewer.put(`/execution/${payment}/localVariables/x`).send({ value: 1 }).expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
  });
});
