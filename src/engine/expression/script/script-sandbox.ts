import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A value crossing into or out of the sandbox, as JSON: plain JSON, a Spin JSON node's text, a date's epoch milliseconds. */
export type SandboxValue =
  { t: 'v'; v: unknown } | { t: 'json'; v: string } | { t: 'date'; v: number } | { t: 'undef' };

/**
 * What a script did, in order: variable writes through `execution` (set, setLocal, remove) or `task` (taskSet...),
 * and calls of the task's methods (`task`: `name` is the method, `value` its argument).
 */
export interface SandboxWrite {
  op: SandboxOp;
  name: string;
  value: SandboxValue | null;
}

const OPS = [
  'set',
  'setLocal',
  'remove',
  'removeLocal',
  'taskSet',
  'taskSetLocal',
  'taskRemove',
  'taskRemoveLocal',
  'task',
] as const;
export type SandboxOp = (typeof OPS)[number];
const VALUELESS = new Set<SandboxOp>(['remove', 'removeLocal', 'taskRemove', 'taskRemoveLocal']);

/** A task listener's task as the script sees it: its fields at the time the listener runs (dates as epoch milliseconds). */
export interface SandboxTask {
  id: string;
  name: string | null;
  description: string | null;
  assignee: string | null;
  owner: string | null;
  priority: number;
  dueDate: number | null;
  followUpDate: number | null;
  createTime: number | null;
  taskDefinitionKey: string | null;
  eventName: string;
  processInstanceId: string | null;
  executionId: string | null;
  processDefinitionId: string | null;
  tenantId: string | null;
  formKey: string | null;
  deleteReason: string | null;
  /** The task's own (local) variable names; `vars` are the variables seen from the task. */
  locals: string[];
}

/** What a script may see: its variables (by value), which of them are local, and the execution's identity. */
export interface ScriptInput {
  source: string;
  /** Shown in the script's error positions, e.g. the resource name. */
  fileName: string;
  vars: Record<string, SandboxValue>;
  locals: string[];
  /** Camunda's type name (ValueType#getName) of each variable in `vars`, for getVariableTyped and its kin. */
  types?: Record<string, string>;
  info: {
    id: string | null;
    processInstanceId: string | null;
    businessKey: string | null;
    activityId: string | null;
    processDefinitionId: string | null;
    eventName: string | null;
    tenantId: string | null;
    parentId?: string | null;
    activityInstanceId?: string | null;
    activityName?: string | null;
    processDefinitionKey?: string | null;
  };
  /** Task listeners only: the script gets a `task` object as well. */
  task?: SandboxTask;
}

export interface ScriptOutput {
  result: SandboxValue;
  writes: SandboxWrite[];
}

export interface ScriptLimits {
  timeoutMs: number;
  memoryLimitMb: number;
  /** Worker threads hosting sandboxes; scripts beyond that wait their turn. */
  workers: number;
}

/** How long after its deadline a worker may take to answer before it is terminated. */
const WATCHDOG_GRACE_MS = 1000;
/** How long a new worker may take to load QuickJS before it is given up (its job fails). */
const START_LIMIT_MS = 30_000;

/** The script threw, ran out of time or memory: the message says which. */
export class ScriptFailure extends Error {}

interface Job {
  id: number;
  payload: { id: number; source: string; fileName: string; input: string; timeoutMs: number; memoryLimitBytes: number };
  resolve: (out: ScriptOutput) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  watchdog: NodeJS.Timeout | null;
  /** QuickJS is loaded: a job's time limit runs from when the worker can start it. */
  ready: boolean;
  starting: NodeJS.Timeout | null;
}

/** The worker entry: plain JavaScript next to this file (`npm run build` copies it into dist). */
const WORKER_FILE = join(__dirname, 'script.worker.cjs');

/**
 * JavaScript from deployments runs here: in QuickJS compiled to WebAssembly, inside worker threads, so
 * that a script running up to its time limit never holds up the event loop. Each evaluation gets a
 * fresh QuickJS runtime with a memory limit and a deadline; a worker that does not answer well after
 * the deadline is terminated and replaced. Nothing of the host crosses: variables go in as JSON text,
 * writes come back as JSON text, and the host validates what it gets.
 */
