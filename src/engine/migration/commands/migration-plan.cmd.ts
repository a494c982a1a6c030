import { Resources } from '../../authorization/resources';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { Command } from '../../command/command';
import { BadUserRequestError, MigrationValidationError } from '../../errors';
import { VariableMap } from '../../variables/typed-value';
import { ResolvedPlan } from '../instance-migration';
import {
  generateInstructions,
  instructionText,
  InstructionReport,
  MigrationGraph,
  MigrationInstruction,
  validateInstructions,
} from '../migration-plan';

export interface PlanRequest {
  sourceProcessDefinitionId: string | null;
  targetProcessDefinitionId: string | null;
  instructions: MigrationInstruction[];
  variables: VariableMap | null;
}

export interface PlanValidation {
  plan: PlanRequest;
  instructionReports: InstructionReport[];
}

/** The two definitions of a plan with their graphs, READ checked when `permission` is given. */
export async function resolvePlan(
  ctx: RuntimeContext,
  request: Pick<PlanRequest, 'sourceProcessDefinitionId' | 'targetProcessDefinitionId'>,
  instructions: MigrationInstruction[],
  permission: 'READ' | null,
): Promise<ResolvedPlan> {
  const load = async (id: string | null, kind: 'Source' | 'Target') => {
    const name = kind === 'Source' ? 'sourceProcessDefinitionId' : 'targetProcessDefinitionId';
    if (id == null) throw new BadUserRequestError(`${name} is null`);
    const found = await ctx.deps.repository.cache.processDefinition(ctx.em, id);
    if (!found) throw new BadUserRequestError(`${kind} process definition with id '${id}' does not exist`);
    return found;
  };
  const source = await load(request.sourceProcessDefinitionId, 'Source');
  const target = await load(request.targetProcessDefinitionId, 'Target');
  if (permission)
    for (const d of [source, target])
      await ctx.checkPermissions([{ permission, resource: Resources.PROCESS_DEFINITION, resourceId: d.key }]);
  const bySource = new Map<string, MigrationInstruction>();
  for (const i of instructions) if (!bySource.has(i.sourceActivityId)) bySource.set(i.sourceActivityId, i);
  return {
    source,
    target,
    sourceGraph: new MigrationGraph(await ctx.graph(source)),
    targetGraph: new MigrationGraph(await ctx.graph(target)),
    bySource,
  };
}

/** Camunda's MigrationPlanValidationReportImpl.writeTo. */
export function planReportText(plan: PlanRequest, reports: InstructionReport[]): string {
  let out = `Migration plan for process definition '${plan.sourceProcessDefinitionId}' to '${plan.targetProcessDefinitionId}' is not valid:\n`;
  for (const r of reports) {
    out += `\t Migration instruction ${instructionText(r.instruction)} is not valid:\n`;
    for (const f of r.failures) out += `\t\t${f}\n`;
  }
  return out;
}

export function planValidationError(plan: PlanRequest, reports: InstructionReport[]): MigrationValidationError {
  return new MigrationValidationError(planReportText(plan, reports), 'MigrationPlanValidationException', {
    instructionReports: reports,
    variableReports: {},
  });
}

/**
 * runtimeService.createMigrationPlan(...).build() without throwing: the plan (generated from equal activity ids when
 * `generate` is set, then completed by the given instructions) and the failures of its instructions. READ on both
 * definitions, as the REST resource's queries need.
 */
export class MigrationPlanCmd implements Command<PlanValidation, RuntimeContext> {
  constructor(
    private readonly request: PlanRequest,
    private readonly generate: { updateEventTriggers: boolean } | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<PlanValidation> {
    const resolved = await resolvePlan(ctx, this.request, this.request.instructions, 'READ');
    let instructions = this.request.instructions;
    if (this.generate)
      instructions = generateInstructions(
        resolved.sourceGraph,
        resolved.targetGraph,
        this.generate.updateEventTriggers,
      );
    const plan = { ...this.request, instructions };
    return { plan, instructionReports: validateInstructions(resolved.sourceGraph, resolved.targetGraph, instructions) };
  }
}
