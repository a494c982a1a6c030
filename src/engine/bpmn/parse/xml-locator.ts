import { unquotedTagEnd } from '../../util/xml-attribute-spacing';

/**
 * Line and column of elements in the XML text. bpmn-moddle keeps no positions, so an element is
 * found by its `id="..."` attribute; the reported position is its start tag's `<` (1-based).
 */
export class XmlLocator {
  private readonly lineStarts: number[] = [0];
  private readonly byId = new Map<string, number>();
  private readonly opaque: Array<[number, number]> = [];

  constructor(private readonly xml: string) {
    for (let i = 0; i < xml.length; i++) if (xml[i] === '\n') this.lineStarts.push(i + 1);
    const comments = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
    for (let m = comments.exec(xml); m; m = comments.exec(xml)) this.opaque.push([m.index, m.index + m[0].length]);
    const idAttribute = /\sid\s*=\s*(["'])([^"']*)\1/g;
    for (let m = idAttribute.exec(xml); m; m = idAttribute.exec(xml)) {
      if (this.isOpaque(m.index)) continue;
      const tagStart = this.tagStartOf(m.index);
      // The parser reads ids without surrounding whitespace (see trimIds in bpmn-parser).
      const id = m[2].trim();
      if (tagStart !== null && !this.byId.has(id)) this.byId.set(id, tagStart);
    }
  }

  /** Whether some start tag in the text carries this id (also elements the parser drops, such as diagram elements). */
  hasId(id: string): boolean {
    return this.byId.has(id);
  }

  /** Locates an element the document gives no id (a generated one) at the start tag found at `offset`. */
  alias(id: string, offset: number): void {
    if (!this.byId.has(id)) this.byId.set(id, offset);
  }

  /**
   * Offsets of the start tags `<localName ...>` (any prefix) without an id, or with an empty one, in
   * document order; comments and CDATA sections do not count.
   */
  startTagsWithoutId(localName: string): number[] {
    const found: number[] = [];
    const tag = new RegExp(`<([\\w.-]+:)?${localName}(?=[\\s/>])`, 'g');
    for (let m = tag.exec(this.xml); m; m = tag.exec(this.xml)) {
      if (this.isOpaque(m.index)) continue;
      const end = this.tagEndOf(m.index);
      const id = /\sid\s*=\s*(["'])([^"']*)\1/.exec(this.xml.slice(m.index, end));
      if (!id || id[2].trim() === '') found.push(m.index);
    }
    return found;
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

  private isOpaque(offset: number): boolean {
    return this.opaque.some(([from, to]) => offset >= from && offset < to);
  }

  /** The offset of the `>` closing the start tag at `start` (a `>` inside a quoted value does not close it). */
  private tagEndOf(start: number): number {
    const { at } = unquotedTagEnd(this.xml, start + 1);
    return at < 0 ? this.xml.length : at;
  }

  /** The `<` of the start tag holding `offset`, or null when the match is text, a comment or CDATA. */
  private tagStartOf(offset: number): number | null {
    const start = this.xml.lastIndexOf('<', offset);
    if (start < 0 || this.xml[start + 1] === '!' || this.xml[start + 1] === '?' || this.xml[start + 1] === '/')
      return null;
    // '>' may appear inside attribute values; outside quotes it would end the tag before our match
    const { at, inQuote } = unquotedTagEnd(this.xml, start + 1, offset);
    return at < 0 && !inQuote ? start : null;
  }
}
