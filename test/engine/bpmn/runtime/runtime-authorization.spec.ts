import { AUTH_TYPE, Resources } from '../../../../src/engine/authorization/resources';
import { AuthorizationError } from '../../../../src/engine/errors';
import { Authentication } from '../../../../src/engine/command/authentication';
import { databaseLabel } from '../../../support/test-app';
import { ADMIN, RuntimeScenario, vars } from './support/runtime-scenario';

describe(`runtime authorization (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  const mary: Authentication = { userId: 'mary', groupIds: ['clerks'] };
  const grant = (
    resource: { code: number },
    resourceId: string,
    permissions: string[],
    who: { userId?: string; groupId?: string },
  ) =>
    s.engine.authorizations.create(ADMIN, {
      type: AUTH_TYPE.GRANT,
      resourceType: resource.code,
      resourceId,
      permissions,
      userId: who.userId ?? null,
      groupId: who.groupId ?? null,
    });

  beforeAll(async () => {
    s = await RuntimeScenario.boot({ authorizationEnabled: true });
    await s.deploy('user-task.bpmn');
  });
  afterAll(() => s.close());

  it('starting needs CREATE on process instances and CREATE_INSTANCE on the definition', async () => {
    await expect(s.runtime.startProcessInstance(mary, { key: 'plainTask' })).rejects.toBeInstanceOf(AuthorizationError);
    await grant(Resources.PROCESS_INSTANCE, '*', ['CREATE'], { userId: 'mary' });
    await expect(s.runtime.startProcessInstance(mary, { key: 'plainTask' })).rejects.toThrow(
      "The user with id 'mary' does not have one of the following permissions: 'CREATE_INSTANCE' permission on resource 'plainTask' of type 'ProcessDefinition'",
    );
    await grant(Resources.PROCESS_DEFINITION, 'plainTask', ['CREATE_INSTANCE'], { groupId: 'clerks' });
    const pi = await s.runtime.startProcessInstance(mary, { key: 'plainTask' });
    expect(pi.ended).toBe(false);
    expect((await s.processInstance(pi.id))!.startUserId).toBe('mary');
  });

  it('completing a task needs TASK_WORK or UPDATE on the task, or TASK_WORK / UPDATE_TASK on the definition', async () => {
    const pi = await s.runtime.startProcessInstance(ADMIN, { key: 'plainTask' });
    const task = await s.task(pi.id, 'Work');
    const denied = s.runtime.completeTask(mary, task.id);
    await expect(denied).rejects.toThrow(
      /'TASK_WORK' permission on resource '.*' of type 'Task' or 'UPDATE' permission/,
    );
    await grant(Resources.TASK, task.id, ['TASK_WORK'], { userId: 'mary' });
    await s.runtime.completeTask(mary, task.id);
    expect(await s.isEnded(pi.id)).toBe(true);
  });

  it('changing variables needs UPDATE on the instance or UPDATE_INSTANCE on the definition; reading needs READ', async () => {
    const pi = await s.runtime.startProcessInstance(ADMIN, { key: 'plainTask' });
    await expect(s.runtime.setVariables(mary, pi.id, vars({ x: 1 }))).rejects.toBeInstanceOf(AuthorizationError);
    await expect(s.runtime.getVariables(mary, pi.id)).rejects.toBeInstanceOf(AuthorizationError);
    await grant(Resources.PROCESS_DEFINITION, 'plainTask', ['UPDATE_INSTANCE', 'READ_INSTANCE'], { userId: 'mary' });
    await s.runtime.setVariables(mary, pi.id, vars({ x: 1 }));
    expect(Object.keys(await s.runtime.getVariables(mary, pi.id))).toEqual(['x']);
    await expect(s.runtime.deleteProcessInstance(mary, pi.id)).rejects.toBeInstanceOf(AuthorizationError);
    await grant(Resources.PROCESS_INSTANCE, pi.id, ['ALL'], { userId: 'mary' });
    await s.runtime.deleteProcessInstance(mary, pi.id);
  });
});
