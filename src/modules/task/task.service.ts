import { Injectable } from '@nestjs/common';
import { notFound } from '../../common/errors/rest-error';
import { withErrorPrefix } from '../../common/errors/wrap-engine-error';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { variablesToWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/authorization/authentication';
import { NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { WireValue } from '../../common/variables/wire-value';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { TaskDto, CompleteTaskDto, TaskEscalationDto, UserIdDto } from './task.dto';
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

  claim(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.claimTask(auth, id, dto.userId ?? null);
  }

  unclaim(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, null);
  }

  setAssignee(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.setTaskAssignee(auth, id, dto.userId ?? null);
  }

  /** 204 without a body, or the variables after completion when `withVariablesInReturn` is true. */
  async complete(auth: Authentication | null, id: string, dto: CompleteTaskDto): Promise<Record<string, WireValue> | null> {
    const prefix = `Cannot complete task ${id}`;
    const variables = prefixedVariablesFromWire(dto.variables, { prefix });
    const withVariablesInReturn = dto.withVariablesInReturn === true;
    const result = await withErrorPrefix(prefix, () => this.engine.runtime.completeTask(auth, id, variables, { withVariablesInReturn }));
    return withVariablesInReturn ? variablesToWire(result ?? {}, false) : null;
  }

  async handleEscalation(auth: Authentication | null, id: string, dto: TaskEscalationDto): Promise<void> {
    const variables = prefixedVariablesFromWire(dto.variables, { prefix: `Cannot handle escalation of task ${id}` });
    try {
      await this.engine.runtime.handleTaskEscalation(auth, id, dto.escalationCode ?? null, variables);
    } catch (err) {
      // Camunda's resource answers a missing task with 404
      if (err instanceof NotFoundError) throw notFound(err.message);
      throw err;
    }
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
