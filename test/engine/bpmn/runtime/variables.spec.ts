import { TypedValue } from '../../../../src/engine/variables/typed-value';
import { databaseLabel } from '../../../support/test-app';
import { plain, RuntimeScenario, vars } from './support/runtime-scenario';

describe(`variables (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('user-task.bpmn', 'sub-process.bpmn', 'listeners.bpmn');
  });
  afterAll(() => s.close());

  it('typed values survive the round trip through their typed columns', async () => {
    const date = new Date('2026-11-21T20:40:26.123Z');
    const typed: Record<string, TypedValue> = {
      s: { type: 'string', value: 'text', valueInfo: {} },
      empty: { type: 'string', value: '', valueInfo: {} },
      i: { type: 'integer', value: 42, valueInfo: {} },
      l: { type: 'long', value: 9007199254740991, valueInfo: {} },
      sh: { type: 'short', value: 7, valueInfo: {} },
      d: { type: 'double', value: 1.5, valueInfo: {} },
      b: { type: 'boolean', value: false, valueInfo: {} },
      dt: { type: 'date', value: date, valueInfo: {} },
      n: { type: 'null', value: null, valueInfo: {} },
      bytes: { type: 'bytes', value: Buffer.from([1, 2, 3]), valueInfo: {} },
      json: { type: 'json', value: '{"a":[1,2]}', valueInfo: {} },
      obj: {
        type: 'object',
        value: '{"k":"v"}',
        valueInfo: { objectTypeName: 'java.util.HashMap', serializationDataFormat: 'application/json' },
      },
      file: {
        type: 'file',
        value: Buffer.from('hello'),
        valueInfo: { filename: 'a.txt', mimeType: 'text/plain', encoding: 'utf-8' },
      },
    };
    const pi = await s.runtime.startProcessInstance(null, { key: 'plainTask', variables: typed });
    const back = await s.runtime.getVariables(null, pi.id);
    expect(back).toEqual(typed);
    expect(await s.runtime.getVariable(null, pi.id, 'dt')).toEqual(typed.dt);
    expect(await s.runtime.getVariable(null, pi.id, 'missing')).toBeNull();
  });

  it('set updates a variable where it lives, local writes the given scope; history counts revisions', async () => {
    const pi = await s.start('embedded', { amount: 1 });
    const scope = (await s.executions(pi.id)).find((e) => e.id !== pi.id)!;
    await s.runtime.setVariables(null, scope.id, vars({ amount: 2, fresh: 'x' }));
    await s.runtime.setVariables(null, scope.id, vars({ doubled: 100, mine: true }), { local: true });

    expect(await s.variables(pi.id)).toEqual({ amount: 2, fresh: 'x' });
    expect(plain(await s.runtime.getVariables(null, scope.id, { local: true }))).toMatchObject({
      doubled: 100,
      mine: true,
    });
    expect(plain(await s.runtime.getVariables(null, scope.id, { names: ['amount', 'mine', 'nope'] }))).toEqual({
      amount: 2,
      mine: true,
    });

    await s.runtime.setVariables(null, pi.id, vars({ amount: 3 }));
    const amountDetails = (await s.historicDetails(pi.id)).filter((d) => d.variableName === 'amount');
    expect(amountDetails.map((d) => [d.revision, d.initial, Number(d.longValue)])).toEqual([
      [0, true, 1],
      [1, false, 2],
      [2, false, 3],
    ]);
    const stored = (await s.storedVariables(pi.id)).find((v) => v.name === 'amount')!;
    expect(stored.rev).toBe(3);

    await s.runtime.removeVariables(null, scope.id, ['fresh']);
    await s.runtime.modifyVariables(null, pi.id, { modifications: vars({ z: 1 }), deletions: ['amount'] });
    expect(await s.variables(pi.id)).toEqual({ z: 1 });
  });

  it('transient values are visible to the command but never stored', async () => {
    const pi = await s.runtime.startProcessInstance(null, {
      key: 'approval',
      variables: {
        ...vars({ groups: 'g', due: null, prio: 1, form: 'f', item: 'i' }),
        assignee: { type: 'string', value: 'temp', valueInfo: { transient: true } },
      },
    });
    expect((await s.task(pi.id, 'Approve')).assignee).toBe('temp');
    expect(Object.keys(await s.variables(pi.id))).not.toContain('assignee');
  });

  it("variables of an unknown execution: Camunda's null-value message", async () => {
    await expect(s.runtime.getVariables(null, 'nope')).rejects.toThrow(
      "execution nope doesn't exist: execution is null",
    );
  });

  it('expression execution listeners run on start, end and take', async () => {
    const pi = await s.start('listened');
    expect(await s.variables(pi.id)).toEqual({
      processStarted: true,
      taken: 'F1',
      workStartedAt: 'Work',
      workEnded: 'end',
    });
    await s.completeTask(pi.id, 'Wait');
    expect(await s.historicVariables(pi.id)).toMatchObject({ processEnded: true });
  });
});
