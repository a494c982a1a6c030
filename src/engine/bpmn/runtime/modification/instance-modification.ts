import { ExecutionEntity } from '../../../../persistence/entities/runtime/execution.entity';
import { ModelDataError, NotValidError } from '../../../errors';
import { TypedValue } from '../../../variables/typed-value';
import { FlowNode } from '../../model';
import { activityInstanceId } from '../operations/activity-start.operation';
import { ActivityInstanceNode, activityInstanceTree, ActivityInstanceTree } from '../activity-instances';
import { bodyRef, MULTI_INSTANCE_BODY_SUFFIX, multiInstanceOf, nodeRef, resolveActivity } from '../activity-ref';
import { Agenda } from '../agenda';
import { cancelProcessInstance, cancelSubtrees, CancelOptions } from '../cancellation';
import { subscribeBoundaryEvents, subscribeEventSubProcesses } from '../events/event-waits';
import { expandScope, newTokenInScope } from '../events/tree-expansion';
import { fireListeners } from '../execution-listeners';
import { compactScope, createScopeExecution, isMultiInstanceBodyScope } from '../execution-tree';
import { applyInputMappings } from '../io-mapping';
import { ProcessInstanceState } from '../process-instance-state';
import type { RuntimeContext } from '../runtime-context';
import { VariableStore } from '../variable-store';

/** One instruction of a modification or of a start at chosen activities (Camunda's ProcessInstanceModificationInstructionDto). */
export interface ModificationInstruction {
  type: 'cancel' | 'startBeforeActivity' | 'startAfterActivity' | 'startTransition';
  activityId?: string | null;
  transitionId?: string | null;
  activityInstanceId?: string | null;
  transitionInstanceId?: string | null;
  ancestorActivityInstanceId?: string | null;
  cancelCurrentActiveActivityInstances?: boolean;
  variables?: InstructionVariable[];
}

export interface InstructionVariable {
  name: string;
  value: TypedValue;
  /** Set on the execution that enters the target, not propagated up to where the variable lives. */
  local: boolean;
}

export interface ModificationFlags {
  skipCustomListeners: boolean;
  skipIoMappings: boolean;
}

/** Camunda's text for each instruction, which its failures quote. */
export function describeInstruction(i: ModificationInstruction): string {
  const ancestor = i.ancestorActivityInstanceId
    ? ` with ancestor activity instance '${i.ancestorActivityInstanceId}'`
    : '';
  switch (i.type) {
    case 'startBeforeActivity':
      return `Start before activity '${i.activityId}'${ancestor}`;
    case 'startAfterActivity':
      return `Start after activity '${i.activityId}'${ancestor}`;
    case 'startTransition':
      return `Start transition '${i.transitionId}'${ancestor}`;
    case 'cancel':
      if (i.activityInstanceId) return `Cancel activity instance '${i.activityInstanceId}'`;
      if (i.transitionInstanceId) return `Cancel transition instance '${i.transitionInstanceId}'`;
      return `Cancel all of activity '${i.activityId}'`;
  }
}

function failure(i: ModificationInstruction, detail: string): NotValidError {
  return new NotValidError(`Cannot perform instruction: ${describeInstruction(i)}; ${detail}`);
}

/**
 * Runs one instruction on a loaded instance and the steps it planned (Camunda runs each instruction to its wait
 * states before the next one looks at the tree). `before`: the tree as it was when the modification began.
 */
export async function applyInstruction(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  instruction: ModificationInstruction,
  flags: ModificationFlags,
  before: ActivityInstanceTree,
): Promise<void> {
  if (instance.ended) throw failure(instruction, `Process instance '${instance.id}' has ended`);
  if (instruction.type === 'cancel') await cancel(ctx, instance, instruction, flags, before);
  else await instantiate(ctx, instance, instruction, flags);
  await ctx.manager(Agenda).run();
}

/**
 * After the last instruction: an instance left with nothing to do (everything canceled, nothing started) is
 * canceled as a whole, as Camunda's ModifyProcessInstanceCmd does.
 */
export async function finishModification(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  flags: ModificationFlags,
): Promise<void> {
  const root = instance.root;
  if (instance.ended || instance.children(root).length || root.activityId) return;
  await cancelProcessInstance(ctx, instance, {
    state: 'EXTERNALLY_TERMINATED',
    reason: 'Cancellation due to process instance modifcation',
    calledInstanceState: 'EXTERNALLY_TERMINATED',
    skipCustomListeners: flags.skipCustomListeners,
    continueCaller: true,
  });
}

