import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CAP_PER_EMAIL, LOGIN_MAX_PER_ADDRESS } from '../../server/auth/login-throttle';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../../server/config';
import { createAccount, createTestApp, type TestApp } from '../server/helpers';

const LOCKED = { error: { message: 'Muitas tentativas de acesso. Tente novamente em 15 minutos.' } };
const CAPPED = {
  error: {
    message:
      'Por segurança, o acesso com senha a este e-mail foi bloqueado depois de muitas tentativas. ' +
      'Entre com o token enviado por e-mail: use “Esqueci minha senha”.',
  },
};

let t: TestApp;

beforeAll(async () => {
  // What is refused, and how alike, not the wait of an e-mail under attack (tests/server/auth.test.ts).
  t = await createTestApp({ loginSlowAnswerMs: 0 });
});

afterAll(async () => {
  await t?.close();
});

let addresses = 0;
const newAddress = () => {
  addresses++;
  return `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

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

describe('guessing one password from many addresses', () => {
  it('checks 50 passwords of an e-mail a day, whatever the addresses, then refuses every one alike for an account and for none', async () => {
    const known = 'cercado@painel.com.br';
    const unknown = 'ninguem-cercado@painel.com.br';
    await createAccount(t.app.db, { email: known, password: 'Certa@2026' });
    const outcome = { known: [] as number[], unknown: [] as number[] };
    const refusals = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    // Two waves of 60 guesses on each e-mail sent at once, each guess from an address of its own.
    for (let wave = 0; wave < 2; wave++) {
      const answers = await Promise.all(
        (['known', 'unknown'] as const).flatMap((who) =>
          Array.from({ length: 60 }, async (_, i) => {
            const started = performance.now();
            const response = await signIn(
              who === 'known' ? known : unknown,
              `Errada@${wave}.${i}`,
              newAddress(),
            );
            return { who, response, ms: performance.now() - started };
          }),
        ),
      );
      for (const { who, response, ms } of answers) {
        outcome[who].push(response.statusCode);
        if (response.statusCode === 429) {
          refusals[who].push(ms);
          bodies.add(response.body);
        }
      }
    }
    for (const who of ['known', 'unknown'] as const) {
      expect(
        outcome[who].filter((code) => code === 401),
        who,
      ).toHaveLength(LOGIN_CAP_PER_EMAIL);
      expect(
        outcome[who].filter((code) => code === 429),
        who,
      ).toHaveLength(120 - LOGIN_CAP_PER_EMAIL);
    }
    expect([...bodies]).toEqual([JSON.stringify(CAPPED)]);
    // The right password does not get in either: only the e-mailed token does.
    const owner = await signIn(known, 'Certa@2026', newAddress());
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual(CAPPED);
    // Only the account's owner is told, and only once.
    expect(t.outbox.filter((mail) => mail.to === known)).toHaveLength(1);
    expect(t.outbox.filter((mail) => mail.to === unknown)).toHaveLength(0);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `distributed guess: 120 wrong passwords per e-mail from 120 addresses → ` +
        `${LOGIN_CAP_PER_EMAIL} × 401, ${120 - LOGIN_CAP_PER_EMAIL} × 429 for an account and for none alike; ` +
        `median refusal ${median(refusals.known).toFixed(0)} ms (account) vs ${median(refusals.unknown).toFixed(0)} ms (no account)`,
    );
  });
});

describe('behind a trusted proxy', () => {
  /** What a proxy sends on: the client's own X-Forwarded-For, with the address it saw appended. */
  const throughProxy = (app: FastifyInstance, email: string, forged: string, client: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/email',
      payload: { email, password: 'Errada@2026', role: 'ADMIN' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${forged}, ${client}` },
    });

  it.each([
    ['one hop (TRUST_PROXY=1)', readConfig({ TRUST_PROXY: '1' }).trustProxy],
    ["the proxy's address (TRUST_PROXY=127.0.0.1)", readConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy],
  ])(
    'counts the address the proxy saw, not what the client wrote in X-Forwarded-For: %s',
    async (_, trustProxy) => {
      const app = await t.instance({ trustProxy });
      const client = newAddress();
      const codes: number[] = [];
      for (let i = 0; i < 45; i++) {
        const response = await throughProxy(app, `rotacao${i}@painel.com.br`, `198.51.100.${i + 1}`, client);
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, LOGIN_MAX_PER_ADDRESS).every((code) => code === 401)).toBe(true);
      expect(codes.slice(LOGIN_MAX_PER_ADDRESS).every((code) => code === 429)).toBe(true);
      // Another client behind the same proxy is not held by the first one's lock.
      expect((await throughProxy(app, 'outra@painel.com.br', '198.51.100.1', newAddress())).statusCode).toBe(
        401,
      );
    },
  );
});
