import { f, ParamDef, QuerySpec, tenantParams } from './query-spec';
import { variableCaseParams, variableFilter } from './variable-filters';
import { QueryResource } from './query-resource';
import { instanceReadGrants } from './authorized-rows';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ProcessInstanceDto, toProcessInstanceDto } from '../dto/process-instance.dto';

/** The query runs over root executions (alias `p`): a process instance is its root execution. */
function incident(condition: (p: string) => string, like = false): ParamDef {
  return f.custom('string', (qb, v: string, _a, n) => {
    const p = n('incident');
    const value = like && !v.includes('%') ? `%${v}%` : v;
    qb.andWhere(`EXISTS (SELECT 1 FROM act_ru_incident inc WHERE inc.proc_inst_id = p.id AND ${condition(p)})`, {
      [p]: value,
    });
  });
}

function definition(condition: (p: string) => string, type: 'string' | 'boolean' = 'string'): ParamDef {
  return f.custom(type, (qb, v, _a, n) => {
    if (type === 'boolean' && v !== true) return;
    const p = n('def');
    qb.andWhere(`EXISTS (SELECT 1 FROM act_re_procdef pd WHERE pd.id = p.processDefinitionId AND ${condition(p)})`, {
      [p]: v,
    });
  });
}

const SUB_INSTANCE =
  'SELECT 1 FROM act_ru_execution sub JOIN act_ru_execution sup ON sup.id = sub.super_exec WHERE sub.id = sub.proc_inst_id';

export const PROCESS_INSTANCE_QUERY: QuerySpec = {
  params: {
    processInstanceIds: f.in('p.id'),
    businessKey: f.eq('p.businessKey'),
    businessKeyLike: f.like('p.businessKey'),
    // There are no cases: a case filter matches nothing.
    caseInstanceId: f.custom('string', (qb) => qb.andWhere('1 = 0')),
    processDefinitionId: f.eq('p.processDefinitionId'),
    processDefinitionKey: f.eq('p.processDefinitionKey'),
    processDefinitionKeyIn: f.in('p.processDefinitionKey'),
    processDefinitionKeyNotIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('notin');
      qb.andWhere(`p.processDefinitionKey NOT IN (:...${p})`, { [p]: v });
    }),
    deploymentId: definition((p) => `pd.deployment_id = :${p}`),
    superProcessInstance: f.custom('string', (qb, v, _a, n) => {
      const p = n('super');
      qb.andWhere(
        `EXISTS (SELECT 1 FROM act_ru_execution sup WHERE sup.id = p.superExecutionId AND sup.proc_inst_id = :${p})`,
        { [p]: v },
      );
    }),
    subProcessInstance: f.custom('string', (qb, v, _a, n) => {
      const p = n('sub');
      qb.andWhere(`EXISTS (${SUB_INSTANCE} AND sub.id = :${p} AND sup.proc_inst_id = p.id)`, { [p]: v });
    }),
    superCaseInstance: f.custom('string', (qb) => qb.andWhere('1 = 0')),
    subCaseInstance: f.custom('string', (qb) => qb.andWhere('1 = 0')),
    active: f.flag('p.suspensionState = 1'),
    suspended: f.flag('p.suspensionState = 2'),
    withIncident: f.flag('EXISTS (SELECT 1 FROM act_ru_incident inc WHERE inc.proc_inst_id = p.id)'),
    incidentId: incident((p) => `inc.id = :${p}`),
    incidentType: incident((p) => `inc.incident_type = :${p}`),
    incidentMessage: incident((p) => `inc.incident_msg = :${p}`),
    incidentMessageLike: incident((p) => `inc.incident_msg LIKE :${p}`, true),
    ...tenantParams('p.tenantId'),
    processDefinitionWithoutTenantId: definition(() => 'pd.tenant_id IS NULL', 'boolean'),
    activityIdIn: f.custom('stringList', (qb, v: string[], _a, n) => {
      if (!v.length) return;
      const p = n('act');
      qb.andWhere(
        `EXISTS (SELECT 1 FROM act_ru_execution ax WHERE ax.proc_inst_id = p.id AND ax.is_event_scope = false AND ax.act_id IN (:...${p}))`,
        {
          [p]: v,
        },
      );
    }),
    rootProcessInstances: f.flag('p.superExecutionId IS NULL'),
    leafProcessInstances: f.flag(`NOT EXISTS (${SUB_INSTANCE} AND sup.proc_inst_id = p.id)`),
    variables: variableFilter((v) => `${v}.execution_id = p.id AND ${v}.task_id IS NULL`),
    ...variableCaseParams(),
  },
  sortBy: {
    instanceId: 'p.id',
    definitionKey: 'p.processDefinitionKey',
    definitionId: 'p.processDefinitionId',
    tenantId: 'p.tenantId',
    businessKey: 'p.businessKey',
  },
  defaultOrder: 'p.id',
};

export const PROCESS_INSTANCE_LIST: QueryResource<ExecutionEntity, ProcessInstanceDto> = {
  entity: ExecutionEntity,
  alias: 'p',
  tenantColumn: 'p.tenantId',
  // Process instances are the executions that are their own instance.
  scope: (qb) => qb.where('p.id = p.processInstanceId'),
  restrict: instanceReadGrants('p.id', 'p.processDefinitionKey'),
  spec: PROCESS_INSTANCE_QUERY,
  dto: ProcessInstanceDto,
  toDto: toProcessInstanceDto,
};
