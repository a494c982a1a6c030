import { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { instanceReadGrants, restrictToAnyGrant } from '../../common/query/authorized-rows';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { JobEntity } from '../../persistence/entities/runtime/job.entity';

export interface IncidentStatisticsDto {
  incidentType: string;
  incidentCount: number;
}

export interface ActivityStatisticsDto {
  '@class': string;
  id: string;
  instances: number;
  failedJobs: number;
  incidents: IncidentStatisticsDto[];
}

export interface ProcessDefinitionStatisticsDto {
  '@class': string;
  id: string;
  instances: number;
  failedJobs: number;
  incidents: IncidentStatisticsDto[];
  definition: ProcessDefinitionDto;
}

export interface StatisticsOptions {
  failedJobs: boolean;
  incidents: boolean;
  incidentsForType: string | null;
  rootIncidents?: boolean;
}

const ACTIVITY_CLASS = 'org.camunda.bpm.engine.rest.dto.repository.ActivityStatisticsResultDto';
const DEFINITION_CLASS = 'org.camunda.bpm.engine.rest.dto.repository.ProcessDefinitionStatisticsResultDto';
/** Tokens waiting in a join are not activity instances (as in the activity instance tree). */
const GATEWAYS = new Set(['parallelGateway', 'inclusiveGateway', 'exclusiveGateway', 'eventBasedGateway']);
const INCIDENT_DEFINITION_KEY = '(SELECT d.`key` FROM act_re_procdef d WHERE d.id = i.proc_def_id)';

type Grouped = Map<string, { instances: number; failedJobs: number; incidents: Map<string, number> }>;

/**
 * Camunda's statistics (Cockpit's badges): per activity of one definition, or per definition, the running
 * activity instances, failed jobs (no retries left) and open incidents by type, counting only what the caller
 * may read of the instances (READ on the instance or READ_INSTANCE on its definition), as the lists do.
 */
export class ProcessDefinitionStatistics {
  constructor(private readonly engine: ProcessEngine) {}

  async activities(
    auth: Authentication | null,
    definition: ProcessDefinitionEntity,
    opts: StatisticsOptions,
  ): Promise<ActivityStatisticsDto[]> {
    const graph = await this.engine.repository.processGraph(definition);
    const gateways = [...graph.elements.values()].filter((n) => GATEWAYS.has(n.type)).map((n) => n.id);
    return this.engine.tx.read(async (em) => {
      const groups: Grouped = new Map();
      const executions = await this.restricted(
        em,
        ExecutionEntity,
        'e',
        auth,
        'e.processInstanceId',
        'e.processDefinitionKey',
      );
      executions
        .select('e.activityId', 'id')
        // A token waiting before an asynchronous activity has no activity instance yet (Camunda's transition instance)
        .addSelect('COUNT(DISTINCT COALESCE(e.activityInstanceId, e.id))', 'n')
        .andWhere('e.processDefinitionId = :definitionId', { definitionId: definition.id })
        .andWhere('e.activityId IS NOT NULL AND (e.activityInstanceId IS NOT NULL OR e.isActive = :active)', {
          active: true,
        })
        .groupBy('e.activityId');
      if (gateways.length)
        executions.andWhere('NOT (e.isActive = :inactive AND e.activityId IN (:...gateways))', {
          inactive: false,
          gateways,
        });
      for (const row of await executions.getRawMany<{ id: string; n: unknown }>())
        group(groups, row.id).instances = Number(row.n);
      await this.failuresBy(em, auth, 'activityId', definition.id, opts, groups);
      return [...groups.entries()].map(([id, g]) => ({
        '@class': ACTIVITY_CLASS,
        id,
        instances: g.instances,
        failedJobs: g.failedJobs,
        incidents: incidentList(g),
      }));
    });
  }

  async definitions(
    auth: Authentication | null,
    readable: ProcessDefinitionEntity[],
    opts: StatisticsOptions,
  ): Promise<ProcessDefinitionStatisticsDto[]> {
    if (!readable.length) return [];
    return this.engine.tx.read(async (em) => {
      const groups: Grouped = new Map();
      const ids = readable.map((d) => d.id);
      const instances = await this.restricted(
        em,
        ExecutionEntity,
        'e',
        auth,
        'e.processInstanceId',
        'e.processDefinitionKey',
      );
      instances
        .select('e.processDefinitionId', 'id')
        .addSelect('COUNT(*)', 'n')
        .andWhere('e.id = e.processInstanceId')
        .andWhere('e.processDefinitionId IN (:...ids)', { ids })
        .groupBy('e.processDefinitionId');
      for (const row of await instances.getRawMany<{ id: string; n: unknown }>())
        group(groups, row.id).instances = Number(row.n);
      await this.failuresBy(em, auth, 'processDefinitionId', ids, opts, groups);
      return readable.map((d) => {
        const g = groups.get(d.id);
        return {
          '@class': DEFINITION_CLASS,
          id: d.id,
          instances: g?.instances ?? 0,
          failedJobs: g?.failedJobs ?? 0,
          incidents: g ? incidentList(g) : [],
          definition: toProcessDefinitionDto(d),
        };
      });
    });
  }

  /** Failed jobs and open incidents grouped by activity (one definition) or by definition (several). */
  private async failuresBy(
    em: EntityManager,
    auth: Authentication | null,
    by: 'activityId' | 'processDefinitionId',
    definitionIds: string | string[],
    opts: StatisticsOptions,
    groups: Grouped,
  ): Promise<void> {
    const ids = Array.isArray(definitionIds) ? definitionIds : [definitionIds];
    if (opts.failedJobs) {
      const jobs = await this.restricted(em, JobEntity, 'j', auth, 'j.processInstanceId', 'j.processDefinitionKey');
      jobs
        .select(`j.${by}`, 'id')
        .addSelect('COUNT(*)', 'n')
        .andWhere('j.processDefinitionId IN (:...ids)', { ids })
        .andWhere('j.retries = 0')
        .andWhere(`j.${by} IS NOT NULL`)
        .groupBy(`j.${by}`);
      for (const row of await jobs.getRawMany<{ id: string; n: unknown }>())
        group(groups, row.id).failedJobs = Number(row.n);
    }
    if (!opts.incidents && opts.incidentsForType === null && !opts.rootIncidents) return;
    const incidents = await this.restricted(
      em,
      IncidentEntity,
      'i',
      auth,
      'i.processInstanceId',
      INCIDENT_DEFINITION_KEY,
    );
    incidents
      .select(`i.${by}`, 'id')
      .addSelect('i.incidentType', 'type')
      .addSelect('COUNT(*)', 'n')
      .andWhere('i.processDefinitionId IN (:...ids)', { ids })
      .andWhere(`i.${by} IS NOT NULL`)
      .groupBy(`i.${by}`)
      .addGroupBy('i.incidentType');
    if (opts.incidentsForType !== null)
      incidents.andWhere('i.incidentType = :incidentType', { incidentType: opts.incidentsForType });
    // rootIncidents: only the incidents that are their own root cause (Camunda's `rootIncidents`).
    if (opts.rootIncidents) incidents.andWhere('i.id = i.rootCauseIncidentId');
    for (const row of await incidents.getRawMany<{ id: string; type: string; n: unknown }>()) {
      group(groups, row.id).incidents.set(row.type, Number(row.n));
    }
  }

  private async restricted<E extends ObjectLiteral>(
    em: EntityManager,
    entity: new () => E,
    alias: string,
    auth: Authentication | null,
    instanceColumn: string,
    definitionKeyColumn: string,
  ): Promise<SelectQueryBuilder<E>> {
    const qb = em.getRepository(entity).createQueryBuilder(alias);
    await restrictToAnyGrant(
      this.engine.authorizationChecker,
      em,
      qb,
      auth,
      instanceReadGrants(instanceColumn, definitionKeyColumn),
    );
    return qb;
  }
}

function group(groups: Grouped, id: string) {
  let g = groups.get(id);
  if (!g) groups.set(id, (g = { instances: 0, failedJobs: 0, incidents: new Map() }));
  return g;
}

function incidentList(g: { incidents: Map<string, number> }): IncidentStatisticsDto[] {
  return [...g.incidents.entries()].map(([incidentType, incidentCount]) => ({ incidentType, incidentCount }));
}
