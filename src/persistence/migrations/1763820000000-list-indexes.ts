import { MigrationInterface, QueryRunner } from 'typeorm';
import { isSqlite } from '../dialect';

/** An index for a list's sort: the sort column, then id (the lists' tie-break), so the first page is an index range scan. */
interface ListIndex {
  table: string;
  name: string;
  columns: string[];
  /** An older index the new one covers (its columns are a prefix of the new one's). */
  replaces?: { name: string; columns: string[] };
}

/**
 * With a million history rows, a sorted first page (maxResults=50) must not sort the whole table: every
 * list sorts by the chosen column and then by id in the same direction, so (column, id) lets the database
 * read 50 index entries and stop. MySQL/MariaDB append the primary key to secondary indexes anyway; SQLite
 * needs id spelled out (its rows are keyed by rowid). Sorts by a joined column (a historic process
 * instance's definition name or version) and by LOWER(name) cannot use an index of the listed table; a
 * task's description (4000 characters) is longer than MySQL's index key; small tables (incidents,
 * filters, identity) sort in memory.
 */
const INDEXES: ListIndex[] = [
  // (proc_inst_id, act_id), (execution_id, act_id, end_time) and (start_time, end_time) do not serve an order
  // by the first column then id (SQLite sorts each run of ties; MySQL/MariaDB sort everything); a later
  // migration drops them, these serving their filters too.
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_PROC_INST_ID', columns: ['proc_inst_id', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_EXECUTION', columns: ['execution_id', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_START', columns: ['start_time', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_ACT_ID', columns: ['act_id', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_ACT_NAME', columns: ['act_name', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_ACT_TYPE', columns: ['act_type', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_END', columns: ['end_time', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_DURATION', columns: ['duration', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_SEQ', columns: ['sequence_counter', 'id'] },
  { table: 'act_hi_actinst', name: 'ACT_IDX_HI_ACT_INST_PROC_DEF_ID', columns: ['proc_def_id', 'id'] },
  {
    table: 'act_hi_actinst',
    name: 'ACT_IDX_HI_ACT_INST_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_hi_act_inst_tenant', columns: ['tenant_id'] },
  },
  {
    table: 'act_hi_detail',
    name: 'ACT_IDX_HI_DETAIL_NAME',
    columns: ['name', 'id'],
    replaces: { name: 'idx_hi_detail_name', columns: ['name'] },
  },
  { table: 'act_hi_detail', name: 'ACT_IDX_HI_DETAIL_TYPE', columns: ['var_type', 'id'] },
  { table: 'act_hi_detail', name: 'ACT_IDX_HI_DETAIL_REV', columns: ['rev', 'id'] },
  { table: 'act_hi_detail', name: 'ACT_IDX_HI_DETAIL_SEQ', columns: ['sequence_counter', 'id'] },
  { table: 'act_hi_detail', name: 'ACT_IDX_HI_DETAIL_TENANT_ID', columns: ['tenant_id', 'id'] },
  {
    table: 'act_hi_procinst',
    name: 'ACT_IDX_HI_PRO_INST_PROC_DEF_ID',
    columns: ['proc_def_id', 'id'],
    replaces: { name: 'idx_hi_pro_inst_proc_def', columns: ['proc_def_id'] },
  },
  { table: 'act_hi_procinst', name: 'ACT_IDX_HI_PRO_INST_PROC_DEF_KEY', columns: ['proc_def_key', 'id'] },
  {
    table: 'act_hi_procinst',
    name: 'ACT_IDX_HI_PRO_INST_BUSKEY',
    columns: ['business_key', 'id'],
    replaces: { name: 'idx_hi_pro_i_buskey', columns: ['business_key'] },
  },
  { table: 'act_hi_procinst', name: 'ACT_IDX_HI_PRO_INST_START', columns: ['start_time', 'id'] },
  {
    table: 'act_hi_procinst',
    name: 'ACT_IDX_HI_PRO_INST_END',
    columns: ['end_time', 'id'],
    replaces: { name: 'idx_hi_pro_inst_end', columns: ['end_time'] },
  },
  { table: 'act_hi_procinst', name: 'ACT_IDX_HI_PRO_INST_DURATION', columns: ['duration', 'id'] },
  { table: 'act_hi_procinst', name: 'ACT_IDX_HI_PRO_INST_TENANT_ID', columns: ['tenant_id', 'id'] },
  { table: 'act_ru_execution', name: 'ACT_IDX_EXEC_PROC_DEF_KEY', columns: ['proc_def_key', 'id'] },
  {
    table: 'act_ru_execution',
    name: 'ACT_IDX_EXEC_PROC_DEF_ID',
    columns: ['proc_def_id', 'id'],
    replaces: { name: 'idx_exec_proc_def', columns: ['proc_def_id'] },
  },
  {
    table: 'act_ru_execution',
    name: 'ACT_IDX_EXEC_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_exec_tenant', columns: ['tenant_id'] },
  },
  {
    table: 'act_ru_execution',
    name: 'ACT_IDX_EXEC_BUSKEY',
    columns: ['business_key', 'id'],
    replaces: { name: 'idx_exec_business_key', columns: ['business_key'] },
  },
  { table: 'act_ru_ext_task', name: 'ACT_IDX_EXT_TASK_LOCK_EXP', columns: ['lock_exp_time', 'id'] },
  { table: 'act_ru_ext_task', name: 'ACT_IDX_EXT_TASK_PROC_DEF_ID', columns: ['proc_def_id', 'id'] },
  { table: 'act_ru_ext_task', name: 'ACT_IDX_EXT_TASK_PROC_DEF_KEY', columns: ['proc_def_key', 'id'] },
  { table: 'act_ru_ext_task', name: 'ACT_IDX_EXT_TASK_PRIORITY', columns: ['priority', 'id'] },
  { table: 'act_ru_ext_task', name: 'ACT_IDX_EXT_TASK_CREATE', columns: ['create_time', 'id'] },
  {
    table: 'act_ru_ext_task',
    name: 'ACT_IDX_EXT_TASK_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_ext_task_tenant', columns: ['tenant_id'] },
  },
  { table: 'act_ru_task', name: 'ACT_IDX_TASK_NAME', columns: ['name', 'id'] },
  { table: 'act_ru_task', name: 'ACT_IDX_TASK_PRIORITY', columns: ['priority', 'id'] },
  { table: 'act_ru_task', name: 'ACT_IDX_TASK_LAST_UPDATED', columns: ['last_updated', 'id'] },
  { table: 'act_ru_task', name: 'ACT_IDX_TASK_FOLLOW_UP', columns: ['follow_up_date', 'id'] },
  {
    table: 'act_ru_task',
    name: 'ACT_IDX_TASK_DUE',
    columns: ['due_date', 'id'],
    replaces: { name: 'idx_ru_task_due', columns: ['due_date'] },
  },
  {
    table: 'act_ru_task',
    name: 'ACT_IDX_TASK_CREATE',
    columns: ['create_time', 'id'],
    replaces: { name: 'idx_task_create', columns: ['create_time'] },
  },
  {
    table: 'act_ru_task',
    name: 'ACT_IDX_TASK_ASSIGNEE',
    columns: ['assignee', 'id'],
    replaces: { name: 'idx_task_assignee', columns: ['assignee'] },
  },
  {
    table: 'act_ru_task',
    name: 'ACT_IDX_TASK_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_task_tenant', columns: ['tenant_id'] },
  },
  { table: 'act_ru_job', name: 'ACT_IDX_JOB_PROC_DEF_KEY', columns: ['proc_def_key', 'id'] },
  {
    table: 'act_hi_decinst',
    name: 'ACT_IDX_HI_DEC_INST_TIME',
    columns: ['eval_time', 'id'],
    replaces: { name: 'idx_hi_dec_inst_time', columns: ['eval_time'] },
  },
  {
    table: 'act_hi_decinst',
    name: 'ACT_IDX_HI_DEC_INST_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_hi_dec_inst_tenant', columns: ['tenant_id'] },
  },
  { table: 'act_ru_event_subscr', name: 'ACT_IDX_EVENT_SUBSCR_CREATED', columns: ['created', 'id'] },
  {
    table: 'act_ru_event_subscr',
    name: 'ACT_IDX_EVENT_SUBSCR_TENANT_ID',
    columns: ['tenant_id', 'id'],
    replaces: { name: 'idx_event_subscr_tenant', columns: ['tenant_id'] },
  },
  {
    table: 'act_ru_job',
    name: 'ACT_IDX_JOB_PROC_DEF_ID',
    columns: ['proc_def_id', 'id'],
    replaces: { name: 'idx_job_proc_def', columns: ['proc_def_id'] },
  },
];

