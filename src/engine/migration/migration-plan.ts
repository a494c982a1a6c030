import { ActivityRef, multiInstanceOf, resolveActivity } from '../bpmn/runtime/activity-ref';
import { waitingDefinition } from '../bpmn/runtime/events/graph-events';
import { FlowNode, ProcessGraph } from '../bpmn/model';

/** One instruction of a plan: Camunda's REST form carries the ids as one-element lists. */
export interface MigrationInstruction {
  sourceActivityId: string;
  targetActivityId: string;
  updateEventTrigger: boolean;
}

export interface MigrationPlan {
  sourceProcessDefinitionId: string;
  targetProcessDefinitionId: string;
  instructions: MigrationInstruction[];
  /** Variables set on every migrated instance, in the wire format (name -> {value, type, valueInfo}). */
  variables: Record<string, unknown> | null;
}

export interface InstructionReport {
  instruction: MigrationInstruction;
  failures: string[];
}

/**
 * A process graph as migration sees it (Camunda's PVM scopes): every flow node and every multi-instance body is an
 * activity; an activity's flow scope is the (event) sub-process or multi-instance body around it, or the process
 * (null); a boundary event's event scope is the activity it is attached to (its body when that is multi-instance), an
 * event sub-process start's the scope around the event sub-process.
 */
export class MigrationGraph {
  constructor(readonly graph: ProcessGraph) {}

  ref(activityId: string): ActivityRef | null {
    return resolveActivity(this.graph, activityId);
  }

  /** Every activity of the graph, bodies included, in document order. */
  activityIds(): string[] {
    const out: string[] = [];
    for (const node of this.graph.elements.values()) {
      const mi = multiInstanceOf(node);
      if (mi) out.push(mi.bodyId);
      out.push(node.id);
    }
    return out;
  }

  /** The enclosing sub-process or body of an activity; null: the process. */
  flowScope(activityId: string): string | null {
    const ref = this.ref(activityId);
    if (!ref) return null;
    const mi = multiInstanceOf(ref.node);
    if (mi && !ref.isBody) return mi.bodyId;
    if (ref.node.type === 'boundaryEvent') return this.flowScope(this.attachedScope(ref.node.attachedToId));
    const scopeId = ref.node.scopeId;
    return scopeId === this.graph.key ? null : scopeId;
  }

  /** The activity a boundary event hangs on at runtime: a multi-instance activity's body. */
  private attachedScope(activityId: string): string {
    const node = this.graph.elements.get(activityId);
    const mi = node ? multiInstanceOf(node) : null;
    return mi ? mi.bodyId : activityId;
  }

  /**
   * Where an event waits: the attached activity of a boundary event, the scope around an event sub-process of its
   * start event (null: the process); undefined for activities that are not such events.
   */
  eventScope(activityId: string): string | null | undefined {
    const ref = this.ref(activityId);
    if (!ref || ref.isBody) return undefined;
    if (ref.node.type === 'boundaryEvent') return this.attachedScope(ref.node.attachedToId);
    if (ref.node.type === 'startEvent' && this.graph.scopes.get(ref.node.scopeId)?.kind === 'eventSubProcess') {
      const espScope = this.graph.elements.get(ref.node.scopeId)?.scopeId;
      return espScope == null || espScope === this.graph.key ? null : espScope;
    }
    return undefined;
  }

  /** True when `ancestor` (null: the process) is a flow scope above `activityId`. */
  isAncestorFlowScope(ancestor: string | null, activityId: string): boolean {
    if (ancestor == null) return true;
    for (let s = this.flowScope(activityId); s != null; s = this.flowScope(s)) if (s === ancestor) return true;
    return false;
  }

  /** The waiting events of an activity (its boundary events) that hang on its scope execution. */
  boundaryEventsOf(activityId: string): string[] {
    const ref = this.ref(activityId);
    if (!ref) return [];
    const mi = multiInstanceOf(ref.node);
    if (mi && !ref.isBody) return [];
    return this.waiting(this.boundaryIds(ref.node));
  }

