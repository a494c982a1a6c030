import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * `/docs-json` as OpenAPI client generators read it: a valid OpenAPI 3 document whose every `$ref` resolves, with
 * Camunda's operationIds and tags and the tags in alphabetical order. The document does not depend on the database.
 */
const describeOnSqlite = databaseLabel() === 'sqlite' ? describe : describe.skip;

describeOnSqlite('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Record<string, any>;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    doc = (await t.api().get('/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('passes an OpenAPI validator (schema and every $ref)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document)).resolves.toBeDefined();
  });

  it('documents nested body classes by reference (the fetchAndLock topics and sorting, a user with profile)', () => {
    const schemas = doc.components.schemas;
    const ref = (schema: any) => schema.$ref ?? schema.items?.$ref ?? schema.allOf?.[0]?.$ref;
    for (const [owner, property] of [
      ['FetchExternalTasksDto', 'topics'],
      ['FetchExternalTasksDto', 'sorting'],
      ['UserCreateDto', 'profile'],
      ['UserCreateDto', 'credentials'],
    ]) {
      const target = ref(schemas[owner].properties[property]);
      expect([owner, property, target]).toEqual([
        owner,
        property,
        expect.stringMatching(/^#\/components\/schemas\/\w+$/),
      ]);
      expect(schemas[target.split('/').pop()]).toBeDefined();
    }
  });

  it("carries Camunda's operationIds and tags, unique, with the tags listed alphabetically", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item).map(([method, op]: [string, any]) => ({ path, method, ...op })),
    );
    const fetchAndLock = operations.find((o) => o.path === '/engine-rest/external-task/fetchAndLock');
    expect(fetchAndLock).toMatchObject({ operationId: 'fetchAndLock', tags: ['External Task'] });
    const start = operations.find((o) => o.path === '/engine-rest/process-definition/key/{key}/start');
    expect(start).toMatchObject({ operationId: 'startProcessInstanceByKey', tags: ['Process Definition'] });
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const tags = doc.tags.map((tag: { name: string }) => tag.name);
    expect(tags).toEqual([...tags].sort((a: string, b: string) => a.localeCompare(b)));
    expect(tags).toEqual(expect.arrayContaining(['External Task', 'Historic Activity Instance', 'Process Definition']));
    expect(new Set(operations.flatMap((o) => o.tags))).toEqual(new Set(tags));
  });

  it('lets Swagger UI sort the families alphabetically too', async () => {
    const init = await t.api().get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"tagsSorter":\s*"alpha"/);
  });
});
