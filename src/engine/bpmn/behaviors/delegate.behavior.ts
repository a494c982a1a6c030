import { BpmnError, ProcessEngineError } from '../../errors';
import { untypedValue } from '../../variables/typed-value';
import type { ActivityExecution } from '../runtime/activity-execution';
import { ActivityBehavior } from '../runtime/activity-behavior';
import { callHostCode } from '../runtime/host-code';

/**
 * Service and send tasks that call host code (embedded engines): `execute(execution)` of a registered object,
 * or a bean method expression whose value goes to camunda:resultVariable. It runs inside the command: when it
 * throws, nothing of the command is kept (a job fails and is retried); a BpmnError is thrown at the activity,
 * where an error boundary event or event sub-process may catch it. Then the activity is left.
 */
export class DelegateBehavior implements ActivityBehavior {
  async execute(activity: ActivityExecution): Promise<void> {
    const { ctx, execution, node } = activity;
    if (!('delegate' in node)) throw new ProcessEngineError(`The activity '${node.id}' calls no host code`);
    const ref = node.delegate;
    let value: unknown;
    try {
      value = await callHostCode(ctx, execution, ref, 'execute');
    } catch (err) {
      if (err instanceof BpmnError) {
        activity.throwError(err.errorCode, err.message);
        return;
      }
      throw err;
    }
    if (ref.kind === 'expression' && ref.resultVariable)
      activity.setVariable(ref.resultVariable, untypedValue(value ?? null));
    activity.leave();
  }
}
