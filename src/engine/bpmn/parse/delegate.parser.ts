import { DelegateRef } from '../model/element-config';
import { attr, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';

const SIMPLE_NAME = /^\s*[$#]\{\s*([A-Za-z_$][\w$]*)\s*\}\s*$/;
const BEAN_METHOD = /^\s*[$#]\{\s*([A-Za-z_$][\w$]*)\s*\.\s*[A-Za-z_$][\w$]*\s*\(/;

/**
 * camunda:class, camunda:delegateExpression or camunda:expression on `owner`, when the engine is embedded with
 * host code (else null: the caller refuses them as before). At deployment a name that no delegate registers is
 * refused: a class name, `${name}`, and the bean of `${name.method(...)}`; other expressions are evaluated as
 * they come. `element` is the flow element reported.
 */
export function parseDelegate(
  owner: ModdleElement,
  element: ModdleElement,
  ctx: ParseContext,
  what: string,
): DelegateRef | null {
  const hostCode = ctx.hostCode;
  if (!hostCode) return null;
  const className = attr(owner, 'class');
  const delegateExpression = attr(owner, 'delegateExpression');
  const expression = attr(owner, 'expression');
  const unknown = (name: string, attribute: string) => {
    if (hostCode.verify && hostCode.delegates.get(name) === undefined) {
      ctx.error(
        `${what} ${describe(element)} names the delegate '${name}' (camunda:${attribute}), which no provider registers`,
        element,
      );
    }
  };
  if (className !== null) {
    unknown(className, 'class');
    return { kind: 'class', name: className };
  }
  if (delegateExpression !== null) {
    const simple = SIMPLE_NAME.exec(delegateExpression);
    if (simple) unknown(simple[1], 'delegateExpression');
    return {
      kind: 'delegateExpression',
      expression: ctx.expression(delegateExpression, element, 'camunda:delegateExpression') ?? ctx.placeholder(),
    };
  }
  if (expression !== null) {
    const bean = BEAN_METHOD.exec(expression);
    if (bean && bean[1] !== 'execution' && bean[1] !== 'task') unknown(bean[1], 'expression');
    return {
      kind: 'expression',
      expression: ctx.expression(expression, element, 'camunda:expression') ?? ctx.placeholder(),
      resultVariable: attr(owner, 'resultVariable'),
    };
  }
  return null;
}
