import { createHash } from 'node:crypto';
import { Authentication } from '../command/authentication';

interface Entry {
  auth: Authentication;
  expires: number;
}

/**
 * Successful basic-auth verifications, keyed by a SHA-256 of the credentials so that the slow
 * password hash runs once per user and expiry period instead of once per request. The identity
 * manager drops what a committed change makes stale (a user's password, group or tenant memberships or
 * deletion, a group's deletion or tenant memberships, a tenant's deletion); other instances see such changes when their entries expire (AUTH_CACHE_SECONDS).
 * It sits with the caller it produces, below the command layer, so that `CommandDeps` can hand it
 * to the manager.
 */
export class CredentialsCache {
  private readonly entries = new Map<string, Entry>();
  /** Goes up with every drop, so that a verification that began before a drop does not put back what it dropped. */
  private dropped = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  static key(userId: string, password: string): string {
    return createHash('sha256').update(userId).update('\u0000').update(password).digest('base64');
  }

  get(key: string, now = Date.now()): Authentication | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.auth;
  }

  /** Taken before a verification reads the database, and handed to `put` with its result. */
  generation(): number {
    return this.dropped;
  }

  put(key: string, auth: Authentication, now = Date.now(), generation = this.dropped): void {
    if (this.ttlMs <= 0 || generation !== this.dropped) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { auth, expires: now + this.ttlMs });
  }

  dropUser(userId: string): void {
    this.dropped++;
    for (const [key, entry] of this.entries) if (entry.auth.userId === userId) this.entries.delete(key);
  }

  dropGroup(groupId: string): void {
    this.dropped++;
    for (const [key, entry] of this.entries) if (entry.auth.groupIds.includes(groupId)) this.entries.delete(key);
  }

  /** A tenant is gone: its members' entries name it among their tenants. */
  dropTenant(tenantId: string): void {
    this.dropped++;
    for (const [key, entry] of this.entries) if (entry.auth.tenantIds?.includes(tenantId)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
