import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable } from './schema-helpers';

const definitionColumns = () => [
  col.id(),
  col.rev(),
  col.varchar('category'),
  col.varchar('name'),
  col.varchar('key', 255, false),
  col.int('version', false),
  col.ref('deployment_id'),
  col.varchar('resource_name', 4000),
  col.varchar('dgrm_resource_name', 4000),
  col.ref('tenant_id'),
];

export class Repository1763710000000 implements MigrationInterface {
  name = 'Repository1763710000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_re_deployment',
      [col.id(), col.varchar('name'), col.timestamp('deploy_time'), col.varchar('source'), col.ref('tenant_id')],
      [
        { name: 'idx_deployment_name', columnNames: ['name'] },
        { name: 'idx_deployment_tenant', columnNames: ['tenant_id'] },
      ],
    );
    await createTable(
      runner,
      'act_ge_bytearray',
      [
        col.id(),
        col.rev(),
        col.varchar('name'),
        col.ref('deployment_id'),
        col.blob('bytes'),
        col.bool('generated', false, false),
        col.ref('tenant_id'),
        col.int('type'),
        col.timestamp('create_time'),
      ],
      [
        { name: 'idx_bytearray_deployment', columnNames: ['deployment_id'] },
        { name: 'idx_bytearray_name', columnNames: ['name'] },
      ],
    );
    await createTable(
      runner,
      'act_re_procdef',
      [
        ...definitionColumns(),
        col.bool('has_start_form_key', false, false),
        col.int('suspension_state', false, 1),
        col.timestamp('activation_time'),
        { ...col.varchar('version_tag', 64) },
        col.int('history_ttl'),
        col.bool('startable', false, true),
      ],
      [
        { name: 'uniq_procdef_key_version', columnNames: ['key', 'version', 'tenant_id'], isUnique: true },
        { name: 'idx_procdef_deployment', columnNames: ['deployment_id'] },
        { name: 'idx_procdef_tenant', columnNames: ['tenant_id'] },
        { name: 'idx_procdef_version_tag', columnNames: ['version_tag'] },
      ],
    );
    await createTable(runner, 'act_re_decision_req_def', definitionColumns(), [
      { name: 'uniq_decreqdef_key_version', columnNames: ['key', 'version', 'tenant_id'], isUnique: true },
      { name: 'idx_decreqdef_deployment', columnNames: ['deployment_id'] },
      { name: 'idx_decreqdef_tenant', columnNames: ['tenant_id'] },
    ]);
    await createTable(
      runner,
      'act_re_decision_def',
      [
        ...definitionColumns(),
        col.ref('dec_req_id'),
        col.varchar('dec_req_key'),
        col.int('history_ttl'),
        col.varchar('version_tag', 64),
      ],
      [
        { name: 'uniq_decdef_key_version', columnNames: ['key', 'version', 'tenant_id'], isUnique: true },
        { name: 'idx_decdef_deployment', columnNames: ['deployment_id'] },
        { name: 'idx_decdef_tenant', columnNames: ['tenant_id'] },
        { name: 'idx_decdef_req', columnNames: ['dec_req_id'] },
      ],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const t of [
      'act_re_decision_def',
      'act_re_decision_req_def',
      'act_re_procdef',
      'act_ge_bytearray',
      'act_re_deployment',
    ]) {
      await runner.dropTable(t, true);
    }
  }
}