  /** The waiting start events of the event sub-processes right inside a scope (null: the process). */
  eventSubProcessStartsOf(scopeId: string | null): string[] {
    const scope = this.graph.scopes.get(scopeId ?? this.graph.key);
    if (!scope) return [];
    return this.waiting(scope.eventSubProcessIds.flatMap((esp) => this.graph.scopes.get(esp)?.startEventIds ?? []));
  }

  private boundaryIds(node: FlowNode): readonly string[] {
    return 'boundaryEventIds' in node ? node.boundaryEventIds : [];
  }

  private waiting(ids: readonly string[]): string[] {
    return ids.filter((id) => waitingDefinition(this.graph.elements.get(id)) != null);
  }

  /** Camunda's behaviour class of an activity: instructions map only activities of the same (or an equivalent) one. */
  behavior(activityId: string): string {
    const ref = this.ref(activityId)!;
    const node = ref.node;
    if (ref.isBody)
      return multiInstanceOf(node)!.isSequential
        ? 'SequentialMultiInstanceActivityBehavior'
        : 'ParallelMultiInstanceActivityBehavior';
    const conditional = waitingDefinition(node)?.kind === 'conditional';
    switch (node.type) {
      case 'userTask':
        return 'UserTaskActivityBehavior';
      case 'receiveTask':
        return 'ReceiveTaskActivityBehavior';
      case 'serviceTask':
      case 'sendTask':
      case 'businessRuleTask':
        if ('externalTask' in node && node.externalTask) return 'ExternalTaskActivityBehavior';
        if (node.type === 'businessRuleTask' && 'decision' in node && node.decision)
          return 'DmnBusinessRuleTaskActivityBehavior';
        return 'ServiceTaskExpressionActivityBehavior';
      case 'scriptTask':
        return 'ScriptTaskActivityBehavior';
      case 'task':
      case 'manualTask':
        return 'TaskActivityBehavior';
      case 'subProcess':
        return node.triggeredByEvent ? 'EventSubProcessActivityBehavior' : 'SubProcessActivityBehavior';
      case 'callActivity':
        return 'CallActivityBehavior';
      case 'intermediateCatchEvent':
        return conditional ? 'IntermediateConditionalEventBehavior' : 'IntermediateCatchEventActivityBehavior';
      case 'boundaryEvent':
        return conditional ? 'BoundaryConditionalEventActivityBehavior' : 'BoundaryEventActivityBehavior';
      case 'startEvent':
        if (this.graph.scopes.get(node.scopeId)?.kind === 'eventSubProcess')
          return conditional
            ? 'EventSubProcessStartConditionalEventActivityBehavior'
            : 'EventSubProcessStartEventActivityBehavior';
        return 'NoneStartEventActivityBehavior';
      case 'endEvent':
        return 'NoneEndEventActivityBehavior';
      case 'intermediateThrowEvent':
        return 'IntermediateThrowNoneEventActivityBehavior';
      case 'exclusiveGateway':
        return 'ExclusiveGatewayActivityBehavior';
      case 'parallelGateway':
        return 'ParallelGatewayActivityBehavior';
      case 'inclusiveGateway':
        return 'InclusiveGatewayActivityBehavior';
      case 'eventBasedGateway':
        return 'EventBasedGatewayActivityBehavior';
    }
  }

  /** Activities whose instances can be migrated (Camunda's SupportedActivityValidator, used when generating). */
  isSupported(activityId: string): boolean {
    const ref = this.ref(activityId);
    if (!ref) return false;
    if (!ref.isBody && ref.node.type !== 'subProcess' && 'isForCompensation' in ref.node && ref.node.isForCompensation)
      return false;
    if (!ref.isBody && (ref.node.async.asyncBefore || ref.node.async.asyncAfter)) return true;
    return SUPPORTED.has(this.behavior(activityId));
  }

