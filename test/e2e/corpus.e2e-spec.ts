import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS, CorpusDriver, loadCorpus } from '../support/corpus-driver';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Realistic Camunda 7 models (test/fixtures/corpus, each with its step table) deploy and run to their ends through
// REST.
// Jobs run only when a step executes them, so timers and asynchronous continuations are deterministic.
const corpus = loadCorpus();

describe(`corpus of Camunda 7 models (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
  });
  afterAll(() => t.close());

  it('has at least 60 models, each run by a case and carrying its diagram as the Modeler saves it', () => {
    const bpmn = [...new Set(corpus.flatMap((c) => c.resources))].filter((r) => r.endsWith('.bpmn'));
    expect(bpmn.length).toBeGreaterThanOrEqual(60);
    expect(fs.readdirSync(CORPUS).filter((f) => f.endsWith('.bpmn') && !bpmn.includes(f))).toEqual([]);
    const withoutDiagram = bpmn.filter(
      (r) => !/<bpmndi:BPMNShape /.test(fs.readFileSync(path.join(CORPUS, r), 'utf8')),
    );
    expect(withoutDiagram).toEqual([]);
  });

  it.each(corpus.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const driver = new CorpusDriver(t, c);
    await driver.deploy();
    const pi = await driver.start();
    for (const [i, step] of c.steps.entries()) await driver.run(step, i);

    expect(await driver.leftovers()).toEqual([]);
    expect(await driver.historicInstance(pi)).toMatchObject({
      state: c.expect.state ?? 'COMPLETED',
      endTime: expect.any(String),
    });
    expect(await driver.activities(pi)).toEqual([...c.expect.activities].sort());
    for (const [key, ids] of Object.entries(c.expect.called ?? {}))
      expect(await driver.calledActivities(pi, key)).toEqual([...ids].sort());
    if (c.expect.variables) expect(await driver.variables(pi)).toMatchObject(c.expect.variables);
  });
});
