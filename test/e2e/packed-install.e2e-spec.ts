import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { databaseLabel, freshTestDatabase } from '../support/test-app';

/**
 * What a team embedding the engine does: `npm pack` this repository, install the tarball into the example host
 * application (examples/nest-host) in a fresh folder, compile the host and start it. Nothing of this checkout is
 * linked in: the host sees only what the package ships.
 */
const ROOT = path.join(__dirname, '../..');
const EXAMPLE = path.join(ROOT, 'examples/nest-host');
const npm = (cwd: string, args: string[]) =>
  execFileSync('npm', args, { cwd, stdio: 'pipe', env: { ...process.env, npm_config_update_notifier: 'false' } });

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** CI builds before testing; a local run with sources newer than dist/ builds first so the tarball is current. */
function ensureBuilt(): void {
  const entry = path.join(ROOT, 'dist/src/index.js');
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestMtime(path.join(ROOT, 'src'))) return;
  npm(ROOT, ['run', 'build']);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`the packed engine installed into the example host application (${databaseLabel()})`, () => {
  let dir: string;
  let host: ChildProcess | undefined;
  let output = '';
  let base: string;
  let drop: () => Promise<void> = async () => {};
  const demo = { Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}` };

  beforeAll(async () => {
    ensureBuilt();
    dir = mkdtempSync(path.join(os.tmpdir(), 'nest-host-'));
    npm(ROOT, ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir]);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    for (const f of ['src', 'tsconfig.json', 'package.json'])
      cpSync(path.join(EXAMPLE, f), path.join(dir, f), { recursive: true });
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    pkg.dependencies['camunda7-engine-nest'] = `file:./${tarball}`;
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    // Install scripts stay off so that the test needs neither network nor compiler for better-sqlite3's
    // native build; the binding this checkout's install built serves the same Node ABI.
    npm(dir, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund']);
    const binding = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    cpSync(path.join(ROOT, binding), path.join(dir, binding));
    npm(dir, ['run', 'build']);

    const db = process.env.TEST_DATABASE_URL
      ? await freshTestDatabase()
      : { url: `sqlite:${path.join(dir, 'engine.sqlite')}`, drop: async () => {} };
    drop = db.drop;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    host = spawn(process.execPath, ['dist/main.js'], {
      cwd: dir,
      env: { ...process.env, PORT: String(port), DATABASE_URL: db.url },
      stdio: 'pipe',
    });
    host.stdout?.on('data', (d) => (output += d));
    host.stderr?.on('data', (d) => (output += d));
    await waitFor(async () => (await fetch(`${base}/orders/ping`)).ok, 60_000).catch((e) => {
      throw new Error(`the host did not start: ${e.message}\n${output}`);
    });
  }, 240_000);

  afterAll(async () => {
    if (host && host.exitCode === null) {
      const exited = new Promise((r) => host!.once('exit', r));
      host.kill('SIGTERM');
      await exited;
    }
    await drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs the engine with the host’s own Nest packages, not copies of its own', () => {
    const engine = JSON.parse(readFileSync(path.join(dir, 'node_modules/camunda7-engine-nest/package.json'), 'utf8'));
    for (const name of ['@nestjs/common', '@nestjs/core', '@nestjs/platform-express']) {
      expect(engine.peerDependencies[name]).toBeDefined();
      expect(engine.dependencies[name]).toBeUndefined();
      expect(existsSync(path.join(dir, 'node_modules/camunda7-engine-nest/node_modules', name))).toBe(false);
    }
    const shipped = readdirSync(path.join(dir, 'node_modules/camunda7-engine-nest'));
    expect(shipped).not.toContain('test');
    expect(shipped).not.toContain('src');
  });

  it('serves the host route without the engine’s auth and the engine’s REST API with it, side by side', async () => {
    expect(await (await fetch(`${base}/orders/ping`)).json()).toEqual({ ok: true });
    expect((await fetch(`${base}/engine-rest/process-definition`)).status).toBe(401);
    const engine = await fetch(`${base}/engine-rest/engine`, { headers: demo });
    expect(await engine.json()).toEqual([{ name: 'default' }]);
  });

  it('runs an order through the TypeScript delegate and the in-process worker to its end', async () => {
    const form = new FormData();
    form.set('deployment-name', 'order');
    form.set('data', new Blob([readFileSync(path.join(EXAMPLE, 'src/order.bpmn'))]), 'order.bpmn');
    expect(
      (await fetch(`${base}/engine-rest/deployment/create`, { method: 'POST', headers: demo, body: form })).status,
    ).toBe(200);

    const placed = await fetch(`${base}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ customer: 'ann@example.com', amount: 21 }),
    });
    expect(placed.status).toBe(201);
    const { processInstanceId } = (await placed.json()) as { processInstanceId: string };
    const ended = await waitFor(async () => {
      const h = (await (
        await fetch(`${base}/engine-rest/history/process-instance/${processInstanceId}`, { headers: demo })
      ).json()) as { state: string };
      return h.state === 'COMPLETED' ? h : null;
    }, 30_000);
    expect(ended.state).toBe('COMPLETED');
    const details = (await (
      await fetch(`${base}/engine-rest/history/detail?processInstanceId=${processInstanceId}&variableUpdates=true`, {
        headers: demo,
      })
    ).json()) as { variableName: string; value: unknown }[];
    const byName = Object.fromEntries(details.map((v) => [v.variableName, v.value]));
    expect(byName).toMatchObject({ reserved: 42, mailed: true, shipped: true });
  });
});
