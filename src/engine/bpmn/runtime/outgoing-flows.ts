import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { BadUserRequestError } from '../../errors';
import { FlowNode, SequenceFlow } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluateCondition } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';
import { runConditionScript } from './scripts';

export function outgoingFlows(instance: ProcessInstanceState, node: FlowNode): SequenceFlow[] {
  return node.outgoing.map((id) => instance.graph.sequenceFlows.get(id)!).filter(Boolean);
}

function defaultFlowId(node: FlowNode): string | null {
  return 'defaultFlowId' in node ? node.defaultFlowId : null;
}

async function conditionHolds(ctx: RuntimeContext, execution: ExecutionEntity, flow: SequenceFlow): Promise<boolean> {
  if (flow.conditionScript)
    return runConditionScript(ctx, execution, flow.conditionScript, flow.id, `sequence flow '${flow.id}'`);
  return flow.condition == null || evaluateCondition(ctx, execution, flow.condition);
}

/** The flows whose condition holds, in document order; conditions run one after another (scripts may write variables). */
async function holding(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  flows: SequenceFlow[],
  defaultId: string | null,
  firstOnly: boolean,
): Promise<SequenceFlow[]> {
  const taken: SequenceFlow[] = [];
  for (const f of flows) {
    if (f.id === defaultId || !(await conditionHolds(ctx, execution, f))) continue;
    taken.push(f);
    if (firstOnly) break;
  }
  return taken;
}

/**
 * Camunda's default outgoing behaviour of activities: every non-default flow whose condition holds
 * (several make an implicit parallel split), else the default flow, else the token simply ends.
 */
export async function defaultOutgoing(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  node: FlowNode,
): Promise<SequenceFlow[]> {
  const flows = outgoingFlows(instance, node);
  const defaultId = defaultFlowId(node);
  const taken = await holding(ctx, execution, flows, defaultId, false);
  if (taken.length) return taken;
  const fallback = flows.find((f) => f.id === defaultId);
  return fallback ? [fallback] : [];
}

/** Exclusive gateway: the first flow in document order whose condition holds, else the default. */
export async function exclusiveOutgoing(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  node: FlowNode,
): Promise<SequenceFlow[]> {
  const flows = outgoingFlows(instance, node);
  if (flows.length === 0) return [];
  const defaultId = defaultFlowId(node);
  const chosen = (await holding(ctx, execution, flows, defaultId, true))[0] ?? flows.find((f) => f.id === defaultId);
  if (!chosen) throw noFlowSelected(node);
  return [chosen];
}

/** Inclusive gateway: every flow whose condition holds, else the default. */
export async function inclusiveOutgoing(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  node: FlowNode,
): Promise<SequenceFlow[]> {
  const flows = outgoingFlows(instance, node);
  if (flows.length === 0) return [];
  const defaultId = defaultFlowId(node);
  const taken = await holding(ctx, execution, flows, defaultId, false);
  if (taken.length) return taken;
  const fallback = flows.find((f) => f.id === defaultId);
  if (!fallback) throw noFlowSelected(node);
  return [fallback];
}

function noFlowSelected(node: FlowNode): BadUserRequestError {
  return new BadUserRequestError(
    `ENGINE-02004 No outgoing sequence flow for the element with id '${node.id}' could be selected for continuing the process.`,
    'ProcessEngineException',
  );
}
