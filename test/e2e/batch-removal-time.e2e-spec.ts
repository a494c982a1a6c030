import { DataSource } from 'typeorm';
import { deploy, deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** A parent calls a child that evaluates a decision: history rows in every process history table, over two instances. */
const TREE = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_tree" targetNamespace="http://example.org/removal">
  <bpmn:process id="parent" isExecutable="true" camunda:historyTimeToLive="5">
    <bpmn:startEvent id="PS" /><bpmn:sequenceFlow id="P1" sourceRef="PS" targetRef="Call" />
    <bpmn:callActivity id="Call" calledElement="child">
      <bpmn:extensionElements><camunda:in variables="all" /></bpmn:extensionElements>
    </bpmn:callActivity>
    <bpmn:sequenceFlow id="P2" sourceRef="Call" targetRef="PE" /><bpmn:endEvent id="PE" />
  </bpmn:process>
  <bpmn:process id="child" isExecutable="true" camunda:historyTimeToLive="9">
    <bpmn:startEvent id="CS" /><bpmn:sequenceFlow id="C1" sourceRef="CS" targetRef="Decide" />
    <bpmn:businessRuleTask id="Decide" camunda:decisionRef="dish" camunda:resultVariable="dish" camunda:mapDecisionResult="singleEntry" />
    <bpmn:sequenceFlow id="C2" sourceRef="Decide" targetRef="CE" /><bpmn:endEvent id="CE" />
  </bpmn:process>
</bpmn:definitions>`;

/** The history tables with rows of a process instance, and how a row names its instance. */
const TABLES: Array<[table: string, instanceColumn: string]> = [
  ['act_hi_procinst', 'proc_inst_id'],
  ['act_hi_actinst', 'proc_inst_id'],
  ['act_hi_detail', 'proc_inst_id'],
  ['act_hi_decinst', 'proc_inst_id'],
  ['act_hi_comment', 'proc_inst_id'],
];

const DAY = 86_400_000;
const asTime = (v: Date | string | null) =>
  v == null
    ? null
    : typeof v === 'string'
      ? new Date(v.replace(' ', 'T') + (v.endsWith('Z') ? '' : 'Z')).getTime()
      : v.getTime();
const restTime = (s: string) => new Date(s.replace('+0000', 'Z')).getTime();

describe(`process-set-removal-time batches (${databaseLabel()})`, () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false, batchPollMs: 0 });
    db = t.engine.dataSource;
    await deployFixture(t, ['deployment/dish.dmn']).expect(200);
    await deploy(t, [{ name: 'tree.bpmn', content: TREE }]).expect(200);
  });
  afterAll(() => t.close());

  const startTree = async () => {
    const vars = { season: { value: 'Summer', type: 'String' }, guestCount: { value: 4, type: 'Integer' } };
    const parent = (
      await t.as('demo').post('/process-definition/key/parent/start').send({ variables: vars }).expect(200)
    ).body.id as string;
    const [child] = (await t.as('demo').get(`/history/process-instance?superProcessInstanceId=${parent}`).expect(200))
      .body;
    return { parent, child: child.id as string };
  };

  /** Distinct removal times per table of one instance's rows (decision inputs and outputs through their decision). */
  const removalTimes = async (instanceId: string): Promise<Record<string, Array<number | null>>> => {
    const out: Record<string, Array<number | null>> = {};
    for (const [table, column] of TABLES) {
      const rows: Array<{ removal_time: Date | string | null }> = await db.query(
        `SELECT removal_time FROM ${table} WHERE ${column} = ?`,
        [instanceId],
      );
      if (rows.length) out[table] = [...new Set(rows.map((r) => asTime(r.removal_time)))];
    }
    for (const table of ['act_hi_dec_in', 'act_hi_dec_out']) {
      const rows: Array<{ removal_time: Date | string | null }> = await db.query(
        `SELECT x.removal_time FROM ${table} x JOIN act_hi_decinst d ON d.id = x.dec_inst_id WHERE d.proc_inst_id = ?`,
        [instanceId],
      );
      if (rows.length) out[table] = [...new Set(rows.map((r) => asTime(r.removal_time)))];
    }
    return out;
  };
  const allAre = (times: Record<string, Array<number | null>>, value: number | null) =>
    Object.fromEntries(Object.keys(times).map((table) => [table, [value]]));

  const setRemovalTime = async (body: object, status = 200) => {
    const res = await t.as('demo').post('/history/process-instance/set-removal-time').send(body).expect(status);
    if (status === 200) await t.engine.jobs.executeDueJobs();
    return res;
  };

  it('sets an absolute removal time on an instance and every row recorded under it, and only there', async () => {
    const { parent, child } = await startTree();
    const childBefore = await removalTimes(child);
    expect(Object.keys(childBefore)).toEqual(
      expect.arrayContaining([
        'act_hi_procinst',
        'act_hi_actinst',
        'act_hi_detail',
        'act_hi_decinst',
        'act_hi_dec_in',
        'act_hi_dec_out',
      ]),
    );
    const batch = (
      await setRemovalTime({ historicProcessInstanceIds: [child], absoluteRemovalTime: '2031-02-03T04:05:06.007+0000' })
    ).body;
    expect(batch).toMatchObject({ type: 'process-set-removal-time', totalJobs: 1 });
    const at = restTime('2031-02-03T04:05:06.007+0000');
    expect(await removalTimes(child)).toEqual(allAre(childBefore, at));
    // The parent keeps the removal time its end gave it (end + 5 days); its activity instances keep none.
    const parentRow = (await t.as('demo').get(`/history/process-instance/${parent}`).expect(200)).body;
    expect(restTime(parentRow.removalTime) - restTime(parentRow.endTime)).toBe(5 * DAY);
    expect((await removalTimes(parent)).act_hi_actinst).toEqual([null]);
  });

  it('hierarchical: the whole tree under the root gets the root calculated removal time; cleared empties it again', async () => {
    const { parent, child } = await startTree();
    await setRemovalTime({
      historicProcessInstanceQuery: { processInstanceIds: [child] },
      calculatedRemovalTime: true,
      hierarchical: true,
    });
    const root = (await t.as('demo').get(`/history/process-instance/${parent}`).expect(200)).body;
    const expected = restTime(root.endTime) + 5 * DAY;
    const childTimes = await removalTimes(child);
    expect(childTimes).toEqual(allAre(childTimes, expected));
    const parentTimes = await removalTimes(parent);
    expect(parentTimes).toEqual(allAre(parentTimes, expected));

    await setRemovalTime({ historicProcessInstanceIds: [child], clearedRemovalTime: true, hierarchical: true });
    expect(await removalTimes(child)).toEqual(allAre(childTimes, null));
    expect(await removalTimes(parent)).toEqual(allAre(parentTimes, null));

    // Not hierarchical, calculated: the child's own end and its own definition's time to live (9 days).
    await setRemovalTime({ historicProcessInstanceIds: [child], calculatedRemovalTime: true });
    const childRow = (await t.as('demo').get(`/history/process-instance/${child}`).expect(200)).body;
    expect(restTime(childRow.removalTime) - restTime(childRow.endTime)).toBe(9 * DAY);
    expect(await removalTimes(parent)).toEqual(allAre(parentTimes, null));
  });

  it("refuses what Camunda refuses, with Camunda's messages", async () => {
    const { child } = await startTree();
    const refused = async (body: object) => (await setRemovalTime(body, 400)).body;
    expect(await refused({ clearedRemovalTime: true })).toMatchObject({
      type: 'BadUserRequestException',
      message: 'Neither query nor ids provided.',
    });
    expect(
      (await refused({ historicProcessInstanceIds: [child], clearedRemovalTime: true, calculatedRemovalTime: true }))
        .message,
    ).toBe('The removal time modes are mutually exclusive: mode is not null');
    expect((await refused({ historicProcessInstanceIds: [child] })).message).toBe('removalTime is null');
    expect((await refused({ historicProcessInstanceIds: ['nope'], clearedRemovalTime: true })).message).toBe(
      'historicProcessInstances is empty',
    );
    expect(
      (await refused({ historicProcessInstanceQuery: { processDefinitionKey: 'nope' }, clearedRemovalTime: true }))
        .message,
    ).toBe('historicProcessInstances is empty');
    expect((await refused({ historicProcessInstanceIds: [child], absoluteRemovalTime: 'soon' })).message).toBe(
      "Cannot parse absoluteRemovalTime 'soon'",
    );
  });

  it('needs CREATE or CREATE_BATCH_SET_REMOVAL_TIME on Batch, and sees only the instances the caller may read (READ_HISTORY)', async () => {
    const { parent } = await startTree();
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'keeper' }, credentials: { password: 'keeperpw' } })
      .expect(204);
    const keeper = () => t.as('keeper', 'keeperpw');
    const body = { historicProcessInstanceIds: [parent], clearedRemovalTime: true };
    // Camunda selects first: instances the caller may not read are not there, so the selection is empty.
    expect(
      (await keeper().post('/history/process-instance/set-removal-time').send(body).expect(400)).body.message,
    ).toBe('historicProcessInstances is empty');
    await t
      .as('demo')
      .post('/authorization/create')
      .send({ type: 1, userId: 'keeper', resourceType: 6, resourceId: 'parent', permissions: ['READ_HISTORY'] })
      .expect(200);
    const refused = await keeper().post('/history/process-instance/set-removal-time').send(body).expect(403);
    expect(refused.body.message).toBe(
      "The user with id 'keeper' does not have one of the following permissions: 'CREATE' permission on resource 'Batch' or 'CREATE_BATCH_SET_REMOVAL_TIME' permission on resource 'Batch'",
    );
    await t
      .as('demo')
      .post('/authorization/create')
      .send({
        type: 1,
        userId: 'keeper',
        resourceType: 13,
        resourceId: '*',
        permissions: ['CREATE_BATCH_SET_REMOVAL_TIME'],
      })
      .expect(200);
    expect(
      (await keeper().post('/history/process-instance/set-removal-time').send(body).expect(200)).body.totalJobs,
    ).toBe(1);
  });
});

const SHORT = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="Defs_short" targetNamespace="http://example.org/removal">
  <bpmn:process id="short" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="S" /><bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="E" /><bpmn:endEvent id="E" />
  </bpmn:process>
  <bpmn:process id="gone" isExecutable="true" camunda:historyTimeToLive="0">
    <bpmn:startEvent id="GS" /><bpmn:sequenceFlow id="G1" sourceRef="GS" targetRef="GE" /><bpmn:endEvent id="GE" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`history cleanup with a degree of parallelism of 2 (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      jobExecutorEnabled: false,
      batchPollMs: 0,
      historyCleanupDegreeOfParallelism: 2,
      historyCleanupBatchSize: 3,
    });
    await deploy(t, [{ name: 'short.bpmn', content: SHORT }]).expect(200);
  });
  afterAll(() => t.close());

  const ids = async () =>
    (await t.as('demo').get('/history/process-instance?processDefinitionKey=short').expect(200)).body.map(
      (h: { id: string }) => h.id,
    );

  it('two cleanup jobs own disjoint minutes of the removal time; together they remove exactly the rows past it', async () => {
    for (let i = 0; i < 12; i++) await t.as('demo').post('/process-definition/key/short/start').send({}).expect(200);
    const all: string[] = await ids();
    const early = all.slice(0, 4); // minute 10: the first job's
    const late = all.slice(4, 8); // minute 40: the second job's
    const kept = all.slice(8); // their own removal time, 30 days ahead
    const set = async (instances: string[], at: string) => {
      await t
        .as('demo')
        .post('/history/process-instance/set-removal-time')
        .send({ historicProcessInstanceIds: instances, absoluteRemovalTime: at })
        .expect(200);
      await t.engine.jobs.executeDueJobs();
    };
    await set(early, '2020-01-01T00:10:00.000+0000');
    await set(late, '2020-01-01T00:40:00.000+0000');
    expect((await t.as('demo').get('/history/activity-instance/count').expect(200)).body.count).toBe(24);

    const first = (await t.as('demo').post('/history/cleanup').expect(200)).body;
    const jobs = (await t.as('demo').get('/job').expect(200)).body;
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j: { id: string }) => j.id)).toContain(first.id);
    expect((await t.as('demo').post('/history/cleanup').expect(200)).body.id).toBe(first.id);

    // The first job alone: only the rows of its minutes go (in chunks of 3, each chunk one job run).
    await t.as('demo').post(`/job/${first.id}/execute`).expect(204);
    const afterOne: string[] = await ids();
    expect(afterOne).toEqual(expect.arrayContaining([...late, ...kept]));
    expect(afterOne.filter((id) => early.includes(id)).length).toBeLessThan(early.length);

    await t.engine.jobs.executeDueJobs();
    expect((await ids()).sort()).toEqual([...kept].sort());
    expect((await t.as('demo').get('/history/activity-instance/count').expect(200)).body.count).toBe(8);
    expect((await t.as('demo').get('/job/count').expect(200)).body).toEqual({ count: 0 });
  });

  it('takes root instances only with everything under them, chunk after chunk', async () => {
    for (let i = 0; i < 7; i++) await t.as('demo').post('/process-definition/key/gone/start').send({}).expect(200);
    const orphans = async () =>
      Number(
        (
          await t.engine.dataSource.query(
            'SELECT COUNT(*) AS n FROM act_hi_actinst a WHERE NOT EXISTS (SELECT 1 FROM act_hi_procinst p WHERE p.id = a.proc_inst_id)',
          )
        )[0].n,
      );
    const gone = async () =>
      (await t.as('demo').get('/history/process-instance/count?processDefinitionKey=gone').expect(200)).body.count;
    await t.as('demo').post('/history/cleanup').expect(200);
    let rounds = 0;
    while ((await gone()) > 0 && rounds++ < 20) {
      await t.engine.jobs.executeDueJobs(1);
      expect(await orphans()).toBe(0);
    }
    expect(await gone()).toBe(0);
    expect(rounds).toBeGreaterThan(1);
  });
});
