import type { ModdleWarning } from 'bpmn-moddle';
import { isModdleElement, ModdleElement } from './moddle-element';
import { describe, ownerOf, ParseContext } from './parse-context';

/** Attributes we read from `$attrs` although the camunda descriptor does not declare them. */
const READ_UNKNOWN_ATTRIBUTES = new Set(['camunda:decisionRefVersionTag']);

/** `line: 14` / `column: 8` in moddle messages are 0-based. */
export function moddlePosition(message: string): { line: number | null; column: number | null } {
  const line = /\bline: (\d+)/.exec(message);
  const column = /\bcolumn: (\d+)/.exec(message);
  return { line: line ? Number(line[1]) + 1 : null, column: column ? Number(column[1]) + 1 : null };
}

/** `unparsable content <x> detected` + `nested error: y` -> one readable line. */
export function moddleMessage(message: string): string {
  const first = message.split('\n')[0].trim();
  const nested = /nested error: (.*)/.exec(message);
  return nested ? `${first}: ${nested[1].trim()}` : first;
}

function inNonExecutableProcess(el: ModdleElement | undefined): boolean {
  for (let cur = el; cur; cur = cur.$parent) {
    if (cur.$type === 'bpmn:Process') return cur.isExecutable !== true;
  }
  return false;
}

/**
 * bpmn-moddle reports problems as warnings and drops what it cannot read. Dropped BPMN elements
 * (unknown types, duplicate ids) and dangling references would silently change the process, so
 * they are errors here; unknown attributes and unknown camunda extension elements stay warnings,
 * as in Camunda. Diagram (DI) references, a node's incoming/outgoing lists and non-executable processes only warn.
 */
export function reportModdleWarnings(warnings: ModdleWarning[], ctx: ParseContext): void {
  for (const w of warnings) {
    const el = isModdleElement(w.element) ? w.element : undefined;
    const unresolved = /^unresolved reference <(.*)>/.exec(w.message);
    if (unresolved) {
      const message = referenceMessage(el, w.property ?? '', unresolved[1]);
      const isDiagram = el !== undefined && !el.$type.startsWith('bpmn:');
      // Camunda reads flows from sourceRef/targetRef only; a node's incoming/outgoing lists are never resolved.
      const flowList = /^(bpmn:)?(incoming|outgoing)$/.test(w.property ?? '');
      if (isDiagram || flowList || inNonExecutableProcess(el)) ctx.warning(message, el);
      else ctx.error(message, el);
    } else if (w.message.startsWith('unparsable content')) {
      const { line, column } = moddlePosition(w.message);
      const problem = ctx.problemAt(moddleMessage(w.message), line, column);
      const camundaExtension = /unknown type <camunda:/.test(w.message);
      (camundaExtension ? ctx.warnings : ctx.errors).push(problem);
    } else if (w.message.startsWith('unknown attribute')) {
      if (!READ_UNKNOWN_ATTRIBUTES.has(w.property ?? '')) ctx.warning(w.message, el);
    } else {
      ctx.warning(w.message, el);
    }
  }
}

function referenceMessage(el: ModdleElement | undefined, property: string, ref: string): string {
  const local = property.slice(property.indexOf(':') + 1);
  if (el?.$type === 'bpmn:SequenceFlow' && local === 'sourceRef')
    return `Invalid source '${ref}' of sequence flow '${el.id}'`;
  if (el?.$type === 'bpmn:SequenceFlow' && local === 'targetRef')
    return `Invalid destination '${ref}' of sequence flow '${el.id}'`;
  if (el?.$type === 'bpmn:EscalationEventDefinition' && local === 'escalationRef') {
    return `could not find escalation with id '${ref}' (${describe(ownerOf(el))})`;
  }
  // event definitions have no id of their own: name the event that holds them
  return `Invalid reference '${ref}' in attribute '${local}' of ${describe(el?.id ? el : ownerOf(el))}`;
}
