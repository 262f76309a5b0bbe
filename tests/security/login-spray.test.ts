import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_PER_ADDRESS } from '../../server/auth/login-throttle';
import { createAccount, createTestApp, type TestApp } from '../server/helpers';

const LOCKED = { error: { message: 'Muitas tentativas de acesso. Tente novamente em 15 minutos.' } };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let addresses = 0;
const newAddress = () => `10.9.0.${++addresses}`;

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/email',
    payload: { email, password, role: 'ADMIN' },
    remoteAddress,
  });

describe('password spraying', () => {
  it('stops a spray: 100 wrong passwords over 50 e-mails from one address get 30 answers, then 429 alike for known and unknown e-mails', async () => {
    const known = Array.from({ length: 25 }, (_, i) => `spray${i}@painel.com.br`);
    const unknown = Array.from({ length: 25 }, (_, i) => `ninguem${i}@painel.com.br`);
    for (const email of known) await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const sprayer = newAddress();
    const codes: number[] = [];
    const refusals: { known: boolean; ms: number; body: string }[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 25; i++) {
        for (const [email, isKnown] of [
          [known[i]!, true],
          [unknown[i]!, false],
        ] as const) {
          const started = performance.now();
          const response = await signIn(email, `Errada@${round}`, sprayer);
          codes.push(response.statusCode);
          if (response.statusCode === 429) {
            refusals.push({ known: isKnown, ms: performance.now() - started, body: response.body });
          }
        }
      }
    }
    expect(codes.length).toBe(100);
    expect(codes.slice(0, LOGIN_MAX_PER_ADDRESS).every((code) => code === 401)).toBe(true);
    expect(codes.slice(LOGIN_MAX_PER_ADDRESS).every((code) => code === 429)).toBe(true);
    // A refusal reads the same for an account and for an e-mail nobody has.
    expect(new Set(refusals.map((r) => r.body))).toEqual(new Set([JSON.stringify(LOCKED)]));
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const knownMs = median(refusals.filter((r) => r.known).map((r) => r.ms));
    const unknownMs = median(refusals.filter((r) => !r.known).map((r) => r.ms));
    console.log(
      `login spray: 100 wrong passwords over 50 e-mails from one address → ` +
        `${codes.filter((c) => c === 401).length} × 401, ${codes.filter((c) => c === 429).length} × 429; ` +
        `median refusal ${knownMs.toFixed(1)} ms (accounts) vs ${unknownMs.toFixed(1)} ms (no account)`,
    );
    // Nobody was locked out: each owner signs in from their own address.
    expect((await signIn(known[0]!, 'Certa@2026', newAddress())).statusCode).toBe(200);
  });
});
