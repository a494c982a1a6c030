import { UserOperationLogEntryEntity } from '../../persistence/entities/history/user-operation-log-entry.entity';
import { Authentication } from '../command/authentication';
import { PermissionCheck } from '../authorization/authorization-checker';
import { Resources } from '../authorization/resources';
import { CommandContext } from '../command/command-context';
import { CommandExecutor } from '../command/command-executor';
import { BadUserRequestError } from '../errors';
import { OPERATION_CATEGORY } from '../command/user-operation';
import { HistoryLogManager } from './history-log.manager';

/** Camunda's entity type of the log's own entries. */
const OPERATION_LOG = 'OperationLog';

/** What changing an entry needs: the history permission on its definition, or the permission on its category. */
function entryChecks(entry: UserOperationLogEntryEntity, history: string, category: string): PermissionCheck[] {
  const checks: PermissionCheck[] = [];
  if (entry.processDefinitionKey)
    checks.push({
      permission: history,
      resource: Resources.PROCESS_DEFINITION,
      resourceId: entry.processDefinitionKey,
    });
  checks.push({ permission: category, resource: Resources.OPERATION_LOG_CATEGORY, resourceId: entry.category });
  return checks;
}

/** The changes a user may make to the user operation log: annotate an operation, delete an entry (each logged itself). */
export class UserOperationLogService {
  constructor(private readonly commands: CommandExecutor) {}

  /** Sets (or, with null, clears) the annotation of every entry of one operation. */
  setAnnotation(auth: Authentication | null, operationId: string, annotation: string | null): Promise<void> {
    return this.commands.execute(auth, {
      execute: async (ctx: CommandContext) => {
        const entries = await ctx.em.getRepository(UserOperationLogEntryEntity).findBy({ operationId });
        if (!entries.length) throw new BadUserRequestError('operation logs is empty');
        for (const entry of entries) await ctx.checkPermissions(entryChecks(entry, 'UPDATE_HISTORY', 'UPDATE'));
        ctx.manager(HistoryLogManager).annotateOperation(operationId, annotation);
        const first = entries[0];
        ctx.manager(HistoryLogManager).userOperation({
          operationType: annotation == null ? 'ClearAnnotation' : 'SetAnnotation',
          entityType: OPERATION_LOG,
          category: OPERATION_CATEGORY.operator,
          changes: [{ property: 'operationId', newValue: operationId }],
          processDefinitionId: first.processDefinitionId,
          processDefinitionKey: first.processDefinitionKey,
          processInstanceId: first.processInstanceId,
          rootProcessInstanceId: first.rootProcessInstanceId,
        });
      },
    });
  }

  /** Deletes one entry; an unknown id is no error (Camunda's DeleteUserOperationLogEntryCmd). */
  delete(auth: Authentication | null, entryId: string): Promise<void> {
    return this.commands.execute(auth, {
      execute: async (ctx: CommandContext) => {
        const entry = await ctx.em.getRepository(UserOperationLogEntryEntity).findOneBy({ id: entryId });
        if (!entry) return;
        await ctx.checkPermissions(entryChecks(entry, 'DELETE_HISTORY', 'DELETE'));
        ctx.manager(HistoryLogManager).removeOperationLogEntry(entryId);
        ctx.manager(HistoryLogManager).userOperation({
          operationType: 'Delete',
          entityType: OPERATION_LOG,
          category: OPERATION_CATEGORY.operator,
          changes: [{ property: null }],
          processDefinitionId: entry.processDefinitionId,
          processDefinitionKey: entry.processDefinitionKey,
          processInstanceId: entry.processInstanceId,
          rootProcessInstanceId: entry.rootProcessInstanceId,
        });
      },
    });
  }
}
