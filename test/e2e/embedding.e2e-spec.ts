import { Controller, Get, INestApplication, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { Audit, SendEmail, ShippingWorker } from '../../examples/nest-host/src/orders';
import { HostModule } from '../../examples/nest-host/src/host.module';
import { DataSource, DataSourceOptions } from 'typeorm';
import {
  DelegateTask,
  ENGINE_ENTITIES,
  ENGINE_MIGRATIONS,
  EngineModule,
  ExternalTaskSubscription,
  ProcessDelegate,
  ProcessEngine,
} from '../../src';
import { connectionOptions } from '../../src/persistence/database-url';
import { databaseLabel, freshTestDatabase } from '../support/test-app';

const ORDER_BPMN = readFileSync(path.join(__dirname, '../../examples/nest-host/src/order.bpmn'));
const ENGINE = '/engine-rest';

async function endedIn(app: INestApplication, processInstanceId: string): Promise<string[]> {
  const res = await request(app.getHttpServer())
    .get(`${ENGINE}/history/activity-instance?processInstanceId=${processInstanceId}&activityType=noneEndEvent`)
    .auth('demo', 'demo')
    .expect(200);
  return res.body.map((a: { activityId: string }) => a.activityId);
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function deploy(app: INestApplication, name: string, xml: Buffer | string) {
  return request(app.getHttpServer())
    .post(`${ENGINE}/deployment/create`)
    .auth('demo', 'demo')
    .field('deployment-name', name)
    .attach('data', Buffer.isBuffer(xml) ? xml : Buffer.from(xml), `${name}.bpmn`);
}

function serviceProcess(key: string, task: string, extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    <serviceTask id="work" ${task} />
    <sequenceFlow id="f2" sourceRef="work" targetRef="wait" />
    <receiveTask id="wait" />
    <sequenceFlow id="f3" sourceRef="wait" targetRef="end" />
    <endEvent id="end" />${extra}
  </process>
</definitions>`;
}

/** A delegate registered under a Java class name, failing as long as it is told to. */
@Injectable()
@ProcessDelegate('com.acme.Flaky')
class Flaky {
  failures = 0;
  calls = 0;
  execute(execution: { setVariable?: (n: string, v: unknown) => void }): void {
    this.calls++;
    if (this.failures > 0) {
      this.failures--;
      throw new Error('flaky failed');
    }
    execution.setVariable?.('flakyDone', true);
  }
}

/** Task listeners of the host: one assigns the task it is told about, one records completions (async). */
@Injectable()
@ProcessDelegate('assignReviewer')
class AssignReviewer {
  notify(task: DelegateTask): void {
    if (task.getVariable('reject') === true) throw new Error('no reviewer for this one');
    task.setAssignee(`reviewer-of-${task.execution?.processBusinessKey ?? 'none'}`);
    task.setVariable('assignedBy', `${task.eventName}:${task.name}`);
  }
}

@Injectable()
@ProcessDelegate('com.acme.ReviewAudit')
class ReviewAudit {
  readonly completed: string[] = [];
  async notify(task: DelegateTask): Promise<void> {
    await new Promise((r) => setTimeout(r, 5));
    this.completed.push(`${task.taskDefinitionKey}:${task.assignee}`);
  }
}

const REVIEW = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" targetNamespace="t">
  <process id="review" isExecutable="true" camunda:historyTimeToLive="P1D">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" name="Check order">
      <extensionElements>
        <camunda:taskListener event="create" delegateExpression="\${assignReviewer}" />
        <camunda:taskListener event="complete" class="com.acme.ReviewAudit" />
      </extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="check" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

describe(`embedding in a Nest application (${databaseLabel()})`, () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  const api = () => request(app.getHttpServer());

  @Module({ providers: [Flaky, AssignReviewer, ReviewAudit] })
  class ExtraModule {}

  beforeAll(async () => {
    const db = await freshTestDatabase();
    drop = db.drop;
    const host = HostModule.forRoot({ database: { url: db.url }, jobExecutor: { pollMs: 100 } });
    host.imports = [...(host.imports ?? []), ExtraModule];
    app = await NestFactory.create(host, { bodyParser: false, logger: ['error'] });
    app.use('/orders', express.json({ limit: 64 }));
    await app.init();
    await deploy(app, 'order', ORDER_BPMN).expect(200);
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('keeps the host route as the host made it: no engine auth, its own body limit and error filter', async () => {
    await api().get('/orders/ping').expect(200, { ok: true });
    const refused = await api().post('/orders').send({}).expect(422);
    expect(refused.body).toEqual({ rejected: 'customer missing' });
    const large = await api()
      .post('/orders')
      .send({ customer: 'x'.repeat(200) })
      .expect(413);
    expect(large.body.type).toBeUndefined();
  });

  it('answers the engine routes under the base path with basic auth and Camunda errors', async () => {
    await api().get(`${ENGINE}/process-definition`).expect(401);
    await api().get(`${ENGINE}/engine/default/process-definition/key/order`).auth('demo', 'demo').expect(200);
    const missing = await api().get(`${ENGINE}/process-definition/nope`).auth('demo', 'demo').expect(404);
    expect(missing.body.type).toBe('InvalidRequestException');
    const bad = await api()
      .post(`${ENGINE}/message`)
      .auth('demo', 'demo')
      .set('Content-Type', 'application/json')
      .send('{nope')
      .expect(400);
    expect(bad.body).toEqual({ type: 'InvalidRequestException', message: '', code: null });
  });

  it('runs an order to its end: bean method expression, async delegate, listeners and the in-process worker', async () => {
    const audit = app.get(Audit);
    const mail = app.get(SendEmail);
    const res = await api().post('/orders').send({ customer: 'ann@example.com', amount: 21 }).expect(201);
    const id = res.body.processInstanceId as string;
    const history = await waitFor(async () => {
      const h = await api().get(`${ENGINE}/history/process-instance/${id}`).auth('demo', 'demo').expect(200);
      return h.body.state === 'COMPLETED' ? h.body : null;
    });
    expect(await endedIn(app, id)).toEqual(['end']);
    expect(mail.sent).toContain('ann@example.com');
    expect(audit.events).toEqual(expect.arrayContaining(['start:null', 'end:mail']));
    const details = await api()
      .get(`${ENGINE}/history/detail?processInstanceId=${id}&variableUpdates=true`)
      .auth('demo', 'demo')
      .expect(200);
    const byName = Object.fromEntries(
      details.body.map((v: { variableName: string; value: unknown }) => [v.variableName, v.value]),
    );
    expect(byName).toMatchObject({ reserved: 42, mailed: true, shipped: true, reservedFor: history.businessKey });
  });

  it('catches a BpmnError thrown by a delegate on its error boundary event', async () => {
    const res = await api().post('/orders').send({ customer: 'nobody' }).expect(201);
    const h = await api()
      .get(`${ENGINE}/history/process-instance/${res.body.processInstanceId}`)
      .auth('demo', 'demo')
      .expect(200);
    expect(h.body.state).toBe('COMPLETED');
    expect(await endedIn(app, res.body.processInstanceId)).toEqual(['unmailable']);
  });

  it('rolls the whole command back when a delegate throws: no instance, a 500 over REST', async () => {
    const before = (await api().get(`${ENGINE}/history/process-instance/count`).auth('demo', 'demo').expect(200)).body
      .count;
    const res = await api()
      .post(`${ENGINE}/process-definition/key/order/start`)
      .auth('demo', 'demo')
      .send({ variables: { customer: { value: 'crash' }, amount: { value: 1 } } })
      .expect(500); // deliberate 500: the host delegate threw, not the caller
    expect(res.body.message).toContain('mail server down');
    expect(
      (await api().get(`${ENGINE}/history/process-instance/count`).auth('demo', 'demo').expect(200)).body.count,
    ).toBe(before);
  });

  it('calls camunda:class delegates registered under the class name; asynchronous ones fail as jobs and are retried', async () => {
    const flaky = app.get(Flaky);
    flaky.failures = 1;
    await deploy(
      app,
      'flaky',
      serviceProcess(
        'flaky',
        'camunda:class="com.acme.Flaky" camunda:asyncBefore="true" camunda:failedJobRetryTimeCycle="R3/PT0S"',
      ),
    ).expect(200);
    const started = await api()
      .post(`${ENGINE}/process-definition/key/flaky/start`)
      .auth('demo', 'demo')
      .send({})
      .expect(200);
    await waitFor(async () => {
      const a = await api()
        .get(`${ENGINE}/process-instance/${started.body.id}/activity-instances`)
        .auth('demo', 'demo')
        .expect(200);
      return a.body.childActivityInstances.some((c: { activityId: string }) => c.activityId === 'wait');
    });
    expect(flaky.calls).toBe(2);
    const v = await api()
      .get(`${ENGINE}/process-instance/${started.body.id}/variables/flakyDone`)
      .auth('demo', 'demo')
      .expect(200);
    expect(v.body.value).toBe(true);
  });

  it('refuses at deployment a model naming a delegate no provider registers, naming it', async () => {
    const res = await deploy(
      app,
      'unknown',
      serviceProcess('unknown', 'camunda:delegateExpression="${chargeCard}"'),
    ).expect(400);
    expect(res.body.type).toBe('ParseException');
    expect(res.body.message).toContain("'chargeCard'");
    const cls = await deploy(app, 'unknown2', serviceProcess('unknown2', 'camunda:class="com.acme.Nope"')).expect(400);
    expect(cls.body.message).toContain("'com.acme.Nope'");
  });

  it('shares a topic between the in-process worker and a REST worker without handling a task twice', async () => {
    const worker = app.get(ShippingWorker);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (
          await api()
            .post('/orders')
            .send({ customer: `c${i}@x`, amount: i })
            .expect(201)
        ).body.processInstanceId,
      );
    const restHandled: string[] = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const locked = await api()
        .post(`${ENGINE}/external-task/fetchAndLock`)
        .auth('demo', 'demo')
        .send({ workerId: 'rest', maxTasks: 1, topics: [{ topicName: 'ship', lockDuration: 10000 }] })
        .expect(200);
      for (const t of locked.body) {
        restHandled.push(t.id);
        await api()
          .post(`${ENGINE}/external-task/${t.id}/complete`)
          .auth('demo', 'demo')
          .send({ workerId: 'rest' })
          .expect(204);
      }
      const open = await api().get(`${ENGINE}/process-instance/count`).auth('demo', 'demo').expect(200);
      if (open.body.count === 1) break; // the flaky test's instance waits in its receive task
    }
    const all = [...restHandled, ...worker.handled];
    expect(new Set(all).size).toBe(all.length);
    for (const id of ids) {
      const h = await api().get(`${ENGINE}/history/process-instance/${id}`).auth('demo', 'demo').expect(200);
      expect(h.body.state).toBe('COMPLETED');
    }
  });

  it('calls the host task listeners: notify(task) on create (delegateExpression) and complete (class), inside the command', async () => {
    await deploy(app, 'review', REVIEW).expect(200);
    const started = await api()
      .post(`${ENGINE}/process-definition/key/review/start`)
      .auth('demo', 'demo')
      .send({ businessKey: 'o-7' })
      .expect(200);
    const [task] = (
      await api().get(`${ENGINE}/task?processInstanceId=${started.body.id}`).auth('demo', 'demo').expect(200)
    ).body;
    expect(task.assignee).toBe('reviewer-of-o-7');
    const by = await api()
      .get(`${ENGINE}/process-instance/${started.body.id}/variables/assignedBy`)
      .auth('demo', 'demo')
      .expect(200);
    expect(by.body.value).toBe('create:Check order');
    await api().post(`${ENGINE}/task/${task.id}/complete`).auth('demo', 'demo').send({}).expect(204);
    expect(app.get(ReviewAudit).completed).toEqual(['check:reviewer-of-o-7']);
    expect(
      (await api().get(`${ENGINE}/history/process-instance/${started.body.id}`).auth('demo', 'demo').expect(200)).body
        .state,
    ).toBe('COMPLETED');

    const before = (await api().get(`${ENGINE}/history/process-instance/count`).auth('demo', 'demo').expect(200)).body
      .count;
    // The host's own code failed (not the caller): Camunda's 500 for an exception from a delegate, and nothing
    // committed.
    const failed = await api()
      .post(`${ENGINE}/process-definition/key/review/start`)
      .auth('demo', 'demo')
      .send({ variables: { reject: { value: true, type: 'Boolean' } } })
      .expect(500); // deliberate 500: the host delegate threw, not the caller
    expect(failed.body.message).toContain('no reviewer for this one');
    expect(
      (await api().get(`${ENGINE}/history/process-instance/count`).auth('demo', 'demo').expect(200)).body.count,
    ).toBe(before);

    const unknown = await deploy(
      app,
      'review2',
      REVIEW.replace('com.acme.ReviewAudit', 'com.acme.Nope').replace('id="review"', 'id="review2"'),
    ).expect(400);
    expect(unknown.body.message).toContain("'com.acme.Nope'");
  });
});

describe(`EngineModule without a REST API, options from forRootAsync (${databaseLabel()})`, () => {
  it('boots with a factory and gives the host the engine and its in-process workers', async () => {
    const db = await freshTestDatabase();
    const seen: string[] = [];

    @Injectable()
    class Worker {
      @ExternalTaskSubscription('solo')
      async handle(task: { id: string }, service: { complete: (t: unknown) => Promise<void> }): Promise<void> {
        seen.push(task.id);
        await service.complete(task);
      }
    }

    @Module({ providers: [{ provide: 'DB_URL', useValue: db.url }], exports: ['DB_URL'] })
    class HostConfigModule {}

    @Module({
      imports: [
        EngineModule.forRootAsync({
          basePath: false,
          imports: [HostConfigModule],
          inject: ['DB_URL'],
          useFactory: (url: string) => ({ database: { url }, historyLevel: 'audit', jobExecutor: false }),
        }),
      ],
      providers: [Worker],
    })
    class Host {}

    const app = await NestFactory.create(Host, { logger: ['error'] });
    await app.init();
    try {
      const engine = app.get(ProcessEngine);
      expect(engine.options.historyLevel).toBe('audit');
      expect(engine.options.jobExecutorEnabled).toBe(false);
      await request(app.getHttpServer()).get(`${ENGINE}/process-definition`).expect(404);
      await engine.repository.deploy(null, {
        name: 'solo',
        source: null,
        tenantId: null,
        enableDuplicateFiltering: false,
        deployChangedOnly: false,
        activationTime: null,
        resources: [
          {
            name: 'solo.bpmn',
            bytes: Buffer.from(serviceProcess('solo', 'camunda:type="external" camunda:topic="solo"')),
          },
        ],
      });
      await engine.runtime.startProcessInstance(null, { key: 'solo' });
      await waitFor(async () => seen.length === 1);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});

describe(`EngineModule on the host's own DataSource (${databaseLabel()})`, () => {
  it("brings the host's DataSource up to the engine's schema and leaves it open at shutdown", async () => {
    const db = await freshTestDatabase();
    const ds = new DataSource({
      ...connectionOptions(db.url),
      entities: [...ENGINE_ENTITIES],
      migrations: [...ENGINE_MIGRATIONS],
    } as DataSourceOptions);
    await ds.initialize();

    @Module({ imports: [EngineModule.forRoot({ database: { dataSource: ds }, basePath: false })] })
    class Host {}

    const app = await NestFactory.create(Host, { logger: ['error'] });
    await app.init();
    try {
      const engine = app.get(ProcessEngine);
      expect(engine.dataSource).toBe(ds);
      expect(await engine.identity.authenticate('demo', 'demo')).toBeTruthy();
      await app.close();
      expect(ds.isInitialized).toBe(true);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});

describe(`EngineModule at a base path of the host's choosing, without auth (${databaseLabel()})`, () => {
  it('answers there, with the engine-name prefix and links below it', async () => {
    const db = await freshTestDatabase();

    @Controller('shop')
    class ShopController {
      @Get()
      list() {
        return [];
      }
    }

    @Module({
      imports: [
        EngineModule.forRoot({
          basePath: 'api/camunda/',
          auth: 'none',
          swagger: { path: 'engine-docs' },
          database: { url: db.url },
          jobExecutor: false,
        }),
      ],
      controllers: [ShopController],
    })
    class Host {}

    const app = await NestFactory.create(Host, { bodyParser: false, logger: ['error'] });
    await app.init();
    try {
      const server = app.getHttpServer();
      const res = await request(server)
        .post('/api/camunda/engine/default/deployment/create')
        .field('deployment-name', 'x')
        .attach('data', Buffer.from(serviceProcess('x', 'camunda:type="external" camunda:topic="x"')), 'x.bpmn')
        .expect(200);
      expect(res.body.links[0].href).toMatch(/\/api\/camunda\/engine\/default\/deployment\//);
      await request(server).get('/api/camunda/deployment/count').expect(200, { count: 1 });
      await request(server).get(`${ENGINE}/deployment/count`).expect(404);
      // the swagger option: the engine's routes under its base path, not the host's
      const docs = await request(server).get('/engine-docs-json').expect(200);
      const paths = Object.keys(docs.body.paths);
      expect(paths).toEqual(
        expect.arrayContaining(['/api/camunda/deployment/count', '/api/camunda/external-task/fetchAndLock']),
      );
      expect(paths.filter((p) => !p.startsWith('/api/camunda/'))).toEqual([]);
      // Camunda's operationIds below the host's base path too
      expect(docs.body.paths['/api/camunda/deployment/count'].get.operationId).toBe('getDeploymentsCount');
      expect((await request(server).get('/engine-docs').expect(200)).text).toContain('swagger-ui');
      await request(server).get('/shop').expect(200, []);
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
