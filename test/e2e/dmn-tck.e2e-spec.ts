import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AddressInfo } from 'node:net';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

/** The shared DMN TCK runner, driven over real HTTP against a freshly started server. */
const RUNNER = path.resolve(__dirname, '..', '..', '..', 'shared', 'conformance', 'dmn-tck', 'run-tck.js');
const describeIfShared = fs.existsSync(RUNNER) ? describe : describe.skip;

describeIfShared(`DMN TCK conformance over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/engine-rest`;
  });
  afterAll(() => t.close());

  it('passes all 80 cases', async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [RUNNER, base], {
        env: { ...process.env, CAMUNDA_USER: 'demo', CAMUNDA_PASSWORD: 'demo' },
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (c) => resolve({ code: c, output }));
    });
    const last = output.trim().split('\n').pop();
    if (code !== 0) console.log(output);
    expect(last).toBe('80 passed, 0 failed');
    expect(code).toBe(0);
  }, 120_000);
});
