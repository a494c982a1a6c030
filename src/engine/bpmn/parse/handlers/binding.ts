import { CompiledExpression } from '../../../expression';
import { DefinitionBinding } from '../../model/element-config';
import { ModdleElement } from '../moddle-element';
import { describe, ParseContext } from '../parse-context';

const BINDINGS: readonly DefinitionBinding[] = ['latest', 'deployment', 'version', 'versionTag'];

/**
 * Validates a definition binding (call activities, business rule tasks): `version` needs a
 * version and `versionTag` a version tag. Attribute names are given for the messages.
 */
export function parseBinding(
  el: ModdleElement,
  ctx: ParseContext,
  text: string | null,
  version: CompiledExpression | null,
  versionTag: CompiledExpression | null,
  names: { binding: string; version: string; versionTag: string },
): DefinitionBinding {
  const binding = (text ?? 'latest') as DefinitionBinding;
  if (!BINDINGS.includes(binding)) {
    ctx.error(
      `Invalid attribute '${names.binding}' value '${text}' on ${describe(el)}: expected one of ${BINDINGS.join(', ')}`,
      el,
    );
    return 'latest';
  }
  if (binding === 'version' && !version) {
    ctx.error(`Missing attribute '${names.version}' when '${names.binding}' has value 'version' (${describe(el)})`, el);
  }
  if (binding === 'versionTag' && !versionTag) {
    ctx.error(
      `Missing attribute '${names.versionTag}' when '${names.binding}' has value 'versionTag' (${describe(el)})`,
      el,
    );
  }
  return binding;
}
