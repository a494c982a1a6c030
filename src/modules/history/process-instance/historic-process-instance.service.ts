import { Injectable } from '@nestjs/common';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { HistoricProcessInstanceEntity } from '../../../persistence/entities/history/historic-process-instance.entity';
import { HistoricProcessInstanceDto } from '../../../common/dto/historic-process-instance.dto';
import { HISTORIC_PROCESS_INSTANCE_LIST, HISTORIC_PROCESS_INSTANCE_QUERY } from './historic-process-instance.query';
import { BatchDto, toBatchDto } from '../../../common/dto/batch.dto';
import { applyFilters } from '../../../common/query/apply-query';
import { parsePostQuery } from '../../../common/query/parse-query';
import {
  DeleteHistoricProcessInstancesDto,
  SetRemovalTimeToHistoricProcessInstancesDto,
} from '../batch/historic-batch.dto';
import { removalTimeRequest } from '../batch/historic-batch.service';
import { notFound } from '../../../common/errors/rest-error';
import { AuthorizationError, BadUserRequestError, NotFoundError } from '../../../engine/errors';

@Injectable()
export class HistoricProcessInstanceService {
  readonly rows: ResourceQuery<HistoricProcessInstanceEntity, HistoricProcessInstanceDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, HISTORIC_PROCESS_INSTANCE_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<HistoricProcessInstanceDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Historic process instance with id ${id} does not exist`);
    return found;
  }

  /**
   * As Camunda's resource: every failure but a missing permission answers 404 with one message (a running instance
   * too); `failIfNotExists=false` makes a missing instance no error.
   */
  async delete(auth: Authentication | null, id: string, failIfNotExists: string | undefined): Promise<void> {
    // JAX-RS reads a Boolean with Boolean.valueOf: anything but `true` is false.
    const fail = failIfNotExists == null || failIfNotExists.toLowerCase() === 'true';
    try {
      await this.engine.history.deleteHistoricProcessInstance(auth, id, fail);
    } catch (e) {
      if (e instanceof AuthorizationError) throw e;
      if (e instanceof BadUserRequestError) throw notFound(`Historic process instance with id ${id} does not exist`);
      throw e;
    }
  }

  /** The variables of a finished or running instance; an unknown instance is a 404 with the engine's message. */
  async deleteVariables(auth: Authentication | null, id: string): Promise<void> {
    try {
      await this.engine.history.deleteHistoricVariableInstancesByProcessInstanceId(auth, id);
    } catch (e) {
      if (e instanceof NotFoundError) throw notFound(e.message);
      throw e;
    }
  }

  /** Beyond the spec: historyService.deleteHistoricProcessInstancesAsync, a historic-instance-deletion batch (ids and query together). */
  async deleteAsync(auth: Authentication | null, dto: DeleteHistoricProcessInstancesDto): Promise<BatchDto> {
    const ids: Array<string | null> = [...(dto.historicProcessInstanceIds ?? [])];
    if (dto.historicProcessInstanceQuery != null) {
      const q = parsePostQuery(HISTORIC_PROCESS_INSTANCE_QUERY, dto.historicProcessInstanceQuery, {}, false);
      const found = await this.rows.read(auth, (qb) =>
        applyFilters(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q).select('h.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of found) ids.push(r.id);
    }
    return toBatchDto(await this.engine.batches.deleteHistoricProcessInstancesAsync(auth, ids));
  }

  /**
   * historyService.setRemovalTimeToHistoricProcessInstances().executeAsync(): as Camunda, the ids given count only
   * when they name historic instances the caller may read, like those the query finds.
   */
  async setRemovalTimeAsync(
    auth: Authentication | null,
    dto: SetRemovalTimeToHistoricProcessInstancesDto,
  ): Promise<BatchDto> {
    const request = removalTimeRequest(dto);
    const ids = dto.historicProcessInstanceIds;
    const query = dto.historicProcessInstanceQuery;
    if (ids == null && query == null) throw new BadUserRequestError('Neither query nor ids provided.');
    const found = new Set<string>();
    const select = async (filters: Record<string, unknown>) => {
      const q = parsePostQuery(HISTORIC_PROCESS_INSTANCE_QUERY, filters, {}, false);
      const rows = await this.rows.read(auth, (qb) =>
        applyFilters(qb, HISTORIC_PROCESS_INSTANCE_QUERY, q).select('h.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of rows) found.add(r.id);
    };
    if (query != null) await select(query);
    const given = (ids ?? []).filter((id): id is string => id != null);
    if (given.length) await select({ processInstanceIds: given });
    return toBatchDto(
      await this.engine.batches.setProcessRemovalTimeAsync(auth, [...found], request, dto.hierarchical === true),
    );
  }
}
