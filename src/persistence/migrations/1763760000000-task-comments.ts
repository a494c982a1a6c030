import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/** Task comments (Camunda's act_hi_comment), read by task. */
export class TaskComments1763760000000 implements MigrationInterface {
  name = 'TaskComments1763760000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_comment',
      [
        col.id(),
        col.rev(),
        col.varchar('type'),
        col.timestamp('time', false),
        col.varchar('user_id'),
        col.ref('task_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.varchar('action'),
        col.varchar('message', 4000),
        col.text('full_msg'),
        col.ref('tenant_id'),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_comment_task', columnNames: ['task_id'] },
        { name: 'idx_hi_comment_proc_inst', columnNames: ['proc_inst_id'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('act_hi_comment');
  }
}