export class ScriptSandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly limits: ScriptLimits) {}

  run(input: ScriptInput): Promise<ScriptOutput> {
    if (this.closed) return Promise.reject(new ScriptFailure('the script sandbox is closed'));
    const { source, fileName, ...rest } = input;
    return new Promise<ScriptOutput>((resolve, reject) => {
      const id = this.nextId++;
      this.queue.push({
        id,
        payload: {
          id,
          source,
          fileName,
          input: JSON.stringify(rest),
          timeoutMs: this.limits.timeoutMs,
          memoryLimitBytes: this.limits.memoryLimitMb * 1024 * 1024,
        },
        resolve,
        reject,
      });
      this.dispatch();
    });
  }

  /** Worker threads alive now (started on demand, up to the configured number). */
  get workers(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ScriptFailure('the script sandbox is closed'));
    await Promise.all(
      this.slots.splice(0).map((slot) => this.stop(slot, new ScriptFailure('the script sandbox is closed'))),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot && this.slots.length < Math.max(1, this.limits.workers)) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      if (slot.ready) this.watch(slot);
      slot.worker.postMessage(job.payload);
    }
  }

  /**
   * QuickJS interrupts itself at the deadline, but not inside one long native call (Array.prototype.fill
   * fighting the memory limit can take seconds): then the worker is terminated and replaced.
   */
  private watch(slot: Slot): void {
    slot.watchdog = setTimeout(
      () => void this.replace(slot, new ScriptFailure('the script ran longer than its time limit')),
      this.limits.timeoutMs + WATCHDOG_GRACE_MS,
    );
  }

  private started(slot: Slot): void {
    if (slot.ready) return;
    slot.ready = true;
    if (slot.starting) clearTimeout(slot.starting);
    slot.starting = null;
    if (slot.job && !slot.watchdog) this.watch(slot);
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_FILE, {
      resourceLimits: { maxOldGenerationSizeMb: 64 + this.limits.memoryLimitMb * 2 },
    });
    const slot: Slot = { worker, job: null, watchdog: null, ready: false, starting: null };
    slot.starting = setTimeout(
      () => void this.replace(slot, new ScriptFailure('the script sandbox did not start')),
      START_LIMIT_MS,
    );
    slot.starting.unref();
    worker.unref();
    worker.on('message', (answer: { id: number; ok: boolean; output?: string; message?: string; ready?: boolean }) =>
      answer.ready ? this.started(slot) : this.answered(slot, answer),
    );
    worker.on('error', (e) => void this.replace(slot, new ScriptFailure(`the script sandbox failed: ${e.message}`)));
    worker.on('exit', () => void this.replace(slot, new ScriptFailure('the script sandbox stopped')));
    this.slots.push(slot);
    return slot;
  }

  private answered(slot: Slot, answer: { id: number; ok: boolean; output?: string; message?: string }): void {
    const job = slot.job;
    if (!job || job.id !== answer.id) return;
    this.release(slot);
    if (!answer.ok) job.reject(new ScriptFailure(answer.message ?? 'the script failed'));
    else {
      try {
        job.resolve(validOutput(JSON.parse(answer.output ?? '')));
      } catch {
        job.reject(new ScriptFailure('the script returned something that is not a value'));
      }
    }
    this.dispatch();
  }

  private release(slot: Slot): void {
    if (slot.watchdog) clearTimeout(slot.watchdog);
    slot.watchdog = null;
    slot.job = null;
    slot.worker.unref();
  }

  private async replace(slot: Slot, reason: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    await this.stop(slot, reason);
    this.dispatch();
  }

  private async stop(slot: Slot, reason: Error): Promise<void> {
    const job = slot.job;
    this.release(slot);
    if (slot.starting) clearTimeout(slot.starting);
    slot.starting = null;
    slot.worker.removeAllListeners('exit');
    job?.reject(reason);
    await slot.worker.terminate();
  }
}

function isSandboxValue(v: unknown): v is SandboxValue {
  if (typeof v !== 'object' || v === null) return false;
  const t = (v as { t?: unknown }).t;
  const value = (v as { v?: unknown }).v;
  if (t === 'undef' || t === 'v') return true;
  if (t === 'json') return typeof value === 'string';
  if (t === 'date') return typeof value === 'number';
  return false;
}

function validOutput(raw: unknown): ScriptOutput {
  const o = raw as { result?: unknown; writes?: unknown };
  if (!isSandboxValue(o.result) || !Array.isArray(o.writes)) throw new Error('malformed');
  const writes = o.writes.map((w: { op?: unknown; name?: unknown; value?: unknown }): SandboxWrite => {
    const op = OPS.find((known) => known === w.op);
    if (!op || typeof w.name !== 'string') throw new Error('malformed');
    if (VALUELESS.has(op)) return { op, name: w.name, value: null };
    if (!isSandboxValue(w.value)) throw new Error('malformed');
    return { op, name: w.name, value: w.value };
  });
  return { result: o.result, writes };
}
