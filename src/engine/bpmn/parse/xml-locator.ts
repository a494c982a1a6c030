/**
 * Line and column of elements in the XML text. bpmn-moddle keeps no positions, so an element is
 * found by its `id="..."` attribute; the reported position is its start tag's `<` (1-based).
 */
export class XmlLocator {
  private readonly lineStarts: number[] = [0];
  private readonly byId = new Map<string, number>();

  constructor(private readonly xml: string) {
    for (let i = 0; i < xml.length; i++) if (xml[i] === '\n') this.lineStarts.push(i + 1);
    const opaque: Array<[number, number]> = [];
    const comments = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
    for (let m = comments.exec(xml); m; m = comments.exec(xml)) opaque.push([m.index, m.index + m[0].length]);
    const idAttribute = /\sid\s*=\s*(["'])([^"']*)\1/g;
    for (let m = idAttribute.exec(xml); m; m = idAttribute.exec(xml)) {
      const at = m.index;
      if (opaque.some(([from, to]) => at >= from && at < to)) continue;
      const tagStart = this.tagStartOf(m.index);
      if (tagStart !== null && !this.byId.has(m[2])) this.byId.set(m[2], tagStart);
    }
  }

  position(id: string | null): { line: number; column: number } | null {
    if (id === null) return null;
    const offset = this.byId.get(id);
    return offset === undefined ? null : this.positionAt(offset);
  }

  positionAt(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  /** The `<` of the start tag holding `offset`, or null when the match is text, a comment or CDATA. */
  private tagStartOf(offset: number): number | null {
    const start = this.xml.lastIndexOf('<', offset);
    if (start < 0 || this.xml[start + 1] === '!' || this.xml[start + 1] === '?' || this.xml[start + 1] === '/') return null;
    // '>' may appear inside attribute values; outside quotes it would end the tag before our match
    let quote: string | null = null;
    for (let i = start + 1; i < offset; i++) {
      const c = this.xml[i];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '>') {
        return null;
      }
    }
    return quote === null ? start : null;
  }
}
