import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * fetchAndLock orders a topic's available tasks by priority (descending) and/or create time. With an
 * index in that order the scan stops after `maxTasks` rows instead of sorting every waiting task of the
 * topic, and on MySQL/MariaDB FOR UPDATE SKIP LOCKED then only locks what it returns. The descending
 * column is written as SQL because TypeORM's TableIndex has no sort order; the new index replaces
 * idx_ext_task_priority (topic_name, priority), which it covers.
 */
export class ExternalTaskFetchOrder1763745000000 implements MigrationInterface {
  name = 'ExternalTaskFetchOrder1763745000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX idx_ext_task_topic_prio ON act_ru_ext_task (topic_name, priority DESC, create_time)',
    );
    await runner.query('CREATE INDEX idx_ext_task_topic_create ON act_ru_ext_task (topic_name, create_time)');
    await runner.dropIndex('act_ru_ext_task', 'idx_ext_task_priority');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX idx_ext_task_priority ON act_ru_ext_task (topic_name, priority)');
    await runner.dropIndex('act_ru_ext_task', 'idx_ext_task_topic_create');
    await runner.dropIndex('act_ru_ext_task', 'idx_ext_task_topic_prio');
  }
}