// ---- cancellation

async function cancel(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  instruction: ModificationInstruction,
  flags: ModificationFlags,
  before: ActivityInstanceTree,
): Promise<void> {
  const tree = activityInstanceTree(instance);
  if (instruction.activityInstanceId) {
    const node = tree.nodes.get(instruction.activityInstanceId);
    if (!node) throw failure(instruction, `Activity instance '${instruction.activityInstanceId}' does not exist`);
    await cancelInstance(ctx, instance, tree, node.id, flags);
    return;
  }
  if (instruction.transitionInstanceId) {
    if (!tree.transitions.has(instruction.transitionInstanceId))
      throw failure(instruction, `Transition instance '${instruction.transitionInstanceId}' does not exist`);
    await cancelInstance(ctx, instance, tree, instruction.transitionInstanceId, flags);
    return;
  }
  const activityId = instruction.activityId!;
  if (!instance.graph.elements.get(activityId) && !activityId.endsWith(MULTI_INSTANCE_BODY_SUFFIX))
    throw failure(instruction, `Activity '${activityId}' does not exist`);
  // Every instance of the activity, those started by earlier instructions too unless only the current ones count.
  const source = instruction.cancelCurrentActiveActivityInstances ? before : tree;
  const ids = [
    ...[...source.nodes.values()].filter((n) => n.activityId === activityId).map((n) => n.id),
    ...[...source.transitions.values()].filter((t) => t.node.activityId === activityId).map((t) => t.node.id),
  ];
  for (const id of ids) {
    // The tree changes with every cancellation: an instance canceled with its parent is gone.
    const now = activityInstanceTree(instance);
    if (!now.nodes.has(id) && !now.transitions.has(id)) continue;
    await cancelInstance(ctx, instance, now, id, flags);
  }
}

function childCount(node: ActivityInstanceNode): number {
  return node.childActivityInstances.length + node.childTransitionInstances.length;
}

/**
 * Cancels an activity or transition instance. Where it is the only child of its parent, the parent goes instead
 * (up to the process instance, which stays, idle, for the instructions after this one).
 */
async function cancelInstance(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  tree: ActivityInstanceTree,
  id: string,
  flags: ModificationFlags,
  walkUp = true,
): Promise<void> {
  const opts = cancelOptions(flags);
  let targetId = id;
  let parentId =
    tree.nodes.get(id)?.parentActivityInstanceId ?? tree.transitions.get(id)!.node.parentActivityInstanceId;
  while (walkUp && parentId !== tree.root.id) {
    const parent = tree.nodes.get(parentId)!;
    if (childCount(parent) > 1) break;
    targetId = parent.id;
    parentId = parent.parentActivityInstanceId!;
  }
  if (walkUp && parentId === tree.root.id && childCount(tree.root) <= 1) {
    // Everything goes; the instance's own subscriptions (its event sub-processes) stay until it ends.
    await clearScope(ctx, instance, instance.root, opts);
    return;
  }
  const holder = tree.holders.get(targetId) ?? tree.transitions.get(targetId)!.execution;
  if (!walkUp && !holder.isConcurrent) {
    // Alone in its scope: the scope stays, idle, for what starts there next.
    await clearScope(ctx, instance, holder, opts);
    return;
  }
  const scope = instance.parent(holder);
  if (!holder.isConcurrent || !scope) {
    // A token alone in its scope whose parent has other children cannot be: the walk above went past it.
    throw new ModelDataError(`The activity instance '${targetId}' cannot be canceled on its own`);
  }
  await cancelSubtrees(ctx, instance, [holder], opts);
  if (isMultiInstanceBodyScope(instance, scope)) {
    const active = ctx.manager(VariableStore).getLocal(scope, 'nrOfActiveInstances');
    if (active && typeof active.value === 'number')
      ctx
        .manager(VariableStore)
        .setLocal(scope, 'nrOfActiveInstances', { type: 'integer', value: active.value - 1, valueInfo: {} });
    return;
  }
  compactScope(ctx, instance, scope);
}

