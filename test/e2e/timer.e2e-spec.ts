import { TestClock } from '../engine/bpmn/runtime/support/event-scenario';
import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** Timers fire through the real job executor; the test moves the engine's clock instead of sleeping. */
describe(`timers with the job executor (${databaseLabel()})`, () => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, jobExecutorEnabled: true, jobExecutorPollMs: 50 });
    await deployFixture(t, ['events/timers.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  const activities = async (id: string) =>
    (
      await t
        .as('demo')
        .get(`/history/activity-instance?processInstanceId=${id}&sortBy=occurrence&sortOrder=asc`)
        .expect(200)
    ).body.map((a: any) => a.activityId);
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('Given a task with a ten-minute timer boundary event, When ten minutes pass, Then the timer fires and the task is canceled', async () => {
    const pi = (await t.as('demo').post('/process-definition/key/timerBoundary/start').send({}).expect(200)).body;
    const [job] = (await t.as('demo').get(`/job?processInstanceId=${pi.id}&timers=true`).expect(200)).body;
    expect(new Date(job.dueDate.replace(/(\d\d)(\d\d)$/, '$1:$2')).getTime() - clock.now().getTime()).toBe(10 * 60_000);
    clock.advance(9 * 60_000);
    t.engine.jobExecutor.wake();
    await new Promise((r) => setTimeout(r, 150));
    expect(await activities(pi.id)).toEqual(['BStart', 'Work']);
    clock.advance(60_000);
    t.engine.jobExecutor.wake();
    await eventually(async () => (await activities(pi.id)).includes('Escalated'));
    expect(await activities(pi.id)).toEqual(['BStart', 'Work', 'TooLate', 'Escalated']);
    const work = (
      await t.as('demo').get(`/history/activity-instance?processInstanceId=${pi.id}&activityId=Work`).expect(200)
    ).body[0];
    expect(work.canceled).toBe(true);
  });
});
