import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`historic task instances (${databaseLabel()})`, () => {
  let t: TestApp;
  let first: any;
  let second: any;
  let third: any;
  let done: any;
  let open: any;
  let cancelled: any;
  let standalone: string;
  let deploymentId: string;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    deploymentId = (await deployFixture(t, ['rest/history-review.bpmn']).expect(200)).body.id;
    const start = async (businessKey: string, variables: Record<string, unknown> = {}) =>
      (await t.as('demo').post('/process-definition/key/review/start').send({ businessKey, variables }).expect(200))
        .body;
    first = await start('first', { amount: { value: 100 } });
    second = await start('second');
    third = await start('third');
    const taskOf = async (pi: any) => (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body[0];
    done = await taskOf(first);
    open = await taskOf(second);
    cancelled = await taskOf(third);
    await t.as('demo').put(`/task/${done.id}/localVariables/verdict`).send({ value: 'ok' }).expect(204);
    await t.as('demo').post(`/task/${done.id}/claim`).send({ userId: 'mary' }).expect(204);
    await t.as('demo').post(`/task/${done.id}/complete`).send({}).expect(204);
    await t
      .as('demo')
      .put(`/task/${open.id}`)
      .send({
        name: 'Check again',
        description: 'Second look',
        priority: 70,
        owner: 'peter',
        assignee: 'john',
        due: '2030-01-02T10:00:00.000+0000',
        followUp: '2030-01-01T10:00:00.000+0000',
      })
      .expect(204);
    await t.as('demo').delete(`/process-instance/${third.id}`).expect(204);
    await t
      .as('demo')
      .post('/task/create')
      .send({ id: 'standalone-1', name: 'Call back', assignee: 'mary' })
      .expect(204);
    standalone = 'standalone-1';
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/history/task${query}`).expect(200)).body;
  const ids = async (query: string) => (await list(query)).map((h: any) => h.id).sort();
  const count = async (query = '') => (await t.as('demo').get(`/history/task/count${query}`).expect(200)).body.count;

  it('records a completed task with its last state', async () => {
    const [row] = await list(`?taskId=${done.id}`);
    expect(row).toEqual({
      id: done.id,
      processDefinitionKey: 'review',
      processDefinitionId: first.definitionId,
      processInstanceId: first.id,
      executionId: done.executionId,
      caseDefinitionKey: null,
      caseDefinitionId: null,
      caseInstanceId: null,
      caseExecutionId: null,
      activityInstanceId: expect.any(String),
      name: 'Check claim',
      description: 'Look at the claim',
      deleteReason: 'completed',
      owner: null,
      assignee: 'mary',
      startTime: done.created,
      endTime: expect.stringMatching(/\+0000$/),
      duration: expect.any(Number),
      taskDefinitionKey: 'Check',
      priority: 60,
      due: null,
      parentTaskId: null,
      followUp: null,
      tenantId: null,
      removalTime: null,
      rootProcessInstanceId: first.id,
    });
  });

  it('follows updates of a task from later commands, and its deletion', async () => {
    const [row] = await list(`?taskId=${open.id}`);
    expect(row).toMatchObject({
      name: 'Check again',
      description: 'Second look',
      priority: 70,
      owner: 'peter',
      assignee: 'john',
      due: '2030-01-02T10:00:00.000+0000',
      followUp: '2030-01-01T10:00:00.000+0000',
      endTime: null,
      deleteReason: null,
      duration: null,
    });
    const [gone] = await list(`?taskId=${cancelled.id}`);
    expect(gone).toMatchObject({ deleteReason: 'deleted', endTime: expect.any(String) });
    const [alone] = await list(`?taskId=${standalone}`);
    expect(alone).toMatchObject({
      name: 'Call back',
      assignee: 'mary',
      processInstanceId: null,
      processDefinitionKey: null,
    });
  });

  it('filters as Camunda does', async () => {
    expect(await ids(`?processInstanceId=${first.id}`)).toEqual([done.id]);
    expect(await ids(`?processInstanceBusinessKey=second`)).toEqual([open.id]);
    expect(await ids(`?processInstanceBusinessKeyIn=first,second`)).toEqual([done.id, open.id].sort());
    expect(await ids(`?processInstanceBusinessKeyLike=thi%25`)).toEqual([cancelled.id]);
    expect(await ids(`?executionId=${done.executionId}`)).toEqual([done.id]);
    expect(await count(`?processDefinitionKey=review`)).toBe(3);
    expect(await count(`?processDefinitionId=${encodeURIComponent(first.definitionId)}`)).toBe(3);
    expect(await count(`?processDefinitionName=Review`)).toBe(3);
    expect(await ids(`?taskName=Check%20again`)).toEqual([open.id]);
    expect(await ids(`?taskNameLike=again`)).toEqual([open.id]);
    expect(await ids(`?taskDescription=Second%20look`)).toEqual([open.id]);
    expect(await ids(`?taskDescriptionLike=Look%25`)).toEqual([cancelled.id, done.id].sort());
    expect(await count(`?taskDefinitionKey=Check`)).toBe(3);
    expect(await count(`?taskDefinitionKeyIn=Check,Other`)).toBe(3);
    expect(await ids(`?taskDeleteReason=completed`)).toEqual([done.id]);
    expect(await ids(`?taskDeleteReasonLike=delet%25`)).toEqual([cancelled.id]);
    expect(await ids(`?taskAssignee=mary`)).toEqual([done.id, standalone].sort());
    expect(await ids(`?taskAssigneeLike=jo%25`)).toEqual([open.id]);
    expect(await ids(`?taskOwner=peter`)).toEqual([open.id]);
    expect(await ids(`?taskOwnerLike=pet`)).toEqual([open.id]);
    expect(await ids(`?taskPriority=70`)).toEqual([open.id]);
    expect(await ids(`?assigned=true`)).toEqual([done.id, open.id, standalone].sort());
    expect(await ids(`?unassigned=true`)).toEqual([cancelled.id]);
    expect(await ids(`?finished=true`)).toEqual([cancelled.id, done.id].sort());
    expect(await ids(`?unfinished=true`)).toEqual([open.id, standalone].sort());
    expect(await ids(`?processFinished=true`)).toEqual([cancelled.id]);
    expect(await ids(`?processUnfinished=true`)).toEqual([done.id, open.id].sort());
    expect(await ids(`?taskDueDate=2030-01-02T10:00:00.000%2B0000`)).toEqual([open.id]);
    expect(await ids(`?taskDueDateBefore=2031-01-01T00:00:00.000%2B0000`)).toEqual([open.id]);
    expect(await ids(`?taskDueDateAfter=2031-01-01T00:00:00.000%2B0000`)).toEqual([]);
    expect(await ids(`?taskFollowUpDate=2030-01-01T10:00:00.000%2B0000`)).toEqual([open.id]);
    expect(await ids(`?taskFollowUpDateAfter=2029-01-01T00:00:00.000%2B0000`)).toEqual([open.id]);
    expect(await ids(`?taskFollowUpDateBefore=2029-01-01T00:00:00.000%2B0000`)).toEqual([]);
    expect(await count(`?startedAfter=2000-01-01T00:00:00.000%2B0000`)).toBe(4);
    expect(await count(`?startedBefore=2000-01-01T00:00:00.000%2B0000`)).toBe(0);
    expect(await count(`?finishedAfter=2000-01-01T00:00:00.000%2B0000`)).toBe(2);
    expect(await count(`?finishedBefore=2000-01-01T00:00:00.000%2B0000`)).toBe(0);
    expect(await ids(`?taskParentTaskId=nope`)).toEqual([]);
    expect(await count(`?tenantIdIn=acme`)).toBe(0);
    expect(await count(`?withoutTenantId=true`)).toBe(4);
    expect(await ids(`?taskVariables=verdict_eq_ok`)).toEqual([done.id]);
    const byProcessVariable = async (operator: string) =>
      (
        await t
          .as('demo')
          .post('/history/task')
          .send({ processVariables: [{ name: 'amount', operator, value: 50 }] })
          .expect(200)
      ).body.map((h: any) => h.id);
    expect(await byProcessVariable('gt')).toEqual([done.id]);
    expect(await byProcessVariable('lt')).toEqual([]);
  });

  it('sorts by every key, pages, counts, and answers POST queries', async () => {
    const keys = [
      'taskId',
      'activityInstanceId',
      'processDefinitionId',
      'processInstanceId',
      'executionId',
      'duration',
      'endTime',
      'startTime',
      'taskName',
    ];
    keys.push(
      'taskDescription',
      'assignee',
      'owner',
      'dueDate',
      'followUpDate',
      'deleteReason',
      'taskDefinitionKey',
      'priority',
      'tenantId',
    );
    for (const key of keys) expect(await list(`?sortBy=${key}&sortOrder=desc`)).toHaveLength(4);
    expect((await list('?sortBy=priority&sortOrder=desc&maxResults=1'))[0].id).toBe(open.id);
    expect(await list('?firstResult=1&maxResults=2')).toHaveLength(2);
    await t.as('demo').get('/history/task?sortBy=nope&sortOrder=asc').expect(400);
    const posted = await t
      .as('demo')
      .post('/history/task')
      .send({ processInstanceBusinessKeyIn: ['first', 'second'], sorting: [{ sortBy: 'taskName', sortOrder: 'asc' }] })
      .expect(200);
    expect(posted.body.map((h: any) => h.name)).toEqual(['Check again', 'Check claim']);
    const byVariable = await t
      .as('demo')
      .post('/history/task/count')
      .send({ taskVariables: [{ name: 'verdict', operator: 'eq', value: 'ok' }] })
      .expect(200);
    expect(byVariable.body).toEqual({ count: 1 });
  });

  it('shows tasks only to users with READ_HISTORY on the definition', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'hist' }, credentials: { password: 'hist' } })
      .expect(204);
    expect((await t.as('hist', 'hist').get('/history/task/count').expect(200)).body).toEqual({ count: 0 });
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'hist', resourceType: 6, resourceId: 'review', permissions: ['READ_HISTORY'] })
      .expect(200);
    expect((await t.as('hist', 'hist').get('/history/task/count').expect(200)).body).toEqual({ count: 3 });
  });

  it('goes with its historic process instance in the cleanup', async () => {
    await t.as('demo').post('/history/cleanup').expect(200);
    await t.engine.jobs.executeDueJobs();
    expect(await ids(`?processDefinitionKey=review`)).toEqual([done.id, open.id].sort());
    expect(await count()).toBe(3);
  });

  it('goes with its deployment when that is deleted with cascade', async () => {
    expect((await t.as('demo').get('/history/variable-instance/count').expect(200)).body.count).toBeGreaterThan(0);
    await t.as('demo').delete(`/deployment/${deploymentId}?cascade=true`).expect(204);
    expect(await ids('')).toEqual([standalone]);
    expect((await t.as('demo').get('/history/variable-instance/count').expect(200)).body).toEqual({ count: 0 });
  });

  it('is written at level activity, and not at none', async () => {
    for (const historyLevel of ['activity', 'none'] as const) {
      const app = await createTestApp({ historyLevel, jobExecutorEnabled: false });
      try {
        await deployFixture(app, ['rest/history-review.bpmn']).expect(200);
        await app.as('demo').post('/process-definition/key/review/start').send({}).expect(200);
        expect((await app.as('demo').get('/history/task/count').expect(200)).body).toEqual({
          count: historyLevel === 'none' ? 0 : 1,
        });
      } finally {
        await app.close();
      }
    }
  });
});