/** Cancels everything running in a scope; the scope execution stays, idle, with the subscriptions of its own scope. */
async function clearScope(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  scope: ExecutionEntity,
  opts: CancelOptions,
): Promise<void> {
  if (scope.activityId) await expandScope(ctx, instance, scope);
  await cancelSubtrees(ctx, instance, instance.children(scope), opts);
  scope.activityId = null;
  scope.activityInstanceId = instance.scopeInstanceId(scope);
  scope.isActive = false;
}

function cancelOptions(flags: ModificationFlags): CancelOptions {
  return {
    skipCustomListeners: flags.skipCustomListeners,
    calledInstanceState: 'EXTERNALLY_TERMINATED',
    reason: 'Cancellation due to process instance modification',
  };
}

/**
 * What the first activity entered interrupts, as Camunda's activity start behaviours: an interrupting event
 * sub-process (entered itself or at its start event) everything else in its scope, an interrupting boundary event
 * the one instance of the activity it is attached to.
 */
async function interruptFor(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  toEnter: string[],
  target: Target,
  scopeExecution: ExecutionEntity,
  ancestor: ActivityInstanceNode,
  flags: ModificationFlags,
): Promise<void> {
  const graph = instance.graph;
  const topmost = graph.elements.get(toEnter[0] ?? target.elementId);
  if (topmost?.type === 'subProcess' && topmost.triggeredByEvent) {
    const start = graph.elements.get(graph.scopes.get(topmost.id)?.startEventIds[0] ?? '');
    const atStart = toEnter.length === 0 || (toEnter.length === 1 && target.elementId === start?.id);
    if (start?.type === 'startEvent' && start.isInterrupting && atStart)
      await clearScope(ctx, instance, scopeExecution, cancelOptions(flags));
    return;
  }
  if (toEnter.length === 0 && topmost?.type === 'boundaryEvent' && topmost.cancelActivity) {
    const tree = activityInstanceTree(instance);
    const attached = (tree.nodes.get(ancestor.id) ?? tree.root).childActivityInstances.filter(
      (n) => n.activityId === topmost.attachedToId || n.activityId === bodyIdOf(instance, topmost.attachedToId),
    );
    if (attached.length > 1)
      throw new ModelDataError(`Executions for activity Activity(${topmost.attachedToId}) ambiguous`);
    if (attached.length === 1) await cancelInstance(ctx, instance, tree, attached[0].id, flags, false);
  }
}

function bodyIdOf(instance: ProcessInstanceState, activityId: string): string | null {
  const node = instance.graph.elements.get(activityId);
  return node && multiInstanceOf(node) ? bodyRef(node).id : null;
}

// ---- instantiation

/** The flow scopes of an element from its own up to the process (a multi-instance sub-process is entered through its body). */
function flowScopeChain(instance: ProcessInstanceState, scopeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | null = scopeId; id; id = instance.graph.scopes.get(id)?.parentScopeId ?? null) {
    chain.push(id);
    const node = instance.graph.elements.get(id);
    if (node && multiInstanceOf(node)) chain.push(bodyRef(node).id);
  }
  return chain;
}

function scopeKey(instance: ProcessInstanceState, node: ActivityInstanceNode, tree: ActivityInstanceTree): string {
  return node === tree.root ? instance.graph.key : node.activityId;
}

interface Target {
  /** The flow scope the first created token lives in. */
  scopeId: string;
  elementId: string;
  /** Before a multi-instance activity itself: its body, which may already run (then one more inner instance). */
  body?: string;
  run(token: ExecutionEntity): void;
}