  /** An event that waits in a subscription or timer of its own (Camunda's definesPersistentEventTrigger). */
  definesPersistentEventTrigger(activityId: string): boolean {
    const ref = this.ref(activityId);
    if (!ref || ref.isBody) return false;
    const node = ref.node;
    if (node.type === 'startEvent' && this.graph.scopes.get(node.scopeId)?.kind !== 'eventSubProcess') return false;
    return waitingDefinition(node) != null;
  }

  /** Camunda's activity type of an event (`boundaryTimer`, `intermediateMessageCatch`, ...), or null. */
  eventType(activityId: string): string | null {
    const ref = this.ref(activityId);
    if (!ref || ref.isBody) return null;
    const t = ref.node.type;
    return t === 'boundaryEvent' || t === 'intermediateCatchEvent' || t === 'startEvent' ? ref.node.activityType : null;
  }
}

const SUPPORTED = new Set([
  'SubProcessActivityBehavior',
  'UserTaskActivityBehavior',
  'BoundaryEventActivityBehavior',
  'ParallelMultiInstanceActivityBehavior',
  'SequentialMultiInstanceActivityBehavior',
  'ReceiveTaskActivityBehavior',
  'CallActivityBehavior',
  'IntermediateCatchEventActivityBehavior',
  'EventBasedGatewayActivityBehavior',
  'EventSubProcessActivityBehavior',
  'EventSubProcessStartEventActivityBehavior',
  'ExternalTaskActivityBehavior',
  'ParallelGatewayActivityBehavior',
  'InclusiveGatewayActivityBehavior',
  'IntermediateConditionalEventBehavior',
  'BoundaryConditionalEventActivityBehavior',
  'EventSubProcessStartConditionalEventActivityBehavior',
]);

/** Behaviours Camunda treats as one when mapping. */
const EQUIVALENT: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['SubProcessActivityBehavior', 'EventSubProcessActivityBehavior']),
];

function sameBehavior(a: string, b: string): boolean {
  return a === b || EQUIVALENT.some((set) => set.has(a) && set.has(b));
}

export function instructionText(i: MigrationInstruction): string {
  return `MigrationInstructionImpl{sourceActivityId='${i.sourceActivityId}', targetActivityId='${i.targetActivityId}', updateEventTrigger='${i.updateEventTrigger}'}`;
}

/**
 * The failures of each instruction (Camunda's MigrationInstructionValidators, in their order); instructions without
 * failures are left out. Instructions naming activities that do not exist fail with that alone.
 */
export function validateInstructions(
  source: MigrationGraph,
  target: MigrationGraph,
  instructions: MigrationInstruction[],
): InstructionReport[] {
  const reports: InstructionReport[] = [];
  const bySource = new Map<string, MigrationInstruction[]>();
  for (const i of instructions) {
    if (!bySource.has(i.sourceActivityId)) bySource.set(i.sourceActivityId, []);
    bySource.get(i.sourceActivityId)!.push(i);
  }
  for (const instruction of instructions) {
    const failures: string[] = [];
    const { sourceActivityId: s, targetActivityId: t } = instruction;
    if (!source.ref(s)) failures.push(`Source activity '${s}' does not exist`);
    if (!target.ref(t)) failures.push(`Target activity '${t}' does not exist`);
    if (!failures.length) failures.push(...instructionFailures(source, target, instruction, bySource));
    if (failures.length) reports.push({ instruction, failures });
  }
  return reports;
}

