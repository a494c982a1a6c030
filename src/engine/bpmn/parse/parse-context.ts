import type { DelegateRegistry } from '../../options';
import { ExpressionError, ParseProblem } from '../../errors';
import { CompiledExpression, ExpressionCompiler } from '../../expression';
import { ModdleElement } from './moddle-element';
import { priorityProblem } from './text-values';
import { XmlLocator } from './xml-locator';

const SCOPE_TYPES = new Set([
  'bpmn:Definitions',
  'bpmn:Process',
  'bpmn:SubProcess',
  'bpmn:Transaction',
  'bpmn:AdHocSubProcess',
]);

/**
 * The element a problem is reported against: the flow element (or process, or root element such
 * as a message) that contains `el`. Event definitions and extension elements are located by their
 * owner, as Camunda does.
 */
export function ownerOf(el: ModdleElement | null | undefined): ModdleElement | null {
  let fallback: ModdleElement | null = null;
  for (let cur = el; cur; cur = cur.$parent) {
    if (cur.id && fallback === null) fallback = cur;
    if (cur.id && (SCOPE_TYPES.has(cur.$type) || (cur.$parent && SCOPE_TYPES.has(cur.$parent.$type)))) return cur;
  }
  return fallback;
}

export interface HostCodeOptions {
  readonly delegates: DelegateRegistry;
  readonly verify: boolean;
}

/** Collects problems for one resource and compiles expressions, turning syntax errors into problems. */
export class ParseContext {
  readonly errors: ParseProblem[] = [];
  readonly warnings: ParseProblem[] = [];
  /** Ids made up for sequence flows the document gives none (BPMN makes a sequence flow's id optional). */
  readonly generatedFlowIds = new Set<string>();
  /** errorRef texts naming no declared error, by event definition: Camunda then uses the text as the error code. */
  readonly literalErrorRefs = new Map<ModdleElement, string>();
  /** loopDataInputRef texts naming no data element: Camunda reads them as the collection (variable or expression). */
  readonly literalLoopDataInputs = new Map<ModdleElement, string>();

  constructor(
    readonly resourceName: string,
    readonly locator: XmlLocator,
    private readonly compiler: ExpressionCompiler,
    /** false: every script is refused (SCRIPTS_ENABLED=false). */
    readonly scriptsEnabled = true,
    /** The deployment's resources, for `deployment://` script references; null when not known (re-parsing a stored model). */
    readonly resourceNames: ReadonlySet<string> | null = null,
    /** Host code models may name (embedded engines); `verify`: names no delegate registers are refused (at deployment). */
    readonly hostCode: HostCodeOptions | null = null,
  ) {}

  error(message: string, el?: ModdleElement | null): void {
    this.errors.push(this.problem(message, el));
  }

  warning(message: string, el?: ModdleElement | null): void {
    this.warnings.push(this.problem(message, el));
  }

  /** Whether an error was already reported against `el`'s owner (avoids a second, vaguer message). */
  hasErrorFor(el: ModdleElement | null | undefined): boolean {
    const id = ownerOf(el)?.id;
    return id !== undefined && this.errors.some((e) => e.mainElementId === id);
  }

  /** A problem at a known position (moddle reports some itself). */
  problemAt(message: string, line: number | null, column: number | null): ParseProblem {
    return { message, line, column, mainElementId: null, elementIds: [] };
  }

  /**
   * Compiles an attribute or body text found on `el`; null when absent. A syntax error becomes a
   * parse error naming the element and the attribute.
   */
  expression(text: string | null | undefined, el: ModdleElement, what: string): CompiledExpression | null {
    if (text == null || text.trim() === '') return null;
    try {
      return this.compiler.compile(text);
    } catch (err) {
      if (!(err instanceof ExpressionError)) throw err;
      const owner = ownerOf(el);
      this.error(`Invalid expression in ${what} of ${describe(owner)}: ${err.message}`, el);
      return this.placeholder();
    }
  }

  /**
   * `camunda:expression` of a task or listener: a method called on a name other than the given host
   * objects would call a Java bean in Camunda (which fails only when it runs); refused here, naming it.
   */
  beanFreeExpression(
    text: string | null | undefined,
    el: ModdleElement,
    what: string,
    hosts: readonly string[],
  ): CompiledExpression | null {
    const expression = this.expression(text, el, what);
    if (!expression) return null;
    // An embedded engine's registered delegates are the beans of its expressions (unverified: any name may be one).
    const registered = (name: string) =>
      this.hostCode !== null && (!this.hostCode.verify || this.hostCode.delegates.get(name) !== undefined);
    const bean = expression.methodTargets.find((name) => !hosts.includes(name) && !registered(name));
    if (bean !== undefined) {
      this.error(
        `${what} of ${describe(ownerOf(el))} calls a method on '${bean}', which would be a Java bean in Camunda: deployments never run Java code ` +
          `(methods may be called on ${hosts.map((h) => `'${h}'`).join(' and ')})`,
        el,
      );
      return this.placeholder();
    }
    return expression;
  }

  /** camunda:jobPriority / camunda:taskPriority read from `el` (reported against `owner`). */
  priority(
    el: ModdleElement,
    attribute: 'jobPriority' | 'taskPriority',
    owner: ModdleElement = el,
  ): CompiledExpression | null {
    const text = typeof el[attribute] === 'string' ? (el[attribute] as string) : null;
    const problem = priorityProblem(text, attribute);
    if (problem) {
      this.error(`${problem} (${describe(ownerOf(owner))})`, owner);
      return this.placeholder();
    }
    return this.expression(text, owner, `attribute 'camunda:${attribute}'`);
  }

  /**
   * Stands in for a missing or broken expression so parsing can go on and report further
   * problems; a graph is never returned when errors exist, so it is never evaluated.
   */
  placeholder(): CompiledExpression {
    return this.compiler.compile('');
  }

  private problem(message: string, el?: ModdleElement | null): ParseProblem {
    const owner = ownerOf(el);
    const id = owner?.id ?? null;
    const position = this.locator.position(id);
    return {
      message,
      line: position?.line ?? null,
      column: position?.column ?? null,
      mainElementId: id,
      elementIds: id ? [id] : [],
    };
  }
}

/** `'Task_1'` or, without id, the element type. */
export function describe(el: ModdleElement | null | undefined): string {
  if (!el) return 'the document';
  return el.id ? `'${el.id}'` : `<${el.$type}>`;
}
