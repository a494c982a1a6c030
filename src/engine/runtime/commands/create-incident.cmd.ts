import { IncidentEntity } from '../../../persistence/entities/runtime/incident.entity';
import type { CommandContext } from '../../bpmn/runtime/command-context';
import { BadUserRequestError } from '../../errors';
import { Command } from '../command';
import { checkUpdateInstance } from '../runtime-authorization';
import { newId } from '../../util/ids';

/** runtimeService.createIncident: a custom incident on an execution that is in an activity. */
export class CreateIncidentCmd implements Command<IncidentEntity> {
  constructor(
    private readonly executionId: string,
    private readonly incidentType: string | null,
    private readonly configuration: string | null,
    private readonly message: string | null,
  ) {}

  async execute(ctx: CommandContext): Promise<IncidentEntity> {
    if (this.incidentType == null) throw new BadUserRequestError('incidentType is null');
    const instance = await ctx.loadInstanceOfExecution(this.executionId);
    const execution = instance?.get(this.executionId);
    if (!instance || !execution) throw new BadUserRequestError(`Cannot find an execution with executionId '${this.executionId}': execution is null`);
    if (!execution.activityId) throw new BadUserRequestError('Execution must be related to an activity: activity is null');
    await checkUpdateInstance(ctx, { id: instance.id, definitionKey: instance.definition.key });
    const id = newId();
    const incident = Object.assign(new IncidentEntity(), {
      id, rev: 1, incidentTimestamp: ctx.now(), incidentMessage: this.message, incidentType: this.incidentType, executionId: execution.id,
      activityId: execution.activityId, failedActivityId: execution.activityId, processInstanceId: instance.id,
      processDefinitionId: instance.definition.id, causeIncidentId: id, rootCauseIncidentId: id, configuration: this.configuration,
      tenantId: instance.root.tenantId, jobDefinitionId: null, annotation: null,
    });
    ctx.uow.insert(IncidentEntity, incident);
    ctx.touch(instance);
    return incident;
  }
}
