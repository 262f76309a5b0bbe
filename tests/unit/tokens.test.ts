import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_SECONDS, TokenService, type TokenClaims } from '../../server/auth/tokens';

const claims = (): TokenClaims => ({
  sub: '7',
  role: 'STAFF',
  store_id: 3,
  scope: 'session',
  pv: 0,
  sid: crypto.randomUUID(),
});

afterEach(() => {
  vi.useRealTimers();
});

/** A token's signature is checked once and its claims kept: what is kept must never let more in. */
describe('TokenService.verify', () => {
  it('answers the same claims for a token checked before', async () => {
    const tokens = new TokenService('segredo-de-teste-com-tamanho-suficiente');
    const token = await tokens.sign(claims());
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: '7', role: 'STAFF', store_id: 3, scope: 'session' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token signed with another secret, or altered, after the genuine one was checked', async () => {
    const tokens = new TokenService('segredo-de-teste-com-tamanho-suficiente');
    const other = new TokenService('outro-segredo-qualquer-com-tamanho-bom');
    const genuine = await tokens.sign(claims());
    expect(await tokens.verify(genuine)).not.toBeNull();

    expect(await tokens.verify(await other.sign(claims()))).toBeNull();
    const [header, , signature] = genuine.split('.');
    const admin = Buffer.from(JSON.stringify({ ...claims(), role: 'ADMIN', iss: 'painel' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${admin}.${signature}`)).toBeNull();
  });

  it('refuses a kept token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const tokens = new TokenService('segredo-de-teste-com-tamanho-suficiente');
    const token = await tokens.sign(claims());
    expect(await tokens.verify(token)).not.toBeNull();

    vi.setSystemTime(new Date(Date.parse('2026-11-28T12:00:00Z') + SESSION_TTL_SECONDS * 1000 - 1_000));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.parse('2026-11-28T12:00:00Z') + SESSION_TTL_SECONDS * 1000 + 1_000));
    expect(await tokens.verify(token)).toBeNull();
  });
});
