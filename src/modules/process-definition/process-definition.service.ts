import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { ProcessInstanceWithVariablesDto, startedInstanceDto } from '../../common/dto/process-instance.dto';
import { badRequest } from '../../common/errors/rest-error';
import { wrapEngineError } from '../../common/errors/wrap-engine-error';
import { LinkBuilder } from '../../common/http/links';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { DefinitionLookup, DefinitionRef } from '../../common/repository/definition-lookup';
import { Authentication } from '../../engine/command/authentication';
import { AuthorizationError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { ProcessInstanceInfo } from '../../engine/instances/runtime-types';
import { VariableMap } from '../../engine/variables/typed-value';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { parseValue } from '../../common/query/parse-query';
import { ParamDef } from '../../common/query/query-spec';
import { PROCESS_DEFINITION_LIST } from './process-definition.query';
import { StartProcessInstanceDto } from './start-process-instance.dto';
import {
  ActivityStatisticsDto,
  ProcessDefinitionStatistics,
  ProcessDefinitionStatisticsDto,
  StatisticsOptions,
} from './process-definition-statistics';

@Injectable()
export class ProcessDefinitionService {
  readonly lookup: DefinitionLookup<ProcessDefinitionEntity>;
  readonly rows: ResourceQuery<ProcessDefinitionEntity, ProcessDefinitionDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.lookup = new DefinitionLookup(engine, 'process', 'process definition');
    this.rows = new ResourceQuery(engine, PROCESS_DEFINITION_LIST);
    this.statistics = new ProcessDefinitionStatistics(engine);
  }

  private readonly statistics: ProcessDefinitionStatistics;

  async activityStatistics(
    auth: Authentication | null,
    ref: DefinitionRef,
    query: Record<string, unknown>,
  ): Promise<ActivityStatisticsDto[]> {
    const options = statisticsOptions(query);
    return this.statistics.activities(auth, await this.find(auth, ref), options);
  }

  /** Every process definition the caller may read, with the statistics of its instances. */
  async definitionStatistics(
    auth: Authentication | null,
    query: Record<string, unknown>,
  ): Promise<ProcessDefinitionStatisticsDto[]> {
    const options = statisticsOptions(query, true);
    const readable = await this.rows.read(auth, (qb) => qb.orderBy('d.id').getMany());
    return this.statistics.definitions(auth, readable, options);
  }

  find(auth: Authentication | null, ref: DefinitionRef): Promise<ProcessDefinitionEntity> {
    if (ref.id !== undefined) return this.lookup.byId(auth, ref.id, 404, `No matching definition with id ${ref.id}`);
    return this.lookup.byKey(auth, ref.key!, ref.tenantId ?? null);
  }

  async get(auth: Authentication | null, ref: DefinitionRef): Promise<ProcessDefinitionDto> {
    return toProcessDefinitionDto(await this.find(auth, ref));
  }

  async xml(auth: Authentication | null, ref: DefinitionRef): Promise<{ id: string; bpmn20Xml: string }> {
    const d = await this.find(auth, ref);
    return { id: d.id, bpmn20Xml: await this.lookup.xml(d) };
  }

  async diagram(auth: Authentication | null, ref: DefinitionRef, res: Response): Promise<void> {
    await this.lookup.sendDiagram(await this.find(auth, ref), res);
  }

  /**
   * POST .../start. By key, the start command itself looks up the latest version (with the READ check of
   * Camunda's definition query): one transaction, no separate read before it (on SQLite a read would also end
   * the open group commit). Messages name the definition's id, so a failure looks it up then: an unknown key is
   * the usual 404 of the key lookup, as when the lookup came first. By id, an unknown id is the engine's failure.
   */
  async start(
    auth: Authentication | null,
    ref: DefinitionRef,
    dto: StartProcessInstanceDto,
    links: LinkBuilder,
  ): Promise<ProcessInstanceWithVariablesDto> {
    const prefix = async () => `Cannot instantiate process definition ${ref.id ?? (await this.find(auth, ref)).id}`;
    if (dto.startInstructions != null) throw badRequest(`${await prefix()}: start instructions are not supported`);
    let variables: VariableMap;
    try {
      variables = prefixedVariablesFromWire(dto.variables, { prefix: '' });
    } catch {
      // Throws again, now naming the definition (or the 404 of an unknown key).
      variables = prefixedVariablesFromWire(dto.variables, { prefix: await prefix() });
    }
    const request =
      ref.id !== undefined
        ? { definition: Object.assign(new ProcessDefinitionEntity(), { id: ref.id }) }
        : { key: ref.key, tenantId: ref.tenantId ?? null, readDefinition: true };
    let info: ProcessInstanceInfo;
    try {
      info = await this.engine.runtime.startProcessInstance(auth, {
        ...request,
        businessKey: dto.businessKey ?? null,
        variables,
        withVariablesInReturn: dto.withVariablesInReturn === true,
      });
    } catch (err) {
      throw err instanceof AuthorizationError ? err : wrapEngineError(err, await prefix());
    }
    return startedInstanceDto(info, links);
  }
}

const BOOLEAN_FLAG: ParamDef = { type: 'boolean' };

function flag(query: Record<string, unknown>, name: string): boolean | null {
  return query[name] === undefined ? null : (parseValue(name, query[name], BOOLEAN_FLAG, false) as boolean);
}

/** Camunda's parameters of both statistics queries; incidents and incidentsForType exclude each other. */
function statisticsOptions(query: Record<string, unknown>, withRootIncidents = false): StatisticsOptions {
  const incidents = flag(query, 'incidents');
  const rootIncidents = withRootIncidents ? flag(query, 'rootIncidents') : null;
  const forType = typeof query.incidentsForType === 'string' ? query.incidentsForType : null;
  if ([incidents === true, rootIncidents === true, forType !== null].filter(Boolean).length > 1) {
    throw badRequest(
      withRootIncidents
        ? 'Only one of the query parameter includeIncidents, includeRootIncidents or includeIncidentsForType can be set.'
        : 'Only one of the query parameter includeIncidents or includeIncidentsForType can be set.',
    );
  }
  return {
    failedJobs: flag(query, 'failedJobs') === true,
    incidents: incidents === true,
    incidentsForType: forType,
    rootIncidents: rootIncidents === true,
  };
}
