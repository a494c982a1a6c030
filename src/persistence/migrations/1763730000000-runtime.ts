import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable, variableValueColumns } from './schema-helpers';

/** Runtime and process history tables, with the indexes their hot queries need. */
export class Runtime1763730000000 implements MigrationInterface {
  name = 'Runtime1763730000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(runner, 'act_ru_execution', [
      col.id(), col.rev(), col.ref('root_proc_inst_id'), col.ref('proc_inst_id'), col.varchar('business_key'), col.ref('parent_id'),
      col.ref('proc_def_id'), col.varchar('proc_def_key'), col.ref('super_exec'), col.varchar('act_id'), col.ref('act_inst_id'),
      col.bool('is_active', false, true), col.bool('is_concurrent', false, false), col.bool('is_scope', false, true),
      col.bool('is_event_scope', false, false), col.int('suspension_state', false, 1), col.bigint('sequence_counter', false, 1),
      col.ref('tenant_id'), col.timestamp('start_time'),
    ], [
      { name: 'idx_exec_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_exec_parent', columnNames: ['parent_id'] },
      { name: 'idx_exec_super', columnNames: ['super_exec'] },
      { name: 'idx_exec_proc_def', columnNames: ['proc_def_id'] },
      { name: 'idx_exec_root_pi', columnNames: ['root_proc_inst_id'] },
      { name: 'idx_exec_business_key', columnNames: ['business_key'] },
      { name: 'idx_exec_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(runner, 'act_ru_variable', [
      col.id(), col.rev(), col.varchar('name', 255, false), ...variableValueColumns(), col.ref('execution_id'), col.ref('proc_inst_id'),
      col.ref('proc_def_id'), col.ref('task_id'), col.ref('var_scope', false), col.ref('tenant_id'),
    ], [
      { name: 'uniq_variable_scope_name', columnNames: ['var_scope', 'name'], isUnique: true },
      { name: 'idx_variable_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_variable_execution', columnNames: ['execution_id'] },
      { name: 'idx_variable_task', columnNames: ['task_id'] },
      { name: 'idx_variable_name', columnNames: ['name'] },
    ]);
    await createTable(runner, 'act_ru_task', [
      col.id(), col.rev(), col.ref('execution_id'), col.ref('proc_inst_id'), col.ref('proc_def_id'), col.varchar('proc_def_key'),
      col.ref('act_inst_id'), col.varchar('name'), col.ref('parent_task_id'), col.varchar('description', 4000), col.varchar('task_def_key'),
      col.varchar('owner'), col.varchar('assignee'), col.varchar('delegation', 64), col.int('priority', false, 50),
      col.timestamp('create_time'), col.timestamp('last_updated'), col.timestamp('due_date'), col.timestamp('follow_up_date'),
      col.int('suspension_state', false, 1), col.varchar('form_key'), col.ref('tenant_id'),
    ], [
      { name: 'idx_task_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_task_execution', columnNames: ['execution_id'] },
      { name: 'idx_task_assignee', columnNames: ['assignee'] },
      { name: 'idx_task_create', columnNames: ['create_time'] },
      { name: 'idx_task_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(runner, 'act_ru_identitylink', [
      col.id(), col.rev(), col.varchar('group_id'), col.varchar('type'), col.varchar('user_id'), col.ref('task_id'), col.ref('proc_def_id'), col.ref('tenant_id'),
    ], [
      { name: 'idx_ident_link_task', columnNames: ['task_id'] },
      { name: 'idx_ident_link_user', columnNames: ['user_id'] },
      { name: 'idx_ident_link_group', columnNames: ['group_id'] },
    ]);
    await createTable(runner, 'act_ru_ext_task', [
      col.id(), col.rev(), col.varchar('worker_id'), col.varchar('topic_name', 255, false), col.int('retries'), col.varchar('error_msg', 4000),
      col.longText('error_details'), col.timestamp('lock_exp_time'), col.timestamp('create_time'), col.int('suspension_state', false, 1),
      col.ref('execution_id'), col.ref('proc_inst_id'), col.ref('proc_def_id'), col.varchar('proc_def_key'), col.varchar('act_id'),
      col.ref('act_inst_id'), col.ref('tenant_id'), col.bigint('priority', false, 0), col.varchar('business_key'),
    ], [
      // fetchAndLock: topic first, then the availability columns, so the candidate scan stays on one index range.
      { name: 'idx_ext_task_fetch', columnNames: ['topic_name', 'suspension_state', 'lock_exp_time', 'retries'] },
      { name: 'idx_ext_task_priority', columnNames: ['topic_name', 'priority'] },
      { name: 'idx_ext_task_execution', columnNames: ['execution_id'] },
      { name: 'idx_ext_task_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_ext_task_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(runner, 'act_ru_event_subscr', [
      col.id(), col.rev(), col.varchar('event_type', 255, false), col.varchar('event_name'), col.ref('execution_id'), col.ref('proc_inst_id'),
      col.varchar('activity_id'), col.varchar('configuration'), col.timestamp('created'), col.ref('tenant_id'),
    ], [
      { name: 'idx_event_subscr_name', columnNames: ['event_type', 'event_name'] },
      { name: 'idx_event_subscr_execution', columnNames: ['execution_id'] },
      { name: 'idx_event_subscr_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_event_subscr_config', columnNames: ['configuration'] },
      { name: 'idx_event_subscr_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(runner, 'act_ru_incident', [
      col.id(), col.rev(), col.timestamp('incident_timestamp'), col.varchar('incident_msg', 4000), col.varchar('incident_type', 255, false),
      col.ref('execution_id'), col.varchar('activity_id'), col.varchar('failed_activity_id'), col.ref('proc_inst_id'), col.ref('proc_def_id'),
      col.ref('cause_incident_id'), col.ref('root_cause_incident_id'), col.varchar('configuration'), col.ref('tenant_id'), col.ref('job_def_id'),
      col.varchar('annotation', 4000),
    ], [
      { name: 'idx_incident_config', columnNames: ['configuration'] },
      { name: 'idx_incident_execution', columnNames: ['execution_id'] },
      { name: 'idx_incident_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_incident_proc_def', columnNames: ['proc_def_id'] },
    ]);
    await createTable(runner, 'act_ru_job', [
      col.id(), col.rev(), col.varchar('type', 255, false), col.timestamp('lock_exp_time'), col.varchar('lock_owner'), col.bool('exclusive', false, true),
      col.ref('execution_id'), col.ref('proc_inst_id'), col.ref('proc_def_id'), col.varchar('proc_def_key'), col.int('retries', false, 3),
      col.varchar('exception_msg', 4000), col.longText('exception_stack'), col.timestamp('duedate'), col.varchar('repeat'), col.varchar('handler_type'),
      col.varchar('handler_cfg', 4000), col.int('suspension_state', false, 1), col.ref('job_def_id'), col.bigint('priority', false, 0),
      col.varchar('activity_id'), col.ref('tenant_id'), col.timestamp('create_time'),
    ], [
      // acquisition: due, unlocked, with retries, active
      { name: 'idx_job_acquisition', columnNames: ['suspension_state', 'retries', 'duedate', 'lock_exp_time'] },
      { name: 'idx_job_execution', columnNames: ['execution_id'] },
      { name: 'idx_job_proc_inst', columnNames: ['proc_inst_id'] },
    ]);
    await createTable(runner, 'act_hi_procinst', [
      col.id(), col.ref('proc_inst_id', false), col.varchar('business_key'), col.varchar('proc_def_key'), col.ref('proc_def_id', false),
      col.timestamp('start_time', false), col.timestamp('end_time'), col.timestamp('removal_time'), col.bigint('duration'), col.varchar('start_user_id'),
      col.varchar('start_act_id'), col.varchar('end_act_id'), col.ref('super_proc_inst_id'), col.ref('root_proc_inst_id'),
      col.varchar('delete_reason', 4000), col.ref('tenant_id'), col.varchar('state'),
    ], [
      { name: 'idx_hi_pro_inst_end', columnNames: ['end_time'] },
      { name: 'idx_hi_pro_i_buskey', columnNames: ['business_key'] },
      { name: 'idx_hi_pro_inst_proc_def', columnNames: ['proc_def_id'] },
      { name: 'idx_hi_pro_inst_root_pi', columnNames: ['root_proc_inst_id'] },
    ]);
    await createTable(runner, 'act_hi_actinst', [
      col.id(), col.ref('parent_act_inst_id'), col.varchar('proc_def_key'), col.ref('proc_def_id', false), col.ref('root_proc_inst_id'),
      col.ref('proc_inst_id', false), col.ref('execution_id', false), col.varchar('act_id', 255, false), col.ref('task_id'), col.ref('call_proc_inst_id'),
      col.ref('call_case_inst_id'), col.varchar('act_name'), col.varchar('act_type', 255, false), col.varchar('assignee'),
      col.timestamp('start_time', false), col.timestamp('end_time'), col.bigint('duration'), col.int('act_inst_state'), col.bigint('sequence_counter'),
      col.ref('tenant_id'), col.timestamp('removal_time'),
    ], [
      { name: 'idx_hi_act_inst_procinst', columnNames: ['proc_inst_id', 'act_id'] },
      { name: 'idx_hi_act_inst_comp', columnNames: ['execution_id', 'act_id', 'end_time'] },
      { name: 'idx_hi_act_inst_start_end', columnNames: ['start_time', 'end_time'] },
      { name: 'idx_hi_act_inst_proc_def', columnNames: ['proc_def_id', 'end_time'] },
      { name: 'idx_hi_act_inst_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(runner, 'act_hi_detail', [
      col.id(), col.varchar('type', 255, false), col.varchar('proc_def_key'), col.ref('proc_def_id'), col.ref('root_proc_inst_id'), col.ref('proc_inst_id'),
      col.ref('execution_id'), col.ref('task_id'), col.ref('act_inst_id'), col.ref('var_inst_id'), col.varchar('name', 255, false),
      ...variableValueColumns(), col.int('rev'), col.timestamp('time', false), col.bigint('sequence_counter'), col.ref('tenant_id'),
      col.ref('operation_id'), col.timestamp('removal_time'), col.bool('initial', false, false),
    ], [
      { name: 'idx_hi_detail_proc_inst', columnNames: ['proc_inst_id'] },
      { name: 'idx_hi_detail_act_inst', columnNames: ['act_inst_id'] },
      { name: 'idx_hi_detail_time', columnNames: ['time'] },
      { name: 'idx_hi_detail_name', columnNames: ['name'] },
      { name: 'idx_hi_detail_task', columnNames: ['task_id'] },
      { name: 'idx_hi_detail_var_inst', columnNames: ['var_inst_id'] },
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const t of [
      'act_hi_detail', 'act_hi_actinst', 'act_hi_procinst', 'act_ru_job', 'act_ru_incident', 'act_ru_event_subscr', 'act_ru_ext_task',
      'act_ru_identitylink', 'act_ru_task', 'act_ru_variable', 'act_ru_execution',
    ]) await runner.dropTable(t, true);
  }
}
