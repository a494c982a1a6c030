import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../../persistence/entities/runtime/variable.entity';
import { TaskManager } from '../../entities/task.manager';
import { TypedValue, VariableMap } from '../../variables/typed-value';
import { fromColumns, toColumns } from '../../variables/variable-columns';
import type { RuntimeContext } from './runtime-context';
import { ProcessInstanceState } from './process-instance-state';
import { VariableManager } from '../../entities/variable.manager';
import { EventContext } from './events/event-context';

/**
 * Typed, scoped variables of loaded process instances. Reads walk from an execution up to the
 * root; `set` updates the nearest scope that has the name and otherwise creates it on the root,
 * `setLocal` always writes the given scope (Camunda's AbstractVariableScope). Tasks are scopes
 * whose parent is their execution.
 */
export class VariableStore {
  constructor(private readonly ctx: RuntimeContext) {}

  private get rows(): VariableManager {
    return this.ctx.manager(VariableManager);
  }

  get(execution: ExecutionEntity, name: string): TypedValue | undefined {
    const instance = this.ctx.instanceOf(execution);
    for (const e of instance.ancestry(execution)) {
      const found = this.localValue(instance, e.id, name);
      if (found) return found;
    }
    return undefined;
  }

  getLocal(execution: ExecutionEntity, name: string): TypedValue | undefined {
    return this.localValue(this.ctx.instanceOf(execution), execution.id, name);
  }

  /** Everything visible from an execution; nearer scopes hide farther ones. */
  visible(execution: ExecutionEntity): VariableMap {
    const instance = this.ctx.instanceOf(execution);
    const out: VariableMap = {};
    for (const e of instance.ancestry(execution).reverse()) Object.assign(out, this.localMap(instance, e.id));
    return out;
  }

  local(execution: ExecutionEntity): VariableMap {
    return this.localMap(this.ctx.instanceOf(execution), execution.id);
  }

  set(execution: ExecutionEntity, name: string, value: TypedValue): void {
    const instance = this.ctx.instanceOf(execution);
    const chain = instance.ancestry(execution);
    const owner = chain.find((e) => this.hasLocal(instance, e.id, name)) ?? chain[chain.length - 1];
    this.setLocal(owner, name, value);
  }

  setAll(execution: ExecutionEntity, values: VariableMap | null | undefined, local = false): void {
    for (const [name, value] of Object.entries(values ?? {})) {
      if (local) this.setLocal(execution, name, value);
      else this.set(execution, name, value);
    }
  }

  setLocal(execution: ExecutionEntity, name: string, value: TypedValue, initial = false): void {
    const instance = this.ctx.instanceOf(execution);
    this.write(instance, execution.id, name, value, { execution, task: null, initial });
  }

  /** Removes the variable from the nearest scope that has it. */
  remove(execution: ExecutionEntity, name: string): void {
    const instance = this.ctx.instanceOf(execution);
    const owner = instance.ancestry(execution).find((e) => this.hasLocal(instance, e.id, name));
    if (owner) this.removeLocal(owner, name);
  }

  removeLocal(execution: ExecutionEntity, name: string): void {
    this.drop(this.ctx.instanceOf(execution), execution.id, name);
  }

  // ---- tasks: a task scope sits below its execution

  getForTask(instance: ProcessInstanceState, task: TaskEntity, name: string): TypedValue | undefined {
    return (
      this.localValue(instance, task.id, name) ??
      (task.executionId ? this.get(instance.get(task.executionId)!, name) : undefined)
    );
  }

  visibleForTask(instance: ProcessInstanceState, task: TaskEntity): VariableMap {
    const inherited = task.executionId ? this.visible(instance.get(task.executionId)!) : {};
    return { ...inherited, ...this.localMap(instance, task.id) };
  }

  localForTask(instance: ProcessInstanceState, task: TaskEntity): VariableMap {
    return this.localMap(instance, task.id);
  }

  setForTask(instance: ProcessInstanceState, task: TaskEntity, name: string, value: TypedValue): void {
    if (this.hasLocal(instance, task.id, name) || !task.executionId) this.setLocalForTask(instance, task, name, value);
    else this.set(instance.get(task.executionId)!, name, value);
  }

  setLocalForTask(instance: ProcessInstanceState, task: TaskEntity, name: string, value: TypedValue): void {
    const execution = task.executionId ? (instance.get(task.executionId) ?? null) : null;
    this.write(instance, task.id, name, value, { execution, task, initial: false });
  }

