import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Authentication } from '../../../src/engine/command/authentication';
import { AuthorizationChecker } from '../../../src/engine/authorization/authorization-checker';
import { permissionMask } from '../../../src/engine/authorization/authorization.service';
import { ANY, AUTH_TYPE, Resources } from '../../../src/engine/authorization/resources';
import { AuthorizationError } from '../../../src/engine/errors';
import { openDataSource } from '../../../src/persistence/data-source';
import { AuthorizationEntity } from '../../../src/persistence/entities/identity/authorization.entity';
import { GroupEntity } from '../../../src/persistence/entities/identity/group.entity';

type Kind = 'grant' | 'revoke' | 'global';
interface Rule {
  kind: Kind;
  user?: string;
  group?: string;
  id: string;
  perms: string[];
}

const TYPE: Record<Kind, number> = { grant: AUTH_TYPE.GRANT, revoke: AUTH_TYPE.REVOKE, global: AUTH_TYPE.GLOBAL };
const ann: Authentication = { userId: 'ann', groupIds: ['sales', 'ops'] };

describe('AuthorizationChecker decisions (SQLite)', () => {
  let ds: DataSource;
  let em: EntityManager;
  const checker = new AuthorizationChecker(true);

  beforeAll(async () => {
    ds = await openDataSource('sqlite::memory:');
    em = ds.manager;
  });
  afterAll(() => ds.destroy());
  beforeEach(() => em.getRepository(AuthorizationEntity).clear());

  /** Stores rules on the GROUP resource type, the way AuthorizationService would. */
  async function given(...rules: Rule[]): Promise<void> {
    for (const r of rules) {
      const type = TYPE[r.kind];
      await em.getRepository(AuthorizationEntity).insert({
        id: randomUUID(),
        rev: 1,
        type,
        userId: r.kind === 'global' ? ANY : (r.user ?? null),
        groupId: r.group ?? null,
        resourceType: Resources.GROUP.code,
        resourceId: r.id,
        permissions: permissionMask(type, Resources.GROUP.code, r.perms),
        removalTime: null,
        rootProcessInstanceId: null,
      });
    }
  }

  const may = (permission: string, resourceId: string | null, auth: Authentication | null = ann) =>
    checker.isAuthorized(em, auth, { permission, resource: Resources.GROUP, resourceId });

  it('denies when no rule matches', async () => {
    await given(
      { kind: 'grant', user: 'bob', id: ANY, perms: ['ALL'] },
      { kind: 'grant', group: 'hr', id: ANY, perms: ['ALL'] },
    );
    expect(await may('READ', 'g1')).toBe(false);
    expect(await may('READ', null)).toBe(false);
  });

  it.each<[string, Rule[], string | null, boolean]>([
    ['user grant on the id', [{ kind: 'grant', user: 'ann', id: 'g1', perms: ['READ'] }], 'g1', true],
    ['user grant on another id', [{ kind: 'grant', user: 'ann', id: 'g2', perms: ['READ'] }], 'g1', false],
    [
      'user grant of other permissions',
      [{ kind: 'grant', user: 'ann', id: 'g1', perms: ['UPDATE', 'DELETE'] }],
      'g1',
      false,
    ],
    ['user grant on *', [{ kind: 'grant', user: 'ann', id: ANY, perms: ['READ'] }], 'g1', true],
    ['grant to every user (*)', [{ kind: 'grant', user: ANY, id: 'g1', perms: ['READ'] }], 'g1', true],
    ['group grant on *', [{ kind: 'grant', group: 'ops', id: ANY, perms: ['READ'] }], 'g1', true],
    ['grant to a group ann is not in', [{ kind: 'grant', group: 'hr', id: ANY, perms: ['ALL'] }], 'g1', false],
    ['global grant', [{ kind: 'global', id: ANY, perms: ['READ'] }], 'g1', true],
    ['global grant, type-level check', [{ kind: 'global', id: ANY, perms: ['READ'] }], null, true],
    [
      'grant on an id does not answer a type-level check',
      [{ kind: 'grant', user: 'ann', id: 'g1', perms: ['READ'] }],
      null,
      false,
    ],
    ['ALL covers every permission', [{ kind: 'grant', user: 'ann', id: 'g1', perms: ['ALL'] }], 'g1', true],
    ['a revoke alone denies', [{ kind: 'revoke', user: 'ann', id: ANY, perms: ['READ'] }], 'g1', false],
    // precedence: user over group over global
    [
      'user revoke beats group grant',
      [
        { kind: 'grant', group: 'ops', id: 'g1', perms: ['READ'] },
        { kind: 'revoke', user: 'ann', id: 'g1', perms: ['READ'] },
      ],
      'g1',
      false,
    ],
    [
      'user grant beats group revoke',
      [
        { kind: 'revoke', group: 'ops', id: 'g1', perms: ['READ'] },
        { kind: 'grant', user: 'ann', id: ANY, perms: ['READ'] },
      ],
      'g1',
      true,
    ],
    [
      'user revoke on * beats group grant on the id',
      [
        { kind: 'grant', group: 'ops', id: 'g1', perms: ['READ'] },
        { kind: 'revoke', user: 'ann', id: ANY, perms: ['READ'] },
      ],
      'g1',
      false,
    ],
    [
      'group revoke beats global grant',
      [
        { kind: 'global', id: ANY, perms: ['READ'] },
        { kind: 'revoke', group: 'sales', id: ANY, perms: ['READ'] },
      ],
      'g1',
      false,
    ],
    [
      'group grant decides before global rules',
      [
        { kind: 'global', id: 'g1', perms: [] },
        { kind: 'grant', group: 'sales', id: 'g1', perms: ['READ'] },
      ],
      'g1',
      true,
    ],
    // precedence: the specific id over *
    [
      'user grant on the id beats user revoke on *',
      [
        { kind: 'revoke', user: 'ann', id: ANY, perms: ['READ'] },
        { kind: 'grant', user: 'ann', id: 'g1', perms: ['READ'] },
      ],
      'g1',
      true,
    ],
    [
      'user revoke on the id beats user grant on *',
      [
        { kind: 'grant', user: 'ann', id: ANY, perms: ['ALL'] },
        { kind: 'revoke', user: 'ann', id: 'g1', perms: ['READ'] },
      ],
      'g1',
      false,
    ],
    [
      'a revoke of other permissions leaves READ alone',
      [
        { kind: 'grant', user: 'ann', id: ANY, perms: ['ALL'] },
        { kind: 'revoke', user: 'ann', id: 'g1', perms: ['DELETE'] },
      ],
      'g1',
      true,
    ],
    [
      'global on the id beats global on *',
      [
        { kind: 'global', id: ANY, perms: ['READ'] },
        { kind: 'global', id: 'g1', perms: ['UPDATE'] },
      ],
      'g1',
      true,
    ],
    // within one level a grant is consulted before a revoke (Camunda's SQL, not its Javadoc)
    [
      'group grant and group revoke on the same id: grant wins',
      [
        { kind: 'revoke', group: 'sales', id: 'g1', perms: ['READ'] },
        { kind: 'grant', group: 'ops', id: 'g1', perms: ['READ'] },
      ],
      'g1',
      true,
    ],
  ])('%s', async (_name, rules, resourceId, expected) => {
    await given(...rules);
    expect(await may('READ', resourceId)).toBe(expected);
  });

  it('lets admins, unauthenticated callers and a disabled checker through without reading rules', async () => {
    await given({ kind: 'revoke', user: 'root', id: ANY, perms: ['ALL'] });
    expect(await may('DELETE', 'g1', { userId: 'root', groupIds: ['camunda-admin'] })).toBe(true);
    expect(await may('DELETE', 'g1', null)).toBe(true);
    expect(
      await new AuthorizationChecker(false).isAuthorized(em, ann, {
        permission: 'DELETE',
        resource: Resources.GROUP,
        resourceId: 'g1',
      }),
    ).toBe(true);
  });

  it('throws the single-permission form for identity checks and the list form otherwise', async () => {
    const single = await checker
      .check(em, ann, [{ permission: 'UPDATE', resource: Resources.GROUP, resourceId: 'g1' }], true)
      .catch((e) => e);
    expect(single).toBeInstanceOf(AuthorizationError);
    expect(single).toMatchObject({
      userId: 'ann',
      message: "The user with id 'ann' does not have 'UPDATE' permission on resource 'g1' of type 'Group'.",
      missingAuthorizations: [{ permissionName: 'UPDATE', resourceName: 'Group', resourceId: 'g1' }],
    });
    const typeLevel = await checker
      .check(em, ann, [{ permission: 'CREATE', resource: Resources.GROUP }], true)
      .catch((e) => e);
    expect(typeLevel.message).toBe("The user with id 'ann' does not have 'CREATE' permission on resource 'Group'.");
    const list = await checker
      .check(em, ann, [
        { permission: 'READ', resource: Resources.GROUP, resourceId: 'g1' },
        { permission: 'READ', resource: Resources.USER },
      ])
      .catch((e) => e);
    expect(list.message).toBe(
      "The user with id 'ann' does not have one of the following permissions: 'READ' permission on resource 'g1' of type 'Group' or 'READ' permission on resource 'User'",
    );
  });

  it('passes a check when any one of its permissions is granted', async () => {
    await given({ kind: 'grant', user: 'ann', id: 'g1', perms: ['UPDATE'] });
    await expect(
      checker.check(em, ann, [
        { permission: 'READ', resource: Resources.GROUP, resourceId: 'g1' },
        { permission: 'UPDATE', resource: Resources.GROUP, resourceId: 'g1' },
      ]),
    ).resolves.toBeUndefined();
  });

  describe('list restriction', () => {
    async function visible(auth: Authentication | null = ann): Promise<string[]> {
      await em
        .getRepository(GroupEntity)
        .save(['g1', 'g2', 'g3', 'g4'].map((id) => ({ id, rev: 1, name: id, type: null })));
      const qb = em.getRepository(GroupEntity).createQueryBuilder('g').orderBy('g.id');
      await checker.restrictQuery(em, qb, auth, 'READ', Resources.GROUP, 'g.id');
      return (await qb.getMany()).map((g) => g.id);
    }

    it('shows nothing without a grant', async () => {
      expect(await checker.listRestriction(em, ann, 'READ', Resources.GROUP)).toEqual({ all: false, only: [] });
      expect(await visible()).toEqual([]);
    });

    it('shows only the granted ids', async () => {
      await given(
        { kind: 'grant', user: 'ann', id: 'g2', perms: ['READ'] },
        { kind: 'grant', group: 'ops', id: 'g4', perms: ['READ'] },
      );
      expect(await visible()).toEqual(['g2', 'g4']);
    });

    it('shows everything but the revoked ids under a * grant', async () => {
      await given(
        { kind: 'grant', user: 'ann', id: ANY, perms: ['READ'] },
        { kind: 'revoke', user: 'ann', id: 'g3', perms: ['READ'] },
      );
      expect(await checker.listRestriction(em, ann, 'READ', Resources.GROUP)).toEqual({ all: true, except: ['g3'] });
      expect(await visible()).toEqual(['g1', 'g2', 'g4']);
    });

    it('lets a user-level grant on an id win over a group-level revoke of it', async () => {
      await given(
        { kind: 'global', id: ANY, perms: ['READ'] },
        { kind: 'revoke', group: 'sales', id: 'g1', perms: ['READ'] },
        { kind: 'revoke', group: 'sales', id: 'g2', perms: ['READ'] },
        { kind: 'grant', user: 'ann', id: 'g2', perms: ['READ'] },
      );
      expect(await visible()).toEqual(['g2', 'g3', 'g4']);
    });

    it('does not restrict admins or unauthenticated callers', async () => {
      expect(
        await checker.listRestriction(em, { userId: 'x', groupIds: ['camunda-admin'] }, 'READ', Resources.GROUP),
      ).toBeNull();
      expect(await visible(null)).toEqual(['g1', 'g2', 'g3', 'g4']);
    });
  });
});
