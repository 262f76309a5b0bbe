import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { accounts, sessions } from '../../server/db/schema';
import { createAccount, login } from '../server/helpers';
import { routeKey } from './expected-access';
import { createSecurityApp, type SecurityApp } from './identities';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };

let t: SecurityApp;

beforeAll(async () => {
  t = await createSecurityApp();
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** A signed-in account of its own, so that each attack can end it without touching the others. */
let accounts_ = 0;
async function victim(role = 'MANAGER'): Promise<{ id: number; token: string; password: string }> {
  accounts_++;
  const email = `alvo${accounts_}@cantinabella.com.br`;
  const password = `Alvo@2026-${accounts_}`;
  const id = await createAccount(t.app.db, { email, password, role, store_id: t.storeA });
  return { id, token: await login(t.app, { email, password }), password };
}

/** Replaces the payload of a signed token, keeping its header and signature. */
function edited(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...changes })).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Every non-public route with the token: each must answer 401 in the error envelope. */
async function expectDeadEverywhere(token: string, label: string) {
  const routes = t.app.routeTable.filter((route) => route.access !== 'public');
  expect(routes.length).toBeGreaterThan(80);
  for (const route of routes) {
    const url = route.url.replace(/:[A-Za-z_]\w*/g, '1').replace(/\*/g, '1');
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    const response = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(withBody ? { payload: {} } : {}),
    });
    expect(response.statusCode, `${label}: ${routeKey(route)}`).toBe(401);
    if (route.method !== 'HEAD')
      expect(response.json(), `${label}: ${routeKey(route)}`).toEqual(SESSION_ENDED);
  }
}

describe('token attacks, each tried on every non-public route', () => {
  it('refuses an unsigned token (alg none) and one signed with another key', async () => {
    const { token } = await victim();
    const claims = decodeJwt(token);
    await expectDeadEverywhere(
      new UnsecuredJWT({ ...claims, role: 'ADMIN', store_id: null }).encode(),
      'alg none',
    );
    const otherKey = await new SignJWT({ ...claims, role: 'ADMIN', store_id: null })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('outra-chave-'.repeat(6)));
    await expectDeadEverywhere(otherKey, 'another key');
  });

  it('refuses a token with any claim edited', async () => {
    const { token } = await victim('WAITER');
    const admin = decodeJwt(await login(t.app, { email: 'admin@painel.com.br', password: 'Painel@2026' }));
    for (const changes of [
      { role: 'ADMIN', store_id: null },
      { store_id: t.storeB },
      { sub: admin.sub },
      { sid: admin.sid, sub: admin.sub },
      { pv: (decodeJwt(token).pv as number) + 1 },
      { scope: 'password' },
      { exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86_400 },
    ]) {
      await expectDeadEverywhere(edited(token, changes), `edited ${Object.keys(changes).join(', ')}`);
    }
  });

  it('refuses an expired token, and a session past its end', async () => {
    const { token } = await victim();
    const { id: otherId, token: other } = await victim();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3_600_000 });
    try {
      await expectDeadEverywhere(token, 'expired');
    } finally {
      vi.useRealTimers();
    }
    await t.app.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.account_id, otherId));
    await expectDeadEverywhere(other, 'session ended by time');
  });

  it('refuses a signed-out token', async () => {
    const { token } = await victim();
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    await expectDeadEverywhere(token, 'signed out');
  });

  it('refuses a token issued before a password change', async () => {
    const { token, password } = await victim();
    const second = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: password, password: 'Trocada@2026x' },
    });
    expect(second.statusCode, second.body).toBe(200);
    await expectDeadEverywhere(token, 'password changed');
    // The session the change answered with works.
    const fresh = second.json<{ data: { access_token: string } }>().data.access_token;
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(account.statusCode).toBe(200);
  });

  it("refuses a disabled account's token, and a removed account's", async () => {
    const disabled = await victim();
    await t.app.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, disabled.id));
    await expectDeadEverywhere(disabled.token, 'disabled');
    const removed = await victim();
    await t.app.db.delete(accounts).where(eq(accounts.id, removed.id));
    await expectDeadEverywhere(removed.token, 'removed');
  });
});
