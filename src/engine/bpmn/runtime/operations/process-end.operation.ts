import type { AtomicOperation } from '../atomic-operation';
import type { RuntimeContext } from '../runtime-context';
import { fireListeners } from '../execution-listeners';
import { finishProcessInstance } from '../instance-end';

type Op = Extract<AtomicOperation, { kind: 'PROCESS_END' }>;

export async function processEnd(ctx: RuntimeContext, op: Op): Promise<void> {
  const instance = ctx.instanceOf(op.execution);
  await fireListeners(ctx, instance.root, instance.graph.executionListeners, 'end', instance.graph.key);
  await finishProcessInstance(ctx, instance, {
    state: 'COMPLETED',
    endActivityId: instance.lastEndActivityId,
    deleteReason: null,
    passOutputs: true,
    continueCaller: true,
  });
}
