import { ExpressionExecution, compileExpression, variablesContext } from '../../../src/engine/expression';

const vars = {
  amount: 150,
  price: 2.5,
  count: '10',
  decimalText: '1.5',
  name: 'Ada',
  blank: '',
  nothing: null,
  approved: true,
  flag: 'TRUE',
  list: [1, 2, 3],
  noItems: [],
  customer: { name: 'Grace', address: { city: 'Arlington' }, tags: ['a', 'b'] },
  id: 42,
  'order-key': 'x',
  due: new Date('2026-01-02T03:04:05.000Z'),
  later: new Date('2026-02-01T00:00:00.000Z'),
};
const ctx = variablesContext(vars, { now: () => new Date('2026-01-31T10:00:00.000Z') });
const evaluate = (text: string) => compileExpression(text).evaluate(ctx);

describe('JUEL subset: values', () => {
  it.each<[string, unknown]>([
    // literals
    ['${42}', 42],
    ['${4.5}', 4.5],
    ['${.5}', 0.5],
    ['${1e3}', 1000],
    ["${'single'}", 'single'],
    ['${"double"}', 'double'],
    ["${'it\\'s'}", "it's"],
    ['${true}', true],
    ['${false}', false],
    ['${null}', null],
    // variables, properties, indexes
    ['${amount}', 150],
    ['${customer.name}', 'Grace'],
    ['${customer.address.city}', 'Arlington'],
    ["${customer['name']}", 'Grace'],
    ['${customer.tags[1]}', 'b'],
    ['${list[0]}', 1],
    ['${list[7]}', null],
    ["${list['2']}", 3],
    ['${customer.missing}', null],
    ['${customer.missing.deeper}', null],
    ['${nothing.anything}', null],
    ['${customer.constructor}', null],
    ['${customer.__proto__}', null],
    // arithmetic (JUEL: '/' and 'div' always divide as doubles)
    ['${1 + 2 * 3}', 7],
    ['${(1 + 2) * 3}', 9],
    ['${7 / 2}', 3.5],
    ['${7 div 2}', 3.5],
    ['${7 % 3}', 1],
    ['${7 mod 3}', 1],
    ['${-amount}', -150],
    ['${10 - 4 - 3}', 3],
    ['${price * 2}', 5],
    ['${count + 5}', 15],
    ["${'1.5' + 1}", 2.5],
    ['${nothing + 1}', 1],
    ['${null + null}', 0],
    ['${1 / 0}', Infinity],
    // comparison, with JUEL's coercion of numeric strings
    ['${amount > 100}', true],
    ['${amount gt 100}', true],
    ['${amount < 100}', false],
    ['${amount lt 100}', false],
    ['${amount >= 150}', true],
    ['${amount ge 151}', false],
    ['${amount <= 150}', true],
    ['${amount le 149}', false],
    ['${amount == 150}', true],
    ['${amount eq 150}', true],
    ['${amount != 150}', false],
    ['${amount ne 150}', false],
    ['${count > 9}', true],
    ['${count == 10}', true],
    ['${decimalText < 2}', true],
    ["${'abc' < 'abd'}", true],
    ["${name == 'Ada'}", true],
    ['${name == "Ada"}', true],
    ["${approved == 'true'}", true],
    ['${flag == true}', true],
    ['${nothing == null}', true],
    ['${nothing != null}', false],
    ['${nothing > 1}', false],
    ['${due < later}', true],
    ['${list == customer.tags}', false],
    // logic
    ['${approved && amount > 100}', true],
    ['${approved and amount < 100}', false],
    ['${!approved || amount > 100}', true],
    ['${not approved or false}', false],
    ['${!nothing}', true],
    ['${false && unknownIsNeverRead}', false],
    ['${true || unknownIsNeverRead}', true],
    // empty
    ['${empty blank}', true],
    ['${empty nothing}', true],
    ['${empty noItems}', true],
    ['${empty list}', false],
    ['${empty name}', false],
    ['${not empty customer}', true],
    // ternary
    ["${amount > 100 ? 'big' : 'small'}", 'big'],
    ["${amount > 1000 ? 'huge' : amount > 100 ? 'big' : 'small'}", 'big'],
    // whitelisted methods on values
    ['${name.length()}', 3],
    ["${name.equals('Ada')}", true],
    ["${name.startsWith('A')}", true],
    ['${name.toUpperCase()}', 'ADA'],
    ['${name.substring(1)}', 'da'],
    ['${list.size()}', 3],
    ['${list.contains(2)}', true],
    ['${noItems.isEmpty()}', true],
    ["${customer.containsKey('name')}", true],
    ["${customer.get('name')}", 'Grace'],
    ['${due.before(later)}', true],
    // composite templates render parts as strings
    ['Order ${id} for ${customer.name}', 'Order 42 for Grace'],
    ['${id}${id}', '4242'],
    ['[${nothing}]', '[]'],
    ['plain text', 'plain text'],
    ['costs \\${amount}', 'costs ${amount}'],
    ['#{amount > 100}', true],
    ['  ${amount}  ', 150],
    // functions
    ['${now()}', new Date('2026-01-31T10:00:00.000Z')],
    ['${dateTime().plusDays(2).toDate()}', new Date('2026-02-02T10:00:00.000Z')],
    ['${dateTime().plusMonths(1).toDate()}', new Date('2026-02-28T10:00:00.000Z')],
    ['${dateTime().minusHours(10).toDate()}', new Date('2026-01-31T00:00:00.000Z')],
    ['${currentUser()}', null],
    ['${authenticatedUserId}', null],
  ])('%s -> %p', (text, expected) => {
    expect(evaluate(text)).toEqual(expected);
  });

  it('the value of a single ${} part keeps its type; literal parts make a string', () => {
    expect(evaluate('${list}')).toBe(vars.list);
    expect(typeof evaluate('n=${amount}')).toBe('string');
  });
});

