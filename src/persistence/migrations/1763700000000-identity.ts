import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

export class Identity1763700000000 implements MigrationInterface {
  name = 'Identity1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(runner, 'act_ge_property', [
      { ...col.varchar('name', 64, false), isPrimary: true },
      col.varchar('value', 300),
      col.rev(),
    ]);
    await runner.query(`INSERT INTO act_ge_property (name, value, rev) VALUES ('deployment.lock', '0', 1)`);
    await createTable(runner, 'act_id_user', [
      col.id(),
      col.rev(),
      col.varchar('first'),
      col.varchar('last'),
      col.varchar('email'),
      col.varchar('pwd'),
    ]);
    await createTable(runner, 'act_id_group', [col.id(), col.rev(), col.varchar('name'), col.varchar('type')]);
    await createTable(
      runner,
      'act_id_membership',
      [
        { ...col.ref('user_id', false), isPrimary: true },
        { ...col.ref('group_id', false), isPrimary: true },
      ],
      [{ name: 'idx_membership_group', columnNames: ['group_id'] }],
    );
    await createTable(
      runner,
      'act_ru_authorization',
      [
        col.id(),
        col.rev(),
        col.int('type', false),
        col.varchar('group_id'),
        col.varchar('user_id'),
        col.int('resource_type', false),
        col.varchar('resource_id'),
        col.int('perms'),
        col.timestamp('removal_time'),
        col.ref('root_proc_inst_id'),
      ],
      [
        { name: 'uniq_auth_user', columnNames: ['user_id', 'type', 'resource_type', 'resource_id'], isUnique: true },
        { name: 'uniq_auth_group', columnNames: ['group_id', 'type', 'resource_type', 'resource_id'], isUnique: true },
        { name: 'idx_auth_resource', columnNames: ['resource_type', 'resource_id'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'act_ru_authorization',
      'act_id_membership',
      'act_id_group',
      'act_id_user',
      'act_ge_property',
    ]) {
      await runner.dropTable(table, true);
    }
  }
}
