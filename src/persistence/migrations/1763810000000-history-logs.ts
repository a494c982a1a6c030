import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/** The external task log, the job log and the user operation log (Camunda's act_hi_ext_task_log, act_hi_job_log, act_hi_op_log). */
export class HistoryLogs1763810000000 implements MigrationInterface {
  name = 'HistoryLogs1763810000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_ext_task_log',
      [
        col.id(),
        col.timestamp('timestamp', false),
        col.ref('ext_task_id', false),
        col.int('retries'),
        col.varchar('topic_name'),
        col.varchar('worker_id'),
        col.bigint('priority', false, 0),
        col.varchar('error_msg', 4000),
        col.text('error_details'),
        col.varchar('act_id'),
        col.ref('act_inst_id'),
        col.ref('execution_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('proc_def_id'),
        col.varchar('proc_def_key'),
        col.ref('tenant_id'),
        col.int('state', false),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_exttasklog_ext_task', columnNames: ['ext_task_id'] },
        { name: 'idx_hi_exttasklog_procinst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_exttasklog_root', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_exttasklog_procdef', columnNames: ['proc_def_key'] },
        { name: 'idx_hi_exttasklog_removal', columnNames: ['removal_time'] },
      ],
    );
    await createTable(
      runner,
      'act_hi_job_log',
      [
        col.id(),
        col.timestamp('timestamp', false),
        col.ref('job_id', false),
        col.timestamp('job_duedate'),
        col.int('job_retries'),
        col.bigint('job_priority', false, 0),
        col.varchar('job_exception_msg', 4000),
        col.text('job_exception_stack'),
        col.int('job_state', false),
        col.ref('job_def_id'),
        col.varchar('job_def_type'),
        col.varchar('job_def_configuration'),
        col.varchar('act_id'),
        col.varchar('failed_act_id'),
        col.ref('execution_id'),
        col.ref('root_proc_inst_id'),
        col.ref('process_instance_id'),
        col.ref('process_def_id'),
        col.varchar('process_def_key'),
        col.ref('deployment_id'),
        col.bigint('sequence_counter'),
        col.ref('tenant_id'),
        col.varchar('hostname'),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_joblog_job', columnNames: ['job_id'] },
        { name: 'idx_hi_joblog_job_def', columnNames: ['job_def_id'] },
        { name: 'idx_hi_joblog_procinst', columnNames: ['process_instance_id'] },
        { name: 'idx_hi_joblog_root', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_joblog_procdef', columnNames: ['process_def_key'] },
        { name: 'idx_hi_joblog_removal', columnNames: ['removal_time'] },
      ],
    );
    await createTable(
      runner,
      'act_hi_op_log',
      [
        col.id(),
        col.ref('deployment_id'),
        col.ref('proc_def_id'),
        col.varchar('proc_def_key'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('execution_id'),
        col.ref('task_id'),
        col.ref('job_id'),
        col.ref('job_def_id'),
        col.ref('batch_id'),
        col.ref('ext_task_id'),
        col.varchar('user_id'),
        col.timestamp('timestamp', false),
        col.ref('operation_id'),
        col.varchar('operation_type', 64),
        col.varchar('entity_type', 30),
        col.varchar('property', 64),
        col.varchar('org_value', 4000),
        col.varchar('new_value', 4000),
        col.ref('tenant_id'),
        col.varchar('category', 64),
        col.varchar('annotation', 4000),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_op_log_operation', columnNames: ['operation_id'] },
        { name: 'idx_hi_op_log_procinst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_op_log_root', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_op_log_procdef', columnNames: ['proc_def_key'] },
        { name: 'idx_hi_op_log_task', columnNames: ['task_id'] },
        { name: 'idx_hi_op_log_user', columnNames: ['user_id'] },
        { name: 'idx_hi_op_log_timestamp', columnNames: ['timestamp'] },
        { name: 'idx_hi_op_log_removal', columnNames: ['removal_time'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('act_hi_op_log');
    await runner.dropTable('act_hi_job_log');
    await runner.dropTable('act_hi_ext_task_log');
  }
}
