import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`historic variable instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: any;
  let other: any;
  let task: any;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['rest/history-review.bpmn']).expect(200);
    const variables = { season: { value: 'Fall', type: 'String' }, guestCount: { value: 12, type: 'Integer' } };
    pi = (
      await t
        .as('demo')
        .post('/process-definition/key/review/start')
        .send({ variables, businessKey: 'vars' })
        .expect(200)
    ).body;
    other = (
      await t
        .as('demo')
        .post('/process-definition/key/review/start')
        .send({ variables: { season: { value: 'spring' } } })
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
    await t
      .as('demo')
      .put(`/process-instance/${pi.id}/variables/gone`)
      .send({ value: true, type: 'Boolean' })
      .expect(204);
    await t.as('demo').delete(`/process-instance/${pi.id}/variables/gone`).expect(204);
    [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').put(`/task/${task.id}/localVariables/note`).send({ value: 'spicy', type: 'String' }).expect(204);
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/history/variable-instance${query}`).expect(200)).body;
  const names = async (query: string) => (await list(query)).map((v: any) => v.name).sort();
  const count = async (query = '') =>
    (await t.as('demo').get(`/history/variable-instance/count${query}`).expect(200)).body.count;

  it('keeps the last value of every variable', async () => {
    const rows = await list(`?processInstanceId=${pi.id}&sortBy=variableName&sortOrder=asc`);
    expect(rows.map((v: any) => [v.name, v.value, v.state])).toEqual([
      ['blob', 'AQID', 'CREATED'],
      ['guestCount', 14, 'CREATED'],
      ['note', 'spicy', 'CREATED'],
      ['obj', { a: 1 }, 'CREATED'],
      ['season', 'Fall', 'CREATED'],
    ]);
    const season = rows.find((v: any) => v.name === 'season');
    expect(season).toEqual({
      id: expect.any(String),
      name: 'season',
      type: 'String',
      value: 'Fall',
      valueInfo: {},
      processDefinitionKey: 'review',
      processDefinitionId: pi.definitionId,
      processInstanceId: pi.id,
      executionId: pi.id,
      activityInstanceId: pi.id,
      caseDefinitionKey: null,
      caseDefinitionId: null,
      caseInstanceId: null,
      caseExecutionId: null,
      taskId: null,
      errorMessage: null,
      tenantId: null,
      state: 'CREATED',
      createTime: expect.stringMatching(/\+0000$/),
      removalTime: null,
      rootProcessInstanceId: pi.id,
    });
    await t.as('demo').get(`/history/variable-instance/${season.id}`).expect(200, season);
    const missing = await t.as('demo').get('/history/variable-instance/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: "Historic variable instance with Id 'nope' does not exist.",
      code: null,
    });
  });

  it('shows removed variables as DELETED only with includeDeleted', async () => {
    expect(await names(`?processInstanceId=${pi.id}`)).not.toContain('gone');
    const [gone] = await list(`?processInstanceId=${pi.id}&includeDeleted=true&variableName=gone`);
    expect(gone).toMatchObject({ name: 'gone', state: 'DELETED', value: true, type: 'Boolean' });
    expect(await count(`?includeDeleted=true&processInstanceId=${pi.id}`)).toBe(6);
    expect((await t.as('demo').get(`/history/variable-instance/${gone.id}`).expect(200)).body.state).toBe('DELETED');
  });

  it('filters as Camunda does', async () => {
    expect(await names(`?variableName=season`)).toEqual(['season', 'season']);
    expect(await names(`?variableName=SEASON&variableNamesIgnoreCase=true`)).toEqual(['season', 'season']);
    expect(await names(`?variableNameLike=seas%25`)).toEqual(['season', 'season']);
    expect(await names(`?variableName=season&variableValue=Fall`)).toEqual(['season']);
    expect(await names(`?variableName=season&variableValue=FALL&variableValuesIgnoreCase=true`)).toEqual(['season']);
    const noName = await t.as('demo').get('/history/variable-instance?variableValue=Fall').expect(400);
    expect(noName.body.message).toMatch(/variable name and value are required/);
    expect(await names(`?variableTypeIn=Integer,Bytes`)).toEqual(['blob', 'guestCount']);
    expect(await names(`?processInstanceIdIn=${other.id}`)).toEqual(['season']);
    expect(await names(`?processDefinitionKey=review&variableNameIn=season,note`)).toEqual([
      'note',
      'season',
      'season',
    ]);
    expect(await count(`?processDefinitionId=${encodeURIComponent(pi.definitionId)}`)).toBe(6);
    expect(await names(`?taskIdIn=${task.id}`)).toEqual(['note']);
    expect(await names(`?executionIdIn=${other.id}`)).toEqual(['season']);
    expect(await names(`?activityInstanceIdIn=${other.id}`)).toEqual(['season']);
    expect(await list(`?caseInstanceId=x`)).toEqual([]);
    expect(await list(`?tenantIdIn=acme`)).toEqual([]);
    expect(await count(`?withoutTenantId=true`)).toBe(6);
  });

  it('sorts, pages, counts and answers POST queries', async () => {
    for (const key of ['instanceId', 'variableName', 'tenantId'])
      expect(await list(`?sortBy=${key}&sortOrder=desc`)).toHaveLength(6);
    expect((await list('?sortBy=variableName&sortOrder=desc&maxResults=2')).map((v: any) => v.name)).toEqual([
      'season',
      'season',
    ]);
    expect(await list('?firstResult=2&maxResults=3')).toHaveLength(3);
    await t.as('demo').get('/history/variable-instance?sortBy=value&sortOrder=asc').expect(400);
    const posted = await t
      .as('demo')
      .post('/history/variable-instance?maxResults=2')
      .send({
        processInstanceIdIn: [pi.id],
        variableTypeIn: ['string'],
        sorting: [{ sortBy: 'variableName', sortOrder: 'desc' }],
      })
      .expect(200);
    expect(posted.body.map((v: any) => v.name)).toEqual(['season', 'note']);
    const byValue = await t
      .as('demo')
      .post('/history/variable-instance')
      .send({ variableName: 'guestCount', variableValue: 14 })
      .expect(200);
    expect(byValue.body.map((v: any) => v.value)).toEqual([14]);
    expect(
      (await t.as('demo').post('/history/variable-instance/count').send({ variableNameLike: 'seas%' }).expect(200))
        .body,
    ).toEqual({ count: 2 });
  });

  it('renders serializable values serialized on request and serves binaries through /data', async () => {
    const [obj] = await list(`?variableName=obj`);
    expect(obj).toMatchObject({
      type: 'Object',
      valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
    });
    expect((await list(`?variableName=obj&deserializeValues=false`))[0].value).toBe('{"a":1}');
    const posted = await t
      .as('demo')
      .post('/history/variable-instance?deserializeValues=false')
      .send({ variableName: 'obj' })
      .expect(200);
    expect(posted.body[0].value).toBe('{"a":1}');
    expect(
      (await t.as('demo').get(`/history/variable-instance/${obj.id}?deserializeValue=false`).expect(200)).body.value,
    ).toBe('{"a":1}');
    const [blob] = await list(`?variableName=blob`);
    const data = await t
      .as('demo')
      .get(`/history/variable-instance/${blob.id}/data`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(data.headers['content-type']).toBe('application/octet-stream');
    expect([...data.body]).toEqual([1, 2, 3]);
    const notBinary = await t.as('demo').get(`/history/variable-instance/${obj.id}/data`).expect(400);
    expect(notBinary.body.message).toBe(`Value of variable with id ${obj.id} is not a binary value.`);
    await t.as('demo').get('/history/variable-instance/nope/data').expect(404);
  });

  it('shows rows only to users with READ_HISTORY on the definition, and deletes with DELETE_HISTORY', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'hist' }, credentials: { password: 'hist' } })
      .expect(204);
    expect((await t.as('hist', 'hist').get('/history/variable-instance/count').expect(200)).body).toEqual({ count: 0 });
    const [note] = await list(`?variableName=note`);
    await t.as('hist', 'hist').get(`/history/variable-instance/${note.id}`).expect(404);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'hist', resourceType: 6, resourceId: 'review', permissions: ['READ_HISTORY'] })
      .expect(200);
    expect((await t.as('hist', 'hist').get('/history/variable-instance/count').expect(200)).body).toEqual({ count: 6 });
    const forbidden = await t.as('hist', 'hist').delete(`/history/variable-instance/${note.id}`).expect(403);
    expect(forbidden.body.type).toBe('AuthorizationException');

    await t.as('demo').delete(`/history/variable-instance/${note.id}`).expect(204);
    await t.as('demo').get(`/history/variable-instance/${note.id}`).expect(404);
    expect((await t.as('demo').get(`/history/detail/count?variableInstanceId=${note.id}`).expect(200)).body.count).toBe(
      0,
    );
    const unknown = await t.as('demo').delete('/history/variable-instance/nope').expect(404);
    expect(unknown.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No historic variable instance found with id: nope: variableInstance is null',
      code: null,
    });
  });

  it('goes with its historic process instance (cleanup and deletion)', async () => {
    const [ended] = (await t.as('demo').get(`/task?processInstanceId=${other.id}`).expect(200)).body;
    await t.as('demo').post(`/task/${ended.id}/complete`).send({}).expect(204);
    await t.as('demo').delete(`/process-instance/${other.id}`).expect(204);
    expect(await count(`?processInstanceId=${other.id}`)).toBe(1);
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await count(`?processInstanceId=${other.id}`)).toBe(0);
    expect(await count(`?processInstanceId=${pi.id}`)).toBe(4);
  });

  it('records nothing below history level audit', async () => {
    const activityOnly = await createTestApp({ historyLevel: 'activity', jobExecutorEnabled: false });
    try {
      await deployFixture(activityOnly, ['rest/history-review.bpmn']).expect(200);
      await activityOnly
        .as('demo')
        .post('/process-definition/key/review/start')
        .send({ variables: { season: { value: 'Summer' } } })
        .expect(200);
      expect((await activityOnly.as('demo').get('/history/variable-instance/count').expect(200)).body).toEqual({
        count: 0,
      });
    } finally {
      await activityOnly.close();
    }
  });
});
