import { freshTestDatabase } from '../../../../support/test-app';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../../../../src/common/app-config';
import { loadConfig } from '../../../../../src/config/app-config';
import { Authentication } from '../../../../../src/engine/command/authentication';
import { ProcessEngine } from '../../../../../src/engine/process-engine';
import { DeploymentResult } from '../../../../../src/engine/repository/deployer';
import { ProcessInstanceInfo } from '../../../../../src/engine/instances/runtime-types';
import { plainValue, untypedValue, VariableMap } from '../../../../../src/engine/variables/typed-value';
import { fromColumns } from '../../../../../src/engine/variables/variable-columns';
import { openDataSource } from '../../../../../src/persistence/data-source';
import { HistoricActivityInstanceEntity } from '../../../../../src/persistence/entities/history/historic-activity-instance.entity';
import { HistoricDetailEntity } from '../../../../../src/persistence/entities/history/historic-detail.entity';
import { HistoricProcessInstanceEntity } from '../../../../../src/persistence/entities/history/historic-process-instance.entity';
import { ExecutionEntity } from '../../../../../src/persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../../../../src/persistence/entities/runtime/external-task.entity';
import { IdentityLinkEntity } from '../../../../../src/persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../../../src/persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../../../../src/persistence/entities/runtime/variable.entity';
import { CompleteExternalTaskCmd } from '../../../../../src/engine/external-task/commands/complete-external-task.cmd';

export const RUNTIME_FIXTURES = path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'runtime');

export const ADMIN: Authentication = { userId: 'demo', groupIds: ['camunda-admin'] };

const freshDatabase = freshTestDatabase;

/** Plain JavaScript values as engine variables (typed as the engine types them). */
export function vars(values: Record<string, unknown>): VariableMap {
  const out: VariableMap = {};
  for (const [k, v] of Object.entries(values)) out[k] = untypedValue(v);
  return out;
}

export function plain(map: VariableMap | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[k] = plainValue(v);
  return out;
}

/**
 * A real engine on a real database (SQLite in memory, or a fresh MariaDB database when
 * TEST_DATABASE_URL is set) plus Given/When/Then helpers that read what the engine wrote.
 */
export class RuntimeScenario {
  private constructor(
    readonly engine: ProcessEngine,
    readonly ds: DataSource,
    private readonly drop: () => Promise<void>,
    readonly databaseUrl: string,
  ) {}

  static async boot(overrides: Partial<AppConfig> = {}): Promise<RuntimeScenario> {
    const db = await freshDatabase();
    const ds = await openDataSource(db.url);
    const engine = new ProcessEngine(loadConfig({}, { databaseUrl: db.url, historyLevel: 'full', ...overrides }), ds);
    await engine.start();
    return new RuntimeScenario(engine, ds, db.drop, db.url);
  }

  async close(): Promise<void> {
    await this.engine.close();
    await this.drop();
  }

  get runtime() {
    return this.engine.runtime;
  }

  async deploy(...fixtures: string[]): Promise<DeploymentResult> {
    return this.engine.repository.deploy(null, {
      name: fixtures.join(','),
      source: null,
      tenantId: null,
      enableDuplicateFiltering: false,
      deployChangedOnly: false,
      activationTime: null,
      resources: fixtures.map((f) => ({
        name: path.basename(f),
        bytes: fs.readFileSync(path.join(RUNTIME_FIXTURES, f)),
      })),
    });
  }

  async deployXml(name: string, xml: string, tenantId: string | null = null): Promise<DeploymentResult> {
    return this.engine.repository.deploy(null, {
      name,
      source: null,
      tenantId,
      enableDuplicateFiltering: false,
      deployChangedOnly: false,
      activationTime: null,
      resources: [{ name, bytes: Buffer.from(xml) }],
    });
  }

  start(
    key: string,
    variables: Record<string, unknown> = {},
    businessKey: string | null = null,
  ): Promise<ProcessInstanceInfo> {
    return this.runtime.startProcessInstance(null, { key, variables: vars(variables), businessKey });
  }

  /** Activity ids in the order they were entered (history's sequence counter). */
  async activities(processInstanceId: string): Promise<string[]> {
    return (await this.history(processInstanceId)).map((a) => a.activityId);
  }

