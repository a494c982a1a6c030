import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createIndex, createTable } from './schema-helpers';

/** Batches (act_ru_batch) and their history (act_hi_batch); batch jobs are found through their job definition id. */
export class Batches1763786000000 implements MigrationInterface {
  name = 'Batches1763786000000';

  async up(runner: QueryRunner): Promise<void> {
    const shared = [
      col.varchar('type', 255, false),
      col.int('total_jobs', false, 0),
      col.int('jobs_per_seed', false, 100),
      col.int('invocations_per_job', false, 1),
      col.ref('seed_job_def_id'),
      col.ref('monitor_job_def_id'),
      col.ref('batch_job_def_id'),
      col.ref('tenant_id'),
      col.varchar('create_user_id'),
      col.timestamp('start_time'),
      col.timestamp('exec_start_time'),
    ];
    await createTable(runner, 'act_ru_batch', [
      col.id(),
      col.rev(),
      ...shared,
      col.int('jobs_created', false, 0),
      col.longText('configuration'),
      col.int('suspension_state', false, 1),
    ]);
    await createTable(
      runner,
      'act_hi_batch',
      [col.id(), ...shared, col.timestamp('end_time'), col.timestamp('removal_time')],
      [
        { name: 'idx_hi_batch_removal', columnNames: ['removal_time'] },
        { name: 'idx_hi_batch_end', columnNames: ['end_time'] },
      ],
    );
    await createIndex(runner, 'act_ru_job', 'idx_job_def', ['job_def_id']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('act_ru_job', 'idx_job_def');
    await runner.dropTable('act_hi_batch');
    await runner.dropTable('act_ru_batch');
  }
}
