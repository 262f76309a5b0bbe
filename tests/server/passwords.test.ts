import { describe, expect, it } from 'vitest';
import { hashPassword, STRONG_PASSWORD, verifyPassword } from '../../server/auth/passwords';

describe('password hashing', () => {
  it('uses argon2id at m = 19 MiB, t = 2, p = 1', async () => {
    const hash = await hashPassword('Segredo123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password only, and never throws on a broken hash', async () => {
    const hash = await hashPassword('Segredo123');
    expect(await verifyPassword(hash, 'Segredo123')).toBe(true);
    expect(await verifyPassword(hash, 'segredo123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Segredo123')).toBe(false);
    expect(await verifyPassword(null, 'Segredo123')).toBe(false);
  });

  it('knows a strong password from a weak one', () => {
    expect(STRONG_PASSWORD.test('Segredo123')).toBe(true);
    for (const weak of ['segredo123', 'SEGREDO123', 'Segredoabc', 'Seg123']) {
      expect(STRONG_PASSWORD.test(weak)).toBe(false);
    }
  });
});
