import { INestApplication } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { storage as pinoStorage } from 'nestjs-pino/storage';
import request from 'supertest';
import { version } from '../../package.json';
import { createApp } from '../../src/app.factory';
import { logStarted } from '../../src/common/logging/logging.module';
import type { AppConfig } from '../../src/common/app-config';
import { loadConfig } from '../../src/config/app-config';
import { fixture } from '../support/deploy';
import { databaseLabel, freshTestDatabase } from '../support/test-app';

/** A log destination the test can read: every line pino writes, and a way to wait for one. */
class Sink extends EventEmitter {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
    this.emit('line', line);
  }

  json(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  /** Request lines are written when the response has finished, which the client may see first. */
  next<T>(parse: (line: string) => T | undefined): Promise<T> {
    for (const line of this.lines) {
      const found = parse(line);
      if (found !== undefined) return Promise.resolve(found);
    }
    return new Promise((resolve) => {
      const listener = (line: string) => {
        const found = parse(line);
        if (found === undefined) return;
        this.off('line', listener);
        resolve(found);
      };
      this.on('line', listener);
    });
  }

  nextJson(match: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return this.next((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return match(entry) ? entry : undefined;
    });
  }
}

interface Booted {
  app: INestApplication;
  config: AppConfig;
  sink: Sink;
  close: () => Promise<void>;
}

