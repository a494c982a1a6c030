import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import {
  deployExternalTaskFixtures,
  fetch,
  start,
  startWorkerFlow,
} from '../fixtures/external-task/external-task-fixtures';

/** POST /external-task/fetchAndLock: validation, selection, ordering, variables and extension properties. */
describe(`external task fetchAndLock (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
  });
  afterAll(() => t.close());

  const fetchRaw = (body: object) => t.as('demo').post('/external-task/fetchAndLock').send(body);
  /** Fresh instances get their own topics per test through the business key filter. */
  const unlockAll = async (tasks: any[]) => {
    for (const task of tasks) await t.as('demo').post(`/external-task/${task.id}/unlock`).expect(204);
  };

  describe('validation', () => {
    const topic = { topicName: 'charge', lockDuration: 1000 };
    it.each([
      [{ maxTasks: 1, topics: [topic] }, 'NullValueException', 'workerId is null'],
      [
        { workerId: 'w', maxTasks: -1, topics: [topic] },
        'ProcessEngineException',
        'maxResults is not greater than or equal to 0',
      ],
      [{ workerId: 'w', maxTasks: 1, topics: [{ lockDuration: 1000 }] }, 'NullValueException', 'topicName is null'],
      [
        { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'charge' }] },
        'ProcessEngineException',
        'lockTime is not greater than 0',
      ],
      [
        { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'charge', lockDuration: -5 }] },
        'ProcessEngineException',
        'lockTime is not greater than 0',
      ],
      [
        { workerId: 'w', maxTasks: 1, asyncResponseTimeout: 1800001, topics: [topic] },
        'InvalidRequestException',
        'The asynchronous response timeout cannot be set to a value greater than 1800000 milliseconds',
      ],
      [
        { workerId: 'w', maxTasks: 1, sorting: [{ sortBy: 'priority', sortOrder: 'asc' }], topics: [topic] },
        'InvalidRequestException',
        'Cannot set query sortBy parameter to value priority',
      ],
      [
        { workerId: 'w', maxTasks: 1, sorting: [{ sortBy: 'createTime', sortOrder: 'up' }], topics: [topic] },
        'InvalidRequestException',
        'Cannot set query sortOrder parameter to value up',
      ],
      [
        { workerId: 'w', maxTasks: 1, sorting: [{ sortBy: 'createTime' }], topics: [topic] },
        'NotValidException',
        'Invalid query: call asc() or desc() after using orderByXX(): direction is null',
      ],
    ])('rejects %j', async (body, type, message) => {
      const res = await fetchRaw(body).expect(400);
      expect(res.body).toMatchObject({ type, message });
    });

    it('rejects bodies of the wrong shape', async () => {
      await fetchRaw({ workerId: 'w', maxTasks: 'many', topics: [] }).expect(400);
      await fetchRaw({ workerId: 'w', maxTasks: 1, topics: 'charge' }).expect(400);
      await fetchRaw({
        workerId: 'w',
        maxTasks: 1,
        topics: [{ topicName: 'charge', lockDuration: 10, variables: 'a' }],
      }).expect(400);
    });

    it('answers nothing for no topics or no tasks wanted', async () => {
      expect((await fetchRaw({ workerId: 'w', maxTasks: 5 }).expect(200)).body).toEqual([]);
      await startWorkerFlow(t, 0, 'zero');
      expect((await fetchRaw({ workerId: 'w', maxTasks: 0, topics: [topic] }).expect(200)).body).toEqual([]);
      expect((await fetchRaw({ workerId: 'w', topics: [topic] }).expect(200)).body).toEqual([]);
      const [task] = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'zero' }]);
      await unlockAll([task]);
    });
  });

  describe('selection', () => {
    it('locks for the worker and hides locked tasks from everyone until the lock expires', async () => {
      const pi = await startWorkerFlow(t, 0, 'lock-1');
      const [task] = await fetch(t, 'w1', [{ topicName: 'charge', businessKey: 'lock-1', lockDuration: 300 }]);
      expect(task).toMatchObject({
        processInstanceId: pi,
        workerId: 'w1',
        businessKey: 'lock-1',
        extensionProperties: {},
        errorDetails: null,
      });
      const expiry = Date.parse(task.lockExpirationTime.replace('+0000', 'Z'));
      expect(expiry).toBeGreaterThan(Date.now() + 100);
      expect(await fetch(t, 'w1', [{ topicName: 'charge', businessKey: 'lock-1' }])).toEqual([]);
      expect(await fetch(t, 'w2', [{ topicName: 'charge', businessKey: 'lock-1' }])).toEqual([]);
      await new Promise((r) => setTimeout(r, Math.max(0, expiry - Date.now()) + 50));
      const [again] = await fetch(t, 'w2', [{ topicName: 'charge', businessKey: 'lock-1' }]);
      expect(again).toMatchObject({ id: task.id, workerId: 'w2' });
      await unlockAll([again]);
    });

    it('takes at most maxTasks, by priority when asked, else by create time', async () => {
      for (const priority of [1, 7, 3]) await startWorkerFlow(t, priority, 'prio');
      const byPriority = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'prio' }], {
        maxTasks: 2,
        usePriority: true,
      });
      expect(byPriority.map((x) => x.priority)).toEqual([7, 3]);
      await unlockAll(byPriority);
      const asc = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'prio' }], {
        sorting: [{ sortBy: 'createTime', sortOrder: 'asc' }],
      });
      expect(asc.map((x) => x.priority)).toEqual([1, 7, 3]);
      await unlockAll(asc);
      const desc = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'prio' }], {
        maxTasks: 1,
        sorting: [{ sortBy: 'createTime', sortOrder: 'desc' }],
      });
      expect(desc.map((x) => x.priority)).toEqual([3]);
      await unlockAll(desc);
      const both = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'prio' }], {
        usePriority: true,
        sorting: [{ sortBy: 'createTime', sortOrder: 'desc' }],
      });
      expect(both.map((x) => x.priority)).toEqual([7, 3, 1]);
      await unlockAll(both);
    });

    it('filters by business key, definition, version tag, tenant and process variables', async () => {
      await startWorkerFlow(t, 0, 'filters', {
        color: { value: 'red', type: 'String' },
        size: { value: 3, type: 'Integer' },
      });
      const one = (extra: object) =>
        fetch(t, 'w', [{ topicName: 'charge', businessKey: 'filters', ...extra }]).then(async (tasks) => {
          await unlockAll(tasks);
          return tasks.length;
        });
      const [task] = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'filters' }]);
      await unlockAll([task]);
      expect(await one({ processDefinitionId: task.processDefinitionId })).toBe(1);
      expect(await one({ processDefinitionId: 'nope' })).toBe(0);
      expect(await one({ processDefinitionIdIn: ['nope', task.processDefinitionId] })).toBe(1);
      expect(await one({ processDefinitionKey: 'worker-flow' })).toBe(1);
      expect(await one({ processDefinitionKey: 'scoped-task' })).toBe(0);
      expect(await one({ processDefinitionKeyIn: ['scoped-task', 'worker-flow'] })).toBe(1);
      expect(await one({ processDefinitionVersionTag: 'v1' })).toBe(1);
      expect(await one({ processDefinitionVersionTag: 'v%' })).toBe(1);
      expect(await one({ processDefinitionVersionTag: 'V1' })).toBe(0);
      expect(await one({ withoutTenantId: true })).toBe(1);
      expect(await one({ tenantIdIn: ['acme'] })).toBe(0);
      expect(await one({ withoutTenantId: true, tenantIdIn: ['acme'] })).toBe(0);
      expect(await one({ processVariables: { color: 'red' } })).toBe(1);
      expect(await one({ processVariables: { color: 'blue' } })).toBe(0);
      expect(await one({ processVariables: { color: 'blue', size: 3 } })).toBe(1);
      expect(await one({ processVariables: { size: 4 } })).toBe(0);
      expect(await one({ businessKey: 'other' })).toBe(0);
    });

    it('fetches several topics at once; a repeated topic keeps its last definition', async () => {
      await startWorkerFlow(t, 0, 'multi');
      const pi = await start(t, 'scoped-task', {}, 'multi');
      const tasks = await fetch(t, 'w', [
        { topicName: 'charge', businessKey: 'nobody' },
        { topicName: 'scoped', businessKey: 'multi', lockDuration: 1000 },
        { topicName: 'charge', businessKey: 'multi', lockDuration: 5000 },
      ]);
      expect(tasks.map((x) => x.topicName).sort()).toEqual(['charge', 'scoped']);
      expect(tasks.find((x) => x.topicName === 'scoped').processInstanceId).toBe(pi);
      await unlockAll(tasks);
    });

    it('passes over tasks without retries and tasks in their retry timeout', async () => {
      await startWorkerFlow(t, 0, 'retry');
      const [task] = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'retry' }]);
      await t
        .as('demo')
        .post(`/external-task/${task.id}/failure`)
        .send({ workerId: 'w', errorMessage: 'later', retries: 2, retryTimeout: 400 })
        .expect(204);
      expect(await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'retry' }])).toEqual([]);
      await new Promise((r) => setTimeout(r, 450));
      const [again] = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'retry' }]);
      expect(again).toMatchObject({ id: task.id, retries: 2, errorMessage: 'later' });
      await t
        .as('demo')
        .post(`/external-task/${task.id}/failure`)
        .send({ workerId: 'w', errorMessage: 'no more', retries: 0 })
        .expect(204);
      expect(await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'retry' }])).toEqual([]);
      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 1 }).expect(204);
      expect(await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'retry' }])).toHaveLength(1);
    });

    it('passes over suspended tasks', async () => {
      const pi = await startWorkerFlow(t, 0, 'suspended');
      // No suspension endpoint yet: set the state a suspension would set.
      await t.engine.dataSource.query('UPDATE act_ru_ext_task SET suspension_state = 2 WHERE proc_inst_id = ?', [pi]);
      expect(await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'suspended' }])).toEqual([]);
      const [listed] = (await t.as('demo').get(`/external-task?processInstanceId=${pi}`).expect(200)).body;
      expect(listed.suspended).toBe(true);
      await t.engine.dataSource.query('UPDATE act_ru_ext_task SET suspension_state = 1 WHERE proc_inst_id = ?', [pi]);
      expect(await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'suspended' }])).toHaveLength(1);
    });
  });

  describe('what a locked task carries', () => {
    let pi: string;
    beforeAll(async () => {
      pi = await start(
        t,
        'scoped-task',
        {
          shadow: { value: 'global', type: 'String' },
          amount: { value: 42, type: 'Long' },
          order: {
            value: '{"id":7,"items":["a"]}',
            type: 'Object',
            valueInfo: { objectTypeName: 'java.util.LinkedHashMap', serializationDataFormat: 'application/json' },
          },
        },
        'carry',
      );
    });
    const take = async (extra: object) => {
      const tasks = await fetch(t, 'w', [{ topicName: 'scoped', businessKey: 'carry', ...extra }]);
      expect(tasks).toHaveLength(1);
      await unlockAll(tasks);
      return tasks[0];
    };

    it('hands over every visible variable, the nearest scope winning', async () => {
      const task = await take({});
      expect(task.processInstanceId).toBe(pi);
      expect(Object.keys(task.variables).sort()).toEqual(['amount', 'onlyLocal', 'order', 'shadow']);
      expect(task.variables.shadow).toEqual({ type: 'String', value: 'local', valueInfo: {} });
      expect(task.variables.amount).toEqual({ type: 'Long', value: 42, valueInfo: {} });
    });

    it('hands over only the named variables, or none for an empty list', async () => {
      expect(Object.keys((await take({ variables: ['amount', 'missing'] })).variables)).toEqual(['amount']);
      expect((await take({ variables: [] })).variables).toEqual({});
    });

    it('hands over only the task execution’s own variables with localVariables', async () => {
      const task = await take({ localVariables: true });
      expect(Object.keys(task.variables).sort()).toEqual(['onlyLocal', 'shadow']);
      expect(task.variables.shadow.value).toBe('local');
    });

    it('keeps serialized values serialized unless deserializeValues is set', async () => {
      const raw = await take({ variables: ['order'] });
      expect(raw.variables.order).toEqual({
        type: 'Object',
        value: '{"id":7,"items":["a"]}',
        valueInfo: { objectTypeName: 'java.util.LinkedHashMap', serializationDataFormat: 'application/json' },
      });
      const parsed = await take({ variables: ['order'], deserializeValues: true });
      expect(parsed.variables.order.value).toEqual({ id: 7, items: ['a'] });
    });

    it('adds the activity’s camunda:property entries when asked, else an empty map', async () => {
      await startWorkerFlow(t, 0, 'props');
      const plain = await fetch(t, 'w', [{ topicName: 'charge', businessKey: 'props' }]);
      expect(plain[0].extensionProperties).toEqual({});
      await unlockAll(plain);
      const withProps = await fetch(t, 'w', [
        { topicName: 'charge', businessKey: 'props', includeExtensionProperties: true },
      ]);
      expect(withProps[0].extensionProperties).toEqual({ provider: 'acme', timeout: '30' });
      expect((await take({ includeExtensionProperties: true })).extensionProperties).toEqual({});
    });
  });
});
