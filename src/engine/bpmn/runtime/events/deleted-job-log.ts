import { EntityManager } from 'typeorm';
import { isSqlite } from '../../../../persistence/dialect';
import { SqlStatement } from '../../../../persistence/raw-rows';
import { JOB_LOG_STATE } from '../../../../persistence/entities/history/historic-job-log.entity';
import { graphEventInfo } from './graph-events';
import type { RuntimeContext } from '../runtime-context';
import type { ProcessInstanceState } from '../process-instance-state';
import { JOB_LOG_HOST } from '../../../command/history-log-writer';

/** The statement that writes deletion logs for the jobs a condition selects, right before a bulk statement deletes them. */
export type DeletedJobLogger = (em: EntityManager, where: string, params: unknown[]) => SqlStatement;

/**
 * Jobs that go with their scope are deleted in bulk, never loaded: their deletion logs are copied from the rows in one
 * INSERT ... SELECT (no read first). Null below history level full and for processes that never have jobs.
 */
export function deletedJobLogger(ctx: RuntimeContext, instance: ProcessInstanceState): DeletedJobLogger | null {
  if (!ctx.logs.enabled || !graphEventInfo(instance.graph).jobs) return null;
  const now = ctx.now();
  const root = instance.root.rootProcessInstanceId ?? instance.id;
  const deploymentId = instance.definition.deploymentId ?? null;
  return (em, where, params) => {
    const sqlite = isSqlite(em);
    // TypeORM keeps SQLite datetimes as UTC text; a raw parameter must match.
    const timestamp = sqlite ? now.toISOString().replace('T', ' ').replace('Z', '') : now;
    const id = sqlite ? 'lower(hex(randomblob(16)))' : 'UUID()';
    return {
      sql: `INSERT INTO act_hi_job_log (id, timestamp, job_id, job_duedate, job_retries, job_priority, job_state, job_def_id, job_def_type,
         act_id, execution_id, root_proc_inst_id, process_instance_id, process_def_id, process_def_key, deployment_id, tenant_id, hostname)
       SELECT ${id}, ?, j.id, j.duedate, j.retries, j.priority, ${JOB_LOG_STATE.deleted}, j.job_def_id, j.handler_type,
         j.activity_id, j.execution_id, ?, j.proc_inst_id, j.proc_def_id, j.proc_def_key, ?, j.tenant_id, ?
       FROM act_ru_job j WHERE ${where}`,
      params: [timestamp, root, deploymentId, JOB_LOG_HOST, ...params],
    };
  };
}

export function placeholders(values: unknown[]): string {
  return values.map(() => '?').join(', ');
}
