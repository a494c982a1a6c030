import { Logger } from 'typeorm';
import { databaseLabel, RuntimeScenario, vars } from './support/runtime-scenario';

/**
 * The hot paths issue a fixed number of statements: more variables, tasks or instances of a
 * multi-instance body mean bigger bulk inserts, not more round trips (no N+1).
 */
describe(`statements per command (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  let statements: string[];
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('user-task.bpmn', 'external-task.bpmn', 'multi-instance.bpmn');
    statements = [];
    const original = s.ds.logger;
    const counting: Logger = {
      logQuery: (query, parameters, runner) => {
        statements.push(query);
        original.logQuery(query, parameters, runner);
      },
      logQueryError: (...args) => original.logQueryError(...args),
      logQuerySlow: (...args) => original.logQuerySlow(...args),
      logSchemaBuild: (...args) => original.logSchemaBuild(...args),
      logMigration: (...args) => original.logMigration(...args),
      log: (...args) => original.log(...args),
    };
    Object.defineProperty(s.ds, 'logger', { value: counting });
    // warm the definition and model caches
    await s.start('plainTask');
    await s.start('uncaught');
    await s.start('parallelReview', { reviewers: ['a'] });
  });
  afterAll(() => s.close());

  const count = async (work: () => Promise<unknown>): Promise<number> => {
    statements.length = 0;
    await work();
    return statements.filter((q) => !/^(BEGIN|COMMIT|START TRANSACTION|SAVEPOINT|RELEASE)/i.test(q.trim())).length;
  };
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, i]));

  it('starting an instance up to a user task', async () => {
    const one = await count(() => s.start('plainTask', many(1)));
    const twenty = await count(() => s.start('plainTask', many(20)));
    expect(twenty).toBe(one);
    expect(one).toBeLessThanOrEqual(7);
  });

  it('completing a user task to the end of the instance', async () => {
    const a = await s.start('plainTask', many(20));
    const b = await s.start('plainTask', many(1));
    const taskA = await s.task(a.id, 'Work');
    const taskB = await s.task(b.id, 'Work');
    const withTwenty = await count(() => s.runtime.completeTask(null, taskA.id, vars(many(20))));
    const withOne = await count(() => s.runtime.completeTask(null, taskB.id, vars({ x: 1 })));
    expect(withTwenty).toBe(withOne);
    expect(withOne).toBeLessThanOrEqual(11);
  });

  it('completing an external task to the end of the instance', async () => {
    const a = await s.start('uncaught', many(20));
    const taskA = await s.externalTask(a.id, 'Work');
    const n = await count(() => s.runtime.completeExternalTask(null, taskA.id, vars(many(10)), vars({ local: 1 })));
    expect(n).toBeLessThanOrEqual(10);
  });

  it('a parallel multi-instance body costs the same for 2 and for 20 instances', async () => {
    const two = await count(() => s.start('parallelReview', { reviewers: ['a', 'b'] }));
    const twenty = await count(() => s.start('parallelReview', { reviewers: Array.from({ length: 20 }, (_, i) => `r${i}`) }));
    expect(twenty).toBe(two);
  });
});
