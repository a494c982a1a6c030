import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Elements of a Json collection stay JSON (issue class 7, as in camunda-external-task-client-js's "granting-loans"
// example): each inner instance of `${scores.elements()}` holds its element as a Json variable, and Spin's methods
// answer on it even when the element is a single number. Camunda's own tests of this are Spin plugin tests in Java.
describe(`elements of a Json collection (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await deployFixture(t, ['expressions/json-collection-elements.bpmn']).expect(200);
  });
  afterAll(() => t.close());

  it('gives each inner instance its element as a Json variable on which numberValue() works', async () => {
    const res = await t
      .as('demo')
      .post('/process-definition/key/jsonElements/start')
      .send({ variables: { scores: { value: '[7, 3, 9]', type: 'Json' } } })
      .expect(200);
    const tasks = (await t.as('demo').get(`/task?processInstanceId=${res.body.id}`).expect(200)).body;
    expect(tasks.map((x: { taskDefinitionKey: string }) => x.taskDefinitionKey).sort()).toEqual([
      'high',
      'high',
      'low',
    ]);
    const scores = (
      await t.as('demo').get(`/variable-instance?processInstanceIdIn=${res.body.id}&variableName=score`).expect(200)
    ).body;
    expect(scores.map((v: { type: string; value: unknown }) => [v.type, v.value]).sort()).toEqual([
      ['Json', '3'],
      ['Json', '7'],
      ['Json', '9'],
    ]);
  });
});
