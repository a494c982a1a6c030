import { EntityManager } from 'typeorm';
import { IncidentEntity } from '../../persistence/entities/runtime/incident.entity';
import { Authentication } from '../command/authentication';
import { AuthorizationChecker } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import type { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { BadUserRequestError, NotFoundError } from '../errors';
import { selectRows } from '../../persistence/raw-rows';
import { OPERATION_CATEGORY } from '../command/user-operation';
import { INCIDENT_TYPE, IncidentManager } from './incident.manager';
import { HistoryLogManager } from '../history/history-log.manager';

/** Incidents the engine opens itself; only setting retries resolves them, never a plain "resolve". */
const HANDLED_BY_ENGINE = new Set<string>(Object.values(INCIDENT_TYPE));

/**
 * What a user may do to an incident: resolve a custom one (Camunda's ResolveIncidentCmd) and set or
 * clear its annotation. Incidents of failed jobs and external tasks go away when retries are set.
 */
export class IncidentService {
  constructor(
    private readonly commands: CommandExecutor<CommandContext>,
    private readonly checker: AuthorizationChecker,
  ) {}

  async resolve(auth: Authentication | null, id: string): Promise<void> {
    await this.commands.execute(auth, {
      execute: async (ctx) => {
        const incident = await this.load(ctx.em, auth, id, `Cannot find an incident with id '${id}': incident is null`);
        if (HANDLED_BY_ENGINE.has(incident.incidentType))
          throw new BadUserRequestError(`Cannot resolve an incident of type ${incident.incidentType}`);
        ctx.manager(IncidentManager).resolve(incident);
      },
    });
  }

  async setAnnotation(auth: Authentication | null, id: string, annotation: string | null): Promise<void> {
    await this.commands.execute(auth, {
      execute: async (ctx) => {
        const incident = await this.load(ctx.em, auth, id, `incident is null`);
        ctx.manager(IncidentManager).setAnnotation(incident, annotation);
        if (!ctx.manager(HistoryLogManager).enabled) return;
        ctx.manager(HistoryLogManager).userOperation({
          operationType: annotation == null ? 'ClearAnnotation' : 'SetAnnotation',
          entityType: 'Incident',
          category: OPERATION_CATEGORY.operator,
          changes: [{ property: 'incidentId', newValue: incident.id }],
          processInstanceId: incident.processInstanceId,
          processDefinitionId: incident.processDefinitionId,
          processDefinitionKey: await this.definitionKey(ctx.em, incident.processDefinitionId),
          executionId: incident.executionId,
          tenantId: incident.tenantId,
        });
      },
    });
  }

  private async load(
    em: EntityManager,
    auth: Authentication | null,
    id: string,
    notFound: string,
  ): Promise<IncidentEntity> {
    const [incident] = await selectRows(em, IncidentEntity, 'WHERE t.id = ?', [id]);
    if (!incident) throw new NotFoundError(notFound);
    if (incident.processInstanceId) {
      const definitionKey = await this.definitionKey(em, incident.processDefinitionId);
      await this.checker.check(em, auth, [
        { permission: 'UPDATE', resource: Resources.PROCESS_INSTANCE, resourceId: incident.processInstanceId },
        { permission: 'UPDATE_INSTANCE', resource: Resources.PROCESS_DEFINITION, resourceId: definitionKey },
      ]);
    }
    return incident;
  }

  private async definitionKey(em: EntityManager, definitionId: string | null): Promise<string | null> {
    if (!definitionId) return null;
    const rows: Array<{ k: string }> = await em.query('SELECT d.`key` AS k FROM act_re_procdef d WHERE d.id = ?', [
      definitionId,
    ]);
    return rows[0]?.k ?? null;
  }
}
