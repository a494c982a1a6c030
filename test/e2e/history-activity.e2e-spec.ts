import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`historic activity instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let buffet: string;
  let served: string;
  let canceled: string;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['deployment/dish.dmn', 'rest/dinner.bpmn']).expect(200);
    buffet = (await start('Fall', 12, 'buffet')).id;
    served = (await start('Summer', 2, 'served')).id;
    canceled = (await start('Winter', 20, 'canceled')).id;
    await t.as('demo').delete(`/process-instance/${canceled}`).expect(204);
  });
  afterAll(() => t.close());

  async function start(season: string, guestCount: number, businessKey: string) {
    const variables = { season: { value: season, type: 'String' }, guestCount: { value: guestCount, type: 'Integer' } };
    return (
      await t.as('demo').post('/process-definition/key/dinner/start').send({ variables, businessKey }).expect(200)
    ).body;
  }
  const get = async (query: string) => (await t.as('demo').get(`/history/activity-instance${query}`).expect(200)).body;
  const path = async (pi: string) =>
    (await get(`?processInstanceId=${pi}&sortBy=occurrence&sortOrder=asc`)).map((a: any) => a.activityId);

  it('done when: a process with a business rule task, a gateway and a user task runs over REST and takes the right path', async () => {
    const pi = await start('Fall', 10, 'done-when');
    expect(pi.ended).toBe(false);
    const executions = (await t.as('demo').get(`/execution?processInstanceId=${pi.id}`).expect(200)).body;
    expect(executions).toEqual([{ id: pi.id, processInstanceId: pi.id, ended: false, tenantId: null }]);
    expect(
      (await t.as('demo').get('/execution/count?activityId=PrepareBuffet').expect(200)).body.count,
    ).toBeGreaterThanOrEqual(1);
    expect(await path(pi.id)).toEqual(['Start', 'Decide', 'Gateway', 'PrepareBuffet']);
    const open = await get(`?processInstanceId=${pi.id}&unfinished=true`);
    expect(open).toEqual([
      expect.objectContaining({
        activityId: 'PrepareBuffet',
        activityType: 'userTask',
        endTime: null,
        taskId: expect.any(String),
      }),
    ]);
    const decision = (
      await t.as('demo').get(`/history/decision-instance?processInstanceId=${pi.id}&includeOutputs=true`).expect(200)
    ).body;
    expect(decision).toEqual([
      expect.objectContaining({ decisionDefinitionKey: 'dish', activityId: 'Decide', processDefinitionKey: 'dinner' }),
    ]);
    expect(decision[0].outputs[0]).toMatchObject({ variableName: 'desiredDish', value: 'Stew' });

    const [task] = (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    expect(task).toMatchObject({ name: 'Prepare buffet', taskDefinitionKey: 'PrepareBuffet' });
    await t
      .as('demo')
      .post(`/task/${task.id}/complete`)
      .send({ variables: { served: { value: true, type: 'Boolean' } } })
      .expect(204);

    await t.as('demo').get(`/process-instance/${pi.id}`).expect(404);
    expect((await t.as('demo').get(`/execution/count?processInstanceId=${pi.id}`).expect(200)).body).toEqual({
      count: 0,
    });
    expect(await path(pi.id)).toEqual(['Start', 'Decide', 'Gateway', 'PrepareBuffet', 'BuffetServed']);
    expect(await get(`?processInstanceId=${pi.id}&unfinished=true`)).toEqual([]);
    expect(await get(`?processInstanceId=${pi.id}&activityId=Serve`)).toEqual([]);
    const historic = (await t.as('demo').get(`/history/process-instance/${pi.id}`).expect(200)).body;
    expect(historic).toMatchObject({
      id: pi.id,
      businessKey: 'done-when',
      state: 'COMPLETED',
      startActivityId: 'Start',
      processDefinitionName: 'Dinner',
      processDefinitionVersion: 1,
    });
    expect(historic.endTime).not.toBeNull();
  });

  it('lists historic process instances with their state', async () => {
    const list = async (query: string) =>
      (await t.as('demo').get(`/history/process-instance${query}`).expect(200)).body
        .map((h: any) => h.businessKey)
        .sort();
    expect(await list('?processDefinitionKey=dinner&unfinished=true')).toEqual(['buffet']);
    expect(await list('?externallyTerminated=true')).toEqual(['canceled']);
    expect(await list('?completed=true')).toEqual(['done-when', 'served']);
    expect(await list('?processInstanceBusinessKeyLike=serv')).toEqual(['served']);
    expect(await list(`?processInstanceIds=${buffet},${served}&sortBy=startTime&sortOrder=desc`)).toEqual([
      'buffet',
      'served',
    ]);
    expect(await list('?processDefinitionName=Dinner&finished=true&startedBy=demo')).toEqual([
      'canceled',
      'done-when',
      'served',
    ]);
    const counted = await t
      .as('demo')
      .post('/history/process-instance/count')
      .send({ processDefinitionKeyIn: ['dinner'], active: true })
      .expect(200);
    expect(counted.body).toEqual({ count: 1 });
    const missing = await t.as('demo').get('/history/process-instance/nope').expect(404);
    expect(missing.body.message).toBe('Historic process instance with id nope does not exist');
  });

  it('renders every field of an activity instance and serves it by id', async () => {
    const [decide] = await get(`?processInstanceId=${buffet}&activityId=Decide`);
    expect(decide).toEqual({
      id: expect.stringMatching(/^Decide:/),
      parentActivityInstanceId: buffet,
      activityId: 'Decide',
      activityName: 'Decide dish',
      activityType: 'businessRuleTask',
      processDefinitionKey: 'dinner',
      processDefinitionId: expect.stringMatching(/^dinner:1:/),
      processInstanceId: buffet,
      executionId: buffet,
      taskId: null,
      calledProcessInstanceId: null,
      calledCaseInstanceId: null,
      assignee: null,
      startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
      endTime: expect.any(String),
      durationInMillis: expect.any(Number),
      canceled: false,
      completeScope: false,
      tenantId: null,
      removalTime: null,
      rootProcessInstanceId: buffet,
    });
    await t
      .as('demo')
      .get(`/history/activity-instance/${encodeURIComponent(decide.id)}`)
      .expect(200, decide);
    const missing = await t.as('demo').get('/history/activity-instance/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: "Historic activity instance with id 'nope' does not exist",
      code: null,
    });
  });

  it('filters by instance, definition, execution, activity, type, name and state', async () => {
    expect(await path(served)).toEqual(['Start', 'Decide', 'Gateway', 'Serve', 'DishServed']);
    const [any] = await get(`?processInstanceId=${served}&activityId=Serve`);
    expect((await get(`?activityInstanceId=${encodeURIComponent(any.id)}`)).map((a: any) => a.id)).toEqual([any.id]);
    expect(
      (await get(`?processDefinitionId=${any.processDefinitionId}&activityId=Start`)).length,
    ).toBeGreaterThanOrEqual(3);
    expect((await get(`?executionId=${served}&activityType=noneEndEvent`)).map((a: any) => a.activityId)).toEqual([
      'DishServed',
    ]);
    expect((await get(`?activityName=Serve%20dish`)).map((a: any) => a.processInstanceId)).toEqual([served]);
    expect((await get(`?processInstanceId=${buffet}&finished=true`)).map((a: any) => a.activityId).sort()).toEqual([
      'Decide',
      'Gateway',
      'Start',
    ]);
    expect((await get(`?processInstanceId=${buffet}&unfinished=true`)).map((a: any) => a.activityId)).toEqual([
      'PrepareBuffet',
    ]);
    expect((await get(`?processInstanceId=${canceled}&canceled=true`)).map((a: any) => a.activityId)).toEqual([
      'PrepareBuffet',
    ]);
    expect((await get(`?processInstanceId=${canceled}&canceled=false`)).length).toBe(4);
    expect((await get(`?processInstanceId=${served}&completeScope=true`)).map((a: any) => a.activityId)).toEqual([
      'DishServed',
    ]);
    expect(await get('?tenantIdIn=acme')).toEqual([]);
    expect((await get(`?processInstanceId=${served}&withoutTenantId=true`)).length).toBe(5);
  });

  it('filters by task assignee after a claim', async () => {
    const [task] = (await t.as('demo').get(`/task?processInstanceId=${buffet}`).expect(200)).body;
    await t.as('demo').post(`/task/${task.id}/claim`).send({ userId: 'mary' }).expect(204);
    expect((await get('?taskAssignee=mary')).map((a: any) => [a.processInstanceId, a.activityId, a.assignee])).toEqual([
      [buffet, 'PrepareBuffet', 'mary'],
    ]);
  });

  it('filters by start and end time', async () => {
    const [first] = await get(`?processInstanceId=${served}&sortBy=startTime&sortOrder=asc`);
    const startTime = first.startTime;
    const encoded = encodeURIComponent(startTime);
    expect((await get(`?processInstanceId=${served}&startedAfter=${encoded}`)).length).toBe(5);
    expect((await get(`?processInstanceId=${served}&startedBefore=2000-01-01T00:00:00.000%2B0000`)).length).toBe(0);
    expect((await get(`?processInstanceId=${served}&finishedAfter=2000-01-01T00:00:00.000%2B0000`)).length).toBe(5);
    expect((await get(`?processInstanceId=${served}&finishedBefore=2000-01-01T00:00:00.000%2B0000`)).length).toBe(0);
    const bad = await t.as('demo').get('/history/activity-instance?startedAfter=yesterday').expect(400);
    expect(bad.body.message).toBe(
      `Cannot set query parameter 'startedAfter' to value 'yesterday': Cannot convert value "yesterday" to java type java.util.Date`,
    );
  });

  it('sorts by every sort key, pages and counts; POST takes the same filters', async () => {
    const keys = [
      'activityInstanceId',
      'instanceId',
      'executionId',
      'activityId',
      'activityName',
      'activityType',
      'startTime',
      'endTime',
      'duration',
      'definitionId',
      'occurrence',
      'tenantId',
    ];
    for (const key of keys) {
      for (const order of ['asc', 'desc'])
        expect((await get(`?processInstanceId=${served}&sortBy=${key}&sortOrder=${order}`)).length).toBe(5);
    }
    expect(
      (await get(`?processInstanceId=${served}&sortBy=activityId&sortOrder=asc`)).map((a: any) => a.activityId),
    ).toEqual(['Decide', 'DishServed', 'Gateway', 'Serve', 'Start']);
    expect(
      (await get(`?processInstanceId=${served}&sortBy=occurrence&sortOrder=desc&firstResult=1&maxResults=2`)).map(
        (a: any) => a.activityId,
      ),
    ).toEqual(['Serve', 'Gateway']);
    expect(
      (await t.as('demo').get(`/history/activity-instance/count?processInstanceId=${served}`).expect(200)).body,
    ).toEqual({ count: 5 });

    const posted = await t
      .as('demo')
      .post('/history/activity-instance?maxResults=3')
      .send({
        processInstanceId: served,
        sorting: [
          { sortBy: 'activityType', sortOrder: 'asc' },
          { sortBy: 'activityId', sortOrder: 'desc' },
        ],
      })
      .expect(200);
    expect(posted.body.map((a: any) => a.activityType)).toEqual([
      'businessRuleTask',
      'exclusiveGateway',
      'noneEndEvent',
    ]);
    const counted = await t
      .as('demo')
      .post('/history/activity-instance/count')
      .send({ processInstanceId: served, finished: true })
      .expect(200);
    expect(counted.body).toEqual({ count: 5 });
  });

  it('rejects bad sorting', async () => {
    const bad = await t.as('demo').get('/history/activity-instance?sortBy=nope&sortOrder=asc').expect(400);
    expect(bad.body).toEqual({
      type: 'InvalidRequestException',
      message: "Cannot set query parameter 'sortBy' to value 'nope'",
      code: null,
    });
    const half = await t.as('demo').get('/history/activity-instance?sortBy=startTime').expect(400);
    expect(half.body.message).toBe('Only a single sorting parameter specified. sortBy and sortOrder required');
  });

  it('shows a user only the history of definitions with READ_HISTORY', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'auditor' }, credentials: { password: 'auditor' } })
      .expect(204);
    expect((await t.as('auditor', 'auditor').get('/history/activity-instance/count').expect(200)).body).toEqual({
      count: 0,
    });
    await t
      .as('auditor', 'auditor')
      .get(`/history/activity-instance/${encodeURIComponent((await get(`?processInstanceId=${served}`))[0].id)}`)
      .expect(404);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'auditor', resourceType: 6, resourceId: 'dinner', permissions: ['READ_HISTORY'] })
      .expect(200);
    const all = (await t.as('demo').get('/history/activity-instance/count').expect(200)).body.count;
    expect((await t.as('auditor', 'auditor').get('/history/activity-instance/count').expect(200)).body.count).toBe(all);
  });
});
