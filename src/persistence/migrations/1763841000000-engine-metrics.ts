import { randomUUID } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

/**
 * Camunda's meter log (act_ru_meter_log: one row per metric, reporter and reporting interval) and the installation
 * id its telemetry data names (property `camunda.installation.id`), made once per database so that every instance
 * sharing it reports the same one.
 */
export class EngineMetrics1763841000000 implements MigrationInterface {
  name = 'EngineMetrics1763841000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_ru_meter_log',
      [
        col.id(),
        col.varchar('name', 64, false),
        col.varchar('reporter'),
        col.bigint('value'),
        col.timestamp('timestamp'),
        col.bigint('milliseconds', true, 0),
      ],
      [
        { name: 'idx_meter_log_ms', columnNames: ['milliseconds'] },
        { name: 'idx_meter_log_name_ms', columnNames: ['name', 'milliseconds'] },
        { name: 'idx_meter_log_report', columnNames: ['name', 'reporter', 'milliseconds'] },
      ],
    );
    await runner.query(`INSERT INTO act_ge_property (name, value, rev) VALUES ('camunda.installation.id', ?, 1)`, [
      randomUUID(),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM act_ge_property WHERE name = 'camunda.installation.id'`);
    await runner.dropTable('act_ru_meter_log');
  }
}
