import { createTestApp, databaseLabel, TestApp } from '../support/test-app';
import {
  deployExternalTaskFixtures,
  fetch,
  start,
  startWorkerFlow,
  tasksOf,
} from '../fixtures/external-task/external-task-fixtures';

/** A worker's operations on one task: complete, failure, bpmnError, lock, extendLock, unlock, retries, priority. */
describe(`external task worker operations (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployExternalTaskFixtures(t);
  });
  afterAll(() => t.close());

  const post = (path: string, body?: object) => t.as('demo').post(`/external-task/${path}`).send(body);
  /** Activity ids of the instance's history, sorted (start times tie within a millisecond). */
  const activities = async (pi: string) =>
    (
      (
        await t
          .as('demo')
          .get(`/history/activity-instance?processInstanceId=${pi}&sortBy=startTime&sortOrder=asc`)
          .expect(200)
      ).body as any[]
    )
      .map((a) => a.activityId)
      .sort();
  const instanceEnded = async (pi: string) => (await t.as('demo').get(`/process-instance/${pi}`)).status === 404;
  /** A fresh instance with its Charge task locked by `worker`. */
  const lockedCharge = async (worker = 'w1', lockDuration = 60000) => {
    const key = `bk-${Math.random().toString(36).slice(2)}`;
    const pi = await startWorkerFlow(t, 0, key);
    const [task] = await fetch(t, worker, [{ topicName: 'charge', businessKey: key, lockDuration }]);
    return { pi, task, key };
  };

  describe('complete', () => {
    it('continues the process with the variables', async () => {
      const { pi, task, key } = await lockedCharge();
      await post(`${task.id}/complete`, {
        workerId: 'w1',
        variables: { receipt: { value: 'R-1', type: 'String' } },
        localVariables: { note: { value: 'local', type: 'String' } },
      }).expect(204);
      const [ship] = await fetch(t, 'w1', [{ topicName: 'ship', businessKey: key }]);
      expect(ship.processInstanceId).toBe(pi);
      expect(ship.variables.receipt).toEqual({ type: 'String', value: 'R-1', valueInfo: {} });
      await post(`${ship.id}/complete`, { workerId: 'w1' }).expect(204);
      expect(await instanceEnded(pi)).toBe(true);
      expect(await activities(pi)).toEqual(['Charge', 'Done', 'Ship', 'Start']);
      await t.as('demo').get(`/external-task/${task.id}`).expect(404);
    });

    it('checks the worker, not the lock expiry', async () => {
      const { task } = await lockedCharge('w1', 1);
      const wrong = await post(`${task.id}/complete`, { workerId: 'w2' }).expect(400);
      expect(wrong.body).toEqual({
        type: 'RestException',
        message: `External Task ${task.id} cannot be completed by worker 'w2'. It is locked by worker 'w1'.`,
        code: null,
      });
      await new Promise((r) => setTimeout(r, 10));
      await post(`${task.id}/complete`, { workerId: 'w1' }).expect(204);
    });

    it('rejects unlocked tasks, unknown tasks and missing workers', async () => {
      const { task } = await lockedCharge();
      await post(`${task.id}/unlock`).expect(204);
      const unlocked = await post(`${task.id}/complete`, { workerId: 'w1' }).expect(400);
      expect(unlocked.body.message).toBe(
        `External Task ${task.id} cannot be completed by worker 'w1'. It is locked by worker 'null'.`,
      );
      const missing = await post('nope/complete', { workerId: 'w1' }).expect(404);
      expect(missing.body).toEqual({
        type: 'RestException',
        message: 'External task with id nope does not exist',
        code: null,
      });
      const noWorker = await post(`${task.id}/complete`, {}).expect(400);
      expect(noWorker.body).toMatchObject({ type: 'NullValueException', message: 'workerId is null' });
      await post(`${task.id}/complete`, { workerId: 'w1', variables: { x: { value: 'a', type: 'Integer' } } }).expect(
        400,
      );
    });
  });

  describe('bpmnError', () => {
    it('is caught by the boundary error event, with code and message in variables', async () => {
      const { pi, task } = await lockedCharge();
      await post(`${task.id}/bpmnError`, {
        workerId: 'w1',
        errorCode: 'DECLINED',
        errorMessage: 'card declined',
        variables: { reason: { value: 'limit', type: 'String' } },
      }).expect(204);
      expect(await instanceEnded(pi)).toBe(true);
      expect(await activities(pi)).toEqual(['Charge', 'Declined', 'DeclinedBoundary', 'Start']);
      const details = (await t.as('demo').get(`/history/detail?processInstanceId=${pi}`).expect(200)).body as any[];
      const value = (name: string) => details.find((d) => d.variableName === name)?.value;
      expect([value('errorCode'), value('errorMessage'), value('reason')]).toEqual([
        'DECLINED',
        'card declined',
        'limit',
      ]);
    });

    it('is caught around a sub-process; an uncaught error ends the execution', async () => {
      const pi = await start(t, 'scoped-task', {}, 'bpmn-sub');
      const [task] = await fetch(t, 'w1', [{ topicName: 'scoped', businessKey: 'bpmn-sub' }]);
      await post(`${task.id}/bpmnError`, { workerId: 'w1', errorCode: 'MAPPED' }).expect(204);
      expect(await activities(pi)).toContain('ErrorEnd');
      const { pi: other, task: uncaught } = await lockedCharge();
      await post(`${uncaught.id}/bpmnError`, { workerId: 'w1', errorCode: 'UNKNOWN' }).expect(204);
      expect(await instanceEnded(other)).toBe(true);
      expect(await activities(other)).not.toContain('Declined');
    });

    it('rejects a wrong worker, a missing code and unknown tasks', async () => {
      const { task } = await lockedCharge();
      const wrong = await post(`${task.id}/bpmnError`, { workerId: 'w2', errorCode: 'DECLINED' }).expect(400);
      expect(wrong.body).toEqual({
        type: 'RestException',
        message: `Bpmn error of External Task ${task.id} cannot be reported by worker 'w2'. It is locked by worker 'w1'.`,
        code: null,
      });
      const noCode = await post(`${task.id}/bpmnError`, { workerId: 'w1' }).expect(400);
      expect(noCode.body).toMatchObject({ type: 'NullValueException', message: 'errorCode is null' });
      await post('nope/bpmnError', { workerId: 'w1', errorCode: 'X' }).expect(404);
    });
  });

  describe('failure', () => {
    it('stores the error, keeps the worker, delays refetching and opens an incident at zero retries', async () => {
      const { pi, task, key } = await lockedCharge();
      const longMessage = 'x'.repeat(700);
      await post(`${task.id}/failure`, {
        workerId: 'w1',
        errorMessage: longMessage,
        errorDetails: 'details',
        retries: 0,
        retryTimeout: 0,
      }).expect(204);
      const stored = (await t.as('demo').get(`/external-task/${task.id}`).expect(200)).body;
      expect(stored).toMatchObject({ retries: 0, workerId: 'w1', errorMessage: 'x'.repeat(666) });
      expect(await fetch(t, 'w2', [{ topicName: 'charge', businessKey: key }])).toEqual([]);
      const incidents = (await t.as('demo').get(`/incident?configuration=${task.id}`).expect(200)).body;
      expect(incidents).toEqual([
        {
          id: expect.any(String),
          processDefinitionId: task.processDefinitionId,
          processInstanceId: pi,
          executionId: task.executionId,
          incidentTimestamp: expect.any(String),
          incidentType: 'failedExternalTask',
          activityId: 'Charge',
          failedActivityId: 'Charge',
          causeIncidentId: incidents[0].id,
          rootCauseIncidentId: incidents[0].id,
          configuration: task.id,
          tenantId: null,
          incidentMessage: 'x'.repeat(666),
          jobDefinitionId: null,
          annotation: null,
        },
      ]);
      expect(
        (await t.as('demo').get(`/incident/count?processInstanceId=${pi}&incidentType=failedExternalTask`).expect(200))
          .body,
      ).toEqual({ count: 1 });
      const resolve = await t.as('demo').delete(`/incident/${incidents[0].id}`).expect(400);
      expect(resolve.body.message).toBe('Cannot resolve an incident of type failedExternalTask');

      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 2 }).expect(204);
      expect((await t.as('demo').get(`/incident?configuration=${task.id}`).expect(200)).body).toEqual([]);
      const [again] = await fetch(t, 'w2', [{ topicName: 'charge', businessKey: key }]);
      expect(again).toMatchObject({ id: task.id, retries: 2, errorDetails: 'details' });
    });

    it('sets variables and lets an error mapping turn the failure into a BPMN error', async () => {
      const pi = await start(t, 'scoped-task', {}, 'fail-map');
      const [task] = await fetch(t, 'w1', [{ topicName: 'scoped', businessKey: 'fail-map' }]);
      await post(`${task.id}/failure`, {
        workerId: 'w1',
        errorMessage: 'soft',
        retries: 3,
        variables: { attempt: { value: 1, type: 'Integer' } },
      }).expect(204);
      const [again] = await fetch(t, 'w1', [{ topicName: 'scoped', businessKey: 'fail-map' }]);
      expect(again.variables.attempt.value).toBe(1);
      await post(`${again.id}/failure`, {
        workerId: 'w1',
        errorMessage: 'hard',
        retries: 3,
        variables: { mapToError: { value: true, type: 'Boolean' } },
      }).expect(204);
      expect(await activities(pi)).toContain('ErrorEnd');
      expect(await tasksOf(t, pi)).toEqual([]);
    });

    it('rejects a wrong worker and negative numbers', async () => {
      const { task } = await lockedCharge();
      const wrong = await post(`${task.id}/failure`, { workerId: 'w2', retries: 1 }).expect(400);
      expect(wrong.body).toEqual({
        type: 'RestException',
        message: `Failure of External Task ${task.id} cannot be reported by worker 'w2'. It is locked by worker 'w1'.`,
        code: null,
      });
      const retries = await post(`${task.id}/failure`, { workerId: 'w1', retries: -1 }).expect(400);
      expect(retries.body).toMatchObject({
        type: 'ProcessEngineException',
        message: 'retries is not greater than or equal to 0',
      });
      const timeout = await post(`${task.id}/failure`, { workerId: 'w1', retries: 1, retryTimeout: -1 }).expect(400);
      expect(timeout.body.message).toBe('retryDuration is not greater than or equal to 0');
      await post('nope/failure', { workerId: 'w1' }).expect(404);
    });
  });

  describe('lock, extendLock, unlock', () => {
    it('locks an unlocked or expired task, or relocks one of the same worker', async () => {
      const { task, key } = await lockedCharge('w1', 60000);
      const taken = await post(`${task.id}/lock`, { workerId: 'w2', lockDuration: 1000 }).expect(400);
      expect(taken.body).toEqual({
        type: 'RestException',
        message: `External Task ${task.id} cannot be locked by worker 'w2'. It is locked by worker 'w1'.`,
        code: null,
      });
      await post(`${task.id}/lock`, { workerId: 'w1', lockDuration: 1 }).expect(204);
      await new Promise((r) => setTimeout(r, 10));
      await post(`${task.id}/lock`, { workerId: 'w2', lockDuration: 60000 }).expect(204);
      expect((await t.as('demo').get(`/external-task/${task.id}`).expect(200)).body.workerId).toBe('w2');
      expect(await fetch(t, 'w3', [{ topicName: 'charge', businessKey: key }])).toEqual([]);
      const zero = await post(`${task.id}/lock`, { workerId: 'w2', lockDuration: 0 }).expect(400);
      expect(zero.body).toEqual({ type: 'RestException', message: 'lockDuration is not greater than 0', code: null });
      await post('nope/lock', { workerId: 'w2', lockDuration: 10 }).expect(404);
    });

    it('extends only a live lock of the same worker', async () => {
      const { task } = await lockedCharge('w1', 60000);
      const wrong = await post(`${task.id}/extendLock`, { workerId: 'w2', newDuration: 1000 }).expect(400);
      expect(wrong.body.message).toBe(
        `The lock of the External Task ${task.id} cannot be extended by worker 'w2''. It is locked by worker 'w1'.`,
      );
      const zero = await post(`${task.id}/extendLock`, { workerId: 'w1', newDuration: 0 }).expect(400);
      expect(zero.body).toEqual({ type: 'RestException', message: 'lockTime is not greater than 0', code: null });
      await post(`${task.id}/extendLock`, { workerId: 'w1', newDuration: 600000 }).expect(204);
      const extended = Date.parse(
        (await t.as('demo').get(`/external-task/${task.id}`)).body.lockExpirationTime.replace('+0000', 'Z'),
      );
      expect(extended).toBeGreaterThan(Date.now() + 500000);
      await post(`${task.id}/lock`, { workerId: 'w1', lockDuration: 1 }).expect(204);
      await new Promise((r) => setTimeout(r, 10));
      const expired = await post(`${task.id}/extendLock`, { workerId: 'w1', newDuration: 1000 }).expect(400);
      expect(expired.body.message).toMatch(
        /^Cannot extend a lock that expired: lockExpirationTime is not greater than or equal to \d{13}$/,
      );
      await post('nope/extendLock', { workerId: 'w1', newDuration: 10 }).expect(404);
    });

    it('unlocks without a body and makes the task fetchable', async () => {
      const { task, key } = await lockedCharge();
      await t.as('demo').post(`/external-task/${task.id}/unlock`).expect(204);
      expect((await t.as('demo').get(`/external-task/${task.id}`).expect(200)).body).toMatchObject({
        workerId: null,
        lockExpirationTime: null,
      });
      expect(await fetch(t, 'w2', [{ topicName: 'charge', businessKey: key }])).toHaveLength(1);
      const missing = await t.as('demo').post('/external-task/nope/unlock').expect(404);
      expect(missing.body.message).toBe('External task with id nope does not exist');
    });
  });

  describe('retries and priority', () => {
    it('sets the retries of one task', async () => {
      const { task } = await lockedCharge();
      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 5 }).expect(204);
      expect((await t.as('demo').get(`/external-task/${task.id}`)).body.retries).toBe(5);
      const noValue = await t.as('demo').put(`/external-task/${task.id}/retries`).send({}).expect(400);
      expect(noValue.body).toEqual({
        type: 'InvalidRequestException',
        message: 'The number of retries cannot be null.',
        code: null,
      });
      const negative = await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: -1 }).expect(400);
      expect(negative.body).toEqual({
        type: 'BadUserRequestException',
        message: 'The number of retries cannot be negative: retries is not greater than or equal to 0',
        code: 0,
      });
      const missing = await t.as('demo').put('/external-task/nope/retries').send({ retries: 1 }).expect(404);
      expect(missing.body).toEqual({
        type: 'RestException',
        message: 'External task with id nope does not exist',
        code: null,
      });
      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 0 }).expect(204);
      expect((await t.as('demo').get(`/incident?configuration=${task.id}`)).body).toHaveLength(1);
    });

    it('sets the priority', async () => {
      const { task } = await lockedCharge();
      await t.as('demo').put(`/external-task/${task.id}/priority`).send({ priority: 99 }).expect(204);
      expect((await t.as('demo').get(`/external-task/${task.id}`)).body.priority).toBe(99);
      await t.as('demo').put('/external-task/nope/priority').send({ priority: 1 }).expect(404);
      await t.as('demo').put(`/external-task/${task.id}/priority`).send({}).expect(400);
    });

    it('sets the retries of many tasks by ids, instances and queries', async () => {
      const a = await lockedCharge();
      const b = await lockedCharge();
      const c = await lockedCharge();
      const retries = async (task: any) => (await t.as('demo').get(`/external-task/${task.id}`)).body.retries;
      await t
        .as('demo')
        .put('/external-task/retries')
        .send({ externalTaskIds: [a.task.id], processInstanceIds: [b.pi], retries: 4 })
        .expect(204);
      expect([await retries(a.task), await retries(b.task), await retries(c.task)]).toEqual([4, 4, null]);
      await t
        .as('demo')
        .put('/external-task/retries')
        .send({ externalTaskQuery: { processInstanceId: c.pi }, retries: 6 })
        .expect(204);
      expect(await retries(c.task)).toBe(6);
      await t
        .as('demo')
        .put('/external-task/retries')
        .send({ processInstanceQuery: { businessKey: a.key }, retries: 7 })
        .expect(204);
      expect(await retries(a.task)).toBe(7);
      await t
        .as('demo')
        .put('/external-task/retries')
        .send({ historicProcessInstanceQuery: { processInstanceBusinessKey: b.key }, retries: 8 })
        .expect(204);
      expect(await retries(b.task)).toBe(8);
    });

    it('rejects bulk requests as Camunda does', async () => {
      const { task } = await lockedCharge();
      const put = (body: object) => t.as('demo').put('/external-task/retries').send(body);
      expect((await put({ externalTaskIds: [task.id] }).expect(400)).body.message).toBe(
        'The number of retries cannot be null.',
      );
      expect((await put({ externalTaskIds: [], retries: 1 }).expect(400)).body).toEqual({
        type: 'InvalidRequestException',
        message: 'externalTaskIds is empty',
        code: null,
      });
      expect((await put({ externalTaskIds: [task.id, null], retries: 1 }).expect(400)).body.message).toBe(
        'External task id cannot be null: externalTaskIds contains null value',
      );
      expect((await put({ externalTaskIds: ['nope'], retries: 1 }).expect(404)).body).toEqual({
        type: 'InvalidRequestException',
        message: 'Cannot find external task with id nope: externalTask is null',
        code: null,
      });
      expect((await put({ processInstanceQuery: { variables: [] }, retries: 1 }).expect(400)).body.message).toMatch(
        /does not support variables/,
      );
    });

    it('answers retries-async with a set-external-task-retries batch that the job executor then runs', async () => {
      const { task } = await lockedCharge();
      const res = await t
        .as('demo')
        .post('/external-task/retries-async')
        .send({ externalTaskIds: [task.id], retries: 9 })
        .expect(200);
      expect(res.body).toEqual({
        id: expect.any(String),
        type: 'set-external-task-retries',
        totalJobs: 1,
        jobsCreated: 0,
        batchJobsPerSeed: 100,
        invocationsPerBatchJob: 1,
        seedJobDefinitionId: expect.any(String),
        monitorJobDefinitionId: expect.any(String),
        batchJobDefinitionId: expect.any(String),
        suspended: false,
        tenantId: null,
        createUserId: 'demo',
        startTime: expect.any(String),
        executionStartTime: null,
      });
      const deadline = Date.now() + 10_000;
      while ((await t.as('demo').get(`/external-task/${task.id}`)).body.retries !== 9 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await t.as('demo').get(`/external-task/${task.id}`)).body.retries).toBe(9);
      await t.as('demo').post('/external-task/retries-async').send({ retries: 1 }).expect(400);
    });
  });

  describe('incidents', () => {
    it('lists, counts, gets, annotates and resolves custom incidents', async () => {
      const { task } = await lockedCharge();
      await t.as('demo').put(`/external-task/${task.id}/retries`).send({ retries: 0 }).expect(204);
      const [incident] = (await t.as('demo').get(`/incident?configuration=${task.id}`).expect(200)).body;
      expect((await t.as('demo').get(`/incident/${incident.id}`).expect(200)).body).toEqual(incident);
      expect((await t.as('demo').get('/incident/nope').expect(404)).body.message).toBe(
        'No matching incident with id nope',
      );
      await t.as('demo').put(`/incident/${incident.id}/annotation`).send({ annotation: 'looking into it' }).expect(204);
      expect((await t.as('demo').get(`/incident/${incident.id}`)).body.annotation).toBe('looking into it');
      await t.as('demo').delete(`/incident/${incident.id}/annotation`).expect(204);
      expect((await t.as('demo').get(`/incident/${incident.id}`)).body.annotation).toBeNull();
      expect(
        (
          await t
            .as('demo')
            .get('/incident?sortBy=incidentTimestamp&sortOrder=desc&incidentType=failedExternalTask')
            .expect(200)
        ).body.length,
      ).toBeGreaterThan(0);
      await t.as('demo').get('/incident?sortBy=nope&sortOrder=desc').expect(400);
      expect((await t.as('demo').delete('/incident/nope').expect(404)).body.message).toBe(
        "Cannot find an incident with id 'nope': incident is null",
      );

      const custom = await t
        .as('demo')
        .post(`/execution/${task.executionId}/create-incident`)
        .send({ incidentType: 'custom', configuration: 'cfg', message: 'manual' })
        .expect(200);
      await t.as('demo').delete(`/incident/${custom.body.id}`).expect(204);
      await t.as('demo').get(`/incident/${custom.body.id}`).expect(404);
    });
  });
});
