import { ActivityBase } from '../model/flow-node';
import { CommonFields } from './common-fields.parser';
import { bool, child, ModdleElement } from './moddle-element';
import { parseMultiInstance } from './multi-instance.parser';
import { ParseContext } from './parse-context';

/** The fields every activity adds to the common ones; boundary events are linked by the graph builder. */
export function parseActivityFields(
  el: ModdleElement,
  common: CommonFields,
  ctx: ParseContext,
): Omit<ActivityBase, 'type' | 'activityType'> {
  return {
    ...common,
    multiInstance: parseMultiInstance(el, ctx),
    boundaryEventIds: [],
    defaultFlowId: child(el, 'default')?.id ?? null,
    isForCompensation: bool(el, 'isForCompensation', false),
  };
}
