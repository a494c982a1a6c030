import * as fs from 'node:fs';
import * as path from 'node:path';
import { FindOptionsWhere } from 'typeorm';
import type { AppConfig } from '../../../../../src/common/app-config';
import { MessageCorrelationRequest } from '../../../../../src/engine/correlation/event-types';
import { EventSubscriptionEntity } from '../../../../../src/persistence/entities/runtime/event-subscription.entity';
import { IncidentEntity } from '../../../../../src/persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../../../../src/persistence/entities/runtime/job.entity';
import { RuntimeScenario, vars } from './runtime-scenario';

export const EVENT_FIXTURES = path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'events');

/** A clock the test moves by hand: timers fire when the test says time has passed, never by sleeping. */
export class TestClock {
  private at: number;
  constructor(start = Date.UTC(2026, 0, 5, 8, 0, 0)) {
    this.at = start;
  }
  readonly now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
  set(date: Date): void {
    this.at = date.getTime();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A RuntimeScenario with a test clock, no background job executor, and lookups of subscriptions and jobs. */
export class EventScenario {
  private constructor(
    readonly s: RuntimeScenario,
    readonly clock: TestClock,
  ) {}

  static async boot(overrides: Partial<AppConfig> = {}): Promise<EventScenario> {
    const clock = new TestClock();
    const s = await RuntimeScenario.boot({ clock: clock.now, jobExecutorEnabled: false, ...overrides });
    return new EventScenario(s, clock);
  }

  get engine() {
    return this.s.engine;
  }

  close(): Promise<void> {
    return this.s.close();
  }

  async deploy(fixture: string, tenantId: string | null = null) {
    return this.s.deployXml(fixture, fs.readFileSync(path.join(EVENT_FIXTURES, fixture), 'utf8'), tenantId);
  }

  start(key: string, variables: Record<string, unknown> = {}, businessKey: string | null = null) {
    return this.s.start(key, variables, businessKey);
  }

  subscriptions(where: FindOptionsWhere<EventSubscriptionEntity> = {}): Promise<EventSubscriptionEntity[]> {
    return this.s.ds.getRepository(EventSubscriptionEntity).find({ where, order: { created: 'ASC', id: 'ASC' } });
  }

  jobs(where: FindOptionsWhere<JobEntity> = {}): Promise<JobEntity[]> {
    return this.s.ds.getRepository(JobEntity).find({ where, order: { dueDate: 'ASC', id: 'ASC' } });
  }

  incidents(where: FindOptionsWhere<IncidentEntity> = {}): Promise<IncidentEntity[]> {
    return this.s.ds.getRepository(IncidentEntity).findBy(where);
  }

  /** Moves the clock, then runs what became due (as the job executor would). */
  async advance(ms: number): Promise<number> {
    this.clock.advance(ms);
    return this.engine.jobs.executeDueJobs();
  }

  runJobs(): Promise<number> {
    return this.engine.jobs.executeDueJobs();
  }

  correlate(
    messageName: string,
    request: Omit<Partial<MessageCorrelationRequest>, 'messageName'> & { variables?: Record<string, unknown> } = {},
  ) {
    const { variables, ...rest } = request;
    return this.engine.events.correlateMessage(null, {
      messageName,
      ...rest,
      processVariables: variables ? vars(variables) : rest.processVariables,
    });
  }

  signal(
    name: string,
    variables: Record<string, unknown> = {},
    extra: { executionId?: string; tenantId?: string | null; withoutTenantId?: boolean } = {},
  ) {
    return this.engine.events.signal(null, { name, variables: vars(variables), ...extra });
  }
}
