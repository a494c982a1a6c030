import { createTestApp, databaseLabel, TestApp } from '../support/test-app';

const invalid = (message: string) => ({ type: 'InvalidRequestException', message, code: null });

const POLICY = [
  { placeholder: 'PASSWORD_POLICY_USER_DATA', parameter: null },
  { placeholder: 'PASSWORD_POLICY_LENGTH', parameter: { minLength: '10' } },
  { placeholder: 'PASSWORD_POLICY_LOWERCASE', parameter: { minLowerCase: '1' } },
  { placeholder: 'PASSWORD_POLICY_UPPERCASE', parameter: { minUpperCase: '1' } },
  { placeholder: 'PASSWORD_POLICY_DIGIT', parameter: { minDigit: '1' } },
  { placeholder: 'PASSWORD_POLICY_SPECIAL', parameter: { minSpecial: '1' } },
];

describe(`identity resource (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');

  beforeAll(async () => {
    t = await createTestApp();
    const users = [
      { id: 'anna', firstName: 'Anna', lastName: 'Smith' },
      { id: 'ben', firstName: 'Ben', lastName: null },
      { id: 'cleo', firstName: null, lastName: 'Cole' },
      { id: 'dan', firstName: null, lastName: null },
    ];
    for (const profile of users) {
      await admin()
        .post('/user/create')
        .send({ profile, credentials: { password: `${profile.id}pw` } })
        .expect(204);
    }
    await admin().post('/group/create').send({ id: 'zsales', name: 'Sales' }).expect(204);
    await admin().post('/group/create').send({ id: 'audit', name: 'Audit' }).expect(204);
    await admin().post('/group/create').send({ id: 'lonely', name: 'Lonely' }).expect(204);
    for (const [group, user] of [
      ['zsales', 'anna'],
      ['zsales', 'ben'],
      ['zsales', 'cleo'],
      ['audit', 'anna'],
      ['audit', 'dan'],
      ['audit', 'ben'],
    ])
      await admin().put(`/group/${group}/members/${user}`).expect(204);
  });
  afterAll(() => t.close());

  describe('GET /identity/groups (IdentityRestServiceImpl#getGroupInfo)', () => {
    it("answers the user's groups by name and the other members with their display names", async () => {
      const body = (await admin().get('/identity/groups?userId=anna').expect(200)).body;
      expect(body.groups).toEqual([
        { id: 'audit', name: 'Audit' },
        { id: 'zsales', name: 'Sales' },
      ]);
      expect(body.groupUsers).toEqual([
        { id: 'ben', firstName: 'Ben', lastName: null, displayName: 'Ben' },
        { id: 'cleo', firstName: null, lastName: 'Cole', displayName: 'null Cole' },
        { id: 'dan', firstName: null, lastName: null, displayName: 'dan' },
      ]);
      const ben = (await admin().get('/identity/groups?userId=ben').expect(200)).body;
      expect(ben.groupUsers.map((u: { displayName: string }) => u.displayName)).toEqual([
        'Anna Smith',
        'null Cole',
        'dan',
      ]);
    });

    it('answers empty lists for a user without groups or an unknown one, and 400 without a user id', async () => {
      expect((await admin().get('/identity/groups?userId=nobody').expect(200)).body).toEqual({
        groups: [],
        groupUsers: [],
      });
      expect((await admin().get('/identity/groups').expect(400)).body).toEqual(invalid('No user id was supplied'));
    });

    it('shows only the groups and users the caller may read', async () => {
      // Members read their groups (the default grant); users read only themselves.
      const dan = (await t.as('dan', 'danpw').get('/identity/groups?userId=anna').expect(200)).body;
      expect(dan).toEqual({
        groups: [{ id: 'audit', name: 'Audit' }],
        groupUsers: [{ id: 'dan', firstName: null, lastName: null, displayName: 'dan' }],
      });
    });
  });

  describe('POST /identity/verify (IdentityRestServiceImpl#verifyUser)', () => {
    it('tells whether the password is right, as Camunda writes its AuthenticationResult', async () => {
      expect(
        (await admin().post('/identity/verify').send({ username: 'anna', password: 'annapw' }).expect(200)).body,
      ).toEqual({
        authenticatedUser: 'anna',
        authenticated: true,
        groups: null,
        tenants: null,
      });
      expect(
        (await admin().post('/identity/verify').send({ username: 'nobody', password: 'x' }).expect(200)).body,
      ).toEqual({
        authenticatedUser: 'nobody',
        authenticated: false,
        groups: null,
        tenants: null,
      });
    });

    it('answers 400 without username or password', async () => {
      for (const body of [{ username: 'anna' }, { password: 'annapw' }, { username: 'anna', password: null }, {}]) {
        expect((await admin().post('/identity/verify').send(body).expect(400)).body).toEqual(
          invalid('Username and password are required'),
        );
      }
    });
  });

  describe('password policy off (Camunda: disablePasswordPolicy)', () => {
    it('answers 404 without a body', async () => {
      const get = await admin().get('/identity/password-policy').expect(404);
      expect(get.text).toBe('');
      const post = await admin().post('/identity/password-policy').send({ password: 'x' }).expect(404);
      expect(post.text).toBe('');
    });

    it('takes any password on create and change', async () => {
      await admin()
        .post('/user/create')
        .send({ profile: { id: 'weak' }, credentials: { password: 'a' } })
        .expect(204);
      await admin()
        .put('/user/weak/credentials')
        .send({ password: 'b', authenticatedUserPassword: 'demo' })
        .expect(204);
    });
  });
});

describe(`password policy on (${databaseLabel()})`, () => {
  let t: TestApp;
  const admin = () => t.as('demo', 'demo');
  const refused = { type: 'PasswordPolicyException', message: 'Password does not match policy', code: 0 };

  beforeAll(async () => {
    t = await createTestApp({ passwordPolicyEnabled: true });
  });
  afterAll(() => t.close());

  it("answers Camunda's default policy (DefaultPasswordPolicyImpl)", async () => {
    expect((await admin().get('/identity/password-policy').expect(200)).body).toEqual({ rules: POLICY });
  });

  it.each<[string, string[]]>([
    ['LongPas$w0rd', []],
    ['Pas$w0rd', ['PASSWORD_POLICY_LENGTH']],
    ['LONGPAS$W0RD', ['PASSWORD_POLICY_LOWERCASE']],
    ['longpas$w0rd', ['PASSWORD_POLICY_UPPERCASE']],
    ['LongPas$word', ['PASSWORD_POLICY_DIGIT']],
    ['LongPassw0rd', ['PASSWORD_POLICY_SPECIAL']],
    [
      '',
      [
        'PASSWORD_POLICY_LENGTH',
        'PASSWORD_POLICY_LOWERCASE',
        'PASSWORD_POLICY_UPPERCASE',
        'PASSWORD_POLICY_DIGIT',
        'PASSWORD_POLICY_SPECIAL',
      ],
    ],
  ])(
    'checks %j: fulfilled rules first, then the violated %j (DefaultPasswordPolicyTest)',
    async (password, violated) => {
      const body = (await admin().post('/identity/password-policy').send({ password }).expect(200)).body;
      expect(body.valid).toBe(violated.length === 0);
      const fulfilled = POLICY.filter((r) => !violated.includes(r.placeholder)).map((r) => ({ ...r, valid: true }));
      const broken = POLICY.filter((r) => violated.includes(r.placeholder)).map((r) => ({ ...r, valid: false }));
      expect(body.rules).toEqual([...fulfilled, ...broken]);
    },
  );

  it("refuses a password that contains the profile's data, in any case (PasswordPolicyUserDataRuleImpl)", async () => {
    const profile = { id: 'jdoe', firstName: 'John', lastName: 'Doe', email: 'jd@example.com' };
    for (const password of ['xJDOEx-Pa55!', 'my-john-PW-1', 'Doe-Is-Me-42!', 'A1!jd@example.COM']) {
      const body = (await admin().post('/identity/password-policy').send({ password, profile }).expect(200)).body;
      expect(body.valid).toBe(false);
      expect(body.rules.at(-1)).toEqual({ placeholder: 'PASSWORD_POLICY_USER_DATA', parameter: null, valid: false });
    }
    const ok = (
      await admin().post('/identity/password-policy').send({ password: 'Unrelated-Pa55', profile }).expect(200)
    ).body;
    expect(ok.valid).toBe(true);
    expect(
      (await admin().post('/identity/password-policy').send({ password: 'Unrelated-Pa55', profile: null }).expect(200))
        .body.valid,
    ).toBe(true);
  });

  it('answers 400 for a missing password', async () => {
    expect((await admin().post('/identity/password-policy').send({}).expect(400)).body).toEqual({
      type: 'NullValueException',
      message: 'password is null',
      code: 0,
    });
  });

  it('refuses a weak password on user create and on password change (PasswordPolicyUserOperationTest)', async () => {
    expect(
      (
        await admin()
          .post('/user/create')
          .send({ profile: { id: 'weak' }, credentials: { password: 'weak' } })
          .expect(400)
      ).body,
    ).toEqual(refused);
    await admin().get('/user/weak/profile').expect(404);
    expect(
      (
        await admin()
          .post('/user/create')
          .send({ profile: { id: 'kim', firstName: 'Kimberly' }, credentials: { password: 'Kimberly-Pa55' } })
          .expect(400)
      ).body,
    ).toEqual(refused);
    await admin()
      .post('/user/create')
      .send({ profile: { id: 'kim', firstName: 'Kimberly' }, credentials: { password: 'Strong-Pa55' } })
      .expect(204);
    await t.as('kim', 'Strong-Pa55').get('/user/kim/profile').expect(200);
    expect(
      (
        await admin()
          .put('/user/kim/credentials')
          .send({ password: 'short', authenticatedUserPassword: 'demo' })
          .expect(400)
      ).body,
    ).toEqual(refused);
    expect(
      (
        await admin()
          .put('/user/kim/credentials')
          .send({ password: 'KIMBERLY-pa55', authenticatedUserPassword: 'demo' })
          .expect(400)
      ).body,
    ).toEqual(refused);
    await t.as('kim', 'Strong-Pa55').get('/user/kim/profile').expect(200);
    await admin()
      .put('/user/kim/credentials')
      .send({ password: 'Other-Pa55!', authenticatedUserPassword: 'demo' })
      .expect(204);
    await t.as('kim', 'Other-Pa55!').get('/user/kim/profile').expect(200);
  });
});
