import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { notFound } from '../../common/errors/rest-error';
import { withErrorPrefix } from '../../common/errors/wrap-engine-error';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { restrictToAnyGrant, taskReadGrants } from '../../common/query/authorized-rows';
import { ParsedQuery } from '../../common/query/parse-query';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { variablesToWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { WireValue } from '../../common/variables/wire-value';
import { TaskEntity } from '../../persistence/entities/runtime/task.entity';
import { SetTaskAssigneeCmd } from '../../engine/runtime/commands/task-assignment.cmd';
import { CompleteTaskDto, TaskDto, toTaskDto, UserIdDto } from './task.dto';
import { TASK_QUERY } from './task.query';

@Injectable()
export class TaskService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<TaskEntity>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(TaskEntity).createQueryBuilder('t');
      await restrictToAnyGrant(this.engine.authorizationChecker, em, qb, auth, taskReadGrants('t.id', 't.processDefinitionKey'));
      return run(qb);
    });
  }

  async list(auth: Authentication | null, q: ParsedQuery): Promise<TaskDto[]> {
    return (await this.query(auth, (qb) => listQuery(qb, TASK_QUERY, q))).map(toTaskDto);
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, TASK_QUERY, q)) };
  }

  async get(auth: Authentication | null, id: string): Promise<TaskDto> {
    const found = await this.query(auth, (qb) => qb.andWhere('t.id = :id', { id }).getOne());
    if (!found) throw notFound(`No matching task with id ${id}`);
    return toTaskDto(found);
  }

  claim(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.execute(auth, new SetTaskAssigneeCmd(id, dto.userId ?? null, true));
  }

  unclaim(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.runtime.execute(auth, new SetTaskAssigneeCmd(id, null, false));
  }

  setAssignee(auth: Authentication | null, id: string, dto: UserIdDto): Promise<void> {
    return this.engine.runtime.execute(auth, new SetTaskAssigneeCmd(id, dto.userId ?? null, false));
  }

  /** 204 without a body, or the variables after completion when `withVariablesInReturn` is true. */
  async complete(auth: Authentication | null, id: string, dto: CompleteTaskDto): Promise<Record<string, WireValue> | null> {
    const prefix = `Cannot complete task ${id}`;
    const variables = prefixedVariablesFromWire(dto.variables, { prefix });
    const withVariablesInReturn = dto.withVariablesInReturn === true;
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
