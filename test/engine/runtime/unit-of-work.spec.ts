import { UnitOfWork } from '../../../src/engine/command/unit-of-work';
import { OptimisticLockingError } from '../../../src/engine/errors';
import { ExternalTaskEntity } from '../../../src/persistence/entities/runtime/external-task.entity';
import { databaseLabel, RuntimeScenario } from './support/runtime-scenario';

describe(`unit of work (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
  });
  afterAll(() => s.close());

  const task = (id: string) =>
    Object.assign(new ExternalTaskEntity(), {
      id,
      rev: 1,
      workerId: null,
      topicName: 't',
      retries: null,
      errorMessage: null,
      errorDetails: null,
      lockExpirationTime: null,
      createTime: new Date(),
      suspensionState: 1,
      executionId: null,
      processInstanceId: null,
      processDefinitionId: null,
      processDefinitionKey: null,
      activityId: null,
      activityInstanceId: null,
      tenantId: null,
      priority: 0,
      businessKey: null,
    });
  const repo = () => s.ds.getRepository(ExternalTaskEntity);

  it('inserts in bulk, writes only changed columns with rev + 1, and checks the revision', async () => {
    await s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      for (const id of ['u1', 'u2', 'u3']) uow.insert(ExternalTaskEntity, task(id));
      await uow.flush();
    });
    expect(await repo().countBy({ topicName: 't' })).toBe(3);

    await s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      const loaded = uow.track(ExternalTaskEntity, (await em.getRepository(ExternalTaskEntity).findOneBy({ id: 'u1' }))!);
      loaded.workerId = 'w';
      await uow.flush();
    });
    expect(await repo().findOneBy({ id: 'u1' })).toMatchObject({ workerId: 'w', rev: 2 });

    const stale = (await repo().findOneBy({ id: 'u2' }))!;
    await repo().update({ id: 'u2' }, { rev: 5 });
    const update = s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      uow.track(ExternalTaskEntity, stale).workerId = 'late';
      await uow.flush();
    });
    await expect(update).rejects.toBeInstanceOf(OptimisticLockingError);
    await expect(update).rejects.toThrow(
      `ENGINE-03005 Execution of 'UPDATE ExternalTaskEntity[u2]' failed. Entity was updated by another transaction concurrently.`,
    );

    const staleDelete = s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      uow.delete(ExternalTaskEntity, uow.track(ExternalTaskEntity, stale));
      uow.delete(ExternalTaskEntity, uow.track(ExternalTaskEntity, (await em.getRepository(ExternalTaskEntity).findOneBy({ id: 'u3' }))!));
      await uow.flush();
    });
    await expect(staleDelete).rejects.toBeInstanceOf(OptimisticLockingError);
    // the whole command rolled back: u3 is still there
    expect(await repo().existsBy({ id: 'u3' })).toBe(true);
  });
});
