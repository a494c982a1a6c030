import { IoMapping, IoParameter, IoValue } from '../model/element-config';
import { attr, child, children, extensions, ModdleElement } from './moddle-element';
import { describe, ParseContext } from './parse-context';
import { parseScript } from './script.parser';

/** camunda:inputOutput. Text values are expressions (or constants); lists and maps nest; scripts are JavaScript, run in the sandbox. */
export function parseIoMapping(el: ModdleElement, ctx: ParseContext): IoMapping | null {
  const all = extensions(el, 'camunda:InputOutput');
  if (all.length === 0) return null;
  if (all.length > 1) ctx.error(`Only one camunda:inputOutput is allowed on ${describe(el)}`, el);
  const io = all[0];
  return {
    inputs: children(io, 'inputParameters').map((p) => parameter(el, p, 'inputParameter', ctx)),
    outputs: children(io, 'outputParameters').map((p) => parameter(el, p, 'outputParameter', ctx)),
  };
}

function parameter(owner: ModdleElement, p: ModdleElement, kind: string, ctx: ParseContext): IoParameter {
  const name = attr(p, 'name');
  if (name === null) ctx.error(`Missing attribute 'name' for ${kind} on ${describe(owner)}`, owner);
  return { name: name ?? '', value: value(owner, p, `${kind} '${name ?? ''}'`, ctx) };
}

/** A parameter or map entry: its definition child (list/map/script) or its text. */
function value(owner: ModdleElement, holder: ModdleElement, what: string, ctx: ParseContext): IoValue {
  const definition = child(holder, 'definition');
  if (definition) return definitionValue(owner, definition, what, ctx);
  const text = typeof holder.value === 'string' ? holder.value : null;
  const expression = ctx.expression(text, owner, what);
  return expression ? { kind: 'expression', expression } : { kind: 'null' };
}

function definitionValue(owner: ModdleElement, def: ModdleElement, what: string, ctx: ParseContext): IoValue {
  switch (def.$type) {
    case 'camunda:List':
      return { kind: 'list', items: children(def, 'items').map((item) => definitionValue(owner, item, what, ctx)) };
    case 'camunda:Map':
      return {
        kind: 'map',
        entries: children(def, 'entries').map((entry) => ({
          key: attr(entry, 'key') ?? '',
          value: value(owner, entry, what, ctx),
        })),
      };
    case 'camunda:Value': {
      const expression = ctx.expression(typeof def.value === 'string' ? def.value : null, owner, what);
      return expression ? { kind: 'expression', expression } : { kind: 'null' };
    }
    case 'camunda:Script': {
      const script = parseScript(
        {
          format: attr(def, 'scriptFormat'),
          source: typeof def.value === 'string' ? def.value : null,
          resource: attr(def, 'resource'),
        },
        owner,
        ctx,
        `the ${what}`,
        `Script in ${what} of ${describe(owner)} is not supported: scripts from a deployment are never run`,
      );
      return script ? { kind: 'script', script } : { kind: 'null' };
    }
    default:
      ctx.error(`Unsupported value <${def.$type}> in ${what} of ${describe(owner)}`, owner);
      return { kind: 'null' };
  }
}
