import { ExecutionEntity } from '../../../persistence/entities/runtime/execution.entity';
import { DecisionDefinitionEntity } from '../../../persistence/entities/repository/decision-definition.entity';
import { ProcessDefinitionEntity } from '../../../persistence/entities/repository/process-definition.entity';
import { BadUserRequestError, ModelDataError } from '../../errors';
import { CompiledExpression } from '../../expression';
import { DefinitionBinding } from '../model';
import type { RuntimeContext } from './runtime-context';
import { evaluate } from './expression-scope';
import { ProcessInstanceState } from './process-instance-state';

interface BindingConfig {
  binding: DefinitionBinding;
  version: CompiledExpression | null;
  versionTag: CompiledExpression | null;
  tenantId: CompiledExpression | null;
}

interface Lookup {
  key: string;
  binding: DefinitionBinding;
  version: number | null;
  versionTag: string | null;
  tenantId: string | null;
  deploymentId: string | null;
}

type Table = typeof ProcessDefinitionEntity | typeof DecisionDefinitionEntity;

/**
 * What a reference (call activity, business rule task) resolves to: by default the latest version
 * in the calling definition's tenant; `deployment` the one deployed with the caller; `version` and
 * `versionTag` a given one.
 */
function lookupOf(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  key: CompiledExpression,
  config: BindingConfig,
): Lookup {
  const keyValue = evaluate(ctx, execution, key);
  if (keyValue == null || keyValue === '') throw new ModelDataError(`The reference '${key.text}' resolves to nothing`);
  const tenant = config.tenantId ? evaluate(ctx, execution, config.tenantId) : instance.definition.tenantId;
  const version =
    config.binding === 'version' && config.version ? Number(evaluate(ctx, execution, config.version)) : null;
  if (config.binding === 'version' && (version == null || !Number.isInteger(version))) {
    throw new ModelDataError(`The version of the reference '${key.text}' is not an integer`);
  }
  const tag = config.binding === 'versionTag' && config.versionTag ? evaluate(ctx, execution, config.versionTag) : null;
  return {
    key: String(keyValue),
    binding: config.binding,
    version,
    versionTag: tag == null ? null : String(tag),
    tenantId: tenant == null || tenant === '' ? null : String(tenant),
    deploymentId: instance.definition.deploymentId,
  };
}

async function find<T extends Table>(ctx: RuntimeContext, table: T, l: Lookup): Promise<InstanceType<T> | null> {
  // The default binding is the repository's own latest-version lookup (the one evaluate and start by key use).
  if (l.binding === 'latest') {
    const kind = table === ProcessDefinitionEntity ? 'process' : 'decision';
    return (await ctx.deps.repository.latest(ctx.em, kind, l.key, l.tenantId)) as InstanceType<T> | null;
  }
  const qb = ctx.em
    .getRepository(table as typeof ProcessDefinitionEntity)
    .createQueryBuilder('d')
    .where('d.key = :key', { key: l.key });
  if (l.binding === 'deployment') qb.andWhere('d.deploymentId = :dep', { dep: l.deploymentId });
  else if (l.tenantId == null) qb.andWhere('d.tenantId IS NULL');
  else qb.andWhere('d.tenantId = :tenant', { tenant: l.tenantId });
  if (l.binding === 'version') qb.andWhere('d.version = :version', { version: l.version });
  if (l.binding === 'versionTag') qb.andWhere('d.versionTag = :tag', { tag: l.versionTag });
  return (await qb.orderBy('d.version', 'DESC').getOne()) as InstanceType<T> | null;
}

function describe(l: Lookup): string {
  const tenant = l.tenantId == null ? '' : ` and tenant-id '${l.tenantId}'`;
  switch (l.binding) {
    case 'deployment':
      return `key '${l.key}' in deployment '${l.deploymentId}'`;
    case 'version':
      return `key '${l.key}' and version '${l.version}'${tenant}`;
    case 'versionTag':
      return `key '${l.key}' and versionTag '${l.versionTag}'${tenant}`;
    default:
      return `key '${l.key}'${tenant}`;
  }
}

export async function resolveCalledProcess(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  calledElement: CompiledExpression,
  config: BindingConfig,
): Promise<ProcessDefinitionEntity> {
  const lookup = lookupOf(ctx, instance, execution, calledElement, config);
  const found = await find(ctx, ProcessDefinitionEntity, lookup);
  // Camunda's deployment cache: NullValueException (500 there); the model names a process nobody deployed.
  if (!found) throw new BadUserRequestError(`no processes deployed with ${describe(lookup)}`, 'NullValueException');
  return found;
}

/**
 * What a call activity calls whatever the instance (Camunda's getStaticallyBoundProcessDefinition): null when a part
 * of the reference is an expression, or when it names nothing deployed.
 */
export async function staticallyCalledProcess(
  ctx: RuntimeContext,
  caller: ProcessDefinitionEntity,
  calledElement: CompiledExpression,
  config: BindingConfig,
): Promise<ProcessDefinitionEntity | null> {
  const parts = [calledElement, config.version, config.versionTag, config.tenantId];
  if (parts.some((p) => p && !p.isLiteral)) return null;
  const version = config.binding === 'version' ? Number(config.version?.text) : null;
  if (!calledElement.text || (config.binding === 'version' && !Number.isInteger(version))) return null;
  const tenant = config.tenantId ? config.tenantId.text : caller.tenantId;
  return find(ctx, ProcessDefinitionEntity, {
    key: calledElement.text,
    binding: config.binding,
    version,
    versionTag: config.binding === 'versionTag' ? (config.versionTag?.text ?? null) : null,
    tenantId: tenant == null || tenant === '' ? null : tenant,
    deploymentId: caller.deploymentId,
  });
}

export async function resolveDecision(
  ctx: RuntimeContext,
  instance: ProcessInstanceState,
  execution: ExecutionEntity,
  decisionRef: CompiledExpression,
  config: BindingConfig,
): Promise<DecisionDefinitionEntity> {
  const lookup = lookupOf(ctx, instance, execution, decisionRef, config);
  const found = await find(ctx, DecisionDefinitionEntity, lookup);
  if (!found)
    throw new BadUserRequestError(
      `no decision definition deployed with ${describe(lookup)}`,
      'DecisionDefinitionNotFoundException',
    );
  return found;
}
