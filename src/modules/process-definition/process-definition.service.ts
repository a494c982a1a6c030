import { instructionsFromWire } from '../../common/dto/modification-instruction.dto';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ProcessDefinitionDto, toProcessDefinitionDto } from '../../common/dto/process-definition.dto';
import { ProcessInstanceWithVariablesDto, startedInstanceDto } from '../../common/dto/process-instance.dto';
import { badRequest, notFound } from '../../common/errors/rest-error';
import { HistoryTimeToLiveDto } from '../../common/dto/decision-definition.dto';
import { wrapEngineError } from '../../common/errors/wrap-engine-error';
import { LinkBuilder } from '../../common/http/links';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { DefinitionLookup, DefinitionRef } from '../../common/repository/definition-lookup';
import { Authentication } from '../../engine/command/authentication';
import { AuthorizationError, BadUserRequestError, NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { ProcessInstanceInfo } from '../../engine/instances/runtime-types';
import { VariableMap } from '../../engine/variables/typed-value';
import { ProcessDefinitionEntity } from '../../persistence/entities/repository/process-definition.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { parseValue } from '../../common/query/parse-query';
import { ParamDef } from '../../common/query/query-spec';
import { PROCESS_DEFINITION_LIST } from './process-definition.query';
import { StartProcessInstanceDto } from './start-process-instance.dto';
import { ProcessDefinitionSuspensionStateDto } from './process-definition-suspension.dto';
import { parseDate } from '../../engine/util/camunda-date';
import { CalledProcessDefinitionDto, toCalledProcessDefinitionDto } from './called-process-definition.dto';
import { RestartInstructionDto, RestartProcessInstanceDto } from './restart-process-instance.dto';
import { BatchDto, toBatchDto } from '../../common/dto/batch.dto';
import { applyFilters } from '../../common/query/apply-query';
import { parsePostQuery } from '../../common/query/parse-query';
import {
  HISTORIC_PROCESS_INSTANCE_IDS,
  HISTORIC_PROCESS_INSTANCE_QUERY,
} from '../../common/query/historic-process-instance-query';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import { RestartInstruction, RestartOptions } from '../../engine/instances/commands/restart-process-instances.cmd';
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
    this.historicInstances = new ResourceQuery(engine, HISTORIC_PROCESS_INSTANCE_IDS);
  }

  private readonly statistics: ProcessDefinitionStatistics;
  private readonly historicInstances: ResourceQuery<HistoricProcessInstanceEntity, { id: string }>;

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

  /** POST /process-definition/{id}/restart: Camunda's resource answers the engine's refusals with 400. */
  async restart(auth: Authentication | null, id: string, dto: RestartProcessInstanceDto): Promise<void> {
    const [options, ids] = await this.restartRequest(auth, id, dto);
    await asBadRequest(() => this.engine.runtime.restartProcessInstances(auth, options, ids));
  }

  async restartAsync(auth: Authentication | null, id: string, dto: RestartProcessInstanceDto): Promise<BatchDto> {
    const [options, ids] = await this.restartRequest(auth, id, dto);
    return toBatchDto(await asBadRequest(() => this.engine.batches.restartProcessInstancesAsync(auth, options, ids)));
  }

  /** The ids given and those the historic query finds among the instances the caller may read. */
  private async restartRequest(
    auth: Authentication | null,
    id: string,
    dto: RestartProcessInstanceDto,
  ): Promise<[RestartOptions, Array<string | null>]> {
    const ids: Array<string | null> = [...(dto.processInstanceIds ?? [])];
    if (dto.historicProcessInstanceQuery != null) {
      const q = parsePostQuery(HISTORIC_PROCESS_INSTANCE_QUERY, dto.historicProcessInstanceQuery, {}, false);
      const found = await this.historicInstances.read(auth, (qb) =>
        applyFilters(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q).select('h.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of found) if (!ids.includes(r.id)) ids.push(r.id);
    }
    const options: RestartOptions = {
      processDefinitionId: id,
      instructions: (dto.instructions ?? []).map(restartInstruction),
      initialVariables: dto.initialVariables === true,
      withoutBusinessKey: dto.withoutBusinessKey === true,
      skipCustomListeners: dto.skipCustomListeners === true,
      skipIoMappings: dto.skipIoMappings === true,
    };
    return [options, ids];
  }

  /** DELETE /process-definition/{id} and by key: Camunda's resource answers the engine's NotFoundException with 404. */
  async delete(
    auth: Authentication | null,
    selection: { id: string } | { key: string; tenantId: string | null },
    query: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.engine.repository.deleteProcessDefinitions(auth, selection, flag(query, 'cascade') === true);
    } catch (err) {
      if (err instanceof NotFoundError) throw notFound(err.message);
      throw err;
    }
  }

  /** PUT .../history-time-to-live: by key, the latest version. */
  async updateHistoryTimeToLive(auth: Authentication | null, ref: DefinitionRef, dto: HistoryTimeToLiveDto) {
    const id = ref.id ?? (await this.find(auth, ref)).id;
    try {
      await this.engine.repository.updateProcessHistoryTimeToLive(
        auth,
        id,
        dto.historyTimeToLive ?? null,
        this.engine.options.enforceHistoryTimeToLive,
      );
    } catch (err) {
      // Camunda fails on an unknown id with a NullPointerException (500); it is the caller's 404 here.
      if (err instanceof NotFoundError) throw notFound(err.message);
      throw err;
    }
  }

  async staticCalledProcessDefinitions(auth: Authentication | null, id: string): Promise<CalledProcessDefinitionDto[]> {
    const caller = await this.find(auth, { id });
    return (await this.engine.runtime.staticCalledProcessDefinitions(auth, caller)).map(toCalledProcessDefinitionDto);
  }

  async diagram(auth: Authentication | null, ref: DefinitionRef, res: Response): Promise<void> {
    await this.lookup.sendDiagram(await this.find(auth, ref), res);
  }

  /**
   * PUT .../{id}/suspended and by key (the latest version, 404 when there is none): that one definition, as Camunda's
   * definition resource sets the id into the body.
   */
  async suspendOne(
    auth: Authentication | null,
    ref: DefinitionRef,
    dto: ProcessDefinitionSuspensionStateDto,
  ): Promise<void> {
    const id = ref.id ?? (await this.find(auth, ref)).id;
    if (dto.processDefinitionKey != null)
      throw badRequest(
        'Only one of processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    const executionDate = suspensionDate(
      dto,
      (reason) => `The suspension state of Process Definition with id ${id} could not be updated due to: ${reason}`,
    );
    await this.engine.runtime.setProcessDefinitionSuspension(
      auth,
      { processDefinitionId: id, includeProcessInstances: dto.includeProcessInstances === true, executionDate },
      dto.suspended === true,
    );
  }

  /** PUT /process-definition/suspended: every version of a key. */
  async suspendByKey(auth: Authentication | null, dto: ProcessDefinitionSuspensionStateDto): Promise<void> {
    if (dto.processDefinitionId != null)
      throw badRequest('Only processDefinitionKey can be set to update the suspension state.');
    const executionDate = suspensionDate(
      dto,
      (reason) => `Could not update the suspension state of Process Definitions due to: ${reason}`,
    );
    if (dto.processDefinitionKey == null)
      throw badRequest(
        'Either processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    await this.engine.runtime.setProcessDefinitionSuspension(
      auth,
      {
        processDefinitionKey: dto.processDefinitionKey,
        includeProcessInstances: dto.includeProcessInstances === true,
        executionDate,
      },
      dto.suspended === true,
    );
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
    // An empty list is an ordinary start (pycamunda always sends one).
    const startInstructions = instructionsFromWire(dto.startInstructions, { cancel: false, instanceIds: true });
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
        startInstructions,
        skipCustomListeners: dto.skipCustomListeners === true,
        skipIoMappings: dto.skipIoMappings === true,
      });
    } catch (err) {
      throw err instanceof AuthorizationError ? err : wrapEngineError(err, await prefix());
    }
    return startedInstanceDto(info, links);
  }
}

