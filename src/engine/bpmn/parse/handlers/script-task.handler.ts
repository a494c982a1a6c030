import { ScriptTaskNode } from '../../model/flow-node';
import { parseActivityFields } from '../activity-fields.parser';
import { ElementHandler } from '../element-handler';
import { attr } from '../moddle-element';
import { describe } from '../parse-context';
import { parseScript } from '../script.parser';

/** bpmn:scriptTask: JavaScript in the sandbox (inline or `deployment://`), result into camunda:resultVariable. */
export const scriptTaskHandler: ElementHandler = ({ el, common, ctx }) => {
  const script = parseScript(
    {
      format: attr(el, 'scriptFormat'),
      source: typeof el.script === 'string' ? el.script : null,
      resource: attr(el, 'resource'),
    },
    el,
    ctx,
    'the script task',
    `Script task ${describe(el)} is not supported: scripts from a deployment are never run`,
  );
  if (!script) return null;
  const resultVariable = attr(el, 'resultVariable')?.trim() || null;
  const node: ScriptTaskNode = {
    ...parseActivityFields(el, common, ctx),
    type: 'scriptTask',
    activityType: 'scriptTask',
    script,
    resultVariable,
  };
  return node;
};