function targetOf(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  instruction: ModificationInstruction,
  flags: ModificationFlags,
): Target {
  const graph = instance.graph;
  const takeFlow = (flowId: string) => (token: ExecutionEntity) =>
    ctx.manager(Agenda).plan({ kind: 'TRANSITION_TAKE', execution: token, flowId });
  if (instruction.type === 'startTransition') {
    const flow = graph.sequenceFlows.get(instruction.transitionId ?? '');
    if (!flow)
      throw failure(
        instruction,
        `Element '${instruction.transitionId}' does not exist in process '${instance.definition.id}'`,
      );
    return { scopeId: flow.scopeId, elementId: flow.id, run: takeFlow(flow.id) };
  }
  const ref = resolveActivity(graph, instruction.activityId ?? null);
  const node = ref?.node;
  if (instruction.type === 'startAfterActivity') {
    if (!node) throw failure(instruction, `Activity '${instruction.activityId}' does not exist`);
    if (node.outgoing.length === 0)
      throw new ModelDataError(
        `Cannot start after activity ${node.id}; activity has no outgoing sequence flow to take`,
      );
    if (node.outgoing.length > 1)
      throw new ModelDataError(
        `Cannot start after activity ${node.id}; activity has more than one outgoing sequence flow`,
      );
    return { scopeId: node.scopeId, elementId: node.id, run: takeFlow(node.outgoing[0]) };
  }
  if (!node)
    throw failure(
      instruction,
      `Element '${instruction.activityId}' does not exist in process '${instance.definition.id}'`,
    );
  if (node.type === 'boundaryEvent' && node.eventDefinition?.kind === 'compensate')
    throw new ModelDataError(`Cannot start before activity ${node.id}; activity is a compensation boundary event.`);
  // An event sub-process started as a whole begins at its (first) start event, as if that had fired.
  const startEventId =
    node.type === 'subProcess' && node.triggeredByEvent ? graph.scopes.get(node.id)?.startEventIds[0] : undefined;
  return {
    scopeId: node.scopeId,
    elementId: ref!.id,
    body: !ref!.isBody && multiInstanceOf(node) ? bodyRef(node).id : undefined,
    run: (token) =>
      ctx.manager(Agenda).plan({
        kind: 'ACTIVITY_START',
        execution: token,
        activityId: node.id,
        startEventId,
        skipListeners: flags.skipCustomListeners,
        skipIoMappings: flags.skipIoMappings,
      }),
  };
}

/**
 * Starts before an activity, after one, or on a sequence flow: below the given ancestor activity instance, or
 * below the one instance of the nearest enclosing scope that has one; the scopes in between are entered first
 * (with their listeners, input mappings, boundary events and event sub-processes), as Camunda's
 * AbstractInstantiationCmd.
 */
export async function instantiate(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  instruction: ModificationInstruction,
  flags: ModificationFlags,
): Promise<void> {
  const target = targetOf(ctx, instance, instruction, flags);
  const tree = activityInstanceTree(instance);
  const chain = flowScopeChain(instance, target.scopeId);
  if (target.body) chain.unshift(target.body);
  const instancesOf = (scope: string) =>
    scope === instance.graph.key
      ? [tree.root]
      : [...tree.nodes.values()].filter((n) => n !== tree.root && n.activityId === scope);
  let depth: number;
  let ancestor: ActivityInstanceNode;
  if (!instruction.ancestorActivityInstanceId) {
    depth = chain.findIndex((s) => instancesOf(s).length > 0);
    const found = instancesOf(chain[depth]);
    if (found.length > 1) {
      const flowScope =
        chain[0] === instance.graph.key ? `ProcessDefinition(${instance.definition.id})` : `Activity(${chain[0]})`;
      throw new ModelDataError(`Ancestor activity execution is ambiguous for activity ${flowScope}`);
    }
    ancestor = found[0];
  } else {
    const found = tree.nodes.get(instruction.ancestorActivityInstanceId);
    if (!found)
      throw failure(
        instruction,
        `Ancestor activity instance '${instruction.ancestorActivityInstanceId}' does not exist`,
      );
    depth = chain.indexOf(scopeKey(instance, found, tree));
    if (depth < 0)
      throw failure(
        instruction,
        `Scope execution for '${found.id}' cannot be found in parent hierarchy of flow element '${target.elementId}'`,
      );
    ancestor = found;
  }
  const scopeExecution = tree.scopes.get(ancestor.id);
  if (!scopeExecution) throw new ModelDataError(`There are 0 (!= 1) executions for activity instance ${ancestor.id}`);
  const toEnter = chain.slice(0, depth).reverse();
  // No body runs yet: the activity starts as usual, its body with every instance.
  if (target.body && toEnter[toEnter.length - 1] === target.body) toEnter.pop();
  const ancestorNode =
    ancestor === tree.root
      ? null
      : instance.graph.elements.get(ancestor.activityId.replace(MULTI_INSTANCE_BODY_SUFFIX, ''));
  const inBody = ancestor.activityId.endsWith(MULTI_INSTANCE_BODY_SUFFIX);
  if (inBody && multiInstanceOf(ancestorNode!)?.isSequential)
    throw new ModelDataError(`Concurrent instantiation not possible for activities in scope ${ancestor.activityId}`);
  if (toEnter.some((s) => s.endsWith(MULTI_INSTANCE_BODY_SUFFIX)))
    throw new ModelDataError(
      `Cannot perform instruction: ${describeInstruction(instruction)}; starting inside a multi-instance activity without an instance of its body is not supported`,
    );
  await interruptFor(ctx, instance, toEnter, target, scopeExecution, ancestor, flags);
  let token = await newTokenInScope(ctx, instance, scopeExecution);
  for (const [i, scopeId] of toEnter.entries()) {
    const node = instance.graph.elements.get(scopeId)!;
    const loopCounter = i === 0 && inBody ? addInnerInstance(ctx, scopeExecution) : undefined;
    token = await enterScope(ctx, instance, token, node, flags, loopCounter);
  }
  if (inBody && toEnter.length === 0) {
    // The target is the multi-instance activity itself, in its body: one more inner instance.
    const loopCounter = addInnerInstance(ctx, scopeExecution);
    ctx.manager(Agenda).plan({
      kind: 'ACTIVITY_START',
      execution: token,
      activityId: target.elementId,
      inner: { loopCounter },
      skipListeners: flags.skipCustomListeners,
      skipIoMappings: flags.skipIoMappings,
    });
    setVariables(ctx, token, instruction);
    return;
  }
  setVariables(ctx, token, instruction);
  target.run(token);
}

