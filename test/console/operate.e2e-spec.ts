import { mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { deploy, deployFixture, fixture } from '../support/deploy';
import { createTestApp, databaseLabel, NO_LOGIN_DELAY, TestApp } from '../support/test-app';
import { CHROMIUM, describeInBrowser, eventually, routed } from './browser';

/**
 * The console's operating actions in Chromium: suspension of an instance and of a definition, a job's retries
 * and due date, moving a token (instance modification) and migrating instances to another version. Each click
 * goes through the page's own REST call; the tests read the effect back over REST.
 */
const SCREENSHOTS = join(__dirname, '..', '..', 'test-output', 'screenshots');
const MODIFICATION = routed('POST', 'process-instance/:id/modification');
const MIGRATION = routed('POST', 'migration/generate') && routed('POST', 'migration/executeAsync');
if (!MODIFICATION)
  console.warn('console token move test skipped: POST /process-instance/{id}/modification is not routed');
const RESTART =
  routed('POST', 'process-definition/:id/restart') && routed('POST', 'process-definition/:id/restart-async');
if (!RESTART) console.warn('console restart test skipped: POST /process-definition/{id}/restart(-async) is not routed');
if (!MIGRATION) console.warn('console migration test skipped: /migration/generate and executeAsync are not routed');

describeInBrowser(`console operations in Chromium (${databaseLabel()})`, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  const pageErrors: string[] = [];
  const api = () => t.as('demo');

  const open = async (path: string) => {
    await page.goto(base + path);
    await page.waitForSelector('main h1');
  };
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const openInstance = (id: string) => open(`/console/instances/${encodeURIComponent(id)}`);
  const start = async (variables = {}) =>
    (await api().post('/process-definition/key/consoleOperate/start').send({ variables }).expect(200)).body;
  const jobsOf = async (id: string) => (await api().get(`/job?processInstanceId=${id}`).expect(200)).body;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // Without the job executor the timers and the failing job wait until the test runs them.
    t = await createTestApp({ ...NO_LOGIN_DELAY, jobExecutorEnabled: false });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    await deployFixture(t, ['console/console-operate.bpmn']).expect(200);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(8000);
    page = await context.newPage();
    page.on('dialog', (dialog) => dialog.accept());
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on(
      'console',
      (msg) => msg.type() === 'error' && !/status of (400|401|403|404)/.test(msg.text()) && pageErrors.push(msg.text()),
    );
    await page.goto(`${base}/console/login`);
    await page.fill('input[name="username"]', 'demo');
    await page.fill('input[name="password"]', 'demo');
    await page.click('button[type="submit"]');
    await page.waitForSelector('h1:text("Dashboard")');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  afterEach(() => expect(pageErrors).toEqual([]));

  it('suspends an instance from its page and activates it again', async () => {
    const pi = await start();
    await openInstance(pi.id);
    await page.waitForSelector('#instance-state:has-text("State: ACTIVE")');
    await page.click('#toggle-suspension:text("Suspend")');
    await page.waitForSelector('#instance-state:has-text("State: SUSPENDED")');
    expect((await api().get(`/process-instance/${pi.id}`).expect(200)).body.suspended).toBe(true);
    expect((await jobsOf(pi.id))[0].suspended).toBe(true);
    await page.click('#toggle-suspension:text("Activate")');
    await page.waitForSelector('#instance-state:has-text("State: ACTIVE")');
    expect((await api().get(`/process-instance/${pi.id}`).expect(200)).body.suspended).toBe(false);
  });

  it("changes a timer's due date, and shows the engine's answer for a job that is gone", async () => {
    const pi = await start();
    const [timer] = await jobsOf(pi.id);
    await openInstance(pi.id);
    const row = page.locator(`tr[data-job="${timer.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('timer-intermediate-transition');
    await row.locator('input[type="datetime-local"]').fill('2031-05-04T10:30');
    await row.locator('button:text("Set due date")').click();
    // The browser and the test share the machine's time zone: both read the typed time as local time.
    await eventually(
      async () => Date.parse((await api().get(`/job/${timer.id}`).expect(200)).body.dueDate),
      new Date('2031-05-04T10:30').getTime(),
    );
    await page.waitForSelector(`tr[data-job="${timer.id}"] td.due:has-text("2031")`);
    await shot('instance-jobs');

    await api().delete(`/job/${timer.id}`).expect(204);
    await row.locator('button:text("Set due date")').click();
    await page.waitForSelector('#jobs .state.error');
    expect(await page.textContent('#jobs .state.error')).toContain(timer.id);
    await api().delete(`/process-instance/${pi.id}`).expect(204);
  });

  it('gives a failed job retries again, which resolves its incident', async () => {
    const pi = await start();
    const [timer] = await jobsOf(pi.id);
    await api().put(`/job/${timer.id}/duedate`).send({ duedate: '2020-01-01T00:00:00.000+0000' }).expect(204);
    await t.engine.jobs.executeDueJobs();
    const [task] = (await api().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    await api().post(`/task/${task.id}/complete`).send({}).expect(204);
    // The courier booking fails without `booking` until its three retries are used up.
    for (let i = 0; i < 3; i++) await t.engine.jobs.executeDueJobs();
    const [failed] = await jobsOf(pi.id);
    expect(failed.retries).toBe(0);

    await openInstance(pi.id);
    await page.waitForSelector('.djs-element[data-element-id="Book"].console-incident');
    const row = page.locator(`tr[data-job="${failed.id}"]`);
    await row.locator('td.retries:text("0")').waitFor();
    await row.locator('input[type="number"]').fill('2');
    await row.locator('button:text("Set retries")').click();
    await page.waitForSelector(`tr[data-job="${failed.id}"] td.retries:text("2")`);
    await page.waitForSelector('#incidents :text("No open incidents.")');
    expect((await api().get(`/job/${failed.id}`).expect(200)).body.retries).toBe(2);
    expect((await api().get(`/incident/count?processInstanceId=${pi.id}`).expect(200)).body.count).toBe(0);
  });

  (MODIFICATION ? it : it.skip)('moves a token from the timer to the user task in one modification', async () => {
    const pi = await start();
    await openInstance(pi.id);
    await page.waitForSelector('.djs-element[data-element-id="Wait"].console-active');
    expect(await page.locator('#move-from option').allTextContents()).toEqual([
      expect.stringMatching(/^Wait an hour \(/),
    ]);
    await page.selectOption('#move-to', 'Pack');
    await page.fill('#move-annotation', 'customer asked to skip the wait');
    await page.click('button:text("Move token")');
    await page.waitForSelector('.djs-element[data-element-id="Pack"].console-active');
    expect(await page.$$('.djs-element.console-active')).toHaveLength(1);
    expect(await jobsOf(pi.id)).toEqual([]);
    const tasks = (await api().get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    expect(tasks.map((task: { taskDefinitionKey: string }) => task.taskDefinitionKey)).toEqual(['Pack']);
    const history = (
      await api().get(`/history/activity-instance?processInstanceId=${pi.id}&activityId=Wait`).expect(200)
    ).body;
    expect(history).toMatchObject([{ canceled: true }]);
  });

  it('suspends a definition with its instances and activates both again', async () => {
    const pi = await start();
    await open(`/console/definitions/${encodeURIComponent(pi.definitionId)}`);
    await page.waitForSelector('#definition-state:has-text("active")');
    expect(await page.isChecked('#include-instances')).toBe(true);
    await page.click('#toggle-suspension:text("Suspend")');
    await page.waitForSelector('#definition-state:has-text("suspended")');
    expect((await api().get(`/process-definition/${pi.definitionId}`).expect(200)).body.suspended).toBe(true);
    expect((await api().get(`/process-instance/${pi.id}`).expect(200)).body.suspended).toBe(true);
    const refused = await api().post('/process-definition/key/consoleOperate/start').send({}).expect(400);
    expect(refused.body.message).toContain('is suspended');

    await page.click('#toggle-suspension:text("Activate")');
    await page.waitForSelector('#definition-state:has-text("active")');
    expect((await api().get(`/process-definition/${pi.definitionId}`).expect(200)).body.suspended).toBe(false);
    expect((await api().get(`/process-instance/${pi.id}`).expect(200)).body.suspended).toBe(false);

    // Without the box ticked the instances keep their state.
    await page.uncheck('#include-instances');
    await page.click('#toggle-suspension:text("Suspend")');
    await page.waitForSelector('#definition-state:has-text("suspended")');
    expect((await api().get(`/process-instance/${pi.id}`).expect(200)).body.suspended).toBe(false);
    await page.click('#toggle-suspension:text("Activate")');
    await page.waitForSelector('#definition-state:has-text("active")');
  });

  (RESTART ? it : it.skip)('restarts a finished instance before the user task, now and as a batch', async () => {
    const pi = await start({ size: { value: 'small', type: 'String' } });
    await api().put(`/process-instance/${pi.id}/variables/size`).send({ value: 'large', type: 'String' }).expect(204);
    await api().delete(`/process-instance/${pi.id}`).expect(204);
    const runningIds = async () =>
      (await api().get(`/process-instance?processDefinitionId=${pi.definitionId}`).expect(200)).body.map(
        (p: { id: string }) => p.id,
      ) as string[];
    const before = await runningIds();
    const restartedOnce = async (known: string[]) => {
      let fresh: string[] = [];
      await eventually(async () => {
        fresh = (await runningIds()).filter((id) => !known.includes(id));
        return fresh.length;
      }, 1);
      const [task] = (await api().get(`/task?processInstanceId=${fresh[0]}`).expect(200)).body;
      expect(task.taskDefinitionKey).toBe('Pack');
      return fresh[0];
    };

    await open(`/console/definitions/${encodeURIComponent(pi.definitionId)}`);
    await page.locator(`tr[data-historic-instance="${pi.id}"] input[type="checkbox"]`).check();
    await page.selectOption('#restart-at', 'Pack');
    await page.check('#restart-initial-variables');
    await page.click('#restart button:text-is("Restart")');
    const first = await restartedOnce(before);
    // The page shows the new instance once it has redrawn itself after the restart.
    await page.waitForSelector(`a[href="/console/instances/${first}"]`);
    // With its initial variables: the value it was started with, not the one it ended with.
    expect((await api().get(`/process-instance/${first}/variables/size`).expect(200)).body.value).toBe('small');

    await page.locator(`tr[data-historic-instance="${pi.id}"] input[type="checkbox"]`).check();
    await page.selectOption('#restart-at', 'Pack');
    await page.click('#restart button:text-is("Restart as a batch")');
    await page.waitForSelector('#restart :text("Restart batch")');
    const batches = (await api().get('/batch?type=instance-restart').expect(200)).body;
    expect(batches).toHaveLength(1);
    expect(await page.textContent('#restart')).toContain(batches[0].id);
    await t.engine.jobs.executeDueJobs();
    const second = await restartedOnce([...before, first]);
    expect((await api().get(`/process-instance/${second}/variables/size`).expect(200)).body.value).toBe('large');
    for (const id of [first, second]) await api().delete(`/process-instance/${id}`).expect(204);
  });

  (MIGRATION ? it : it.skip)('migrates the running instances to version 2 as a batch', async () => {
    const pi = await start();
    const v1 = pi.definitionId;
    const xml = fixture('console/console-operate.bpmn').toString().replace('name="Pack parcel"', 'name="Pack box"');
    await deploy(t, [{ name: 'console-operate.bpmn', content: xml }]).expect(200);
    const v2 = (await api().get('/process-definition/key/consoleOperate').expect(200)).body;
    expect(v2.version).toBe(2);
    const running = (await api().get(`/process-instance?processDefinitionId=${v1}`).expect(200)).body;

    await open(`/console/definitions/${encodeURIComponent(v1)}`);
    await page.selectOption('#migration-target', v2.id);
    await page.click('button:text("Generate plan")');
    await page.waitForSelector('#migration-plan tr[data-instruction="Wait"]');
    expect(await page.textContent('#migration-plan tr[data-instruction="Wait"]')).toContain('Wait');
    await page.waitForSelector('#migration-plan :text("The plan is valid.")');
    await shot('definition-migration');
    await page.click('button:text("Migrate all running instances")');
    await page.waitForSelector('#migration-plan :text("Migration batch")');
    const batches = (await api().get('/batch?type=instance-migration').expect(200)).body;
    expect(batches).toHaveLength(1);
    expect(await page.textContent('#migration-plan')).toContain(batches[0].id);

    await page.click('#migration-plan a:text("Follow it on the batches page")');
    await page.waitForSelector(`tr[data-batch="${batches[0].id}"]`);
    await t.engine.jobs.executeDueJobs();
    for (const p of running)
      expect((await api().get(`/process-instance/${p.id}`).expect(200)).body.definitionId).toBe(v2.id);
  });
});