  removeForTask(instance: ProcessInstanceState, task: TaskEntity, name: string): void {
    if (this.hasLocal(instance, task.id, name) || !task.executionId) this.drop(instance, task.id, name);
    else this.remove(instance.get(task.executionId)!, name);
  }

  removeLocalForTask(instance: ProcessInstanceState, task: TaskEntity, name: string): void {
    this.drop(instance, task.id, name);
  }

  /** Deletes every variable a scope (execution or task) owns, when the scope goes away. */
  dropScope(instance: ProcessInstanceState, scopeId: string): void {
    const vars = instance.variables.get(scopeId);
    if (vars) for (const v of vars.values()) this.rows.delete(v);
    instance.variables.delete(scopeId);
    instance.transientVariables.delete(scopeId);
  }

  hasLocalIn(instance: ProcessInstanceState, scopeId: string): boolean {
    return (instance.variables.get(scopeId)?.size ?? 0) > 0;
  }

  // ---- internals

  private hasLocal(instance: ProcessInstanceState, scopeId: string, name: string): boolean {
    return (
      instance.variables.get(scopeId)?.has(name) === true ||
      instance.transientVariables.get(scopeId)?.[name] !== undefined
    );
  }

  private localValue(instance: ProcessInstanceState, scopeId: string, name: string): TypedValue | undefined {
    const transient = instance.transientVariables.get(scopeId)?.[name];
    if (transient) return transient;
    const stored = instance.variables.get(scopeId)?.get(name);
    return stored ? fromColumns(stored) : undefined;
  }

  private localMap(instance: ProcessInstanceState, scopeId: string): VariableMap {
    const out: VariableMap = {};
    for (const [name, v] of instance.variables.get(scopeId) ?? []) out[name] = fromColumns(v);
    Object.assign(out, instance.transientVariables.get(scopeId) ?? {});
    return out;
  }

  private write(
    instance: ProcessInstanceState,
    scopeId: string,
    name: string,
    value: TypedValue,
    owner: { execution: ExecutionEntity | null; task: TaskEntity | null; initial: boolean },
  ): void {
    const event = this.hasLocal(instance, scopeId, name) ? 'update' : 'create';
    this.ctx.manager(EventContext).variableChanged(instance, { execution: owner.execution, name, event });
    if (value.valueInfo?.transient === true) {
      let map = instance.transientVariables.get(scopeId);
      if (!map) instance.transientVariables.set(scopeId, (map = {}));
      map[name] = value;
      return;
    }
    let vars = instance.variables.get(scopeId);
    if (!vars) instance.variables.set(scopeId, (vars = new Map()));
    const existing = vars.get(name);
    const cols = toColumns(value);
    let variable: VariableEntity;
    if (existing) {
      Object.assign(existing, cols);
      variable = existing;
    } else {
      variable = this.rows.create({
        name,
        executionId: owner.execution?.id ?? owner.task?.executionId ?? null,
        processInstanceId: instance.id,
        processDefinitionId: instance.definition.id,
        taskId: owner.task?.id ?? null,
        varScope: scopeId,
        tenantId: instance.root.tenantId,
        ...cols,
      });
      vars.set(name, variable);
    }
    this.ctx.touch(instance);
    // History shows the revision the row gets.
    const revision = existing ? this.rows.writtenRevision(existing) : 1;
    this.ctx.history.variableUpdated(
      { ...variable, rev: revision } as VariableEntity,
      owner.execution,
      instance.definition.key,
      owner.initial,
    );
  }

  private drop(instance: ProcessInstanceState, scopeId: string, name: string): void {
    const transient = instance.transientVariables.get(scopeId);
    if (transient && name in transient) delete transient[name];
    const vars = instance.variables.get(scopeId);
    const existing = vars?.get(name);
    if (!existing) return;
    const task = this.ctx.manager(TaskManager).readOf(instance.id)?.get(scopeId);
    const execution = instance.get(scopeId) ?? (task?.executionId ? instance.get(task.executionId) : undefined) ?? null;
    this.ctx.manager(EventContext).variableChanged(instance, { execution, name, event: 'delete' });
    vars!.delete(name);
    this.rows.delete(existing);
    this.ctx.history.variableDeleted(existing);
    this.ctx.touch(instance);
  }
}
