import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from './support/runtime-scenario';

const callee = (version: string, tag: string | null) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
                  id="D_${version}" targetNamespace="http://example.org/runtime">
  <bpmn:process id="callee" isExecutable="true" camunda:historyTimeToLive="30" ${tag ? `camunda:versionTag="${tag}"` : ''}>
    <bpmn:extensionElements>
      <camunda:executionListener event="start" expression="\${execution.setVariable('version', '${version}')}" />
    </bpmn:extensionElements>
    <bpmn:startEvent id="S" />
    <bpmn:sequenceFlow id="F" sourceRef="S" targetRef="E" />
    <bpmn:endEvent id="E" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`call activity bindings (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deployXml('callee-1.bpmn', callee('first', null));
    await s.deployXml('callee-2.bpmn', callee('tagged', 'stable'));
    await s.deploy('call-binding.bpmn');
    await s.deployXml('callee-4.bpmn', callee('latest', null));
    await s.deployXml('callee-t.bpmn', callee('tenant-a', null), 'tenant-a');
  });
  afterAll(() => s.close());

  it.each([
    ['callLatest', 'latest', {}],
    ['callVersion', 'first', {}],
    ['callTag', 'tagged', {}],
    ['callDeployment', 'with-callers', {}],
    ['callTenant', 'tenant-a', { tenant: 'tenant-a' }],
  ])('%s calls the callee version %p', async (key, expected, variables) => {
    const pi = await s.start(key, variables);
    expect(pi.ended).toBe(true);
    expect(await s.historicVariables(pi.id)).toMatchObject({ calleeVersion: expected });
  });
});
