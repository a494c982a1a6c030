import { f, ParamDef } from './query-spec';

/**
 * Filters every definition list shares (process, decision, decision requirements). The list query
 * aliases the definition `d` and left-joins its deployment as `dep`.
 */
export function latestVersionOf(table: string): ParamDef {
  return f.flag(
    `d.version = (SELECT MAX(d2.\`version\`) FROM ${table} d2 WHERE d2.\`key\` = d.key ` +
      `AND (d2.tenant_id = d.tenantId OR (d2.tenant_id IS NULL AND d.tenantId IS NULL)))`,
  );
}

export function commonDefinitionParams(table: string): Record<string, ParamDef> {
  return {
    name: f.eq('d.name'),
    nameLike: f.like('d.name'),
    deploymentId: f.eq('d.deploymentId'),
    key: f.eq('d.key'),
    keyLike: f.like('d.key'),
    category: f.eq('d.category'),
    categoryLike: f.like('d.category'),
    version: f.eq('d.version', 'int'),
    latestVersion: latestVersionOf(table),
    resourceName: f.eq('d.resourceName'),
    resourceNameLike: f.like('d.resourceName'),
  };
}

export const deployedParams = (): Record<string, ParamDef> => ({
  deployedAfter: f.cmp('dep.deploymentTime', '>'),
  deployedAt: f.cmp('dep.deploymentTime', '='),
});
