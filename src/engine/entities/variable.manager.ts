import { VariableEntity } from '../../persistence/entities/runtime/variable.entity';
import { deleteWhereStatement, updateWhereStatement } from '../../persistence/raw-rows';
import { CommandContext } from '../command/command-context';
import { newId } from '../util/ids';
import { idChunks } from '../history/process-history-tables';

/**
 * The one place that writes runtime variables (Camunda's VariableInstanceManager): the rows of loaded instances are
 * watched (a changed value is written at flush, revision-checked), new ones inserted, removed ones deleted. Which
 * scope holds which name, and what a change means for history and conditional events, is the BPMN runtime's
 * variable store.
 */
export class VariableManager {
  constructor(private readonly ctx: CommandContext) {}

  /** The variables of an instance the command loaded: changes to their columns are written at flush. */
  adopt(rows: readonly VariableEntity[]): void {
    for (const row of rows) this.ctx.uow.track(VariableEntity, row);
  }

  create(fields: Omit<VariableEntity, 'id' | 'rev'>): VariableEntity {
    const variable = Object.assign(new VariableEntity(), { id: newId(), rev: 1, ...fields });
    this.ctx.uow.insert(VariableEntity, variable);
    return variable;
  }

  delete(variable: VariableEntity): void {
    this.ctx.uow.delete(VariableEntity, variable);
  }

  /** The revision a variable's row has once this command is written (a stored one changed here gets one more). */
  writtenRevision(variable: VariableEntity): number {
    return this.ctx.uow.isNew(variable) ? variable.rev : variable.rev + 1;
  }

  /** Variables of execution `from` belong to `to` from now on (the tree was compacted). */
  repoint(from: string, to: string): void {
    this.ctx.uow.sql((em) => [updateWhereStatement(em, VariableEntity, { executionId: to }, { executionId: from })]);
  }

  /** The rows of process instances that go in bulk with nothing of them loaded (a deployment deleted with cascade). */
  purgeOfInstances(processInstanceIds: string[]): void {
    if (!processInstanceIds.length) return;
    this.ctx.uow.sql((em) =>
      idChunks(processInstanceIds).map((part) => deleteWhereStatement(em, VariableEntity, { processInstanceId: part })),
    );
  }
}
