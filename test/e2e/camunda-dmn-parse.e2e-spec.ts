import { CamundaTest } from '../support/camunda-tests';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

// Camunda's ParseDecisionTest (org.camunda.bpm.dmn.engine.api, the DMN engine's own tests), over REST: a deployment
// of what Camunda's DMN transformer refuses is refused, with its message among the ParseException's details.
describe(`Camunda's ParseDecisionTest (${databaseLabel()})`, () => {
  let t: TestApp;
  let c: CamundaTest;
  beforeAll(async () => {
    t = await createTestApp();
    c = new CamundaTest(t);
  });
  afterAll(() => t.close());
  const messages = (error: { details?: unknown }) =>
    Object.values(error.details as Record<string, { errors: { message: string }[] }>).flatMap((r) =>
      r.errors.map((e) => e.message),
    );

  it('ParseDecisionTest#shouldFailIfCompoundOutputsNameIsMissing', async () => {
    const error = await c.deployRefused('dmn/engine/api/CompoundOutputs.noName.dmn');
    expect(error.type).toBe('ParseException');
    expect(messages(error)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^DMN-02008 .*does not have an output name/)]),
    );
  });

  it('ParseDecisionTest#shouldFailIfCompoundOutputsHaveDuplicateName', async () => {
    const error = await c.deployRefused('dmn/engine/api/CompoundOutputs.duplicateName.dmn');
    expect(error.type).toBe('ParseException');
    // The file has no definitions id either, which a deployment (a decision requirements graph) refuses too.
    expect(messages(error)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DMN-02009 .*has a compound output but name of output 'output5' is duplicate/),
      ]),
    );
  });

  it('ParseDecisionTest#shouldFailIfDecisionDrgIdIsMissing', async () => {
    const error = await c.deployRefused('dmn/engine/api/MissingIds.missingDrdId.dmn');
    expect(error.type).toBe('ParseException');
    expect(messages(error)).toEqual([expect.stringMatching(/^DMN-02017 .*'DRD with Missing Id'.*'id' attribute/)]);
  });
});
