import { ReportMetersCmd } from '../../src/engine/jobs/commands/report-meters.cmd';
import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const WAIT = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_metered" targetNamespace="http://example.org/metrics">
  <bpmn:process id="metered" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Wait" />
    <bpmn:userTask id="Wait" />
  </bpmn:process>
</bpmn:definitions>`;

// Camunda: MetricsTest, MetricsIntervalTest (engine) and MetricsRestServiceTest (REST), translated.
describe(`Camunda engine metrics: the meter log (${databaseLabel()})`, () => {
  let t: TestApp;
  const sum = async (name: string, query = '') =>
    (await t.as('demo').get(`/metrics/${name}/sum${query}`).expect(200)).body.result;
  beforeAll(async () => {
    // No periodic reports: the test writes them when it wants them.
    t = await createTestApp({ jobExecutorEnabled: false, metricsReportIntervalMs: 0 });
    await deploy(t, [{ name: 'metered.bpmn', content: WAIT }]).expect(200);
    await t.engine.meterReporter.report();
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'plain' }, credentials: { password: 'plain' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // MetricsTest#testStartAndEndMetricsAreEqual (the start half), #testQuery
  it('counts root process instance and activity instance starts, and sums them once reported', async () => {
    for (let i = 0; i < 2; i++) await t.as('demo').post('/process-definition/key/metered/start').send({}).expect(200);
    // Counted in memory until the reporter writes them, as Camunda's sums read the meter log only.
    expect(await sum('root-process-instance-start')).toBe(0);
    await t.engine.meterReporter.report();
    expect(await sum('root-process-instance-start')).toBe(2);
    expect(await sum('activity-instance-start')).toBe(4);
    expect(await sum('process-instances')).toBe(2);
    expect(await sum('flow-node-instances')).toBe(4);
    expect(await sum('job-successful')).toBe(0);
    expect(await sum('no-such-metric')).toBe(0);
  });

  // MetricsTest#testReportWithReporterId: several processes on one database, each under its own reporter
  it('adds up the reports of every reporter, and splits intervals by reporter unless aggregated', async () => {
    await t.engine.commands.execute(
      null,
      new ReportMetersCmd('other-node', new Map([['root-process-instance-start', 3]])),
    );
    expect(await sum('root-process-instance-start')).toBe(5);
    const split = (await t.as('demo').get('/metrics?name=root-process-instance-start').expect(200)).body;
    expect(split.map((r: any) => [r.reporter, r.value]).sort()).toEqual([
      ['other-node', 3],
      [t.engine.meterReporter.reporterId, 2],
    ]);
    expect(split[0]).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45):00\.000\+0000$/),
      name: 'root-process-instance-start',
      reporter: expect.any(String),
      value: expect.any(Number),
    });
    const aggregated = (
      await t.as('demo').get('/metrics?name=root-process-instance-start&aggregateByReporter=true').expect(200)
    ).body;
    expect(aggregated).toEqual([
      { timestamp: split[0].timestamp, name: 'root-process-instance-start', reporter: null, value: 5 },
    ]);
    const onlyOther = (await t.as('demo').get('/metrics?reporter=other-node').expect(200)).body;
    expect(onlyOther.map((r: any) => [r.name, r.value])).toEqual([['root-process-instance-start', 3]]);
    // Every metric of the interval, newest interval first, by name.
    const all = (await t.as('demo').get('/metrics?aggregateByReporter=true').expect(200)).body;
    expect(all.map((r: any) => r.name)).toEqual(['activity-instance-start', 'root-process-instance-start']);
    expect(
      (await t.as('demo').get('/metrics?aggregateByReporter=true&firstResult=1&maxResults=1').expect(200)).body,
    ).toHaveLength(1);
    // One-second intervals: still every count, in its second.
    const fine = (await t.as('demo').get('/metrics?name=activity-instance-start&interval=1&aggregateByReporter=1'))
      .body;
    expect(fine.reduce((n: number, r: any) => n + r.value, 0)).toBe(4);
  });

  // MetricsIntervalTest#testMeterQueryDecreaseLimit and the date bounds of sums and intervals
  it('bounds sums and intervals by start (inclusive) and end (exclusive) dates', async () => {
    const past = '2000-01-01T00:00:00.000%2B0000';
    const future = '2999-01-01T00:00:00.000%2B0000';
    expect(await sum('root-process-instance-start', `?endDate=${past}`)).toBe(0);
    expect(await sum('root-process-instance-start', `?startDate=${past}&endDate=${future}`)).toBe(5);
    expect(await sum('root-process-instance-start', `?startDate=${future}`)).toBe(0);
    expect((await t.as('demo').get(`/metrics?startDate=${future}`).expect(200)).body).toEqual([]);
    const tooMany = await t.as('demo').get('/metrics?maxResults=201').expect(400);
    expect(tooMany.body.message).toBe("Metrics interval query row limit can't be set larger than 200.");
    const badDate = await t.as('demo').get('/metrics/job-failed/sum?startDate=yesterday').expect(400);
    expect(badDate.body.type).toBe('InvalidRequestException');
    expect(badDate.body.message).toMatch(/^Cannot set query parameter 'startDate' to value 'yesterday'/);
    await t.as('demo').get('/metrics?interval=0').expect(400);
    await t.as('demo').get('/metrics?interval=often').expect(400);
  });

  it('writes what is left when the reporter stops (the engine stops it at shutdown)', async () => {
    await t.as('demo').post('/process-definition/key/metered/start').send({}).expect(200);
    await t.engine.meterReporter.stop();
    expect(await sum('root-process-instance-start')).toBe(6);
  });

  it('shows the meter log only to camunda-admin and users with READ on SYSTEM', async () => {
    const denied = await t.as('plain', 'plain').get('/metrics/activity-instance-start/sum').expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await t.as('plain', 'plain').get('/metrics').expect(403);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'plain', resourceType: 21, resourceId: '*', permissions: ['READ'] })
      .expect(200);
    expect((await t.as('plain', 'plain').get('/metrics/activity-instance-start/sum').expect(200)).body).toEqual({
      result: 6,
    });
  });

  it("leaves the server's own Prometheus scrape at /metrics", async () => {
    const scrape = await t.api().get('/metrics').auth('demo', 'demo').expect(200);
    expect(scrape.text).toMatch(/engine_activity_instances_started_total 6/);
  });

  it('reports the same counts since start in the telemetry data, reported or not', async () => {
    const data = (await t.as('demo').get('/telemetry/data').expect(200)).body;
    expect(data.product.internals.metrics).toEqual({
      'process-instances': { count: 3 },
      'flow-node-instances': { count: 6 },
      'decision-instances': { count: 0 },
    });
    expect(data.product.internals.commands.ReportMetersCmd.count).toBeGreaterThanOrEqual(3);
  });
});
