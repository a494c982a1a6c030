import { ConflictError } from '../../../src/engine/errors';
import { HistoricActivityInstanceEntity } from '../../../src/persistence/entities/history/historic-activity-instance.entity';
import { HistoricProcessInstanceEntity } from '../../../src/persistence/entities/history/historic-process-instance.entity';
import { ExecutionEntity } from '../../../src/persistence/entities/runtime/execution.entity';
import { ExternalTaskEntity } from '../../../src/persistence/entities/runtime/external-task.entity';
import { IdentityLinkEntity } from '../../../src/persistence/entities/runtime/identity-link.entity';
import { TaskEntity } from '../../../src/persistence/entities/runtime/task.entity';
import { VariableEntity } from '../../../src/persistence/entities/runtime/variable.entity';
import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario } from '../bpmn/runtime/support/runtime-scenario';

describe(`instance deletion and deployment deletion (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
  });
  afterAll(() => s.close());

  it('Given a waiting instance, When it is deleted, Then its runtime rows go and history shows it canceled', async () => {
    await s.deploy('gateways.bpmn', 'external-task.bpmn');
    const pi = await s.start('parallel', { a: 1 });
    await s.runtime.deleteProcessInstance(null, pi.id, {
      reason: 'customer left',
      skipCustomListeners: true,
      skipIoMappings: true,
    });

    expect(await s.isEnded(pi.id)).toBe(true);
    expect(await s.tasks(pi.id)).toEqual([]);
    expect(await s.storedVariables(pi.id)).toEqual([]);
    expect(await s.processInstance(pi.id)).toMatchObject({
      state: 'EXTERNALLY_TERMINATED',
      deleteReason: 'customer left',
    });
    const history = await s.history(pi.id);
    expect(
      history
        .filter((a) => a.activityInstanceState === 2)
        .map((a) => a.activityId)
        .sort(),
    ).toEqual(['TaskA', 'TaskB']);
    expect(history.every((a) => a.endTime != null)).toBe(true);

    const ext = await s.start('uncaught');
    await s.runtime.deleteProcessInstance(null, ext.id);
    expect(await s.externalTasks(ext.id)).toEqual([]);
  });

  it('deleting an unknown instance is a not-found error', async () => {
    await expect(s.runtime.deleteProcessInstance(null, 'nope')).rejects.toThrow(
      "No process instance found for id 'nope'",
    );
  });

  it('Given running instances, When the deployment is deleted without cascade, Then ENGINE-03076 refuses', async () => {
    const deployment = await s.deploy('user-task.bpmn');
    const definition = deployment.processDefinitions!.find((d) => d.key === 'plainTask')!;
    await s.start('plainTask');
    await s.start('plainTask');

    const failure = s.engine.repository.deleteDeployment(null, deployment.deployment.id, false);
    await expect(failure).rejects.toBeInstanceOf(ConflictError);
    await expect(s.engine.repository.deleteDeployment(null, deployment.deployment.id, false)).rejects.toThrow(
      `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${definition.id} can't be deleted, because there are 2 dependent process instances.`,
    );
  });

  it('When deleted with cascade, Then its instances and their runtime and history rows go too', async () => {
    const deployment = await s.deploy('user-task.bpmn', 'call-activity.bpmn');
    const ids = deployment.processDefinitions!.map((d) => d.id);
    const running = await s.start('plainTask');
    const parent = await s.start('parent', { orderId: 'o', amount: 1 });
    const done = await s.start('parentAll', { childKey: 'instantChild' });
    expect(done.ended).toBe(true);
    const task = await s.task(running.id, 'Work');

    await s.engine.repository.deleteDeployment(null, deployment.deployment.id, true);

    for (const table of [ExecutionEntity, TaskEntity, ExternalTaskEntity, VariableEntity]) {
      const rows = await s.ds.getRepository(table as typeof TaskEntity).find();
      expect(rows.filter((r) => [running.id, parent.id].includes(r.processInstanceId!))).toEqual([]);
    }
    expect(await s.ds.getRepository(IdentityLinkEntity).findBy({ taskId: task.id })).toEqual([]);
    const history = await s.ds.getRepository(HistoricProcessInstanceEntity).find();
    expect(history.filter((h) => ids.includes(h.processDefinitionId))).toEqual([]);
    expect(history.filter((h) => h.superProcessInstanceId === parent.id)).toEqual([]);
    const activities = await s.ds.getRepository(HistoricActivityInstanceEntity).find();
    expect(activities.filter((a) => ids.includes(a.processDefinitionId))).toEqual([]);
  });
});
