import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { BadUserRequestError } from '../../errors';
import { FlowNode, SequenceFlow } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluateCondition } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';

export function outgoingFlows(instance: ProcessInstanceState, node: FlowNode): SequenceFlow[] {
  return node.outgoing.map((id) => instance.graph.sequenceFlows.get(id)!).filter(Boolean);
}

function defaultFlowId(node: FlowNode): string | null {
  return 'defaultFlowId' in node ? node.defaultFlowId : null;
}

function conditionHolds(ctx: RuntimeContext, execution: ExecutionEntity, flow: SequenceFlow): boolean {
  return flow.condition == null || evaluateCondition(ctx, execution, flow.condition);
}

/**
 * Camunda's default outgoing behaviour of activities: every non-default flow whose condition holds
 * (several make an implicit parallel split), else the default flow, else the token simply ends.
 */
export function defaultOutgoing(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, node: FlowNode): SequenceFlow[] {
  const flows = outgoingFlows(instance, node);
  const defaultId = defaultFlowId(node);
  const taken = flows.filter((f) => f.id !== defaultId && conditionHolds(ctx, execution, f));
  if (taken.length) return taken;
  const fallback = flows.find((f) => f.id === defaultId);
  return fallback ? [fallback] : [];
}

/** Exclusive gateway: the first flow in document order whose condition holds, else the default. */
export function exclusiveOutgoing(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, node: FlowNode): SequenceFlow[] {
  const flows = outgoingFlows(instance, node);
  if (flows.length === 0) return [];
  const defaultId = defaultFlowId(node);
  const chosen = flows.find((f) => f.id !== defaultId && conditionHolds(ctx, execution, f)) ?? flows.find((f) => f.id === defaultId);
  if (!chosen) throw noFlowSelected(node);
  return [chosen];
}

/** Inclusive gateway: every flow whose condition holds, else the default. */
export function inclusiveOutgoing(ctx: RuntimeContext, instance: ProcessInstanceState, execution: ExecutionEntity, node: FlowNode): SequenceFlow[] {
  const flows = outgoingFlows(instance, node);
  if (flows.length === 0) return [];
  const defaultId = defaultFlowId(node);
  const taken = flows.filter((f) => f.id !== defaultId && conditionHolds(ctx, execution, f));
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
