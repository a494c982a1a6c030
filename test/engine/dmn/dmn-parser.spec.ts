import { evaluateDecision } from '../../../src/engine/dmn/decision-evaluator';
import { parseDmn } from '../../../src/engine/dmn/dmn-parser';
import { DecisionEvaluationError, ParseError } from '../../../src/engine/errors';
import { definitions, fixture, literalModel, tableModel, vars } from './dmn-test-models';

async function parseFailure(xml: string, resource = 'broken.dmn'): Promise<ParseError> {
  try {
    await parseDmn(xml, resource);
  } catch (err) {
    if (err instanceof ParseError) return err;
    throw err;
  }
  throw new Error('expected a ParseError');
}

describe('parseDmn', () => {
  const namespaces: Array<[string, string]> = [
    ['1.1', 'http://www.omg.org/spec/DMN/20151101/dmn.xsd'],
    ['1.1', 'http://www.omg.org/spec/DMN/20151101/dmn11.xsd'],
    ['1.2', 'http://www.omg.org/spec/DMN/20180521/MODEL/'],
    ['1.3', 'https://www.omg.org/spec/DMN/20191111/MODEL/'],
    ['1.4', 'https://www.omg.org/spec/DMN/20211108/MODEL/'],
    ['1.5', 'https://www.omg.org/spec/DMN/20230324/MODEL/'],
  ];
  it.each(namespaces)('reads DMN %s (%s)', async (version, ns) => {
    const model = await parseDmn(
      tableModel({ rules: [['> 1', '"big"']] }).replace('https://www.omg.org/spec/DMN/20191111/MODEL/', ns),
      'v.dmn',
    );
    expect(model.dmnVersion).toBe(version);
    expect(evaluateDecision(model, 'table', vars({ x: 2 })).rows[0].out.value).toBe('big');
  });

  it('reads a Camunda DMN 1.1 file with its camunda attributes', async () => {
    const model = await parseDmn(fixture('dish-decision.dmn11.xml'), 'dish-decision.dmn11.xml');
    expect(model.drd).toEqual({
      key: 'dishDefinitions',
      name: 'Dish Definitions',
      namespace: 'http://camunda.org/schema/1.0/dmn',
    });
    expect(model.dialect).toBe('camunda');
    const dish = model.decisions.find((d) => d.key === 'dish')!;
    expect(dish).toMatchObject({ name: 'Dish', versionTag: 'v1.1', historyTimeToLive: 30, requiredDecisionKeys: [] });
    const rows = (season: string, guestCount: number) =>
      evaluateDecision(model, 'dish', vars({ season, guestCount })).rows;
    expect(rows('Winter', 4)).toEqual([{ desiredDish: { type: 'string', value: 'Roastbeef', valueInfo: {} } }]);
    // camunda:inputVariable="guests" names the input value inside the entry `guests > 8`
    expect(rows('Summer', 12)[0].desiredDish.value).toBe('Stew');
    expect(rows('Summer', 2)).toEqual([]);
  });

  it('reads attributes with white space around "="', async () => {
    const xml = tableModel({ hitPolicy: 'FIRST', rules: [['> 1', '"big"']] }).replace(
      '<decision id="table" name="Table">',
      '<decision id = "table"\n  name= "Table">',
    );
    const model = await parseDmn(xml, 'spaced.dmn');
    expect(model.decisions[0]).toMatchObject({ key: 'table', name: 'Table' });
    expect(evaluateDecision(model, 'table', vars({ x: 2 })).rows[0].out.value).toBe('big');
  });

  it('treats typeRef date as a date and time in Camunda models', async () => {
    const model = await parseDmn(fixture('dish-decision.dmn11.xml'), 'dish-decision.dmn11.xml');
    const delivery = (orderDate: string) =>
      evaluateDecision(model, 'deliveryDay', vars({ orderDate: new Date(orderDate) })).rows[0].deliveryDate.value;
    expect(delivery('2019-06-01T08:00:00Z')).toEqual(new Date('2020-01-02T12:00:00Z'));
    expect(delivery('2021-06-01T08:00:00Z')).toEqual(new Date('2021-06-02T08:00:00Z'));
  });

  it.each([
    ['"30"', '30', 30],
    ['"P180D"', 'P180D', 180],
  ])('reads camunda:historyTimeToLive %s', async (_label, value, days) => {
    const xml = definitions(
      `<decision id="d" camunda:historyTimeToLive="${value}" xmlns:camunda="http://camunda.org/schema/1.0/dmn"><literalExpression><text>1</text></literalExpression></decision>`,
    );
    expect((await parseDmn(xml, 'h.dmn')).decisions[0].historyTimeToLive).toBe(days);
  });

  it('rejects a DOCTYPE before parsing', async () => {
    const xml = literalModel('1').replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    const err = await parseFailure(xml, 'evil.dmn');
    expect(err.type).toBe('ParseException');
    expect(err.details['evil.dmn'].errors[0].message).toMatch(/DOCTYPE and ENTITY declarations are not allowed/);
  });

  it('reports unreadable XML with its line and column', async () => {
    const err = await parseFailure(
      '<?xml version="1.0"?>\n<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d">\n  <decision id="a">\n</definitions>',
    );
    expect(err.message).toMatch(/Unable to transform DMN resource 'broken.dmn'/);
    expect(err.details['broken.dmn'].errors[0]).toMatchObject({
      message: expect.stringMatching(/closing tag mismatch/),
      line: 4,
      column: expect.any(Number),
    });
  });

  it('reports a namespace that is not DMN', async () => {
    const err = await parseFailure(
      literalModel('1').replace('https://www.omg.org/spec/DMN/20191111/MODEL/', 'http://example.com/not-dmn'),
    );
    expect(err.details['broken.dmn'].errors[0].message).toMatch(
      /not a DMN definitions element of a supported namespace.*'http:\/\/example.com\/not-dmn'/,
    );
  });

  it('deploys FEEL that does not parse with a warning naming the cell, rule, decision and position, as Camunda parses FEEL only when evaluating', async () => {
    const model = await parseDmn(
      tableModel({
        rules: [
          ['> 1', '"a"'],
          ['> ', '"b"'],
        ],
      }),
      'lenient.dmn',
    );
    const [problem] = model.warnings;
    expect(problem.message).toMatch(
      /FEEL syntax error in input entry 1 of rule 2 of decision 'table'.*evaluating the decision will fail/,
    );
    expect(problem).toMatchObject({
      mainElementId: 'rule2in1',
      elementIds: ['rule2in1', 'rule2', 'table'],
      line: 4,
      column: expect.any(Number),
    });
    // rule 1 decides before rule 2's cell is read only for FIRST; this UNIQUE table reads every cell
    expect(() => evaluateDecision(model, 'table', vars({ x: 2 }))).toThrow(DecisionEvaluationError);
    expect(() => evaluateDecision(model, 'table', vars({ x: 2 }))).toThrow(
      /^Decision 'Table' \(table\): input entry 1 of rule 'rule2': the FEEL text '> ' does not parse: .* at position 2$/,
    );
  });

  it.each([
    [
      'an output entry',
      tableModel({ rules: [['-', 'if x > then 1']] }),
      /^Decision 'Table' \(table\): output 'out' of rule 'rule1': the FEEL text 'if x > then 1' does not parse/,
    ],
    [
      'an input expression',
      tableModel({ inputs: [{ expression: 'x +' }], rules: [['-', '1']] }),
      /^Decision 'Table' \(table\): input 'In 1': the FEEL text 'x \+' does not parse/,
    ],
    [
      'a literal expression',
      literalModel('1 +* 2'),
      /^Decision 'Literal' \(literal\): literal expression: the FEEL text '1 \+\* 2' does not parse/,
    ],
    [
      'legacy JUEL-style text without expressionLanguage',
      tableModel({ rules: [['${x > 1}', '"big"']] }),
      /^Decision 'Table' \(table\): input entry 1 of rule 'rule1': the FEEL text '\$\{x > 1\}' does not parse/,
    ],
  ])(
    'deploys FEEL that does not parse in %s and fails evaluating it, naming decision, rule and cell',
    async (_what, xml, message) => {
      const model = await parseDmn(xml, 'lenient.dmn');
      expect(model.warnings.map((w) => w.message).join('\n')).toMatch(/FEEL syntax error/);
      const key = model.decisions[0].key;
      expect(() => evaluateDecision(model, key, vars({ x: 2 }))).toThrow(message);
    },
  );

  it('evaluates the decision when the cell that does not parse is never read (the output of a rule that does not match)', async () => {
    const model = await parseDmn(
      tableModel({
        rules: [
          ['> 1', '"a"'],
          ['< 0', '${legacy}'],
        ],
      }),
      'lenient.dmn',
    );
    expect(evaluateDecision(model, 'table', vars({ x: 2 })).rows[0].out.value).toBe('a');
    expect(() => evaluateDecision(model, 'table', vars({ x: -1 }))).toThrow(
      /output 'out' of rule 'rule2': the FEEL text '\$\{legacy\}' does not parse/,
    );
  });

  it('reports duplicate decision ids', async () => {
    const xml = definitions(
      '<decision id="same"><literalExpression><text>1</text></literalExpression></decision><decision id="same"><literalExpression><text>2</text></literalExpression></decision>',
    );
    expect((await parseFailure(xml)).details['broken.dmn'].errors[0].message).toMatch(/duplicate ID <same>/);
  });

  it.each([
    ['an unknown hit policy', tableModel({ hitPolicy: 'SOMETIMES', rules: [] }), /Unknown hit policy 'SOMETIMES'/],
    [
      'an aggregation without COLLECT',
      tableModel({ hitPolicy: 'FIRST', aggregation: 'SUM', rules: [] }),
      /needs hit policy COLLECT/,
    ],
    [
      'a rule with too few entries',
      tableModel({ inputs: [{ expression: 'x' }, { expression: 'y' }], rules: [['-', '1']] }),
      /Rule 1 .* has 2 input and 0 output entries/,
    ],
    [
      'a required decision that does not exist',
      definitions(
        '<decision id="a"><informationRequirement><requiredDecision href="#nope"/></informationRequirement><literalExpression><text>1</text></literalExpression></decision>',
      ),
      /requires the decision 'nope'/,
    ],
    [
      'a cycle of requirements',
      definitions(
        '<decision id="a"><informationRequirement><requiredDecision href="#b"/></informationRequirement><literalExpression><text>b</text></literalExpression></decision><decision id="b"><informationRequirement><requiredDecision href="#a"/></informationRequirement><literalExpression><text>a</text></literalExpression></decision>',
      ),
      /a cycle/,
    ],
    [
      'an unreadable historyTimeToLive',
      definitions(
        '<decision id="a" xmlns:camunda="http://camunda.org/schema/1.0/dmn" camunda:historyTimeToLive="soon"><literalExpression><text>1</text></literalExpression></decision>',
      ),
      /Cannot parse historyTimeToLive 'soon'/,
    ],
  ])('reports %s', async (_what, xml, message) => {
    expect((await parseFailure(xml)).details['broken.dmn'].errors.map((e) => e.message).join('\n')).toMatch(message);
  });

  it('keeps decisions whose logic is not supported; they fail only when evaluated', async () => {
    const model = await parseDmn(fixture('dinner-drd.dmn'), 'dinner-drd.dmn');
    expect(model.decisions.map((d) => d.key)).toEqual(['season', 'dish', 'beverages', 'dinner', 'menuCard']);
    expect(() => evaluateDecision(model, 'menuCard', {})).toThrow(DecisionEvaluationError);
    expect(() => evaluateDecision(model, 'menuCard', {})).toThrow(
      /Decision 'Menu Card' \(menuCard\): cannot be evaluated: its decision logic 'Context' is not supported/,
    );
  });

  it('evaluates a JUEL literal expression with the project evaluator', async () => {
    const xml = definitions(
      '<decision id="juel"><literalExpression expressionLanguage="juel"><text>${1 + 1}</text></literalExpression></decision>',
    );
    const model = await parseDmn(xml, 'juel.dmn');
    expect(evaluateDecision(model, 'juel', {}).rows[0].juel.value).toBe(2);
  });

  it('reads expressionLanguage on a decision (Camunda 7 models write it there too)', async () => {
    const xml = definitions(
      '<decision id="d" expressionLanguage="juel"><decisionTable><input><inputExpression><text>${x * 2}</text></inputExpression></input>' +
        '<output name="out" /><rule><inputEntry><text>${cellInput &gt; 3}</text></inputEntry><outputEntry><text>big</text></outputEntry></rule></decisionTable></decision>',
    );
    const model = await parseDmn(xml, 'decision-juel.dmn');
    expect(evaluateDecision(model, 'd', vars({ x: 2 })).rows[0].out.value).toBe('big');
    expect(evaluateDecision(model, 'd', vars({ x: 1 })).rows).toEqual([]);
  });

  it('a JUEL text that does not parse is refused at deployment naming the cell', async () => {
    const xml = definitions(
      '<decision id="bad"><literalExpression expressionLanguage="juel"><text>${1 +}</text></literalExpression></decision>',
    );
    const err = await parseFailure(xml);
    expect(err.message).toContain('JUEL syntax error in');
  });

  it('keeps a decision in another expression language, failing it at evaluation', async () => {
    const xml = definitions(
      '<decision id="groovy"><literalExpression expressionLanguage="groovy"><text>1 + 1</text></literalExpression></decision>',
    );
    const model = await parseDmn(xml, 'groovy.dmn');
    expect(() => evaluateDecision(model, 'groovy', {})).toThrow(
      /expression language 'groovy' .* is not supported \(only FEEL and JUEL\)/,
    );
  });

  it('tolerates elements it does not know, as warnings', async () => {
    const xml = definitions(
      '<decision id="a"><literalExpression><text>1</text></literalExpression></decision><foo:bar xmlns:foo="urn:foo"/>',
    );
    const model = await parseDmn(xml, 'w.dmn');
    expect(model.warnings[0].message).toMatch(/unrecognized element <foo:bar>/);
  });
});
