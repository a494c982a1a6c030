import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { col, createIndex } from './schema-helpers';

/**
 * Events and the job executor: the activity a failed job failed in (GET /job shows it), and the
 * indexes acquisition and start-event bookkeeping use.
 */
export class EventsJobs1763750000000 implements MigrationInterface {
  name = 'EventsJobs1763750000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('act_ru_job', new TableColumn(col.varchar('failed_act_id')));
    await createIndex(runner, 'act_ru_job', 'idx_job_lock_owner', ['lock_owner']);
    await createIndex(runner, 'act_ru_job', 'idx_job_proc_def', ['proc_def_id']);
    await createIndex(runner, 'act_ru_job', 'idx_job_due', ['duedate']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('act_ru_job', 'idx_job_due');
    await runner.dropIndex('act_ru_job', 'idx_job_proc_def');
    await runner.dropIndex('act_ru_job', 'idx_job_lock_owner');
    await runner.dropColumn('act_ru_job', 'failed_act_id');
  }
}
