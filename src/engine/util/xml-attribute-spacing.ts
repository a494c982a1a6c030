/**
 * XML allows white space around the `=` of an attribute (`id = "a"`), and Camunda's parser reads such
 * models; saxen, the reader inside bpmn-moddle and dmn-moddle, refuses them ("missing attribute value").
 * This rewrites `name = "value"` to `name="value"` followed by the same white space, so every tag keeps
 * its length and its line breaks: offsets, lines and columns of everything else stay those of the
 * original text, and error positions can still be computed from it.
 *
 * Only start tags are touched. Comments, CDATA sections, processing instructions and declarations are
 * skipped whole, and inside a tag quoted values are skipped whole, so an `=` inside them never changes.
 */
export function normalizeAttributeSpacing(xml: string): string {
  let out: string[] | null = null;
  let copiedUpTo = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    const skipTo = opaqueEnd(xml, lt);
    if (skipTo !== null) {
      i = skipTo;
      continue;
    }
    const gt = tagEnd(xml, lt);
    if (gt < 0) break;
    const tag = xml.slice(lt, gt);
    const fixed = xml[lt + 1] === '/' ? tag : respaceTag(tag);
    if (fixed !== tag) {
      out ??= [];
      out.push(xml.slice(copiedUpTo, lt), fixed);
      copiedUpTo = gt;
    }
    i = gt;
  }
  if (!out) return xml;
  out.push(xml.slice(copiedUpTo));
  return out.join('');
}

const OPAQUE: Array<[string, string]> = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
];

/** Where a comment, CDATA section, processing instruction or declaration starting at `lt` ends; null for tags. */
function opaqueEnd(xml: string, lt: number): number | null {
  for (const [open, close] of OPAQUE) {
    if (xml.startsWith(open, lt)) {
      const end = xml.indexOf(close, lt + open.length);
      return end < 0 ? xml.length : end + close.length;
    }
  }
  return null;
}

/**
 * The first `>` in `xml[from, until)` outside quoted attribute values (-1 when there is none), and whether a quoted
 * value is still open at `until`: a `>` inside a value does not close a tag.
 */
export function unquotedTagEnd(xml: string, from: number, until = xml.length): { at: number; inQuote: boolean } {
  let quote: string | null = null;
  for (let j = from; j < until; j++) {
    const c = xml[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return { at: j, inQuote: false };
    }
  }
  return { at: -1, inQuote: quote !== null };
}

/** The offset just past the `>` closing the tag at `lt`; -1 when unclosed. */
function tagEnd(xml: string, lt: number): number {
  const { at } = unquotedTagEnd(xml, lt + 1);
  return at < 0 ? -1 : at + 1;
}

// An attribute name, the white space around `=`, and a whole quoted value (so a match never starts inside one).
// A name starts after white space: without that anchor every position inside a long run of name characters
// would be tried again, quadratic in the run (a deployment is up to 50 MB).
const ATTRIBUTE = /(?<=\s)([^\s=<>"'/]+)(\s*)=(\s*)("[^"]*"|'[^']*')/g;

function respaceTag(tag: string): string {
  return tag.replace(ATTRIBUTE, (whole, name: string, before: string, after: string, value: string) =>
    before === '' && after === '' ? whole : `${name}=${value}${before}${after}`,
  );
}
