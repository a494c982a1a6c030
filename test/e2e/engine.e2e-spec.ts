import { createTestApp, databaseLabel, TestApp, NO_LOGIN_DELAY } from '../support/test-app';

describe(`engine list and wire conventions (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(NO_LOGIN_DELAY);
  });
  afterAll(() => t.close());

  it('lists the default engine without credentials, as exactly application/json', async () => {
    const res = await t.as(null).get('/engine').expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual([{ name: 'default' }]);
  });

  it('sends neither ETag nor X-Powered-By (Camunda sends neither), so a repeated GET is answered in full', async () => {
    const first = await t.as('demo').get('/user').expect(200);
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['x-powered-by']).toBeUndefined();
    const again = await t.as('demo').get('/user').set('If-None-Match', 'W/"anything"').expect(200);
    expect(again.body).toEqual(first.body);
  });

  it('asks for basic auth everywhere else, with an empty body', async () => {
    const res = await t.as(null).get('/user').expect(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="default"');
    expect(res.text).toBe('');
    await t.as('demo', 'wrong').get('/group').expect(401);
    await t.as('nobody', 'x').get('/group').expect(401);
  });

  it('answers every route under /engine/default too, and 404 for other engine names', async () => {
    const res = await t.as('demo').get('/engine-rest/engine/default/user').expect(200);
    expect(res.body.map((u: { id: string }) => u.id)).toContain('demo');
    const other = await t.as('demo').get('/engine-rest/engine/other/user').expect(404);
    expect(other.body).toEqual({
      type: 'InvalidRequestException',
      message: 'Process engine other not available',
      code: null,
    });
  });

  it('answers unknown routes and malformed JSON in the Camunda error shape', async () => {
    const missing = await t.as('demo').get('/no-such-thing').expect(404);
    expect(missing.body).toMatchObject({ type: 'NotFoundException', code: null });
    const bad = await t.as('demo').post('/group').set('Content-Type', 'application/json').send('{"id": ').expect(400);
    expect(bad.headers['content-type']).toBe('application/json');
    expect(bad.body).toEqual({ type: 'InvalidRequestException', message: '', code: null });
  });

  it('serves the Swagger UI and the OpenAPI document without credentials', async () => {
    await t.api().get('/docs').expect(200);
    const doc = await t.api().get('/docs-json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/engine-rest/engine', '/engine-rest/group', '/engine-rest/authorization/check']),
    );
    expect(doc.body.components.securitySchemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
  });
});
