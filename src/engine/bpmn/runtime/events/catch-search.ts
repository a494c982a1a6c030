import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import {
  BoundaryEventNode,
  ErrorEventDefinition,
  EscalationEventDefinition,
  FlowNode,
  StartEventNode,
} from '../../model';
import { ActivityRef, bodyRef, isMultiInstanceInner, needsScope, resolveActivity } from '../activity-ref';
import { applyCallOutputs } from '../call-mappings';
import type { RuntimeContext } from '../runtime-context';
import { ProcessInstanceState } from '../process-instance-state';

/** One level of the way out from where an error or escalation was thrown: an activity, or the flow scope around it. */
export type CatchFrame =
  | {
      kind: 'activity';
      instance: ProcessInstanceState;
      ref: ActivityRef;
      host: ExecutionEntity;
      scope: ExecutionEntity | null;
    }
  | { kind: 'scope'; instance: ProcessInstanceState; scopeId: string; scope: ExecutionEntity };

type ActivityFrame = Extract<CatchFrame, { kind: 'activity' }>;
type ScopeFrame = Extract<CatchFrame, { kind: 'scope' }>;

function at(instance: ProcessInstanceState, execution: ExecutionEntity, ref: ActivityRef) {
  return needsScope(ref) ? { host: instance.parent(execution)!, scope: execution } : { host: execution, scope: null };
}

/**
 * From the throwing activity outwards: the activity (its boundary events), its flow scope (event
 * sub-processes), the activity owning that scope, ... up to the process, then on into the calling
 * instance through its call activity, whose camunda:out mappings pass the called instance's variables
 * up on the way (as Camunda does for errors and escalations). Multi-instance boundary events belong to the body.
 */
async function* frames(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
): AsyncGenerator<CatchFrame> {
  let { host, scope } = at(instance, execution, ref);
  for (;;) {
    yield { kind: 'activity', instance, ref, host, scope };
    if (isMultiInstanceInner(ref)) {
      const body = instance.scopeOf(host);
      ref = bodyRef(ref.node);
      scope = body;
      host = instance.parent(body)!;
      continue;
    }
    const flowScope = instance.scopeOf(host);
    yield { kind: 'scope', instance, scopeId: ref.node.scopeId, scope: flowScope };
    if (flowScope.parentId) {
      host = instance.parent(flowScope)!;
      ref = resolveActivity(instance.graph, host.activityId)!;
      scope = flowScope;
      continue;
    }
    if (!flowScope.superExecutionId) return;
    const caller = await ctx.loadInstanceOfExecution(flowScope.superExecutionId);
    const superExecution = caller?.get(flowScope.superExecutionId);
    const callRef = caller && superExecution ? resolveActivity(caller.graph, superExecution.activityId) : null;
    if (!caller || !superExecution || !callRef) return;
    if (callRef.node.type === 'callActivity')
      applyCallOutputs(ctx, superExecution, flowScope, callRef.node.callActivity);
    instance = caller;
    ref = callRef;
    ({ host, scope } = at(instance, superExecution, ref));
  }
}

/** What is thrown: which definitions can catch it and under which code. */
export interface Thrown<D extends ErrorEventDefinition | EscalationEventDefinition> {
  definitionOf(node: FlowNode | undefined): D | null;
  codeOf(definition: D): string | null;
  code: string;
  /** An event sub-process that must not catch (Camunda: an escalation thrown directly inside its own event sub-process). */
  skipEventSubProcessId?: string;
}

export type Caught<D> =
  | { kind: 'boundary'; frame: ActivityFrame; node: BoundaryEventNode; definition: D }
  | { kind: 'eventSubProcess'; frame: ScopeFrame; node: StartEventNode; subProcessId: string; definition: D };

/** Specific codes win over catch-all definitions, as in Camunda. */
function pick<T extends { definition: D }, D extends ErrorEventDefinition | EscalationEventDefinition>(
  candidates: T[],
  thrown: Thrown<D>,
): T | undefined {
  return (
    candidates.find((c) => thrown.codeOf(c.definition) === thrown.code) ??
    candidates.find((c) => thrown.codeOf(c.definition) == null)
  );
}

function boundaryCatch<D extends ErrorEventDefinition | EscalationEventDefinition>(
  frame: ActivityFrame,
  thrown: Thrown<D>,
): Caught<D> | null {
  if (isMultiInstanceInner(frame.ref) || !frame.scope || !('boundaryEventIds' in frame.ref.node)) return null;
  const graph = frame.instance.graph;
  const candidates = frame.ref.node.boundaryEventIds
    .map((id) => graph.elements.get(id) as BoundaryEventNode)
    .map((node) => ({ node, definition: thrown.definitionOf(node)! }))
    .filter((c) => c.definition);
  const found = pick(candidates, thrown);
  return found ? { kind: 'boundary', frame, ...found } : null;
}

function eventSubProcessCatch<D extends ErrorEventDefinition | EscalationEventDefinition>(
  frame: ScopeFrame,
  thrown: Thrown<D>,
): Caught<D> | null {
  const graph = frame.instance.graph;
  const candidates = (graph.scopes.get(frame.scopeId)?.eventSubProcessIds ?? [])
    .filter((espId) => espId !== thrown.skipEventSubProcessId)
    .flatMap((espId) =>
      (graph.scopes.get(espId)?.startEventIds ?? [])
        .map((id) => graph.elements.get(id) as StartEventNode)
        .map((node) => ({ subProcessId: espId, node, definition: thrown.definitionOf(node)! }))
        .filter((c) => c.definition),
    );
  const found = pick(candidates, thrown);
  return found ? { kind: 'eventSubProcess', frame, ...found } : null;
}

/**
 * The nearest boundary event or event sub-process that catches what `execution` throws at `ref`,
 * looking outwards from there (into calling instances too); null when nothing catches it.
 */
export async function findCatch<D extends ErrorEventDefinition | EscalationEventDefinition>(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  ref: ActivityRef,
  thrown: Thrown<D>,
): Promise<Caught<D> | null> {
  for await (const frame of frames(ctx, instance, execution, ref)) {
    const caught =
      frame.kind === 'activity'
        ? boundaryCatch(frame, thrown)
        : eventSubProcessCatch(
            frame,
            frame.instance === instance ? thrown : { ...thrown, skipEventSubProcessId: undefined },
          );
    if (caught) return caught;
  }
  return null;
}

export function errorDefinitionOf(node: FlowNode | undefined): ErrorEventDefinition | null {
  return node && 'eventDefinition' in node && node.eventDefinition?.kind === 'error' ? node.eventDefinition : null;
}

export function escalationDefinitionOf(node: FlowNode | undefined): EscalationEventDefinition | null {
  return node && 'eventDefinition' in node && node.eventDefinition?.kind === 'escalation' ? node.eventDefinition : null;
}
