import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** Small limits, so that the bodies that cross them stay small. */
const MAX_BODY = 2 * 1024;
const MAX_VARIABLES_BODY = 8 * 1024;
const MAX_DEPLOYMENT_FILE = 4 * 1024;
const QUERY_MAX_RESULTS = 3;

const TOO_LARGE = { type: 'InvalidRequestException', message: 'Request entity too large', code: null };
const badUserRequest = (message: string) => ({ type: 'BadUserRequestException', message, code: 0 });

const PROCESS = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
                  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Defs" targetNamespace="http://example.org/limits">
  <bpmn:process id="limits" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Wait" />
    <bpmn:userTask id="Wait" />
    <bpmn:sequenceFlow id="F2" sourceRef="Wait" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** A string of `n` characters: with the JSON around it, a body of a little more than `n` bytes. */
const text = (n: number) => 'x'.repeat(n);

describe(`request limits (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');
  let instanceId: string;

  async function instanceCount(): Promise<number> {
    return (await admin().get('/process-instance/count').expect(200)).body.count;
  }

  beforeAll(async () => {
    t = await createTestApp({
      maxBody: MAX_BODY,
      maxVariablesBody: MAX_VARIABLES_BODY,
      maxDeploymentFile: MAX_DEPLOYMENT_FILE,
      queryMaxResultsLimit: QUERY_MAX_RESULTS,
    });
    await deploy(t, [{ name: 'limits.bpmn', content: PROCESS }]).expect(200);
    instanceId = (await admin().post('/process-definition/key/limits/start').send({}).expect(200)).body.id;
  });
  afterAll(() => t.close());

  describe('JSON bodies', () => {
    it('refuses a body over MAX_BODY with 413 and creates nothing', async () => {
      const res = await admin()
        .post('/group/create')
        .send({ id: 'big', name: text(MAX_BODY) })
        .expect(413);
      expect(res.body).toEqual(TOO_LARGE);
      await admin().get('/group/big').expect(404);
    });

    it('takes a body under MAX_BODY', async () => {
      const idIn = [...Array.from({ length: 100 }, (_, i) => `group-${String(i).padStart(4, '0')}`), 'camunda-admin'];
      expect(JSON.stringify({ idIn }).length).toBeGreaterThan(MAX_BODY / 2);
      const res = await admin().post('/group?maxResults=1').send({ idIn }).expect(200);
      expect(res.body.map((g: { id: string }) => g.id)).toEqual(['camunda-admin']);
    });

    it('gives a variable update more than MAX_BODY, up to MAX_VARIABLES_BODY', async () => {
      const value = text(MAX_BODY + 1000);
      await admin().put(`/process-instance/${instanceId}/variables/large`).send({ value, type: 'String' }).expect(204);
      expect((await admin().get(`/process-instance/${instanceId}/variables/large`).expect(200)).body.value).toBe(value);
    });

    it('refuses a variable update over MAX_VARIABLES_BODY with 413 and writes nothing', async () => {
      const res = await admin()
        .put(`/process-instance/${instanceId}/variables/huge`)
        .send({ value: text(MAX_VARIABLES_BODY), type: 'String' })
        .expect(413);
      expect(res.body).toEqual(TOO_LARGE);
      await admin().get(`/process-instance/${instanceId}/variables/huge`).expect(404);
    });

    it('gives a start with variables MAX_VARIABLES_BODY, and refuses more without starting anything', async () => {
      const before = await instanceCount();
      await admin()
        .post('/process-definition/key/limits/start')
        .send({ variables: { note: { value: text(MAX_BODY + 1000), type: 'String' } } })
        .expect(200);
      expect(await instanceCount()).toBe(before + 1);

      const res = await admin()
        .post('/process-definition/key/limits/start')
        .send({ variables: { note: { value: text(MAX_VARIABLES_BODY), type: 'String' } } })
        .expect(413);
      expect(res.body).toEqual(TOO_LARGE);
      expect(await instanceCount()).toBe(before + 1);
    });

    it('applies the same limits under /engine-rest/engine/default', async () => {
      const named = (path: string) => `/engine-rest/engine/default${path}`;
      const res = await admin()
        .post(named('/group/create'))
        .send({ id: 'named-big', name: text(MAX_BODY) })
        .expect(413);
      expect(res.body).toEqual(TOO_LARGE);
      await admin().get('/group/named-big').expect(404);

      const value = text(MAX_BODY + 1000);
      await admin()
        .put(named(`/process-instance/${instanceId}/variables/named`))
        .send({ value, type: 'String' })
        .expect(204);
      expect((await admin().get(`/process-instance/${instanceId}/variables/named`).expect(200)).body.value).toBe(value);

      await admin()
        .put(named(`/process-instance/${instanceId}/variables/named-huge`))
        .send({ value: text(MAX_VARIABLES_BODY), type: 'String' })
        .expect(413);
      await admin().get(`/process-instance/${instanceId}/variables/named-huge`).expect(404);
    });
  });

  describe('uploads', () => {
    it('refuses a deployment file over MAX_DEPLOYMENT_FILE with 413 and deploys nothing', async () => {
      const before = (await admin().get('/deployment/count').expect(200)).body.count;
      const padded = PROCESS.replace('<bpmn:startEvent', `<!-- ${text(MAX_DEPLOYMENT_FILE)} -->\n    <bpmn:startEvent`);
      const res = await deploy(t, [{ name: 'padded.bpmn', content: padded }], { 'deployment-name': 'padded' }).expect(
        413,
      );
      expect(res.body).toEqual(TOO_LARGE);
      expect((await admin().get('/deployment/count').expect(200)).body.count).toBe(before);
    });

    it('holds a binary variable upload to MAX_VARIABLES_BODY', async () => {
      const path = `/process-instance/${instanceId}/variables/blob/data`;
      const small = Buffer.alloc(MAX_BODY + 1000, 1);
      await admin().post(path).field('valueType', 'Bytes').attach('data', small, 'blob.bin').expect(204);
      const stored = await admin()
        .get(path)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(stored.body).toEqual(small);

      const res = await admin()
        .post(`/process-instance/${instanceId}/variables/bigblob/data`)
        .field('valueType', 'Bytes')
        .attach('data', Buffer.alloc(MAX_VARIABLES_BODY + 1, 1), 'big.bin')
        .expect(413);
      expect(res.body).toEqual(TOO_LARGE);
      await admin().get(`/process-instance/${instanceId}/variables/bigblob`).expect(404);
    });
  });

  describe('QUERY_MAX_RESULTS', () => {
    beforeAll(async () => {
      for (const id of ['g1', 'g2', 'g3', 'g4']) await admin().post('/group/create').send({ id }).expect(204);
    });

    it('answers lists that ask for at most the limit', async () => {
      const res = await admin().get(`/group?maxResults=${QUERY_MAX_RESULTS}`).expect(200);
      expect(res.body.length).toBeLessThanOrEqual(QUERY_MAX_RESULTS);
      await admin().post('/process-instance?firstResult=0&maxResults=1').send({}).expect(200);
    });

    it('refuses a larger maxResults as Camunda does', async () => {
      const exceeded = badUserRequest(`Max results limit of ${QUERY_MAX_RESULTS} exceeded!`);
      expect(
        (
          await admin()
            .get(`/group?maxResults=${QUERY_MAX_RESULTS + 1}`)
            .expect(400)
        ).body,
      ).toEqual(exceeded);
      expect(
        (
          await admin()
            .post(`/process-instance?maxResults=${QUERY_MAX_RESULTS + 1}`)
            .send({})
            .expect(400)
        ).body,
      ).toEqual(exceeded);
      expect((await admin().get(`/engine-rest/engine/default/task?maxResults=100`).expect(400)).body).toEqual(exceeded);
    });

    it('refuses a list without maxResults, as Camunda refuses an unbounded query', async () => {
      const unbound = badUserRequest('An unbound number of results is forbidden!');
      expect((await admin().get('/group').expect(400)).body).toEqual(unbound);
      expect((await admin().get('/group?firstResult=1').expect(400)).body).toEqual(unbound);
      expect((await admin().post('/process-instance').send({}).expect(400)).body).toEqual(unbound);
      expect(
        (await admin().get('/history/decision-definition/cleanable-decision-instance-report').expect(400)).body,
      ).toEqual(unbound);
    });

    it('leaves counts alone', async () => {
      expect((await admin().get('/group/count').expect(200)).body.count).toBeGreaterThan(QUERY_MAX_RESULTS);
      expect((await admin().post('/process-instance/count').send({}).expect(200)).body.count).toBeGreaterThan(1);
    });
  });
});
