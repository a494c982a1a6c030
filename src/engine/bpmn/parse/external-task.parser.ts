import { ExpressionTaskConfig, ExternalTaskConfig, ExternalTaskErrorMapping } from '../model/element-config';
import { attr, child, extensions, localType, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

const JAVA_ATTRIBUTES = ['class', 'delegateExpression', 'expression'] as const;

/**
 * The implementation of a "service task like" element (service, send and business rule tasks,
 * throwing message event definitions). Only `camunda:type="external"` runs here: class and
 * delegateExpression name Java code, and camunda:expression would call arbitrary beans.
 *
 * `implementationOwner` carries the camunda attributes; `element` is the flow element reported.
 * Returns null when there is no usable implementation (an error is recorded when `required`).
 */
/**
 * camunda:expression on a service, send or business rule task: evaluated by the project's evaluator
 * (never a bean: a method may only be called on `execution`), its value into camunda:resultVariable.
 */
export function parseExpressionImplementation(el: ModdleElement, ctx: ParseContext): ExpressionTaskConfig | null {
  const text = attr(el, 'expression');
  if (text === null) return null;
  // camunda:class or delegateExpression beside it: the external parser refuses the Java part.
  if (attr(el, 'class') !== null || attr(el, 'delegateExpression') !== null) return null;
  if (attr(el, 'type') !== null) {
    ctx.error(
      `${localType(el)} ${describe(el)} has both camunda:expression and camunda:type; only one implementation is allowed`,
      el,
    );
    return null;
  }
  const expression = ctx.beanFreeExpression(text, el, "Attribute 'camunda:expression'", ['execution']);
  if (!expression) {
    ctx.error(`Attribute 'camunda:expression' of ${describe(el)} is empty`, el);
    return null;
  }
  return { expression, resultVariable: attr(el, 'resultVariable') };
}

export function parseExternalImplementation(
  implementationOwner: ModdleElement,
  element: ModdleElement,
  ctx: ParseContext,
  required: boolean,
): ExternalTaskConfig | null {
  const kind = localType(element);
  for (const name of JAVA_ATTRIBUTES) {
    if (
      name === 'expression' &&
      implementationOwner === element &&
      ['serviceTask', 'sendTask', 'businessRuleTask'].includes(kind)
    )
      continue;
    if (attr(implementationOwner, name) !== null) {
      ctx.error(
        `${kind} ${describe(element)} uses camunda:${name}, which is not supported: deployments never run Java code or ` +
          `bean expressions; use camunda:type="external" with a camunda:topic`,
        element,
      );
      return null;
    }
  }
  const type = attr(implementationOwner, 'type');
  if (type === null) {
    if (required && attr(implementationOwner, 'expression') === null) {
      ctx.error(
        `One of the attributes 'class', 'delegateExpression', 'type', or 'expression' is mandatory on ${kind}. ` +
          `Only camunda:type="external" is supported (${describe(element)})`,
        element,
      );
    }
    return null;
  }
  if (type !== 'external') {
    ctx.error(`camunda:type '${type}' on ${describe(element)} is not supported: only 'external' is`, element);
    return null;
  }
  const topic = ctx.expression(attr(implementationOwner, 'topic'), element, "attribute 'camunda:topic'");
  if (!topic) {
    ctx.error(
      `External tasks must specify a 'topic' attribute in the camunda namespace (${describe(element)})`,
      element,
    );
    return null;
  }
  return {
    topic,
    priority: ctx.priority(implementationOwner, 'taskPriority', element),
    errorEventDefinitions: extensions(element, 'camunda:ErrorEventDefinition').map((d) =>
      errorMapping(d, element, ctx),
    ),
  };
}

function errorMapping(def: ModdleElement, element: ModdleElement, ctx: ParseContext): ExternalTaskErrorMapping {
  const error = child(def, 'errorRef');
  const expression = ctx.expression(attr(def, 'expression'), element, 'camunda:errorEventDefinition');
  if (!expression)
    ctx.error(`camunda:errorEventDefinition on ${describe(element)} needs an 'expression' attribute`, element);
  return {
    id: attr(def, 'id'),
    errorCode: error ? attr(error, 'errorCode') : (ctx.literalErrorRefs.get(def) ?? null),
    errorMessage: error ? ctx.expression(attr(error, 'errorMessage'), element, 'camunda:errorMessage') : null,
    expression: expression ?? ctx.placeholder(),
  };
}
