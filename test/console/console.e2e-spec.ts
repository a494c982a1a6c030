import { mkdirSync, readFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { loadConfig } from '../../src/config/app-config';
import { createTestApp, databaseLabel, NO_LOGIN_DELAY, TestApp } from '../support/test-app';
import { CHROMIUM, describeInBrowser, eventually } from './browser';

/**
 * The web console in a real browser (Debian's Chromium, driven by playwright-core) against the real app on a
 * random port and a real database: every click goes through the console's own REST calls.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'console');
const SCREENSHOTS = join(__dirname, '..', '..', 'test-output', 'screenshots');
const fixture = (name: string) => join(FIXTURES, name);

describe('console: serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers index.html with a same-origin Content-Security-Policy for every page path', async () => {
    for (const path of [
      '/console/',
      '/console/tasks',
      '/console/instances/abc-123',
      '/console/definitions/a%3A1%3Ab',
    ]) {
      const res = await t.api().get(path).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';/);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src|unsafe-eval/);
      expect(res.text).toContain('<script type="module" src="/console/app.js">');
    }
    await t.api().get('/console').expect(301).expect('Location', '/console/');
  });

  it('serves its scripts and the viewer bundles, and 404s what does not exist', async () => {
    const app = await t.api().get('/console/app.js').expect(200);
    expect(app.headers['content-type']).toBe('text/javascript; charset=utf-8');
    await t.api().get('/console/vendor/bpmn-js/bpmn-navigated-viewer.production.min.js').expect(200);
    await t
      .api()
      .get('/console/vendor/dmn-js/assets/dmn-js-shared.css')
      .expect(200)
      .expect('Content-Type', 'text/css; charset=utf-8');
    await t.api().get('/console/missing.js').expect(404);
    await t.api().get('/console/vendor/left-pad/index.js').expect(404);
    await t.api().get('/console/vendor/bpmn-js/..%2F..%2Fpackage.json').expect(404);
    await t.api().get('/console/..%2F..%2F..%2Fpackage.json').expect(404);
  });

  it('is on by default and off with CONSOLE_ENABLED=false', async () => {
    expect(loadConfig({}).consoleEnabled).toBe(true);
    expect(loadConfig({ CONSOLE_ENABLED: 'false' }).consoleEnabled).toBe(false);
    const off = await createTestApp({ consoleEnabled: false });
    try {
      await off.api().get('/console/').expect(404);
      await off.as('demo').get('/engine').expect(200);
    } finally {
      await off.close();
    }
  });
});

describeInBrowser(`console in Chromium (${databaseLabel()})`, () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const pageErrors: string[] = [];

  // Read through locators: a page function given as text would be an eval, which the console's CSP refuses.
  const counts = (p: Page) => p.locator('#counts .number').allTextContents();
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const open = async (p: Page, path: string) => {
    await p.goto(base + path);
    await p.waitForSelector('main h1');
  };
  const login = async (p: Page, user: string, password: string) => {
    await p.goto(`${base}/console/`);
    await p.waitForSelector('input[name="username"]');
    await p.fill('input[name="username"]', user);
    await p.fill('input[name="password"]', password);
    await p.click('button[type="submit"]');
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // Without the job executor a batch stays where the test can see, suspend and delete it.
    // The wrong login below is not about throttling: without the delay demo may log in right after it.
    t = await createTestApp({ ...NO_LOGIN_DELAY, jobExecutorEnabled: false });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(8000);
    page = await context.newPage();
    page.on('dialog', (dialog) => dialog.accept());
    // A CSP violation or script error on any page fails the run at the end.
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The failed REST calls the tests provoke log errors too, and dmn-js's bundle warns about its Inferno build.
    page.on(
      'console',
      (msg) =>
        msg.type() === 'error' &&
        !/status of (400|401|403|404)|development build of Inferno/.test(msg.text()) &&
        pageErrors.push(msg.text()),
    );
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('refuses wrong credentials and logs demo in to the dashboard', async () => {
    await login(page, 'demo', 'wrong');
    await page.waitForSelector('.state.error');
    expect(await page.textContent('.state.error')).toContain('Wrong user name or password');
    await login(page, 'demo', 'demo');
    await page.waitForSelector('h1:text("Dashboard")');
    await eventually(async () => (await counts(page)).every((n) => /^\d+$/.test(n)), true);
    expect(await page.getAttribute('a[href="/console/"]', 'aria-current')).toBe('page');
  });

  let definitionHref: string;
  let instanceId: string;
  let chargeInstanceId: string;

  it('uploads a process and a decision through the deployments page', async () => {
    await open(page, '/console/deployments');
    await page.waitForSelector('text=No deployments.');
    await page.fill('input[name="deployment-name"]', 'console upload');
    await page.setInputFiles('input[name="data"]', [fixture('console-approval.bpmn'), fixture('console-discount.dmn')]);
    await page.click('button:text("Deploy")');
    await page.waitForSelector("text=Deployed 'console upload'.");
    await page.click('tr[data-deployment] button:text("Details")');
    await page.waitForSelector('a:text("Console approval (version 1)")');
    expect(await page.textContent('#deployment-list')).toContain('console-discount.dmn');
    await shot('deployments');
    definitionHref = (await page.getAttribute('a:text("Console approval (version 1)")', 'href'))!;
  });

  it('starts an instance from the definition page and marks the user task active on the instance diagram', async () => {
    await page.click(`a[href="${definitionHref}"]`);
    await page.waitForSelector('.djs-element[data-element-id="Approve"]');
    await page.click('button:text("Add variable")');
    await page.fill('.var-row .var-name', 'amount');
    await page.selectOption('.var-row select', 'Integer');
    await page.fill('.var-row .var-value', '150');
    await page.click('button:text("Start instance")');
    await page.waitForURL(/\/console\/instances\//);
    instanceId = decodeURIComponent(page.url().split('/console/instances/')[1]);
    await page.waitForSelector('.djs-element[data-element-id="Approve"].console-active');
    expect(await page.$$('.djs-element.console-active')).toHaveLength(1);
    await page.waitForSelector('tr[data-variable="amount"]');
    expect(await page.textContent('tr[data-variable="amount"]')).toContain('Integer');
    await page.waitForSelector('text=Approve order');
    await shot('instance');
  });

  it('edits, adds and deletes variables of the instance', async () => {
    await page.click('button[aria-label="Edit amount"]');
    await page.fill('tr[data-variable="amount"] .var-value', '175');
    await page.click('tr[data-variable="amount"] button:text("Save")');
    await page.waitForSelector('tr[data-variable="amount"] td.value:text("175")');
    const add = page.locator('form.row');
    await add.locator('.var-name').fill('note');
    await add.locator('.var-value').fill('rush');
    await add.locator('button:text("Add")').click();
    await page.waitForSelector('tr[data-variable="note"]');
    await page.click('button[aria-label="Delete note"]');
    await page.waitForSelector('tr[data-variable="note"]', { state: 'detached' });
    const vars = await t.as('demo').get(`/process-instance/${instanceId}/variables`).expect(200);
    expect(vars.body).toEqual({ amount: { type: 'Integer', value: 175, valueInfo: {} } });
  });

  it('claims and completes the task on the tasks page, and the instance shows as ended', async () => {
    await t
      .as('demo')
      .post('/filter/create')
      .send({ resourceType: 'Task', name: 'Order approvals', owner: 'demo', query: { taskDefinitionKey: 'Approve' } })
      .expect(200);
    await page.click('header a:text("Tasks")');
    await page.waitForSelector('#task-list button:has-text("Approve order")');
    await page.waitForSelector('#task-view option:text("Order approvals")', { state: 'attached' });
    await page.selectOption('#task-view', { label: 'Order approvals' });
    await page.waitForSelector('#task-list button:has-text("Approve order")');
    await shot('tasks');
    await page.click('#task-list button:has-text("Approve order")');
    await page.click('#task-detail button:text("Claim")');
    await page.waitForSelector('#task-detail:has-text("assignee demo")');
    // The form starts from the task's variables; the value typed in goes back with the completion.
    expect(await page.inputValue('#task-detail .var-row .var-name')).toBe('amount');
    await page.fill('#task-detail .var-row .var-value', '180');
    await page.click('#task-detail button:text("Complete")');
    await page.waitForSelector("text=Task 'Approve order' completed.");
    await page.waitForSelector('text=No tasks in this list.');
    await open(page, `/console/instances/${encodeURIComponent(instanceId)}`);
    await page.waitForSelector('#instance-state:has-text("State: COMPLETED")');
    const updates = await t
      .as('demo')
      .get(`/history/detail?processInstanceId=${instanceId}&variableUpdates=true&sortBy=time&sortOrder=asc`)
      .expect(200);
    expect(updates.body.filter((u: any) => u.variableName === 'amount').map((u: any) => u.value)).toEqual([
      150, 175, 180,
    ]);
    await page.waitForSelector('td:text("Approve order")');
    expect(await page.$$('.djs-element.console-active')).toHaveLength(0);
  });

  it('shows a failed external task as an incident on the diagram, annotates and retries it from the incidents page', async () => {
    // Dropped onto the drop zone rather than chosen with the file input.
    await open(page, '/console/deployments');
    const xml = readFileSync(fixture('console-charge.bpmn'), 'utf8');
    // The tests compile without the DOM's types; the browser's classes are reached through globalThis.
    const files = await page.evaluateHandle((text) => {
      const w = globalThis as any;
      const dt = new w.DataTransfer();
      dt.items.add(new w.File([text], 'console-charge.bpmn', { type: 'text/xml' }));
      return dt;
    }, xml);
    await page.dispatchEvent('#dropzone', 'drop', { dataTransfer: files });
    await page.waitForSelector('text=Selected: console-charge.bpmn');
    await page.click('button:text("Deploy")');
    await page.waitForSelector("text=Deployed 'console-charge'.");

    const api = t.as('demo');
    const started = await api.post('/process-definition/key/consoleCharge/start').send({}).expect(200);
    const [task] = (
      await api
        .post('/external-task/fetchAndLock')
        .send({ workerId: 'w1', maxTasks: 1, topics: [{ topicName: 'console-charge', lockDuration: 10000 }] })
        .expect(200)
    ).body;
    await api
      .post(`/external-task/${task.id}/failure`)
      .send({ workerId: 'w1', errorMessage: 'card declined', retries: 0, retryTimeout: 0 })
      .expect(204);

    await open(page, `/console/instances/${encodeURIComponent(started.body.id)}`);
    await page.waitForSelector('.djs-element[data-element-id="Charge"].console-incident');
    await page.waitForSelector('#incidents td:text("card declined")');

    await open(page, `/console/definitions/${encodeURIComponent(started.body.definitionId)}`);
    await page.waitForSelector('.djs-overlays[data-container-id="Charge"] .badge.incidents:text("1")');
    await page.waitForSelector('.djs-overlays[data-container-id="Charge"] .badge.active:text("1")');
    await shot('definition');

    await page.click('header a:text("Incidents")');
    const row = page.locator('tr[data-incident]', { hasText: 'card declined' });
    await row.waitFor();
    await row.locator('input').fill('customer called');
    await row.locator('button:text("Save")').click();
    await page.waitForSelector('text=Annotation of the incident at Charge saved.');
    await eventually(
      async () => (await api.get(`/incident?processInstanceId=${started.body.id}`).expect(200)).body[0]?.annotation,
      'customer called',
    );
    await shot('incidents');
    await row.locator('button:text("Retry")').click();
    await page.waitForSelector('#incident-list:has-text("No open incidents.")');
    const retried = await api.get(`/external-task/${task.id}`).expect(200);
    expect(retried.body.retries).toBe(1);

    await open(page, `/console/instances/${encodeURIComponent(started.body.id)}`);
    await page.waitForSelector('.djs-element[data-element-id="Charge"].console-active');
    expect(await page.$$('.djs-element.console-incident')).toHaveLength(0);
    chargeInstanceId = started.body.id;
  });

  it('shows the dashboard counts, the decision page with an evaluation and its history, and the batches page', async () => {
    await open(page, '/console/');
    await eventually(async () => (await counts(page))[0], '1');
    await page.waitForSelector('td:text("console-charge")');
    await shot('dashboard');

    await open(page, '/console/decisions');
    await page.click('a:text("Discount")');
    await page.waitForSelector('#dmn .tjs-table');
    expect(await page.inputValue('.var-row .var-name')).toBe('amount');
    await page.fill('.var-row .var-value', '150');
    await page.click('button:text("Evaluate")');
    await page.waitForSelector('#evaluation-result td:text("10")');
    await open(page, page.url().slice(base.length));
    await page.waitForSelector('li:text("Amount = 150")');
    await shot('decision');

    await t
      .as('demo')
      .post('/external-task/retries-async')
      .send({ externalTaskQuery: { topicName: 'console-charge' }, retries: 3 })
      .expect(200);
    await open(page, '/console/batches');
    const batch = page.locator('tr[data-batch]');
    await batch.waitFor();
    expect(await batch.textContent()).toContain('set-external-task-retries');
    await shot('batches');
    await batch.locator('button:text("Suspend")').click();
    await page.waitForSelector('tr[data-batch] td:text("suspended")');
    await batch.locator('button:text("Activate")').click();
    await page.waitForSelector('tr[data-batch] td:text("active")');
    await batch.locator('button:text("Delete")').click();
    await page.waitForSelector('#batch-list :text("No batches are running.")');
  });

  it('cancels an instance from its page, which then shows its end from the history', async () => {
    await open(page, `/console/instances/${encodeURIComponent(chargeInstanceId)}`);
    await page.click('button:text("Cancel instance")');
    await page.waitForSelector('#instance-state:has-text("State: EXTERNALLY_TERMINATED")');
    await t.as('demo').get(`/process-instance/${chargeInstanceId}`).expect(404);
  });

  it("shows the engine's message for a model it refuses, and deletes a deployment with cascade", async () => {
    await open(page, '/console/deployments');
    await page.setInputFiles('input[name="data"]', {
      name: 'broken.bpmn',
      mimeType: 'text/xml',
      buffer: Buffer.from('<definitions'),
    });
    await page.click('button:text("Deploy")');
    await page.waitForSelector('form .state.error');
    expect(await page.textContent('form .state.error')).toMatch(/^Error: .+/);
    const row = page.locator('tr[data-deployment]', { hasText: 'console-charge' });
    await row.locator('button:text("Delete")').click();
    await page.waitForSelector("text=Deleted 'console-charge'.");
    await row.waitFor({ state: 'detached' });
    expect((await t.as('demo').get('/process-definition?key=consoleCharge').expect(200)).body).toEqual([]);
  });

  it('shows a user without authorizations an empty console with none of the others’ data', async () => {
    await t
      .as('demo')
      .post('/user/create')
      .send({ profile: { id: 'nobody' }, credentials: { password: 'nobody-pw' } })
      .expect(204);
    const other = await browser.newContext();
    other.setDefaultTimeout(8000);
    const p = await other.newPage();
    try {
      await login(p, 'nobody', 'nobody-pw');
      await p.waitForSelector('h1:text("Dashboard")');
      await eventually(async () => (await counts(p)).some((text) => text === '…'), false);
      const cards = await counts(p);
      expect(cards.every((text) => text === '0' || /Not authorized/.test(text ?? ''))).toBe(true);
      await p.waitForSelector('text=No external tasks are waiting.');
      await open(p, '/console/deployments');
      await p.waitForSelector('#deployment-list :text("No deployments."), #deployment-list .state.forbidden');
      await open(p, '/console/definitions');
      await p.waitForSelector('text=No process definitions are deployed');
      await open(p, '/console/tasks');
      await p.waitForSelector('text=No tasks in this list.');
      await open(p, '/console/incidents');
      await p.waitForSelector('#incident-list :text("No open incidents.")');
      await open(p, `/console/instances/${encodeURIComponent(instanceId)}`);
      await p.waitForSelector('main .state.error:has-text("does not exist")');
      await open(p, definitionHref);
      await p.waitForSelector('main h1:text("Not authorized")');
      expect(await p.textContent('main .state.forbidden')).toContain(
        "does not have one of the following permissions: 'READ'",
      );
    } finally {
      await other.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it('sends the CSP header with the page the browser loaded', async () => {
    const res = await request(base).get('/console/instances/x').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