function setVariables(ctx: RuntimeContext, token: ExecutionEntity, instruction: ModificationInstruction): void {
  const store = ctx.manager(VariableStore);
  for (const v of instruction.variables ?? []) {
    if (v.local) store.setLocal(token, v.name, v.value);
    else store.set(token, v.name, v.value);
  }
}

/** Camunda's ParallelMultiInstanceActivityBehavior.createInnerInstance: the body counts one instance more. */
function addInnerInstance(ctx: RuntimeContext, body: ExecutionEntity): number {
  const store = ctx.manager(VariableStore);
  const count = (name: string) => {
    const v = store.getLocal(body, name);
    return typeof v?.value === 'number' ? v.value : 0;
  };
  const n = count('nrOfInstances');
  store.setLocal(body, 'nrOfInstances', { type: 'integer', value: n + 1, valueInfo: {} });
  store.setLocal(body, 'nrOfActiveInstances', {
    type: 'integer',
    value: count('nrOfActiveInstances') + 1,
    valueInfo: {},
  });
  return n;
}

/**
 * Enters a scope activity without running it (its start event is not taken): the instance, its scope execution,
 * history, input mappings, start listeners, boundary events and event sub-processes. Returns the idle scope
 * execution, where the next step starts.
 */
async function enterScope(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  token: ExecutionEntity,
  node: FlowNode,
  flags: ModificationFlags,
  loopCounter?: number,
): Promise<ExecutionEntity> {
  const ref = nodeRef(node);
  const parentActivityInstanceId = instance.scopeInstanceId(instance.scopeOf(token));
  token.activityId = ref.id;
  token.activityInstanceId = activityInstanceId(ref.id);
  token.isActive = true;
  const scope = createScopeExecution(ctx, instance, token);
  if (loopCounter !== undefined)
    ctx.manager(VariableStore).setLocal(scope, 'loopCounter', { type: 'integer', value: loopCounter, valueInfo: {} });
  ctx.afterCommit(() => ctx.deps.metrics.activityInstanceStarted());
  ctx.history.activityStarted({
    activityInstanceId: token.activityInstanceId,
    parentActivityInstanceId,
    activityId: ref.id,
    activityName: node.name,
    activityType: ref.activityType,
    execution: scope,
    processDefinitionKey: instance.definition.key,
    sequenceCounter: ctx.nextSequence(instance),
  });
  if (!flags.skipIoMappings) await applyInputMappings(ctx, scope, node);
  if (!flags.skipCustomListeners) await fireListeners(ctx, scope, node.executionListeners, 'start', node.id);
  if (!multiInstanceOf(node)) subscribeBoundaryEvents(ctx, instance, scope, node);
  if (node.type === 'subProcess') subscribeEventSubProcesses(ctx, instance, scope, node.id);
  scope.activityId = null;
  scope.activityInstanceId = token.activityInstanceId;
  scope.isActive = false;
  return scope;
}
