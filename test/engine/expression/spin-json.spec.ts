import { compileExpression, variablesContext } from '../../../src/engine/expression';
import { untypedValue } from '../../../src/engine/variables/typed-value';

const order = {
  customer: { name: 'Ada', vip: true },
  scores: [700, 650],
  items: [{ sku: 'a' }, { sku: 'b' }],
  note: null,
};
const evaluate = (text: string, vars: Record<string, unknown> = { order }) =>
  compileExpression(text).evaluate(variablesContext(vars));

describe('Spin JSON nodes in expressions (item 10)', () => {
  it('a Json variable answers Spin methods', () => {
    expect(evaluate("${order.prop('customer').prop('name').stringValue()}")).toBe('Ada');
    expect(evaluate("${order.prop('customer').prop('vip').boolValue()}")).toBe(true);
    expect(evaluate("${order.hasProp('customer') && !order.hasProp('nope')}")).toBe(true);
    expect(evaluate("${order.prop('scores').elements().get(1).numberValue()}")).toBe(650);
    expect(evaluate("${order.prop('scores').elements().size()}")).toBe(2);
    expect(evaluate("${order.prop('note').isNull() && order.isObject() && order.prop('items').isArray()}")).toBe(true);
    expect(evaluate("${order.prop('customer').value().name}")).toBe('Ada');
    expect(evaluate("${order.prop('customer').toString()}")).toBe('{"name":"Ada","vip":true}');
    expect(evaluate('${order.customer.name}')).toBe('Ada');
  });

  it('S(...) and JSON(...) make nodes from text', () => {
    expect(evaluate('${S(\'{"a":[1,2,3]}\').prop("a").elements().size()}', {})).toBe(3);
    expect(evaluate('${JSON(\'"x"\').stringValue()}', {})).toBe('x');
  });

  it('Spin errors name the problem', () => {
    expect(() => evaluate("${order.prop('missing')}")).toThrow("SPIN/JACKSON-JSON-01004 Unable to find 'missing'");
    expect(() => evaluate("${order.prop('customer').elements()}")).toThrow(
      "SPIN/JACKSON-JSON-01002 Expected 'Array', got 'Object'",
    );
  });

  it('elements of a Json array become Json variables (multi-instance elements)', () => {
    const elements = evaluate("${order.prop('items').elements()}") as unknown[];
    expect(elements.map((e) => untypedValue(e))).toEqual([
      { type: 'json', value: '{"sku":"a"}', valueInfo: {} },
      { type: 'json', value: '{"sku":"b"}', valueInfo: {} },
    ]);
  });

  it('Spin methods on a name are read as a Json variable, not as a call on a bean (camunda:expression deploys)', () => {
    expect(compileExpression("${order.prop('customer').prop('name').stringValue()}").methodTargets).toEqual([]);
    expect(compileExpression('${order.elements().size()}').methodTargets).toEqual([]);
    expect(compileExpression('${order.send()}').methodTargets).toEqual(['order']);
    expect(compileExpression('${mailer.send(order.prop("email"))}').methodTargets).toEqual(['mailer']);
  });
});
