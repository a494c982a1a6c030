import { MigrationInterface, QueryRunner } from 'typeorm';
import { isSqlite } from '../dialect';

/**
 * Three indexes of act_hi_actinst that a list index with the same leading column serves as well: a filter by
 * process instance (and activity), by execution (and activity, end) or by a start-time range reads the
 * (column, id) index's range instead, and the engine itself finds activity instances by id. Every start,
 * activity and end writes this table (twice per activity), and each index is one more B-tree to change.
 * (proc_def_id, end_time) stays: an unfinished-by-definition filter would otherwise read all of a
 * definition's history.
 */
const DROPPED = [
  { name: 'idx_hi_act_inst_procinst', columns: ['proc_inst_id', 'act_id'] },
  { name: 'idx_hi_act_inst_comp', columns: ['execution_id', 'act_id', 'end_time'] },
  { name: 'idx_hi_act_inst_start_end', columns: ['start_time', 'end_time'] },
];

export class ActivityIndexPairs1763830000000 implements MigrationInterface {
  name = 'ActivityIndexPairs1763830000000';

  async up(runner: QueryRunner): Promise<void> {
    const existing = new Set((await runner.getTable('act_hi_actinst'))?.indices.map((i) => i.name ?? '') ?? []);
    for (const index of DROPPED) {
      if (!existing.has(index.name)) continue;
      await runner.query(isSqlite(runner) ? `DROP INDEX ${index.name}` : `DROP INDEX ${index.name} ON act_hi_actinst`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const index of DROPPED)
      await runner.query(`CREATE INDEX ${index.name} ON act_hi_actinst (${index.columns.join(', ')})`);
  }
}
