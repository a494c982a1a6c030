import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`tasks (${databaseLabel()})`, () => {
  let t: TestApp;
  let buffet1: any;
  let buffet2: any;
  let review: any;
  let reviewInstance: string;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['deployment/dish.dmn', 'rest/dinner.bpmn', 'rest/waiting.bpmn']).expect(200);
    const dinner = async (businessKey: string) => {
      const variables = { season: { value: 'Fall' }, guestCount: { value: 12 }, table: { value: businessKey } };
      const pi = (
        await t.as('demo').post('/process-definition/key/dinner/start').send({ variables, businessKey }).expect(200)
      ).body;
      return (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body[0];
    };
    buffet1 = await dinner('table-1');
    buffet2 = await dinner('table-2');
    reviewInstance = (
      await t
        .as('demo')
        .post('/process-definition/key/waiting/start')
        .send({ businessKey: 'w', variables: { reviewer: { value: 'carol' } } })
        .expect(200)
    ).body.id;
    for (const activityId of ['WaitPayment', 'WaitShipment']) {
      const [execution] = (
        await t.as('demo').get(`/execution?processInstanceId=${reviewInstance}&activityId=${activityId}`).expect(200)
      ).body;
      await t.as('demo').post(`/execution/${execution.id}/signal`).send({}).expect(204);
    }
    [review] = (await t.as('demo').get(`/task?processInstanceId=${reviewInstance}`).expect(200)).body;
    await t.as('demo').post('/group/create').send({ id: 'kitchen', name: 'Kitchen' }).expect(204);
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'bob' }, credentials: { password: 'bob' } })
      .expect(204);
    await t.as('demo').put('/group/kitchen/members/bob').expect(204);
  });
  afterAll(() => t.close());

  const list = async (query = '') => (await t.as('demo').get(`/task${query}`).expect(200)).body;
  const ids = async (query: string) => (await list(query)).map((x: any) => x.id).sort();
  const sorted = (...tasks: any[]) => tasks.map((x) => x.id).sort();

  it('renders Camunda task fields and serves a task by id', async () => {
    expect(buffet1).toEqual({
      id: expect.any(String),
      name: 'Prepare buffet',
      assignee: null,
      owner: null,
      created: expect.stringMatching(/\.\d{3}\+0000$/),
      lastUpdated: null,
      due: '2030-01-02T03:04:05.000+0000',
      followUp: null,
      delegationState: null,
      description: null,
      executionId: buffet1.processInstanceId,
      formKey: null,
      camundaFormRef: null,
      parentTaskId: null,
      priority: 70,
      processDefinitionId: expect.stringMatching(/^dinner:1:/),
      processInstanceId: expect.any(String),
      suspended: false,
      taskDefinitionKey: 'PrepareBuffet',
      caseDefinitionId: null,
      caseExecutionId: null,
      caseInstanceId: null,
      tenantId: null,
    });
    expect(review).toMatchObject({
      name: 'Review order',
      assignee: 'carol',
      priority: 50,
      taskDefinitionKey: 'Review',
    });
    await t.as('demo').get(`/task/${buffet1.id}`).expect(200, buffet1);
    const missing = await t.as('demo').get('/task/nope').expect(404);
    expect(missing.body).toEqual({
      type: 'InvalidRequestException',
      message: 'No matching task with id nope',
      code: null,
    });
    expect((await t.as('demo').get('/task/count').expect(200)).body).toEqual({ count: 3 });
  });

  it('filters by assignee, candidates (a user through their groups too) and assignment', async () => {
    expect(await ids('?assignee=carol')).toEqual([review.id]);
    expect(await ids('?assigneeLike=aro')).toEqual([review.id]);
    expect(await ids('?unassigned=true')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?assigned=true')).toEqual([review.id]);
    expect(await ids('?candidateGroup=kitchen')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?candidateGroups=kitchen,reviewers')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?candidateGroup=reviewers')).toEqual([]);
    expect(await ids('?candidateGroup=reviewers&includeAssignedTasks=true')).toEqual([review.id]);
    expect(await ids('?candidateUser=mary')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?candidateUser=bob')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?candidateUser=nobody')).toEqual([]);
    expect(await ids('?involvedUser=carol')).toEqual([review.id]);
    expect(await ids('?withCandidateGroups=true')).toEqual(sorted(buffet1, buffet2, review));
    expect(await ids('?withCandidateUsers=true')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?withoutCandidateUsers=true')).toEqual([review.id]);
    expect(await ids('?withoutCandidateGroups=true')).toEqual([]);
  });

  it('filters by process, definition, task definition, name, priority and state', async () => {
    expect(await ids(`?processInstanceId=${buffet1.processInstanceId}`)).toEqual([buffet1.id]);
    expect(await ids(`?processInstanceIdIn=${buffet1.processInstanceId},${reviewInstance}`)).toEqual(
      sorted(buffet1, review),
    );
    expect(await ids('?processInstanceBusinessKey=table-2')).toEqual([buffet2.id]);
    expect(await ids('?processInstanceBusinessKeyLike=table')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?processDefinitionKey=dinner')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?processDefinitionKeyIn=dinner,waiting')).toHaveLength(3);
    expect(await ids(`?processDefinitionId=${review.processDefinitionId}`)).toEqual([review.id]);
    expect(await ids('?processDefinitionName=Dinner')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?processDefinitionNameLike=Wait')).toEqual([review.id]);
    expect(await ids(`?executionId=${review.executionId}`)).toEqual([review.id]);
    expect(await ids('?taskDefinitionKey=Review')).toEqual([review.id]);
    expect(await ids('?taskDefinitionKeyIn=Review,PrepareBuffet')).toHaveLength(3);
    expect(await ids('?taskDefinitionKeyLike=Buffet')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?name=Review%20order')).toEqual([review.id]);
    expect(await ids('?nameLike=buffet')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?nameNotEqual=Review%20order')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?priority=70')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?minPriority=60')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?maxPriority=60')).toEqual([review.id]);
    expect(await ids('?active=true')).toHaveLength(3);
    expect(await ids('?suspended=true')).toEqual([]);
    expect(await ids(`?taskId=${review.id}`)).toEqual([review.id]);
    expect(await ids(`?taskIdIn=${review.id},${buffet1.id}`)).toEqual(sorted(review, buffet1));
    expect(await ids('?tenantIdIn=acme')).toEqual([]);
    expect(await ids('?withoutTenantId=true')).toHaveLength(3);
    await t.as('demo').get('/task?priority=high').expect(400);
  });

  it('filters by created and due dates', async () => {
    const enc = (d: string) => encodeURIComponent(d);
    expect(await ids(`?dueBefore=${enc('2030-01-03T00:00:00.000+0000')}`)).toEqual(sorted(buffet1, buffet2));
    expect(await ids(`?dueAfter=${enc('2030-01-03T00:00:00.000+0000')}`)).toEqual([]);
    expect(await ids(`?dueDate=${enc('2030-01-02T03:04:05.000+0000')}`)).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?withoutDueDate=true')).toEqual([review.id]);
    expect(await ids(`?createdAfter=${enc('2000-01-01T00:00:00.000+0000')}`)).toHaveLength(3);
    expect(await ids(`?createdBefore=${enc('2000-01-01T00:00:00.000+0000')}`)).toEqual([]);
    expect(await ids(`?createdBefore=${enc('2100-01-01T00:00:00.000+0000')}`)).toHaveLength(3);
    const bad = await t.as('demo').get('/task?dueBefore=tomorrow').expect(400);
    expect(bad.body.message).toBe(
      `Cannot set query parameter 'dueBefore' to value 'tomorrow': Cannot convert value "tomorrow" to java type java.util.Date`,
    );
  });

  it('filters by task and process variables', async () => {
    await t.as('demo').put(`/task/${buffet1.id}/localVariables/dish`).send({ value: 'Stew' }).expect(204);
    expect(await ids('?taskVariables=dish_eq_Stew')).toEqual([buffet1.id]);
    expect(await ids('?taskVariables=desiredDish_eq_Stew')).toEqual([]);
    expect(await ids('?processVariables=desiredDish_eq_Stew')).toEqual(sorted(buffet1, buffet2));
    expect(await ids('?processVariables=table_like_%25-2')).toEqual([buffet2.id]);
    expect(
      await ids('?processVariables=TABLE_eq_TABLE-1&variableNamesIgnoreCase=true&variableValuesIgnoreCase=true'),
    ).toEqual([buffet1.id]);
    const posted = await t
      .as('demo')
      .post('/task')
      .send({ processVariables: [{ name: 'guestCount', operator: 'gteq', value: 12 }] })
      .expect(200);
    expect(posted.body.map((x: any) => x.id).sort()).toEqual(sorted(buffet1, buffet2));
    const counted = await t
      .as('demo')
      .post('/task/count')
      .send({ taskVariables: [{ name: 'dish', operator: 'eq', value: 'Stew' }] })
      .expect(200);
    expect(counted.body).toEqual({ count: 1 });
    await t.as('demo').get('/task?taskVariables=dish_is_Stew').expect(400);
  });

  it('sorts by every key and pages', async () => {
    const keys = [
      'instanceId',
      'dueDate',
      'executionId',
      'assignee',
      'created',
      'lastUpdated',
      'followUpDate',
      'description',
      'id',
      'name',
      'nameCaseInsensitive',
      'priority',
      'tenantId',
    ];
    for (const key of keys) expect(await list(`?sortBy=${key}&sortOrder=desc`)).toHaveLength(3);
    expect((await list('?sortBy=priority&sortOrder=asc'))[0].id).toBe(review.id);
    expect(await list('?sortBy=priority&sortOrder=desc&firstResult=2&maxResults=5')).toEqual([
      expect.objectContaining({ id: review.id }),
    ]);
    const posted = await t
      .as('demo')
      .post('/task?maxResults=1')
      .send({ sorting: [{ sortBy: 'priority', sortOrder: 'asc' }] })
      .expect(200);
    expect(posted.body.map((x: any) => x.id)).toEqual([review.id]);
  });

  it('claims, unclaims and sets the assignee', async () => {
    await t.as('demo').post(`/task/${buffet2.id}/claim`).send({ userId: 'mary' }).expect(204);
    const claimed = (await t.as('demo').get(`/task/${buffet2.id}`).expect(200)).body;
    expect(claimed.assignee).toBe('mary');
    expect(claimed.lastUpdated).not.toBeNull();
    await t.as('demo').post(`/task/${buffet2.id}/claim`).send({ userId: 'mary' }).expect(204);
    const taken = await t.as('demo').post(`/task/${buffet2.id}/claim`).send({ userId: 'bob' }).expect(409);
    expect(taken.body.message).toBe(`Task '${buffet2.id}' is already claimed by someone else.`);
    expect(taken.body.type).toBe('TaskAlreadyClaimedException');
    await t.as('demo').post(`/task/${buffet2.id}/unclaim`).expect(204);
    expect((await t.as('demo').get(`/task/${buffet2.id}`).expect(200)).body.assignee).toBeNull();
    await t.as('demo').post(`/task/${buffet2.id}/assignee`).send({ userId: 'bob' }).expect(204);
    expect((await t.as('demo').get(`/task/${buffet2.id}`).expect(200)).body.assignee).toBe('bob');
    await t.as('demo').put(`/task/${buffet2.id}/assignee`).send({ userId: 'carol' }).expect(204);
    expect((await t.as('demo').get(`/task/${buffet2.id}`).expect(200)).body.assignee).toBe('carol');
    const history = (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${buffet2.processInstanceId}&activityId=PrepareBuffet`)
        .expect(200)
    ).body;
    expect(history[0].assignee).toBe('carol');
    const unknown = await t.as('demo').post('/task/nope/claim').send({ userId: 'bob' }).expect(400);
    expect(unknown.body).toEqual({
      type: 'NullValueException',
      message: 'Cannot find task with id nope: task is null',
      code: 0,
    });
  });

  it('reads and writes task variables and task-local variables', async () => {
    const vars = (await t.as('demo').get(`/task/${buffet1.id}/variables`).expect(200)).body;
    expect(vars).toMatchObject({
      desiredDish: { type: 'String', value: 'Stew' },
      table: { value: 'table-1' },
      dish: { value: 'Stew' },
    });
    expect(Object.keys((await t.as('demo').get(`/task/${buffet1.id}/localVariables`).expect(200)).body)).toEqual([
      'dish',
    ]);
    await t
      .as('demo')
      .get(`/task/${buffet1.id}/variables/desiredDish`)
      .expect(200, { type: 'String', value: 'Stew', valueInfo: {} });
    const notLocal = await t.as('demo').get(`/task/${buffet1.id}/localVariables/desiredDish`).expect(404);
    expect(notLocal.body).toEqual({
      type: 'InvalidRequestException',
      message: 'task variable with name desiredDish does not exist',
      code: null,
    });

    // not local: lands on the instance; local: stays on the task
    await t.as('demo').put(`/task/${buffet1.id}/variables/wine`).send({ value: 'red' }).expect(204);
    await t.as('demo').put(`/task/${buffet1.id}/localVariables/note`).send({ value: 'hot' }).expect(204);
    expect(
      (await t.as('demo').get(`/process-instance/${buffet1.processInstanceId}/variables/wine`).expect(200)).body.value,
    ).toBe('red');
    await t.as('demo').get(`/process-instance/${buffet1.processInstanceId}/variables/note`).expect(404);
    await t
      .as('demo')
      .post(`/task/${buffet1.id}/localVariables`)
      .send({ modifications: { a: { value: 1 } }, deletions: ['note'] })
      .expect(204);
    expect(Object.keys((await t.as('demo').get(`/task/${buffet1.id}/localVariables`).expect(200)).body).sort()).toEqual(
      ['a', 'dish'],
    );
    await t
      .as('demo')
      .post(`/task/${buffet1.id}/variables`)
      .send({ deletions: ['wine'] })
      .expect(204);
    await t.as('demo').get(`/task/${buffet1.id}/variables/wine`).expect(404);
    await t.as('demo').delete(`/task/${buffet1.id}/localVariables/a`).expect(204);
    await t.as('demo').delete(`/task/${buffet1.id}/variables/table`).expect(204);
    await t.as('demo').get(`/process-instance/${buffet1.processInstanceId}/variables/table`).expect(404);

    await t
      .as('demo')
      .post(`/task/${buffet1.id}/localVariables/pic/data`)
      .attach('data', Buffer.from('png'), 'pic.png')
      .expect(204);
    expect((await t.as('demo').get(`/task/${buffet1.id}/localVariables/pic`).expect(200)).body).toEqual({
      type: 'Bytes',
      value: Buffer.from('png').toString('base64'),
      valueInfo: {},
    });
    const data = await t.as('demo').get(`/task/${buffet1.id}/variables/pic/data`).expect(200);
    expect(data.headers['content-type']).toBe('application/octet-stream');
    await t.as('demo').get(`/task/${buffet1.id}/variables/desiredDish/data`).expect(400);

    const unknown = await t.as('demo').get('/task/nope/variables/x').expect(404);
    expect(unknown.body.message).toBe('Cannot get task variable x: Cannot find task with id nope: task is null');
    await t.as('demo').get('/task/nope/variables').expect(400);
  });

  it('completes a task: 204, or 200 with the variables when asked', async () => {
    await t.as('demo').post(`/task/${buffet1.id}/complete`).send({}).expect(204);
    await t.as('demo').get(`/task/${buffet1.id}`).expect(404);
    await t.as('demo').get(`/process-instance/${buffet1.processInstanceId}`).expect(404);
    const res = await t
      .as('demo')
      .post(`/task/${review.id}/complete`)
      .send({ variables: { approved: { value: true, type: 'Boolean' } }, withVariablesInReturn: true })
      .expect(200);
    expect(res.body).toMatchObject({
      approved: { type: 'Boolean', value: true, valueInfo: {} },
      reviewer: { type: 'String', value: 'carol' },
    });
    const path = (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${reviewInstance}&activityId=End`)
        .expect(200)
    ).body;
    expect(path).toHaveLength(1);

    const unknown = await t.as('demo').post('/task/nope/complete').send({}).expect(404);
    expect(unknown.body).toEqual({
      type: 'RestException',
      message: 'Cannot complete task nope: Cannot find task with id nope: task is null',
      code: null,
    });
    const bad = await t
      .as('demo')
      .post(`/task/${buffet2.id}/complete`)
      .send({ variables: { x: { value: 'y', type: 'Integer' } } })
      .expect(400);
    expect(bad.body.message).toBe(
      `Cannot complete task ${buffet2.id}: Cannot convert value 'y' of type 'Integer' to java type java.lang.Integer`,
    );
  });

  it('shows tasks with READ on the task or READ_TASK on the definition, and checks work permissions', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'eve' }, credentials: { password: 'eve' } })
      .expect(204);
    // eve is in no group and has no task of her own: Camunda's default task grants give her nothing
    const bob = t.as('eve', 'eve');
    expect((await bob.get('/task/count').expect(200)).body).toEqual({ count: 0 });
    await bob.get(`/task/${buffet2.id}`).expect(404);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'eve', resourceType: 7, resourceId: buffet2.id, permissions: ['READ'] })
      .expect(200);
    expect((await bob.get('/task').expect(200)).body.map((x: any) => x.id)).toEqual([buffet2.id]);
    const denied = await bob.post(`/task/${buffet2.id}/complete`).send({}).expect(403);
    expect(denied.body.type).toBe('AuthorizationException');
    await bob.post(`/task/${buffet2.id}/claim`).send({ userId: 'eve' }).expect(403);
    await t
      .as('demo')
      .post('/authorization/create')
      .send({
        type: 1,
        userId: 'eve',
        resourceType: 6,
        resourceId: 'dinner',
        permissions: ['READ_TASK', 'TASK_ASSIGN'],
      })
      .expect(200);
    const other = await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: { season: { value: 'Fall' }, guestCount: { value: 12 } } })
      .expect(200);
    expect((await bob.get('/task/count').expect(200)).body).toEqual({ count: 2 });
    const [otherTask] = (await bob.get(`/task?processInstanceId=${other.body.id}`).expect(200)).body;
    await bob.post(`/task/${otherTask.id}/assignee`).send({ userId: 'eve' }).expect(204);
  });
  it('lets candidates and assignees read and work on their tasks through Camunda default grants', async () => {
    // bob is in the kitchen group, a candidate group of the buffet task
    const bob = t.as('bob', 'bob');
    const started = await t
      .as('demo')
      .post('/process-definition/key/dinner/start')
      .send({ variables: { season: { value: 'Fall' }, guestCount: { value: 12 } } })
      .expect(200);
    const [buffet] = (await t.as('demo').get(`/task?processInstanceId=${started.body.id}`).expect(200)).body;
    expect((await bob.get(`/task/${buffet.id}`).expect(200)).body.id).toBe(buffet.id);
    const grants = (await t.as('demo').get(`/authorization?resourceType=7&resourceId=${buffet.id}`).expect(200)).body;
    expect(grants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 1, groupId: 'kitchen', permissions: ['READ', 'UPDATE'] }),
        expect.objectContaining({ type: 1, userId: 'mary', permissions: ['READ', 'UPDATE'] }),
      ]),
    );
    await bob.post(`/task/${buffet.id}/claim`).send({ userId: 'bob' }).expect(204);
    await bob.post(`/task/${buffet.id}/complete`).send({}).expect(204);
    // the authorizations on a task go with it
    expect((await t.as('demo').get(`/authorization?resourceType=7&resourceId=${buffet.id}`).expect(200)).body).toEqual(
      [],
    );
  });
});
