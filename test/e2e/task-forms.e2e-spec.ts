import { deploy } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="formDefs" targetNamespace="http://example.com">
  <bpmn:process id="invoiceForm" isExecutable="true" camunda:historyTimeToLive="30">
    <bpmn:startEvent id="Start" />
    <bpmn:sequenceFlow id="f1" sourceRef="Start" targetRef="Approve" />
    <bpmn:userTask id="Approve" camunda:formKey="embedded:app:forms/approve.html" />
    <bpmn:sequenceFlow id="f2" sourceRef="Approve" targetRef="Check" />
    <bpmn:userTask id="Check" />
    <bpmn:sequenceFlow id="f3" sourceRef="Check" targetRef="End" />
    <bpmn:endEvent id="End" />
  </bpmn:process>
</bpmn:definitions>`;

/** The task form operations a task list uses: the form key, the variables to show, and submitting the form. */
describe(`task forms (${databaseLabel()})`, () => {
  let t: TestApp;
  const demo = () => t.as('demo');
  const taskOf = async (instanceId: string) =>
    (await demo().get(`/task?processInstanceId=${instanceId}`).expect(200)).body[0];
  const start = async () =>
    (
      await demo()
        .post('/process-definition/key/invoiceForm/start')
        .send({ variables: { amount: { value: 120, type: 'Integer' }, creditor: { value: 'Acme', type: 'String' } } })
        .expect(200)
    ).body;

  beforeAll(async () => {
    t = await createTestApp();
    await deploy(t, [{ name: 'invoice-form.bpmn', content: MODEL }]).expect(200);
  });
  afterAll(() => t.close());

  it('answers the form key of a task, and null without one', async () => {
    const instance = await start();
    const approve = await taskOf(instance.id);
    expect((await demo().get(`/task/${approve.id}/form`).expect(200)).body).toEqual({
      key: 'embedded:app:forms/approve.html',
      camundaFormRef: null,
      contextPath: null,
    });
    await demo().post(`/task/${approve.id}/complete`).send({}).expect(204);
    const check = await taskOf(instance.id);
    expect((await demo().get(`/task/${check.id}/form`).expect(200)).body.key).toBeNull();
  });

  it('refuses the form of an unknown task as Camunda does', async () => {
    const res = await demo().get('/task/nope/form').expect(400);
    expect(res.body).toMatchObject({ type: 'InvalidRequestException', message: 'Cannot get form for task nope' });
  });

  it('lists the variables visible from the task, or the named ones', async () => {
    const approve = await taskOf((await start()).id);
    const all = (await demo().get(`/task/${approve.id}/form-variables`).expect(200)).body;
    expect(all).toEqual({
      amount: { type: 'Integer', value: 120, valueInfo: {} },
      creditor: { type: 'String', value: 'Acme', valueInfo: {} },
    });
    const some = (await demo().get(`/task/${approve.id}/form-variables?variableNames=creditor,unknown`).expect(200))
      .body;
    expect(some).toEqual({ creditor: { type: 'String', value: 'Acme', valueInfo: {} } });
  });

  it('submits a form: completes the task with its variables, answering them when asked', async () => {
    const instance = await start();
    const approve = await taskOf(instance.id);
    const res = await demo()
      .post(`/task/${approve.id}/submit-form`)
      .send({ variables: { approved: { value: true, type: 'Boolean' } }, withVariablesInReturn: true })
      .expect(200);
    expect(res.body.approved).toEqual({ type: 'Boolean', value: true, valueInfo: {} });
    expect(res.body.amount).toEqual({ type: 'Integer', value: 120, valueInfo: {} });
    await demo().get(`/task/${approve.id}`).expect(404);
    const check = await taskOf(instance.id);
    await demo().post(`/task/${check.id}/submit-form`).send({}).expect(204);
    expect((await demo().get(`/process-instance/${instance.id}`)).status).toBe(404);
  });

  it('answers a submit for an unknown task as a completion of one', async () => {
    const res = await demo().post('/task/nope/submit-form').send({}).expect(404);
    expect(res.body).toEqual({
      type: 'RestException',
      message: 'Cannot submit task form nope: Cannot find task with id nope: task is null',
      code: null,
    });
  });
});
