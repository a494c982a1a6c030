import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario, vars } from '../bpmn/runtime/support/runtime-scenario';
import { recordStatements } from '../../support/statement-log';
import { CompleteExternalTaskCmd } from '../../../src/engine/external-task/commands/complete-external-task.cmd';

const PAID = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="paid" targetNamespace="http://test">
  <bpmn:process id="waitForPayment" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Wait" />
    <bpmn:receiveTask id="Wait" messageRef="Msg_Paid" />
    <bpmn:sequenceFlow id="f2" sourceRef="Wait" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
  <bpmn:message id="Msg_Paid" name="paid" />
</bpmn:definitions>`;

const ASYNC = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="async" targetNamespace="http://test">
  <bpmn:process id="asyncEach" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Each" />
    <bpmn:task id="Each">
      <bpmn:multiInstanceLoopCharacteristics camunda:collection="\${items}" camunda:elementVariable="item" camunda:asyncBefore="true" />
    </bpmn:task>
    <bpmn:sequenceFlow id="f2" sourceRef="Each" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/**
 * The hot paths issue a fixed number of statements: more variables, tasks or instances of a
 * multi-instance body mean bigger bulk inserts, not more round trips (no N+1). On MySQL/MariaDB a
 * command's writes go in one multi-statement query after the revision bumps (WriteBatch), and BEGIN,
 * unchecked writes and COMMIT ride along with other statements (ride-along.ts): what is counted there is
 * every round trip, BEGIN and COMMIT included.
 */
const mysql = databaseLabel() === 'mysql';
describe(`statements per command (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  let statements: string[];
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('user-task.bpmn', 'external-task.bpmn', 'multi-instance.bpmn', 'rules.dmn');
    await s.deployXml('paid.bpmn', PAID);
    await s.deployXml('async.bpmn', ASYNC);
    statements = [];
    recordStatements(s.ds, statements);
    // warm the definition and model caches
    await s.start('plainTask');
    await s.start('uncaught');
    await s.start('parallelReview', { reviewers: ['a'] });
    await s.start('waitForPayment', {}, 'warm');
    await s.start('asyncEach', { items: ['a'] });
    await s.engine.events.correlateMessage(null, { messageName: 'paid', businessKey: 'warm' });
    const rules = await s.engine.repository.latestByKey(null, 'decision', 'discount', null);
    await s.engine.decisions.evaluate(null, rules!, vars({ amount: 1 }));
  });
  afterAll(() => s.close());

  const count = async (work: () => Promise<unknown>): Promise<number> => {
    statements.length = 0;
    await work();
    const n = mysql
      ? statements
      : statements.filter((q) => !/^(BEGIN|COMMIT|START TRANSACTION|SAVEPOINT|RELEASE)/i.test(q.trim()));
    if (process.env.SHOW) console.log(`${n.length}\n` + n.map((q) => q.slice(0, 150)).join('\n'));
    return n.length;
  };
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, i]));

  it('starting an instance up to a user task', async () => {
    const one = await count(() => s.start('plainTask', many(1)));
    const twenty = await count(() => s.start('plainTask', many(20)));
    expect(twenty).toBe(one);
    // 9: the historic variable instances and the historic task instance are one bulk insert each.
    // On MySQL: BEGIN with the definition; the writes with COMMIT.
    expect(one).toBeLessThanOrEqual(mysql ? 2 : 9);
  });

  it('starting an instance up to asynchronous continuations: one job or twenty, no look-up of their job definition', async () => {
    const one = await count(() => s.start('asyncEach', { items: ['a'] }));
    const twenty = await count(() => s.start('asyncEach', { items: Array.from({ length: 20 }, (_, i) => `i${i}`) }));
    expect(twenty).toBe(one);
    // the writes of a start; one statement gives the new jobs what a suspended job definition or an overriding
    // priority asks of them (on MySQL it rides along with the other writes).
    expect(one).toBeLessThanOrEqual(mysql ? 2 : 10);
  });

  it('completing a user task to the end of the instance', async () => {
    const a = await s.start('plainTask', many(20));
    const b = await s.start('plainTask', many(1));
    const taskA = await s.task(a.id, 'Work');
    const taskB = await s.task(b.id, 'Work');
    const withTwenty = await count(() => s.runtime.completeTask(null, taskA.id, vars(many(20))));
    const withOne = await count(() => s.runtime.completeTask(null, taskB.id, vars({ x: 1 })));
    expect(withTwenty).toBe(withOne);
    // 12: the task's authorizations go with it (one bulk delete, as Camunda's TaskManager does);
    // 14: the historic task instance ends (one update) and the historic variable instances are
    // written (one bulk insert of new ones, or one update of all changed ones).
    // On MySQL: BEGIN with the task, the execution tree and its variables; the revision bumps; the rest of the writes;
    // COMMIT.
    expect(withOne).toBeLessThanOrEqual(mysql ? 4 : 14);
  });

  it('completing an external task to the end of the instance', async () => {
    const a = await s.start('uncaught', many(20));
    const taskA = await s.externalTask(a.id, 'Work');
    const n = await count(() =>
      s.runtime.execute(null, new CompleteExternalTaskCmd(taskA.id, vars(many(10)), vars({ local: 1 }))),
    );
    // 13: the historic variable instances, one bulk insert (the new local) and one update (the changed ten);
    // the external task log's success row at history level full (one insert).
    // On MySQL: BEGIN with the task, the execution tree and its variables; the revision bumps; the rest of the writes;
    // COMMIT.
    expect(n).toBeLessThanOrEqual(mysql ? 4 : 13);
  });

  const fetch = (topicName: string, maxTasks: number) =>
    s.engine.externalTasks.fetchAndLock(null, {
      workerId: 'counter',
      maxTasks,
      usePriority: false,
      sorting: [],
      topics: [
        {
          topicName,
          lockDuration: 60_000,
          variables: null,
          localVariables: false,
          processVariables: null,
          deserializeValues: false,
        },
      ],
    } as never);

  it('fetching and locking external tasks: one task or ten, with their variables', async () => {
    for (let i = 0; i < 11; i++) await s.start('uncaught', many(5));
    let one = 0;
    const oneTask = await count(async () => (one = (await fetch('work', 1)).length));
    let ten = 0;
    const tenTasks = await count(async () => (ten = (await fetch('work', 10)).length));
    expect([one, ten]).toEqual([1, 10]);
    expect(tenTasks).toBe(oneTask);
    // the tasks, their variables, one lock update (on MySQL: BEGIN with the tasks; the update with the variables'
    // query; COMMIT)
    expect(oneTask).toBeLessThanOrEqual(3);
  });

  it('evaluating a decision: a definition lookup and one history write', async () => {
    const n = await count(async () => {
      const definition = await s.engine.repository.latestByKey(null, 'decision', 'discount', null);
      await s.engine.decisions.evaluate(null, definition!, vars({ amount: 150 }));
    });
    // the definition, then the decision instance, its inputs and its outputs (one multi-row insert each; on MySQL one
    // round
    // trip with BEGIN and COMMIT)
    expect(n).toBeLessThanOrEqual(mysql ? 2 : 4);
  });

  it('correlating a message to a waiting instance and ending it', async () => {
    await s.start('waitForPayment', many(20), 'order-1');
    await s.start('waitForPayment', many(1), 'order-2');
    const withTwenty = await count(() =>
      s.engine.events.correlateMessage(null, {
        messageName: 'paid',
        businessKey: 'order-1',
        processVariables: vars(many(20)),
      }),
    );
    const withOne = await count(() =>
      s.engine.events.correlateMessage(null, {
        messageName: 'paid',
        businessKey: 'order-2',
        processVariables: vars({ x: 1 }),
      }),
    );
    expect(withTwenty).toBe(withOne);
    // The ending execution's subscriptions and jobs go once, by execution id (not first by activity as well);
    // 12: one write of the historic variable instances (a bulk insert of new ones or one update of changed ones).
    // On MySQL: BEGIN with the subscription; the execution tree; the revision bumps; the rest of the writes; COMMIT.
    expect(withOne).toBeLessThanOrEqual(mysql ? 5 : 12);
  });

  it('a parallel multi-instance body costs the same for 2 and for 20 instances', async () => {
    const two = await count(() => s.start('parallelReview', { reviewers: ['a', 'b'] }));
    const twenty = await count(() =>
      s.start('parallelReview', { reviewers: Array.from({ length: 20 }, (_, i) => `r${i}`) }),
    );
    expect(twenty).toBe(two);
  });
});
