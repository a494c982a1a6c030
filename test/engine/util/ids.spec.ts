import { newId } from '../../../src/engine/util/ids';

describe('newId', () => {
  it('gives version 7 UUIDs that are unique and sort in the order they were made', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(ids.filter((id) => !v7.test(id))).toEqual([]);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps the order within one millisecond and when the clock goes back', () => {
    const now = Date.now() + 60_000;
    const ids = [newId(now), newId(now), newId(now), newId(now - 5_000), newId(now)];
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });
});
