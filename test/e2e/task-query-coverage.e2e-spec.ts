import { TASK_QUERY } from '../../src/common/query/task-query';
import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const model = (key: string, name: string, task: string, attributes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs_${key}" targetNamespace="http://example.com">
  <bpmn:process id="${key}" name="${name}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="${task}" />
    <bpmn:userTask id="${task}" name="${task}" ${attributes} />
    <bpmn:sequenceFlow id="f2" sourceRef="${task}" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

type Ref = 'P' | 'Q' | 's1' | 's2' | 's3';
interface Row {
  /** The POST /task body (besides the two task ids); functions get the fixture's values. */
  query: Record<string, unknown> | ((f: Fixture) => Record<string, unknown>);
  match: Ref | null;
  noMatch: Ref;
  as?: string;
}
interface Fixture {
  ids: Record<Ref, string>;
  tasks: Record<Ref, any>;
  activityInstance: string;
  d1: string;
  d2: string;
  f1: string;
  beforeUpdate: string;
}

const day = 86_400_000;
const wire = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');
const shift = (date: string, days: number) => wire(Date.parse(date.replace('+0000', 'Z')) + days * day);

/**
 * The query-coverage table: every criterion of the task query with a case that must match and one
 * that must not. P and Q are process tasks (cov: business key bk-1, candidate group sales and user
 * mary; task variable color=red; other: bk-2, assignee john, candidate group support, color=blue,
 * suspended); s1, s2 and s3 (a sub-task of s1) standalone tasks.
 */
const ROWS: Record<string, Row[]> = {
  taskId: [{ query: { taskId: 's1' }, match: 's1', noMatch: 's2' }],
  taskIdIn: [{ query: { taskIdIn: ['s1'] }, match: 's1', noMatch: 's2' }],
  processInstanceId: [{ query: (f) => ({ processInstanceId: f.tasks.P.processInstanceId }), match: 'P', noMatch: 'Q' }],
  processInstanceIdIn: [
    { query: (f) => ({ processInstanceIdIn: [f.tasks.P.processInstanceId] }), match: 'P', noMatch: 'Q' },
  ],
  processInstanceBusinessKey: [{ query: { processInstanceBusinessKey: 'bk-1' }, match: 'P', noMatch: 'Q' }],
  processInstanceBusinessKeyExpression: [
    { query: { processInstanceBusinessKeyExpression: "${'bk-1'}" }, match: 'P', noMatch: 'Q' },
  ],
  processInstanceBusinessKeyIn: [{ query: { processInstanceBusinessKeyIn: ['bk-1', 'x'] }, match: 'P', noMatch: 'Q' }],
  processInstanceBusinessKeyLike: [{ query: { processInstanceBusinessKeyLike: 'k-1' }, match: 'P', noMatch: 'Q' }],
  processInstanceBusinessKeyLikeExpression: [
    { query: { processInstanceBusinessKeyLikeExpression: "${'bk-%1'}" }, match: 'P', noMatch: 'Q' },
  ],
  processDefinitionId: [
    { query: (f) => ({ processDefinitionId: f.tasks.P.processDefinitionId }), match: 'P', noMatch: 'Q' },
  ],
  processDefinitionKey: [{ query: { processDefinitionKey: 'cov' }, match: 'P', noMatch: 'Q' }],
  processDefinitionKeyIn: [{ query: { processDefinitionKeyIn: ['cov', 'x'] }, match: 'P', noMatch: 'Q' }],
  processDefinitionName: [{ query: { processDefinitionName: 'Coverage' }, match: 'P', noMatch: 'Q' }],
  processDefinitionNameLike: [{ query: { processDefinitionNameLike: 'overa' }, match: 'P', noMatch: 'Q' }],
  executionId: [{ query: (f) => ({ executionId: f.tasks.P.executionId }), match: 'P', noMatch: 'Q' }],
  activityInstanceIdIn: [{ query: (f) => ({ activityInstanceIdIn: [f.activityInstance] }), match: 'P', noMatch: 'Q' }],
  assignee: [{ query: { assignee: 'anna' }, match: 's1', noMatch: 's2' }],
  assigneeExpression: [{ query: { assigneeExpression: '${currentUser()}' }, match: 's1', noMatch: 'Q', as: 'anna' }],
  assigneeLike: [{ query: { assigneeLike: 'nn' }, match: 's1', noMatch: 'Q' }],
  assigneeLikeExpression: [{ query: { assigneeLikeExpression: "${'an%'}" }, match: 's1', noMatch: 'Q' }],
  assigneeIn: [{ query: { assigneeIn: ['anna', 'x'] }, match: 's1', noMatch: 'Q' }],
  assigneeNotIn: [{ query: { assigneeNotIn: ['anna'] }, match: 's2', noMatch: 's1' }],
  owner: [{ query: { owner: 'olga' }, match: 's1', noMatch: 's2' }],
  ownerExpression: [{ query: { ownerExpression: "${'olga'}" }, match: 's1', noMatch: 's2' }],
  candidateGroup: [{ query: { candidateGroup: 'sales' }, match: 'P', noMatch: 'Q' }],
  candidateGroupExpression: [{ query: { candidateGroupExpression: "${'sales'}" }, match: 'P', noMatch: 'Q' }],
  candidateGroups: [{ query: { candidateGroups: ['sales', 'x'] }, match: 'P', noMatch: 'Q' }],
  candidateGroupsExpression: [
    { query: { candidateGroupsExpression: '${currentUserGroups()}' }, match: 'P', noMatch: 'Q', as: 'anna' },
  ],
  candidateGroupLike: [{ query: { candidateGroupLike: 'ale' }, match: 'P', noMatch: 'Q' }],
  candidateUser: [
    { query: { candidateUser: 'mary' }, match: 'P', noMatch: 'Q' },
    // through the groups the user is a member of
    { query: { candidateUser: 'anna' }, match: 'P', noMatch: 'Q' },
  ],
  candidateUserExpression: [{ query: { candidateUserExpression: "${'mary'}" }, match: 'P', noMatch: 'Q' }],
  includeAssignedTasks: [
    { query: { candidateGroup: 'support', includeAssignedTasks: true }, match: 'Q', noMatch: 'P' },
    { query: { candidateGroup: 'support' }, match: null, noMatch: 'Q' },
  ],
  involvedUser: [{ query: { involvedUser: 'olga' }, match: 's1', noMatch: 's2' }],
  involvedUserExpression: [{ query: { involvedUserExpression: "${'mary'}" }, match: 'P', noMatch: 's1' }],
  assigned: [{ query: { assigned: true }, match: 's1', noMatch: 's2' }],
  unassigned: [{ query: { unassigned: true }, match: 's2', noMatch: 's1' }],
  withCandidateGroups: [{ query: { withCandidateGroups: true }, match: 'P', noMatch: 's1' }],
  withoutCandidateGroups: [{ query: { withoutCandidateGroups: true }, match: 's1', noMatch: 'P' }],
  withCandidateUsers: [{ query: { withCandidateUsers: true }, match: 'P', noMatch: 's1' }],
  withoutCandidateUsers: [{ query: { withoutCandidateUsers: true }, match: 's1', noMatch: 'P' }],
  taskDefinitionKey: [{ query: { taskDefinitionKey: 'Work' }, match: 'P', noMatch: 'Q' }],
  taskDefinitionKeyIn: [{ query: { taskDefinitionKeyIn: ['Work', 'x'] }, match: 'P', noMatch: 'Q' }],
  taskDefinitionKeyLike: [{ query: { taskDefinitionKeyLike: 'ork' }, match: 'P', noMatch: 'Q' }],
  taskDefinitionKeyNotIn: [{ query: { taskDefinitionKeyNotIn: ['Work'] }, match: 'Q', noMatch: 'P' }],
  name: [{ query: { name: 'Alpha' }, match: 's1', noMatch: 's2' }],
  nameNotEqual: [{ query: { nameNotEqual: 'Alpha' }, match: 's2', noMatch: 's1' }],
  nameLike: [{ query: { nameLike: 'lph' }, match: 's1', noMatch: 's2' }],
  nameNotLike: [{ query: { nameNotLike: 'lph' }, match: 's2', noMatch: 's1' }],
  description: [{ query: { description: 'first one' }, match: 's1', noMatch: 's2' }],
  descriptionLike: [{ query: { descriptionLike: 'irst' }, match: 's1', noMatch: 's2' }],
  priority: [{ query: { priority: 10 }, match: 's1', noMatch: 's2' }],
  maxPriority: [{ query: { maxPriority: 50 }, match: 's1', noMatch: 's2' }],
  minPriority: [{ query: { minPriority: 50 }, match: 's2', noMatch: 's1' }],
  dueDate: [{ query: (f) => ({ dueDate: f.d1 }), match: 's1', noMatch: 's2' }],
  dueDateExpression: [
    {
      query: (f) => ({
        dueDateExpression: `\${dateTime().plusDays(0).plusMillis(${Date.parse(f.d1.replace('+0000', 'Z')) - Date.now()}).toDate()}`,
      }),
      match: null,
      noMatch: 's2',
    },
  ],
  dueBefore: [{ query: (f) => ({ dueBefore: shift(f.d1, 1) }), match: 's1', noMatch: 's2' }],
  dueBeforeExpression: [{ query: { dueBeforeExpression: '${dateTime().plusDays(3)}' }, match: 's1', noMatch: 's2' }],
  dueAfter: [{ query: (f) => ({ dueAfter: shift(f.d1, 1) }), match: 's2', noMatch: 's1' }],
  dueAfterExpression: [{ query: { dueAfterExpression: '${dateTime().plusDays(3)}' }, match: 's2', noMatch: 's1' }],
  withoutDueDate: [{ query: { withoutDueDate: true }, match: 'P', noMatch: 's1' }],
  followUpDate: [{ query: (f) => ({ followUpDate: f.f1 }), match: 's1', noMatch: 's2' }],
  followUpDateExpression: [{ query: { followUpDateExpression: '${now()}' }, match: null, noMatch: 's1' }],
  followUpBefore: [{ query: (f) => ({ followUpBefore: shift(f.f1, 1) }), match: 's1', noMatch: 's2' }],
  followUpBeforeExpression: [
    { query: { followUpBeforeExpression: '${dateTime().plusDays(2)}' }, match: 's1', noMatch: 's2' },
  ],
  followUpAfter: [{ query: (f) => ({ followUpAfter: shift(f.f1, -1) }), match: 's1', noMatch: 's2' }],
  followUpAfterExpression: [{ query: { followUpAfterExpression: '${now()}' }, match: 's1', noMatch: 's2' }],
  followUpBeforeOrNotExistent: [
    { query: (f) => ({ followUpBeforeOrNotExistent: shift(f.f1, -1) }), match: 's2', noMatch: 's1' },
  ],
  followUpBeforeOrNotExistentExpression: [
    { query: { followUpBeforeOrNotExistentExpression: '${now()}' }, match: 's2', noMatch: 's1' },
  ],
  createdOn: [{ query: (f) => ({ createdOn: f.tasks.s1.created }), match: 's1', noMatch: 's2' }],
  createdOnExpression: [{ query: { createdOnExpression: '${dateTime().minusYears(1)}' }, match: null, noMatch: 's1' }],
  createdBefore: [{ query: (f) => ({ createdBefore: f.tasks.s2.created }), match: 's1', noMatch: 's2' }],
  createdBeforeExpression: [
    { query: { createdBeforeExpression: '${dateTime().plusDays(1)}' }, match: 's1', noMatch: null as unknown as Ref },
  ],
  createdAfter: [{ query: (f) => ({ createdAfter: f.tasks.s1.created }), match: 's2', noMatch: 's1' }],
  createdAfterExpression: [
    { query: { createdAfterExpression: '${dateTime().minusDays(1)}' }, match: 's1', noMatch: null as unknown as Ref },
  ],
  updatedAfter: [{ query: (f) => ({ updatedAfter: f.beforeUpdate }), match: 's1', noMatch: 's2' }],
  updatedAfterExpression: [
    { query: { updatedAfterExpression: '${dateTime().minusDays(1)}' }, match: 's1', noMatch: 's2' },
  ],
  delegationState: [{ query: { delegationState: 'PENDING' }, match: 's1', noMatch: 's2' }],
  parentTaskId: [{ query: { parentTaskId: 's1' }, match: 's3', noMatch: 's2' }],
  tenantIdIn: [{ query: { tenantIdIn: ['t1'] }, match: 's1', noMatch: 's2' }],
  withoutTenantId: [{ query: { withoutTenantId: true }, match: 's2', noMatch: 's1' }],
  active: [{ query: { active: true }, match: 'P', noMatch: 'Q' }],
  suspended: [{ query: { suspended: true }, match: 'Q', noMatch: 'P' }],
  taskVariables: [
    { query: { taskVariables: [{ name: 'color', operator: 'eq', value: 'red' }] }, match: 'P', noMatch: 'Q' },
  ],
  processVariables: [
    { query: { processVariables: [{ name: 'amount', operator: 'lt', value: 50 }] }, match: 'P', noMatch: 'Q' },
  ],
  caseInstanceVariables: [
    { query: { caseInstanceVariables: [{ name: 'x', operator: 'eq', value: 1 }] }, match: null, noMatch: 's1' },
  ],
  variableNamesIgnoreCase: [
    {
      query: { variableNamesIgnoreCase: true, processVariables: [{ name: 'CUSTOMER', operator: 'eq', value: 'Ann' }] },
      match: 'P',
      noMatch: 'Q',
    },
    { query: { processVariables: [{ name: 'CUSTOMER', operator: 'eq', value: 'Ann' }] }, match: null, noMatch: 'P' },
  ],
  variableValuesIgnoreCase: [
    {
      query: { variableValuesIgnoreCase: true, processVariables: [{ name: 'customer', operator: 'eq', value: 'ANN' }] },
      match: 'P',
      noMatch: 'Q',
    },
    { query: { processVariables: [{ name: 'customer', operator: 'eq', value: 'ANN' }] }, match: null, noMatch: 'P' },
  ],
  orQueries: [
    { query: { orQueries: [{ name: 'Alpha', assignee: 'john' }] }, match: 's1', noMatch: 's2' },
    { query: { orQueries: [{ name: 'Alpha', assignee: 'john' }] }, match: 'Q', noMatch: 'P' },
    { query: { assigned: true, orQueries: [{ name: 'Beta', assignee: 'john' }] }, match: 'Q', noMatch: 's2' },
  ],
  // No case instances exist here: every case criterion matches no task.
  caseDefinitionKey: [{ query: { caseDefinitionKey: 'c' }, match: null, noMatch: 's1' }],
  caseDefinitionId: [{ query: { caseDefinitionId: 'c' }, match: null, noMatch: 's1' }],
  caseDefinitionName: [{ query: { caseDefinitionName: 'c' }, match: null, noMatch: 's1' }],
  caseDefinitionNameLike: [{ query: { caseDefinitionNameLike: 'c' }, match: null, noMatch: 's1' }],
  caseInstanceId: [{ query: { caseInstanceId: 'c' }, match: null, noMatch: 's1' }],
  caseInstanceBusinessKey: [{ query: { caseInstanceBusinessKey: 'c' }, match: null, noMatch: 's1' }],
  caseInstanceBusinessKeyLike: [{ query: { caseInstanceBusinessKeyLike: 'c' }, match: null, noMatch: 's1' }],
  caseExecutionId: [{ query: { caseExecutionId: 'c' }, match: null, noMatch: 's1' }],
};

/** Response flags: they change what a task carries, not which tasks match (tested below). */
const FLAGS = ['withCommentAttachmentInfo'];

/** Each sort with two tasks in ascending order; sorts by variables take Camunda's `parameters`. */
const SORTS: Array<{ sortBy: string; parameters?: Record<string, unknown>; order: (f: Fixture) => [Ref, Ref] }> = [
  { sortBy: 'instanceId', order: (f) => ascending(f, 'P', 'Q', (t) => t.processInstanceId) },
  { sortBy: 'caseInstanceId', order: () => ['s1', 's2'] },
  { sortBy: 'dueDate', order: () => ['s1', 's2'] },
  { sortBy: 'executionId', order: (f) => ascending(f, 'P', 'Q', (t) => t.executionId) },
  { sortBy: 'caseExecutionId', order: () => ['s1', 's2'] },
  { sortBy: 'assignee', order: () => ['s1', 'Q'] },
  { sortBy: 'created', order: () => ['s1', 's2'] },
  { sortBy: 'lastUpdated', order: () => ['s2', 's1'] },
  { sortBy: 'followUpDate', order: () => ['s2', 's1'] },
  { sortBy: 'description', order: () => ['s1', 's2'] },
  { sortBy: 'id', order: () => ['s1', 's2'] },
  { sortBy: 'name', order: () => ['Q', 'P'] },
  { sortBy: 'nameCaseInsensitive', order: () => ['s1', 's2'] },
  { sortBy: 'priority', order: () => ['s1', 's2'] },
  { sortBy: 'tenantId', order: () => ['s2', 's1'] },
  { sortBy: 'processVariable', parameters: { variable: 'amount', type: 'Integer' }, order: () => ['P', 'Q'] },
  { sortBy: 'executionVariable', parameters: { variable: 'customer', type: 'String' }, order: () => ['P', 'Q'] },
  { sortBy: 'taskVariable', parameters: { variable: 'color', type: 'String' }, order: () => ['Q', 'P'] },
];
/** Case variable sorts are accepted; with no case instances they leave the order to the id. */
const CASE_SORTS = ['caseInstanceVariable', 'caseExecutionVariable'];

function ascending(f: Fixture, a: Ref, b: Ref, key: (t: any) => string): [Ref, Ref] {
  return key(f.tasks[a]) < key(f.tasks[b]) ? [a, b] : [b, a];
}

describe(`task query coverage (${databaseLabel()})`, () => {
  let t: TestApp;
  const fx = {} as Fixture;
  const demo = () => t.as('demo');

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [
      {
        name: 'cov.bpmn',
        content: model('cov', 'Coverage', 'Work', 'camunda:candidateGroups="sales" camunda:candidateUsers="mary"'),
      },
      {
        name: 'other.bpmn',
        content: model('other', 'Other process', 'Other', 'camunda:assignee="john" camunda:candidateGroups="support"'),
      },
    ]).expect(200);
    await demo()
      .post('/user/create')
      .send({ profile: { id: 'anna' }, credentials: { password: 'anna' } })
      .expect(204);
    await demo().post('/group/create').send({ id: 'sales', name: 'Sales' }).expect(204);
    await demo().put('/group/sales/members/anna').expect(204);
    // s1 belongs to tenant t1: with the tenant check (on by default, as in Camunda) anna sees it as its member.
    await demo().post('/tenant/create').send({ id: 't1', name: 'T1' }).expect(204);
    await demo().put('/tenant/t1/user-members/anna').expect(204);
    await demo()
      .post('/authorization/create')
      .send({ type: 1, userId: 'anna', resourceType: 7, resourceId: '*', permissions: ['READ'] })
      .expect(200);
    const start = async (key: string, businessKey: string, amount: number, customer: string) => {
      const variables = { amount: { value: amount, type: 'Integer' }, customer: { value: customer } };
      const pi = (
        await demo().post(`/process-definition/key/${key}/start`).send({ businessKey, variables }).expect(200)
      ).body;
      return (await demo().get(`/task?processInstanceId=${pi.id}`).expect(200)).body[0];
    };
    const P = await start('cov', 'bk-1', 10, 'Ann');
    const Q = await start('other', 'bk-2', 99, 'bob');
    fx.d1 = wire(Date.now() + 2 * day);
    fx.d2 = wire(Date.now() + 5 * day);
    fx.f1 = wire(Date.now() + 1 * day);
    const s1 = {
      name: 'Alpha',
      description: 'first one',
      assignee: 'anna',
      owner: 'olga',
      priority: 10,
      due: fx.d1,
      followUp: fx.f1,
      tenantId: 't1',
    };
    await demo()
      .post('/task/create')
      .send({ id: 's1', ...s1, delegationState: 'PENDING' })
      .expect(204);
    await new Promise((r) => setTimeout(r, 20));
    await demo()
      .post('/task/create')
      .send({ id: 's2', name: 'Beta', description: 'second', priority: 90, due: fx.d2 })
      .expect(204);
    await demo().post('/task/create').send({ id: 's3', name: 'Sub', parentTaskId: 's1' }).expect(204);
    // Standalone tasks cannot hold variables yet: the task variables sit on the process tasks.
    await demo().put(`/task/${P.id}/localVariables/color`).send({ value: 'red', type: 'String' }).expect(204);
    await demo().put(`/task/${Q.id}/localVariables/color`).send({ value: 'blue', type: 'String' }).expect(204);
    await new Promise((r) => setTimeout(r, 20));
    fx.beforeUpdate = wire(Date.now() - 5);
    await new Promise((r) => setTimeout(r, 20));
    await demo()
      .put('/task/s1')
      .send({ ...s1, delegationState: 'PENDING' })
      .expect(204);
    await t.engine.dataSource.query('UPDATE act_ru_task SET suspension_state = 2 WHERE id = ?', [Q.id]);
    const [{ act_inst_id }] = await t.engine.dataSource.query('SELECT act_inst_id FROM act_ru_task WHERE id = ?', [
      P.id,
    ]);
    fx.activityInstance = act_inst_id;
    fx.ids = { P: P.id, Q: Q.id, s1: 's1', s2: 's2', s3: 's3' };
    const task = async (id: string) => (await demo().get(`/task/${id}`).expect(200)).body;
    fx.tasks = { P, Q, s1: await task('s1'), s2: await task('s2'), s3: await task('s3') };
  });
  afterAll(() => t.close());

  it('has a row for every criterion of the task query', () => {
    const covered = [...Object.keys(ROWS), ...FLAGS].sort();
    expect(covered).toEqual(Object.keys(TASK_QUERY.params).sort());
  });

  for (const [criterion, rows] of Object.entries(ROWS)) {
    rows.forEach((row, i) => {
      it(`${criterion} #${i + 1}: matches ${row.match ?? 'no task'}, not ${row.noMatch ?? '-'}`, async () => {
        const query = typeof row.query === 'function' ? row.query(fx) : row.query;
        const candidates = [row.match, row.noMatch].filter((r): r is Ref => r != null).map((r) => fx.ids[r]);
        const body = { taskIdIn: candidates, ...query };
        const found = (
          await t
            .as(row.as ?? 'demo', row.as)
            .post('/task')
            .send(body)
            .expect(200)
        ).body.map((x: any) => x.id);
        expect(found).toEqual(row.match ? [fx.ids[row.match]] : []);
        const { count } = (
          await t
            .as(row.as ?? 'demo', row.as)
            .post('/task/count')
            .send(body)
            .expect(200)
        ).body;
        expect(count).toBe(found.length);
      });
    });
  }

  it('answers comment info with withCommentAttachmentInfo', async () => {
    await demo().post('/task/s1/comment/create').send({ message: 'hello' }).expect(200);
    const found = (
      await demo()
        .post('/task')
        .send({ taskIdIn: ['s1', 's2'], withCommentAttachmentInfo: true, sortBy: 'id', sortOrder: 'asc' })
        .expect(200)
    ).body;
    expect(found.map((x: any) => [x.id, x.comment, x.attachment])).toEqual([
      ['s1', true, false],
      ['s2', false, false],
    ]);
    expect((await demo().post('/task').send({ taskId: 's1' }).expect(200)).body[0].comment).toBeUndefined();
  });

  for (const sort of SORTS) {
    it(`sorts by ${sort.sortBy}, both ways`, async () => {
      const [first, second] = sort.order(fx);
      const run = async (sortOrder: string) =>
        (
          await demo()
            .post('/task')
            .send({
              taskIdIn: [fx.ids[first], fx.ids[second]],
              sorting: [{ sortBy: sort.sortBy, sortOrder, parameters: sort.parameters }],
            })
            .expect(200)
        ).body.map((x: any) => x.id);
      expect(await run('asc')).toEqual([fx.ids[first], fx.ids[second]]);
      expect(await run('desc')).toEqual([fx.ids[second], fx.ids[first]]);
    });
  }

  it('accepts the case variable sorts and refuses variable sorts without parameters', async () => {
    for (const sortBy of CASE_SORTS) {
      const body = {
        taskIdIn: ['s2', 's1'],
        sorting: [{ sortBy, sortOrder: 'desc', parameters: { variable: 'x', type: 'String' } }],
      };
      expect((await demo().post('/task').send(body).expect(200)).body.map((x: any) => x.id)).toEqual(['s1', 's2']);
    }
    const missing = await demo()
      .post('/task')
      .send({ sorting: [{ sortBy: 'processVariable', sortOrder: 'asc' }] })
      .expect(400);
    expect(missing.body.message).toContain('processVariable');
  });

  it('takes the simple sorts on GET too', async () => {
    const ids = (await demo().get('/task?taskIdIn=s1,s2&sortBy=priority&sortOrder=desc').expect(200)).body.map(
      (x: any) => x.id,
    );
    expect(ids).toEqual(['s2', 's1']);
    await demo().get('/task?sortBy=processVariable&sortOrder=asc').expect(400);
  });
});
