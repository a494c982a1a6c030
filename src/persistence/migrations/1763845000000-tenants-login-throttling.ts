import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { isSqlite } from '../dialect';
import { col, createTable } from './schema-helpers';

/**
 * Tenants with their user and group members (Camunda's ACT_ID_TENANT and ACT_ID_TENANT_MEMBER), and the login
 * throttling state of a user (ATTEMPTS_, LOCK_EXP_TIME_ of ACT_ID_USER): in the database, so that every server
 * instance sharing it refuses a locked user alike.
 */
export class TenantsLoginThrottling1763845000000 implements MigrationInterface {
  name = 'TenantsLoginThrottling1763845000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(runner, 'act_id_tenant', [col.id(), col.rev(), col.varchar('name')]);
    await createTable(
      runner,
      'act_id_tenant_member',
      [col.id(), col.ref('tenant_id', false), col.ref('user_id'), col.ref('group_id')],
      [
        { name: 'uniq_tenant_memb_user', columnNames: ['tenant_id', 'user_id'], isUnique: true },
        { name: 'uniq_tenant_memb_group', columnNames: ['tenant_id', 'group_id'], isUnique: true },
        { name: 'idx_tenant_memb_user', columnNames: ['user_id'] },
        { name: 'idx_tenant_memb_group', columnNames: ['group_id'] },
      ],
    );
    await runner.addColumns('act_id_user', [
      new TableColumn(col.int('attempts', false, 0)),
      new TableColumn(
        isSqlite(runner)
          ? { name: 'lock_exp_time', type: 'datetime', isNullable: true }
          : col.timestamp('lock_exp_time'),
      ),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('act_id_user', 'lock_exp_time');
    await runner.dropColumn('act_id_user', 'attempts');
    await runner.dropTable('act_id_tenant_member', true);
    await runner.dropTable('act_id_tenant', true);
  }
}
