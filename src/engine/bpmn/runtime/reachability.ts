import { ProcessGraph } from '../model';
import { MULTI_INSTANCE_BODY_SUFFIX } from './activity-ref';

const cache = new WeakMap<ProcessGraph, Map<string, boolean>>();

/**
 * Whether a token at `fromId` may still reach `targetId` by sequence flows (boundary events
 * included) without passing through the target. Graphs are immutable, so answers are cached.
 */
export function canReach(graph: ProcessGraph, fromId: string, targetId: string): boolean {
  const from = fromId.endsWith(MULTI_INSTANCE_BODY_SUFFIX)
    ? fromId.slice(0, -MULTI_INSTANCE_BODY_SUFFIX.length)
    : fromId;
  let answers = cache.get(graph);
  if (!answers) cache.set(graph, (answers = new Map()));
  const key = `${from}\u0000${targetId}`;
  const known = answers.get(key);
  if (known !== undefined) return known;
  const seen = new Set<string>([from]);
  const queue = [from];
  let found = false;
  while (queue.length && !found) {
    const node = graph.elements.get(queue.shift()!);
    if (!node) continue;
    const next = node.outgoing.map((id) => graph.sequenceFlows.get(id)?.targetId);
    if ('boundaryEventIds' in node) next.push(...node.boundaryEventIds);
    for (const id of next) {
      if (!id || seen.has(id)) continue;
      if (id === targetId) {
        found = true;
        break;
      }
      seen.add(id);
      queue.push(id);
    }
  }
  answers.set(key, found);
  return found;
}