  async history(processInstanceId: string): Promise<HistoricActivityInstanceEntity[]> {
    return this.ds.getRepository(HistoricActivityInstanceEntity).find({
      where: { processInstanceId },
      order: { sequenceCounter: 'ASC', id: 'ASC' },
    });
  }

  async finished(processInstanceId: string): Promise<string[]> {
    return (await this.history(processInstanceId)).filter((a) => a.endTime != null).map((a) => a.activityId);
  }

  async openActivities(processInstanceId: string): Promise<string[]> {
    return (await this.history(processInstanceId)).filter((a) => a.endTime == null).map((a) => a.activityId);
  }

  processInstance(id: string): Promise<HistoricProcessInstanceEntity | null> {
    return this.ds.getRepository(HistoricProcessInstanceEntity).findOneBy({ id });
  }

  async isEnded(processInstanceId: string): Promise<boolean> {
    return !(await this.ds.getRepository(ExecutionEntity).existsBy({ processInstanceId }));
  }

  executions(processInstanceId: string): Promise<ExecutionEntity[]> {
    return this.ds.getRepository(ExecutionEntity).findBy({ processInstanceId });
  }

  tasks(processInstanceId: string): Promise<TaskEntity[]> {
    return this.ds
      .getRepository(TaskEntity)
      .find({ where: { processInstanceId }, order: { createTime: 'ASC', id: 'ASC' } });
  }

  async task(processInstanceId: string, activityId: string): Promise<TaskEntity> {
    const found = (await this.tasks(processInstanceId)).filter((t) => t.taskDefinitionKey === activityId);
    if (found.length !== 1) throw new Error(`expected one task at ${activityId}, found ${found.length}`);
    return found[0];
  }

  identityLinks(taskId: string): Promise<IdentityLinkEntity[]> {
    return this.ds.getRepository(IdentityLinkEntity).findBy({ taskId });
  }

  externalTasks(processInstanceId: string): Promise<ExternalTaskEntity[]> {
    return this.ds
      .getRepository(ExternalTaskEntity)
      .find({ where: { processInstanceId }, order: { createTime: 'ASC', id: 'ASC' } });
  }

  async externalTask(processInstanceId: string, activityId: string): Promise<ExternalTaskEntity> {
    const found = (await this.externalTasks(processInstanceId)).filter((t) => t.activityId === activityId);
    if (found.length !== 1) throw new Error(`expected one external task at ${activityId}, found ${found.length}`);
    return found[0];
  }

  async completeTask(
    processInstanceId: string,
    activityId: string,
    variables: Record<string, unknown> = {},
  ): Promise<void> {
    const task = await this.task(processInstanceId, activityId);
    await this.runtime.completeTask(null, task.id, vars(variables));
  }

  async completeExternalTask(
    processInstanceId: string,
    activityId: string,
    variables: Record<string, unknown> = {},
  ): Promise<void> {
    const task = await this.externalTask(processInstanceId, activityId);
    await this.runtime.execute(null, new CompleteExternalTaskCmd(task.id, vars(variables)));
  }

  /** The stored variables of an instance by name (execution-owned, all scopes), as plain values. */
  async storedVariables(processInstanceId: string): Promise<VariableEntity[]> {
    return this.ds.getRepository(VariableEntity).findBy({ processInstanceId });
  }

  async variables(processInstanceId: string): Promise<Record<string, unknown>> {
    return plain(await this.runtime.getVariables(null, processInstanceId));
  }

  /** The last value history recorded for each variable name of an instance. */
  async historicVariables(processInstanceId: string): Promise<Record<string, unknown>> {
    const details = await this.ds
      .getRepository(HistoricDetailEntity)
      .find({ where: { processInstanceId }, order: { time: 'ASC', id: 'ASC' } });
    const out: Record<string, unknown> = {};
    for (const d of details) out[d.variableName] = plainValue(fromColumns(d));
    return out;
  }

  historicDetails(processInstanceId: string): Promise<HistoricDetailEntity[]> {
    return this.ds
      .getRepository(HistoricDetailEntity)
      .find({ where: { processInstanceId }, order: { time: 'ASC', id: 'ASC' } });
  }
}
