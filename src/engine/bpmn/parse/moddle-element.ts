/**
 * The loose shape of a bpmn-moddle element and typed readers for it. moddle sets known properties
 * (BPMN and camunda) by local name and keeps unknown attributes in `$attrs` under a normalized
 * `camunda:` prefix.
 */
export interface ModdleElement {
  readonly $type: string;
  readonly $parent?: ModdleElement;
  readonly $attrs?: Record<string, string>;
  readonly id?: string;
  readonly [property: string]: unknown;
}

export function isModdleElement(value: unknown): value is ModdleElement {
  return typeof value === 'object' && value !== null && typeof (value as ModdleElement).$type === 'string';
}

/** A string attribute; empty or whitespace-only values count as absent. */
export function attr(el: ModdleElement, name: string): string | null {
  const value = el[name];
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** An attribute the descriptor does not know (moddle keeps it in `$attrs` and warns). */
export function rawAttr(el: ModdleElement, qualifiedName: string): string | null {
  const value = el.$attrs?.[qualifiedName];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function bool(el: ModdleElement, name: string, fallback: boolean): boolean {
  const value = el[name];
  return typeof value === 'boolean' ? value : fallback;
}

export function child(el: ModdleElement, name: string): ModdleElement | null {
  const value = el[name];
  return isModdleElement(value) ? value : null;
}

export function children(el: ModdleElement, name: string): ModdleElement[] {
  const value = el[name];
  return Array.isArray(value) ? value.filter(isModdleElement) : [];
}

/** Body text of an expression-like child such as conditionExpression or loopCardinality. */
export function bodyOf(el: ModdleElement | null): string | null {
  if (!el) return null;
  const body = el.body;
  return typeof body === 'string' && body.trim() !== '' ? body : null;
}

/** Extension elements of one type, e.g. `camunda:InputOutput`. */
export function extensions(el: ModdleElement, type: string): ModdleElement[] {
  const container = child(el, 'extensionElements');
  return container ? children(container, 'values').filter((v) => v.$type === type) : [];
}

/** `bpmn:UserTask` -> `userTask`. */
export function localType(el: ModdleElement): string {
  const local = el.$type.slice(el.$type.indexOf(':') + 1);
  return local.charAt(0).toLowerCase() + local.slice(1);
}
