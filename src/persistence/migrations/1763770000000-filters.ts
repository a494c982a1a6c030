import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createIndex, createTable } from './schema-helpers';

/** Saved queries (Camunda's act_ru_filter), and indexes for the task list's common criteria (assignee and creation time have theirs). */
export class Filters1763770000000 implements MigrationInterface {
  name = 'Filters1763770000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_ru_filter',
      [
        col.id(),
        col.rev(),
        col.varchar('resource_type', 255, false),
        col.varchar('name', 255, false),
        col.varchar('owner'),
        col.longText('query', false),
        col.longText('properties'),
      ],
      [
        { name: 'idx_ru_filter_owner', columnNames: ['owner'] },
        { name: 'idx_ru_filter_name', columnNames: ['name'] },
      ],
    );
    await createIndex(runner, 'act_ru_task', 'idx_ru_task_owner', ['owner']);
    await createIndex(runner, 'act_ru_task', 'idx_ru_task_due', ['due_date']);
    await createIndex(runner, 'act_ru_task', 'idx_ru_task_def_key', ['task_def_key']);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const index of ['idx_ru_task_def_key', 'idx_ru_task_due', 'idx_ru_task_owner']) {
      await runner.dropIndex('act_ru_task', index);
    }
    await runner.dropTable('act_ru_filter');
  }
}
