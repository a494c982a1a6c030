import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deploy, deployFixture, fixture } from '../support/deploy';

describe(`deployments (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (path: string) => (await t.as('demo').get(path).expect(200)).body.count as number;

  it('deploys BPMN, DMN, a diagram and a plain resource, returning the deployed definitions', async () => {
    const res = await deployFixture(
      t,
      ['deployment/invoice.bpmn', 'deployment/invoice.png', 'deployment/dish.dmn', 'deployment/notes.txt'],
      {
        'deployment-name': 'first',
        'deployment-source': 'test',
      },
    ).expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    const d = res.body;
    expect(d).toMatchObject({
      name: 'first',
      source: 'test',
      tenantId: null,
      deployedCaseDefinitions: null,
      deployedDecisionRequirementsDefinitions: null,
    });
    expect(d.deploymentTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    expect(d.links).toEqual([
      { method: 'GET', href: expect.stringMatching(new RegExp(`/engine-rest/deployment/${d.id}$`)), rel: 'self' },
    ]);
    const [pd] = Object.values(d.deployedProcessDefinitions) as any[];
    expect(pd).toMatchObject({
      key: 'invoice',
      name: 'Invoice Receipt',
      version: 1,
      resource: 'invoice.bpmn',
      diagram: 'invoice.png',
      suspended: false,
      versionTag: 'v1',
      historyTimeToLive: 30,
      deploymentId: d.id,
    });
    expect(pd.id).toMatch(/^invoice:1:/);
    const [dd] = Object.values(d.deployedDecisionDefinitions) as any[];
    expect(dd).toMatchObject({
      key: 'dish',
      name: 'Dish',
      version: 1,
      resource: 'dish.dmn',
      decisionRequirementsDefinitionId: null,
      historyTimeToLive: 30,
      versionTag: '1.0',
    });

    const resources = (await t.as('demo').get(`/deployment/${d.id}/resources`).expect(200)).body;
    expect(resources.map((r: any) => r.name).sort()).toEqual(['dish.dmn', 'invoice.bpmn', 'invoice.png', 'notes.txt']);
    const bpmn = resources.find((r: any) => r.name === 'invoice.bpmn');
    await t
      .as('demo')
      .get(`/deployment/${d.id}/resources/${bpmn.id}`)
      .expect(200, { id: bpmn.id, name: 'invoice.bpmn', deploymentId: d.id });
    const data = await t
      .as('demo')
      .get(`/deployment/${d.id}/resources/${bpmn.id}/data`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(data.headers['content-type']).toBe('application/xml');
    expect(data.headers['content-disposition']).toContain('filename="invoice.bpmn"');
    expect((data.body as Buffer).equals(fixture('deployment/invoice.bpmn'))).toBe(true);
    const png = resources.find((r: any) => r.name === 'invoice.png');
    const image = await t.as('demo').get(`/deployment/${d.id}/resources/${png.id}/data`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('increases versions per key, filters duplicates and deploys only what changed', async () => {
    const second = (await deployFixture(t, ['deployment/invoice.bpmn'], { 'deployment-name': 'versions' }).expect(200))
      .body;
    expect(Object.values(second.deployedProcessDefinitions).map((p: any) => p.version)).toEqual([2]);

    const before = await count('/deployment/count');
    const dup = (
      await deployFixture(t, ['deployment/invoice.bpmn'], {
        'deployment-name': 'versions',
        'enable-duplicate-filtering': 'true',
      }).expect(200)
    ).body;
    expect(dup.id).toBe(second.id);
    expect(dup.deployedProcessDefinitions).toBeNull();
    expect(await count('/deployment/count')).toBe(before);

    const changedOnly = (
      await deploy(
        t,
        [
          { name: 'invoice.bpmn', content: fixture('deployment/invoice-v2.bpmn') },
          { name: 'notes.txt', content: 'unchanged? no, new' },
        ],
        { 'deployment-name': 'versions', 'deploy-changed-only': 'true' },
      ).expect(200)
    ).body;
    expect(changedOnly.id).not.toBe(second.id);
    expect(Object.values(changedOnly.deployedProcessDefinitions).map((p: any) => p.version)).toEqual([3]);
    const again = (
      await deploy(
        t,
        [
          { name: 'invoice.bpmn', content: fixture('deployment/invoice-v2.bpmn') },
          { name: 'dish.dmn', content: fixture('deployment/dish.dmn') },
        ],
        { 'deployment-name': 'versions', 'deploy-changed-only': 'true' },
      ).expect(200)
    ).body;
    const names = (await t.as('demo').get(`/deployment/${again.id}/resources`).expect(200)).body.map(
      (r: any) => r.name,
    );
    expect(names).toEqual(['dish.dmn']);
    expect(again.deployedProcessDefinitions).toBeNull();
  });

  it('refuses a broken model with ParseException details and stores nothing', async () => {
    const before = await count('/deployment/count');
    const res = await deployFixture(t, ['deployment/invoice.bpmn', 'deployment/broken.bpmn'], {
      'deployment-name': 'broken',
    }).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(res.body.details['broken.bpmn'].errors.length).toBeGreaterThan(0);
    expect(await count('/deployment/count')).toBe(before);
    expect(await count('/deployment/count?name=broken')).toBe(0);
  });

  it('refuses XML with a DOCTYPE (no external entities are ever resolved)', async () => {
    const res = await deployFixture(t, ['deployment/doctype.bpmn']).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(JSON.stringify(res.body)).not.toContain('root:');
  });

  it('refuses elements that would run code from a deployment, naming the element', async () => {
    const res = await deployFixture(t, ['bpmn/unsupported.bpmn']).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(res.body.message).toMatch(/^ENGINE-09005 Could not parse BPMN process/);
    const errors = res.body.details['unsupported.bpmn'].errors;
    expect(errors.some((e: any) => e.mainElementId === 'Script' && e.line > 0)).toBe(true);
    expect(errors[0]['\u0435lementIds']).toEqual(errors[0].elementIds);
  });

  it('deploys DMN 1.1 (Camunda-style) and DMN 1.5 models', async () => {
    const old = (await deployFixture(t, ['dmn/dish-decision.dmn11.xml'], { 'tenant-id': 'legacy' }).expect(200)).body;
    expect(
      Object.values(old.deployedDecisionDefinitions)
        .map((d: any) => d.key)
        .sort(),
    ).toEqual(['deliveryDay', 'dish']);
    const modern = (await deployFixture(t, ['dmn/dinner-drd.dmn'], { 'tenant-id': 'legacy' }).expect(200)).body;
    const [drd] = Object.values(modern.deployedDecisionRequirementsDefinitions) as any[];
    expect(drd).toMatchObject({
      key: 'dinnerDrd',
      name: 'Dinner Decisions',
      category: 'http://example.com/dinner',
      tenantId: 'legacy',
    });
    expect(
      Object.values(modern.deployedDecisionDefinitions)
        .map((d: any) => [d.key, d.version])
        .sort(),
    ).toEqual([
      ['beverages', 1],
      ['dinner', 1],
      ['dish', 2],
      ['menuCard', 1],
      ['season', 1],
    ]);
  });

  it('answers bad uploads with Camunda messages', async () => {
    const none = await t.as('demo').post('/deployment/create').field('deployment-name', 'x').expect(400);
    expect(none.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No deployment resources contained in the form upload.',
      code: null,
    });
    const textPart = await t
      .as('demo')
      .post('/deployment/create')
      .field('something', 'x')
      .attach('data', Buffer.from('a'), 'a.txt')
      .expect(400);
    expect(textPart.body.message).toBe(
      "No file name found in the deployment resource described by form parameter 'null'.",
    );
  });

  it('lists, counts, sorts and filters deployments', async () => {
    const all = (await t.as('demo').get('/deployment?sortBy=deploymentTime&sortOrder=asc').expect(200)).body;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all[0].name).toBe('first');
    expect(all[0].links).toEqual([]);
    expect(
      (await t.as('demo').get('/deployment?nameLike=ers').expect(200)).body.every((d: any) => d.name === 'versions'),
    ).toBe(true);
    expect((await t.as('demo').get('/deployment?source=test').expect(200)).body.map((d: any) => d.name)).toEqual([
      'first',
    ]);
    expect(await count(`/deployment/count?after=${encodeURIComponent(all[0].deploymentTime)}`)).toBe(
      all.length - 1 - all.filter((d: any) => d.deploymentTime === all[0].deploymentTime && d.id !== all[0].id).length,
    );
    expect(
      (await t.as('demo').get('/deployment?firstResult=1&maxResults=2&sortBy=name&sortOrder=desc').expect(200)).body,
    ).toHaveLength(2);
    await t.as('demo').get('/deployment?sortBy=nope&sortOrder=asc').expect(400);
    await t.as('demo').get('/deployment?sortBy=name').expect(400);
    const bad = await t.as('demo').get('/deployment?after=yesterday').expect(400);
    expect(bad.body.message).toContain("Cannot set query parameter 'after' to value 'yesterday'");
  });

  it('gets a deployment, and 404s unknown ids the Camunda way', async () => {
    const [first] = (await t.as('demo').get('/deployment?name=first').expect(200)).body;
    await t
      .as('demo')
      .get(`/deployment/${first.id}`)
      .expect(200, { ...first });
    expect((await t.as('demo').get('/deployment/nope').expect(404)).body.message).toBe(
      "Deployment with id 'nope' does not exist",
    );
    expect((await t.as('demo').get('/deployment/nope/resources').expect(404)).body.message).toBe(
      "Deployment resources for deployment id 'nope' do not exist.",
    );
    expect((await t.as('demo').get(`/deployment/${first.id}/resources/nope`).expect(404)).body.message).toBe(
      `Deployment resource with resource id 'nope' for deployment id '${first.id}' does not exist.`,
    );
    expect((await t.as('demo').delete('/deployment/nope').expect(404)).body.message).toBe(
      "Deployment with id 'nope' do not exist",
    );
  });

  it('redeploys all or selected resources as a new deployment', async () => {
    const [first] = (await t.as('demo').get('/deployment?name=first').expect(200)).body;
    const all = (await t.as('demo').post(`/deployment/${first.id}/redeploy`).send({}).expect(200)).body;
    expect(all.name).toBe('first');
    expect(Object.keys(all.deployedProcessDefinitions)).toHaveLength(1);
    const some = (
      await t
        .as('demo')
        .post(`/deployment/${first.id}/redeploy`)
        .send({ resourceNames: ['dish.dmn'], source: 'again' })
        .expect(200)
    ).body;
    expect(some.source).toBe('again');
    expect(some.deployedProcessDefinitions).toBeNull();
    expect(Object.values(some.deployedDecisionDefinitions).map((d: any) => d.key)).toEqual(['dish']);
    expect((await t.as('demo').post('/deployment/nope/redeploy').send({}).expect(404)).body.message).toMatch(
      /^Cannot redeploy deployment 'nope': /,
    );
  });

  it('keeps tenants apart in by-key lookups', async () => {
    await deployFixture(t, ['deployment/invoice.bpmn'], { 'tenant-id': 'tenant1', 'deployment-name': 't1' }).expect(
      200,
    );
    await deployFixture(t, ['deployment/invoice.bpmn'], { 'tenant-id': 'tenant1', 'deployment-name': 't1b' }).expect(
      200,
    );
    const shared = (await t.as('demo').get('/process-definition/key/invoice').expect(200)).body;
    expect(shared.tenantId).toBeNull();
    const tenant = (await t.as('demo').get('/process-definition/key/invoice/tenant-id/tenant1').expect(200)).body;
    expect(tenant).toMatchObject({ tenantId: 'tenant1', version: 2 });
    expect((await t.as('demo').get('/process-definition/key/invoice/tenant-id/other').expect(404)).body).toMatchObject({
      type: 'RestException',
      message: 'No matching process definition with key: invoice and tenant-id: other',
    });
    expect((await t.as('demo').get('/process-definition?tenantIdIn=tenant1').expect(200)).body).toHaveLength(2);
    expect(
      (
        await t
          .as('demo')
          .get(
            '/process-definition?tenantIdIn=tenant1&includeProcessDefinitionsWithoutTenantId=true&latestVersion=true',
          )
          .expect(200)
      ).body
        .map((p: any) => p.tenantId ?? 'none')
        .sort(),
    ).toEqual(['none', 'tenant1']);
    expect(
      (
        await t
          .as('demo')
          .get('/process-definition?withoutTenantId=true&key=invoice&sortBy=version&sortOrder=desc')
          .expect(200)
      ).body[0].tenantId,
    ).toBeNull();
  });

  it('serves process definitions: list, by id, XML, diagram', async () => {
    const latest = (
      await t.as('demo').get('/process-definition?key=invoice&latestVersion=true&withoutTenantId=true').expect(200)
    ).body;
    expect(latest).toHaveLength(1);
    const byId = (await t.as('demo').get(`/process-definition/${latest[0].id}`).expect(200)).body;
    expect(byId).toEqual(latest[0]);
    const xml = (await t.as('demo').get(`/process-definition/${byId.id}/xml`).expect(200)).body;
    expect(xml.id).toBe(byId.id);
    expect(xml.bpmn20Xml).toContain('<bpmn:process id="invoice"');
    expect((await t.as('demo').get('/process-definition/nope').expect(404)).body.message).toBe(
      'No matching definition with id nope',
    );
    const [first] = (await t.as('demo').get('/process-definition?key=invoice&version=1').expect(200)).body;
    const diagram = await t.as('demo').get(`/process-definition/${first.id}/diagram`).expect(200);
    expect(diagram.headers['content-type']).toBe('image/png');
    const [withoutImage] = (
      await t.as('demo').get('/process-definition?key=invoice&version=3&withoutTenantId=true').expect(200)
    ).body;
    expect(withoutImage.diagram).toBeNull();
    await t.as('demo').get(`/process-definition/${withoutImage.id}/diagram`).expect(204);
  });

  it('activates definitions only at the deployment activation time', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const d = (
      await deploy(
        t,
        [
          {
            name: 'later.bpmn',
            content: fixture('deployment/invoice.bpmn')
              .toString()
              .replace(/invoice/g, 'later'),
          },
        ],
        {
          'deployment-activation-time': later,
        },
      ).expect(200)
    ).body;
    const [pd] = Object.values(d.deployedProcessDefinitions) as any[];
    expect(pd.suspended).toBe(true);
    expect((await t.as('demo').get('/process-definition?key=later&suspended=true').expect(200)).body).toHaveLength(1);
    expect((await t.as('demo').get('/process-definition?key=later&active=true').expect(200)).body).toHaveLength(0);
  });

  it('deletes a deployment with its definitions', async () => {
    const d = (
      await deploy(t, [
        {
          name: 'gone.bpmn',
          content: fixture('deployment/invoice.bpmn')
            .toString()
            .replace(/invoice/g, 'gone'),
        },
      ]).expect(200)
    ).body;
    await t.as('demo').delete(`/deployment/${d.id}?cascade=true`).expect(204);
    await t.as('demo').get(`/deployment/${d.id}`).expect(404);
    expect(await count('/process-definition/count?key=gone')).toBe(0);
  });

  it('checks the Deployment authorizations', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'deployer' }, credentials: { password: 'pw' } })
      .expect(204);
    const denied = await deploy(t, [{ name: 'x.txt', content: 'x' }], {}, 'deployer')
      .auth('deployer', 'pw')
      .expect(403);
    expect(denied.body).toMatchObject({
      type: 'AuthorizationException',
      userId: 'deployer',
      missingAuthorizations: [{ permissionName: 'CREATE', resourceName: 'Deployment', resourceId: null }],
    });
    expect((await t.as('deployer', 'pw').get('/deployment').expect(200)).body).toEqual([]);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'deployer', resourceType: 9, resourceId: '*', permissions: ['CREATE', 'READ'] })
      .expect(200);
    const ok = (
      await deploy(t, [{ name: 'x.txt', content: 'x' }], {}, 'deployer')
        .auth('deployer', 'pw')
        .expect(200)
    ).body;
    expect((await t.as('deployer', 'pw').get('/deployment').expect(200)).body.map((d: any) => d.id)).toContain(ok.id);
    await t.as('deployer', 'pw').delete(`/deployment/${ok.id}`).expect(403);
    expect((await t.as('deployer', 'pw').get('/process-definition').expect(200)).body).toEqual([]);
  });
});
