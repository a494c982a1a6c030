import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { openDataSource } from '../../src/persistence/data-source';
import { fixture } from '../support/deploy';
import { databaseLabel, freshMysqlDatabase } from '../support/test-app';

/**
 * SIGTERM to a real server process (the built dist/src/main.js) under keep-alive load: every request
 * that reached it is answered in full, the waiting long poll gets `[]`, the running job finishes and
 * its locks are released, and the process exits 0; with a request that never finishes, the timeout
 * (or a second SIGTERM) ends it with exit code 1.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'main.js');
const AUTH = 'Basic ' + Buffer.from('demo:demo').toString('base64');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** tsc writes every output file, so main.js older than any source means a stale build. */
function ensureBuilt(): void {
  if (fs.existsSync(MAIN) && fs.statSync(MAIN).mtimeMs >= newestMtime(path.join(ROOT, 'src'))) return;
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome =
  | { kind: 'response'; status: number; connection: string | undefined; text: string; sent: number; at: number }
  | { kind: 'refused'; code: string }
  | { kind: 'reset'; code: string; reusedSocket: boolean };

interface Sent {
  req: http.ClientRequest;
  outcome: Promise<Outcome>;
}

/** One request; never rejects. A refused connection is told apart from a connection that broke. */
function sendRaw(
  port: number,
  agent: http.Agent | false,
  method: string,
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Sent {
  const sent = Date.now();
  const req = http.request({
    host: '127.0.0.1',
    port,
    method,
    path: `/engine-rest${url}`,
    agent,
    headers: { authorization: AUTH, ...headers },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const fail = (err: NodeJS.ErrnoException) =>
      resolve(
        err.code === 'ECONNREFUSED'
          ? { kind: 'refused', code: err.code }
          : { kind: 'reset', code: err.code ?? err.message, reusedSocket: req.reusedSocket },
      );
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', fail);
      res.on('end', () =>
        resolve({
          kind: 'response',
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          text: Buffer.concat(chunks).toString('utf8'),
          sent,
          at: Date.now(),
        }),
      );
    });
  });
  return { req, outcome };
}

function send(port: number, agent: http.Agent | false, method: string, url: string, body?: unknown): Promise<Outcome> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const { req, outcome } = sendRaw(
    port,
    agent,
    method,
    url,
    data ? { 'content-type': 'application/json', 'content-length': data.length } : {},
  );
  req.end(data);
  return outcome;
}

async function okBody(outcome: Promise<Outcome>): Promise<any> {
  const o = await outcome;
  if (o.kind !== 'response' || o.status >= 300) throw new Error(`unexpected answer: ${JSON.stringify(o)}`);
  return o.text ? JSON.parse(o.text) : undefined;
}

/** Whether a new connection is refused, i.e. the server no longer listens. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

interface Server {
  port: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  output: () => string;
  /** Counts rows in the server's database (after it exited). */
  count: (sql: string) => Promise<number>;
  dispose: () => Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    ({ url: databaseUrl, drop } = await freshMysqlDatabase(process.env.TEST_DATABASE_URL));
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    databaseUrl = `sqlite:${path.join(dir, 'engine.sqlite')}`;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const count = async (sql: string) => {
    const ds = await openDataSource(databaseUrl);
    try {
      const [row] = await ds.query(sql);
      return Number(Object.values(row)[0]);
    } finally {
      await ds.destroy();
    }
  };
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      ADMIN_USER: 'demo',
      ADMIN_PASSWORD: 'demo',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let gone: Exit | null = null;
  void exited.then((e) => (gone = e));
  const dispose = async () => {
    if (!gone) {
      child.kill('SIGKILL');
      await exited;
    }
    await drop();
  };
  // Start-up (migrations included) on a loaded machine: generous, and cut short if the process dies.
  for (const end = Date.now() + 120_000; ;) {
    const o = await send(port, false, 'GET', '/engine');
    if (o.kind === 'response' && o.status === 200) break;
    if (gone || Date.now() > end) {
      await dispose();
      throw new Error(`server did not start:\n${output}`);
    }
    await sleep(200);
  }
  return { port, child, exited, output: () => output, count, dispose };
}

