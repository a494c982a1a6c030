import { permissionBit, permissionMask } from '../../../src/engine/authorization/authorization.service';
import {
  ALL,
  AUTH_TYPE,
  NONE,
  permissionNames,
  permissionsOf,
  resolvePermission,
  RESOURCE_BY_CODE,
  Resources,
} from '../../../src/engine/authorization/resources';

const { GRANT, REVOKE, GLOBAL } = AUTH_TYPE;

describe('permissions per resource type', () => {
  it('numbers resource types as Camunda does, with its display names', () => {
    expect(RESOURCE_BY_CODE.size).toBe(22);
    expect(Resources.GROUP_MEMBERSHIP).toEqual({ code: 3, enumName: 'GROUP_MEMBERSHIP', name: 'Group membership' });
    expect(Resources.OPERATION_LOG_CATEGORY.name).toBe('OperationLogCatgeory');
  });

  it.each([
    [Resources.APPLICATION.code, ['ACCESS']],
    [Resources.USER.code, ['READ', 'UPDATE', 'CREATE', 'DELETE']],
    [Resources.GROUP_MEMBERSHIP.code, ['CREATE', 'DELETE']],
    [Resources.DEPLOYMENT.code, ['READ', 'CREATE', 'DELETE']],
    [Resources.DECISION_DEFINITION.code, ['READ', 'UPDATE', 'CREATE_INSTANCE', 'READ_HISTORY', 'DELETE_HISTORY']],
    [Resources.DECISION_REQUIREMENTS_DEFINITION.code, ['READ']],
    [Resources.HISTORIC_TASK.code, ['READ', 'READ_VARIABLE']],
    [Resources.SYSTEM.code, ['READ', 'SET', 'DELETE']],
  ])('resource type %i has %j', (code, names) => {
    expect(permissionsOf(code).map(([n]) => n)).toEqual(names);
  });

  it('gives the same bit different meanings per resource type', () => {
    expect(resolvePermission(Resources.PROCESS_DEFINITION.code, 'RETRY_JOB')).toEqual({ ok: true, value: 32 });
    expect(resolvePermission(Resources.TASK.code, 'UPDATE_VARIABLE')).toEqual({ ok: true, value: 32 });
    expect(resolvePermission(Resources.APPLICATION.code, 'ACCESS')).toEqual({ ok: true, value: 32 });
    expect(resolvePermission(Resources.SYSTEM.code, 'DELETE')).toEqual({ ok: true, value: 8 });
  });

  it('tells unknown names from names that do not apply', () => {
    expect(resolvePermission(Resources.USER.code, 'FLY')).toEqual({ ok: false, reason: 'unknown' });
    expect(resolvePermission(Resources.USER.code, 'READ_TASK')).toEqual({ ok: false, reason: 'notApplicable' });
    expect(resolvePermission(Resources.BATCH.code, 'ACCESS')).toEqual({ ok: false, reason: 'unknown' });
    expect(() => permissionBit(Resources.BATCH.code, 'FLY')).toThrow(
      "The permission 'FLY' is not valid for 'BATCH' resource type.",
    );
    expect(() => permissionBit(Resources.USER.code, 'ACCESS')).toThrow(
      "ENGINE-03087 The resource type with id:'1' is not valid for 'ACCESS' permission.",
    );
    expect(() => permissionBit(Resources.USER.code, 'FLY')).toThrow(
      expect.objectContaining({ kind: 'BadUserRequest', type: 'BadUserRequestException' }),
    );
  });
});

describe('permission masks and their names', () => {
  it.each([
    [GRANT, ['READ', 'UPDATE'], 6, ['READ', 'UPDATE']],
    [GRANT, [], NONE, []],
    [GRANT, ['ALL'], ALL, ['ALL']],
    [GRANT, ['READ', 'ALL'], ALL, ['ALL']],
    [GRANT, ['READ', 'UPDATE', 'CREATE', 'DELETE'], 30, ['READ', 'UPDATE', 'CREATE', 'DELETE']],
    [GLOBAL, ['READ'], 2, ['READ']],
    [REVOKE, ['READ'], ALL - 2, ['READ']],
    [REVOKE, ['READ', 'DELETE'], ALL - 2 - 16, ['READ', 'DELETE']],
    [REVOKE, ['ALL'], NONE, ['ALL']],
    [REVOKE, [], ALL, []],
    [GRANT, ['NONE'], NONE, []],
  ])('type %i with %j stores %i and reads back as %j', (type, names, mask, rendered) => {
    expect(permissionMask(type, Resources.USER.code, names)).toBe(mask);
    expect(permissionNames(Resources.USER.code, type, mask)).toEqual(rendered);
  });

  it('renders resource-specific names', () => {
    const mask = permissionMask(GRANT, Resources.PROCESS_DEFINITION.code, ['READ', 'SUSPEND_INSTANCE']);
    expect(permissionNames(Resources.PROCESS_DEFINITION.code, GRANT, mask)).toEqual(['READ', 'SUSPEND_INSTANCE']);
  });
});
