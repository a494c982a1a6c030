import type { OpenAPIObject } from '@nestjs/swagger';
import { CAMUNDA_OPERATIONS_TSV } from './camunda-operations';

export interface CamundaOperation {
  method: string;
  /** Below the engine's base path, with Camunda's parameter names: `/process-definition/{id}/start`. */
  path: string;
  operationId: string;
  tag: string;
}

export const CAMUNDA_OPERATIONS: readonly CamundaOperation[] = CAMUNDA_OPERATIONS_TSV.split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => {
    const [method, path, operationId, tag] = line.split('\t');
    return { method, path, operationId, tag };
  });

/** Path parameters are named differently here and there (`{key}`, `{tenant-id}`, `{varName}`); their places match. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

const BY_KEY = new Map(CAMUNDA_OPERATIONS.map((op) => [operationKey(op.method, op.path), op]));

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Gives each documented route of the engine (below `root`) the operationId and tag of the same operation in Camunda's
 * document, so that a client generated from ours has the method names and groups of one generated from Camunda's.
 * Done here, over the whole document, rather than on each controller method: every route is matched by method and
 * path, new ones included. Routes Camunda does not have keep Nest's id and their own tag. The tags are listed in
 * alphabetical order, as Swagger UI then shows the families.
 */
export function applyCamundaOperationIds(document: OpenAPIObject, root: string): OpenAPIObject {
  const base = root.replace(/\/+$/, '');
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith(`${base}/`)) continue;
    const relative = path.slice(base.length);
    for (const method of METHODS) {
      const operation = item[method];
      const camunda = operation && BY_KEY.get(operationKey(method, relative));
      if (!operation || !camunda) continue;
      operation.operationId = camunda.operationId;
      operation.tags = [camunda.tag];
    }
  }
  const used = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const method of METHODS) for (const tag of item[method]?.tags ?? []) used.add(tag);
  const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  document.tags = [...used].sort((a, b) => a.localeCompare(b)).map((name) => described.get(name) ?? { name });
  return document;
}
