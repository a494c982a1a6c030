import { ParseError, ParseProblem } from '../errors';

/** Collects parse problems of one resource, locating elements by their id in the source text. */
export class ParseProblems {
  readonly errors: ParseProblem[] = [];
  readonly warnings: ParseProblem[] = [];

  constructor(
    private readonly resourceName: string,
    private readonly xml: string,
  ) {}

  /** `elementIds` innermost first; the first present one is the main element. */
  error(message: string, elementIds: Array<string | null | undefined> = []): void {
    this.errors.push(this.problem(message, elementIds));
  }

  warning(message: string, elementIds: Array<string | null | undefined> = []): void {
    this.warnings.push(this.problem(message, elementIds));
  }

  /** A problem reported by the XML reader, which knows its (0-based) position. */
  atPosition(kind: 'error' | 'warning', message: string, line: number | null, column: number | null): void {
    const problem = { message, line, column, mainElementId: null, elementIds: [] };
    (kind === 'error' ? this.errors : this.warnings).push(problem);
  }

  toError(): ParseError {
    const first = this.errors[0]?.message ?? 'unknown problem';
    const more = this.errors.length > 1 ? ` (and ${this.errors.length - 1} more)` : '';
    return new ParseError(`ENGINE-22004 Unable to transform DMN resource '${this.resourceName}': ${first}${more}`, {
      [this.resourceName]: { errors: this.errors, warnings: this.warnings },
    });
  }

  private problem(message: string, elementIds: Array<string | null | undefined>): ParseProblem {
    const ids = elementIds.filter((id): id is string => typeof id === 'string' && id !== '');
    const main = ids[0] ?? null;
    const { line, column } = main ? this.locate(main) : { line: null, column: null };
    return { message, line, column, mainElementId: main, elementIds: ids };
  }

  private locate(id: string): { line: number | null; column: number | null } {
    const found = new RegExp(`\\sid\\s*=\\s*["']${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`).exec(this.xml);
    if (!found) return { line: null, column: null };
    const at = this.xml.lastIndexOf('<', found.index);
    const start = at >= 0 ? at : found.index;
    const before = this.xml.slice(0, start);
    const lineStart = before.lastIndexOf('\n');
    return { line: before.split('\n').length, column: start - lineStart };
  }
}

/** moddle-xml messages end in "line: N, column: M" (0-based). */
export function moddlePosition(message: string): { line: number | null; column: number | null; text: string } {
  const line = /\bline: (\d+)/.exec(message);
  const column = /\bcolumn: (\d+)/.exec(message);
  const nested = /nested error: (.*)$/m.exec(message);
  const head = message.split('\n')[0];
  return {
    line: line ? Number(line[1]) + 1 : null,
    column: column ? Number(column[1]) + 1 : null,
    text: nested ? `${head}: ${nested[1]}` : head,
  };
}
