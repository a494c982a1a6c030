import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { instanceReadGrants } from '../../common/query/authorized-rows';
import { QueryResource } from '../../common/query/query-resource';
import { f, QuerySpec, tenantParams } from '../../common/query/query-spec';
import { variableCaseParams } from '../../common/query/variable-filters';
import {
  deserialize,
  noCaseList,
  ownVariableValuesParam,
  variableNameLikeParam,
  variableNameParam,
} from '../../common/query/variable-row-params';
import { Resources } from '../../engine/authorization/resources';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { toVariableInstanceDto, VariableInstanceDto } from './variable-instance.dto';

/**
 * The activity instance a variable belongs to, derived from the execution tree as Camunda does (there is no
 * column for it): a task's variable belongs to the task's activity instance, one of the process instance to the
 * process instance, one of a scope execution to the scope activity instance its parent execution stands in (see
 * the activity instance tree), any other to its execution's activity instance.
 */
const ACTIVITY_INSTANCE_ID = `(CASE
  WHEN v.task_id IS NOT NULL AND v.execution_id IS NOT NULL THEN ve.act_inst_id
  WHEN ve.parent_id IS NULL THEN ve.id
  WHEN ve.is_scope = 1 THEN vpe.act_inst_id
  ELSE ve.act_inst_id END)`;

function withExecutions<T extends object>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return qb
    .leftJoin(ExecutionEntity, 've', 've.id = v.execution_id')
    .leftJoin(ExecutionEntity, 'vpe', 'vpe.id = ve.parent_id');
}

async function activityInstanceIds(em: EntityManager, rows: VariableEntity[]): Promise<Map<string, string | null>> {
  if (!rows.length) return new Map();
  const raw = await withExecutions(em.getRepository(VariableEntity).createQueryBuilder('v'))
    .select('v.id', 'id')
    .addSelect(ACTIVITY_INSTANCE_ID, 'act')
    .where({ id: In(rows.map((r) => r.id)) })
    .getRawMany<{ id: string; act: string | null }>();
  return new Map(raw.map((r) => [r.id, r.act]));
}

export const VARIABLE_INSTANCE_QUERY: QuerySpec = {
  params: {
    variableName: variableNameParam('v'),
    variableNameLike: variableNameLikeParam('v'),
    variableValues: ownVariableValuesParam('v'),
    ...variableCaseParams(),
    processInstanceIdIn: f.in('v.proc_inst_id'),
    executionIdIn: f.in('v.execution_id'),
    caseInstanceIdIn: noCaseList,
    caseExecutionIdIn: noCaseList,
    taskIdIn: f.in('v.task_id'),
    // Batches carry no variables here (no operation hands a batch variables), so asking for them finds none.
    batchIdIn: noCaseList,
    variableScopeIdIn: f.in('v.var_scope'),
    activityInstanceIdIn: f.custom('stringList', (qb, ids: string[], _a, n) => {
      if (!ids.length) return;
      const p = n('actinst');
      qb.andWhere(`${ACTIVITY_INSTANCE_ID} IN (:...${p})`, { [p]: ids });
    }),
    ...tenantParams('v.tenant_id'),
    deserializeValues: f.option('boolean'),
  },
  sortBy: {
    variableName: 'v.name',
    variableType: 'v.var_type',
    activityInstanceId: ACTIVITY_INSTANCE_ID,
    tenantId: 'v.tenant_id',
  },
  defaultOrder: 'v.id',
};

export const VARIABLE_INSTANCE_LIST: QueryResource<VariableEntity, VariableInstanceDto> = {
  entity: VariableEntity,
  alias: 'v',
  scope: (qb) => withExecutions(qb).leftJoin(ProcessDefinitionEntity, 'd', 'd.id = v.proc_def_id'),
  // Camunda: READ on the process instance or READ_INSTANCE on its definition; a standalone task's: READ on it.
  restrict: [
    ...instanceReadGrants('v.proc_inst_id', 'd.key'),
    { permission: 'READ', resource: Resources.TASK, column: 'v.task_id' },
  ],
  spec: VARIABLE_INSTANCE_QUERY,
  dto: VariableInstanceDto,
  toDtos: async (rows, { em, filters }) => {
    const acts = await activityInstanceIds(em, rows);
    return rows.map((v) => toVariableInstanceDto(v, acts.get(v.id) ?? null, deserialize(filters.deserializeValues)));
  },
};
