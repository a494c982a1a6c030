import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const process = (id: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_${id}" targetNamespace="http://example.org/${id}">
  <bpmn:process id="${id}" name="name_${id}" isExecutable="true" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="T" />
    <bpmn:userTask id="T" name="${id} Task 1" />
    <bpmn:sequenceFlow id="F2" sourceRef="T" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`historic task report (${databaseLabel()})`, () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const report = async (query: string, user = 'demo', password = user) =>
    (await t.as(user, password).get(`/history/task/report${query}`).expect(200)).body;
  const completeOne = async (key: string) => {
    const pi = (await t.as('demo').post(`/process-definition/key/${key}/start`).send({}).expect(200)).body.id;
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/complete`).send({}).expect(204);
  };

  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    for (const key of ['process', 'anotherProcess']) {
      await deploy(t, [{ name: `${key}.bpmn`, content: process(key) }]).expect(200);
      ids[key] = (await t.as('demo').get(`/process-definition/key/${key}`).expect(200)).body.id;
    }
    await completeOne('process');
    await completeOne('process');
    await completeOne('anotherProcess');
    // a running task is not in the report
    await t.as('demo').post('/process-definition/key/process/start').send({}).expect(200);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'mary' }, credentials: { password: 'marypw' } })
      .expect(204);
  });
  afterAll(() => t.close());

  // HistoricTaskReportTest#testHistoricTaskInstanceReportGroupedByTaskName
  it('counts completed tasks by task name', async () => {
    expect(await report('?reportType=count&groupBy=taskName')).toEqual([
      {
        taskName: 'anotherProcess Task 1',
        count: 1,
        processDefinitionKey: 'anotherProcess',
        processDefinitionId: ids.anotherProcess,
        processDefinitionName: 'name_anotherProcess',
        tenantId: null,
      },
      {
        taskName: 'process Task 1',
        count: 2,
        processDefinitionKey: 'process',
        processDefinitionId: ids.process,
        processDefinitionName: 'name_process',
        tenantId: null,
      },
    ]);
  });

  // HistoricTaskReportTest#testHistoricTaskInstanceReportGroupedByProcessDefinitionKey
  it('counts completed tasks by process definition', async () => {
    const rows = await report('?reportType=count&groupBy=processDefinition');
    expect(rows.map((r: any) => [r.processDefinitionKey, r.processDefinitionName, r.count, r.taskName])).toEqual([
      ['anotherProcess', 'name_anotherProcess', 1, null],
      ['process', 'name_process', 2, null],
    ]);
  });

  // HistoricTaskReportTest#testCompletedAfterWithNullValue..., #testReportWithCompletedBefore
  it('restricts to tasks completed in a time span', async () => {
    expect(await report('?reportType=count&groupBy=taskName&completedAfter=2999-01-01T00:00:00.000%2B0000')).toEqual(
      [],
    );
    const before = await report('?reportType=count&groupBy=taskName&completedBefore=2999-01-01T00:00:00.000%2B0000');
    expect(before).toHaveLength(2);
  });

  // HistoricTaskDurationReportTest#testHistoricTaskInstanceDurationReportWithMonthPeriod, ...QuarterPeriod
  it('reports the durations by month and by quarter', async () => {
    const finished = (await t.as('demo').get('/history/task?finished=true').expect(200)).body;
    const durations = finished.map((h: any) => h.duration as number);
    const month = new Date(finished[0].endTime.replace('+0000', 'Z')).getUTCMonth() + 1;
    const expected = {
      minimum: Math.min(...durations),
      maximum: Math.max(...durations),
      average: Math.round(durations.reduce((a: number, b: number) => a + b, 0) / durations.length),
    };
    expect(await report('?reportType=duration&periodUnit=month')).toEqual([
      { period: month, periodUnit: 'MONTH', ...expected },
    ]);
    expect(await report('?reportType=duration&periodUnit=quarter')).toEqual([
      { period: Math.floor((month - 1) / 3) + 1, periodUnit: 'QUARTER', ...expected },
    ]);
  });

  it('answers 400 as Camunda does for a missing or wrong report type, group or period', async () => {
    const bad = async (query: string) => (await t.as('demo').get(`/history/task/report${query}`).expect(400)).body;
    expect(await bad('')).toEqual({
      type: 'InvalidRequestException',
      message: 'Parameter reportType is not set.',
      code: null,
    });
    expect((await bad('?reportType=sum')).message).toBe('reportType parameter has invalid value: sum');
    expect((await bad('?reportType=count')).message).toBe('groupBy parameter has invalid value: null');
    expect((await bad('?reportType=count&groupBy=assignee')).message).toBe(
      'groupBy parameter has invalid value: assignee',
    );
    expect((await bad('?reportType=duration')).message).toBe('periodUnit is null');
    expect((await bad('?reportType=duration&periodUnit=week')).message).toBe(
      'periodUnit parameter has invalid value: week',
    );
    expect((await bad('?reportType=count&groupBy=taskName&completedAfter=yesterday')).type).toBe(
      'InvalidRequestException',
    );
  });

  // HistoricTaskInstanceReportAuthorizationTest: READ_HISTORY on any process definition
  it('needs READ_HISTORY on every process definition', async () => {
    const denied = await t
      .as('mary', 'marypw')
      .get('/history/task/report?reportType=count&groupBy=taskName')
      .expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, permissions: ['READ_HISTORY'], userId: 'mary', resourceType: 6, resourceId: '*' })
      .expect(200);
    expect(await report('?reportType=count&groupBy=taskName', 'mary', 'marypw')).toHaveLength(2);
  });
});
