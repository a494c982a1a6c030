import { AppMetrics } from '../../src/common/metrics/app-metrics';
import { loadConfig } from '../../src/config/app-config';
import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, NO_LOGIN_DELAY, TestApp } from '../support/test-app';

/**
 * Three processes: one external task; an asynchronous step (one job that succeeds); and a job whose work
 * evaluates a decision and then fails at a gateway, so that its transaction rolls the evaluation back.
 */
const PROCESSES = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
                  id="metricsDefinitions" targetNamespace="http://example.org/bpmn">
  <bpmn:process id="metricsWork" isExecutable="true" camunda:historyTimeToLive="P30D">
    <bpmn:startEvent id="WStart" />
    <bpmn:sequenceFlow id="W1" sourceRef="WStart" targetRef="Work" />
    <bpmn:serviceTask id="Work" camunda:type="external" camunda:topic="metrics-work" />
    <bpmn:sequenceFlow id="W2" sourceRef="Work" targetRef="WEnd" />
    <bpmn:endEvent id="WEnd" />
  </bpmn:process>
  <bpmn:process id="metricsAsync" isExecutable="true" camunda:historyTimeToLive="P30D">
    <bpmn:startEvent id="AStart" />
    <bpmn:sequenceFlow id="A1" sourceRef="AStart" targetRef="Later" />
    <bpmn:task id="Later" camunda:asyncBefore="true" />
    <bpmn:sequenceFlow id="A2" sourceRef="Later" targetRef="AEnd" />
    <bpmn:endEvent id="AEnd" />
  </bpmn:process>
  <bpmn:process id="metricsRollback" isExecutable="true" camunda:historyTimeToLive="P30D">
    <bpmn:startEvent id="RStart" />
    <bpmn:sequenceFlow id="R1" sourceRef="RStart" targetRef="Decide" />
    <bpmn:businessRuleTask id="Decide" camunda:asyncBefore="true" camunda:decisionRef="dish" camunda:resultVariable="dish" camunda:mapDecisionResult="singleEntry" />
    <bpmn:sequenceFlow id="R2" sourceRef="Decide" targetRef="Check" />
    <bpmn:exclusiveGateway id="Check" />
    <bpmn:sequenceFlow id="R3" sourceRef="Check" targetRef="REnd"><bpmn:conditionExpression>\${missing &gt; 1}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:endEvent id="REnd" />
  </bpmn:process>
