import { Injectable } from '@nestjs/common';
import { HealthIndicatorFunction, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { TimedOut, within } from '../../common/within';
import { ProcessEngine } from '../../engine/process-engine';

/** A probe must answer even when the database hangs: orchestrators give up after a few seconds. */
export const DATABASE_CHECK_TIMEOUT_MS = 3000;

/**
 * The parts of readiness. Down parts carry a fixed message only: the body is public, so neither the
 * database URL nor a driver's error text (host names, SQL) may reach it.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly engine: ProcessEngine,
    private readonly indicators: HealthIndicatorService,
  ) {}

  readiness(): HealthIndicatorFunction[] {
    return [
      () => this.database(),
      () => this.migrations(),
      () => this.jobExecutor(),
      () => this.fetchAndLockWaitingRoom(),
    ];
  }

  /** A round trip through the engine's own path (on SQLite it queues behind the work in hand, as a request would). */
  async database(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('database');
    try {
      await within(
        DATABASE_CHECK_TIMEOUT_MS,
        this.engine.tx.read((em) => em.query('SELECT 1')),
      );
      return check.up();
    } catch (err) {
      return check.down({
        message:
          err instanceof TimedOut
            ? `database did not answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`
            : 'database not reachable',
      });
    }
  }

  /** Start runs the migrations; this catches a schema that was rolled back underneath a running instance. */
  async migrations(): Promise<HealthIndicatorResult> {
    const check = this.indicators.check('migrations');
    try {
      const pending = await within(
        DATABASE_CHECK_TIMEOUT_MS,
        this.engine.tx.read(() => this.engine.dataSource.showMigrations()),
      );
      return pending ? check.down({ message: 'migrations pending' }) : check.up();
    } catch {
      return check.down({ message: 'migrations could not be checked' });
    }
  }

  jobExecutor(): HealthIndicatorResult {
    const check = this.indicators.check('jobExecutor');
    if (!this.engine.options.jobExecutorEnabled) return check.up({ enabled: false });
    return this.engine.jobExecutor.isRunning
      ? check.up({ enabled: true, running: true })
      : check.down({ enabled: true, running: false, message: 'job executor not running' });
  }

  /**
   * A full room refuses new long polls with 503, so workers are better sent elsewhere. With capacity 0
   * long polling is off on every instance alike; that is configuration, not load.
   */
  fetchAndLockWaitingRoom(): HealthIndicatorResult {
    const check = this.indicators.check('fetchAndLockWaitingRoom');
    const { size: waiting, capacity } = this.engine.externalTasks.waitingRoom;
    if (capacity <= 0 || waiting < capacity) return check.up({ waiting, capacity });
    return check.down({ waiting, capacity, message: 'fetch-and-lock waiting room full' });
  }
}
