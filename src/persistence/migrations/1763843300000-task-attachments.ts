import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/** Task attachments (Camunda's act_hi_attachment); uploaded content in a column of the row, as variables keep bytes. */
export class TaskAttachments1763843300000 implements MigrationInterface {
  name = 'TaskAttachments1763843300000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_attachment',
      [
        col.id(),
        col.rev(),
        col.varchar('user_id'),
        col.varchar('name'),
        col.varchar('description', 4000),
        col.varchar('type'),
        col.ref('task_id'),
        col.ref('root_proc_inst_id'),
        col.ref('proc_inst_id'),
        col.varchar('url', 4000),
        col.blob('content'),
        col.ref('tenant_id'),
        col.timestamp('create_time'),
        col.timestamp('removal_time'),
      ],
      [
        { name: 'idx_hi_attachment_task', columnNames: ['task_id'] },
        { name: 'idx_hi_attachment_proc_inst', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_attachment_root', columnNames: ['root_proc_inst_id'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('act_hi_attachment');
  }
}
