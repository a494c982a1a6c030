import { IdentityLinkEntity } from '../../../persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../persistence/entities/runtime/task.entity';
import { newId } from '../../util/ids';
import type { RuntimeContext } from './runtime-context';

export type Candidate = { userId: string; groupId: null } | { userId: null; groupId: string };

/** DelegateTask.addCandidateUser/Group: a `candidate` identity link, with the default grants of the task service. */
export function addCandidate(ctx: RuntimeContext, task: TaskEntity, candidate: Candidate): void {
  ctx.insertIdentityLink(
    Object.assign(new IdentityLinkEntity(), {
      id: newId(),
      rev: 1,
      groupId: candidate.groupId,
      type: 'candidate',
      userId: candidate.userId,
      taskId: task.id,
      processDefinitionId: null,
      tenantId: task.tenantId,
    }),
  );
}

/**
 * DelegateTask.deleteCandidateUser/Group. Listeners run synchronously inside expressions, so stored links
 * go by one statement at flush (after this command's inserts, which it also reaches) instead of a read now.
 */
export function deleteCandidate(ctx: RuntimeContext, task: TaskEntity, candidate: Candidate): void {
  const matches = (l: IdentityLinkEntity) =>
    l.taskId === task.id &&
    l.type === 'candidate' &&
    (candidate.userId != null ? l.userId === candidate.userId : l.groupId === candidate.groupId);
  for (const link of ctx.uow.pendingInserts(IdentityLinkEntity).filter(matches))
    ctx.uow.delete(IdentityLinkEntity, link);
  const where =
    candidate.userId != null
      ? { taskId: task.id, type: 'candidate', userId: candidate.userId }
      : { taskId: task.id, type: 'candidate', groupId: candidate.groupId };
  ctx.uow.statement((em) => em.getRepository(IdentityLinkEntity).delete(where));
}
