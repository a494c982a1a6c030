import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { BadUserRequestError } from '../../errors';
import {
  SandboxTask,
  SandboxValue,
  SandboxWrite,
  ScriptFailure,
  ScriptOutput,
} from '../../expression/script/script-sandbox';
import { plainValue, TypedValue, untypedValue, VariableMap } from '../../variables/typed-value';
import { ScriptDefinition } from '../model';
import type { RuntimeContext } from './runtime-context';
import { VariableStore } from './variable-store';
import { resolveActivity } from './activity-ref';

function toSandbox(tv: TypedValue): SandboxValue | null {
  if (tv.type === 'json') return tv.value == null ? { t: 'v', v: null } : { t: 'json', v: String(tv.value) };
  if (tv.type === 'date') return tv.value instanceof Date ? { t: 'date', v: tv.value.getTime() } : { t: 'v', v: null };
  // Binary values stay outside: a script cannot do anything with them.
  if (tv.type === 'bytes' || tv.type === 'file') return null;
  return { t: 'v', v: plainValue(tv) };
}

/** A value made by a script, typed as the engine types values: Spin nodes stay Json. */
export function fromSandbox(value: SandboxValue): TypedValue {
  switch (value.t) {
    case 'json':
      return { type: 'json', value: value.v, valueInfo: {} };
    case 'date':
      return untypedValue(new Date(value.v));
    case 'undef':
      return untypedValue(null);
    case 'v':
      return untypedValue(value.v);
  }
}

function visibleValues(map: VariableMap): Record<string, SandboxValue> {
  const out: Record<string, SandboxValue> = {};
  for (const [name, tv] of Object.entries(map)) {
    const value = toSandbox(tv);
    if (value) out[name] = value;
  }
  return out;
}

async function sourceOf(ctx: RuntimeContext, deploymentId: string | null, script: ScriptDefinition): Promise<string> {
  if (script.source !== null) return script.source;
  return (await ctx.deps.repository.cache.namedResource(ctx.em, deploymentId, script.resource)).toString('utf8');
}

function scriptFailure(elementId: string, processDefinitionId: string | null, message: string): BadUserRequestError {
  return new BadUserRequestError(
    `Unable to evaluate script while executing activity '${elementId}' in the process definition with id '${processDefinitionId}': ${message}`,
    'ScriptEvaluationException',
  );
}

/** What a script sees besides `execution`: by default the variables of the execution; a task listener's script sees the task's. */
export interface ScriptView {
  vars: VariableMap;
  locals: string[];
  task?: SandboxTask;
}

/**
 * Runs a script of the model in the sandbox for `execution` and answers what it returned and the writes it
 * recorded, not yet applied. A script that throws or exceeds its limits fails the command with a 400 naming
 * the element.
 */
export async function runSandbox(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  script: ScriptDefinition,
  elementId: string,
  eventName: string | null,
  view: ScriptView = {
    vars: ctx.manager(VariableStore).visible(execution),
    locals: Object.keys(ctx.manager(VariableStore).local(execution)),
  },
): Promise<ScriptOutput> {
  const instance = ctx.instanceOf(execution);
  const failure = (message: string) => scriptFailure(elementId, execution.processDefinitionId, message);
  const sandbox = ctx.deps.scripts;
  if (!sandbox) throw failure('scripts are turned off (SCRIPTS_ENABLED=false)');
  const source = await sourceOf(ctx, instance.definition.deploymentId, script);
  try {
    return await sandbox.run({
      source,
      fileName: script.resource ?? `${elementId}.js`,
      vars: visibleValues(view.vars),
      locals: view.locals,
      types: Object.fromEntries(Object.entries(view.vars).map(([name, tv]) => [name, tv.type])),
      info: {
        id: execution.id,
        processInstanceId: execution.processInstanceId,
        businessKey: instance.root.businessKey,
        activityId: execution.activityId ?? elementId,
        processDefinitionId: execution.processDefinitionId,
        eventName,
        tenantId: execution.tenantId,
        parentId: execution.parentId,
        activityInstanceId: execution.activityInstanceId,
        activityName: resolveActivity(instance.graph, execution.activityId ?? elementId)?.node.name ?? null,
        processDefinitionKey: instance.definition.key,
      },
      ...(view.task ? { task: view.task } : {}),
    });
  } catch (err) {
    if (err instanceof ScriptFailure) throw failure(err.message);
    throw err;
  }
}

/** Applies a write made through `execution`; false for the writes of other objects (`task`). */
export function applyExecutionWrite(ctx: RuntimeContext, execution: ExecutionEntity, write: SandboxWrite): boolean {
  if (write.op === 'remove') ctx.manager(VariableStore).remove(execution, write.name);
  else if (write.op === 'removeLocal') ctx.manager(VariableStore).removeLocal(execution, write.name);
  else if (write.op === 'setLocal')
    ctx.manager(VariableStore).setLocal(execution, write.name, fromSandbox(write.value!));
  else if (write.op === 'set') ctx.manager(VariableStore).set(execution, write.name, fromSandbox(write.value!));
  else return false;
  return true;
}

/**
 * Runs a script of the model in the sandbox for `execution`: the script sees the variables visible
 * there (by value), its `execution.setVariable`... calls are applied here afterwards, in order.
 */
export async function runScript(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  script: ScriptDefinition,
  elementId: string,
  eventName: string | null = null,
): Promise<TypedValue> {
  const output = await runSandbox(ctx, execution, script, elementId, eventName);
  for (const write of output.writes) applyExecutionWrite(ctx, execution, write);
  return fromSandbox(output.result);
}

/** A script condition's value, which must be a boolean as Camunda's ScriptCondition requires. */
function conditionResult(value: TypedValue, what: string): boolean {
  const result = plainValue(value);
  if (typeof result !== 'boolean') {
    throw new BadUserRequestError(
      `condition script of ${what} returns non-Boolean: ${JSON.stringify(result) ?? 'undefined'}`,
      'ProcessEngineException',
    );
  }
  return result;
}

/** A script condition of a sequence flow or conditional event, evaluated for `execution` (its writes applied). */
export async function runConditionScript(
  ctx: RuntimeContext,
  execution: ExecutionEntity,
  script: ScriptDefinition,
  elementId: string,
  what: string,
): Promise<boolean> {
  return conditionResult(await runScript(ctx, execution, script, elementId), what);
}

/**
 * A conditional start event's script condition before any instance exists (`POST /condition`): it sees the
 * given variables only, `execution` answers null for its identity and its writes go nowhere.
 */
export async function runDetachedConditionScript(
  ctx: RuntimeContext,
  definition: { id: string; deploymentId: string | null; tenantId: string | null },
  script: ScriptDefinition,
  elementId: string,
  variables: VariableMap,
): Promise<boolean> {
  const failure = (message: string) => scriptFailure(elementId, definition.id, message);
  const sandbox = ctx.deps.scripts;
  if (!sandbox) throw failure('scripts are turned off (SCRIPTS_ENABLED=false)');
  const source = await sourceOf(ctx, definition.deploymentId, script);
  let output;
  try {
    output = await sandbox.run({
      source,
      fileName: script.resource ?? `${elementId}.js`,
      vars: visibleValues(variables),
      locals: [],
      info: {
        id: null,
        processInstanceId: null,
        businessKey: null,
        activityId: elementId,
        processDefinitionId: definition.id,
        eventName: null,
        tenantId: definition.tenantId,
      },
    });
  } catch (err) {
    if (err instanceof ScriptFailure) throw failure(err.message);
    throw err;
  }
  return conditionResult(fromSandbox(output.result), `conditional start event '${elementId}'`);
}