function dropIndex(runner: QueryRunner, table: string, name: string): Promise<unknown> {
  return runner.query(isSqlite(runner) ? `DROP INDEX ${name}` : `DROP INDEX ${name} ON ${table}`);
}

function createIndex(runner: QueryRunner, table: string, name: string, columns: string[]): Promise<unknown> {
  return runner.query(`CREATE INDEX ${name} ON ${table} (${columns.join(', ')})`);
}

async function indexNames(runner: QueryRunner, table: string): Promise<Set<string>> {
  return new Set((await runner.getTable(table))?.indices.map((i) => i.name ?? '') ?? []);
}

/**
 * On a large database this runs for minutes. MySQL/MariaDB cannot roll DDL back, so an interrupted run
 * leaves some indexes behind: each step checks what exists, and running it again finishes the work.
 */
export class ListIndexes1763820000000 implements MigrationInterface {
  name = 'ListIndexes1763820000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const index of INDEXES) {
      const existing = await indexNames(runner, index.table);
      if (!existing.has(index.name)) await createIndex(runner, index.table, index.name, index.columns);
      if (index.replaces && existing.has(index.replaces.name))
        await dropIndex(runner, index.table, index.replaces.name);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const index of [...INDEXES].reverse()) {
      if (index.replaces) await createIndex(runner, index.table, index.replaces.name, index.replaces.columns);
      await dropIndex(runner, index.table, index.name);
    }
  }
}
