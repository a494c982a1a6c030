import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const model = (key: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_${key}" targetNamespace="http://example.org/${key}">
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="S"${extra || ' />'}<bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Wait" />
    <bpmn:userTask id="Wait" /><bpmn:sequenceFlow id="F2" sourceRef="Wait" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:message id="Msg" name="go-${key}" />
</bpmn:definitions>`;

describe(`deleting process definitions and their history time to live (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'ops' }, credentials: { password: 'opspw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  const deployed = async (key: string, fields: Record<string, string> = {}, extra = '') => {
    const res = await deploy(t, [{ name: `${key}.bpmn`, content: model(key, extra) }], fields).expect(200);
    return Object.keys(res.body.deployedProcessDefinitions)[0];
  };
  const start = async (id: string) =>
    (await t.as('demo').post(`/process-definition/${id}/start`).send({}).expect(200)).body.id as string;
  const grant = (resourceId: string, permissions: string[]) =>
    t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'ops', resourceType: 6, resourceId, permissions })
      .expect(200);

  // DeleteProcessDefinitionTest#testDeleteProcessDefinition, #testDeleteProcessDefinitionCascade,
  // #testDeleteProcessDefinitionNullId (REST: 404 for an unknown id)
  it('deletes a definition without cascade unless it has instances; with cascade, its instances and history go too', async () => {
    const id = await deployed('del');
    const instance = await start(id);
    const refused = await t.as('demo').delete(`/process-definition/${id}`).expect(409);
    expect(refused.body.message).toBe(
      `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${id} can't be deleted, because there are 1 dependent process instances.`,
    );
    await t.as('demo').delete(`/process-definition/${id}?cascade=true`).expect(204);
    await t.as('demo').get(`/process-definition/${id}`).expect(404);
    await t.as('demo').get(`/process-instance/${instance}`).expect(404);
    await t.as('demo').get(`/history/process-instance/${instance}`).expect(404);
    const unused = await deployed('del');
    await t.as('demo').delete(`/process-definition/${unused}`).expect(204);
    const log = (
      await t.as('demo').get(`/history/user-operation?processDefinitionId=${unused}&operationType=Delete`).expect(200)
    ).body;
    expect(log).toEqual([
      expect.objectContaining({
        entityType: 'ProcessDefinition',
        property: 'cascade',
        orgValue: 'false',
        newValue: 'false',
      }),
    ]);
    expect((await t.as('demo').delete('/process-definition/nope').expect(404)).body).toEqual({
      type: 'InvalidRequestException',
      message: "No process definition found with id 'nope': processDefinition is null",
      code: null,
    });
  });

  // DeleteProcessDefinitionTest#testDeleteProcessDefinitionAndRefillDeploymentCache: the previous version starts again
  it('the version before a deleted latest one takes its message start event back; the deployment stays', async () => {
    const v1 = await deployed('msg', {}, '><bpmn:messageEventDefinition messageRef="Msg" /></bpmn:startEvent>');
    const v2 = await deployed('msg', {}, '><bpmn:messageEventDefinition messageRef="Msg" /></bpmn:startEvent>');
    const deploymentId = (await t.as('demo').get(`/process-definition/${v2}`).expect(200)).body.deploymentId;
    await t.as('demo').delete(`/process-definition/${v2}`).expect(204);
    await t.as('demo').get(`/deployment/${deploymentId}`).expect(200);
    const started = await t
      .as('demo')
      .post('/message')
      .send({ messageName: 'go-msg', resultEnabled: true })
      .expect(200);
    expect(started.body[0].processInstance.definitionId).toBe(v1);
  });

  it('by key deletes every version without a tenant; by key and tenant those of the tenant', async () => {
    await deployed('keyed');
    await deployed('keyed');
    const tenantOwned = await deployed('keyed', { 'tenant-id': 'acme' });
    await t.as('demo').delete('/process-definition/key/keyed').expect(204);
    const left = (await t.as('demo').get('/process-definition?key=keyed').expect(200)).body;
    expect(left.map((d: { id: string }) => d.id)).toEqual([tenantOwned]);
    await t.as('demo').delete('/process-definition/key/keyed/tenant-id/acme').expect(204);
    expect((await t.as('demo').get('/process-definition?key=keyed').expect(200)).body).toEqual([]);
    expect((await t.as('demo').delete('/process-definition/key/keyed').expect(404)).body.type).toBe(
      'InvalidRequestException',
    );
  });

  // DeleteProcessDefinitionAuthorizationTest: DELETE on the definition
  it('needs DELETE on the definition', async () => {
    const id = await deployed('guarded');
    expect((await t.as('ops', 'opspw').delete(`/process-definition/${id}`).expect(403)).body.message).toContain(
      "'DELETE' permission on resource 'guarded' of type 'ProcessDefinition'",
    );
    await grant('guarded', ['DELETE']);
    await t.as('ops', 'opspw').delete(`/process-definition/${id}`).expect(204);
  });

  // UpdateHistoryTimeToLiveTest / RepositoryServiceTest#testUpdateHistoryTimeToLive, #testUpdateHistoryTimeToLiveNull,
  // #testUpdateHistoryTimeToLiveNegative
  it('updates the history time to live by id, by key (latest version) and by key and tenant, with a log entry', async () => {
    const v1 = await deployed('ttl');
    const v2 = await deployed('ttl');
    const ttlOf = async (id: string) =>
      (await t.as('demo').get(`/process-definition/${id}`).expect(200)).body.historyTimeToLive;
    await t.as('demo').put(`/process-definition/${v1}/history-time-to-live`).send({ historyTimeToLive: 7 }).expect(204);
    expect([await ttlOf(v1), await ttlOf(v2)]).toEqual([7, 5]);
    // Camunda enforces a history time to live by default (enforceHistoryTimeToLive).
    expect(
      (
        await t
          .as('demo')
          .put('/process-definition/key/ttl/history-time-to-live')
          .send({ historyTimeToLive: null })
          .expect(400)
      ).body.message,
    ).toBe('Null historyTimeToLive values are not allowed');
    await t
      .as('demo')
      .put('/process-definition/key/ttl/history-time-to-live')
      .send({ historyTimeToLive: 0 })
      .expect(204);
    expect([await ttlOf(v1), await ttlOf(v2)]).toEqual([7, 0]);
    const tenant = await deployed('ttl', { 'tenant-id': 'acme' });
    await t
      .as('demo')
      .put('/process-definition/key/ttl/tenant-id/acme/history-time-to-live')
      .send({ historyTimeToLive: 0 })
      .expect(204);
    expect(await ttlOf(tenant)).toBe(0);
    const log = (
      await t.as('demo').get(`/history/user-operation?processDefinitionId=${v1}&operationType=UpdateHistoryTimeToLive`)
    ).body;
    expect(log).toEqual([
      expect.objectContaining({
        entityType: 'ProcessDefinition',
        property: 'historyTimeToLive',
        orgValue: '5',
        newValue: '7',
      }),
    ]);
    expect(
      (
        await t
          .as('demo')
          .put(`/process-definition/${v1}/history-time-to-live`)
          .send({ historyTimeToLive: -1 })
          .expect(400)
      ).body,
    ).toMatchObject({
      type: 'BadUserRequestException',
      message: 'historyTimeToLive is not greater than or equal to 0',
    });
    await t.as('demo').put('/process-definition/nope/history-time-to-live').send({ historyTimeToLive: 1 }).expect(404);
    await t
      .as('demo')
      .put('/process-definition/key/nope/history-time-to-live')
      .send({ historyTimeToLive: 1 })
      .expect(404);
    // The cached definition is read again: an instance ending now is removable at once (ttl 0), not in 5 days.
    const instance = await start(v2);
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${instance}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
    const ended = (await t.as('demo').get(`/history/process-instance/${instance}`).expect(200)).body;
    expect(ended.removalTime).toBe(ended.endTime);
  });

  it('needs UPDATE on the definition to change its history time to live', async () => {
    const id = await deployed('ttlguard');
    await grant('ttlguard', ['READ']);
    const refused = await t
      .as('ops', 'opspw')
      .put(`/process-definition/${id}/history-time-to-live`)
      .send({ historyTimeToLive: 3 })
      .expect(403);
    expect(refused.body.message).toContain("'UPDATE' permission on resource 'ttlguard' of type 'ProcessDefinition'");
  });

  it('GET /process-definition/key/{key}/tenant-id/{tenant-id}/statistics: the latest version of the tenant', async () => {
    const id = await deployed('stats', { 'tenant-id': 'acme' });
    await start(id);
    const stats = (await t.as('demo').get('/process-definition/key/stats/tenant-id/acme/statistics').expect(200)).body;
    expect(stats).toEqual([expect.objectContaining({ id: 'Wait', instances: 1 })]);
    await t.as('demo').get('/process-definition/key/stats/tenant-id/other/statistics').expect(404);
  });
});
