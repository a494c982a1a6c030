import { ResourceType } from '../command/permission-checker';

/** Resource types and permissions as Camunda 7 numbers and names them (reference §5.1, §5.2). */
export type { ResourceType };

const R = (code: number, enumName: string, name: string): ResourceType => ({ code, enumName, name });

export const Resources = {
  APPLICATION: R(0, 'APPLICATION', 'Application'),
  USER: R(1, 'USER', 'User'),
  GROUP: R(2, 'GROUP', 'Group'),
  GROUP_MEMBERSHIP: R(3, 'GROUP_MEMBERSHIP', 'Group membership'),
  AUTHORIZATION: R(4, 'AUTHORIZATION', 'Authorization'),
  FILTER: R(5, 'FILTER', 'Filter'),
  PROCESS_DEFINITION: R(6, 'PROCESS_DEFINITION', 'ProcessDefinition'),
  TASK: R(7, 'TASK', 'Task'),
  PROCESS_INSTANCE: R(8, 'PROCESS_INSTANCE', 'ProcessInstance'),
  DEPLOYMENT: R(9, 'DEPLOYMENT', 'Deployment'),
  DECISION_DEFINITION: R(10, 'DECISION_DEFINITION', 'DecisionDefinition'),
  TENANT: R(11, 'TENANT', 'Tenant'),
  TENANT_MEMBERSHIP: R(12, 'TENANT_MEMBERSHIP', 'TenantMembership'),
  BATCH: R(13, 'BATCH', 'Batch'),
  DECISION_REQUIREMENTS_DEFINITION: R(14, 'DECISION_REQUIREMENTS_DEFINITION', 'DecisionRequirementsDefinition'),
  REPORT: R(15, 'REPORT', 'Report'),
  DASHBOARD: R(16, 'DASHBOARD', 'Dashboard'),
  OPERATION_LOG_CATEGORY: R(17, 'OPERATION_LOG_CATEGORY', 'OperationLogCatgeory'),
  OPTIMIZE: R(18, 'OPTIMIZE', 'Optimize'),
  HISTORIC_TASK: R(19, 'HISTORIC_TASK', 'HistoricTask'),
  HISTORIC_PROCESS_INSTANCE: R(20, 'HISTORIC_PROCESS_INSTANCE', 'HistoricProcessInstance'),
  SYSTEM: R(21, 'SYSTEM', 'System'),
} as const;

export const RESOURCE_BY_CODE = new Map<number, ResourceType>(Object.values(Resources).map((r) => [r.code, r]));

export const ALL = 2147483647;
export const NONE = 0;

/** The generic permissions with the resource codes each applies to. */
const GENERIC: Array<[string, number, number[]]> = [
  ['READ', 2, [4, 16, 10, 14, 9, 5, 2, 15, 11, 1]],
  ['UPDATE', 4, [4, 16, 10, 5, 2, 15, 11, 1]],
  ['CREATE', 8, [4, 16, 9, 5, 2, 3, 15, 11, 12, 1]],
  ['DELETE', 16, [4, 16, 9, 5, 2, 3, 15, 11, 12, 1]],
  ['ACCESS', 32, [0]],
  ['READ_TASK', 64, []],
  ['UPDATE_TASK', 128, []],
  ['CREATE_INSTANCE', 256, [10]],
  ['READ_INSTANCE', 512, []],
  ['UPDATE_INSTANCE', 1024, []],
  ['DELETE_INSTANCE', 2048, []],
  ['READ_HISTORY', 4096, [10]],
  ['DELETE_HISTORY', 8192, [10]],
  ['TASK_WORK', 16384, []],
  ['TASK_ASSIGN', 32768, []],
  ['MIGRATE_INSTANCE', 65536, []],
];

