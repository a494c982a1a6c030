import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/** The identity link log (Camunda's act_hi_identitylink), read by task, user, group, definition and time. */
export class HistoricIdentityLinks1763840000000 implements MigrationInterface {
  name = 'HistoricIdentityLinks1763840000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_identitylink',
      [
        col.id(),
        col.timestamp('timestamp', false),
        col.varchar('type'),
        col.varchar('user_id'),
        col.varchar('group_id'),
        col.ref('task_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.ref('proc_def_id'),
        col.varchar('operation_type', 64),
        col.varchar('assigner_id', 64),
        col.varchar('proc_def_key'),
        col.ref('tenant_id'),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_ident_lnk_user', columnNames: ['user_id'] },
        { name: 'idx_hi_ident_lnk_group', columnNames: ['group_id'] },
        { name: 'idx_hi_ident_lnk_task', columnNames: ['task_id'] },
        { name: 'idx_hi_ident_lnk_proc_def', columnNames: ['proc_def_id'] },
        { name: 'idx_hi_ident_lnk_proc_inst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_ident_lnk_root_pi', columnNames: ['root_proc_inst_id'] },
        { name: 'idx_hi_ident_lnk_rm_time', columnNames: ['removal_time'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('act_hi_identitylink');
  }
}