describe('JUEL subset: execution access', () => {
  const writes: Array<[string, unknown]> = [];
  const execution: ExpressionExecution = {
    id: 'exec-1',
    processInstanceId: 'pi-1',
    processBusinessKey: 'order-7',
    currentActivityId: 'Task_1',
    getVariable: (name) => (name === 'x' ? 'from execution' : null),
    hasVariable: (name) => name === 'x',
    setVariable: (name, value) => void writes.push([name, value]),
  };
  const withExecution = variablesContext(
    { x: 'from variables', execution: 'shadowed' },
    {
      execution,
      authentication: { userId: 'demo', groupIds: ['accounting'] },
    },
  );
  const run = (text: string) => compileExpression(text).evaluate(withExecution);

  it.each<[string, unknown]>([
    ["${execution.getVariable('x')}", 'from execution'],
    ['${execution.getVariable("missing")}', null],
    ["${execution.hasVariable('x')}", true],
    ['${execution.processBusinessKey}', 'order-7'],
    ['${execution.getProcessBusinessKey()}', 'order-7'],
    ['${execution.businessKey}', 'order-7'],
    ['${execution.id}', 'exec-1'],
    ['${execution.getId()}', 'exec-1'],
    ['${execution.processInstanceId}', 'pi-1'],
    ['${execution.currentActivityId}', 'Task_1'],
    ['${execution.tenantId}', null],
    ['${x}', 'from variables'],
    ['${authenticatedUserId}', 'demo'],
    ['${currentUser()}', 'demo'],
    ['${currentUserGroups()}', ['accounting']],
  ])('%s -> %p', (text, expected) => {
    expect(run(text)).toEqual(expected);
  });

  it('writes go through the execution the caller supplied', () => {
    run("${execution.setVariable('y', amount)}".replace('amount', '5'));
    expect(writes).toEqual([['y', 5]]);
  });

  it('methods the execution does not implement are unknown methods', () => {
    expect(() => run("${execution.getVariableLocal('x')}")).toThrow(
      "Unknown method used in expression: ${execution.getVariableLocal('x')}. Cause: Cannot find method 'getVariableLocal' in " +
        "'class org.camunda.bpm.engine.impl.persistence.entity.ExecutionEntity'",
    );
  });
});

describe('JUEL subset: conditions', () => {
  it('a condition must produce a Boolean', () => {
    expect(compileExpression('${amount > 100}').evaluateCondition(ctx)).toBe(true);
    expect(() => compileExpression('${name}').evaluateCondition(ctx)).toThrow(
      'condition expression returns non-Boolean: Ada (java.lang.String)',
    );
    expect(() => compileExpression('${nothing}').evaluateCondition(ctx)).toThrow('condition expression returns null');
  });
});