function instructionFailures(
  source: MigrationGraph,
  target: MigrationGraph,
  instruction: MigrationInstruction,
  bySource: Map<string, MigrationInstruction[]>,
): string[] {
  const failures: string[] = [];
  const { sourceActivityId: s, targetActivityId: t } = instruction;
  const sb = source.behavior(s);
  const tb = target.behavior(t);
  if (!sameBehavior(sb, tb)) failures.push(`Activities have incompatible types (${sb} is not compatible with ${tb})`);
  const se = source.eventType(s);
  const te = target.eventType(t);
  if (se && te && se !== te) failures.push(`Events are not of the same type (${se} != ${te})`);
  const same = bySource.get(s) ?? [];
  if (same.length > 1)
    failures.push(`There are multiple mappings for source activity id '${s}': ${same.map(instructionText).join(', ')}`);
  const sourceEventScope = source.eventScope(s);
  if (sourceEventScope !== undefined && source.ref(s)!.node.activityType !== 'compensationBoundaryCatch') {
    const eventScopeIsFlowScope = sourceEventScope === source.flowScope(s);
    if (!eventScopeIsFlowScope) {
      const targetEventScope = target.eventScope(t);
      const mapped = sourceEventScope == null ? null : bySource.get(sourceEventScope)?.[0]?.targetActivityId;
      const label = (id: string | null) => id ?? '';
      if (targetEventScope === undefined)
        failures.push(
          `The source activity's event scope (${label(sourceEventScope)}) must be mapped but the target activity has no event scope`,
        );
      else if ((sourceEventScope == null ? null : (mapped ?? '\u0000')) !== targetEventScope)
        failures.push(
          `The source activity's event scope (${label(sourceEventScope)}) must be mapped to the target activity's event scope (${label(targetEventScope)})`,
        );
    }
  }
  if (instruction.updateEventTrigger && !source.definesPersistentEventTrigger(s))
    failures.push('Cannot update event trigger because the activity does not define a persistent event trigger');
  let ancestor = source.flowScope(s);
  while (ancestor != null && !bySource.has(ancestor)) ancestor = source.flowScope(ancestor);
  if (ancestor != null) {
    const ancestorTarget = bySource.get(ancestor)![0].targetActivityId;
    if (target.ref(ancestorTarget) && !target.isAncestorFlowScope(ancestorTarget, t))
      failures.push(
        `The closest mapped ancestor '${ancestor}' is mapped to scope '${ancestorTarget}' which is not an ancestor of target scope '${t}'`,
      );
  }
  return failures;
}

/**
 * Camunda's DefaultMigrationInstructionGenerator: activities with equal ids and the same behaviour, scope by scope
 * from the process down (an activity inside a sub-process is mapped only when the sub-process is); events that wait
 * update their trigger when asked to (conditional events always do).
 */
export function generateInstructions(
  source: MigrationGraph,
  target: MigrationGraph,
  updateEventTriggers: boolean,
): MigrationInstruction[] {
  const instructions: MigrationInstruction[] = [];
  const sourceIds = source.activityIds();
  const targetIds = new Set(target.activityIds());
  const inScope = (g: MigrationGraph, ids: Iterable<string>, scope: string | null) =>
    [...ids].filter((id) => g.flowScope(id) === scope);
  const visit = (sourceScope: string | null, targetScope: string | null) => {
    const generated: MigrationInstruction[] = [];
    for (const id of inScope(source, sourceIds, sourceScope)) {
      if (!targetIds.has(id) || target.flowScope(id) !== targetScope) continue;
      if (!source.isSupported(id) || !target.isSupported(id)) continue;
      const candidate: MigrationInstruction = {
        sourceActivityId: id,
        targetActivityId: id,
        updateEventTrigger:
          source.behavior(id).includes('Conditional') ||
          (updateEventTriggers && source.definesPersistentEventTrigger(id)),
      };
      generated.push(candidate);
    }
    instructions.push(...generated);
    // Instructions that fail (their event scope unmapped, another behaviour) are dropped, as the generator filters.
    let changed = true;
    while (changed) {
      const failing = new Set(validateInstructions(source, target, instructions).map((r) => r.instruction));
      changed = failing.size > 0;
      for (const f of failing) instructions.splice(instructions.indexOf(f), 1);
    }
    for (const i of generated)
      if (instructions.includes(i) && source.graph.scopes.has(i.sourceActivityId))
        visit(i.sourceActivityId, i.targetActivityId);
      else if (instructions.includes(i) && source.ref(i.sourceActivityId)?.isBody)
        visit(i.sourceActivityId, i.targetActivityId);
  };
  visit(null, null);
  return instructions;
}
