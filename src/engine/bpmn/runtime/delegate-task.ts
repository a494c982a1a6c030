import { ProcessEngineError } from '../../errors';
import { ExpressionExecution, HostObject, isHostObject } from '../../expression';

/**
 * What a host delegate's `notify(task)` receives from a task listener: Camunda's DelegateTask in TypeScript. The
 * properties read the task as it is now; the methods change it inside the listener's command.
 */
export interface DelegateTask {
  readonly id: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly assignee: string | null;
  readonly owner: string | null;
  readonly priority: number;
  readonly dueDate: Date | null;
  readonly followUpDate: Date | null;
  readonly taskDefinitionKey: string | null;
  readonly eventName: string;
  readonly executionId: string | null;
  readonly processInstanceId: string | null;
  readonly processDefinitionId: string | null;
  readonly tenantId: string | null;
  readonly execution: ExpressionExecution | null;
  getVariable(name: string): unknown;
  getVariableLocal(name: string): unknown;
  hasVariable(name: string): boolean;
  setVariable(name: string, value: unknown): void;
  setVariableLocal(name: string, value: unknown): void;
  removeVariable(name: string): void;
  getVariables(): Record<string, unknown>;
  setAssignee(userId: string | null): void;
  setOwner(userId: string | null): void;
  setName(name: string | null): void;
  setDescription(description: string | null): void;
  setPriority(priority: number): void;
  setDueDate(date: Date | string | null): void;
  setFollowUpDate(date: Date | string | null): void;
  addCandidateUser(userId: string): void;
  addCandidateGroup(groupId: string): void;
  deleteCandidateUser(userId: string): void;
  deleteCandidateGroup(groupId: string): void;
  /** Completes the task once the listener returns (not from complete or delete listeners), as Camunda's TaskEntity.complete(). */
  complete(): void;
}

const unwrap = (value: unknown): unknown => (isHostObject(value) && value.target !== undefined ? value.target : value);

/**
 * The task the expression evaluator sees (a host object answering property reads and method calls), as a plain
 * object for host code: `task.assignee` and `task.getAssignee()` read, `task.setAssignee(...)` writes.
 */
export function delegateTaskOf(host: HostObject): DelegateTask {
  return new Proxy({} as DelegateTask, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      const property = host.property(name);
      if (property.found) return unwrap(property.value);
      return (...args: unknown[]) => {
        const result = host.invoke(name, args);
        if (!result.found)
          throw new ProcessEngineError(
            `The task of a task listener has no method ${name} with ${args.length} argument(s)`,
          );
        return unwrap(result.value);
      };
    },
  });
}
