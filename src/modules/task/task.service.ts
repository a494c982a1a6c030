import { Injectable } from '@nestjs/common';
import { notFound, RestError } from '../../common/errors/rest-error';
import { withErrorPrefix } from '../../common/errors/wrap-engine-error';
import { objectOrNull, stringOrNull } from '../../common/http/json-body';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { variablesFromWire, variablesToWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { VariableMap, WireValue } from '../../engine/variables/typed-value';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { TaskDto } from './task.dto';
import { TASK_LIST } from './task.query';

@Injectable()
export class TaskService {
  readonly rows: ResourceQuery<TaskEntity, TaskDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, TASK_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<TaskDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`No matching task with id ${id}`);
    return found;
  }

  claim(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    return this.engine.runtime.claimTask(auth, id, userIdOf(body));
  }

  unclaim(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, null);
  }

  setAssignee(auth: Authentication | null, id: string, body: unknown): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, userIdOf(body));
  }

  /** 204 without a body, or the variables after completion when `withVariablesInReturn` is true. */
  async complete(auth: Authentication | null, id: string, body: unknown): Promise<Record<string, WireValue> | null> {
    const prefix = `Cannot complete task ${id}`;
    const dto = objectOrNull(body) ?? {};
    let variables: VariableMap;
    try {
      variables = variablesFromWire(dto.variables);
    } catch (err) {
      throw new RestError(400, `${prefix}: ${(err as Error).message}`, (err as { type?: string }).type === 'RestException' ? 'RestException' : 'InvalidRequestException');
    }
    const withVariablesInReturn = dto.withVariablesInReturn === true || dto.withVariablesInReturn === 'true';
    const result = await withErrorPrefix(prefix, () => this.engine.runtime.completeTask(auth, id, variables, { withVariablesInReturn }));
    return withVariablesInReturn ? variablesToWire(result ?? {}, false) : null;
  }

  variables(auth: Authentication | null, id: string, local: boolean): VariableScopeAccess {
    const runtime = this.engine.runtime;
    return {
      typeName: 'task',
      resourceId: id,
      getAll: () => runtime.getTaskVariables(auth, id, { local }),
      get: (name) => runtime.getTaskVariable(auth, id, name, { local }),
      modify: (modifications, deletions) => runtime.modifyTaskVariables(auth, id, { modifications, deletions }, { local }),
    };
  }
}

function userIdOf(body: unknown): string | null {
  return stringOrNull(objectOrNull(body), 'userId');
}
