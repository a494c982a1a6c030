import { ScriptDefinition } from '../model/element-config';
import { ModdleElement } from './moddle-element';
import { describe, ownerOf, ParseContext } from './parse-context';

/** The script formats that run: JavaScript, in the WebAssembly sandbox. */
const JAVASCRIPT = new Set(['javascript', 'js', 'ecmascript']);

export interface ScriptText {
  /** scriptFormat / language as written. */
  format: string | null;
  /** The inline text (body of the element). */
  source: string | null;
  /** camunda:resource. */
  resource: string | null;
}

/**
 * A script of the model: JavaScript inline or from a `deployment://` resource. With scripts turned
 * off (SCRIPTS_ENABLED=false) every script is refused with `disabledMessage`; other languages are
 * refused naming the language, `classpath://` and other resource locations naming the resource.
 */
export function parseScript(
  text: ScriptText,
  el: ModdleElement,
  ctx: ParseContext,
  what: string,
  disabledMessage: string,
): ScriptDefinition | null {
  const owner = ownerOf(el) ?? el;
  if (!ctx.scriptsEnabled) {
    ctx.error(disabledMessage, el);
    return null;
  }
  const language = text.format?.trim() ?? '';
  if (language === '') {
    ctx.error(`Missing attribute 'scriptFormat' for the script of ${what} on ${describe(owner)}`, el);
    return null;
  }
  if (!JAVASCRIPT.has(language.toLowerCase())) {
    ctx.error(
      `Script language '${language}' of ${what} on ${describe(owner)} is not supported: only JavaScript (javascript, js, ecmascript) runs, in a sandbox`,
      el,
    );
    return null;
  }
  const resource = text.resource?.trim() || null;
  if (resource !== null) {
    const name = /^deployment:\/\/(.+)$/.exec(resource)?.[1];
    if (!name) {
      const reason =
        resource.startsWith('classpath://') || !resource.includes('://')
          ? 'there is no classpath here'
          : 'unknown location';
      ctx.error(
        `Script resource '${resource}' of ${what} on ${describe(owner)} is not supported (${reason}): use camunda:resource="deployment://<name>"`,
        el,
      );
      return null;
    }
    if (ctx.resourceNames && !ctx.resourceNames.has(name)) {
      ctx.error(`Script resource '${resource}' of ${what} on ${describe(owner)} is not part of the deployment`, el);
      return null;
    }
    return { language, source: null, resource: name };
  }
  if (text.source == null || text.source.trim() === '') {
    ctx.error(`The script of ${what} on ${describe(owner)} is empty`, el);
    return null;
  }
  return { language, source: text.source, resource: null };
}
