import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** A subprocess around a user task: variables of the instance, of the subprocess scope and of the task. */
const NESTED = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_nested_vars" targetNamespace="http://example.org/vars">
  <bpmn:process id="nestedVars" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Sub" />
    <bpmn:subProcess id="Sub">
      <bpmn:startEvent id="SubStart" />
      <bpmn:sequenceFlow id="S1" sourceRef="SubStart" targetRef="Inner" />
      <bpmn:userTask id="Inner" />
      <bpmn:sequenceFlow id="S2" sourceRef="Inner" targetRef="SubEnd" />
      <bpmn:endEvent id="SubEnd" />
    </bpmn:subProcess>
    <bpmn:sequenceFlow id="F2" sourceRef="Sub" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

const binary = (req: any) =>
  req.buffer(true).parse((res: any, cb: any) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });

// Camunda: VariableInstanceQueryTest (engine) and VariableInstanceRestServiceQueryTest (REST), translated.
describe(`runtime variable instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let pi: any;
  let other: any;
  let task: any;
  let subInstance: any;
  let innerInstance: any;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deploy(t, [{ name: 'nested-vars.bpmn', content: NESTED }]).expect(200);
    const start = (variables: object) =>
      t.as('demo').post('/process-definition/key/nestedVars/start').send({ variables }).expect(200);
    pi = (
      await start({
        season: { value: 'Fall', type: 'String' },
        guestCount: { value: 12, type: 'Integer' },
        price: { value: 9.5, type: 'Double' },
        vegan: { value: true, type: 'Boolean' },
        blob: { value: 'AQID', type: 'Bytes' },
        obj: {
          value: '{"a":1}',
          type: 'Object',
          valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
        },
      })
    ).body;
    other = (await start({ season: { value: 'spring' }, guestCount: { value: 3, type: 'Integer' } })).body;
    const tree = (await t.as('demo').get(`/process-instance/${pi.id}/activity-instances`).expect(200)).body;
    subInstance = tree.childActivityInstances[0];
    innerInstance = subInstance.childActivityInstances[0];
    await t
      .as('demo')
      .put(`/execution/${subInstance.executionIds[0]}/localVariables/subLocal`)
      .send({ value: 'inside', type: 'String' })
      .expect(204);
    [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await t.as('demo').put(`/task/${task.id}/localVariables/note`).send({ value: 'Spicy', type: 'String' }).expect(204);
    await t
      .as('demo')
      .post(`/process-instance/${pi.id}/variables/doc/data`)
      .attach('data', Buffer.from('hello'), { filename: 'hello.txt', contentType: 'text/plain' })
      .field('valueType', 'File')
      .expect(204);
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/variable-instance${query}`).expect(200)).body;
  const names = async (query: string) => (await list(query)).map((v: any) => v.name).sort();
  const count = async (query = '') =>
    (await t.as('demo').get(`/variable-instance/count${query}`).expect(200)).body.count;
  const post = async (body: object, query = '') =>
    (await t.as('demo').post(`/variable-instance${query}`).send(body).expect(200)).body;

  it("answers Camunda's VariableInstanceDto, with the activity instance each variable belongs to", async () => {
    const [season] = await list(`?variableName=season&processInstanceIdIn=${pi.id}`);
    expect(season).toEqual({
      id: expect.any(String),
      name: 'season',
      type: 'String',
      value: 'Fall',
      valueInfo: {},
      processDefinitionId: pi.definitionId,
      processInstanceId: pi.id,
      executionId: pi.id,
      caseInstanceId: null,
      caseExecutionId: null,
      taskId: null,
      batchId: null,
      activityInstanceId: pi.id,
      tenantId: null,
      errorMessage: null,
    });
    const [subLocal] = await list('?variableName=subLocal');
    expect(subLocal).toMatchObject({ executionId: subInstance.executionIds[0], activityInstanceId: subInstance.id });
    const [note] = await list('?variableName=note');
    expect(note).toMatchObject({ taskId: task.id, activityInstanceId: innerInstance.id });
    expect(await t.as('demo').get(`/variable-instance/${note.id}`).expect(200)).toMatchObject({ body: note });
  });

  // VariableInstanceQueryTest#testQueryByActivityInstanceIds, #testQueryByVariableScopeIds, #testQueryByTaskIds
  it('filters by instance, execution, task, scope and activity instance', async () => {
    expect(await count()).toBe(11);
    expect(await count(`?processInstanceIdIn=${other.id}`)).toBe(2);
    expect(await count(`?processInstanceIdIn=${pi.id},${other.id}`)).toBe(11);
    expect(await names(`?executionIdIn=${subInstance.executionIds[0]}`)).toEqual(['note', 'subLocal']); // a task's variables carry its execution too
    expect(await names(`?taskIdIn=${task.id}`)).toEqual(['note']);
    expect(await names(`?variableScopeIdIn=${task.id},${subInstance.executionIds[0]}`)).toEqual(['note', 'subLocal']);
    expect(await names(`?activityInstanceIdIn=${innerInstance.id},${subInstance.id}`)).toEqual(['note', 'subLocal']);
    expect(await count(`?activityInstanceIdIn=${pi.id}`)).toBe(7);
    expect(await count('?caseInstanceIdIn=x')).toBe(0);
    expect(await count('?caseExecutionIdIn=x')).toBe(0);
    expect(await count('?batchIdIn=x')).toBe(0);
    expect(await count('?withoutTenantId=true')).toBe(11);
    expect(await count('?tenantIdIn=t1')).toBe(0);
  });

  // VariableInstanceQueryTest#testQueryByNameAndVariableValueEquals and the other comparators
  it('filters by name and by value as Camunda compares them', async () => {
    expect(await count('?variableName=season')).toBe(2);
    expect(await count('?variableName=SEASON')).toBe(0);
    expect(await count('?variableName=SEASON&variableNamesIgnoreCase=true')).toBe(2);
    // A like pattern is taken as it is: no wildcard, no substring.
    expect(await count('?variableNameLike=seas')).toBe(0);
    expect(await names('?variableNameLike=%25u%25')).toEqual(['guestCount', 'guestCount', 'subLocal']);
    expect(await names('?variableValues=season_eq_Fall')).toEqual(['season']);
    expect(await count('?variableValues=season_eq_fall')).toBe(0);
    expect(await count('?variableValues=season_eq_fall&variableValuesIgnoreCase=true')).toBe(1);
    expect(await count('?variableValues=season_neq_Fall')).toBe(1);
    expect(await count('?variableValues=note_like_Sp%25')).toBe(1);
    const byNumber = async (operator: string, value: unknown) =>
      (await post({ variableValues: [{ name: 'guestCount', operator, value }] })).map((v: any) => v.value).sort();
    expect(await byNumber('eq', 12)).toEqual([12]);
    expect(await byNumber('gt', 3)).toEqual([12]);
    expect(await byNumber('gteq', 3)).toEqual([12, 3]);
    expect(await byNumber('lt', 12)).toEqual([3]);
    expect(await byNumber('lteq', 12)).toEqual([12, 3]);
    expect(await byNumber('neq', 12)).toEqual([3]);
    expect((await post({ variableValues: [{ name: 'price', operator: 'gt', value: 9 }] }))[0].value).toBe(9.5);
    expect((await post({ variableValues: [{ name: 'vegan', operator: 'eq', value: true }] }))[0].name).toBe('vegan');
    // Each entry is a condition on the same row: two names never match one variable.
    expect(
      await post({
        variableValues: [
          { name: 'season', operator: 'eq', value: 'Fall' },
          { name: 'guestCount', operator: 'eq', value: 12 },
        ],
      }),
    ).toEqual([]);
    const bad = await t.as('demo').get('/variable-instance?variableValues=season_foo_Fall').expect(400);
    expect(bad.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Invalid variable comparator specified: foo',
      code: null,
    });
    const objectValue = await t
      .as('demo')
      .post('/variable-instance')
      .send({ variableValues: [{ name: 'obj', operator: 'eq', value: { a: 1 } }] })
      .expect(400);
    expect(objectValue.body.message).toBe('Variables of type ObjectValue cannot be used to query');
  });

  it('sorts, pages and answers POST lists and counts', async () => {
    const byName = (await list(`?processInstanceIdIn=${pi.id}&sortBy=variableName&sortOrder=desc`)).map(
      (v: any) => v.name,
    );
    expect(byName).toEqual(['vegan', 'subLocal', 'season', 'price', 'obj', 'note', 'guestCount', 'doc', 'blob']);
    const byType = (await list(`?processInstanceIdIn=${pi.id}&sortBy=variableType&sortOrder=asc`)).map(
      (v: any) => v.type,
    );
    expect(byType).toEqual(['Boolean', 'Bytes', 'Double', 'File', 'Integer', 'Object', 'String', 'String', 'String']);
    const byActivity = await post({
      processInstanceIdIn: [pi.id],
      sorting: [{ sortBy: 'activityInstanceId', sortOrder: 'asc' }],
    });
    const acts = byActivity.map((v: any) => v.activityInstanceId);
    expect(acts).toEqual([...acts].sort());
    await t.as('demo').get('/variable-instance?sortBy=tenantId&sortOrder=asc').expect(200);
    expect(
      await names(`?processInstanceIdIn=${pi.id}&sortBy=variableName&sortOrder=asc&firstResult=1&maxResults=2`),
    ).toEqual(['doc', 'guestCount']);
    expect(
      (
        await t
          .as('demo')
          .post('/variable-instance?firstResult=0&maxResults=1')
          .send({ variableName: 'season' })
          .expect(200)
      ).body,
    ).toHaveLength(1);
    expect(
      (
        await t
          .as('demo')
          .post('/variable-instance/count')
          .send({ variableName: 'season', processInstanceIdIn: [other.id] })
      ).body,
    ).toEqual({ count: 1 });
    const badSort = await t.as('demo').get('/variable-instance?sortBy=name&sortOrder=asc').expect(400);
    expect(badSort.body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'name'",
      code: null,
    });
    const halfSort = await t.as('demo').get('/variable-instance?sortBy=variableName').expect(400);
    expect(halfSort.body.message).toBe('Only a single sorting parameter specified. sortBy and sortOrder required');
  });

  // VariableInstanceRestServiceQueryTest: binary values are not fetched for lists; object values on request
  it('leaves binary content to /data and renders object values serialized on request', async () => {
    const [blob] = await list('?variableName=blob');
    expect(blob).toMatchObject({ type: 'Bytes', value: null, valueInfo: {} });
    expect((await t.as('demo').get(`/variable-instance/${blob.id}`).expect(200)).body.value).toBeNull();
    const bytes = await binary(t.as('demo').get(`/variable-instance/${blob.id}/data`)).expect(200);
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect([...bytes.body]).toEqual([1, 2, 3]);

    const [doc] = await list('?variableName=doc');
    expect(doc).toMatchObject({
      type: 'File',
      value: null,
      valueInfo: { filename: 'hello.txt', mimeType: 'text/plain' },
    });
    const file = await binary(t.as('demo').get(`/variable-instance/${doc.id}/data`)).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toMatch(/hello\.txt/);
    expect(file.body.toString()).toBe('hello');

    const [obj] = await list('?variableName=obj');
    expect(obj).toMatchObject({
      type: 'Object',
      value: { a: 1 },
      valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
    });
    expect((await list('?variableName=obj&deserializeValues=false'))[0].value).toBe('{"a":1}');
    expect((await post({ variableName: 'obj' }, '?deserializeValues=false'))[0].value).toBe('{"a":1}');
    expect((await t.as('demo').get(`/variable-instance/${obj.id}?deserializeValue=false`).expect(200)).body.value).toBe(
      '{"a":1}',
    );
    const notBinary = await t.as('demo').get(`/variable-instance/${obj.id}/data`).expect(400);
    expect(notBinary.body).toEqual({
      type: 'InvalidRequestException',
      message: `Value of variable with id ${obj.id} is not a binary value.`,
      code: null,
    });
  });

  it("answers an unknown id with Camunda's 404", async () => {
    for (const path of ['/variable-instance/nope', '/variable-instance/nope/data']) {
      const res = await t.as('demo').get(path).expect(404);
      expect(res.body).toEqual({
        type: 'InvalidRequestException',
        message: "Variable instance with Id 'nope' does not exist.",
        code: null,
      });
    }
  });

  it('shows variables only to users who may read their process instance', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'viewer' }, credentials: { password: 'viewer' } })
      .expect(204);
    expect((await t.as('viewer', 'viewer').get('/variable-instance/count').expect(200)).body).toEqual({ count: 0 });
    const [season] = await list(`?variableName=season&processInstanceIdIn=${other.id}`);
    await t.as('viewer', 'viewer').get(`/variable-instance/${season.id}`).expect(404);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'viewer', resourceType: 8, resourceId: other.id, permissions: ['READ'] })
      .expect(200);
    expect((await t.as('viewer', 'viewer').get('/variable-instance/count').expect(200)).body).toEqual({ count: 2 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'viewer', resourceType: 6, resourceId: 'nestedVars', permissions: ['READ_INSTANCE'] })
      .expect(200);
    expect((await t.as('viewer', 'viewer').get('/variable-instance/count').expect(200)).body).toEqual({ count: 11 });
  });

  it('drops the variables of an ended instance', async () => {
    await t.as('demo').delete(`/process-instance/${other.id}`).expect(204);
    expect(await count(`?processInstanceIdIn=${other.id}`)).toBe(0);
  });
});
