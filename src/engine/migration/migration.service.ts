import type { RuntimeContext } from '../bpmn/runtime/runtime-context';
import { Authentication } from '../command/authentication';
import { CommandExecutor } from '../command/command-executor';
import { MigrateProcessInstancesCmd, MigrationOptions } from './commands/migrate-process-instances.cmd';
import { MigrationPlanCmd, PlanRequest, PlanValidation, planValidationError } from './commands/migration-plan.cmd';

/** Process instance migration (Camunda's runtimeService.createMigrationPlan and newMigration). */
export class MigrationService {
  constructor(private readonly commands: CommandExecutor<RuntimeContext>) {}

  /** createMigrationPlan(...).mapEqualActivities() with the given instructions; refused when it is not valid. */
  async generate(
    auth: Authentication | null,
    request: PlanRequest,
    updateEventTriggers: boolean,
  ): Promise<PlanRequest> {
    const found = await this.commands.read(auth, new MigrationPlanCmd(request, { updateEventTriggers }));
    if (found.instructionReports.length) throw planValidationError(found.plan, found.instructionReports);
    return found.plan;
  }

  /** The failures of a plan's instructions (none: the plan is valid). */
  validate(auth: Authentication | null, request: PlanRequest): Promise<PlanValidation> {
    return this.commands.read(auth, new MigrationPlanCmd(request, null));
  }

  execute(
    auth: Authentication | null,
    plan: PlanRequest,
    ids: Array<string | null>,
    options: MigrationOptions,
  ): Promise<void> {
    return this.commands.execute(auth, new MigrateProcessInstancesCmd(plan, ids, options));
  }
}
