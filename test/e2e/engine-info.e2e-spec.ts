import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from '../../src/persistence/migrations';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MIGRATION_NAMES = MIGRATIONS.map((m) => new m().name!);

describe(`engine information: version, schema log (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'plain' }, credentials: { password: 'plain' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // VersionRestServiceTest#testVersionInformation
  it('names the Camunda REST version it speaks', async () => {
    expect((await t.as('demo').get('/version').expect(200)).body).toEqual({ version: '7.24.0' });
    await t.as(null).get('/version').expect(401);
  });

  // SchemaLogRestServiceQueryTest: the applied migrations, as schema log entries
  it('lists the applied migrations as the schema log', async () => {
    const log = (await t.as('demo').get('/schema/log').expect(200)).body;
    expect(log.map((e: any) => e.version)).toEqual(MIGRATION_NAMES);
    expect(log[0]).toEqual({
      id: expect.any(String),
      timestamp: '2025-11-21T04:40:00.000+0000',
      version: MIGRATION_NAMES[0],
    });
    expect(log.every((e: any) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/.test(e.timestamp))).toBe(true);
  });

  it('filters by version, sorts by timestamp and pages, by GET and POST', async () => {
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
    expect((await t.as('demo').get(`/schema/log?version=${last}`).expect(200)).body.map((e: any) => e.version)).toEqual(
      [last],
    );
    expect((await t.as('demo').get('/schema/log?version=7.24.0').expect(200)).body).toEqual([]);
    const desc = (await t.as('demo').get('/schema/log?sortBy=timestamp&sortOrder=desc&maxResults=2').expect(200)).body;
    expect(desc.map((e: any) => e.version)).toEqual([...MIGRATION_NAMES].reverse().slice(0, 2));
    const posted = await t
      .as('demo')
      .post('/schema/log?firstResult=1&maxResults=1')
      .send({ version: null, sorting: [{ sortBy: 'timestamp', sortOrder: 'asc' }] })
      .expect(200);
    expect(posted.body.map((e: any) => e.version)).toEqual([MIGRATION_NAMES[1]]);
    expect(
      (await t.as('demo').post('/schema/log').send({ version: MIGRATION_NAMES[0] }).expect(200)).body.map(
        (e: any) => e.version,
      ),
    ).toEqual([MIGRATION_NAMES[0]]);
    const badSort = await t.as('demo').get('/schema/log?sortBy=version&sortOrder=asc').expect(400);
    expect(badSort.body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'version'",
      code: null,
    });
    const badPage = await t.as('demo').get('/schema/log?maxResults=many').expect(400);
    expect(badPage.body.type).toBe('InvalidRequestException');
  });

  it('shows the schema log and the telemetry data only to camunda-admin and users with READ on SYSTEM', async () => {
    const denied = await t.as('plain', 'plain').get('/schema/log').expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await t.as('plain', 'plain').get('/telemetry/data').expect(403);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'plain', resourceType: 21, resourceId: '*', permissions: ['READ'] })
      .expect(200);
    expect((await t.as('plain', 'plain').get('/schema/log').expect(200)).body).toHaveLength(MIGRATION_NAMES.length);
    await t.as('plain', 'plain').get('/telemetry/data').expect(200);
  });

  // TelemetryRestServiceTest: Camunda 7.22 removed the sending; the configuration stays off
  it('keeps telemetry off, and accepts the deprecated configuration without effect', async () => {
    expect((await t.as('demo').get('/telemetry/configuration').expect(200)).body).toEqual({ enableTelemetry: false });
    await t.as('demo').post('/telemetry/configuration').send({ enableTelemetry: true }).expect(204);
    await t.as('demo').post('/telemetry/configuration').send({ enableTelemetry: null }).expect(204);
    expect((await t.as('demo').get('/telemetry/configuration').expect(200)).body).toEqual({ enableTelemetry: false });
    const bad = await t.as('demo').post('/telemetry/configuration').send({ enableTelemetry: 'yes' }).expect(400);
    expect(bad.body.type).toBe('InvalidRequestException');
  });

  it("answers Camunda's telemetry data with what this installation knows", async () => {
    const data = (await t.as('demo').get('/telemetry/data').expect(200)).body;
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    expect(data).toEqual({
      installation: expect.stringMatching(/^[0-9a-f-]{36}$/),
      product: {
        name: pkg.name,
        version: pkg.version,
        edition: 'community',
        internals: {
          database: {
            vendor: databaseLabel() === 'sqlite' ? 'SQLite' : expect.stringMatching(/^(MariaDB|MySQL)$/),
            version: expect.any(String),
          },
          'application-server': { vendor: 'NestJS', version: expect.any(String) },
          'license-key': null,
          'camunda-integration': [],
          commands: expect.any(Object),
          metrics: {
            'process-instances': { count: 0 },
            'flow-node-instances': { count: 0 },
            'decision-instances': { count: 0 },
          },
          webapps: [],
          jdk: { version: process.versions.node, vendor: 'Node.js' },
          'data-collection-start-date': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      },
    });
    // Commands by class, as Camunda counts them: the start-up made sure of the admin user once.
    expect(data.product.internals.commands.EnsureAdminCmd).toEqual({ count: 1 });
    // The same installation id on every call (it lives in the database, shared by every instance).
    expect((await t.as('demo').get('/telemetry/data').expect(200)).body.installation).toBe(data.installation);
  });
});
