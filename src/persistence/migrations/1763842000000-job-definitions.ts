import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/** Job definitions (Camunda's act_ru_jobdef), one per asynchronous continuation and timer of a deployed process. */
export class JobDefinitions1763842000000 implements MigrationInterface {
  name = 'JobDefinitions1763842000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_ru_jobdef',
      [
        col.id(),
        col.rev(),
        col.ref('proc_def_id'),
        col.varchar('proc_def_key'),
        col.varchar('act_id'),
        col.varchar('job_type', 255, false),
        col.varchar('job_configuration'),
        col.int('suspension_state', false, 1),
        col.bigint('job_priority'),
        col.ref('tenant_id'),
        col.ref('deployment_id'),
      ],
      [
        { name: 'idx_jobdef_proc_def', columnNames: ['proc_def_id'] },
        { name: 'idx_jobdef_deployment', columnNames: ['deployment_id'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('act_ru_jobdef');
  }
}
