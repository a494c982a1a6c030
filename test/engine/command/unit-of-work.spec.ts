import { UnitOfWork } from '../../../src/engine/command/unit-of-work';
import { OptimisticLockingError } from '../../../src/engine/errors';
import { ExternalTaskEntity } from '../../../src/persistence/entities/runtime/external-task.entity';
import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario } from '../bpmn/runtime/support/runtime-scenario';
import { recordStatements, withoutTransactionControl } from '../../support/statement-log';
import { selectRowsTogether, writeThenSelect } from '../../../src/persistence/raw-rows';

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
      const loaded = uow.track(
        ExternalTaskEntity,
        (await em.getRepository(ExternalTaskEntity).findOneBy({ id: 'u1' }))!,
      );
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
      uow.delete(
        ExternalTaskEntity,
        uow.track(ExternalTaskEntity, (await em.getRepository(ExternalTaskEntity).findOneBy({ id: 'u3' }))!),
      );
      await uow.flush();
    });
    await expect(staleDelete).rejects.toBeInstanceOf(OptimisticLockingError);
    // the whole command rolled back: u3 is still there
    expect(await repo().existsBy({ id: 'u3' })).toBe(true);
  });

  it('checks each revision of a batch of writes (one round trip on MySQL) and rolls all of it back when one is stale', async () => {
    await s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      for (const id of ['b1', 'b2']) uow.insert(ExternalTaskEntity, task(id));
      await uow.flush();
    });
    const stale = (await repo().findOneBy({ id: 'b1' }))!;
    const fresh = (await repo().findOneBy({ id: 'b2' }))!;
    await repo().update({ id: 'b1' }, { rev: 9 });
    const statements = recordStatements(s.ds);
    const write = s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      uow.insert(ExternalTaskEntity, task('b3'));
      uow.track(ExternalTaskEntity, fresh).workerId = 'first';
      uow.track(ExternalTaskEntity, stale).workerId = 'late';
      uow.sql(() => [{ sql: 'UPDATE act_ru_ext_task SET priority = 7 WHERE id = ?', params: ['b2'] }]);
      statements.length = 0;
      await uow.flush();
    });
    await expect(write).rejects.toThrow(`ENGINE-03005 Execution of 'UPDATE ExternalTaskEntity[b1]' failed.`);
    // SQLite stops at the stale update; MySQL runs the whole batch in the transaction that is then rolled back.
    const writes = withoutTransactionControl(statements);
    expect(writes).toHaveLength(databaseLabel() === 'mysql' ? 1 : 3);
    expect(await repo().existsBy({ id: 'b3' })).toBe(false);
    expect(await repo().findOneBy({ id: 'b2' })).toMatchObject({ workerId: null, priority: 0, rev: 1 });
  });

  it('runs writes with a select in one round trip on MySQL; a failing write fails the unit with nothing written', async () => {
    await s.engine.tx.write(async (em) => {
      const uow = new UnitOfWork(em);
      for (const id of ['w1', 'w2']) uow.insert(ExternalTaskEntity, task(id));
      await uow.flush();
    });
    const statements = recordStatements(s.ds);
    const rows = await s.engine.tx.write(async (em) => {
      statements.length = 0;
      return writeThenSelect(
        em,
        [{ sql: 'UPDATE act_ru_ext_task SET worker_id = ? WHERE id = ?', params: ['locker', 'w1'] }],
        [ExternalTaskEntity, 'WHERE t.id IN (?, ?) ORDER BY t.id', ['w1', 'w2']],
      );
    });
    expect(rows.map((r) => [r.id, r.workerId])).toEqual([
      ['w1', 'locker'],
      ['w2', null],
    ]);
    const sent = withoutTransactionControl(statements);
    expect(sent).toHaveLength(databaseLabel() === 'mysql' ? 1 : 2);

    const failing = s.engine.tx.write((em) =>
      writeThenSelect(
        em,
        [
          { sql: 'UPDATE act_ru_ext_task SET priority = 5 WHERE id = ?', params: ['w2'] },
          {
            sql: 'INSERT INTO act_ru_ext_task (id, rev, topic_name, suspension_state, priority) VALUES (?, 1, ?, 1, 0)',
            params: ['w1', 't'],
          },
          { sql: 'UPDATE act_ru_ext_task SET priority = 6 WHERE id = ?', params: ['w1'] },
        ],
        [ExternalTaskEntity, 'WHERE t.id = ?', ['w1']],
      ),
    );
    await expect(failing).rejects.toThrow();
    expect((await repo().findOneBy({ id: 'w1' }))?.priority).toBe(0);
    expect((await repo().findOneBy({ id: 'w2' }))?.priority).toBe(0);
  });

  it('reads several selects together (one round trip on MySQL), each hydrated as its entity', async () => {
    const statements = recordStatements(s.ds);
    const [one, none, both] = await s.engine.tx.read(async (em) => {
      statements.length = 0;
      return selectRowsTogether<[ExternalTaskEntity, ExternalTaskEntity, ExternalTaskEntity]>(
        em,
        [ExternalTaskEntity, 'WHERE t.id = ?', ['w1']],
        [ExternalTaskEntity, 'WHERE t.id = ?', ['missing']],
        [ExternalTaskEntity, 'WHERE t.id IN (?, ?) ORDER BY t.id DESC', ['w1', 'w2']],
      );
    });
    expect([one.map((r) => r.id), none, both.map((r) => r.id)]).toEqual([['w1'], [], ['w2', 'w1']]);
    expect(both[0]).toBeInstanceOf(ExternalTaskEntity);
    expect(both[0].createTime).toBeInstanceOf(Date);
    expect(statements).toHaveLength(databaseLabel() === 'mysql' ? 1 : 3);
  });
});
