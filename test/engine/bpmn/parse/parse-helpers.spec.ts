import { splitCommaList, parseHistoryTimeToLive } from '../../../../src/engine/bpmn/parse/text-values';
import { XmlLocator } from '../../../../src/engine/bpmn/parse/xml-locator';
import { parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { processXml } from './bpmn-fixtures';

describe('XmlLocator', () => {
  const xml = [
    '<root>',
    '  <!-- <task id="InComment"/> -->',
    '  <doc>see id="InText"</doc>',
    '  <a cond="x > 1" id="A"/>',
    "  <b\n     id='B'/>",
    '  <c xml:id="NotAnId" id="C"/>',
    '</root>',
  ].join('\n');
  const locator = new XmlLocator(xml);

  it.each<[string, { line: number; column: number } | null]>([
    ['A', { line: 4, column: 3 }],
    ['B', { line: 5, column: 3 }],
    ['C', { line: 7, column: 3 }],
    ['InComment', null],
    ['InText', null],
    ['NotAnId', null],
    ['missing', null],
  ])('%s', (id, expected) => {
    expect(locator.position(id)).toEqual(expected);
  });
});

describe('comma lists and history time to live', () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ['', []],
    ['a', ['a']],
    [' a , b ,, c ', ['a', 'b', 'c']],
    ["${x ? 'a,b' : 'c'}, d", ["${x ? 'a,b' : 'c'}", 'd']],
    ['#{f(a, b)},${g}', ['#{f(a, b)}', '${g}']],
  ])('splitCommaList(%p)', (text, expected) => {
    expect(splitCommaList(text)).toEqual(expected);
  });

  it.each<[string | null, number | null, string | null]>([
    [null, null, null],
    ['30', 30, null],
    ['P30D', 30, null],
    ['0', 0, null],
    ['P1M', null, 'Cannot parse historyTimeToLive: For input string: "P1M"'],
    ['-1', null, 'Cannot parse historyTimeToLive: negative value is not allowed'],
  ])('parseHistoryTimeToLive(%p)', (text, days, problem) => {
    expect(parseHistoryTimeToLive(text)).toEqual({ days, problem });
  });
});

describe('parseBpmn: expressions are compiled once and shared', () => {
  it('returns the same compiled expression for the same text', async () => {
    const xml = processXml(
      `<bpmn:startEvent id="s" /><bpmn:userTask id="a" camunda:assignee="\${owner}" /><bpmn:userTask id="b" camunda:assignee="\${owner}" />`,
    );
    const graph = (await parseBpmn(xml, 'x.bpmn')).processes[0];
    const a = graph.elements.get('a');
    const b = graph.elements.get('b');
    expect(a?.type === 'userTask' && b?.type === 'userTask' && a.userTask.assignee === b.userTask.assignee).toBe(true);
  });

  it('warns about a process without isExecutable and ignores it', async () => {
    const xml = processXml('<bpmn:startEvent id="s" />').replace(' isExecutable="true"', '');
    const model = await parseBpmn(xml, 'x.bpmn');
    expect(model.processes).toEqual([]);
    expect(model.warnings[0].message).toBe(
      `Process with id 'p' has no attribute isExecutable and is ignored. Set isExecutable="true" to deploy it.`,
    );
  });
});
