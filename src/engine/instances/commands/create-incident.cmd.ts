import { IncidentEntity } from '../../../persistence/entities/runtime/incident.entity';
import type { RuntimeContext } from '../../bpmn/runtime/runtime-context';
import { BadUserRequestError } from '../../errors';
import { Command } from '../../command/command';
import { checkUpdateInstance } from '../../bpmn/runtime/runtime-authorization';
import { IncidentManager } from '../../incident/incident.manager';

/** runtimeService.createIncident: a custom incident on an execution that is in an activity. */
export class CreateIncidentCmd implements Command<IncidentEntity> {
  constructor(
    private readonly executionId: string,
    private readonly incidentType: string | null,
    private readonly configuration: string | null,
    private readonly message: string | null,
  ) {}

  async execute(ctx: RuntimeContext): Promise<IncidentEntity> {
    if (this.incidentType == null) throw new BadUserRequestError('incidentType is null');
    const instance = await ctx.loadInstanceOfExecution(this.executionId);
    const execution = instance?.get(this.executionId);
    if (!instance || !execution)
      throw new BadUserRequestError(
        `Cannot find an execution with executionId '${this.executionId}': execution is null`,
      );
    if (!execution.activityId)
      throw new BadUserRequestError('Execution must be related to an activity: activity is null');
    await checkUpdateInstance(ctx, {
      id: instance.id,
      definitionKey: instance.definition.key,
      tenantId: instance.definition.tenantId,
    });
    const incident = ctx.manager(IncidentManager).open({
      type: this.incidentType,
      message: this.message,
      executionId: execution.id,
      activityId: execution.activityId,
      processInstanceId: instance.id,
      processDefinitionId: instance.definition.id,
      configuration: this.configuration,
      tenantId: instance.root.tenantId,
    });
    ctx.touch(instance);
    return incident;
  }
}
