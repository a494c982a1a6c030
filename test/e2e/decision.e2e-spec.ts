import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import { deploy, deployFixture, fixture } from '../support/deploy';
import { recordStatements } from '../support/statement-log';

describe(`decision definitions, evaluation and decision history (${databaseLabel()})`, () => {
  let t: TestApp;
  let dish: any;
  let drdDeployment: any;
  beforeAll(async () => {
    // No job executor: its acquisition (a transaction every second) would be counted by the statement test below.
    t = await createTestApp({ jobExecutorEnabled: false });
    dish = Object.values(
      (await deployFixture(t, ['deployment/dish.dmn']).expect(200)).body.deployedDecisionDefinitions,
    )[0];
    drdDeployment = (await deployFixture(t, ['deployment/drd.dmn']).expect(200)).body;
  });
  afterAll(() => t.close());

  const evaluate = (path: string, variables: object) => t.as('demo').post(path).send({ variables });

  it('lists decision definitions and their requirements definitions', async () => {
    const drd = Object.values(drdDeployment.deployedDecisionRequirementsDefinitions)[0] as any;
    expect(drd).toMatchObject({
      key: 'beverages',
      name: 'Beverages',
      version: 1,
      category: 'http://camunda.org/schema/1.0/dmn',
      resource: 'drd.dmn',
    });
    const defs = (await t.as('demo').get('/decision-definition?sortBy=key&sortOrder=asc').expect(200)).body;
    expect(defs.map((d: any) => d.key)).toEqual(['beverage', 'dish', 'season']);
    expect(defs.find((d: any) => d.key === 'season')).toMatchObject({
      decisionRequirementsDefinitionId: drd.id,
      decisionRequirementsDefinitionKey: 'beverages',
    });
    expect(
      (await t.as('demo').get('/decision-definition/count?withoutDecisionRequirementsDefinition=true').expect(200))
        .body,
    ).toEqual({ count: 1 });
    expect(
      (await t.as('demo').get(`/decision-definition?decisionRequirementsDefinitionKey=beverages`).expect(200)).body,
    ).toHaveLength(2);
    expect((await t.as('demo').get('/decision-requirements-definition').expect(200)).body).toEqual([drd]);
    await t.as('demo').get('/decision-requirements-definition/key/beverages').expect(200, drd);
    const xml = (await t.as('demo').get(`/decision-requirements-definition/${drd.id}/xml`).expect(200)).body;
    expect(xml.dmnXml).toContain('id="beverages"');
    const unknown = await t.as('demo').get('/decision-requirements-definition/nope').expect(400);
    expect(unknown.body.message).toBe(
      "no deployed decision requirements definition found with id 'nope': decisionRequirementsDefinition is null",
    );
  });

  it('serves decision definitions by id and key, with XML and (absent) diagram', async () => {
    await t.as('demo').get(`/decision-definition/${dish.id}`).expect(200, dish);
    await t.as('demo').get('/decision-definition/key/dish').expect(200, dish);
    expect((await t.as('demo').get('/decision-definition/key/dish/xml').expect(200)).body.dmnXml).toContain(
      '<decision id="dish"',
    );
    await t.as('demo').get('/decision-definition/key/dish/diagram').expect(204);
    expect((await t.as('demo').get('/decision-definition/key/nope').expect(404)).body).toMatchObject({
      type: 'RestException',
      message: 'No matching decision definition with key: nope and no tenant-id',
    });
    expect((await t.as('demo').get('/decision-definition/nope').expect(404)).body.message).toBe(
      "no deployed decision definition found with id 'nope': decisionDefinition is null",
    );
  });

  it('updates the history time to live, refusing null and negative values', async () => {
    await t
      .as('demo')
      .put(`/decision-definition/${dish.id}/history-time-to-live`)
      .send({ historyTimeToLive: 5 })
      .expect(204);
    expect((await t.as('demo').get(`/decision-definition/${dish.id}`).expect(200)).body.historyTimeToLive).toBe(5);
    await t
      .as('demo')
      .put('/decision-definition/key/dish/history-time-to-live')
      .send({ historyTimeToLive: -1 })
      .expect(400);
    await t
      .as('demo')
      .put('/decision-definition/key/dish/history-time-to-live')
      .send({ historyTimeToLive: null })
      .expect(400);
    await t
      .as('demo')
      .put('/decision-definition/key/dish/history-time-to-live')
      .send({ historyTimeToLive: 30 })
      .expect(204);
  });

  it('evaluates a decision table by key and by id', async () => {
    const res = await evaluate('/decision-definition/key/dish/evaluate', {
      season: { value: 'Spring', type: 'String' },
      guestCount: { value: 7, type: 'Integer' },
    }).expect(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual([{ desiredDish: { value: 'Steak', type: 'String', valueInfo: {} } }]);
    const byId = await evaluate(`/decision-definition/${dish.id}/evaluate`, {
      season: { value: 'Summer', type: 'string' },
      guestCount: { value: 1, type: 'integer' },
    }).expect(200);
    expect(byId.body[0].desiredDish.value).toBe('Light Salad and a nice Steak');
    const none = await evaluate('/decision-definition/key/dish/evaluate', {
      season: { value: 'Never' },
      guestCount: { value: 1 },
    }).expect(200);
    expect(none.body).toEqual([]);
  });

  it('evaluates a decision that requires another decision', async () => {
    const res = await evaluate('/decision-definition/key/beverage/evaluate', {
      month: { value: 7, type: 'Integer' },
    }).expect(200);
    expect(res.body.map((r: any) => r.beverage.value)).toEqual(['Lemonade', 'Water']);
  });

  it('answers evaluation errors and bad input clearly', async () => {
    const unknown = await evaluate('/decision-definition/key/nope/evaluate', {}).expect(404);
    expect(unknown.body).toEqual({
      type: 'RestException',
      message: 'No matching decision definition with key: nope and no tenant-id',
      code: null,
    });
    // The unknown key comes before the variable's failure.
    await evaluate('/decision-definition/key/nope/evaluate', { guestCount: { value: 'many', type: 'Integer' } }).expect(
      404,
    );
    const badType = await evaluate('/decision-definition/key/dish/evaluate', {
      guestCount: { value: 'many', type: 'Integer' },
    }).expect(400);
    expect(badType.body).toMatchObject({
      type: 'InvalidRequestException',
      message: "Cannot convert value 'many' of type 'Integer' to java type java.lang.Integer",
    });
    await evaluate('/decision-definition/key/dish/evaluate', { guestCount: { value: 1, type: 'Nonsense' } }).expect(
      400,
    );
    await t.as('demo').post('/decision-definition/key/dish/evaluate').send({ variables: 'x' }).expect(400);
    const unique = await deploy(t, [
      {
        name: 'clash.dmn',
        content: fixture('deployment/dish.dmn')
          .toString()
          .replace(/id="dish"/, 'id="clash"')
          .replace(
            '"Summer"</text></inputEntry><inputEntry id="r6i2"><text></text>',
            '"Summer"</text></inputEntry><inputEntry id="r6i2"><text></text>',
          )
          .replace(
            '<rule id="r1">',
            '<rule id="r0"><inputEntry id="r0i1"><text>-</text></inputEntry><inputEntry id="r0i2"><text>-</text></inputEntry><outputEntry id="r0o"><text>"Anything"</text></outputEntry></rule><rule id="r1">',
          ),
      },
    ]).expect(200);
    expect(unique.body.deployedDecisionDefinitions).not.toBeNull();
    const clash = await evaluate('/decision-definition/key/clash/evaluate', {
      season: { value: 'Fall' },
      guestCount: { value: 2 },
    });
    expect(clash.status).toBeGreaterThanOrEqual(400);
    // By key the definition is looked up in the evaluation's own unit of work; its failure still names the id.
    const clashId = Object.keys(unique.body.deployedDecisionDefinitions)[0];
    expect(clash.body.message.startsWith(`Cannot evaluate decision ${clashId}: `)).toBe(true);
    expect(clash.body.message).toMatch(/clash/);
    expect(JSON.stringify(clash.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('records historic decision instances with inputs and outputs', async () => {
    const list = (
      await t
        .as('demo')
        .get('/history/decision-instance?decisionDefinitionKey=dish&sortBy=evaluationTime&sortOrder=asc')
        .expect(200)
    ).body;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]).toMatchObject({
      decisionDefinitionId: dish.id,
      decisionDefinitionKey: 'dish',
      decisionDefinitionName: 'Dish',
      userId: 'demo',
      inputs: null,
      outputs: null,
      rootDecisionInstanceId: null,
    });
    expect(list[0].removalTime).not.toBeNull();
    const one = (
      await t
        .as('demo')
        .get(`/history/decision-instance/${list[0].id}?includeInputs=true&includeOutputs=true`)
        .expect(200)
    ).body;
    expect(one.inputs.map((i: any) => [i.clauseId, i.clauseName, i.value, i.type]).sort()).toEqual([
      ['guestsInput', 'How many guests', 7, 'Integer'],
      ['seasonInput', 'Season', 'Spring', 'String'],
    ]);
    expect(one.outputs).toEqual([
      expect.objectContaining({
        clauseId: 'dishOutput',
        clauseName: 'Dish',
        ruleId: 'r4',
        ruleOrder: 4,
        variableName: 'desiredDish',
        value: 'Steak',
        type: 'String',
      }),
    ]);
    expect(
      (await t.as('demo').get('/history/decision-instance/count?decisionDefinitionKey=dish').expect(200)).body.count,
    ).toBe(list.length);
    expect((await t.as('demo').get('/history/decision-instance/nope').expect(404)).body.message).toBe(
      "Historic decision instance with id 'nope' does not exist",
    );
    await t.as('demo').get('/history/decision-instance?sortBy=nope&sortOrder=asc').expect(400);
  });

  it('links required decisions to their root evaluation and counts them per DRD', async () => {
    const [root] = (
      await t
        .as('demo')
        .get('/history/decision-instance?decisionDefinitionKey=beverage&rootDecisionInstancesOnly=true')
        .expect(200)
    ).body;
    const tree = (
      await t
        .as('demo')
        .get(`/history/decision-instance?rootDecisionInstanceId=${root.id}&includeOutputs=true`)
        .expect(200)
    ).body;
    expect(tree.map((h: any) => h.decisionDefinitionKey).sort()).toEqual(['beverage', 'season']);
    const season = tree.find((h: any) => h.decisionDefinitionKey === 'season');
    expect(season.rootDecisionInstanceId).toBe(root.id);
    expect(season.outputs[0]).toMatchObject({ variableName: 'season', value: 'Summer' });
    const beverageOutputs = tree.find((h: any) => h.id === root.id).outputs.map((o: any) => o.value);
    expect(beverageOutputs).toEqual(['Lemonade', 'Water']);
    const stats = (
      await t
        .as('demo')
        .get(`/history/decision-requirements-definition/${root.decisionRequirementsDefinitionId}/statistics`)
        .expect(200)
    ).body;
    expect(stats).toEqual([
      { decisionDefinitionKey: 'beverage', evaluations: 1 },
      { decisionDefinitionKey: 'season', evaluations: 1 },
    ]);
  });

  it('reports cleanable decision instances', async () => {
    const report = (
      await t
        .as('demo')
        .get('/history/decision-definition/cleanable-decision-instance-report?decisionDefinitionKeyIn=dish,season')
        .expect(200)
    ).body;
    const row = report.find((r: any) => r.decisionDefinitionKey === 'dish');
    expect(row).toMatchObject({
      decisionDefinitionId: dish.id,
      decisionDefinitionVersion: 1,
      historyTimeToLive: 30,
      cleanableDecisionInstanceCount: 0,
      tenantId: null,
    });
    expect(row.finishedDecisionInstanceCount).toBeGreaterThanOrEqual(3);
    expect(
      (
        await t
          .as('demo')
          .get('/history/decision-definition/cleanable-decision-instance-report/count?compact=true')
          .expect(200)
      ).body.count,
    ).toBeGreaterThanOrEqual(2);
  });

  it('evaluates by key in one unit of work that reads the definition once', async () => {
    const statements = recordStatements(t.engine.dataSource);
    await evaluate('/decision-definition/key/dish/evaluate', {
      season: { value: 'Fall' },
      guestCount: { value: 4 },
    }).expect(200);
    expect(statements.filter((q) => /act_re_decision_def/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /^(BEGIN|START TRANSACTION)/i.test(q.trim()))).toHaveLength(1);
  });

  it('needs READ and CREATE_INSTANCE to evaluate and READ_HISTORY to see history', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'analyst' }, credentials: { password: 'pw' } })
      .expect(204);
    const noRead = await t
      .as('analyst', 'pw')
      .post('/decision-definition/key/dish/evaluate')
      .send({ variables: {} })
      .expect(403);
    expect(noRead.body.missingAuthorizations).toEqual([
      { permissionName: 'READ', resourceName: 'DecisionDefinition', resourceId: 'dish' },
    ]);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'analyst', resourceType: 10, resourceId: 'dish', permissions: ['READ'] })
      .expect(200);
    const denied = await t
      .as('analyst', 'pw')
      .post('/decision-definition/key/dish/evaluate')
      .send({ variables: {} })
      .expect(403);
    expect(denied.body.missingAuthorizations).toEqual([
      { permissionName: 'CREATE_INSTANCE', resourceName: 'DecisionDefinition', resourceId: 'dish' },
    ]);
    expect((await t.as('analyst', 'pw').get('/history/decision-instance').expect(200)).body).toEqual([]);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'analyst', resourceType: 10, resourceId: 'season', permissions: ['READ_HISTORY'] })
      .expect(200);
    const visible = (await t.as('analyst', 'pw').get('/history/decision-instance').expect(200)).body;
    expect(visible.map((h: any) => h.decisionDefinitionKey)).toEqual(['season']);
  });

  it('deleting a deployment keeps the history of its decisions; with cascade, it goes with inputs and outputs', async () => {
    const rows = async (definitionId: string) => {
      const [row] = await t.engine.dataSource.query(
        'SELECT (SELECT COUNT(*) FROM act_hi_decinst d WHERE d.dec_def_id = ?) AS instances, ' +
          '(SELECT COUNT(*) FROM act_hi_dec_in i WHERE i.dec_inst_id IN ' +
          '(SELECT d.id FROM act_hi_decinst d WHERE d.dec_def_id = ?)) AS inputs, ' +
          '(SELECT COUNT(*) FROM act_hi_dec_out o WHERE o.dec_inst_id IN ' +
          '(SELECT d.id FROM act_hi_decinst d WHERE d.dec_def_id = ?)) AS outputs',
        [definitionId, definitionId, definitionId],
      );
      return [Number(row.instances), Number(row.inputs), Number(row.outputs)];
    };
    const deployed = async (key: string) => {
      const dmn = fixture('deployment/dish.dmn').toString().replace('id="dish"', `id="${key}"`);
      const body = (await deploy(t, [{ name: `${key}.dmn`, content: dmn }]).expect(200)).body;
      const definition = Object.values(body.deployedDecisionDefinitions)[0] as any;
      await evaluate(`/decision-definition/${definition.id}/evaluate`, {
        season: { value: 'Spring' },
        guestCount: { value: 7 },
      }).expect(200);
      expect(await rows(definition.id)).toEqual([1, 2, 1]);
      return { deploymentId: body.id, definitionId: definition.id };
    };
    const kept = await deployed('keptDish');
    await t.as('demo').delete(`/deployment/${kept.deploymentId}`).expect(204);
    expect(await rows(kept.definitionId)).toEqual([1, 2, 1]);
    const gone = await deployed('goneDish');
    await t.as('demo').delete(`/deployment/${gone.deploymentId}?cascade=true`).expect(204);
    expect(await rows(gone.definitionId)).toEqual([0, 0, 0]);
    expect(await rows(dish.id)).not.toEqual([0, 0, 0]);
  });
});

describe(`decision history level none (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ historyLevel: 'none' });
  });
  afterAll(() => t.close());

  it('evaluates without writing history', async () => {
    await deployFixture(t, ['deployment/dish.dmn']).expect(200);
    await t
      .as('demo')
      .post('/decision-definition/key/dish/evaluate')
      .send({ variables: { season: { value: 'Fall' }, guestCount: { value: 2 } } })
      .expect(200);
    expect((await t.as('demo').get('/history/decision-instance/count').expect(200)).body).toEqual({ count: 0 });
  });
});