</bpmn:definitions>`;

const DISH_INPUTS = { season: { value: 'Fall', type: 'String' }, guestCount: { value: 4, type: 'Integer' } };

/** A sample's key: its name and its labels sorted, as `name{a="1",b="2"}`. */
function sampleKey(name: string, labels: Record<string, string | number> = {}): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return `${name}{${pairs.sort().join(',')}}`;
}

/** Prometheus's text format: every sample by its key; comment lines are checked for shape only. */
function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][\w:]* /.test(line)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]),
    );
    samples.set(sampleKey(m[1], labels), Number(m[3]));
  }
  return samples;
}

const ENGINE_COUNTERS = [
  'engine_process_instances_started_total',
  'engine_process_instances_ended_total',
  'engine_external_tasks_fetched_total',
  'engine_external_tasks_completed_total',
  'engine_external_tasks_failed_total',
  'engine_external_tasks_bpmn_errors_total',
  'engine_jobs_acquired_total',
  'engine_jobs_executed_total',
  'engine_jobs_failed_total',
  'engine_decisions_evaluated_total',
];

describe(`metrics (${databaseLabel()})`, () => {
  describe('with authentication (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      // No job executor: the test runs the jobs itself, so that it knows exactly which ran. The failing job's 500 stays
      // out of the output.
      t = await createTestApp({
        ...NO_LOGIN_DELAY,
        jobExecutorEnabled: false,
        logFormat: 'json',
        logDestination: { write: () => true },
      });
      await deploy(t, [
        { name: 'metrics.bpmn', content: PROCESSES },
        { name: 'dish.dmn', content: fixture('deployment/dish.dmn') },
      ]).expect(200);
    });
    afterAll(() => t.close());

    const scrape = async (): Promise<Map<string, number>> =>
      parseSamples((await t.api().get('/metrics').auth('demo', 'demo').expect(200)).text);
    const value = (samples: Map<string, number>, name: string, labels: Record<string, string | number> = {}) =>
      samples.get(sampleKey(name, labels)) ?? 0;

    it('answers in the Prometheus text format with the engine metrics, the HTTP metrics and Node process metrics', async () => {
      await t.as('demo').get('/engine').expect(200);
      const res = await t.api().get('/metrics').auth('demo', 'demo').expect(200);
      expect(res.headers['content-type']).toBe(t.app.get(AppMetrics).registry.contentType);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const samples = parseSamples(res.text);
      for (const name of ENGINE_COUNTERS) expect(res.text).toContain(`# TYPE ${name} counter`);
      for (const name of [
        'engine_external_task_long_polls_waiting',
        'engine_jobs_due',
        'engine_db_pool_connections_in_use',
        'engine_db_pool_connections_max',
      ]) {
        expect(res.text).toContain(`# TYPE ${name} gauge`);
      }
      expect(res.text).toContain('# TYPE http_requests_total counter');
      expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(samples.has(sampleKey(name))).toBe(true);
      }
      expect(
        value(samples, 'http_requests_total', { method: 'GET', route: '/engine-rest/engine', status: 200 }),
      ).toBeGreaterThanOrEqual(1);
      // Scrapes and probes are not counted: Prometheus times its scrapes itself.
      expect([...samples.keys()].filter((k) => k.includes('/metrics') || k.includes('/health'))).toEqual([]);
    });

    it("lives at the root; below the base path is Camunda's own metrics resource (the meter log)", async () => {
      for (const path of ['/engine-rest/metrics', '/engine-rest/engine/default/metrics']) {
        const camunda = await t.as('demo').get(path).expect(200);
        expect(camunda.headers['content-type']).toMatch(/^application\/json/);
        expect(Array.isArray(camunda.body)).toBe(true);
      }
      const paths = Object.keys((await t.api().get('/docs-json').expect(200)).body.paths);
      expect(paths.filter((p) => p.includes('metrics')).sort()).toEqual([
        '/engine-rest/metrics',
        '/engine-rest/metrics/{name}/sum',
        '/metrics',
      ]);
    });

    it('needs credentials: 401 without or with wrong ones', async () => {
      const res = await t.api().get('/metrics').expect(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="default"');
      expect(res.text).toBe('');
      await t.api().get('/metrics').auth('demo', 'wrong').expect(401);
    });

    it('needs READ on SYSTEM (as Camunda for telemetry data) unless the caller is an admin', async () => {
      await t
        .as('demo')
        .post('/user/create')
        .send({ profile: { id: 'scraper' }, credentials: { password: 'scraperpw' } })
        .expect(204);
      const refused = await t.api().get('/metrics').auth('scraper', 'scraperpw').expect(403);
      expect(refused.body).toMatchObject({ type: 'AuthorizationException' });
      await t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId: 'scraper', resourceType: 21, resourceId: '*', permissions: ['READ'] })
        .expect(200);
      await t.api().get('/metrics').auth('scraper', 'scraperpw').expect(200);
    });

    it('moves every counter by exactly the work done, and not by work that was rolled back', async () => {
      const before = await scrape();
      const start = async (key: string, variables = {}) =>
        (await t.as('demo').post(`/process-definition/key/${key}/start`).send({ variables }).expect(200)).body
          .id as string;
      const fetch = async (maxTasks: number) =>
        (
          await t
            .as('demo')
            .post('/external-task/fetchAndLock')
            .send({ workerId: 'w', maxTasks, topics: [{ topicName: 'metrics-work', lockDuration: 60_000 }] })
            .expect(200)
        ).body as Array<{ id: string }>;

      for (let i = 0; i < 4; i++) await start('metricsWork');
      const tasks = [...(await fetch(3)), ...(await fetch(3))];
      expect(tasks).toHaveLength(4);
      await t.as('demo').post(`/external-task/${tasks[0].id}/complete`).send({ workerId: 'w' }).expect(204);
      await t.as('demo').post(`/external-task/${tasks[1].id}/complete`).send({ workerId: 'w' }).expect(204);
      await t
        .as('demo')
        .post(`/external-task/${tasks[2].id}/failure`)
        .send({ workerId: 'w', errorMessage: 'no', retries: 0, retryTimeout: 0 })
        .expect(204);
      await t
        .as('demo')
        .post(`/external-task/${tasks[3].id}/bpmnError`)
        .send({ workerId: 'w', errorCode: 'nope' })
        .expect(204);
      // Refused work counts nothing: a completion by the wrong worker.
      await t.as('demo').post(`/external-task/${tasks[2].id}/complete`).send({ workerId: 'other' }).expect(400);

      for (let i = 0; i < 2; i++)
        await t.as('demo').post('/decision-definition/key/dish/evaluate').send({ variables: DISH_INPUTS }).expect(200);

      await start('metricsAsync');
      expect(value(await scrape(), 'engine_jobs_due')).toBe(1);
      expect(await t.engine.jobs.executeDueJobs()).toBe(1);
      expect(value(await scrape(), 'engine_jobs_due')).toBe(0);

      // The job evaluates the decision and fails after it: the evaluation is rolled back and not counted.
      const rolledBack = await start('metricsRollback', DISH_INPUTS);
      const [job] = (await t.as('demo').get(`/job?processInstanceId=${rolledBack}`).expect(200)).body;
      await t.as('demo').post(`/job/${job.id}/execute`).expect(500); // deliberate 500: Camunda answers 500 when the executed job fails

      const after = await scrape();
      const moved = Object.fromEntries(ENGINE_COUNTERS.map((name) => [name, value(after, name) - value(before, name)]));
      expect(moved).toEqual({
        engine_process_instances_started_total: 6, // 4 external-task instances, the async one, the rolled-back job's
        engine_process_instances_ended_total: 4, // 2 completed tasks, the uncaught BPMN error, the async one
        engine_external_tasks_fetched_total: 4,
        engine_external_tasks_completed_total: 2,
        engine_external_tasks_failed_total: 1,
        engine_external_tasks_bpmn_errors_total: 1,
        engine_jobs_acquired_total: 1,
        engine_jobs_executed_total: 1,
        engine_jobs_failed_total: 1,
        engine_decisions_evaluated_total: 2,
      });

      const http = (name: string, method: string, route: string, status: number) =>
        value(after, name, { method, route, status }) - value(before, name, { method, route, status });
      expect(http('http_requests_total', 'POST', '/engine-rest/external-task/fetchAndLock', 200)).toBe(2);
      expect(http('http_requests_total', 'POST', '/engine-rest/external-task/:id/complete', 204)).toBe(2);
      expect(http('http_requests_total', 'POST', '/engine-rest/external-task/:id/complete', 400)).toBe(1);
      expect(http('http_requests_total', 'POST', '/engine-rest/job/:id/execute', 500)).toBe(1);
      expect(http('http_request_duration_seconds_count', 'POST', '/engine-rest/external-task/:id/complete', 204)).toBe(
        2,
      );
      const completeLatency = { method: 'POST', route: '/engine-rest/external-task/:id/complete', status: 204 };
      expect(value(after, 'http_request_duration_seconds_sum', completeLatency)).toBeGreaterThan(
        value(before, 'http_request_duration_seconds_sum', completeLatency),
      );
      expect(value(after, 'http_request_duration_seconds_bucket', { ...completeLatency, le: '+Inf' })).toBe(
        value(after, 'http_requests_total', completeLatency),
      );
    });

    it('labels requests no endpoint matched with one fixed route', async () => {
      const unmatched = { method: 'GET', route: 'unmatched', status: 404 };
      const before = await scrape();
      await t.as('demo').get('/no-such-thing/123').expect(404);
      await t.as('demo').get('/no-such-thing/456').expect(404);
      await t.api().get('/engine-rest/engine/other/task').expect(404);
      const after = await scrape();
      expect(value(after, 'http_requests_total', unmatched) - value(before, 'http_requests_total', unmatched)).toBe(3);
      expect([...after.keys()].filter((k) => k.includes('no-such-thing'))).toEqual([]);
    });

    it('shows the long polls waiting', async () => {
      const poll = t
        .as('demo')
        .post('/external-task/fetchAndLock')
        .send({
          workerId: 'w',
          maxTasks: 1,
          asyncResponseTimeout: 1500,
          topics: [{ topicName: 'nothing-here', lockDuration: 1000 }],
        })
        .then((res) => res);
      let waiting = 0;
      for (const end = Date.now() + 1000; waiting === 0 && Date.now() < end;)
        waiting = value(await scrape(), 'engine_external_task_long_polls_waiting');
      expect(waiting).toBe(1);
      expect((await poll).body).toEqual([]);
      expect(value(await scrape(), 'engine_external_task_long_polls_waiting')).toBe(0);
    });

    it('shows the database connections in use while a unit of work holds one', async () => {
      const inUse = async () => {
        const metric = t.app.get(AppMetrics).registry.getSingleMetric('engine_db_pool_connections_in_use')!;
        return (await metric.get()).values[0].value;
      };
      expect(await inUse()).toBe(0);
      // from its first statement on (on MySQL/MariaDB, BEGIN waits for that statement: see ride-along.ts)
      expect(await t.engine.tx.write(async (em) => (await em.query('SELECT 1'), inUse()))).toBe(1);
      expect(await inUse()).toBe(0);
      expect(value(await scrape(), 'engine_db_pool_connections_max')).toBe(databaseLabel() === 'sqlite' ? 1 : 10);
    });
  });

  describe('METRICS_PUBLIC=true', () => {
    let t: TestApp;
    beforeAll(async () => {
      expect(loadConfig({}).metricsPublic).toBe(false);
      t = await createTestApp({ metricsPublic: loadConfig({ METRICS_PUBLIC: 'true' }).metricsPublic });
    });
    afterAll(() => t.close());

    it('answers without credentials, and ignores wrong ones, while the API still needs them', async () => {
      expect((await t.api().get('/metrics').expect(200)).text).toContain('engine_process_instances_started_total 0');
      await t.api().get('/metrics').auth('demo', 'wrong').expect(200);
      await t.as(null).get('/user').expect(401);
    });
  });

  describe('AUTH_ENABLED=false', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ authEnabled: false });
    });
    afterAll(() => t.close());

    it('answers without credentials', async () => {
      await t.api().get('/metrics').expect(200);
    });
  });
});
