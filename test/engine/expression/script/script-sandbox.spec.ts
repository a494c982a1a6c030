import { ScriptInput, ScriptSandbox } from '../../../../src/engine/expression/script/script-sandbox';

const info = {
  id: 'e1',
  processInstanceId: 'p1',
  businessKey: 'bk',
  activityId: 'A',
  processDefinitionId: 'def:1',
  eventName: null,
  tenantId: null,
};

function input(source: string, vars: ScriptInput['vars'] = {}): ScriptInput {
  return { source, fileName: 'test.js', vars, locals: [], info };
}

describe('ScriptSandbox (QuickJS in worker threads)', () => {
  const sandbox = new ScriptSandbox({ timeoutMs: 300, memoryLimitMb: 8, workers: 2 });
  afterAll(() => sandbox.close());

  const run = (source: string, vars: ScriptInput['vars'] = {}) => sandbox.run(input(source, vars));
  const result = async (source: string, vars: ScriptInput['vars'] = {}) => (await run(source, vars)).result;

  it('answers the value of the last statement, sees variables by name and through execution', async () => {
    expect(await result('a + execution.getVariable("b")', { a: { t: 'v', v: 2 }, b: { t: 'v', v: 3 } })).toEqual({
      t: 'v',
      v: 5,
    });
    expect(
      await result(
        '[execution.getId(), execution.getProcessInstanceId(), execution.getBusinessKey(), execution.getActivityId()]',
      ),
    ).toEqual({
      t: 'v',
      v: ['e1', 'p1', 'bk', 'A'],
    });
    expect(await result('undefined')).toEqual({ t: 'undef' });
    expect(await result('new Date(5)')).toEqual({ t: 'date', v: 5 });
  });

  it("counts a job's time from when a new worker has loaded QuickJS, not from when the job was handed to it", async () => {
    const fresh = new ScriptSandbox({ timeoutMs: 50, memoryLimitMb: 8, workers: 1 });
    try {
      const answer = fresh.run(input('1 + 1'));
      // The event loop stands still past the deadline and its grace (1,050 ms), as on a machine busy enough to
      // start a worker slowly: the worker's readiness is seen only afterwards, so its clock starts only then.
      const until = Date.now() + 1500;
      while (Date.now() < until);
      expect((await answer).result).toEqual({ t: 'v', v: 2 });
    } finally {
      await fresh.close();
    }
  });

  it('reads back its own writes and reports them in order', async () => {
    const out = await run(
      'execution.setVariable("x", 1); execution.setVariable("y", execution.getVariable("x") + 1); execution.removeVariable("x"); execution.hasVariable("x")',
    );
    expect(out.result).toEqual({ t: 'v', v: false });
    expect(out.writes).toEqual([
      { op: 'set', name: 'x', value: { t: 'v', v: 1 } },
      { op: 'set', name: 'y', value: { t: 'v', v: 2 } },
      { op: 'remove', name: 'x', value: null },
    ]);
  });

  it('gives Json variables and S(...) as Spin JSON nodes', async () => {
    const vars: ScriptInput['vars'] = {
      order: { t: 'json', v: '{"items":[{"n":1},{"n":2}],"name":"o","ok":true,"none":null}' },
    };
    expect(await result('order.prop("items").elements().map(e => e.prop("n").numberValue())', vars)).toEqual({
      t: 'v',
      v: [1, 2],
    });
    expect(
      await result(
        '[order.hasProp("name"), order.prop("name").stringValue(), order.prop("ok").boolValue(), order.prop("none").isNull(), order.isObject(), order.prop("items").isArray()]',
        vars,
      ),
    ).toEqual({
      t: 'v',
      v: [true, 'o', true, true, true, true],
    });
    expect(await result("S('[1,2]').append(3)")).toEqual({ t: 'json', v: '[1,2,3]' });
    expect(await result('S({a: 1}).toString()')).toEqual({ t: 'v', v: '{"a":1}' });
    await expect(run('S("{}").prop("missing")')).rejects.toThrow("SPIN/JACKSON-JSON-01004 Unable to find 'missing'");
  });

  it('gives task listeners a task snapshot: reads see its own writes, the writes and calls come back in order', async () => {
    const task = {
      id: 't1',
      name: 'Review',
      description: null,
      assignee: 'demo',
      owner: null,
      priority: 50,
      dueDate: null,
      followUpDate: null,
      createTime: 1000,
      taskDefinitionKey: 'Review',
      eventName: 'create',
      processInstanceId: 'p1',
      executionId: 'e1',
      processDefinitionId: 'def:1',
      tenantId: null,
      formKey: null,
      deleteReason: null,
      locals: ['note'],
    };
    const out = await sandbox.run({
      ...input(
        'task.setAssignee("john"); task.setPriority(task.getPriority() + 1); task.setDueDate(new Date(7)); task.addCandidateUsers(["a", "b"]);' +
          'task.setVariableLocal("n", task.getVariableLocal("note")); task.complete();' +
          '[task.getAssignee(), task.getPriority(), task.getDueDate().getTime(), task.getCreateTime().getTime(), task.getExecution().getId(), task.hasVariableLocal("n")]',
        { note: { t: 'v', v: 'hi' } },
      ),
      task,
    });
    expect(out.result).toEqual({ t: 'v', v: ['john', 51, 7, 1000, 'e1', true] });
    expect(out.writes).toEqual([
      { op: 'task', name: 'setAssignee', value: { t: 'v', v: 'john' } },
      { op: 'task', name: 'setPriority', value: { t: 'v', v: 51 } },
      { op: 'task', name: 'setDueDate', value: { t: 'date', v: 7 } },
      { op: 'task', name: 'addCandidateUser', value: { t: 'v', v: 'a' } },
      { op: 'task', name: 'addCandidateUser', value: { t: 'v', v: 'b' } },
      { op: 'taskSetLocal', name: 'n', value: { t: 'v', v: 'hi' } },
      { op: 'task', name: 'complete', value: { t: 'v', v: null } },
    ]);
    await expect(sandbox.run({ ...input('task.complete(); task.complete()'), task })).rejects.toThrow('ENGINE-03051');
    await expect(sandbox.run({ ...input('task.complete()'), task: { ...task, eventName: 'delete' } })).rejects.toThrow(
      "'invalid task state'",
    );
    expect((await run('typeof task')).result).toEqual({ t: 'v', v: 'undefined' });
  });

  it('fails with the script error', async () => {
    await expect(run('throw new Error("boom")')).rejects.toThrow('Error: boom');
    await expect(run('nope +')).rejects.toThrow('SyntaxError');
    await expect(run('(function () { return function () {}; })()')).rejects.toThrow('cannot be stored');
  });

  it('stops a script that loops forever at its time limit, and the next one runs', async () => {
    await expect(run('while (true) {}')).rejects.toThrow('the script ran longer than its time limit');
    await expect(run('for (;;) { try { while (true) {} } catch (e) {} }')).rejects.toThrow('time limit');
    expect(await result('1 + 1')).toEqual({ t: 'v', v: 2 });
  });

  it('stops a script that allocates without end at its memory limit, and the next one runs', async () => {
    await expect(run('const a = []; while (true) a.push(new Array(100000).fill(1));')).rejects.toThrow(
      /memory|time limit/,
    );
    await expect(run('let s = "x"; while (true) s = s + s;')).rejects.toThrow(/memory|too long|time limit/);
    await expect(run('(function f() { return f() + 1; })()')).rejects.toThrow(/stack|RangeError|InternalError/);
    expect(await result('2 + 2')).toEqual({ t: 'v', v: 4 });
  });

  describe('escapes: each attempt fails inside the sandbox', () => {
    it.each([
      ['require', 'require("fs")'],
      ['process', 'process.env'],
      ['import()', 'import("fs")', /cannot be stored/],
      ['static import', 'import fs from "fs"'],
      ['module', 'module.exports'],
      ['setTimeout', 'setTimeout(() => 1, 1)'],
      ['fetch', 'fetch("http://127.0.0.1")'],
      ['Buffer', 'Buffer.from("x")'],
      ['globalThis.process', 'globalThis.process.exit(1)'],
      ['constructor.constructor', 'this.constructor.constructor("return process")().exit(1)'],
      ['Function', 'Function("return require")()("fs")'],
      ['execution.getVariable.constructor', 'execution.getVariable.constructor("return process")().mainModule'],
      ['std/os modules', 'std.open("/etc/passwd")'],
    ])(
      '%s',
      async (
        _name,
        source,
        message: RegExp = /ReferenceError|TypeError|SyntaxError|not defined|not a function|cannot read/i,
      ) => {
        await expect(run(source)).rejects.toThrow(message);
      },
    );

    it('sees only its own globals', async () => {
      const names = (await result('Object.getOwnPropertyNames(globalThis).filter(n => !/^[A-Z]/.test(n)).sort()')) as {
        v: string[];
      };
      for (const forbidden of [
        'require',
        'process',
        'module',
        'setTimeout',
        'setInterval',
        'fetch',
        'queueMicrotask',
        'console',
        'std',
        'os',
      ]) {
        expect(names.v).not.toContain(forbidden);
      }
    });

    it('prototype pollution stays inside one evaluation', async () => {
      await run('Object.prototype.polluted = "yes"; Array.prototype.push = null; JSON.stringify = () => "{}"; 1');
      expect(await result('[({}).polluted, typeof Array.prototype.push]')).toEqual({ t: 'v', v: [null, 'function'] });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('a script that replaces the globals the collector uses does not change its answer', async () => {
      const out = await run(
        'JSON.stringify = () => "{}"; JSON.parse = () => ({}); Object.keys = () => []; execution.setVariable("a", 1); 3',
      );
      expect(out).toEqual({ result: { t: 'v', v: 3 }, writes: [{ op: 'set', name: 'a', value: { t: 'v', v: 1 } }] });
    });

    it('Function and eval inside the sandbox reach only the sandbox', async () => {
      expect(await result('Function("return typeof process + typeof require")()')).toEqual({
        t: 'v',
        v: 'undefinedundefined',
      });
      expect(await result('eval("typeof globalThis.process")')).toEqual({ t: 'v', v: 'undefined' });
    });
  });

  it('queues more scripts than workers and answers each its own result', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => result(`let s = 0; for (let i = 0; i < 10000; i++) s += ${n}; s`)),
    );
    expect(results).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ t: 'v', v: n * 10000 })));
  });

  it('answers other work while a script runs to its time limit (the event loop is free)', async () => {
    const looping = run('while (true) {}').catch((e: Error) => e);
    let settled = false;
    void looping.then(() => (settled = true));
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    expect(Date.now() - started).toBeLessThan(200);
    expect(settled).toBe(false);
    expect(await looping).toBeInstanceOf(Error);
  });
});
