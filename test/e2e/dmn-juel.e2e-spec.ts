import { deployFixture } from '../support/deploy';
import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

describe(`JUEL in DMN over REST (${databaseLabel()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobExecutorEnabled: false });
    await deployFixture(t, ['dmn/juel-discount.dmn']).expect(200);
  });
  afterAll(() => t.close());

  const evaluate = (key: string, variables: object) =>
    t.as('demo').post(`/decision-definition/key/${key}/evaluate`).send({ variables });
  const json = (value: object) => ({ value: JSON.stringify(value), type: 'Json' });

  it('evaluates JUEL input expressions, input entries (cellInput and the input variable) and output entries; FEEL cells beside them', async () => {
    const gold = await evaluate('juelDiscount', {
      customer: json({ type: 'gold' }),
      order: json({ amount: 200 }),
    }).expect(200);
    expect(gold.body).toEqual([
      {
        discount: { type: 'Double', value: 20, valueInfo: {} },
        reason: { type: 'String', value: 'gold customer', valueInfo: {} },
      },
    ]);
    const silver = await evaluate('juelDiscount', {
      customer: json({ type: 'silver' }),
      order: json({ amount: 60 }),
    }).expect(200);
    expect(silver.body[0].reason.value).toBe('silver customer');
    const none = await evaluate('juelDiscount', {
      customer: json({ type: 'bronze' }),
      order: json({ amount: 60 }),
    }).expect(200);
    expect(none.body[0]).toMatchObject({ discount: { value: 0 }, reason: { value: 'none for bronze' } });
  });

  it('a JUEL literal expression is a template; an unknown variable is a 400 naming the decision', async () => {
    expect((await evaluate('juelGreeting', { name: { value: 'Ann', type: 'String' } }).expect(200)).body).toEqual([
      { greeting: { type: 'String', value: 'Hello Ann', valueInfo: {} } },
    ]);
    const res = await evaluate('juelGreeting', {}).expect(400);
    expect(res.body).toMatchObject({
      type: 'RestException',
      message: expect.stringMatching(
        /^Cannot evaluate decision juelGreeting:.*Decision 'Greeting \(JUEL literal\)' \(juelGreeting\): literal expression: failed to evaluate JUEL/,
      ),
    });
    expect(res.body.message).toContain("Cannot resolve identifier 'name'");
  });

  it('a missing FEEL input named like a built-in function is null, and no message carries function source', async () => {
    expect((await evaluate('feelSum', {}).expect(200)).body).toEqual([
      { seen: { type: 'String', value: 'no sum', valueInfo: {} } },
    ]);
    expect((await evaluate('feelSum', { sum: { value: 3, type: 'Integer' } }).expect(200)).body[0].seen.value).toBe(
      'sum 3',
    );
  });
});
