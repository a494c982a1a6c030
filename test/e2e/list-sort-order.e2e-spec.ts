import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const WAIT = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="http://test">
  <bpmn:process id="sorted" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Wait" />
    <bpmn:userTask id="Wait" name="Wait" />
    <bpmn:sequenceFlow id="f2" sourceRef="Wait" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

describe(`sorted list pages (${databaseLabel()})`, () => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'sorted.bpmn', content: WAIT }]).expect(200);
    ids = [];
    for (let i = 0; i < 6; i++)
      ids.push((await t.as('demo').post('/process-definition/key/sorted/start').send({}).expect(200)).body.id);
    ids.sort();
  });
  afterAll(() => t.close());

  const list = async (path: string) => (await t.as('demo').get(path).expect(200)).body.map((r: { id: string }) => r.id);

  it('breaks ties by id in the direction of the sort, so that an index on (column, id) serves the whole order', async () => {
    expect(await list('/process-instance?sortBy=definitionKey&sortOrder=asc')).toEqual(ids);
    expect(await list('/process-instance?sortBy=definitionKey&sortOrder=desc')).toEqual([...ids].reverse());
    expect(await list('/process-instance?sortBy=tenantId&sortOrder=desc')).toEqual([...ids].reverse());
    expect(await list('/process-instance')).toEqual(ids);
  });

  it('pages through rows with equal sort values without losing or repeating one', async () => {
    for (const order of ['asc', 'desc']) {
      const all = await list(`/history/activity-instance?sortBy=activityType&sortOrder=${order}`);
      expect(all).toHaveLength(12);
      const pages: string[] = [];
      for (let first = 0; first < all.length; first += 5) {
        pages.push(
          ...(await list(
            `/history/activity-instance?sortBy=activityType&sortOrder=${order}&firstResult=${first}&maxResults=5`,
          )),
        );
      }
      expect(pages).toEqual(all);
    }
  });

  it('has the list indexes of the migration on both databases', async () => {
    const ds = t.engine.dataSource;
    const sqlite = ds.options.type === 'better-sqlite3';
    const rows: Array<{ name: string }> = sqlite
      ? await ds.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ACT_IDX_%'")
      : await ds.query(
          "SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name LIKE 'ACT\\_IDX\\_%'",
        );
    const names = rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ACT_IDX_HI_ACT_INST_END',
        'ACT_IDX_HI_DETAIL_NAME',
        'ACT_IDX_HI_PRO_INST_END',
        'ACT_IDX_EXEC_BUSKEY',
        'ACT_IDX_JOB_PROC_DEF_ID',
      ]),
    );
    expect(names).toHaveLength(47);
  });

  it('finds activity instances by process instance, execution or start range through the (column, id) indexes', async () => {
    const ds = t.engine.dataSource;
    const indexes: Array<{ name: string }> =
      ds.options.type === 'better-sqlite3'
        ? await ds.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'act_hi_actinst'")
        : await ds.query(
            "SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'act_hi_actinst'",
          );
    const names = indexes.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ACT_IDX_HI_ACT_INST_PROC_INST_ID',
        'ACT_IDX_HI_ACT_INST_EXECUTION',
        'ACT_IDX_HI_ACT_INST_START',
      ]),
    );
    expect(names).not.toEqual(expect.arrayContaining(['idx_hi_act_inst_procinst']));
    expect(names).not.toEqual(expect.arrayContaining(['idx_hi_act_inst_comp']));
    expect(names).not.toEqual(expect.arrayContaining(['idx_hi_act_inst_start_end']));

    const [one] = await t
      .as('demo')
      .get(`/history/activity-instance?processInstanceId=${ids[0]}&activityId=Wait`)
      .expect(200)
      .then((r) => r.body);
    expect(one).toMatchObject({ processInstanceId: ids[0], activityId: 'Wait' });
    const byExecution = await list(
      `/history/activity-instance?executionId=${one.executionId}&activityId=Wait&unfinished=true`,
    );
    expect(byExecution).toEqual([one.id]);
    const started = await list(
      `/history/activity-instance?startedAfter=${encodeURIComponent(one.startTime)}&sortBy=startTime&sortOrder=asc`,
    );
    expect(started).toContain(one.id);
    if (ds.options.type !== 'better-sqlite3') return;
    // SQLite's planner works without statistics, so its choice on this small table is the one a large one gets.
    const plan = async (where: string, order = 'a.id') =>
      (
        (await ds.query(
          `EXPLAIN QUERY PLAN SELECT a.id FROM act_hi_actinst a WHERE ${where} ORDER BY ${order}`,
        )) as Array<{ detail: string }>
      )
        .map((r) => r.detail)
        .join('; ');
    expect(await plan(`a.proc_inst_id = 'p' AND a.act_id = 'Wait'`)).toMatch(
      /^SEARCH a USING INDEX ACT_IDX_HI_ACT_INST_PROC_INST_ID \(proc_inst_id=\?\)$/,
    );
    expect(await plan(`a.execution_id = 'e' AND a.act_id = 'Wait' AND a.end_time IS NULL`)).toMatch(
      /^SEARCH a USING INDEX ACT_IDX_HI_ACT_INST_EXECUTION \(execution_id=\?\)$/,
    );
    expect(await plan(`a.start_time >= '2026-01-01'`, 'a.start_time, a.id')).toMatch(
      /USING COVERING INDEX ACT_IDX_HI_ACT_INST_START \(start_time>\?\)/,
    );
  });
});
