import { MigrationInterface, QueryRunner } from 'typeorm';
import { col, createTable, variableValueColumns } from './schema-helpers';

const entryColumns = () => [
  col.id(),
  col.ref('dec_inst_id', false),
  col.varchar('clause_id'),
  col.varchar('clause_name'),
  ...variableValueColumns(),
  col.ref('tenant_id'),
  col.timestamp('create_time'),
  col.ref('root_proc_inst_id'),
  col.timestamp('removal_time'),
];

export class DecisionHistory1763720000000 implements MigrationInterface {
  name = 'DecisionHistory1763720000000';

  async up(runner: QueryRunner): Promise<void> {
    await createTable(
      runner,
      'act_hi_decinst',
      [
        col.id(),
        col.ref('dec_def_id', false),
        col.varchar('dec_def_key', 255, false),
        col.varchar('dec_def_name'),
        col.varchar('proc_def_key'),
        col.ref('proc_def_id'),
        col.ref('proc_inst_id'),
        col.ref('root_proc_inst_id'),
        col.varchar('case_def_key'),
        col.ref('case_def_id'),
        col.ref('case_inst_id'),
        col.ref('act_inst_id'),
        col.varchar('act_id'),
        col.timestamp('eval_time', false),
        col.timestamp('removal_time'),
        col.double('collect_value'),
        col.varchar('user_id'),
        col.ref('root_dec_inst_id'),
        col.ref('dec_req_id'),
        col.varchar('dec_req_key'),
        col.ref('tenant_id'),
      ],
      [
        { name: 'idx_hi_dec_inst_def', columnNames: ['dec_def_id'] },
        { name: 'idx_hi_dec_inst_key', columnNames: ['dec_def_key'] },
        { name: 'idx_hi_dec_inst_pi', columnNames: ['proc_inst_id'] },
        { name: 'idx_hi_dec_inst_act_inst', columnNames: ['act_inst_id'] },
        { name: 'idx_hi_dec_inst_time', columnNames: ['eval_time'] },
        { name: 'idx_hi_dec_inst_root', columnNames: ['root_dec_inst_id'] },
        { name: 'idx_hi_dec_inst_req', columnNames: ['dec_req_id'] },
        { name: 'idx_hi_dec_inst_tenant', columnNames: ['tenant_id'] },
        { name: 'idx_hi_dec_inst_rm_time', columnNames: ['removal_time'] },
      ],
    );
    await createTable(runner, 'act_hi_dec_in', entryColumns(), [
      { name: 'idx_hi_dec_in_inst', columnNames: ['dec_inst_id'] },
    ]);
    await createTable(
      runner,
      'act_hi_dec_out',
      [...entryColumns(), col.varchar('rule_id'), col.int('rule_order'), col.varchar('var_name')],
      [{ name: 'idx_hi_dec_out_inst', columnNames: ['dec_inst_id'] }],
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const t of ['act_hi_dec_out', 'act_hi_dec_in', 'act_hi_decinst']) await runner.dropTable(t, true);
  }
}
