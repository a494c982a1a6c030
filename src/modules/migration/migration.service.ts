import { Injectable } from '@nestjs/common';
import { badRequest } from '../../common/errors/rest-error';
import { BatchDto, toBatchDto } from '../../common/dto/batch.dto';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { PlanRequest } from '../../engine/migration/commands/migration-plan.cmd';
import { MigrationInstruction } from '../../engine/migration/migration-plan';
import { ProcessEngine } from '../../engine/process-engine';
import { ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { applyFilters } from '../../common/query/apply-query';
import { parsePostQuery } from '../../common/query/parse-query';
import { PROCESS_INSTANCE_LIST, PROCESS_INSTANCE_QUERY } from '../../common/query/process-instance-query';
import { ResourceQuery } from '../../common/query/resource-query';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import {
  MigrationExecutionDto,
  MigrationInstructionDto,
  MigrationPlanDto,
  MigrationPlanGenerationDto,
  MigrationPlanReportDto,
} from './migration.dto';

function toInstructionDto(i: MigrationInstruction): MigrationInstructionDto {
  return {
    sourceActivityIds: [i.sourceActivityId],
    targetActivityIds: [i.targetActivityId],
    updateEventTrigger: i.updateEventTrigger,
  };
}

function toInstruction(dto: MigrationInstructionDto): MigrationInstruction {
  const source = dto.sourceActivityIds?.[0];
  const target = dto.targetActivityIds?.[0];
  if (source == null) throw badRequest('sourceActivityIds is empty');
  if (target == null) throw badRequest('targetActivityIds is empty');
  return { sourceActivityId: source, targetActivityId: target, updateEventTrigger: dto.updateEventTrigger === true };
}

/** The REST side of process instance migration (Camunda's MigrationRestServiceImpl). */
@Injectable()
export class MigrationRestService {
  private readonly instances: ResourceQuery<ExecutionEntity, ProcessInstanceDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.instances = new ResourceQuery(engine, PROCESS_INSTANCE_LIST);
  }

  async generate(auth: Authentication | null, dto: MigrationPlanGenerationDto): Promise<MigrationPlanDto> {
    const request: PlanRequest = {
      sourceProcessDefinitionId: dto.sourceProcessDefinitionId ?? null,
      targetProcessDefinitionId: dto.targetProcessDefinitionId ?? null,
      instructions: [],
      variables: variablesFromWire(dto.variables),
    };
    const plan = await this.engine.migration.generate(auth, request, dto.updateEventTriggers === true);
    return {
      sourceProcessDefinitionId: plan.sourceProcessDefinitionId,
      targetProcessDefinitionId: plan.targetProcessDefinitionId,
      instructions: plan.instructions.map(toInstructionDto),
      variables: dto.variables ?? null,
    };
  }

  async validate(auth: Authentication | null, dto: MigrationPlanDto): Promise<MigrationPlanReportDto> {
    const found = await this.engine.migration.validate(auth, this.plan(dto));
    return {
      instructionReports: found.instructionReports.map((r) => ({
        instruction: toInstructionDto(r.instruction),
        failures: r.failures,
      })),
      variableReports: {},
    };
  }

  async execute(auth: Authentication | null, dto: MigrationExecutionDto): Promise<void> {
    await this.engine.migration.execute(auth, this.executionPlan(dto), await this.ids(auth, dto), this.options(dto));
  }

  async executeAsync(auth: Authentication | null, dto: MigrationExecutionDto): Promise<BatchDto> {
    const batch = await this.engine.batches.migrateProcessInstancesAsync(
      auth,
      this.executionPlan(dto),
      await this.ids(auth, dto),
      this.options(dto),
    );
    return toBatchDto(batch);
  }

  private executionPlan(dto: MigrationExecutionDto): PlanRequest {
    if (dto.migrationPlan == null) throw badRequest('Migration plan cannot be null');
    return this.plan(dto.migrationPlan);
  }

  private plan(dto: MigrationPlanDto): PlanRequest {
    return {
      sourceProcessDefinitionId: dto.sourceProcessDefinitionId ?? null,
      targetProcessDefinitionId: dto.targetProcessDefinitionId ?? null,
      instructions: (dto.instructions ?? []).map(toInstruction),
      variables: variablesFromWire(dto.variables),
    };
  }

  private options(dto: MigrationExecutionDto) {
    return { skipCustomListeners: dto.skipCustomListeners === true, skipIoMappings: dto.skipIoMappings === true };
  }

  private async ids(auth: Authentication | null, dto: MigrationExecutionDto): Promise<Array<string | null>> {
    const ids: Array<string | null> = [...(dto.processInstanceIds ?? [])];
    if (dto.processInstanceQuery != null) {
      const q = parsePostQuery(PROCESS_INSTANCE_QUERY, dto.processInstanceQuery, {}, false);
      const found = await this.instances.read(auth, (qb) =>
        applyFilters(qb, PROCESS_INSTANCE_QUERY, q).select('p.id', 'id').getRawMany<{ id: string }>(),
      );
      for (const r of found) ids.push(r.id);
    }
    return ids;
  }
}
