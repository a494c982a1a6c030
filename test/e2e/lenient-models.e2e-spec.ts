import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Real-world Camunda 7 models that lean on what Camunda accepts deploy and run; what Camunda refuses stays refused.
describe(`models Camunda 7 accepts (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const activities = async (pi: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${pi}&sortBy=occurrence&sortOrder=asc`)
        .expect(200)
    ).body.map((a: { activityId: string }) => a.activityId);
  /** The last value each variable of the instance had. */
  const variables = async (pi: string) => {
    const details = (await t.as('demo').get(`/history/detail?processInstanceId=${pi}&variableUpdates=true`).expect(200))
      .body;
    return Object.fromEntries(details.map((d: { variableName: string; value: unknown }) => [d.variableName, d.value]));
  };

  it('deploys a process with id-less flows, an undeclared errorRef, a prefixed messageRef and spaced attributes, and a DMN 1.1 (dmn11.xsd) decision', async () => {
    const res = await deployFixture(t, ['lenient/booking.bpmn', 'lenient/nightly-rate.dmn'], {
      'deployment-name': 'booking',
    }).expect(200);
    expect(Object.values(res.body.deployedProcessDefinitions)).toEqual([
      expect.objectContaining({ key: 'booking', name: 'Booking' }),
    ]);
    expect(Object.values(res.body.deployedDecisionDefinitions)).toEqual([
      expect.objectContaining({ key: 'nightlyRate', name: 'Nightly rate' }),
    ]);
  });

  it('starts it by the message its prefixed messageRef names and throws and catches the error named only by its errorRef', async () => {
    const res = await t
      .as('demo')
      .post('/message')
      .send({
        messageName: 'booking-new',
        resultEnabled: true,
        processVariables: { nights: { value: 3, type: 'Integer' }, inStock: { value: false, type: 'Boolean' } },
      })
      .expect(200);
    const pi = res.body[0].processInstance;
    expect(pi).toMatchObject({ definitionKey: 'booking', ended: true });
    expect(await activities(pi.id)).toEqual([
      'Received',
      'Price',
      'InStock',
      'Reserve',
      'ReserveStart',
      'SoldOut',
      'OnSoldOut',
      'Waitlisted',
    ]);
    expect(await variables(pi.id)).toEqual({ nights: 3, inStock: false, rate: 99, reason: 'OUT_OF_STOCK' });
  });

  it('takes the other id-less conditional flow, and a redeployment of the same XML gives the same graph', async () => {
    await deployFixture(t, ['lenient/booking.bpmn'], { 'deployment-name': 'booking again' }).expect(200);
    const res = await t
      .as('demo')
      .post('/message')
      .send({
        messageName: 'booking-new',
        resultEnabled: true,
        processVariables: { nights: { value: 9, type: 'Integer' }, inStock: { value: true, type: 'Boolean' } },
      })
      .expect(200);
    const pi = res.body[0].processInstance;
    const definition = (await t.as('demo').get(`/process-definition/${pi.definitionId}`).expect(200)).body;
    expect(definition.version).toBe(2);
    expect(await activities(pi.id)).toEqual(['Received', 'Price', 'InStock', 'Booked']);
    expect(await variables(pi.id)).toEqual({ nights: 9, inStock: true, rate: 80.5 });
  });

  it('deploys decisions whose FEEL does not parse; evaluating one answers 400 naming decision, rule and cell', async () => {
    const res = await deployFixture(t, ['lenient/legacy-rules.dmn', 'lenient/discount-check.bpmn']).expect(200);
    expect(Object.values(res.body.deployedDecisionDefinitions).map((d: any) => d.key)).toEqual(['discount', 'fees']);

    const evaluated = await t
      .as('demo')
      .post('/decision-definition/key/discount/evaluate')
      .send({ variables: { nights: { value: 9, type: 'Integer' } } })
      .expect(400);
    expect(evaluated.body.message).toMatch(
      /^Cannot evaluate decision .*: Decision 'Discount' \(discount\): input entry 1 of rule 'loyal': the FEEL text '\$\{nights > 7\}' does not parse/,
    );

    const started = await t
      .as('demo')
      .post('/process-definition/key/discountCheck/start')
      .send({ variables: { nights: { value: 9, type: 'Integer' } } });
    expect(started.status).toBe(400);
    expect(started.body.message).toMatch(/Decision 'Discount' \(discount\): input entry 1 of rule 'loyal'/);
    expect(
      (await t.as('demo').get('/history/process-instance/count?processDefinitionKey=discountCheck').expect(200)).body,
    ).toEqual({ count: 0 });
  });

  it('aggregates a COLLECT table with two outputs while each matching rule fills one, and fails clearly when one fills both', async () => {
    const fees = (nights: number) =>
      t
        .as('demo')
        .post('/decision-definition/key/fees/evaluate')
        .send({ variables: { nights: { value: nights, type: 'Integer' } } });
    expect((await fees(5).expect(200)).body).toEqual([{ cleaning: { type: 'Integer', value: 25, valueInfo: {} } }]);
    expect((await fees(2).expect(200)).body).toEqual([{ cleaning: { type: 'Integer', value: 20, valueInfo: {} } }]);
    const compound = await fees(12).expect(400);
    expect(compound.body.message).toMatch(
      /Decision 'Fees' \(fees\): unable to execute aggregation 'SUM' on the compound output \('cleaning', 'tax'\) of rule 'longStayBoth'/,
    );
  });
});

describe(`models Camunda 7 refuses (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['lenient/no-start.bpmn', "Process 'noStart' must define a startEvent element", 'noStart', 4],
    ['lenient/bad-priority.bpmn', "Value 'NOTaNumber' for attribute 'taskPriority' is not a valid number", 'Charge', 7],
  ])('refuses %s with a ParseException naming the element and its line', async (file, message, elementId, line) => {
    const res = await deployFixture(t, [file]).expect(400);
    const resource = file.slice(file.indexOf('/') + 1);
    expect(res.body).toMatchObject({ type: 'ParseException', message: expect.stringContaining(message) });
    expect(res.body.details[resource].errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining(message), mainElementId: elementId, line }),
    ]);
    expect((await t.as('demo').get('/deployment/count').expect(200)).body).toEqual({ count: 0 });
  });
});
