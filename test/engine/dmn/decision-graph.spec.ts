import { evaluateDecision } from '../../../src/engine/dmn/decision-evaluator';
import { DmnModel, parseDmn } from '../../../src/engine/dmn/dmn-parser';
import { DecisionEvaluationError, NotFoundError } from '../../../src/engine/errors';
import { definitions, fixture, plainRows, vars } from './dmn-test-models';

describe('decision requirements graphs', () => {
  let model: DmnModel;
  beforeAll(async () => {
    model = await parseDmn(fixture('dinner-drd.dmn'), 'dinner-drd.dmn');
  });

  it('evaluates required decisions first, each once, the root last', () => {
    const result = evaluateDecision(model, 'dinner', vars({ Temperature: 25, 'Guest Count': 2 }));
    expect(result.evaluations.map((e) => e.decisionKey)).toEqual(['season', 'dish', 'beverages', 'dinner']);
    expect(model.decisionsByKey.get('dinner')!.requiredDecisionKeys).toEqual(['dish', 'beverages']);
  });

  it.each([
    [25, 2, 'Salad with Water and Lemonade'],
    [25, 10, 'Barbecue with Water and Beer'],
    [0, 10, 'Stew with Water and Beer'],
  ])('passes results on by decision name (Temperature %s, %s guests)', (temperature, guests, dinner) => {
    const result = evaluateDecision(model, 'dinner', vars({ Temperature: temperature, 'Guest Count': guests }));
    expect(plainRows(result)).toEqual([{ Dinner: dinner }]);
  });

  it("returns only the evaluated decision's rows, and each evaluation for history", () => {
    const result = evaluateDecision(model, 'beverages', vars({ Temperature: 25, 'Guest Count': 2 }));
    expect(plainRows(result)).toEqual([{ Beverage: 'Water' }, { Beverage: 'Lemonade' }]);
    const season = result.evaluations[0];
    expect(season).toMatchObject({
      decisionKey: 'season',
      inputs: [{ clauseId: 'temperatureClause', clauseName: 'Temperature' }],
    });
    // The single unnamed output takes the decision's variable name.
    expect(season.outputs).toEqual([
      expect.objectContaining({ ruleId: 'warmRule', ruleOrder: 3, variableName: 'Season' }),
    ]);
  });

  it('checks input data against the allowed values of their item definitions', async () => {
    const xml = definitions(`
      <itemDefinition name="tColour"><typeRef>string</typeRef><allowedValues><text>"red","green"</text></allowedValues></itemDefinition>
      <inputData id="colourInput" name="Colour"><variable name="Colour" typeRef="tColour"/></inputData>
      <decision id="shout" name="Shout">
        <variable name="Shout" typeRef="string"/>
        <informationRequirement><requiredInput href="#colourInput"/></informationRequirement>
        <literalExpression><text>upper case(Colour)</text></literalExpression>
      </decision>`);
    const shout = await parseDmn(xml, 'colour.dmn');
    expect(plainRows(evaluateDecision(shout, 'shout', vars({ Colour: 'red' })))).toEqual([{ Shout: 'RED' }]);
    expect(() => evaluateDecision(shout, 'shout', vars({ Colour: 'blue' }))).toThrow(
      /input data 'Colour': the value 'blue' is not one of the allowed values/,
    );
  });

  it('also passes results on by output name, as Camunda 7 does (lists for multi-hit tables)', async () => {
    const xml = definitions(`
      <decision id="discounts" name="Discounts">
        <decisionTable hitPolicy="RULE ORDER">
          <input><inputExpression><text>amount</text></inputExpression></input>
          <output name="discount"/>
          <rule><inputEntry><text>&gt; 10</text></inputEntry><outputEntry><text>5</text></outputEntry></rule>
          <rule><inputEntry><text>&gt; 100</text></inputEntry><outputEntry><text>10</text></outputEntry></rule>
        </decisionTable>
      </decision>
      <decision id="best" name="Best">
        <variable name="best"/>
        <informationRequirement><requiredDecision href="#discounts"/></informationRequirement>
        <literalExpression><text>max(discount)</text></literalExpression>
      </decision>`);
    const graph = await parseDmn(xml, 'camunda-style.dmn');
    expect(plainRows(evaluateDecision(graph, 'best', vars({ amount: 500 })))).toEqual([{ best: 10 }]);
  });

  it('names the decision in input data errors', () => {
    const run = () => evaluateDecision(model, 'dinner', vars({ Temperature: 'warm', 'Guest Count': 2 }));
    expect(run).toThrow(DecisionEvaluationError);
    expect(run).toThrow(
      /Decision 'Dinner' \(dinner\): input data 'Temperature': Invalid value 'warm' for clause with type 'number'/,
    );
  });

  it('names the failing required decision and the root in the error', async () => {
    const xml = definitions(`
      <decision id="grade" name="Grade">
        <decisionTable>
          <input><inputExpression><text>score</text></inputExpression></input>
          <output name="grade"/>
          <rule id="pass"><inputEntry><text>&gt;= 50</text></inputEntry><outputEntry><text>"pass"</text></outputEntry></rule>
          <rule id="good"><inputEntry><text>&gt;= 80</text></inputEntry><outputEntry><text>"good"</text></outputEntry></rule>
        </decisionTable>
      </decision>
      <decision id="report" name="Report">
        <informationRequirement><requiredDecision href="#grade"/></informationRequirement>
        <literalExpression><text>"Grade: " + grade</text></literalExpression>
      </decision>`);
    const graph = await parseDmn(xml, 'grades.dmn');
    expect(plainRows(evaluateDecision(graph, 'report', vars({ score: 60 })))).toEqual([{ Report: 'Grade: pass' }]);
    expect(() => evaluateDecision(graph, 'report', vars({ score: 90 }))).toThrow(
      /Decision 'Grade' \(grade\), required by 'report': hit policy 'UNIQUE' only allows a single rule to match, but 2 rules matched: 'pass', 'good'/,
    );
  });

  it('does not know a decision key outside the model', () => {
    expect(() => evaluateDecision(model, 'nope', {})).toThrow(NotFoundError);
  });
});
