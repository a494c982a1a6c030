import { DataSource } from 'typeorm';
import { countQuery, listQuery } from '../../../src/common/query/apply-query';
import { parseGetQuery, parsePostQuery } from '../../../src/common/query/parse-query';
import { f, QuerySpec } from '../../../src/common/query/query-spec';
import { openDataSource } from '../../../src/persistence/data-source';
import { GroupEntity } from '../../../src/persistence/entities/identity/group.entity';

const SPEC: QuerySpec = {
  params: {
    id: f.eq('g.id'),
    idIn: f.in('g.id'),
    name: f.eq('g.name'),
    nameLike: f.like('g.name'),
    type: f.eq('g.type'),
  },
  sortBy: { id: 'g.id', name: 'g.name', type: 'g.type' },
  defaultOrder: 'g.id',
};

const GROUPS: Array<[string, string | null, string]> = [
  ['g1', 'Sales', 'WORKFLOW'],
  ['g2', 'Support', 'WORKFLOW'],
  ['g3', 'Admins', 'SYSTEM'],
  ['g4', null, 'SYSTEM'],
  ['g5', '50% off', 'WORKFLOW'],
  ['g6', 'a*b?[c]_d', 'OTHER'],
];

describe('applying parsed queries to SQL (SQLite)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await openDataSource('sqlite::memory:');
    await ds.getRepository(GroupEntity).insert(GROUPS.map(([id, name, type]) => ({ id, rev: 1, name, type })));
  });
  afterAll(() => ds.destroy());

  const qb = () => ds.getRepository(GroupEntity).createQueryBuilder('g');
  const ids = async (query: Record<string, unknown>) =>
    (await listQuery(qb(), SPEC, parseGetQuery(SPEC, query))).map((g) => g.id);
  const count = (query: Record<string, unknown>) => countQuery(qb(), SPEC, parseGetQuery(SPEC, query, false));

  it('orders by id when nothing is asked', async () => {
    expect(await ids({})).toEqual(['g1', 'g2', 'g3', 'g4', 'g5', 'g6']);
  });

  it("sorts, with the id as tie-breaker in the sort's direction and NULLs first in ascending order", async () => {
    expect(await ids({ sortBy: 'type', sortOrder: 'desc' })).toEqual(['g5', 'g2', 'g1', 'g4', 'g3', 'g6']);
    expect(await ids({ sortBy: 'name', sortOrder: 'asc' })).toEqual(['g4', 'g5', 'g3', 'g1', 'g2', 'g6']);
  });

  it('sorts by every entry of a POST sorting array, in order', async () => {
    const parsed = parsePostQuery(
      SPEC,
      {
        sorting: [
          { sortBy: 'type', sortOrder: 'asc' },
          { sortBy: 'id', sortOrder: 'desc' },
        ],
      },
      {},
    );
    expect((await listQuery(qb(), SPEC, parsed)).map((g) => g.id)).toEqual(['g6', 'g4', 'g3', 'g5', 'g2', 'g1']);
  });

  it('pages with firstResult and maxResults, each alone or together', async () => {
    expect(await ids({ firstResult: '1', maxResults: '2' })).toEqual(['g2', 'g3']);
    expect(await ids({ firstResult: '3' })).toEqual(['g4', 'g5', 'g6']);
    expect(await ids({ maxResults: '2' })).toEqual(['g1', 'g2']);
    expect(await ids({ maxResults: '0' })).toEqual([]);
    expect(await ids({ firstResult: '10' })).toEqual([]);
  });

  it("filters by equality, lists and substrings; a % in a Like value is the caller's own pattern", async () => {
    expect(await ids({ type: 'SYSTEM' })).toEqual(['g3', 'g4']);
    expect(await ids({ idIn: 'g2,g5,nope' })).toEqual(['g2', 'g5']);
    expect(await ids({ idIn: '' })).toEqual(['g1', 'g2', 'g3', 'g4', 'g5', 'g6']);
    expect(await ids({ nameLike: 'upp' })).toEqual(['g2']);
    expect(await ids({ nameLike: 'S%s' })).toEqual(['g1']);
    expect(await ids({ nameLike: '50%' })).toEqual(['g5']);
  });

  it('matches Like filters case-sensitively, with _ as a wildcard and GLOB characters as plain text', async () => {
    expect(await ids({ nameLike: 'sales' })).toEqual([]);
    expect(await ids({ nameLike: 'S_les' })).toEqual(['g1']);
    expect(await ids({ nameLike: '*b?[c]' })).toEqual(['g6']);
    expect(await ids({ nameLike: '?' })).toEqual(['g6']);
    expect(await ids({ nameLike: 'a%d' })).toEqual(['g6']);
  });

  it('counts with the same filters and without paging', async () => {
    expect(await count({})).toBe(6);
    expect(await count({ type: 'WORKFLOW', firstResult: '2', maxResults: '1' })).toBe(3);
    expect(await countQuery(qb(), SPEC, parsePostQuery(SPEC, { idIn: ['g1', 'g3'] }, {}, false))).toBe(2);
  });

  it('never splices values into SQL', async () => {
    expect(await ids({ name: "x' OR '1'='1" })).toEqual([]);
    expect(await ids({ idIn: "g1') OR ('1'='1" })).toEqual([]);
  });
});
