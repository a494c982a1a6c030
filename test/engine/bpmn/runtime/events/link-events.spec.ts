import { databaseLabel } from '../../../../support/test-app';
import { EventScenario } from '../support/event-scenario';

describe(`link events and plain message throw events (${databaseLabel()})`, () => {
  let e: EventScenario;
  beforeAll(async () => {
    e = await EventScenario.boot();
    await e.deploy('links.bpmn');
  });
  afterAll(() => e.close());

  it('a link throw event jumps to its catch event, neither in the history as in Camunda; message throw events without implementation pass through', async () => {
    const pi = await e.start('linked');
    expect(await e.s.activities(pi.id)).toEqual(['Start', 'Note', 'Work']);
    await e.s.completeTask(pi.id, 'Work');
    expect(await e.s.isEnded(pi.id)).toBe(true);
    expect((await e.s.processInstance(pi.id))!.endActivityId).toBe('Done');
  });
});
