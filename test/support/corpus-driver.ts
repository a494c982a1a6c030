import * as fs from 'node:fs';
import * as path from 'node:path';
import { deploy, FIXTURES } from './deploy';
import { TestApp } from './test-app';

/**
 * One corpus case: the resources deployed together, how an instance starts, what a worker, a user or a
 * neighbouring system does to it step by step (all over REST), and how it has to end.
 */
export interface CorpusCase {
  name: string;
  description: string;
  resources: string[];
  /** The process to start; with `message`/`signal`/`condition` the instance is started by that event instead. */
  process: string;
  start?: {
    businessKey?: string;
    variables?: Vars;
    message?: string;
    signal?: string;
    condition?: boolean;
    timer?: boolean;
  };
  steps: Step[];
  expect: {
    /** COMPLETED unless said otherwise. */
    state?: string;
    /** Activity ids of the instance's history, in any order, each as often as it ran. */
    activities: string[];
    /** Activity ids of instances it called, by process key (all instances of that key in this case together). */
    called?: Record<string, string[]>;
    variables?: Record<string, unknown>;
  };
}

/** Plain JSON values; objects and arrays travel as Json (Spin) variables, `{"$type": ..., "value": ...}` as that type. */
type Vars = Record<string, unknown>;

export type Step =
  | {
      externalTask: string;
      count?: number;
      variables?: Vars;
      bpmnError?: string;
      errorMessage?: string;
      expectVariables?: Vars;
      /** Report a failure instead, leaving this many retries (fetched again at once: no retry timeout). */
      failure?: { retries: number; errorMessage: string };
    }
  | {
      task: string;
      /** How many such tasks wait, and how many of them to complete (all unless said). */
      count?: number;
      complete?: number;
      variables?: Vars;
      candidateGroup?: string;
      assignee?: string;
      formKey?: string;
      escalation?: string;
    }
  | { message: string; businessKey?: string; correlationKeys?: Vars; variables?: Vars }
  | { signal: string; variables?: Vars }
  | { jobs: string | true; count?: number };

export const CORPUS = path.join(FIXTURES, 'corpus');

export function loadCorpus(): CorpusCase[] {
  return fs
    .readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), ...JSON.parse(fs.readFileSync(path.join(CORPUS, f), 'utf8')) }));
}

function typed(vars: Vars | undefined): Record<string, { value: unknown; type: string }> {
  const out: Record<string, { value: unknown; type: string }> = {};
  for (const [name, v] of Object.entries(vars ?? {})) {
    if (v !== null && typeof v === 'object' && '$type' in v) {
      const explicit = v as { $type: string; value: unknown };
      out[name] = { value: explicit.value, type: explicit.$type };
    } else if (v !== null && typeof v === 'object') out[name] = { value: JSON.stringify(v), type: 'Json' };
    else if (typeof v === 'number')
      out[name] = { value: v, type: Number.isInteger(v) ? (Math.abs(v) > 2 ** 31 ? 'Long' : 'Integer') : 'Double' };
    else if (typeof v === 'boolean') out[name] = { value: v, type: 'Boolean' };
    else if (v === null) out[name] = { value: null, type: 'Null' };
    else out[name] = { value: v, type: 'String' };
  }
  return out;
}

const WORKER = 'corpus-worker';

/** Runs one case through REST against the app; every request has to succeed. */
export class CorpusDriver {
  private keys: string[] = [];

  constructor(
    private readonly t: TestApp,
    private readonly c: CorpusCase,
  ) {}

  private get api() {
    return this.t.as('demo');
  }

