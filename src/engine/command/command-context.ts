import { EntityManager } from 'typeorm';
import { Authentication } from './authentication';
import { PermissionCheck, PermissionChecker, TenantChecker } from './permission-checker';
import { HistoryLevel } from '../options';
import { UnitOfWork } from './unit-of-work';

/** What every command may use, whatever it changes; one instance per engine. */
export interface CommandDeps {
  readonly checker: PermissionChecker;
  readonly clock: () => Date;
  /** Absent: no tenant check (contexts made outside the engine's executor). */
  readonly tenantCheck?: TenantChecker;
  /** Absent: no history logs (contexts made outside the engine's executor). */
  readonly historyLevel?: HistoryLevel;
}

/** What a command knows about a process instance it has loaded: entity managers use it instead of a look-up. */
export interface LoadedInstanceFacts {
  processDefinitionKey: string | null;
  rootProcessInstanceId: string;
}

/**
 * A part of the command that lives as long as its context and is made on first use: the entity managers, each the
 * one place that writes a kind of row (see ARCHITECTURE.md, "The write path").
 */
export type ContextPart<T, C> = new (ctx: C) => T;

/**
 * The context of one command (Camunda's CommandContext): the transaction's EntityManager, the
 * caller, and the unit of work that writes every change once, revision-checked, at the end.
 * Richer contexts (the BPMN runtime's) extend it; commands that need no more than this one
 * declare it, so the command layer knows nothing of what is built on top of it.
 */
export class CommandContext<D extends CommandDeps = CommandDeps> {
  readonly uow: UnitOfWork;
  private readonly postCommit: Array<() => void> = [];
  private readonly work: Array<() => Promise<void> | void> = [];
  private readonly preFlush: Array<() => Promise<void> | void> = [];
  private readonly parts = new Map<ContextPart<unknown, never>, unknown>();

  constructor(
    readonly deps: D,
    readonly em: EntityManager,
    readonly auth: Authentication | null,
  ) {
    this.uow = new UnitOfWork(em);
  }

  now(): Date {
    return this.deps.clock();
  }

  /** Throws Camunda's AuthorizationException unless the caller holds one of the permissions. */
  checkPermissions(checks: PermissionCheck[], singleForm = false): Promise<void> {
    return this.deps.checker.check(this.em, this.auth, checks, singleForm);
  }

  /** Camunda's TenantManager#isAuthenticatedTenant for the caller of this command. */
  isAuthenticatedTenant(tenantId: string | null | undefined): boolean {
    return this.deps.tenantCheck?.isAuthenticatedTenant(this.auth, tenantId) ?? true;
  }

  /** Camunda's TenantCommandChecker: `command` ("work on task 'x'") fails on a row of another tenant. */
  checkTenant(tenantId: string | null | undefined, command: string): void {
    this.deps.tenantCheck?.check(this.auth, tenantId, command);
  }

  /** The command's one instance of an entity manager (or another per-command part), made on first use. */
  manager<T>(cls: ContextPart<T, this>): T {
    let part = this.parts.get(cls) as T | undefined;
    if (part === undefined) {
      part = new cls(this);
      this.parts.set(cls, part);
    }
    return part;
  }

  /** Facts of a process instance this command has loaded; none here (the BPMN runtime's context knows its own). */
  loadedInstance(_processInstanceId: string): LoadedInstanceFacts | undefined {
    return undefined;
  }

  /**
   * Runs at flush ahead of every `beforeFlush` hook, in the order given: work the command left pending (the BPMN
   * runtime's agenda), which may still give managers rows to write, so their hooks must see it done. A hook given
   * while these run (a part first made by the agenda) runs too; one given later (by a `beforeFlush` hook) does not.
   */
  pendingWork(hook: () => Promise<void> | void): void {
    this.work.push(hook);
  }

  /** Runs at flush, after the command's own work and before the unit of work writes (look-ups the writes need). */
  beforeFlush(hook: () => Promise<void> | void): void {
    this.preFlush.push(hook);
  }

  /** Runs once the transaction has committed (caches, wake-ups); never for a rolled-back command. */
  afterCommit(hook: () => void): void {
    this.postCommit.push(hook);
  }

  /** Writes everything the command recorded: pending work, then the before-flush hooks, then the unit of work. */
  async flush(): Promise<void> {
    // for-of re-reads the length: hooks added while the list runs are run too.
    for (const hook of this.work) await hook();
    for (const hook of this.preFlush) await hook();
    await this.uow.flush();
  }

  committed(): void {
    for (const hook of this.postCommit) hook();
  }
}
