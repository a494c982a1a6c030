import { Injectable } from '@nestjs/common';
import { ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { badRequest, notFound, RestError } from '../../common/errors/rest-error';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { Authentication } from '../../engine/command/authentication';
import { BadUserRequestError, NotFoundError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { ActivityInstanceDto, toActivityInstanceDto } from './activity-instance.dto';
import { PROCESS_INSTANCE_LIST, PROCESS_INSTANCE_QUERY } from '../../common/query/process-instance-query';
import { BatchDto, toBatchDto } from '../../common/dto/batch.dto';
import { applyFilters } from '../../common/query/apply-query';
import { parsePostQuery } from '../../common/query/parse-query';
import { DeleteProcessInstancesDto } from './delete-process-instances.dto';
import { ProcessInstanceSuspensionStateDto } from './process-instance-suspension.dto';
import { ModificationDto, ProcessInstanceModificationDto } from './modification.dto';
import { instructionsFromWire } from '../../common/dto/modification-instruction.dto';
import {
  HISTORIC_PROCESS_INSTANCE_IDS,
  HISTORIC_PROCESS_INSTANCE_QUERY,
} from '../../common/query/historic-process-instance-query';
import { HistoricProcessInstanceEntity } from '../../persistence/entities/history/historic-process-instance.entity';
import {
  CorrelationMessageAsyncDto,
  SetJobRetriesByProcessDto,
  SetVariablesAsyncDto,
} from './process-instance-batches.dto';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { parseDate } from '../../engine/util/camunda-date';

export interface DeleteFlags {
  skipCustomListeners?: string;
  skipIoMappings?: string;
  skipSubprocesses?: string;
  failIfNotExists?: string;
}

function flagsOf(dto: ProcessInstanceModificationDto) {
  return {
    skipCustomListeners: dto.skipCustomListeners === true,
    skipIoMappings: dto.skipIoMappings === true,
    annotation: dto.annotation ?? null,
  };
}

const notExisting = (id: string) => notFound(`Process instance with id ${id} does not exist`);

@Injectable()
export class ProcessInstanceService {
  readonly rows: ResourceQuery<ExecutionEntity, ProcessInstanceDto>;
  private readonly historic: ResourceQuery<HistoricProcessInstanceEntity, { id: string }>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, PROCESS_INSTANCE_LIST);
    this.historic = new ResourceQuery(engine, HISTORIC_PROCESS_INSTANCE_IDS);
  }

  /** PUT /process-instance/{id}/suspended: the instance resource sets its id into the body. */
  suspendOne(auth: Authentication | null, id: string, dto: ProcessInstanceSuspensionStateDto): Promise<void> {
    return this.suspend(auth, { ...dto, processInstanceId: id });
  }

  /** PUT /process-instance/suspended, with Camunda's rules for which selections go together. */
  async suspend(auth: Authentication | null, dto: ProcessInstanceSuspensionStateDto): Promise<void> {
    const single = [dto.processInstanceId, dto.processDefinitionId, dto.processDefinitionKey].filter(
      (v) => v != null,
    ).length;
    const group = [dto.processInstanceIds, dto.processInstanceQuery, dto.historicProcessInstanceQuery].filter(
      (v) => v != null,
    ).length;
    if (single >= 1 && group >= 1)
      throw badRequest(
        'Choose either a single processInstance with processInstanceId, processDefinitionId or processDefinitionKey or a group of processInstances with processInstanceIds, procesInstanceQuery or historicProcessInstanceQuery.',
      );
    if (single > 1)
      throw badRequest(
        'Only one of processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    if (single === 0 && group === 0)
      throw badRequest(
        'Either processInstanceId, processDefinitionId or processDefinitionKey should be set to update the suspension state.',
      );
    const suspended = dto.suspended === true;
    if (group) {
      await this.engine.runtime.setProcessInstancesSuspension(auth, await this.selectedIds(auth, dto), suspended);
      return;
    }
    let tenant: { tenantId: string | null } | null = null;
    if (dto.processDefinitionTenantId != null) tenant = { tenantId: dto.processDefinitionTenantId };
    else if (dto.processDefinitionWithoutTenantId === true) tenant = { tenantId: null };
    await this.engine.runtime.setProcessInstanceSuspension(
      auth,
      {
        processInstanceId: dto.processInstanceId,
        processDefinitionId: dto.processDefinitionId,
        processDefinitionKey: dto.processDefinitionKey,
        tenant: dto.processDefinitionKey != null ? tenant : null,
      },
      suspended,
    );
  }

  /** POST /process-instance/suspended-async: a batch over the group. */
  async suspendAsync(auth: Authentication | null, dto: ProcessInstanceSuspensionStateDto): Promise<BatchDto> {
    if (dto.processInstanceIds == null && dto.processInstanceQuery == null && dto.historicProcessInstanceQuery == null)
      throw badRequest(
        'Either processInstanceIds, processInstanceQuery or historicProcessInstanceQuery should be set to update the suspension state.',
      );
    const ids = await this.selectedIds(auth, dto);
    return toBatchDto(await this.engine.batches.setProcessInstancesSuspensionAsync(auth, ids, dto.suspended === true));
  }

  /** POST /process-instance/{id}/modification: the instructions in one transaction. */
  async modify(auth: Authentication | null, id: string, dto: ProcessInstanceModificationDto): Promise<void> {
    const instructions = instructionsFromWire(dto.instructions, { cancel: true, instanceIds: true });
    await this.engine.runtime.modifyProcessInstance(auth, { processInstanceId: id, instructions, ...flagsOf(dto) });
  }

  /** POST /process-instance/{id}/modification-async: an instance-modification batch of one instance. */
  async modifyAsync(auth: Authentication | null, id: string, dto: ProcessInstanceModificationDto): Promise<BatchDto> {
    const instructions = instructionsFromWire(dto.instructions, { cancel: true, instanceIds: true });
    await this.engine.runtime.checkModifiable(auth, id);
    return toBatchDto(
      await this.engine.batches.modifyProcessInstancesAsync(auth, [id], { instructions, ...flagsOf(dto) }),
    );
  }

  /** POST /modification/execute: the instances of one definition, in one transaction. */
  async modifyMany(auth: Authentication | null, dto: ModificationDto): Promise<void> {
    const { ids, modification } = await this.manyModification(auth, dto);
    try {
      await this.engine.runtime.modifyProcessInstances(auth, ids, modification);
    } catch (err) {
      if (err instanceof BadUserRequestError && !(err instanceof NotFoundError)) throw new RestError(400, err.message);
      throw err;
    }
  }

  /** POST /modification/executeAsync: an instance-modification batch. */
  async modifyManyAsync(auth: Authentication | null, dto: ModificationDto): Promise<BatchDto> {
    const { ids, modification } = await this.manyModification(auth, dto);
    try {
      return toBatchDto(await this.engine.batches.modifyProcessInstancesAsync(auth, ids, modification));
    } catch (err) {
      if (err instanceof BadUserRequestError) throw new RestError(400, err.message);
      throw err;
    }
  }

  /** Camunda's ModificationBuilder checks, in its order: definition, instructions, instances. */
  private async manyModification(auth: Authentication | null, dto: ModificationDto) {
    const instructions = instructionsFromWire(dto.instructions, { cancel: true, instanceIds: false });
    if (dto.processDefinitionId == null) throw badRequest('Process definition id cannot be null');
    if (!instructions.length) throw badRequest('Modification instructions cannot be empty: instructions is empty');
    const selected = await this.selectedIds(auth, dto);
    if (!selected.length) throw badRequest('Process instance ids cannot be empty: Process instance ids is empty');
    if (selected.some((id) => id == null))
      throw badRequest('Process instance ids cannot contain null: Process instance ids contains null value');
    return {
      ids: [...new Set(selected as string[])],
      modification: { instructions, processDefinitionId: dto.processDefinitionId, ...flagsOf(dto) },
    };
  }

  /**
   * The ids given, and what the runtime and historic queries find among the instances the caller may read;
   * `historicFilters` narrow the historic query (set-variables takes the unfinished ones only).
   */
  private async selectedIds(
    auth: Authentication | null,
    dto: Pick<
      ProcessInstanceSuspensionStateDto,
      'processInstanceIds' | 'processInstanceQuery' | 'historicProcessInstanceQuery'
    >,
    historicFilters: Record<string, unknown> = {},
  ): Promise<Array<string | null>> {
    const ids: Array<string | null> = [...(dto.processInstanceIds ?? [])];
    if (dto.processInstanceQuery != null) ids.push(...(await this.runningIds(auth, dto.processInstanceQuery)));
    if (dto.historicProcessInstanceQuery != null)
      ids.push(...(await this.historicIds(auth, { ...dto.historicProcessInstanceQuery, ...historicFilters })));
    return ids;
  }

  /** The ids of the running instances a process instance query finds among those the caller may read. */
  private async runningIds(auth: Authentication | null, query: Record<string, unknown>): Promise<string[]> {
    const q = parsePostQuery(PROCESS_INSTANCE_QUERY, query, {}, false);
    const found = await this.rows.read(auth, (qb) =>
      applyFilters(qb, PROCESS_INSTANCE_QUERY, q).select('p.id', 'id').getRawMany<{ id: string }>(),
    );
    return found.map((r) => r.id);
  }

  /** The ids of the instances a historic process instance query finds among those the caller may read. */
  private async historicIds(auth: Authentication | null, query: Record<string, unknown>): Promise<string[]> {
    const q = parsePostQuery(HISTORIC_PROCESS_INSTANCE_QUERY, query, {}, false);
    const found = await this.historic.read(auth, (qb) =>
      applyFilters(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q).select('h.id', 'id').getRawMany<{ id: string }>(),
    );
    return found.map((r) => r.id);
  }

  async get(auth: Authentication | null, id: string): Promise<ProcessInstanceDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notExisting(id);
    return found;
  }

  async delete(auth: Authentication | null, id: string, flags: DeleteFlags): Promise<void> {
    const on = (v?: string) => v === 'true';
    try {
      await this.engine.runtime.deleteProcessInstance(auth, id, {
        skipCustomListeners: on(flags.skipCustomListeners),
        skipIoMappings: on(flags.skipIoMappings),
        skipSubprocesses: on(flags.skipSubprocesses),
      });
    } catch (err) {
      // Not an answer but the request's own choice: failIfNotExists=false makes an unknown id a success.
      if (err instanceof NotFoundError && flags.failIfNotExists === 'false') return;
      throw err;
    }
  }

  /** runtimeService.deleteProcessInstancesAsync: the ids and the instances the query finds among those the caller may read. */
  async deleteAsync(auth: Authentication | null, dto: DeleteProcessInstancesDto): Promise<BatchDto> {
    const ids: string[] = [...(dto.processInstanceIds ?? [])];
    if (dto.processInstanceQuery != null) ids.push(...(await this.runningIds(auth, dto.processInstanceQuery)));
    return this.deleteIds(auth, ids, dto);
  }

  /** POST /process-instance/delete-historic-query-based: as /delete, the instances chosen by a historic query. */
  async deleteAsyncHistoricQueryBased(auth: Authentication | null, dto: DeleteProcessInstancesDto): Promise<BatchDto> {
    const ids: string[] = [...(dto.processInstanceIds ?? [])];
    if (dto.historicProcessInstanceQuery != null)
      ids.push(...(await this.historicIds(auth, dto.historicProcessInstanceQuery)));
    return this.deleteIds(auth, ids, dto);
  }

  /**
   * POST /process-instance/job-retries and .../job-retries-historic-query-based: a set-job-retries batch over the
   * jobs of the instances given and found.
   */
  async setJobRetriesAsync(
    auth: Authentication | null,
    dto: SetJobRetriesByProcessDto,
    historic: boolean,
  ): Promise<BatchDto> {
    const ids: string[] = [...(dto.processInstances ?? [])];
    if (!historic && dto.processInstanceQuery != null)
      ids.push(...(await this.runningIds(auth, dto.processInstanceQuery)));
    if (historic && dto.historicProcessInstanceQuery != null)
      ids.push(...(await this.historicIds(auth, dto.historicProcessInstanceQuery)));
    if (dto.retries == null) throw badRequest('retries is null');
    let dueDate: Date | null | undefined;
    if (dto.dueDate != null) {
      dueDate = parseDate(dto.dueDate);
      if (!dueDate) throw badRequest(`Cannot set due date to value '${dto.dueDate}'`);
    }
    try {
      return toBatchDto(
        await this.engine.batches.setJobRetriesAsync(auth, { processInstanceIds: ids }, dto.retries, dueDate),
      );
    } catch (err) {
      if (err instanceof BadUserRequestError && err.type === 'BadUserRequestException')
        throw new RestError(400, err.message);
      throw err;
    }
  }

  /**
   * POST /process-instance/variables-async: the ids (the engine keeps those that are running), the instances the
   * query finds and the unfinished ones the historic query finds.
   */
  async setVariablesAsync(auth: Authentication | null, dto: SetVariablesAsyncDto): Promise<BatchDto> {
    const variables =
      dto.variables == null ? null : prefixedVariablesFromWire(dto.variables, { prefix: 'Cannot set variables' });
    const selected =
      dto.processInstanceIds != null || dto.processInstanceQuery != null || dto.historicProcessInstanceQuery != null;
    const ids = await this.selectedIds(auth, dto, { unfinished: true });
    try {
      return toBatchDto(
        await this.engine.batches.setVariablesAsync(auth, selected ? (ids as string[]) : null, variables),
      );
    } catch (err) {
      // Camunda's resource turns the engine's null-value refusals into its own 400; BadUserRequest stays as it is.
      if (err instanceof BadUserRequestError && err.type === 'NullValueException') throw badRequest(err.message);
      throw err;
    }
  }

  /** POST /process-instance/message-async: the instances given, found by query and by historic query. */
  async correlateMessageAsync(auth: Authentication | null, dto: CorrelationMessageAsyncDto): Promise<BatchDto> {
    const variables =
      dto.variables == null ? null : prefixedVariablesFromWire(dto.variables, { prefix: 'Cannot set variables' });
    const selected =
      dto.processInstanceIds != null || dto.processInstanceQuery != null || dto.historicProcessInstanceQuery != null;
    const ids = await this.selectedIds(auth, dto);
    try {
      const batch = await this.engine.batches.correlateMessageAsync(
        auth,
        dto.messageName ?? null,
        selected ? (ids as string[]) : null,
        variables,
      );
      return toBatchDto(batch);
    } catch (err) {
      if (err instanceof BadUserRequestError && err.type === 'NullValueException') throw badRequest(err.message);
      throw err;
    }
  }

  private async deleteIds(auth: Authentication | null, ids: string[], dto: DeleteProcessInstancesDto) {
    try {
      const batch = await this.engine.batches.deleteProcessInstancesAsync(auth, ids, {
        deleteReason: dto.deleteReason ?? null,
        skipCustomListeners: dto.skipCustomListeners === true,
        skipSubprocesses: dto.skipSubprocesses === true,
        skipIoMappings: dto.skipIoMappings === true,
        failIfNotExists: dto.failIfNotExists !== false,
      });
      return toBatchDto(batch);
    } catch (err) {
      // Camunda's resource answers the engine's refusal as its own InvalidRequestException.
      if (err instanceof BadUserRequestError) throw new RestError(400, err.message);
      throw err;
    }
  }

  variables(auth: Authentication | null, id: string): VariableScopeAccess {
    const runtime = this.engine.runtime;
    return {
      typeName: 'process instance',
      resourceId: id,
      getAll: () => runtime.getVariables(auth, id),
      get: (name) => runtime.getVariable(auth, id, name),
      modify: (modifications, deletions, operation) =>
        runtime.modifyVariables(auth, id, { modifications, deletions, operation }),
    };
  }

  /** The tree of activity instances now running (the engine checks READ), with their incidents. */
  async activityInstances(auth: Authentication | null, id: string): Promise<ActivityInstanceDto> {
    const tree = await this.engine.runtime.getActivityInstanceTree(auth, id);
    if (!tree) throw notExisting(id);
    const incidents = await this.engine.tx.read((em) =>
      em.getRepository(IncidentEntity).findBy({ processInstanceId: id }),
    );
    return toActivityInstanceDto(tree, incidents);
  }
}