function deployAsyncProcess(port: number): Promise<Outcome> {
  const boundary = `----shutdown${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="deployment-name"\r\n\r\nshutdown\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="async.bpmn"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    fixture('events/async.bpmn'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const { req, outcome } = sendRaw(port, false, 'POST', '/deployment/create', {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': body.length,
  });
  req.end(body);
  return outcome;
}

/** A JSON POST whose body stops halfway: the server has the request but cannot answer it yet. */
function halfSentStart(port: number): { outcome: Promise<Outcome>; finish: () => void } {
  const body = Buffer.from(JSON.stringify({ businessKey: 'in-flight-at-signal' }));
  const { req, outcome } = sendRaw(port, false, 'POST', '/process-definition/key/asyncOnce/start', {
    'content-type': 'application/json',
    'content-length': body.length,
  });
  req.flushHeaders();
  req.write(body.subarray(0, 5));
  return { outcome, finish: () => req.end(body.subarray(5)) };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; !(await check());) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe(`graceful shutdown of a server process (${databaseLabel()})`, () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it('under keep-alive load: answers every request, the long poll with [], releases job locks and exits 0', async () => {
    const SHUTDOWN_TIMEOUT_MS = 15_000;
    const server = await startServer({
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      JOB_EXECUTOR_BATCH_SIZE: '3',
    });
    const { port } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    try {
      await okBody(deployAsyncProcess(port));

      // A keep-alive socket that stays idle from before the signal: it must not hold the shutdown up.
      const idleAgent = new http.Agent({ keepAlive: true });
      expect(await send(port, idleAgent, 'GET', '/engine')).toMatchObject({ kind: 'response', status: 200 });

      const longPoll = send(port, new http.Agent({ keepAlive: true }), 'POST', '/external-task/fetchAndLock', {
        workerId: 'shutdown-test',
        maxTasks: 1,
        asyncResponseTimeout: 30_000,
        topics: [{ topicName: 'nobody-creates-this', lockDuration: 10_000 }],
      });
      const halfSent = halfSentStart(port);

      // Reads, writes and job-creating starts on six keep-alive connections, until the server is gone.
      const outcomes: Outcome[] = [];
      let exited = false;
      const requests = [
        () => send(port, agent, 'GET', '/user'),
        () => send(port, agent, 'POST', '/process-definition/key/asyncOnce/start', { businessKey: 'load' }),
        () => send(port, agent, 'GET', '/process-instance/count'),
        () =>
          send(port, agent, 'POST', '/external-task/fetchAndLock', {
            workerId: 'w',
            maxTasks: 1,
            topics: [{ topicName: 't', lockDuration: 1000 }],
          }),
      ];
      const clients = Array.from({ length: 6 }, async (_, i) => {
        for (let n = i; !exited; n++) {
          const o = await requests[n % requests.length]();
          outcomes.push(o);
          if (o.kind !== 'response') await sleep(20);
        }
      });
      void server.exited.then(() => (exited = true));
      const answered = () => outcomes.filter((o) => o.kind === 'response').length;
      await until(() => answered() >= 60, '60 answered requests');
      // The job executor has run jobs, so one is likely in hand at the signal.
      await until(async () => {
        const body = await okBody(
          send(port, agent, 'GET', '/history/process-instance/count?processDefinitionKey=asyncOnce&finished=true'),
        );
        return body.count > 0;
      }, 'a finished asynchronous instance');

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await until(() => refusesConnections(port), 'the listener to close');
      halfSent.finish();
      const exit = await server.exited;
      await Promise.all(clients);

      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
      expect(exit.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 10_000);

      // Every request that reached the server got its whole answer; only new connections were refused.
      expect(outcomes.filter((o) => o.kind === 'reset')).toEqual([]);
      const responses = outcomes.filter((o) => o.kind === 'response');
      expect(responses.filter((o) => o.status !== 200)).toEqual([]);
      expect(outcomes.filter((o) => o.kind === 'refused').length).toBeGreaterThan(0);
      // Answers after the signal closed their connections.
      expect(responses.filter((o) => o.connection === 'close').length).toBeGreaterThanOrEqual(1);

      const lp = await longPoll;
      expect(lp).toMatchObject({ kind: 'response', status: 200, text: '[]', connection: 'close' });
      // Answered by the shutdown, not by its own timeout.
      if (lp.kind === 'response') expect(lp.at - lp.sent).toBeLessThan(30_000);

      expect(await halfSent.outcome).toMatchObject({ kind: 'response', status: 200, connection: 'close' });

      // The job in hand finished and the executor released what it had claimed.
      expect(await server.count('SELECT COUNT(*) AS n FROM act_ru_job WHERE lock_owner IS NOT NULL')).toBe(0);
    } catch (err) {
      throw new Error(`${String(err)}\n--- server output ---\n${server.output()}`, { cause: err });
    } finally {
      agent.destroy();
      await server.dispose();
    }
  }, 240_000);

  it('exits with code 1 once SHUTDOWN_TIMEOUT_MS has passed while a request cannot finish', async () => {
    const SHUTDOWN_TIMEOUT_MS = 3000;
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    try {
      const hung = halfSentStart(server.port);
      // The server is past reading the hung request's headers once a later request is answered.
      expect(await send(server.port, false, 'GET', '/engine')).toMatchObject({ kind: 'response', status: 200 });
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 1, signal: null });
      expect(exit.at - signalled).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS);
      expect(exit.at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 30_000);
      expect((await hung.outcome).kind).toBe('reset');
    } finally {
      await server.dispose();
    }
  }, 240_000);

  it('exits with code 1 at once on a second SIGTERM', async () => {
    const SHUTDOWN_TIMEOUT_MS = 600_000;
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    try {
      const hung = halfSentStart(server.port);
      expect(await send(server.port, false, 'GET', '/engine')).toMatchObject({ kind: 'response', status: 200 });
      server.child.kill('SIGTERM');
      await until(() => refusesConnections(server.port), 'the listener to close');
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 1, signal: null });
      // Far below the timeout: the hung request would otherwise hold the process for ten minutes.
      expect(exit.at - signalled).toBeLessThan(60_000);
      expect((await hung.outcome).kind).toBe('reset');
    } finally {
      await server.dispose();
    }
  }, 240_000);
});