/** The execution date of a suspension body; an empty text is none, as in Camunda. */
function suspensionDate(dto: ProcessDefinitionSuspensionStateDto, message: (reason: string) => string): Date | null {
  if (dto.executionDate == null || dto.executionDate === '') return null;
  const date = parseDate(dto.executionDate);
  if (!date) throw badRequest(message(`Invalid format: "${dto.executionDate}"`));
  return date;
}

const BOOLEAN_FLAG: ParamDef = { type: 'boolean' };

const INSTRUCTION_TYPES = ['startBeforeActivity', 'startAfterActivity', 'startTransition'];

/** Camunda's instruction DTO checks what its type needs before the engine sees it. */
function restartInstruction(dto: RestartInstructionDto | null): RestartInstruction {
  const type = dto?.type;
  if (!type || !INSTRUCTION_TYPES.includes(type))
    throw badRequest(`Unknown restart instruction type '${type ?? null}': one of ${INSTRUCTION_TYPES.join(', ')}`);
  const needs = type === 'startTransition' ? 'transitionId' : 'activityId';
  if (dto?.[needs] == null) throw badRequest(`For instruction type '${type}': '${needs}' must be set`);
  return {
    type: type as RestartInstruction['type'],
    activityId: dto.activityId ?? null,
    transitionId: dto.transitionId ?? null,
  };
}

/** Camunda's resource answers BadUserRequestException as its InvalidRequestException; the rest keep their type. */
async function asBadRequest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof BadUserRequestError && err.type === 'BadUserRequestException') throw badRequest(err.message);
    throw err;
  }
}

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