/** The real app with the configured logger (no level list given, unlike the other e2e tests). */
async function boot(env: Record<string, string>): Promise<Booted> {
  const { url, drop } = await freshTestDatabase();
  const sink = new Sink();
  const config = loadConfig(env, { databaseUrl: url, adminUser: 'demo', adminPassword: 'demo', logDestination: sink });
  const app = await createApp(config);
  await app.init();
  return {
    app,
    config,
    sink,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`structured logs (${databaseLabel()})`, () => {
  describe('LOG_FORMAT=json at LOG_LEVEL info', () => {
    let b: Booted;
    beforeAll(async () => {
      // No job executor: the 5xx case runs a failing job itself.
      b = await boot({ LOG_FORMAT: 'json', JOB_EXECUTOR_ENABLED: 'false' });
    });
    afterAll(() => b.close());
    const api = () => request(b.app.getHttpServer());
    const requestLine = (id: string) => b.sink.nextJson((e) => e.requestId === id && e.msg === 'request completed');

    it('starts without a route dump and says in one line where it listens', () => {
      expect(b.sink.lines.filter((l) => /Mapped|RoutesResolver|RouterExplorer|InstanceLoader/.test(l))).toEqual([]);
      const before = b.sink.lines.length;
      logStarted(b.app, { ...b.config, port: 8123, databaseUrl: 'mysql://engine:s3cret@db:3306/engine' });
      const started = b.sink.json().slice(before);
      expect(started).toHaveLength(1);
      expect(started[0]).toMatchObject({
        level: 'info',
        port: 8123,
        database: 'mysql://engine:***@db:3306/engine',
        basePath: '/engine-rest',
        version,
      });
      expect(b.sink.lines[before]).not.toContain('s3cret');
    });

    it('makes a request id when there is none, returns it and logs one line with method, route, status and duration', async () => {
      const res = await api().get('/engine-rest/engine').expect(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      const line = await requestLine(id);
      expect(line).toEqual({
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        requestId: id,
        method: 'GET',
        route: '/engine-rest/engine',
        status: 200,
        durationMs: expect.any(Number),
        msg: 'request completed',
      });
      expect(b.sink.lines.filter((l) => l.includes(id))).toHaveLength(1);
    });

    it("keeps the caller's X-Request-Id, and replaces one that could forge log lines", async () => {
      const res = await api()
        .get('/engine-rest/engine/default/user/demo/profile')
        .auth('demo', 'demo')
        .set('X-Request-Id', 'trace-42.a')
        .expect(200);
      expect(res.headers['x-request-id']).toBe('trace-42.a');
      expect(await requestLine('trace-42.a')).toMatchObject({
        method: 'GET',
        route: '/engine-rest/user/:id/profile',
        status: 200,
      });

      const forged = await api().get('/engine-rest/engine').set('X-Request-Id', 'x" level=error').expect(200);
      expect(forged.headers['x-request-id']).toMatch(UUID);
      await requestLine(forged.headers['x-request-id']);
    });

    it('gives 401s from the auth guard an id and a warning without stack', async () => {
      const res = await api().get('/engine-rest/user').expect(401);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(await requestLine(id)).toMatchObject({ route: '/engine-rest/user', status: 401 });
      const warning = await b.sink.nextJson((e) => e.requestId === id && e.level === 'warn');
      expect(warning).toMatchObject({ status: 401, msg: 'Authentication required' });
      expect(warning).not.toHaveProperty('err');
    });

    it('logs a 4xx the caller caused as a warning with type and message, no stack', async () => {
      const res = await api().get('/engine-rest/job?sortBy=nope&sortOrder=asc').auth('demo', 'demo').expect(400);
      const id = res.headers['x-request-id'];
      const warning = await b.sink.nextJson((e) => e.requestId === id && e.level === 'warn');
      expect(warning).toMatchObject({
        status: 400,
        type: 'InvalidRequestException',
        msg: res.body.message,
        context: 'CamundaExceptionFilter',
      });
      expect(JSON.stringify(warning)).not.toMatch(/stack|\n\s+at /);
      expect(await requestLine(id)).toMatchObject({ method: 'GET', route: '/engine-rest/job', status: 400 });
    });

    it("binds no request context of nestjs-pino's: the filter's warning takes the request's own logger", async () => {
      const entered = jest.spyOn(pinoStorage, 'run');
      try {
        const res = await api()
          .get('/engine-rest/job?sortBy=nope&sortOrder=asc')
          .auth('demo', 'demo')
          .set('X-Request-Id', 'unbound-1')
          .expect(400);
        expect(await b.sink.nextJson((e) => e.requestId === 'unbound-1' && e.level === 'warn')).toMatchObject({
          msg: res.body.message,
        });
        expect(entered).not.toHaveBeenCalled();
      } finally {
        entered.mockRestore();
      }
    });

    it('logs unknown paths with an id, no route template and a warning', async () => {
      const res = await api().get('/engine-rest/no-such-thing').auth('demo', 'demo').expect(404);
      const id = res.headers['x-request-id'];
      expect(await requestLine(id)).toMatchObject({ route: null, status: 404 });
      expect(await b.sink.nextJson((e) => e.requestId === id && e.level === 'warn')).toMatchObject({
        type: 'NotFoundException',
      });
    });

    it('logs a 5xx as an error with its stack', async () => {
      // A job whose own work fails answers 500 when executed over REST (Camunda's documented answer).
      await api()
        .post('/engine-rest/deployment/create')
        .auth('demo', 'demo')
        .attach('data', fixture('events/async.bpmn'), 'async.bpmn')
        .expect(200);
      const pi = (
        await api()
          .post('/engine-rest/process-definition/key/asyncFailing/start')
          .auth('demo', 'demo')
          .send({})
          .expect(200)
      ).body;
      const [job] = (await api().get(`/engine-rest/job?processInstanceId=${pi.id}`).auth('demo', 'demo').expect(200))
        .body;
      const res = await api().post(`/engine-rest/job/${job.id}/execute`).auth('demo', 'demo').expect(500); // deliberate 500: Camunda answers 500 when the executed job fails
      const id = res.headers['x-request-id'];
      const error = await b.sink.nextJson((e) => e.requestId === id && e.level === 'error');
      expect(error).toMatchObject({ status: 500, type: 'RestException', msg: res.body.message });
      expect(error.error).toMatchObject({ type: expect.any(String), stack: expect.stringMatching(/\n\s+at /) });
      expect(await requestLine(id)).toMatchObject({
        method: 'POST',
        route: '/engine-rest/job/:id/execute',
        status: 500,
      });
    });

    it('logs a duplicate the caller created as a warning: a 409, not our defect', async () => {
      const body = { type: 1, userId: 'ann', resourceType: 16, resourceId: 'dup', permissions: ['READ'] };
      await api().post('/engine-rest/authorization/create').auth('demo', 'demo').send(body).expect(200);
      const res = await api().post('/engine-rest/authorization/create').auth('demo', 'demo').send(body).expect(409);
      const id = res.headers['x-request-id'];
      const warning = await b.sink.nextJson((e) => e.requestId === id && e.level === 'warn');
      expect(warning).toMatchObject({ status: 409, type: 'ProcessEnginePersistenceException', msg: res.body.message });
      expect(warning.error).toBeUndefined();
    });
  });

  describe('LOG_LEVEL=warn', () => {
    let b: Booted;
    beforeAll(async () => {
      b = await boot({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' });
    });
    afterAll(() => b.close());

    it('writes no request lines, only the warnings', async () => {
      const api = () => request(b.app.getHttpServer());
      await api().get('/engine-rest/engine').expect(200);
      await api().get('/engine-rest/no-such-thing').auth('demo', 'demo').set('X-Request-Id', 'first').expect(404);
      await b.sink.nextJson((e) => e.requestId === 'first');
      await api().get('/engine-rest/no-such-thing').auth('demo', 'demo').set('X-Request-Id', 'second').expect(404);
      await b.sink.nextJson((e) => e.requestId === 'second');
      expect(b.sink.json().map((e) => [e.level, e.requestId])).toEqual([
        ['warn', 'first'],
        ['warn', 'second'],
      ]);
    });
  });

  describe('LOG_FORMAT=text', () => {
    let b: Booted;
    beforeAll(async () => {
      b = await boot({ LOG_FORMAT: 'text' });
    });
    afterAll(() => b.close());

    it('writes readable lines, not JSON', async () => {
      const res = await request(b.app.getHttpServer())
        .get('/engine-rest/engine')
        .set('X-Request-Id', 'text-1')
        .expect(200);
      expect(res.headers['x-request-id']).toBe('text-1');
      const line = await b.sink.next((l) => (l.includes('text-1') ? l : undefined));
      expect(line).toMatch(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/engine-rest\/engine 200 \d+ms \{"requestId":"text-1"\}\n$/,
      );
      expect(() => JSON.parse(line)).toThrow();
      logStarted(b.app, b.config);
      expect(b.sink.lines[b.sink.lines.length - 1]).toMatch(
        /INFO: Engine REST API on http:\/\/localhost:8080\/engine-rest \(Swagger UI \/docs\) \{.*"basePath":"\/engine-rest"/,
      );
    });
  });
});
