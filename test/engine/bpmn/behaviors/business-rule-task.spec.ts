import { HistoricDecisionInstanceEntity } from '../../../../src/persistence/entities/history/historic-decision-instance.entity';
import { databaseLabel } from '../../../support/test-app';
import { RuntimeScenario } from '../runtime/support/runtime-scenario';

describe(`business rule task (${databaseLabel()})`, () => {
  let s: RuntimeScenario;
  beforeAll(async () => {
    s = await RuntimeScenario.boot();
    await s.deploy('business-rule-task.bpmn', 'rules.dmn');
  });
  afterAll(() => s.close());

  it('Given decisions, When the tasks run, Then each result is mapped per camunda:mapDecisionResult', async () => {
    const pi = await s.start('rating', { amount: 50, tagDecision: 'tags' });

    expect(await s.activities(pi.id)).toEqual(['Start', 'SingleEntry', 'SingleResult', 'Collect', 'List', 'Wait']);
    expect(await s.variables(pi.id)).toMatchObject({
      firstTag: 'positive',
      offer: { discount: 0, reason: 'small' },
      allTags: ['positive'],
      rows: [{ discount: 0, reason: 'small' }],
    });
    const stored = await s.storedVariables(pi.id);
    expect(stored.find((v) => v.name === 'firstTag')!.type).toBe('string');
    expect(stored.find((v) => v.name === 'offer')!.type).toBe('object');
    expect((await s.history(pi.id)).map((a) => a.activityType)).toContain('businessRuleTask');
  });

  it('collectEntries gathers the single output of every matched rule', async () => {
    const pi = await s.start('ratingCollect', { amount: 5000 });
    expect(await s.historicVariables(pi.id)).toMatchObject({ allTags: ['positive', 'large', 'huge'] });
    const none = await s.start('ratingCollect', { amount: -1 });
    expect(await s.historicVariables(none.id)).toMatchObject({ allTags: [] });
  });

  it('the evaluation is recorded in decision history with the process it ran in', async () => {
    const pi = await s.start('rating', { amount: 50, tagDecision: 'tags' });
    const rows = await s.ds.getRepository(HistoricDecisionInstanceEntity).findBy({ processInstanceId: pi.id });
    expect(rows).toHaveLength(4);
    const single = rows.find((r) => r.activityId === 'SingleResult')!;
    expect(single).toMatchObject({
      decisionDefinitionKey: 'discount',
      processDefinitionKey: 'rating',
      rootProcessInstanceId: pi.id,
    });
    expect(single.activityInstanceId).toMatch(/^SingleResult:/);
  });

  it('deployment and versionTag bindings find the decision; without resultVariable nothing is stored', async () => {
    const pi = await s.start('ratingBindings', { amount: 500 });
    expect(pi.ended).toBe(true);
    expect(await s.historicVariables(pi.id)).toEqual({
      amount: 500,
      fromDeployment: { discount: 0.1, reason: 'big' },
      fromTag: { discount: 0.1, reason: 'big' },
    });
  });

  it('singleEntry with several results fails the command', async () => {
    await expect(s.start('ratingTooMany', { amount: 500 })).rejects.toThrow(
      /ENGINE-22001 The decision result mapper 'SingleEntryDecisionResultMapper' failed to process .*The decision result should only contain a single result/,
    );
  });

  it('a decision that is not deployed fails the command', async () => {
    await expect(s.start('ratingMissing', { amount: 1 })).rejects.toThrow(
      "no decision definition deployed with key 'nope'",
    );
  });
});
