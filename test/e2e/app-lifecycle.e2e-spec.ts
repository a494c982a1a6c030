import { AsyncLocalStorage } from 'node:async_hooks';
import { storage as requestLogStorage } from 'nestjs-pino/storage';
import { AppMetrics } from '../../src/common/metrics/app-metrics';
import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel } from '../support/test-app';

const SCRIPTED = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="t">
  <bpmn:process id="scripted" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="script" />
    <bpmn:scriptTask id="script" scriptFormat="javascript"><bpmn:script>execution.setVariable("x", 41 + 1)</bpmn:script></bpmn:scriptTask>
    <bpmn:sequenceFlow id="f2" sourceRef="script" targetRef="wait" />
    <bpmn:userTask id="wait" />
    <bpmn:sequenceFlow id="f3" sourceRef="wait" targetRef="e" />
    <bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;

/**
 * Storages that ran and were not disabled since: Node visits every one of them whenever an async resource is
 * created, for the life of the process. Tracked through the public run/disable of AsyncLocalStorage.
 */
const liveStorages = new Set<AsyncLocalStorage<unknown>>();
const { run, disable } = AsyncLocalStorage.prototype;
beforeAll(() => {
  AsyncLocalStorage.prototype.run = function (this: AsyncLocalStorage<unknown>, ...args: Parameters<typeof run>) {
    liveStorages.add(this);
    return run.apply(this, args);
  } as typeof run;
  AsyncLocalStorage.prototype.disable = function (this: AsyncLocalStorage<unknown>) {
    liveStorages.delete(this);
    return disable.call(this);
  };
});
afterAll(() => {
  AsyncLocalStorage.prototype.run = run;
  AsyncLocalStorage.prototype.disable = disable;
});

describe(`closing an application (${databaseLabel()})`, () => {
  it('stops the script workers, disables its async context and empties its metrics registry', async () => {
    const before = new Set(liveStorages);
    const t = await createTestApp();
    await deploy(t, [{ name: 'scripted.bpmn', content: SCRIPTED }]).expect(200);
    const instance = (await t.as('demo').post('/process-definition/key/scripted/start').send({}).expect(200)).body;
    expect((await t.as('demo').get(`/process-instance/${instance.id}/variables/x`).expect(200)).body.value).toBe(42);
    expect(t.engine.scripts?.workers).toBeGreaterThan(0);
    const engineStorages = [...liveStorages].filter((s) => !before.has(s) && s !== requestLogStorage);
    expect(engineStorages.length).toBeGreaterThanOrEqual(2);
    const registry = t.app.get(AppMetrics).registry;
    expect(registry.getMetricsAsArray().length).toBeGreaterThan(0);

    await t.close();

    expect(t.engine.scripts?.workers).toBe(0);
    expect(engineStorages.filter((s) => liveStorages.has(s))).toEqual([]);
    expect(registry.getMetricsAsArray()).toEqual([]);
  });
});
