import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { needsScope, resolveActivity } from './activity-ref';
import { ProcessInstanceState } from './process-instance-state';

const GATEWAYS = new Set(['parallelGateway', 'inclusiveGateway', 'exclusiveGateway', 'eventBasedGateway']);

/** A token resting before or after an activity (an async continuation not yet run): Camunda's transition instance. */
export interface TransitionInstanceNode {
  id: string;
  parentActivityInstanceId: string;
  activityId: string;
  activityType: string;
  activityName: string | null;
  processInstanceId: string;
  processDefinitionId: string;
  executionId: string;
}

export interface ActivityInstanceNode {
  id: string;
  parentActivityInstanceId: string | null;
  activityId: string;
  activityType: string;
  activityName: string | null;
  processInstanceId: string;
  processDefinitionId: string;
  executionIds: string[];
  childActivityInstances: ActivityInstanceNode[];
  childTransitionInstances: TransitionInstanceNode[];
}

/**
 * The activity instance tree with the executions behind it: `holders` maps an activity instance to the execution
 * that is in the activity (for a scope activity the parent of its scope execution), `scopes` to the scope execution
 * its children live in (the root for the process instance), `transitions` a transition instance to its token.
 */
export interface ActivityInstanceTree {
  root: ActivityInstanceNode;
  nodes: Map<string, ActivityInstanceNode>;
  holders: Map<string, ExecutionEntity>;
  scopes: Map<string, ExecutionEntity>;
  transitions: Map<string, { node: TransitionInstanceNode; execution: ExecutionEntity }>;
}

/**
 * Reads Camunda's activity instance tree off the execution tree: every execution inside an activity stands for that
 * activity's instance; a token waiting in a join is an instance of the join while the join waits for others (an
 * inactive parallel or inclusive gateway), never for the other gateways; a token parked by an async continuation
 * (at an activity without an activity instance) is a transition instance.
 */
export function activityInstanceTree(instance: ProcessInstanceState): ActivityInstanceTree {
  const { root, definition, graph } = instance;
  const base = {
    processInstanceId: instance.id,
    processDefinitionId: definition.id,
  };
  const tree: ActivityInstanceNode = {
    ...base,
    id: root.id,
    parentActivityInstanceId: null,
    activityId: definition.id,
    activityType: 'processDefinition',
    activityName: definition.name ?? graph.name,
    executionIds: [root.id],
    childActivityInstances: [],
    childTransitionInstances: [],
  };
  const nodes = new Map<string, ActivityInstanceNode>([[tree.id, tree]]);
  const holders = new Map<string, ExecutionEntity>();
  const scopes = new Map<string, ExecutionEntity>([[tree.id, root]]);
  const transitions = new Map<string, { node: TransitionInstanceNode; execution: ExecutionEntity }>();
  const order: ActivityInstanceNode[] = [];
  for (const e of [root, ...instance.descendants(root)]) {
    const ref = resolveActivity(graph, e.activityId);
    if (!ref) continue;
    const parentActivityInstanceId = instance.scopeInstanceId(instance.scopeOf(e));
    if (!e.activityInstanceId) {
      const node: TransitionInstanceNode = {
        ...base,
        id: e.id,
        parentActivityInstanceId,
        activityId: ref.id,
        activityType: ref.activityType,
        activityName: ref.node.name,
        executionId: e.id,
      };
      transitions.set(e.id, { node, execution: e });
      continue;
    }
    if (nodes.has(e.activityInstanceId)) continue;
    if (!e.isActive && GATEWAYS.has(ref.node.type) && !isWaitingJoin(ref.node.type, e)) continue;
    const scoped = needsScope(ref) ? instance.children(e).filter((c) => c.isScope) : [];
    const created: ActivityInstanceNode = {
      ...base,
      id: e.activityInstanceId,
      parentActivityInstanceId,
      activityId: ref.id,
      activityType: ref.activityType,
      activityName: ref.node.name,
      executionIds: needsScope(ref) ? scoped.map((c) => c.id) : [e.id],
      childActivityInstances: [],
      childTransitionInstances: [],
    };
    nodes.set(created.id, created);
    holders.set(created.id, e);
    if (scoped.length) scopes.set(created.id, scoped[0]);
    order.push(created);
  }
  for (const n of order) (nodes.get(n.parentActivityInstanceId!) ?? tree).childActivityInstances.push(n);
  for (const { node } of transitions.values())
    (nodes.get(node.parentActivityInstanceId) ?? tree).childTransitionInstances.push(node);
  return { root: tree, nodes, holders, scopes, transitions };
}

/** A join's token that arrived and waits for the others (Camunda keeps it as an activity instance of the join). */
function isWaitingJoin(type: string, e: ExecutionEntity): boolean {
  return (type === 'parallelGateway' || type === 'inclusiveGateway') && e.isConcurrent && !e.isActive;
}
