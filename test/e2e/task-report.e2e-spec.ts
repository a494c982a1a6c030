import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** Translates TaskCountByCandidateGroupsTest (the tenants of its tasks do not matter to the counts). */
describe(`task report: count by candidate group (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const createTask = async (id: string, groupId: string | null) => {
    await demo().post('/task/create').send({ id }).expect(204);
    if (groupId) await demo().post(`/task/${id}/identity-links`).send({ groupId, type: 'candidate' }).expect(204);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await createTask('t1', 'aGroupId');
    await createTask('t2', 'aGroupId');
    await createTask('t3', 'anotherGroupId');
    await createTask('t4', null);
  });
  afterAll(() => t.close());

  it('counts the tasks of each group, those without one under null (shouldReturnTaskCountsByGroup, shouldProvideTaskCountForEachGroup)', async () => {
    const res = await demo().get('/task/report/candidate-group-count').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual([
      { groupName: null, taskCount: 1 },
      { groupName: 'aGroupId', taskCount: 2 },
      { groupName: 'anotherGroupId', taskCount: 1 },
    ]);
  });

  it('leaves assigned tasks out (shouldFetchCountOfTasksWithoutAssignee)', async () => {
    await demo().post('/task/t3/delegate').send({ userId: 'someone' }).expect(204);
    try {
      const res = await demo().get('/task/report/candidate-group-count').expect(200);
      expect(res.body).toEqual([
        { groupName: null, taskCount: 1 },
        { groupName: 'aGroupId', taskCount: 2 },
      ]);
    } finally {
      await demo().post('/task/t3/assignee').send({ userId: null }).expect(204);
    }
  });

  it('answers CSV when asked for', async () => {
    for (const type of ['text/csv', 'application/csv']) {
      const res = await demo().get('/task/report/candidate-group-count').set('Accept', type).expect(200);
      expect(res.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(res.text).toBe('CANDIDATE_GROUP_NAME,TASK_COUNT\nnull,1\naGroupId,2\nanotherGroupId,1\n');
    }
  });

  it('needs READ on all tasks (Task, *)', async () => {
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'wes' }, credentials: { password: 'wes' } })
      .expect(204);
    const wes = t.as('wes', 'wes');
    await demo()
      .post('/authorization/create')
      .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: 't1', permissions: ['READ'] })
      .expect(200);
    const denied = await wes.get('/task/report/candidate-group-count').expect(403);
    expect(denied.body).toMatchObject({
      type: 'AuthorizationException',
      userId: 'wes',
      permissionName: 'READ',
      resourceName: 'Task',
      resourceId: '*',
    });
    await demo()
      .post('/authorization/create')
      .send({ type: 1, userId: 'wes', resourceType: 7, resourceId: '*', permissions: ['READ'] })
      .expect(200);
    expect((await wes.get('/task/report/candidate-group-count').expect(200)).body).toHaveLength(3);
  });

  it('documents the task operations of attachments, comments, BPMN errors and the report in /docs-json', async () => {
    const paths = (await t.api().get('/docs-json').expect(200)).body.paths;
    const operations = [
      ['get', '/engine-rest/task/report/candidate-group-count'],
      ['post', '/engine-rest/task/{id}/bpmnError'],
      ['post', '/engine-rest/task/{id}/attachment/create'],
      ['get', '/engine-rest/task/{id}/attachment'],
      ['get', '/engine-rest/task/{id}/attachment/{attachmentId}'],
      ['get', '/engine-rest/task/{id}/attachment/{attachmentId}/data'],
      ['delete', '/engine-rest/task/{id}/attachment/{attachmentId}'],
      ['put', '/engine-rest/task/{id}/comment'],
      ['delete', '/engine-rest/task/{id}/comment'],
      ['delete', '/engine-rest/task/{id}/comment/{commentId}'],
      ['get', '/engine-rest/process-instance/{id}/comment'],
      ['put', '/engine-rest/process-instance/{id}/comment'],
      ['delete', '/engine-rest/process-instance/{id}/comment'],
      ['delete', '/engine-rest/process-instance/{id}/comment/{commentId}'],
    ];
    for (const [method, path] of operations)
      expect([path, method, paths[path]?.[method] != null]).toEqual([path, method, true]);
  });
});
