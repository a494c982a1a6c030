import { FlowNode } from '../model/flow-node';
import { FlowScope } from '../model/process-graph';
import { CommonFields } from './common-fields.parser';
import { ModdleElement } from './moddle-element';
import { ParseContext } from './parse-context';

export interface HandlerInput {
  readonly el: ModdleElement;
  readonly common: CommonFields;
  readonly ctx: ParseContext;
  readonly scopeKind: FlowScope['kind'];
}

/**
 * Turns one moddle element into its graph node. Problems go to `ctx`; a handler may return null
 * after recording an error. Rules that need the whole scope live in the graph validators.
 */
export type ElementHandler = (input: HandlerInput) => FlowNode | null;

/** Camunda rejects io mappings on elements that have no execution of their own to map into or out of. */
export function rejectIoMapping(input: HandlerInput, typeName: string, outputsOnly = false): void {
  const io = input.common.ioMapping;
  if (!io) return;
  if (!outputsOnly)
    input.ctx.error(`camunda:inputOutput mapping unsupported for element type '${typeName}'.`, input.el);
  else if (io.outputs.length)
    input.ctx.error(`camunda:outputParameter not allowed for element type '${typeName}'.`, input.el);
}
