import { Logger } from '@nestjs/common';
import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });

/** Request bodies are refused by the validation pipe before anything reaches the engine. */
describe(`request body validation (${databaseLabel()})`, () => {
  let t: TestApp;
  // Swagger warns while it builds the document when two DTO classes share a name (one hides the other).
  const warnings: string[] = [];
  beforeAll(async () => {
    const warn = jest
      .spyOn(Logger, 'warn')
      .mockImplementation((message: unknown) => void warnings.push(String(message)));
    t = await createTestApp({ jobExecutorEnabled: false });
    warn.mockRestore();
    await deployFixture(t, ['rest/waiting.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const admin = () => t.as('demo');

  describe('values of the wrong type', () => {
    it.each([
      [
        '/user/create',
        { profile: { id: 'eve', email: ['eve@x'] }, credentials: { password: 'pw' } },
        'Cannot deserialize property \'profile.email\' with value ["eve@x"]: expected a string',
      ],
      [
        '/user/create',
        { profile: { id: 'eve' }, credentials: 'pw' },
        'Cannot deserialize property \'credentials\' with value "pw": expected an object',
      ],
      [
        '/group/create',
        { id: 'crew', name: { n: 1 } },
        'Cannot deserialize property \'name\' with value {"n":1}: expected a string',
      ],
      [
        '/authorization/create',
        { type: 1.5, userId: 'eve', resourceType: 1 },
        "Cannot deserialize property 'type' with value 1.5: expected an integer",
      ],
      [
        '/signal',
        { name: 'alert', withoutTenantId: 'yes' },
        'Cannot deserialize property \'withoutTenantId\' with value "yes": expected a boolean',
      ],
      [
        '/message',
        { messageName: 'm', processVariables: [] },
        "Cannot deserialize property 'processVariables' with value []: expected an object",
      ],
      [
        '/external-task/fetchAndLock',
        { workerId: 'w', maxTasks: 1, topics: [{ topicName: 't', lockDuration: 'long' }] },
        'Cannot deserialize property \'topics[0].lockDuration\' with value "long": expected an integer',
      ],
      [
        '/external-task/fetchAndLock',
        { workerId: 'w', maxTasks: 1, topics: ['t'] },
        'Cannot deserialize property \'topics\' with value ["t"]: expected an array of objects',
      ],
    ])('POST %s %j', async (path, body, message) => {
      expect((await admin().post(path).send(body).expect(400)).body).toEqual(invalid(message));
    });

    it('refuses a body that is not an object', async () => {
      expect((await admin().post('/signal').send(['alert']).expect(400)).body).toEqual(
        invalid('Cannot deserialize property \'body\' with value ["alert"]: expected an object'),
      );
    });

    it('writes nothing', async () => {
      await admin()
        .post('/user/create')
        .send({ profile: { id: 'eve', firstName: { first: 'Eve' } }, credentials: { password: 'pw' } })
        .expect(400);
      await admin().get('/user/eve/profile').expect(404);
      await admin()
        .post('/group/create')
        .send({ id: 'crew', type: [1] })
        .expect(400);
      await admin().get('/group/crew').expect(404);
      const before = (await admin().get('/authorization/count').expect(200)).body.count;
      await admin()
        .post('/authorization/create')
        .send({ type: 1, userId: ['eve'], resourceType: 1 })
        .expect(400);
      expect((await admin().get('/authorization/count').expect(200)).body.count).toBe(before);

      const reviewer = { reviewer: { value: 'carol' } };
      const pi = (await admin().post('/process-definition/key/waiting/start').send({ variables: reviewer }).expect(200))
        .body;
      await admin()
        .put(`/process-instance/${pi.id}/variables/note`)
        .send({ value: 'x', valueInfo: 'text' })
        .expect(400);
      await admin().get(`/process-instance/${pi.id}/variables/note`).expect(404);
      await admin()
        .post('/process-definition/key/waiting/start')
        .send({ variables: reviewer, businessKey: ['twice'] })
        .expect(400);
      expect((await admin().get('/process-instance/count?processDefinitionKey=waiting').expect(200)).body).toEqual({
        count: 1,
      });
    });
  });

  describe('missing required fields', () => {
    it.each([
      ['post', '/message', { businessKey: 'b' }, 'No message name supplied'],
      ['post', '/signal', { name: null }, 'No signal name given'],
      ['put', '/external-task/any/retries', {}, 'The number of retries cannot be null.'],
      ['put', '/external-task/any/priority', { priority: null }, 'The priority cannot be null.'],
      ['put', '/external-task/retries', { externalTaskIds: ['any'] }, 'The number of retries cannot be null.'],
      [
        'put',
        '/job/any/retries',
        { dueDate: '2030-01-01T00:00:00.000+0000' },
        "The number of job retries must be a non-negative Integer, but 'null' has been provided.",
      ],
    ] as const)('%s %s %j', async (method, path, body, message) => {
      // The unknown ids show that the refusal comes before any lookup.
      expect((await admin()[method](path).send(body).expect(400)).body).toEqual(invalid(message));
    });
  });

  it('ignores unknown properties and coerces as Jackson does', async () => {
    await admin().post('/group/create').send({ id: 'ops', name: 7, nickname: 'unused' }).expect(204);
    expect((await admin().get('/group/ops').expect(200)).body).toEqual({ id: 'ops', name: '7', type: null });
  });

  describe('GET /docs-json', () => {
    it('documents the retries body of an external task without the due date of a job', async () => {
      const doc = (await t.api().get('/docs-json').expect(200)).body;
      const bodyOf = (path: string, method: string) =>
        doc.paths[path][method].requestBody.content['application/json'].schema.$ref.split('/').pop();
      const external = bodyOf('/engine-rest/external-task/{id}/retries', 'put');
      const job = bodyOf('/engine-rest/job/{id}/retries', 'put');
      expect(external).not.toBe(job);
      expect(Object.keys(doc.components.schemas[external].properties)).toEqual(['retries']);
      expect(doc.components.schemas[job].properties).toHaveProperty('dueDate');
    });

    it('names every DTO class once', () => {
      expect(warnings.filter((w) => w.includes('Duplicate DTO'))).toEqual([]);
    });
  });
});
