import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { VariableEntity } from '../../../persistence/entities/runtime/variable.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { ProcessGraph } from '../model';
import { VariableMap } from '../../variables/typed-value';

/**
 * One process instance as a command sees it: its execution tree and its variables (the command's tasks and
 * external tasks are their entity managers').
 *
 * Tree conventions (Camunda's): an execution's (activityId, activityInstanceId) is the activity it
 * is in; between activities, or as the inactive parent of concurrent children, activityId is null
 * and activityInstanceId is the instance id of its scope. A scope activity (sub-process, activity
 * with boundary events or io mapping, multi-instance body and instance) runs in a child scope
 * execution of the execution that entered it, and that parent holds the activity's instance id.
 */
export class ProcessInstanceState {
  readonly executions = new Map<string, ExecutionEntity>();
  private readonly childIds = new Map<string, Set<string>>();
  /** Variables by owner (execution id or task id) and name. */
  readonly variables = new Map<string, Map<string, VariableEntity>>();
  /** Values marked transient: visible for this command only, never stored. */
  readonly transientVariables = new Map<string, VariableMap>();
  /** Set when the instance ended in this command (the root row is deleted at flush). */
  ended = false;
  /** The instance's variables when it ended: what "variables in return" shows afterwards. */
  finalVariables: VariableMap | null = null;
  /** Set while the instance is being deleted: its end must not continue a calling instance. */
  deleting = false;
  /** The last activity where a token ended (history's end activity id). */
  lastEndActivityId: string | null = null;

  constructor(
    readonly root: ExecutionEntity,
    readonly definition: ProcessDefinitionEntity,
    readonly graph: ProcessGraph,
  ) {
    this.add(root);
  }

  get id(): string {
    return this.root.id;
  }

  add(execution: ExecutionEntity): void {
    this.executions.set(execution.id, execution);
    if (execution.parentId) this.children0(execution.parentId).add(execution.id);
  }

  remove(execution: ExecutionEntity): void {
    this.executions.delete(execution.id);
    if (execution.parentId) this.childIds.get(execution.parentId)?.delete(execution.id);
    this.childIds.delete(execution.id);
  }

  reparent(execution: ExecutionEntity, parentId: string): void {
    if (execution.parentId) this.childIds.get(execution.parentId)?.delete(execution.id);
    execution.parentId = parentId;
    this.children0(parentId).add(execution.id);
  }

  get(id: string): ExecutionEntity | undefined {
    return this.executions.get(id);
  }

  parent(execution: ExecutionEntity): ExecutionEntity | null {
    return execution.parentId ? (this.executions.get(execution.parentId) ?? null) : null;
  }

  children(execution: ExecutionEntity): ExecutionEntity[] {
    const ids = this.childIds.get(execution.id);
    if (!ids) return [];
    return [...ids].map((id) => this.executions.get(id)!).filter(Boolean);
  }

  /** The execution owning the scope an execution's token lives in. */
  scopeOf(execution: ExecutionEntity): ExecutionEntity {
    return execution.isScope ? execution : this.parent(execution)!;
  }

  /** The activity instance a scope execution stands for (the instance id for the root). */
  scopeInstanceId(scope: ExecutionEntity): string {
    const parent = this.parent(scope);
    return parent ? parent.activityInstanceId! : scope.processInstanceId;
  }

  /** Every execution below one (not including it), parents before children. */
  descendants(execution: ExecutionEntity): ExecutionEntity[] {
    const out: ExecutionEntity[] = [];
    const walk = (e: ExecutionEntity) => {
      for (const c of this.children(e)) {
        out.push(c);
        walk(c);
      }
    };
    walk(execution);
    return out;
  }

  /** From an execution up to the root. */
  ancestry(execution: ExecutionEntity): ExecutionEntity[] {
    const out: ExecutionEntity[] = [];
    for (let e: ExecutionEntity | null = execution; e; e = this.parent(e)) out.push(e);
    return out;
  }

  private children0(parentId: string): Set<string> {
    let set = this.childIds.get(parentId);
    if (!set) this.childIds.set(parentId, (set = new Set()));
    return set;
  }
}
