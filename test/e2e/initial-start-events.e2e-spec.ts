import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * A plain start (POST .../start) begins where Camunda's parser puts the process's initial activity: the
 * none start event, else the timer start event, else the one start event whatever its kind. The
 * `camunda:initiator` variable is set on every start: the authenticated user, or null without one.
 */
describe(`initial start events and the initiator (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['rest/initial-starts.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const activities = async (instanceId: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${instanceId}&sortBy=startTime&sortOrder=asc`)
        .expect(200)
    ).body.map((a: { activityId: string }) => a.activityId);
  const variable = async (instanceId: string, name: string) =>
    (await t.as('demo').get(`/process-instance/${instanceId}/variables/${name}`).expect(200)).body;

  it('starts a process whose only start event is a message start event there, with the initiator', async () => {
    const started = (await t.as('demo').post('/process-definition/key/byMessageOnly/start').send({}).expect(200)).body;
    expect(started.ended).toBe(false);
    expect((await activities(started.id)).sort()).toEqual(['Handle', 'OrderReceived']);
    expect(await variable(started.id, 'starter')).toEqual({ type: 'String', value: 'demo', valueInfo: {} });
    const historic = (await t.as('demo').get(`/history/process-instance/${started.id}`).expect(200)).body;
    expect(historic.startActivityId).toBe('OrderReceived');
  });

  it('starts at the only signal or conditional start event, running to the end', async () => {
    for (const [key, first] of [
      ['bySignalOnly', 'Alarm'],
      ['byConditionOnly', 'Hot'],
    ]) {
      const started = (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body;
      expect(started.ended).toBe(true);
      expect((await activities(started.id)).sort()).toEqual([first, first === 'Alarm' ? 'SEnd' : 'CEnd'].sort());
      expect((await t.as('demo').get(`/history/process-instance/${started.id}`).expect(200)).body.startActivityId).toBe(
        first,
      );
    }
  });

  it('starts at the timer start event when there is one beside event start events', async () => {
    const started = (await t.as('demo').post('/process-definition/key/byTimerOrMessage/start').send({}).expect(200))
      .body;
    expect((await activities(started.id)).sort()).toEqual(['Nightly', 'TEnd']);
  });

  it('refuses a plain start when only several event start events exist', async () => {
    const res = await t.as('demo').post('/process-definition/key/byEventsOnly/start').send({}).expect(400);
    expect(res.body.type).toBe('RestException');
    expect(res.body.message).toContain('initial activity where the process instance should start is null');
  });

  it('sets the initiator to the authenticated user', async () => {
    const started = (await t.as('demo').post('/process-definition/key/withInitiator/start').send({}).expect(200)).body;
    expect(await variable(started.id, 'initiator')).toEqual({ type: 'String', value: 'demo', valueInfo: {} });
  });
});

describe(`the initiator without authentication (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authEnabled: false });
    await deployFixture(t, ['rest/initial-starts.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  it('is null', async () => {
    const started = (await t.as('demo').post('/process-definition/key/withInitiator/start').send({}).expect(200)).body;
    const value = (await t.as('demo').get(`/process-instance/${started.id}/variables/initiator`).expect(200)).body;
    expect(value).toEqual({ type: 'Null', value: null, valueInfo: {} });
  });
});
