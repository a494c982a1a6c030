import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const callee = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D_${key}" targetNamespace="http://e/${key}">
  <bpmn:process id="${key}" isExecutable="true" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F" sourceRef="S" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
</bpmn:definitions>`;

/** Calls `first` twice (once inside a sub-process), `second` at version 1, `third` through an expression. */
const CALLER = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="D_caller" targetNamespace="http://e/caller">
  <bpmn:process id="caller" isExecutable="true" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="CallFirst" />
    <bpmn:callActivity id="CallFirst" calledElement="first" />
    <bpmn:sequenceFlow id="F2" sourceRef="CallFirst" targetRef="Sub" />
    <bpmn:subProcess id="Sub">
      <bpmn:startEvent id="SubS" /><bpmn:sequenceFlow id="SF1" sourceRef="SubS" targetRef="CallFirstAgain" />
      <bpmn:callActivity id="CallFirstAgain" calledElement="first" />
      <bpmn:sequenceFlow id="SF2" sourceRef="CallFirstAgain" targetRef="SubE" /><bpmn:endEvent id="SubE" />
    </bpmn:subProcess>
    <bpmn:sequenceFlow id="F3" sourceRef="Sub" targetRef="CallSecond" />
    <bpmn:callActivity id="CallSecond" calledElement="second" camunda:calledElementBinding="version" camunda:calledElementVersion="1" />
    <bpmn:sequenceFlow id="F4" sourceRef="CallSecond" targetRef="CallThird" />
    <bpmn:callActivity id="CallThird" calledElement="\${'third'}" />
    <bpmn:sequenceFlow id="F5" sourceRef="CallThird" targetRef="CallMissing" />
    <bpmn:callActivity id="CallMissing" calledElement="missing" />
    <bpmn:sequenceFlow id="F6" sourceRef="CallMissing" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`GET /process-definition/{id}/static-called-process-definitions (${databaseLabel()})`, () => {
  let t: TestApp;
  let callerId: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    for (const key of ['first', 'second', 'second', 'third']) {
      const res = await deploy(t, [{ name: `${key}.bpmn`, content: callee(key) }]).expect(200);
      ids[key] ??= Object.keys(res.body.deployedProcessDefinitions)[0];
    }
    const res = await deploy(t, [{ name: 'caller.bpmn', content: CALLER }]).expect(200);
    callerId = Object.keys(res.body.deployedProcessDefinitions)[0];
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // GetStaticCalledProcessDefinitionTest#shouldReturnStaticCalledProcessDefinitions, #shouldNotReturnDynamicallyCalled...,
  // #shouldReturnCallActivityIdsOfSameProcessDefinition, #shouldReturnStaticallyCalledInSubProcess, ...Version
  it('lists each statically called definition once, with the call activities calling it; expressions are left out', async () => {
    const body = (
      await t.as('demo').get(`/process-definition/${callerId}/static-called-process-definitions`).expect(200)
    ).body;
    const byKey = Object.fromEntries(body.map((d: { key: string }) => [d.key, d]));
    expect(Object.keys(byKey).sort()).toEqual(['first', 'second']);
    expect(byKey.first).toMatchObject({
      id: ids.first,
      version: 1,
      callingProcessDefinitionId: callerId,
      suspended: false,
    });
    expect([...byKey.first.calledFromActivityIds].sort()).toEqual(['CallFirst', 'CallFirstAgain']);
    expect(byKey.second).toMatchObject({ id: ids.second, version: 1, calledFromActivityIds: ['CallSecond'] });
  });

  it('needs READ on the calling definition and leaves out the called ones the caller may not read; an unknown id is a 404', async () => {
    const grant = (resourceId: string) =>
      t
        .as('demo')
        .post('/authorization/create')
        .send({ type: 1, userId: 'ops', resourceType: 6, resourceId, permissions: ['READ'] })
        .expect(200);
    await t.as('ops', 'opspw').get(`/process-definition/${callerId}/static-called-process-definitions`).expect(403);
    await grant('caller');
    await grant('second');
    const body = (
      await t.as('ops', 'opspw').get(`/process-definition/${callerId}/static-called-process-definitions`).expect(200)
    ).body;
    expect(body.map((d: { key: string }) => d.key)).toEqual(['second']);
    expect(
      (await t.as('demo').get('/process-definition/nope/static-called-process-definitions').expect(404)).body.type,
    ).toBe('InvalidRequestException');
  });
});