  private fail(what: string, res: { status: number; body: unknown }): never {
    throw new Error(`${this.c.name}: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  }

  private async ok<T = any>(req: PromiseLike<{ status: number; body: any }>, what: string): Promise<T> {
    const res = await req;
    if (res.status >= 300) this.fail(what, res);
    return res.body as T;
  }

  async deploy(): Promise<void> {
    const files = this.c.resources.map((r) => ({ name: r, content: fs.readFileSync(path.join(CORPUS, r)) }));
    const body = await this.ok(deploy(this.t, files, { 'deployment-name': this.c.name }), 'deployment');
    this.keys = Object.values(body.deployedProcessDefinitions ?? {}).map((d: any) => d.key);
  }

  async start(): Promise<string> {
    const s = this.c.start ?? {};
    if (s.message) {
      const res = await this.ok(
        this.api.post('/message').send({
          messageName: s.message,
          businessKey: s.businessKey,
          processVariables: typed(s.variables),
          resultEnabled: true,
        }),
        `start by message ${s.message}`,
      );
      return res[0].processInstance.id;
    }
    if (s.condition) {
      const res = await this.ok(
        this.api.post('/condition').send({ variables: typed(s.variables), businessKey: s.businessKey }),
        'start by condition',
      );
      return res[0].id;
    }
    if (s.timer) {
      // the timer start event's job, run now instead of at its due date
      const jobs = await this.ok<any[]>(
        this.api.get(`/job?processDefinitionKey=${this.c.process}&timers=true`),
        'timer start job',
      );
      if (jobs.length !== 1) throw new Error(`${this.c.name}: ${jobs.length} timer start jobs`);
      await this.ok(this.api.post(`/job/${jobs[0].id}/execute`), 'timer start');
      const found = await this.ok(
        this.api.get(`/history/process-instance?processDefinitionKey=${this.c.process}`),
        'instance lookup',
      );
      if (found.length !== 1) throw new Error(`${this.c.name}: the timer started ${found.length} instances`);
      return found[0].id;
    }
    if (s.signal) {
      await this.ok(
        this.api.post('/signal').send({ name: s.signal, variables: typed(s.variables) }),
        `start by signal ${s.signal}`,
      );
      const found = await this.ok(
        this.api.get(`/history/process-instance?processDefinitionKey=${this.c.process}`),
        'instance lookup',
      );
      if (found.length !== 1) throw new Error(`${this.c.name}: signal ${s.signal} started ${found.length} instances`);
      return found[0].id;
    }
    const res = await this.ok(
      this.api
        .post(`/process-definition/key/${this.c.process}/start`)
        .send({ businessKey: s.businessKey, variables: typed(s.variables) }),
      'start',
    );
    return res.id;
  }

  async run(step: Step, index: number): Promise<void> {
    const at = `step ${index + 1} (${JSON.stringify(step).slice(0, 80)})`;
    if ('externalTask' in step) return this.externalTask(step, at);
    if ('task' in step) return this.task(step, at);
    if ('message' in step) return this.message(step, at);
    if ('signal' in step) {
      await this.ok(this.api.post('/signal').send({ name: step.signal, variables: typed(step.variables) }), at);
      return;
    }
    return this.jobs(step, at);
  }

  private async externalTask(step: Extract<Step, { externalTask: string }>, at: string): Promise<void> {
    const locked = await this.ok<any[]>(
      this.api.post('/external-task/fetchAndLock').send({
        workerId: WORKER,
        maxTasks: 50,
        topics: [{ topicName: step.externalTask, lockDuration: 60000, processDefinitionKeyIn: this.keys }],
      }),
      at,
    );
    if (locked.length !== (step.count ?? 1))
      throw new Error(`${this.c.name}: ${at}: fetched ${locked.length} tasks of topic ${step.externalTask}`);
    for (const task of locked) {
      if (step.expectVariables) {
        const seen = Object.fromEntries(
          Object.entries(task.variables ?? {}).map(([k, v]: [string, any]) => [k, parsed(v)]),
        );
        for (const [k, v] of Object.entries(step.expectVariables))
          if (JSON.stringify(seen[k]) !== JSON.stringify(v))
            throw new Error(`${this.c.name}: ${at}: variable ${k} was ${JSON.stringify(seen[k])}`);
      }
      if (step.failure)
        await this.ok(
          this.api.post(`/external-task/${task.id}/failure`).send({
            workerId: WORKER,
            retries: step.failure.retries,
            errorMessage: step.failure.errorMessage,
            retryTimeout: 0,
          }),
          at,
        );
      else if (step.bpmnError)
        await this.ok(
          this.api.post(`/external-task/${task.id}/bpmnError`).send({
            workerId: WORKER,
            errorCode: step.bpmnError,
            errorMessage: step.errorMessage,
            variables: typed(step.variables),
          }),
          at,
        );
      else
        await this.ok(
          this.api
            .post(`/external-task/${task.id}/complete`)
            .send({ workerId: WORKER, variables: typed(step.variables) }),
          at,
        );
    }
  }

  private async task(step: Extract<Step, { task: string }>, at: string): Promise<void> {
    const query = new URLSearchParams({ taskDefinitionKey: step.task, processDefinitionKeyIn: this.keys.join(',') });
    if (step.candidateGroup) query.set('candidateGroup', step.candidateGroup);
    if (step.assignee) query.set('assignee', step.assignee);
    const tasks = await this.ok<any[]>(this.api.get(`/task?${query}`), at);
    if (tasks.length !== (step.count ?? 1))
      throw new Error(`${this.c.name}: ${at}: found ${tasks.length} tasks ${step.task}`);
    for (const task of tasks.slice(0, step.complete ?? tasks.length)) {
      if (step.formKey && task.formKey !== step.formKey)
        throw new Error(`${this.c.name}: ${at}: form key ${task.formKey}`);
      if (step.escalation)
        await this.ok(
          this.api
            .post(`/task/${task.id}/bpmnEscalation`)
            .send({ escalationCode: step.escalation, variables: typed(step.variables) }),
          at,
        );
      else await this.ok(this.api.post(`/task/${task.id}/complete`).send({ variables: typed(step.variables) }), at);
    }
  }

  private async message(step: Extract<Step, { message: string }>, at: string): Promise<void> {
    const body: Record<string, unknown> = { messageName: step.message, processVariables: typed(step.variables) };
    if (step.businessKey) body.businessKey = step.businessKey;
    if (step.correlationKeys) body.correlationKeys = typed(step.correlationKeys);
    if (!step.businessKey && !step.correlationKeys) {
      // the waiting instance of this case, found by its subscription (message names may recur in other cases)
      const subs = await this.ok<any[]>(
        this.api.get(`/event-subscription?eventType=message&eventName=${encodeURIComponent(step.message)}`),
        at,
      );
      const mine = [];
      for (const s of subs.filter((x) => x.processInstanceId)) {
        const pi = await this.ok(this.api.get(`/process-instance/${s.processInstanceId}`), at);
        if (this.keys.some((k) => pi.definitionId.startsWith(`${k}:`))) mine.push(s.processInstanceId);
      }
      if (new Set(mine).size === 1) body.processInstanceId = mine[0];
    }
    await this.ok(this.api.post('/message').send(body), at);
  }

  private async jobs(step: Extract<Step, { jobs: string | true }>, at: string): Promise<void> {
    const found: any[] = [];
    for (const key of this.keys) {
      const q = new URLSearchParams({ processDefinitionKey: key });
      if (step.jobs !== true) q.set('activityId', step.jobs);
      found.push(...(await this.ok<any[]>(this.api.get(`/job?${q}`), at)));
    }
    if (found.length !== (step.count ?? 1))
      throw new Error(
        `${this.c.name}: ${at}: found ${found.length} jobs ${JSON.stringify(found.map((j) => j.activityId ?? j.id))}`,
      );
    for (const job of found) await this.ok(this.api.post(`/job/${job.id}/execute`), at);
  }

  /** Activity ids of an instance's history, sorted (parallel paths have no fixed order). */
  async activities(pi: string): Promise<string[]> {
    const rows = await this.ok<any[]>(
      this.api.get(`/history/activity-instance?processInstanceId=${pi}`),
      'activity history',
    );
    return rows.map((a) => a.activityId).sort();
  }

  /** Activity ids of the instances called (directly or further down) by `pi` from process `key`; each has to have ended. */
  async calledActivities(pi: string, key: string): Promise<string[]> {
    const all: string[] = [];
    const visit = async (parent: string): Promise<void> => {
      for (const i of await this.ok<any[]>(
        this.api.get(`/history/process-instance?superProcessInstanceId=${parent}`),
        'called instances',
      )) {
        if (i.processDefinitionKey === key) {
          if (!i.endTime) throw new Error(`${this.c.name}: called instance of ${key} is ${i.state}`);
          all.push(...(await this.activities(i.id)));
        }
        await visit(i.id);
      }
    };
    await visit(pi);
    return all.sort();
  }

  async historicInstance(pi: string): Promise<any> {
    return this.ok(this.api.get(`/history/process-instance/${pi}`), 'historic instance');
  }

  /** The last value each variable of the instance had (Json values parsed). */
  async variables(pi: string): Promise<Record<string, unknown>> {
    const details = await this.ok<any[]>(
      this.api.get(`/history/detail?processInstanceId=${pi}&variableUpdates=true&sortBy=time&sortOrder=asc`),
      'variable history',
    );
    const out: Record<string, unknown> = {};
    for (const d of details) out[d.variableName] = parsed({ value: d.value, type: d.variableType });
    return out;
  }

  /** What is still open for this case's processes: tasks, external tasks, jobs. */
  async leftovers(): Promise<string[]> {
    const keys = this.keys.join(',');
    const open: string[] = [];
    for (const t of await this.ok<any[]>(this.api.get(`/task?processDefinitionKeyIn=${keys}`), 'tasks'))
      open.push(`task ${t.taskDefinitionKey}`);
    for (const x of await this.ok<any[]>(
      this.api.get(`/external-task?processDefinitionKeyIn=${keys}`),
      'external tasks',
    ))
      open.push(`external task ${x.activityId}`);
    for (const key of this.keys)
      for (const j of await this.ok<any[]>(this.api.get(`/job?processDefinitionKey=${key}`), 'jobs'))
        // a timer start event's next job belongs to the definition, not to an instance
        if (j.processInstanceId) open.push(`job ${j.id}`);
    return open;
  }
}

/** A variable's value as JSON: Json and serialized Object values arrive as their JSON text. */
function parsed(v: { value: unknown; type: string }): unknown {
  return (v.type === 'Json' || v.type === 'Object') && typeof v.value === 'string' ? JSON.parse(v.value) : v.value;
}
