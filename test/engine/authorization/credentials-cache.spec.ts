import { CredentialsCache } from '../../../src/engine/authorization/credentials-cache';

const alice = { userId: 'alice', groupIds: ['sales'] };
const bob = { userId: 'bob', groupIds: ['sales', 'ops'] };

describe('CredentialsCache', () => {
  it('keys by user and password without keeping either in clear', () => {
    const key = CredentialsCache.key('alice', 'secret');
    expect(key).toBe(CredentialsCache.key('alice', 'secret'));
    expect(key).not.toContain('secret');
    expect(key).not.toBe(CredentialsCache.key('alice', 'Secret'));
    // The separator keeps "ab"+"c" and "a"+"bc" apart.
    expect(CredentialsCache.key('ab', 'c')).not.toBe(CredentialsCache.key('a', 'bc'));
  });

  it('returns an entry until it expires', () => {
    const cache = new CredentialsCache(1000);
    cache.put('k', alice, 10_000);
    expect(cache.get('k', 10_999)).toEqual(alice);
    expect(cache.get('k', 11_000)).toBeUndefined();
    expect(cache.get('k', 10_500)).toBeUndefined();
  });

  it('caches nothing with a zero lifetime', () => {
    const cache = new CredentialsCache(0);
    cache.put('k', alice);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the entries of the members of a deleted tenant', () => {
    const cache = new CredentialsCache(60_000);
    const carol = { userId: 'carol', groupIds: [], tenantIds: ['north', 'south'] };
    const dave = { userId: 'dave', groupIds: [], tenantIds: ['south'] };
    cache.put('c', carol);
    cache.put('d', dave);
    cache.put('a', alice);
    cache.dropTenant('north');
    expect([cache.get('c'), cache.get('d'), cache.get('a')]).toEqual([undefined, dave, alice]);
  });

  it('drops the entries of one user or of one group', () => {
    const cache = new CredentialsCache(60_000);
    cache.put('a1', alice);
    cache.put('a2', alice);
    cache.put('b', bob);
    cache.dropUser('alice');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b')]).toEqual([undefined, undefined, bob]);
    cache.put('a1', alice);
    cache.dropGroup('ops');
    expect([cache.get('a1'), cache.get('b')]).toEqual([alice, undefined]);
    cache.clear();
    expect(cache.get('a1')).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const cache = new CredentialsCache(60_000, 2);
    cache.put('1', alice);
    cache.put('2', bob);
    cache.put('3', alice);
    expect([cache.get('1'), cache.get('2'), cache.get('3')]).toEqual([undefined, bob, alice]);
  });
});
