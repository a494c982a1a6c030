import { CredentialsCache } from '../../src/engine/authorization/credentials-cache';
import { deploy, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/**
 * The multi-tenancy matrix: the same deployment for tenantOne, tenantTwo and without tenant, one instance of each;
 * tom belongs to tenantOne himself, grace to tenantTwo through her group, nora to no tenant, demo is camunda-admin.
 * Translated from Camunda's multitenancy query and tenant check tests (names at each case).
 */
const MATRIX = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
             targetNamespace="http://example.org/tenancy">
  <message id="go" name="matrixGo" />
  <message id="begin" name="matrixBegin" />
  <signal id="sig" name="matrixSignal" />
  <process id="matrix" isExecutable="true" camunda:historyTimeToLive="P5D">
    <startEvent id="Start" />
    <sequenceFlow id="f0" sourceRef="Start" targetRef="Decide" />
    <businessRuleTask id="Decide" camunda:decisionRef="dish" camunda:resultVariable="dish"
                      camunda:mapDecisionResult="singleEntry" />
    <sequenceFlow id="f1" sourceRef="Decide" targetRef="Fork" />
    <parallelGateway id="Fork" />
    <sequenceFlow id="f2" sourceRef="Fork" targetRef="Approve" />
    <sequenceFlow id="f3" sourceRef="Fork" targetRef="Work" />
    <sequenceFlow id="f4" sourceRef="Fork" targetRef="Wait" />
    <sequenceFlow id="f9" sourceRef="Fork" targetRef="Signalled" />
    <intermediateCatchEvent id="Signalled"><signalEventDefinition signalRef="sig" /></intermediateCatchEvent>
    <sequenceFlow id="f10" sourceRef="Signalled" targetRef="EndSignalled" />
    <endEvent id="EndSignalled" />
    <userTask id="Approve" />
    <boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">
      <timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="f5" sourceRef="Remind" targetRef="EndRemind" />
    <endEvent id="EndRemind" />
    <sequenceFlow id="f6" sourceRef="Approve" targetRef="EndApprove" />
    <endEvent id="EndApprove" />
    <serviceTask id="Work" camunda:type="external" camunda:topic="matrixWork" />
    <sequenceFlow id="f7" sourceRef="Work" targetRef="EndWork" />
    <endEvent id="EndWork" />
    <intermediateCatchEvent id="Wait"><messageEventDefinition messageRef="go" /></intermediateCatchEvent>
    <sequenceFlow id="f8" sourceRef="Wait" targetRef="EndWait" />
    <endEvent id="EndWait" />
  </process>
  <process id="matrixByMessage" isExecutable="true" camunda:historyTimeToLive="P5D">
    <startEvent id="MsgStart"><messageEventDefinition messageRef="begin" /></startEvent>
    <sequenceFlow id="m1" sourceRef="MsgStart" targetRef="MsgTask" />
    <userTask id="MsgTask" />
    <sequenceFlow id="m2" sourceRef="MsgTask" targetRef="MsgEnd" />
    <endEvent id="MsgEnd" />
  </process>
</definitions>`;

type Who = 'demo' | 'tom' | 'grace' | 'nora';
const ALL = ['none', 'tenantOne', 'tenantTwo'];
/** What each caller sees of rows in both tenants and without one. */
const SEES: Record<Who, string[]> = {
  demo: ALL,
  tom: ['none', 'tenantOne'],
  grace: ['none', 'tenantTwo'],
  nora: ['none'],
};

/** Every list with rows of the three instances, with the query that keeps it to this test's rows. */
const LISTS: Array<[string, string]> = [
  ['/deployment', ''],
  ['/process-definition', 'key=matrix'],
  ['/decision-definition', 'key=dish'],
  ['/decision-requirements-definition', ''],
  ['/process-instance', 'processDefinitionKey=matrix'],
  ['/execution', 'processDefinitionKey=matrix'],
  ['/task', 'processDefinitionKey=matrix'],
  ['/external-task', 'topicName=matrixWork'],
  ['/job', 'processDefinitionKey=matrix'],
  ['/incident', 'incidentType=matrixIncident'],
  ['/event-subscription', 'eventName=matrixGo'],
  ['/history/process-instance', 'processDefinitionKey=matrix'],
  ['/history/activity-instance', 'activityId=Approve'],
  ['/history/task', 'processDefinitionKey=matrix'],
  ['/history/variable-instance', 'variableName=season'],
  ['/history/detail', 'variableUpdates=true'],
  ['/history/incident', 'incidentType=matrixIncident'],
  ['/history/job-log', 'processDefinitionKey=matrix'],
  ['/history/external-task-log', 'topicName=matrixWork'],
  ['/history/decision-instance', 'decisionDefinitionKey=dish'],
];

describe(`multi-tenancy (${databaseLabel()})`, () => {
  let t: TestApp;
  const as = (who: Who) => t.as(who, who === 'demo' ? 'demo' : `${who}pw`);
  const instances: Record<string, string> = {};
  const tenantsOf = (rows: Array<{ tenantId: string | null }>) =>
    [...new Set(rows.map((r) => r.tenantId ?? 'none'))].sort();

  beforeAll(async () => {
    // The tenant check is Camunda's own, apart from authorizations: without them every user may read everything.
    t = await createTestApp({ authorizationEnabled: false, jobExecutorEnabled: false });
    const admin = as('demo');
    for (const id of ['tom', 'grace', 'nora'])
      await admin
        .post('/user/create')
        .send({ profile: { id }, credentials: { password: `${id}pw` } })
        .expect(204);
    await admin.post('/group/create').send({ id: 'crew', name: 'Crew' }).expect(204);
    await admin.put('/group/crew/members/grace').expect(204);
    for (const id of ['tenantOne', 'tenantTwo']) await admin.post('/tenant/create').send({ id }).expect(204);
    await admin.put('/tenant/tenantOne/user-members/tom').expect(204);
    await admin.put('/tenant/tenantTwo/group-members/crew').expect(204);
    const files = [
      { name: 'matrix.bpmn', content: MATRIX },
      { name: 'dish.dmn', content: fixture('deployment/dish.dmn') },
      // A DRD is kept for a DMN resource of more than one decision.
      { name: 'drd.dmn', content: fixture('deployment/drd.dmn') },
    ];
    for (const tenant of ALL) {
      const fields: Record<string, string> = { 'deployment-name': `matrix-${tenant}` };
      if (tenant !== 'none') fields['tenant-id'] = tenant;
      await deploy(t, files, fields).expect(200);
      const path =
        tenant === 'none'
          ? '/process-definition/key/matrix/start'
          : `/process-definition/key/matrix/tenant-id/${tenant}/start`;
      const started = await admin
        .post(path)
        .send({ variables: { season: { value: 'Summer' }, guestCount: { value: 3 } } })
        .expect(200);
      expect(started.body.tenantId).toBe(tenant === 'none' ? null : tenant);
      instances[tenant] = started.body.id;
      const [waiting] = (await admin.get(`/execution?processInstanceId=${started.body.id}&activityId=Work`).expect(200))
        .body;
      await admin
        .post(`/execution/${waiting.id}/create-incident`)
        .send({ incidentType: 'matrixIncident', configuration: tenant })
        .expect(200);
    }
  });
  afterAll(() => t.close());

  describe("every row carries its deployment's tenant (MultiTenancyExecutionPropagationTest)", () => {
    it.each(LISTS)('%s?%s has a row of each tenant and one without', async (path, query) => {
      const rows = (await as('demo').get(`${path}?${query}`).expect(200)).body;
      expect(tenantsOf(rows)).toEqual(ALL);
    });

    it('the business rule task evaluated the decision of its own tenant (MultiTenancyBusinessRuleTaskTest#testEvaluateDecisionWithLatestBindingSameVersion)', async () => {
      const rows = (await as('demo').get('/history/decision-instance?decisionDefinitionKey=dish').expect(200)).body;
      const definitions = (await as('demo').get('/decision-definition?key=dish').expect(200)).body;
      for (const row of rows)
        expect(definitions.find((d: any) => d.id === row.decisionDefinitionId).tenantId).toBe(row.tenantId);
    });
  });

  describe('the tenant check keeps every list to the caller’s tenants and tenant-less rows', () => {
    for (const who of ['demo', 'tom', 'grace', 'nora'] as Who[])
      it.each(LISTS)(`${who}: %s?%s (MultiTenancy*QueryTest#queryByAuthenticatedTenant)`, async (path, query) => {
        const rows = (await as(who).get(`${path}?${query}`).expect(200)).body;
        expect(tenantsOf(rows)).toEqual(SEES[who]);
        const count = (await as(who).get(`${path}/count?${query}`).expect(200)).body.count;
        expect(count).toBe(rows.length);
      });

    it('a tenant filter cannot widen what the check allows (MultiTenancyProcessInstanceQueryTest#testQueryAuthenticatedTenant)', async () => {
      expect(
        (await as('tom').get('/process-instance?processDefinitionKey=matrix&tenantIdIn=tenantTwo').expect(200)).body,
      ).toEqual([]);
      expect(
        tenantsOf(
          (
            await as('tom')
              .get('/process-instance?processDefinitionKey=matrix&tenantIdIn=tenantOne,tenantTwo')
              .expect(200)
          ).body,
        ),
      ).toEqual(['tenantOne']);
    });
  });

  describe('the tenant filters of the lists', () => {
    const FILTERED: Array<[string, string, string | null]> = [
      ['/deployment', '', 'includeDeploymentsWithoutTenantId'],
      ['/process-definition', 'key=matrix', 'includeProcessDefinitionsWithoutTenantId'],
      ['/decision-definition', 'key=dish', 'includeDecisionDefinitionsWithoutTenantId'],
      ['/decision-requirements-definition', '', 'includeDecisionRequirementsDefinitionsWithoutTenantId'],
      ['/process-instance', 'processDefinitionKey=matrix', null],
      ['/task', 'processDefinitionKey=matrix', null],
      ['/job', 'processDefinitionKey=matrix', 'includeJobsWithoutTenantId'],
      ['/event-subscription', 'eventName=matrixGo', 'includeEventSubscriptionsWithoutTenantId'],
      ['/history/process-instance', 'processDefinitionKey=matrix', null],
      ['/history/activity-instance', 'activityId=Approve', null],
      ['/history/task', 'processDefinitionKey=matrix', null],
      ['/history/variable-instance', 'variableName=season', null],
      ['/history/detail', 'variableUpdates=true', null],
      ['/history/incident', 'incidentType=matrixIncident', null],
      ['/history/job-log', 'processDefinitionKey=matrix', null],
      ['/history/external-task-log', 'topicName=matrixWork', null],
      ['/history/decision-instance', 'decisionDefinitionKey=dish', null],
    ];
    it.each(FILTERED)(
      '%s?%s: tenantIdIn, withoutTenantId, %s (MultiTenancy*QueryTest#testQueryByTenantId, #testQueryByWithoutTenantId)',
      async (path, query, include) => {
        const get = async (q: string) => tenantsOf((await as('demo').get(`${path}?${query}&${q}`).expect(200)).body);
        expect(await get('tenantIdIn=tenantOne')).toEqual(['tenantOne']);
        expect(await get('tenantIdIn=tenantOne,tenantTwo')).toEqual(['tenantOne', 'tenantTwo']);
        expect(await get('withoutTenantId=true')).toEqual(['none']);
        expect(await get('tenantIdIn=nope')).toEqual([]);
        if (include) expect(await get(`tenantIdIn=tenantTwo&${include}=true`)).toEqual(['none', 'tenantTwo']);
      },
    );

    it.each([
      ['/execution', 'processDefinitionKey=matrix'],
      ['/external-task', 'topicName=matrixWork'],
      ['/incident', 'incidentType=matrixIncident'],
    ])('%s?%s: tenantIdIn (Camunda offers no withoutTenantId here)', async (path, query) => {
      const rows = (await as('demo').get(`${path}?${query}&tenantIdIn=tenantTwo`).expect(200)).body;
      expect(tenantsOf(rows)).toEqual(['tenantTwo']);
    });

    it('POST lists take tenantIdIn and withoutTenantId in the body', async () => {
      const body = (
        await as('demo')
          .post('/process-instance')
          .send({ processDefinitionKey: 'matrix', withoutTenantId: true })
          .expect(200)
      ).body;
      expect(tenantsOf(body)).toEqual(['none']);
      const tasks = (
        await as('demo')
          .post('/task')
          .send({ processDefinitionKey: 'matrix', tenantIdIn: ['tenantOne'] })
          .expect(200)
      ).body;
      expect(tenantsOf(tasks)).toEqual(['tenantOne']);
    });
  });

  describe('one row by id of another tenant is not there for the caller', () => {
    it('GET /process-instance/{id}, /task/{id}, /process-definition/{id}: 404 for another tenant, 200 for the own (MultiTenancyProcessDefinitionCmdsTenantCheckTest#failToGetProcessDefinitionNoAuthenticatedTenant)', async () => {
      await as('tom').get(`/process-instance/${instances.tenantTwo}`).expect(404);
      await as('tom').get(`/process-instance/${instances.tenantOne}`).expect(200);
      await as('tom').get(`/process-instance/${instances.none}`).expect(200);
      const [taskTwo] = (await as('demo').get('/task?processDefinitionKey=matrix&tenantIdIn=tenantTwo').expect(200))
        .body;
      await as('tom').get(`/task/${taskTwo.id}`).expect(404);
      await as('grace').get(`/task/${taskTwo.id}`).expect(200);
      const [defTwo] = (await as('demo').get('/process-definition?key=matrix&tenantIdIn=tenantTwo').expect(200)).body;
      await as('tom').get(`/process-definition/${defTwo.id}`).expect(404);
      await as('grace').get(`/process-definition/${defTwo.id}`).expect(200);
    });

    it('GET by key and tenant of another tenant is a 404 (MultiTenancyRepositoryServiceTest#getProcessDefinitionByKeyAndTenantIdNoAuthenticatedTenant)', async () => {
      await as('tom').get('/process-definition/key/matrix/tenant-id/tenantTwo').expect(404);
      await as('tom').get('/process-definition/key/matrix/tenant-id/tenantOne').expect(200);
      await as('tom').get('/decision-definition/key/dish/tenant-id/tenantTwo').expect(404);
      await as('grace').get('/decision-definition/key/dish/tenant-id/tenantTwo').expect(200);
    });
  });

  describe('by key with a tenant', () => {
    it('starts by key and tenant only in an authenticated tenant (MultiTenancyProcessInstantiationTest#testFailToStartProcessInstanceByKeyNoAuthenticatedTenant)', async () => {
      const own = (
        await as('tom').post('/process-definition/key/matrixByMessage/tenant-id/tenantOne/start').send({}).expect(200)
      ).body;
      expect(own.tenantId).toBe('tenantOne');
      await as('tom').post('/process-definition/key/matrixByMessage/tenant-id/tenantTwo/start').send({}).expect(404);
      const shared = (await as('nora').post('/process-definition/key/matrixByMessage/start').send({}).expect(200)).body;
      expect(shared.tenantId).toBeNull();
    });

    it('evaluates by key and tenant only in an authenticated tenant (MultiTenancyDecisionEvaluationTest#testFailToEvaluateDecisionByIdWithoutTenantId)', async () => {
      const variables = { season: { value: 'Summer' }, guestCount: { value: 3 } };
      await as('grace')
        .post('/decision-definition/key/dish/tenant-id/tenantTwo/evaluate')
        .send({ variables })
        .expect(200);
      await as('tom')
        .post('/decision-definition/key/dish/tenant-id/tenantTwo/evaluate')
        .send({ variables })
        .expect(404);
      const history = (
        await as('demo').get('/history/decision-instance?decisionDefinitionKey=dish&tenantIdIn=tenantTwo').expect(200)
      ).body;
      expect(history.length).toBe(2);
    });

    it('correlates a message to a start event of the given tenant (MultiTenancyMessageCorrelationTest#correlateMessageToStartEventWithTenantId)', async () => {
      const res = await as('demo')
        .post('/message')
        .send({ messageName: 'matrixBegin', tenantId: 'tenantTwo', resultEnabled: true })
        .expect(200);
      expect(res.body[0].processInstance.tenantId).toBe('tenantTwo');
      const without = await as('demo')
        .post('/message')
        .send({ messageName: 'matrixBegin', withoutTenantId: true, resultEnabled: true })
        .expect(200);
      expect(without.body[0].processInstance.tenantId).toBeNull();
    });

    it('without a tenant a start message of several tenants is ambiguous (MultiTenancyMessageCorrelationTest#failToCorrelateMessageToStartEventsForMultipleTenants)', async () => {
      const res = await as('demo').post('/message').send({ messageName: 'matrixBegin' }).expect(400);
      expect(res.body.type).toBe('RestException');
      expect(res.body.message).toMatch(
        /ENGINE-13030 Cannot correlate a message with name 'matrixBegin' to a single process definition/,
      );
    });

    it('the tenant check keeps a correlation to the caller’s tenants (MultiTenancyMessageCorrelationTest#correlateMessageToStartEventNoAuthenticatedTenants)', async () => {
      // nora sees only the tenant-less definition: for her the start is not ambiguous.
      const res = await as('nora')
        .post('/message')
        .send({ messageName: 'matrixBegin', resultEnabled: true })
        .expect(200);
      expect(res.body[0].processInstance.tenantId).toBeNull();
      // tom's correlation to tenantTwo finds nothing he may see.
      const foreign = await as('tom')
        .post('/message')
        .send({ messageName: 'matrixBegin', tenantId: 'tenantTwo' })
        .expect(400);
      expect(foreign.body.message).toMatch(/No process definition or execution matches the parameters/);
    });

    it('correlates to waiting executions of the caller’s tenants only (MultiTenancyMessageCorrelationTest#correlateMessageToIntermediateCatchEventNoAuthenticatedTenants)', async () => {
      const res = await as('grace')
        .post('/message')
        .send({ messageName: 'matrixGo', all: true, resultEnabled: true })
        .expect(200);
      expect(res.body.map((r: any) => r.execution.tenantId ?? 'none').sort()).toEqual(['none', 'tenantTwo']);
      const left = (await as('demo').get('/event-subscription?eventName=matrixGo').expect(200)).body;
      expect(tenantsOf(left)).toEqual(['tenantOne']);
    });
  });

  describe('the other by-key-and-tenant routes', () => {
    it('GET .../key/{key}/tenant-id/{tenantId}/statistics counts the tenant’s latest version only', async () => {
      const rows = (await as('tom').get('/process-definition/key/matrix/tenant-id/tenantOne/statistics').expect(200))
        .body;
      const approve = rows.find((r: any) => r.id === 'Approve');
      expect(approve.instances).toBe(1);
      expect(approve.definitionId).toBeUndefined();
      await as('tom').get('/process-definition/key/matrix/tenant-id/tenantTwo/statistics').expect(404);
    });

    it('PUT history-time-to-live by id, key and key with tenant; another tenant’s definition is not found by key, refused by id (MultiTenancyProcessDefinitionCmdsTenantCheckTest#updateHistoryTimeToLiveNoAuthenticatedTenants)', async () => {
      const ttl = async (tenant: string) =>
        (await as('demo').get(`/process-definition?key=matrixByMessage&latestVersion=true&tenantIdIn=${tenant}`))
          .body[0];
      await as('tom')
        .put('/process-definition/key/matrixByMessage/tenant-id/tenantOne/history-time-to-live')
        .send({ historyTimeToLive: 10 })
        .expect(204);
      expect((await ttl('tenantOne')).historyTimeToLive).toBe(10);
      await as('tom')
        .put('/process-definition/key/matrixByMessage/tenant-id/tenantTwo/history-time-to-live')
        .send({ historyTimeToLive: 10 })
        .expect(404);
      const two = await ttl('tenantTwo');
      // By id the command runs and refuses it (Camunda's ENGINE-13034, a 500 there).
      const byId = await as('tom')
        .put(`/process-definition/${two.id}/history-time-to-live`)
        .send({ historyTimeToLive: 1 })
        .expect(400);
      expect(byId.body.message).toBe(
        `ENGINE-13034 Cannot update the process definition '${two.id}' because it belongs to no authenticated tenant.`,
      );
      await as('grace')
        .put(`/process-definition/${two.id}/history-time-to-live`)
        .send({ historyTimeToLive: 1 })
        .expect(204);
      expect((await ttl('tenantTwo')).historyTimeToLive).toBe(1);
      await as('nora')
        .put('/process-definition/key/matrixByMessage/history-time-to-live')
        .send({ historyTimeToLive: 3 })
        .expect(204);
      const shared = (await as('demo').get('/process-definition/key/matrixByMessage').expect(200)).body;
      expect(shared.historyTimeToLive).toBe(3);
      const refused = await as('demo')
        .put(`/process-definition/${two.id}/history-time-to-live`)
        .send({ historyTimeToLive: -1 })
        .expect(400);
      expect(refused.body.message).toBe('historyTimeToLive is not greater than or equal to 0');
    });

    it('an instance ending after the change gets its removal time from the new history time to live', async () => {
      const started = (
        await as('tom').post('/process-definition/key/matrixByMessage/tenant-id/tenantOne/start').send({}).expect(200)
      ).body;
      await as('tom')
        .put('/process-definition/key/matrixByMessage/tenant-id/tenantOne/history-time-to-live')
        .send({ historyTimeToLive: 20 })
        .expect(204);
      const [task] = (await as('tom').get(`/task?processInstanceId=${started.id}`).expect(200)).body;
      await as('tom').post(`/task/${task.id}/complete`).send({}).expect(204);
      const history = (await as('tom').get(`/history/process-instance/${started.id}`).expect(200)).body;
      const days = (Date.parse(history.removalTime) - Date.parse(history.endTime)) / 86_400_000;
      expect(days).toBe(20);
    });
  });

  describe('call activities (MultiTenancyCallActivityTest)', () => {
    const CALLER = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
             targetNamespace="http://example.org/tenancy">
  <process id="matrixCaller" isExecutable="true" camunda:historyTimeToLive="P5D">
    <startEvent id="s" />
    <sequenceFlow id="c1" sourceRef="s" targetRef="Call" />
    <callActivity id="Call" calledElement="matrixByMessage" />
    <sequenceFlow id="c2" sourceRef="Call" targetRef="e" />
    <endEvent id="e" />
  </process>
  <process id="matrixChosenCaller" isExecutable="true" camunda:historyTimeToLive="P5D">
    <startEvent id="s2" />
    <sequenceFlow id="d1" sourceRef="s2" targetRef="CallChosen" />
    <callActivity id="CallChosen" calledElement="matrixByMessage" camunda:calledElementTenantId="\${target}" />
    <sequenceFlow id="d2" sourceRef="CallChosen" targetRef="e2" />
    <endEvent id="e2" />
  </process>
</definitions>`;

    beforeAll(async () => {
      await deploy(t, [{ name: 'caller.bpmn', content: CALLER }], { 'tenant-id': 'tenantOne' }).expect(200);
      await deploy(t, [{ name: 'caller.bpmn', content: CALLER }]).expect(200);
    });

    const calledTenant = async (callerId: string) => {
      const [sub] = (await as('demo').get(`/process-instance?superProcessInstance=${callerId}`).expect(200)).body;
      return sub.tenantId;
    };

    it('by default calls the version of the caller’s own tenant (#testStartProcessInstanceWithLatestBindingSameVersion)', async () => {
      const one = (
        await as('demo').post('/process-definition/key/matrixCaller/tenant-id/tenantOne/start').send({}).expect(200)
      ).body;
      expect(await calledTenant(one.id)).toBe('tenantOne');
      const shared = (await as('demo').post('/process-definition/key/matrixCaller/start').send({}).expect(200)).body;
      expect(await calledTenant(shared.id)).toBeNull();
    });

    it('calledElementTenantId names the tenant, by expression (#testCalledElementTenantIdExpression)', async () => {
      const started = (
        await as('demo')
          .post('/process-definition/key/matrixChosenCaller/start')
          .send({ variables: { target: { value: 'tenantTwo' } } })
          .expect(200)
      ).body;
      expect(await calledTenant(started.id)).toBe('tenantTwo');
    });
  });

  describe('commands on one entity of another tenant', () => {
    // Camunda's TenantCommandChecker answers with a ProcessEngineException (500 there, 400 here).
    const refused = (command: string) => ({
      type: 'ProcessEngineException',
      message: `ENGINE-13034 Cannot ${command} because it belongs to no authenticated tenant.`,
      code: 0,
    });

    it('a task of another tenant cannot be worked on (MultiTenancyTaskServiceCmdsTenantCheckTest#completeTaskWithNoAuthenticatedTenant, #setPriorityForTaskWithNoAuthenticatedTenant)', async () => {
      const [taskTwo] = (await as('demo').get('/task?processDefinitionKey=matrix&tenantIdIn=tenantTwo').expect(200))
        .body;
      const complete = await as('tom').post(`/task/${taskTwo.id}/complete`).send({}).expect(400);
      // Camunda's TaskResource wraps what the engine says.
      expect(complete.body).toEqual({
        type: 'RestException',
        message: `Cannot complete task ${taskTwo.id}: ${refused(`work on task '${taskTwo.id}'`).message}`,
        code: null,
      });
      const assign = await as('tom').post(`/task/${taskTwo.id}/assignee`).send({ userId: 'tom' }).expect(400);
      expect(assign.body).toEqual(refused(`assign the task '${taskTwo.id}'`));
      await as('grace').post(`/task/${taskTwo.id}/claim`).send({ userId: 'grace' }).expect(204);
      await as('grace').post(`/task/${taskTwo.id}/complete`).send({}).expect(204);
    });

    it('a process instance of another tenant cannot be deleted (MultiTenancyProcessInstanceCmdsTenantCheckTest#deleteProcessInstanceWithNoAuthenticatedTenant)', async () => {
      const res = await as('tom').delete(`/process-instance/${instances.tenantTwo}`).expect(400);
      expect(res.body).toEqual(refused(`delete the process instance '${instances.tenantTwo}'`));
      await as('demo').get(`/process-instance/${instances.tenantTwo}`).expect(200);
    });

    it('starting by id a definition of another tenant is refused (MultiTenancyProcessInstantiationTest#testFailToStartProcessInstanceByIdNoAuthenticatedTenant)', async () => {
      const [defTwo] = (
        await as('demo').get('/process-definition?key=matrixByMessage&tenantIdIn=tenantTwo').expect(200)
      ).body;
      const res = await as('tom').post(`/process-definition/${defTwo.id}/start`).send({}).expect(400);
      expect(res.body.message).toContain(
        `ENGINE-13034 Cannot create an instance of the process definition '${defTwo.id}' because it belongs to no authenticated tenant.`,
      );
    });

    it('a signal from outside reaches only the caller’s tenants (MultiTenancySignalReceiveTest#sendSignalToIntermediateCatchEventNoAuthenticatedTenant)', async () => {
      await as('tom').post('/signal').send({ name: 'matrixSignal' }).expect(204);
      const left = (await as('demo').get('/event-subscription?eventName=matrixSignal').expect(200)).body;
      expect(tenantsOf(left)).toEqual(['tenantTwo']);
    });
  });

  describe('suspension (MultiTenancyProcessDefinitionSuspensionStateTest, MultiTenancyProcessInstanceCmdsTenantCheckTest)', () => {
    const suspended = async (path: string) =>
      Object.fromEntries(
        ((await as('demo').get(path).expect(200)).body as Array<{ tenantId: string | null; suspended: boolean }>).map(
          (r) => [r.tenantId ?? 'none', r.suspended],
        ),
      );

    it('by key, only the definitions and instances of the caller’s tenants (#suspendProcessDefinitionNoAuthenticatedTenants)', async () => {
      await as('tom')
        .put('/process-definition/suspended')
        .send({ processDefinitionKey: 'matrix', suspended: true, includeProcessInstances: true })
        .expect(204);
      const expected = { none: true, tenantOne: true, tenantTwo: false };
      expect(await suspended('/process-definition?key=matrix')).toEqual(expected);
      expect(await suspended('/process-instance?processDefinitionKey=matrix')).toEqual(expected);
      await as('demo')
        .put('/process-definition/suspended')
        .send({ processDefinitionKey: 'matrix', suspended: false, includeProcessInstances: true })
        .expect(204);
      expect(await suspended('/process-instance?processDefinitionKey=matrix')).toEqual({
        none: false,
        tenantOne: false,
        tenantTwo: false,
      });
    });

    it('by id, another tenant’s instance is refused (#suspendProcessInstanceByIdWithNoAuthenticatedTenant)', async () => {
      const res = await as('tom')
        .put(`/process-instance/${instances.tenantTwo}/suspended`)
        .send({ suspended: true })
        .expect(400);
      expect(res.body.message).toBe(
        `ENGINE-13034 Cannot update the process instance '${instances.tenantTwo}' because it belongs to no authenticated tenant.`,
      );
    });
  });

  describe('deployments and workers of another tenant', () => {
    const deploymentOf = async (tenant: string) =>
      (await as('demo').get(`/deployment?tenantIdIn=${tenant}&name=matrix-${tenant}`).expect(200)).body[0].id;

    it('GET /deployment/{id} and its resources (MultiTenancyDeploymentCmdsTenantCheckTest#failToGetDeploymentResourcesNoAuthenticatedTenant)', async () => {
      const two = await deploymentOf('tenantTwo');
      await as('tom').get(`/deployment/${two}`).expect(404);
      await as('grace').get(`/deployment/${two}`).expect(200);
      const res = await as('tom').get(`/deployment/${two}/resources`).expect(400);
      expect(res.body.message).toBe(
        `ENGINE-13034 Cannot get the deployment '${two}' because it belongs to no authenticated tenant.`,
      );
      expect((await as('grace').get(`/deployment/${two}/resources`).expect(200)).body).toHaveLength(3);
    });

    it('redeploying another tenant’s deployment is refused (MultiTenancyDeploymentCmdsTenantCheckTest#redeployForDifferentAuthenticatedTenants)', async () => {
      const two = await deploymentOf('tenantTwo');
      const res = await as('tom').post(`/deployment/${two}/redeploy`).send({}).expect(400);
      expect(res.body.message).toContain(
        `Cannot get the deployment '${two}' because it belongs to no authenticated tenant.`,
      );
    });

    it('DELETE /deployment/{id} of another tenant is not found (MultiTenancyDeploymentCmdsTenantCheckTest#failToDeleteDeploymentNoAuthenticatedTenant)', async () => {
      const two = await deploymentOf('tenantTwo');
      const res = await as('tom').delete(`/deployment/${two}?cascade=true`).expect(404);
      expect(res.body.message).toBe(`Deployment with id '${two}' do not exist`);
      await as('demo').get(`/deployment/${two}`).expect(200);
    });

    it('fetchAndLock locks only tasks of the caller’s tenants (MultiTenancyExternalTaskCmdsTenantCheckTest#testFetchAndLockWithoutAuthenticatedTenant)', async () => {
      const fetch = (who: Who) =>
        as(who)
          .post('/external-task/fetchAndLock')
          .send({ workerId: who, maxTasks: 10, topics: [{ topicName: 'matrixWork', lockDuration: 1000 }] })
          .expect(200);
      expect(tenantsOf((await fetch('nora')).body)).toEqual(['none']);
      expect(tenantsOf((await fetch('tom')).body)).toEqual(['tenantOne']);
      expect(tenantsOf((await fetch('grace')).body)).toEqual(['tenantTwo']);
    });
  });

  describe('tenant memberships and the cached authentication', () => {
    it('a new membership counts at the next request; a removed one too (IdentityManager drops the cached caller)', async () => {
      const count = async () =>
        (await as('nora').get('/process-instance/count?processDefinitionKey=matrix').expect(200)).body.count;
      expect(await count()).toBe(1);
      await as('demo').put('/tenant/tenantOne/user-members/nora').expect(204);
      expect(await count()).toBe(2);
      await as('demo').delete('/tenant/tenantOne/user-members/nora').expect(204);
      expect(await count()).toBe(1);
    });

    it('a group’s tenant membership counts for its members at once', async () => {
      const count = async () =>
        (await as('grace').get('/process-instance/count?processDefinitionKey=matrix').expect(200)).body.count;
      expect(await count()).toBe(2);
      await as('demo').delete('/tenant/tenantTwo/group-members/crew').expect(204);
      expect(await count()).toBe(1);
      await as('demo').put('/tenant/tenantTwo/group-members/crew').expect(204);
      expect(await count()).toBe(2);
    });

    it('a deleted tenant leaves no cached caller that still names it', async () => {
      await as('demo').post('/tenant/create').send({ id: 'passing' }).expect(204);
      await as('demo').put('/tenant/passing/user-members/nora').expect(204);
      await as('nora').get('/process-instance/count').expect(200);
      const key = CredentialsCache.key('nora', 'norapw');
      expect(t.engine.credentialsCache.get(key)?.tenantIds).toEqual(['passing']);
      await as('demo').delete('/tenant/passing').expect(204);
      expect(t.engine.credentialsCache.get(key)).toBeUndefined();
    });

    it('with TENANT_CHECK_ENABLED=false every caller sees every tenant (MultiTenancy*QueryTest#testQueryDisabledTenantCheck)', async () => {
      const open = await createTestApp({
        authorizationEnabled: false,
        tenantCheckEnabled: false,
        jobExecutorEnabled: false,
      });
      try {
        await open
          .as('demo')
          .post('/user/create')
          .send({ profile: { id: 'nora' }, credentials: { password: 'norapw' } })
          .expect(204);
        for (const tenant of ['tenantOne', 'tenantTwo'])
          await deploy(open, [{ name: 'matrix.bpmn', content: MATRIX }], { 'tenant-id': tenant }).expect(200);
        const rows = (await open.as('nora', 'norapw').get('/process-definition?key=matrix').expect(200)).body;
        expect(tenantsOf(rows)).toEqual(['tenantOne', 'tenantTwo']);
      } finally {
        await open.close();
      }
    });
  });
});
