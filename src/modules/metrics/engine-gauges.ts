import { Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { TimedOut, within } from '../../common/within';
import { ProcessEngine } from '../../engine/process-engine';

/** A scrape must answer even when the database hangs; Prometheus gives up after 10 s by default. */
export const DUE_JOBS_TIMEOUT_MS = 3000;

/**
 * The engine's state, read when Prometheus scrapes rather than kept up to date on every request: nothing
 * here costs the hot paths anything.
 */
export function registerEngineGauges(registry: Registry, engine: ProcessEngine): void {
  const logger = new Logger('Metrics');
  // The pool comes before the backlog count: its gauge is read before that query takes a connection itself.
  new Gauge({
    name: 'engine_db_pool_connections_in_use',
    help: 'Database connections in use (SQLite: its one connection, in use while a unit of work holds it)',
    registers: [registry],
    collect() {
      this.set(engine.tx.connections()?.inUse ?? 0);
    },
  });
  new Gauge({
    name: 'engine_db_pool_connections_max',
    help: 'Database connections the pool may open (1 on SQLite)',
    registers: [registry],
    collect() {
      this.set(engine.tx.connections()?.max ?? 0);
    },
  });
  new Gauge({
    name: 'engine_external_task_long_polls_waiting',
    help: 'Long-polling fetchAndLock requests waiting for tasks on this instance',
    registers: [registry],
    collect() {
      this.set(engine.externalTasks.waitingRoom.size);
    },
  });
  new Gauge({
    name: 'engine_jobs_due',
    help: 'Jobs due now that no job executor has claimed (all instances sharing the database); NaN when the count failed',
    registers: [registry],
    async collect() {
      try {
        this.set(await within(DUE_JOBS_TIMEOUT_MS, engine.jobs.dueJobCount()));
      } catch (err) {
        // An unknown backlog is not an empty one; the rest of the scrape is still worth having.
        this.set(NaN);
        logger.warn(
          err instanceof TimedOut
            ? `counting due jobs took longer than ${DUE_JOBS_TIMEOUT_MS} ms`
            : `counting due jobs failed: ${String(err)}`,
        );
      }
    },
  });
}