const SPECIFIC: Record<number, Record<string, number>> = {
  6: {
    READ: 2,
    UPDATE: 4,
    DELETE: 16,
    RETRY_JOB: 32,
    READ_TASK: 64,
    UPDATE_TASK: 128,
    CREATE_INSTANCE: 256,
    READ_INSTANCE: 512,
    UPDATE_INSTANCE: 1024,
    DELETE_INSTANCE: 2048,
    READ_HISTORY: 4096,
    DELETE_HISTORY: 8192,
    TASK_WORK: 16384,
    TASK_ASSIGN: 32768,
    MIGRATE_INSTANCE: 65536,
    SUSPEND_INSTANCE: 131072,
    UPDATE_INSTANCE_VARIABLE: 262144,
    UPDATE_TASK_VARIABLE: 524288,
    SUSPEND: 1048576,
    READ_INSTANCE_VARIABLE: 2097152,
    READ_HISTORY_VARIABLE: 4194304,
    READ_TASK_VARIABLE: 8388608,
    UPDATE_HISTORY: 16777216,
  },
  8: { READ: 2, UPDATE: 4, CREATE: 8, DELETE: 16, RETRY_JOB: 32, SUSPEND: 64, UPDATE_VARIABLE: 128 },
  7: {
    READ: 2,
    UPDATE: 4,
    CREATE: 8,
    DELETE: 16,
    UPDATE_VARIABLE: 32,
    READ_VARIABLE: 64,
    READ_HISTORY: 4096,
    TASK_WORK: 16384,
    TASK_ASSIGN: 32768,
  },
  19: { READ: 2, READ_VARIABLE: 64 },
  20: { READ: 2 },
  13: {
    READ: 2,
    UPDATE: 4,
    CREATE: 8,
    DELETE: 16,
    CREATE_BATCH_MIGRATE_PROCESS_INSTANCES: 32,
    CREATE_BATCH_MODIFY_PROCESS_INSTANCES: 64,
    CREATE_BATCH_RESTART_PROCESS_INSTANCES: 128,
    CREATE_BATCH_DELETE_RUNNING_PROCESS_INSTANCES: 256,
    CREATE_BATCH_DELETE_FINISHED_PROCESS_INSTANCES: 512,
    CREATE_BATCH_DELETE_DECISION_INSTANCES: 1024,
    CREATE_BATCH_SET_JOB_RETRIES: 2048,
    READ_HISTORY: 4096,
    DELETE_HISTORY: 8192,
    CREATE_BATCH_SET_EXTERNAL_TASK_RETRIES: 16384,
    CREATE_BATCH_UPDATE_PROCESS_INSTANCES_SUSPEND: 32768,
    CREATE_BATCH_SET_REMOVAL_TIME: 65536,
    CREATE_BATCH_SET_VARIABLES: 131072,
    CREATE_BATCH_CORRELATE_MESSAGE: 262144,
  },
  17: { READ: 2, UPDATE: 4, DELETE: 16 },
  18: { EDIT: 2, SHARE: 4 },
  21: { READ: 2, SET: 4, DELETE: 8 },
};

export type PermissionResolution = { ok: true; value: number } | { ok: false; reason: 'unknown' | 'notApplicable' };

/** Resolves a permission name for a resource type, telling unknown names from names that do not apply. */
export function resolvePermission(resourceCode: number, name: string): PermissionResolution {
  if (name === 'ALL') return { ok: true, value: ALL };
  if (name === 'NONE') return { ok: true, value: NONE };
  const specific = SPECIFIC[resourceCode];
  if (specific)
    return Object.hasOwn(specific, name) ? { ok: true, value: specific[name] } : { ok: false, reason: 'unknown' };
  const generic = GENERIC.find(([n]) => n === name);
  if (!generic) return { ok: false, reason: 'unknown' };
  return generic[2].includes(resourceCode) ? { ok: true, value: generic[1] } : { ok: false, reason: 'notApplicable' };
}

/** Named permissions (without NONE/ALL) of a resource type, in declaration order. */
export function permissionsOf(resourceCode: number): Array<[string, number]> {
  const specific = SPECIFIC[resourceCode];
  if (specific) return Object.entries(specific);
  return GENERIC.filter(([, , codes]) => codes.includes(resourceCode)).map(([n, v]) => [n, v]);
}

/** Names for a stored bit mask as Camunda renders them: `["ALL"]` when every bit is set (grant) or cleared (revoke). */
export function permissionNames(resourceCode: number, type: number, perms: number): string[] {
  const revoke = type === 2;
  if (!revoke && perms === ALL) return ['ALL'];
  if (revoke && perms === NONE) return ['ALL'];
  if (!revoke && perms === NONE) return [];
  if (revoke && perms === ALL) return [];
  return permissionsOf(resourceCode)
    .filter(([, v]) => (revoke ? (perms & v) !== v : (perms & v) === v))
    .map(([n]) => n);
}

export const AUTH_TYPE = { GLOBAL: 0, GRANT: 1, REVOKE: 2 } as const;
export const ANY = '*';
export const ADMIN_GROUP = 'camunda-admin';
