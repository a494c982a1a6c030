import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '../../../src/config/app-config';
import { ProcessEngine } from '../../../src/engine/process-engine';
import { openDataSource } from '../../../src/persistence/data-source';
import { JobEntity } from '../../../src/persistence/entities/runtime/job.entity';
import { EVENT_FIXTURES } from '../bpmn/runtime/support/event-scenario';
import { databaseLabel } from '../../support/test-app';
import { RuntimeScenario } from '../bpmn/runtime/support/runtime-scenario';

const MARIADB = databaseLabel() === 'mysql';

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The background job executor. On MariaDB two engines share one database and split the jobs
 * through their locks (SELECT ... FOR UPDATE SKIP LOCKED); every job runs exactly once. SQLite has
 * one writer, so there one engine works through them.
 */
describe(`job executor (${databaseLabel()})`, () => {
  const JOBS = MARIADB ? 500 : 100;
  let s: RuntimeScenario;
  let other: ProcessEngine | null = null;
  const options = { jobExecutorEnabled: true, jobExecutorPollMs: 50, jobExecutorBatchSize: 10 };

  beforeAll(async () => {
    s = await RuntimeScenario.boot(options);
    const xml = fs.readFileSync(path.join(EVENT_FIXTURES, 'async.bpmn'), 'utf8');
    await s.deployXml('async.bpmn', xml);
    if (MARIADB) {
      const url = s.databaseUrl;
      other = new ProcessEngine(
        loadConfig({}, { databaseUrl: url, historyLevel: 'full', ...options }),
        await openDataSource(url),
      );
      await other.start();
    }
  });
  afterAll(async () => {
    await other?.close();
    await s.close();
  });

  it(`runs ${JOBS} async continuations, each exactly once`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) ids.push((await s.start('asyncOnce')).id);
    expect(await s.ds.getRepository(JobEntity).count()).toBe(JOBS);

    const executed = new Map<string, number>();
    const byEngine = [0, 0];
    const engines = other ? [s.engine, other] : [s.engine];
    engines.forEach((engine, i) =>
      engine.jobExecutor.onJobRun((jobId, result) => {
        if (result !== 'executed') return;
        executed.set(jobId, (executed.get(jobId) ?? 0) + 1);
        byEngine[i]++;
      }),
    );
    for (const engine of engines) engine.startJobExecutor();
    // Counted through the engine's transactions: on SQLite's one connection a direct query could see the
    // jobs of a group commit deleted before that COMMIT (and before the executor reports them).
    await until(async () => (await s.engine.tx.read((em) => em.getRepository(JobEntity).count())) === 0, 120_000);
    // A job's command is answered after its COMMIT: the report of the last one may come a moment after its row is gone.
    await until(async () => executed.size >= JOBS, 5_000).catch(() => undefined);

    expect(executed.size).toBe(JOBS);
    expect([...executed.values()].every((n) => n === 1)).toBe(true);
    expect(byEngine[0] + byEngine[1]).toBe(JOBS);
    if (other) expect(byEngine.every((n) => n > 0)).toBe(true);
    const [{ steps, instances }] = await s.ds.query(
      "SELECT COUNT(*) AS steps, COUNT(DISTINCT proc_inst_id) AS instances FROM act_hi_actinst WHERE act_id = 'OStep'",
    );
    expect(Number(steps)).toBe(JOBS);
    expect(Number(instances)).toBe(JOBS);
    expect(Number((await s.ds.query("SELECT COUNT(*) AS n FROM act_hi_procinst WHERE state = 'COMPLETED'"))[0].n)).toBe(
      JOBS,
    );
  }, 180_000);

  it('wakes up when a command creates a job, and after stopping leaves new jobs alone and unlocked', async () => {
    const pi = await s.start('asyncOnce');
    await until(() => s.isEnded(pi.id), 10_000);
    await s.engine.jobExecutor.stop();
    await other?.jobExecutor.stop();
    expect(s.engine.jobExecutor.isRunning).toBe(false);
    const waiting = await s.start('asyncOnce');
    await new Promise((r) => setTimeout(r, 150));
    expect(await s.isEnded(waiting.id)).toBe(false);
    expect(await s.ds.getRepository(JobEntity).findBy({ processInstanceId: waiting.id })).toMatchObject([
      { lockOwner: null },
    ]);
  });
});
