import { deployFixture } from '../support/deploy';
import { recordStatements } from '../support/statement-log';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`process definition start (${databaseLabel()})`, () => {
  let t: TestApp;
  let definitionId: string;
  beforeAll(async () => {
    // No job executor: its acquisition (a transaction every second) would be counted by the statement test below.
    t = await createTestApp({ jobExecutorEnabled: false });
    const deployment = (
      await deployFixture(t, ['deployment/dish.dmn', 'rest/dinner.bpmn', 'rest/waiting.bpmn']).expect(200)
    ).body;
    definitionId = (Object.values(deployment.deployedProcessDefinitions) as any[]).find((d) => d.key === 'dinner').id;
  });
  afterAll(() => t.close());

  const guests = (season: string, guestCount: number) => ({
    season: { value: season, type: 'String' },
    guestCount: { value: guestCount, type: 'Integer' },
  });

  it('starts by id with variables and a business key, answering with a self link', async () => {
    const res = await t
      .as('demo')
      .post(`/process-definition/${definitionId}/start`)
      .send({ variables: guests('Fall', 12), businessKey: 'party-1' })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({
      links: [
        {
          method: 'GET',
          href: expect.stringMatching(
            new RegExp(`^http://127\\.0\\.0\\.1:\\d+/engine-rest/process-instance/${res.body.id}$`),
          ),
          rel: 'self',
        },
      ],
      id: expect.any(String),
      definitionId,
      definitionKey: 'dinner',
      businessKey: 'party-1',
      caseInstanceId: null,
      ended: false,
      suspended: false,
      tenantId: null,
    });
    await t.as('demo').get(`/process-instance/${res.body.id}`).expect(200);
  });

  it('starts the latest version by key; an instance that runs to its end answers ended', async () => {
    const res = await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Summer', 2) })
      .expect(200);
    expect(res.body).toMatchObject({ definitionId, businessKey: null, ended: true });
    await t.as('demo').get(`/process-instance/${res.body.id}`).expect(404);
  });

  it('returns the variables when asked to', async () => {
    const res = await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Spring', 6), withVariablesInReturn: true })
      .expect(200);
    expect(res.body.variables).toMatchObject({
      desiredDish: { type: 'String', value: 'Steak', valueInfo: {} },
      guestCount: { type: 'Integer', value: 6 },
    });
  });

  it('starts by key in one transaction that reads the definition once', async () => {
    const statements = recordStatements(t.engine.dataSource);
    await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Winter', 4) })
      .expect(200);
    expect(statements.filter((q) => /act_re_procdef/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /^(BEGIN|START TRANSACTION)/i.test(q.trim()))).toHaveLength(1);
  });

  it('names the tenant in the key lookup', async () => {
    const res = await t.as('demo').post('/process-definition/key/dinner/tenant-id/acme/start').send({}).expect(404);
    expect(res.body).toEqual({
      type: 'RestException',
      message: 'No matching process definition with key: dinner and tenant-id: acme',
      code: null,
    });
  });

  it('answers unknown definitions and bad input with Camunda messages', async () => {
    const byKey = await t.as('demo').post('/process-definition/key/nope/start').send({}).expect(404);
    expect(byKey.body).toEqual({
      type: 'RestException',
      message: 'No matching process definition with key: nope and no tenant-id',
      code: null,
    });
    const byId = await t.as('demo').post('/process-definition/nope/start').send({}).expect(404);
    expect(byId.body.message).toBe(
      "Cannot instantiate process definition nope: no deployed process definition found with id 'nope'",
    );
    const badValue = await t
      .as('demo')
      .post(`/process-definition/${definitionId}/start`)
      .send({ variables: { guestCount: { value: 'many', type: 'Integer' } } })
      .expect(400);
    expect(badValue.body).toEqual({
      type: 'InvalidRequestException',
      code: null,
      message: `Cannot instantiate process definition ${definitionId}: Cannot convert value 'many' of type 'Integer' to java type java.lang.Integer`,
    });
    await t.as('demo').post(`/process-definition/${definitionId}/start`).send({ variables: 'x' }).expect(400);
    // By key the definition is looked up in the start's own transaction; its failures still name the latest version's
    // id.
    const badValueByKey = await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: { guestCount: { value: 'many', type: 'Integer' } } })
      .expect(400);
    expect(badValueByKey.body.message).toBe(
      `Cannot instantiate process definition ${definitionId}: Cannot convert value 'many' of type 'Integer' to java type java.lang.Integer`,
    );
    const badValueUnknownKey = await t
      .as('demo')
      .post('/process-definition/key/nope/start')
      .send({ variables: { guestCount: { value: 'many', type: 'Integer' } } })
      .expect(404);
    expect(badValueUnknownKey.body.message).toBe('No matching process definition with key: nope and no tenant-id');
  });

  it('needs CREATE on process instances and CREATE_INSTANCE on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'starter' }, credentials: { password: 'starter' } })
      .expect(204);
    const denied = await t
      .as('starter', 'starter')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Fall', 12) });
    // READ on the definition comes first (the key lookup), then the start's own checks
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      type: 'AuthorizationException',
      missingAuthorizations: [{ permissionName: 'READ', resourceName: 'ProcessDefinition', resourceId: 'dinner' }],
    });
    const grant = (resourceType: number, resourceId: string, permissions: string[]) =>
      t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId: 'starter', resourceType, resourceId, permissions })
        .expect(200);
    await grant(6, 'dinner', ['READ', 'CREATE_INSTANCE']);
    const noCreate = await t
      .as('starter', 'starter')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Fall', 12) })
      .expect(403);
    expect(noCreate.body).toMatchObject({
      type: 'AuthorizationException',
      missingAuthorizations: [{ permissionName: 'CREATE', resourceName: 'ProcessInstance' }],
    });
    await grant(8, '*', ['CREATE']);
    await t
      .as('starter', 'starter')
      .post('/process-definition/key/dinner/start')
      .send({ variables: guests('Fall', 12) })
      .expect(200);
  });
});
