import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable, variableValueColumns } from './schema-helpers';

/** Historic variable instances, task instances and incidents (Camunda's act_hi_varinst, act_hi_taskinst, act_hi_incident). */
export class HistoryVariablesTasksIncidents1763800000000 implements MigrationInterface {
  name = 'HistoryVariablesTasksIncidents1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_varinst',
      [
        col.id(),
        col.varchar('proc_def_key'),
        col.ref('proc_def_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('execution_id'),
        col.ref('act_inst_id'),
        col.ref('task_id'),
        col.varchar('name', 255, false),
        ...variableValueColumns(),
        col.int('rev'),
        col.timestamp('create_time'),
        col.ref('tenant_id'),
        col.varchar('state', 20),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_varinst_proc_inst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_varinst_root_proc_inst', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_varinst_name', columnNames: ['name'] },
        { name: 'idx_hi_varinst_task', columnNames: ['task_id'] },
        { name: 'idx_hi_varinst_act_inst', columnNames: ['act_inst_id'] },
        { name: 'idx_hi_varinst_removal_time', columnNames: ['removal_time'] },
      ],
    );
    await createTable(
      runner,
      'act_hi_taskinst',
      [
        col.id(),
        col.varchar('task_def_key'),
        col.varchar('proc_def_key'),
        col.ref('proc_def_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('execution_id'),
        col.ref('act_inst_id'),
        col.varchar('name'),
        col.ref('parent_task_id'),
        col.varchar('description', 4000),
        col.varchar('owner'),
        col.varchar('assignee'),
        col.timestamp('start_time', false),
        col.timestamp('end_time'),
        col.bigint('duration'),
        col.varchar('delete_reason', 4000),
        col.int('priority'),
        col.timestamp('due_date'),
        col.timestamp('follow_up_date'),
        col.ref('tenant_id'),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_taskinst_proc_inst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_taskinst_root_proc_inst', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_taskinst_proc_def_key', columnNames: ['proc_def_key'] },
        { name: 'idx_hi_taskinst_assignee', columnNames: ['assignee'] },
        { name: 'idx_hi_taskinst_end_time', columnNames: ['end_time'] },
        { name: 'idx_hi_taskinst_removal_time', columnNames: ['removal_time'] },
      ],
    );
    await createTable(
      runner,
      'act_hi_incident',
      [
        col.id(),
        col.varchar('proc_def_key'),
        col.ref('proc_def_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('execution_id'),
        col.timestamp('create_time', false),
        col.timestamp('end_time'),
        col.varchar('incident_msg', 4000),
        col.varchar('incident_type', 255, false),
        col.varchar('activity_id'),
        col.varchar('failed_activity_id'),
        col.ref('cause_incident_id'),
        col.ref('root_cause_incident_id'),
        col.varchar('configuration'),
        col.varchar('history_configuration'),
        col.int('incident_state'),
        col.ref('tenant_id'),
        col.ref('job_def_id'),
        col.varchar('annotation', 4000),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_incident_proc_inst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_incident_root_proc_inst', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_incident_proc_def_key', columnNames: ['proc_def_key'] },
        { name: 'idx_hi_incident_configuration', columnNames: ['configuration'] },
        { name: 'idx_hi_incident_removal_time', columnNames: ['removal_time'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['act_hi_incident', 'act_hi_taskinst', 'act_hi_varinst']) await runner.dropTable(table, true);
  }
}
