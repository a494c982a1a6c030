import { EntityManager } from 'typeorm';
import { databaseLabel } from '../support/test-app';
import { RuntimeScenario } from '../engine/bpmn/runtime/support/runtime-scenario';

/** Camunda 7 requires READ COMMITTED; the server default is REPEATABLE READ. MySQL/MariaDB only. */
const describeMysql = databaseLabel() === 'mysql' ? describe : describe.skip;

async function isolation(em: EntityManager): Promise<string> {
  try {
    return (await em.query('SELECT @@SESSION.tx_isolation AS level'))[0].level;
  } catch {
    return (await em.query('SELECT @@SESSION.transaction_isolation AS level'))[0].level; // MySQL 8 has only this name
  }
}

describeMysql('MySQL/MariaDB sessions', () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
  });
  afterAll(() => s.close());

  it('run every transaction at READ COMMITTED, on the first connection of the pool and on every later one', async () => {
    // More concurrent transactions than the pool has connections (10): every connection is used, new ones are opened.
    const levels = await Promise.all(
      Array.from({ length: 12 }, () =>
        s.engine.tx.write(async (em) => {
          const level = await isolation(em);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return level;
        }),
      ),
    );
    expect(new Set(levels)).toEqual(new Set(['READ-COMMITTED']));
    expect(await s.engine.tx.read((em) => isolation(em))).toBe('READ-COMMITTED');
  });
});
