import { EventDefinition } from '../model/event-definition';
import { parseFlowCondition } from './condition.parser';
import { parseExternalImplementation } from './external-task.parser';
import { attr, bool, child, children, extensions, isModdleElement, localType, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';
import { parseVariableMappings } from './variable-mappings.parser';
import { splitCommaList } from './text-values';
import { timerDefinitionProblem } from '../../timer/iso-timer';

type Kind = EventDefinition['kind'];
type Of<K extends Kind> = Extract<EventDefinition, { kind: K }>;

const KIND_BY_TYPE: Record<string, Kind> = {
  'bpmn:MessageEventDefinition': 'message',
  'bpmn:SignalEventDefinition': 'signal',
  'bpmn:TimerEventDefinition': 'timer',
  'bpmn:ErrorEventDefinition': 'error',
  'bpmn:EscalationEventDefinition': 'escalation',
  'bpmn:ConditionalEventDefinition': 'conditional',
  'bpmn:TerminateEventDefinition': 'terminate',
  'bpmn:LinkEventDefinition': 'link',
  'bpmn:CompensateEventDefinition': 'compensate',
  'bpmn:CancelEventDefinition': 'cancel',
};

const VARIABLE_EVENTS = new Set(['create', 'update', 'delete']);

/**
 * The single event definition of an event, restricted to `allowed`. Returns null for a none event
 * and after recording an error (the parse then fails, so the null never reaches a runtime).
 */
export function parseEventDefinition<K extends Kind>(
  el: ModdleElement,
  ctx: ParseContext,
  allowed: readonly K[],
  throwing: boolean,
): Of<K> | null {
  const defs = [...children(el, 'eventDefinitions'), ...children(el, 'eventDefinitionRefs')];
  if (defs.length === 0) return null;
  if (defs.length > 1) {
    ctx.error(`Multiple event definitions on ${describe(el)} are not supported`, el);
    return null;
  }
  const def = defs[0];
  const kind = KIND_BY_TYPE[def.$type] as K | undefined;
  if (!kind || !allowed.includes(kind)) {
    ctx.error(`Unsupported event definition '${localType(def)}' on ${localType(el)} ${describe(el)}`, el);
    return null;
  }
  return parseByKind(kind, def, el, ctx, throwing) as Of<K> | null;
}

function parseByKind(
  kind: Kind,
  def: ModdleElement,
  el: ModdleElement,
  ctx: ParseContext,
  throwing: boolean,
): EventDefinition | null {
  switch (kind) {
    case 'message':
      return message(def, el, ctx, throwing);
    case 'signal':
      return signal(def, el, ctx);
    case 'timer':
      return timer(def, el, ctx);
    case 'error':
      return error(def, el, ctx, throwing);
    case 'escalation':
      return escalation(def, el, ctx, throwing);
    case 'conditional':
      return conditional(def, el, ctx);
    case 'terminate':
      return { kind: 'terminate' };
    case 'compensate':
      return compensate(def, el, ctx);
    case 'cancel':
      return { kind: 'cancel' };
    case 'link': {
      const name = attr(def, 'name');
      if (name === null) ctx.error(`Link event ${describe(el)} needs a name`, el);
      return { kind: 'link', name: name ?? '' };
    }
  }
}

export function message(
  def: ModdleElement | null,
  el: ModdleElement,
  ctx: ParseContext,
  throwing: boolean,
): Of<'message'> {
  const msg = def ? child(def, 'messageRef') : null;
  const name = msg ? attr(msg, 'name') : null;
  // an unresolvable messageRef was reported already; saying it is missing too would add nothing
  if (!throwing && !msg && !ctx.hasErrorFor(el))
    ctx.error(`Attribute 'messageRef' is mandatory on the message event definition of ${describe(el)}`, el);
  if (!throwing && msg && name === null) {
    ctx.error(`Cannot have a message event subscription with an empty or missing name (${describe(el)})`, el);
  }
  return {
    kind: 'message',
    messageId: msg?.id ?? null,
    messageName: ctx.expression(name, el, 'the message name'),
    externalTask: throwing && def ? parseExternalImplementation(def, el, ctx, false) : null,
  };
}

function signal(def: ModdleElement, el: ModdleElement, ctx: ParseContext): Of<'signal'> {
  const sig = child(def, 'signalRef');
  const name = sig ? attr(sig, 'name') : null;
  if (!sig) {
    if (!ctx.hasErrorFor(el))
      ctx.error(`Attribute 'signalRef' is mandatory on the signal event definition of ${describe(el)}`, el);
  } else if (name === null) ctx.error(`Signal '${sig.id}' referenced by ${describe(el)} has no name`, el);
  return {
    kind: 'signal',
    signalId: sig?.id ?? '',
    signalName: ctx.expression(name, el, 'the signal name') ?? ctx.placeholder(),
    async: bool(def, 'async', false),
    payload: signalPayload(def, el, ctx),
  };
}

function signalPayload(def: ModdleElement, el: ModdleElement, ctx: ParseContext): Of<'signal'>['payload'] {
  const ins = extensions(def, 'camunda:In');
  if (ins.length === 0) return null;
  const businessKey = ins.map((i) => attr(i, 'businessKey')).find((b) => b !== null) ?? null;
  return {
    variables: parseVariableMappings(def, el, 'camunda:In', ctx),
    businessKey: ctx.expression(businessKey, el, 'camunda:in businessKey'),
  };
}

/** A timer event definition; also the timer of a `timeout` task listener. */
export function timer(def: ModdleElement, el: ModdleElement, ctx: ParseContext): Of<'timer'> | null {
  const options = (['timeDate', 'timeDuration', 'timeCycle'] as const).filter((t) => child(def, t));
  if (options.length !== 1) {
    ctx.error(`Timer needs configuration (either timeDate, timeCycle or timeDuration is needed) (${describe(el)})`, el);
    return null;
  }
  const option = options[0];
  const text = child(def, option)!.body;
  const value = ctx.expression(typeof text === 'string' ? text : null, el, option);
  if (!value) {
    ctx.error(`Timer ${option} of ${describe(el)} is empty`, el);
    return null;
  }
  const timerType = option === 'timeDate' ? 'date' : option === 'timeDuration' ? 'duration' : 'cycle';
  // Camunda deploys a constant it cannot read and fails when the timer is planned; here the deployment says so.
  const problem = value.isLiteral ? timerDefinitionProblem(timerType, value.text) : null;
  if (problem) {
    ctx.error(`${problem} in ${option} of ${describe(el)}`, el);
    return null;
  }
  return { kind: 'timer', timerType, value };
}

function error(def: ModdleElement, el: ModdleElement, ctx: ParseContext, throwing: boolean): Of<'error'> {
  const err = child(def, 'errorRef');
  // an errorRef naming no declared <error> is the error code itself, as in Camunda
  const literal = ctx.literalErrorRefs.get(def) ?? null;
  const errorCode = err ? attr(err, 'errorCode') : literal;
  if (throwing && !err && literal === null) {
    ctx.error(`'errorRef' attribute is mandatory on error end event ${describe(el)}`, el);
  } else if (throwing && err && errorCode === null) {
    ctx.error(
      `'errorCode' is mandatory on errors referenced by throwing error event definitions, but the error '${err.id}' does not define one.`,
      el,
    );
  }
  return {
    kind: 'error',
    errorId: err?.id ?? null,
    errorCode,
    errorMessage: err ? ctx.expression(attr(err, 'errorMessage'), el, 'camunda:errorMessage') : null,
    errorCodeVariable: attr(def, 'errorCodeVariable'),
    errorMessageVariable: attr(def, 'errorMessageVariable'),
  };
}

/**
 * Camunda's rules: a throwing escalation event references an escalation that has a code; a catching
 * one without escalationRef, or referencing an escalation without code, catches every escalation.
 * An escalationRef naming no declared escalation is reported with the unresolved references.
 */
function escalation(def: ModdleElement, el: ModdleElement, ctx: ParseContext, throwing: boolean): Of<'escalation'> {
  const esc = child(def, 'escalationRef');
  const escalationCode = esc ? attr(esc, 'escalationCode') : null;
  if (throwing && !esc) {
    if (!ctx.hasErrorFor(el))
      ctx.error(`escalationEventDefinition does not have required attribute 'escalationRef' (${describe(el)})`, el);
  } else if (throwing && escalationCode === null) {
    const what = localType(el) === 'endEvent' ? 'escalation end event' : 'throwing escalation event';
    ctx.error(`${what} ${describe(el)} must have an 'escalationCode' (escalation '${esc!.id}' defines none)`, el);
  }
  return {
    kind: 'escalation',
    escalationId: esc?.id ?? null,
    escalationCode,
    escalationCodeVariable: attr(def, 'escalationCodeVariable'),
  };
}

function conditional(def: ModdleElement, el: ModdleElement, ctx: ParseContext): Of<'conditional'> | null {
  const { condition, conditionScript } = parseFlowCondition(child(def, 'condition'), el, ctx);
  if (!condition && !conditionScript) {
    if (!ctx.hasErrorFor(el))
      ctx.error(`Conditional event must contain an expression for evaluation (${describe(el)})`, el);
    return null;
  }
  const variableEvents = splitCommaList(attr(def, 'variableEvents'));
  const unknown = variableEvents.filter((e) => !VARIABLE_EVENTS.has(e));
  if (unknown.length) ctx.error(`Unknown camunda:variableEvents '${unknown.join(', ')}' on ${describe(el)}`, el);
  return { kind: 'conditional', condition, conditionScript, variableName: attr(def, 'variableName'), variableEvents };
}

/**
 * Camunda's rules: activityRef names an activity of the throw event's own scope (checked by the graph
 * builder, which knows the scopes); waitForCompletion="false" is not supported, the throw always waits.
 */
function compensate(def: ModdleElement, el: ModdleElement, ctx: ParseContext): Of<'compensate'> {
  if (def.waitForCompletion === false) {
    ctx.warning(
      `Unsupported attribute value for 'waitForCompletion': 'waitForCompletion=false' is not supported. Compensation event will wait for compensation to join (${describe(el)})`,
      el,
    );
  }
  const ref = def.activityRef;
  const activityRef = isModdleElement(ref) ? (ref.id ?? null) : typeof ref === 'string' ? ref : null;
  return { kind: 'compensate', activityRef };
}
