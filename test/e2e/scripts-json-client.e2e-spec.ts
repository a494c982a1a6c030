import { AddressInfo } from 'node:net';
import { BasicAuthInterceptor, Client } from 'camunda-external-task-client-js';
import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * A model as Camunda 7 users write it: a JavaScript input parameter builds a JSON array, a
 * multi-instance sub-process runs over `${list.elements()}`, and the npm external task client works
 * one external task per element.
 */
describe(`JavaScript input parameter, Json multi-instance and the npm external task client (${databaseLabel()})`, () => {
  let t: TestApp;
  let client: Client | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [
      { name: 'json-multi-instance.bpmn', content: fixture('scripts/json-multi-instance.bpmn') },
    ]).expect(200);
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    client?.stop();
    await t.close();
  });

  it('runs unchanged: each parcel is shipped by the worker, with its element as a Json variable', async () => {
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const seen: { sku: unknown; parcel: unknown }[] = [];
    client = new Client({
      baseUrl: `http://127.0.0.1:${port}/engine-rest`,
      workerId: 'parcel-worker',
      interceptors: new BasicAuthInterceptor({ username: 'demo', password: 'demo' }),
      asyncResponseTimeout: 5000,
      interval: 20,
    });
    client.subscribe('ship-parcel', async ({ task, taskService }) => {
      seen.push({ sku: task.variables.get('sku'), parcel: task.variables.getTyped('parcel') });
      await taskService.complete(task);
    });
    const pi = (
      await t
        .as('demo')
        .post('/process-definition/key/jsonShipments/start')
        .send({ variables: { count: { value: 3, type: 'Integer' } } })
        .expect(200)
    ).body;
    for (const end = Date.now() + 15000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      if ((await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body.state === 'COMPLETED') break;
    }
    client.stop();
    expect((await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body.state).toBe('COMPLETED');
    expect(seen.map((s) => s.sku).sort()).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
    expect(seen.map((s) => (s.parcel as { type: string }).type)).toEqual(['json', 'json', 'json']);
    const history = (await t.as('demo').get(`/history/activity-instance?processInstanceId=${pi.id}`).expect(200))
      .body as { activityId: string }[];
    expect(history.filter((a) => a.activityId === 'Ship')).toHaveLength(3);
    expect(history.filter((a) => a.activityId === 'PerParcel')).toHaveLength(3);
    const vars = (await t.as('demo').get(`/history/detail?processInstanceId=${pi.id}`).expect(200)).body as {
      variableName: string;
      variableType: string;
      value: unknown;
    }[];
    const list = vars.find((v) => v.variableName === 'list')!;
    expect(list.variableType).toBe('Json');
    expect(JSON.parse(list.value as string)).toEqual([
      { sku: 'SKU-1', weight: 1.5 },
      { sku: 'SKU-2', weight: 3 },
      { sku: 'SKU-3', weight: 4.5 },
    ]);
    expect(vars.find((v) => v.variableName === 'heaviest')).toMatchObject({ variableType: 'Double', value: 4.5 });
  });
});
