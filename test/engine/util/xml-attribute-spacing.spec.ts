import { normalizeAttributeSpacing } from '../../../src/engine/util/xml-attribute-spacing';

describe('normalizeAttributeSpacing', () => {
  it.each<[string, string, string]>([
    ['spaces on both sides', '<a id = "x"/>', '<a id="x"  />'],
    ['space before only', '<a id ="x">', '<a id="x" >'],
    ['tab and line break after', '<a id=\t\n"x" b="y">', '<a id="x"\t\n b="y">'],
    ['single quotes', "<a id = 'x'>", "<a id='x'  >"],
    ['prefixed names', '<bpmn:task camunda:asyncBefore = "true" />', '<bpmn:task camunda:asyncBefore="true"   />'],
    ['several attributes', '<a x = "1" y= "2" z ="3">', '<a x="1"   y="2"  z="3" >'],
  ])('moves the white space around "=" behind the value: %s', (_name, input, output) => {
    expect(normalizeAttributeSpacing(input)).toBe(output);
    expect(normalizeAttributeSpacing(input)).toHaveLength(input.length);
  });

  it.each<[string, string]>([
    ['"=" inside a double-quoted value', '<a name="x = y" other=\'a = b\'>text = more</a>'],
    ['a ">" inside a value', '<a cond="${x > 1}" id="z">'],
    ['a comment', '<!-- <a id = "x"/> --><b/>'],
    ['a CDATA section', '<a><![CDATA[ <b id = "x"/> ]]></a>'],
    ['a processing instruction', '<?xml version = "1.0"?><a/>'],
    ['text between tags', '<a>x = "y"</a>'],
    ['closing tags', '<a></a >'],
  ])('leaves alone %s', (_name, input) => {
    expect(normalizeAttributeSpacing(input)).toBe(input);
  });

  it('keeps every line break where the lines of later elements need it', () => {
    const input = '<a\n  id\n  =\n  "x"\n  name="n">\n<b id = "y"/>\n</a>';
    const output = normalizeAttributeSpacing(input);
    expect(output).toBe('<a\n  id="x"\n  \n  \n  name="n">\n<b id="y"  />\n</a>');
    expect(output.split('\n')).toHaveLength(input.split('\n').length);
    expect(output.indexOf('<b')).toBe(input.indexOf('<b'));
  });

  it('returns the same string when nothing needs to change', () => {
    const input = '<a id="x"><b c="d"/></a>';
    expect(normalizeAttributeSpacing(input)).toBe(input);
  });

  it('reads a tag with a very long run of name characters in one pass (a regular expression retrying every position took minutes)', () => {
    const run = 'b'.repeat(500_000);
    expect(normalizeAttributeSpacing(`<a x${run} y = "1">`)).toBe(`<a x${run} y="1"  >`);
  });
});
