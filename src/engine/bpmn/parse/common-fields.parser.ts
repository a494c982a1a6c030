import { AsyncConfig, CamundaProperty } from '../model/element-config';
import { FlowNodeBase } from '../model/flow-node';
import { parseIoMapping } from './io-mapping.parser';
import { parseExecutionListeners } from './listener.parser';
import { attr, bool, children, extensions, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

/** Everything a flow node has regardless of its type; handlers add `type`, `activityType` and their config. */
export type CommonFields = Omit<FlowNodeBase, 'type' | 'activityType'>;

export function parseCommonFields(el: ModdleElement, scopeId: string, ctx: ParseContext): CommonFields {
  if (extensions(el, 'camunda:Connector').length > 0) {
    ctx.error(`camunda:connector on ${describe(el)} is not supported: connectors run Java code`, el);
  }
  return {
    id: el.id ?? '',
    name: attr(el, 'name'),
    scopeId,
    incoming: [],
    outgoing: [],
    async: parseAsync(el, ctx),
    ioMapping: parseIoMapping(el, ctx),
    executionListeners: parseExecutionListeners(el, ctx),
    properties: parseProperties(el),
    documentation: parseDocumentation(el),
  };
}

/** camunda:asyncBefore (or its old name camunda:async), asyncAfter, exclusive, jobPriority, retry cycle. */
export function parseAsync(el: ModdleElement, ctx: ParseContext): AsyncConfig {
  const retry = extensions(el, 'camunda:FailedJobRetryTimeCycle')[0];
  const retryText = retry && typeof retry.body === 'string' ? retry.body : null;
  return {
    asyncBefore: bool(el, 'asyncBefore', false) || bool(el, 'async', false),
    asyncAfter: bool(el, 'asyncAfter', false),
    exclusive: bool(el, 'exclusive', true),
    jobPriority: ctx.priority(el, 'jobPriority'),
    failedJobRetryTimeCycle: ctx.expression(retryText, el, 'camunda:failedJobRetryTimeCycle'),
  };
}

export function parseProperties(el: ModdleElement): CamundaProperty[] {
  return extensions(el, 'camunda:Properties')
    .flatMap((p) => children(p, 'values'))
    .filter((p) => attr(p, 'name') !== null)
    .map((p) => ({ name: attr(p, 'name')!, value: typeof p.value === 'string' ? p.value : null }));
}

export function parseDocumentation(el: ModdleElement): string | null {
  const texts = children(el, 'documentation').map((d) => (typeof d.text === 'string' ? d.text : ''));
  const joined = texts.join('\n').trim();
  return joined === '' ? null : joined;
}
