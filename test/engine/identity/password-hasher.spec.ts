import { hashPassword, verifyPassword } from '../../../src/engine/identity/password-hasher';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret'), hashPassword('s3cret')]);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('s3cret');
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(255);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('pässwörd');
    expect(await verifyPassword('pässwörd', stored)).toBe(true);
    expect(await verifyPassword('passwörd', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses users without a password and unknown hash formats', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'x')).toBe(false);
    expect(await verifyPassword('x', '{SHA}abc')).toBe(false);
  });
});
