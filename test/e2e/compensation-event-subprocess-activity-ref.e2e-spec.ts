import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// A compensation throw event inside a compensation event sub-process may name (activityRef) an activity of the
// sub-process around it, as Camunda's parser allows (issue class 3).
describe(`activityRef from a compensation event sub-process (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deploys, and compensating the sub-process runs the handler of the named activity', async () => {
    await deployFixture(t, ['events/compensation-event-subprocess-activity-ref.bpmn']).expect(200);
    const pi = (
      await t
        .as('demo')
        .post('/process-definition/key/compensationEventSubProcessActivityRef/start')
        .send({})
        .expect(200)
    ).body;
    const task = async () => (await t.as('demo').get(`/task?processInstanceId=${pi.id}`).expect(200)).body;
    const [book] = await task();
    expect(book.taskDefinitionKey).toBe('bookHotel');
    await t.as('demo').post(`/task/${book.id}/complete`).send({}).expect(204);
    const [cancel] = await task();
    expect(cancel.taskDefinitionKey).toBe('cancelHotel');
    await t.as('demo').post(`/task/${cancel.id}/complete`).send({}).expect(204);
    await t.as('demo').get(`/process-instance/${pi.id}`).expect(404);
  });
});
