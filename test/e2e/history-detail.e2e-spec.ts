import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`historic details (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: any;
  let task: any;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['deployment/dish.dmn', 'rest/dinner.bpmn']).expect(200);
    const variables = { season: { value: 'Fall', type: 'String' }, guestCount: { value: 12, type: 'Integer' } };
    pi = (
      await t
        .as('demo')
        .post('/process-definition/key/dinner/start')
        .send({ variables, businessKey: 'detail' })
        .expect(200)
    ).body;
    await t
      .as('demo')
      .put(`/process-instance/${pi.id}/variables/guestCount`)
      .send({ value: 14, type: 'Integer' })
      .expect(204);
    await t
      .as('demo')
      .put(`/process-instance/${pi.id}/variables/blob`)
      .send({ value: 'AQID', type: 'Bytes' })
      .expect(204);
    await t
      .as('demo')
      .put(`/process-instance/${pi.id}/variables/obj`)
      .send({
        value: '{"a":1}',
        type: 'Object',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      })
      .expect(204);
    [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').put(`/task/${task.id}/localVariables/note`).send({ value: 'spicy', type: 'String' }).expect(204);
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/history/detail${query}`).expect(200)).body;
  const names = async (query: string) => (await list(query)).map((d: any) => d.variableName).sort();

  it('records every variable update with its revision; start variables are initial', async () => {
    const details = await list(`?processInstanceId=${pi.id}&sortBy=variableName&sortOrder=asc`);
    expect(details.map((d: any) => [d.variableName, d.revision, d.initial])).toEqual([
      ['blob', 0, false],
      ['desiredDish', 0, false],
      ['guestCount', 0, true],
      ['guestCount', 1, false],
      ['note', 0, false],
      ['obj', 0, false],
      ['season', 0, true],
    ]);
    const season = details.find((d: any) => d.variableName === 'season');
    expect(season).toEqual({
      type: 'variableUpdate',
      id: expect.any(String),
      processDefinitionKey: 'dinner',
      processDefinitionId: pi.definitionId,
      processInstanceId: pi.id,
      activityInstanceId: pi.id,
      executionId: pi.id,
      caseDefinitionKey: null,
      caseDefinitionId: null,
      caseInstanceId: null,
      caseExecutionId: null,
      taskId: null,
      tenantId: null,
      userOperationId: null,
      time: expect.stringMatching(/\+0000$/),
      removalTime: null,
      rootProcessInstanceId: pi.id,
      variableName: 'season',
      variableInstanceId: expect.any(String),
      variableType: 'String',
      value: 'Fall',
      valueInfo: {},
      initial: true,
      revision: 0,
      errorMessage: null,
    });
    await t.as('demo').get(`/history/detail/${season.id}`).expect(200, season);
    const missing = await t.as('demo').get('/history/detail/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: "Historic detail with Id 'nope' does not exist.",
      code: null,
    });
  });

  it('filters by instance, execution, task, variable and kind', async () => {
    const [note] = await list(`?taskId=${task.id}`);
    expect(note).toMatchObject({ variableName: 'note', value: 'spicy', taskId: task.id });
    expect(await names(`?processInstanceIdIn=${pi.id},other`)).toHaveLength(7);
    expect(await names(`?executionId=${pi.id}&excludeTaskDetails=true`)).toEqual([
      'blob',
      'desiredDish',
      'guestCount',
      'guestCount',
      'obj',
      'season',
    ]);
    expect(await names(`?processInstanceId=${pi.id}&initial=true`)).toEqual(['guestCount', 'season']);
    // the start variables belong to the instance's activity instance, later updates to where the root execution waits
    expect(await names(`?activityInstanceId=${pi.id}&variableNameLike=guest`)).toEqual(['guestCount']);
    expect(await names(`?activityInstanceId=${encodeURIComponent(note.activityInstanceId)}`)).toContain('note');
    expect(await names(`?variableTypeIn=Integer,Bytes`)).toEqual(['blob', 'guestCount', 'guestCount']);
    const [count0] = await list(`?variableNameLike=guestCount&sortBy=variableRevision&sortOrder=asc`);
    expect(await names(`?variableInstanceId=${count0.variableInstanceId}`)).toEqual(['guestCount', 'guestCount']);
    expect(await names(`?processInstanceId=${pi.id}&variableUpdates=true`)).toHaveLength(7);
    expect(await list(`?formFields=true`)).toEqual([]);
    expect(await list(`?caseInstanceId=x`)).toEqual([]);
    expect(await list(`?caseExecutionId=x`)).toEqual([]);
    expect(await list(`?userOperationId=x`)).toEqual([]);
    expect(await list(`?tenantIdIn=acme`)).toEqual([]);
    expect(await names(`?withoutTenantId=true`)).toHaveLength(7);
    expect(await names(`?occurredAfter=2000-01-01T00:00:00.000%2B0000`)).toHaveLength(7);
    expect(await list(`?occurredBefore=2000-01-01T00:00:00.000%2B0000`)).toEqual([]);
  });

  it('sorts by every key, pages, counts, and answers POST queries', async () => {
    for (const key of [
      'processInstanceId',
      'variableName',
      'variableType',
      'variableRevision',
      'formPropertyId',
      'time',
      'occurrence',
      'tenantId',
    ]) {
      expect(await list(`?sortBy=${key}&sortOrder=desc`)).toHaveLength(7);
    }
    expect(await list('?firstResult=2&maxResults=3')).toHaveLength(3);
    expect((await t.as('demo').get('/history/detail/count?variableNameLike=guest').expect(200)).body).toEqual({
      count: 2,
    });
    const posted = await t
      .as('demo')
      .post('/history/detail?maxResults=2')
      .send({
        processInstanceIdIn: [pi.id],
        variableTypeIn: ['string'],
        sorting: [{ sortBy: 'variableName', sortOrder: 'desc' }],
      })
      .expect(200);
    expect(posted.body.map((d: any) => d.variableName)).toEqual(['season', 'note']);
    await t.as('demo').post('/history/detail/count').send({}).expect(404);
    await t.as('demo').get('/history/detail?sortBy=value&sortOrder=asc').expect(400);
  });

  it('renders serializable values serialized on request', async () => {
    const [obj] = await list(`?variableNameLike=obj`);
    expect(obj).toMatchObject({
      variableType: 'Object',
      value: { a: 1 },
      valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
    });
    expect((await list(`?variableNameLike=obj&deserializeValues=false`))[0].value).toBe('{"a":1}');
    const posted = await t
      .as('demo')
      .post('/history/detail?deserializeValues=false')
      .send({ variableNameLike: 'obj' })
      .expect(200);
    expect(posted.body[0].value).toBe('{"a":1}');
    expect((await t.as('demo').get(`/history/detail/${obj.id}?deserializeValue=false`).expect(200)).body.value).toBe(
      '{"a":1}',
    );
  });

  it('serves binary values through /data', async () => {
    const [blob] = await list(`?variableNameLike=blob`);
    expect(blob).toMatchObject({ variableType: 'Bytes', value: 'AQID' });
    const data = await t
      .as('demo')
      .get(`/history/detail/${blob.id}/data`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(data.headers['content-type']).toBe('application/octet-stream');
    expect([...data.body]).toEqual([1, 2, 3]);
    const [season] = await list(`?variableNameLike=season`);
    const notBinary = await t.as('demo').get(`/history/detail/${season.id}/data`).expect(400);
    expect(notBinary.body.message).toBe(`Value of variable with id ${season.id} is not a binary value.`);
    await t.as('demo').get('/history/detail/nope/data').expect(404);
  });

  it('shows details only to users with READ_HISTORY on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'hist' }, credentials: { password: 'hist' } })
      .expect(204);
    expect((await t.as('hist', 'hist').get('/history/detail/count').expect(200)).body).toEqual({ count: 0 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'hist', resourceType: 6, resourceId: '*', permissions: ['READ_HISTORY'] })
      .expect(200);
    expect((await t.as('hist', 'hist').get('/history/detail/count').expect(200)).body).toEqual({ count: 7 });
  });

  it('records nothing below history level audit', async () => {
    const activityOnly = await createTestApp({ historyLevel: 'activity' });
    try {
      await deployFixture(activityOnly, ['deployment/dish.dmn', 'rest/dinner.bpmn']).expect(200);
      await activityOnly
        .as('demo')
        .post('/process-definition/key/dinner/start')
        .send({ variables: { season: { value: 'Summer' }, guestCount: { value: 1 } } })
        .expect(200);
      expect((await activityOnly.as('demo').get('/history/detail/count').expect(200)).body).toEqual({ count: 0 });
      expect((await activityOnly.as('demo').get('/history/activity-instance/count').expect(200)).body.count).toBe(5);
    } finally {
      await activityOnly.close();
    }
  });
});
