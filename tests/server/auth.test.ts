import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import crypto from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accounts, attemptCounters, passwordTokens } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import {
  LOGIN_CAP_PER_EMAIL,
  LOGIN_MAX_PER_EMAIL,
  LOGIN_MAX_PER_PAIR,
  LOGIN_SLOW_ANSWER_MS,
} from '../../server/auth/login-throttle';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';

const INVALID_LOGIN = { error: { message: 'E-mail ou senha inválidos.' } };
const INVALID_TOKEN = { error: { message: 'Token inválido ou expirado. Solicite um novo token.' } };
const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const PASSWORD_ONLY = { error: { message: 'Defina sua nova senha para continuar.' } };
const TOO_MANY_TOKENS = {
  error: { message: 'Muitas solicitações de token. Aguarde alguns minutos e tente novamente.' },
};
const STRENGTH =
  'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número. (campo password)';
const LOCKED = { error: { message: 'Muitas tentativas de acesso. Tente novamente em 15 minutos.' } };
const CAPPED = {
  error: {
    message:
      'Por segurança, o acesso com senha a este e-mail foi bloqueado depois de muitas tentativas. ' +
      'Entre com o token enviado por e-mail: use “Esqueci minha senha”.',
  },
};
const CAP_MAIL = 'Acesso com senha bloqueado no Painel';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;

beforeAll(async () => {
  // A sign-in slowed for an e-mail under attack answers at once here: the test of the slowing
  // itself asks an instance with the product's wait.
  t = await createTestApp({ loginSlowAnswerMs: 0 });
});

afterAll(async () => {
  await t?.close();
});

/** Every scenario calls from its own address, so that the per-address limit stays out of its way. */
let addresses = 0;
const newAddress = () => {
  addresses++;
  return `10.1.${Math.floor(addresses / 200)}.${(addresses % 200) + 1}`;
};

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

const signIn = (email: string, password: string, remoteAddress?: string) =>
  post('/auth/email', { email, password, role: 'ADMIN' }, remoteAddress);

/** Asks for a recovery token and reads it from the outbox. */
async function requestToken(
  email: string,
  remoteAddress = newAddress(),
): Promise<{ key: string; token: string }> {
  const before = t.outbox.length;
  const response = await post('/auth/token/request', { email, role: 'ADMIN' }, remoteAddress);
  expect(response.statusCode).toBe(200);
  const key = response.json<{ data: { key: string } }>().data.key;
  expect(t.outbox.length).toBe(before + 1);
  const mail = t.outbox[t.outbox.length - 1]!;
  expect(mail.to).toBe(email.toLowerCase());
  const token = /\b(\d{5})\b/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no token in ${mail.text}`);
  return { key, token };
}

const otherToken = (token: string) => String((Number(token) + 1) % 100_000).padStart(5, '0');

describe('POST /auth/email', () => {
  it('signs an administrator in with a pinned-algorithm JWT carrying role, store and expiry', async () => {
    const response = await signIn(demo.admin.email, demo.admin.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { access_token: string } }>();
    expect(Object.keys(body.data)).toEqual(['access_token']);
    const token = body.data.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ role: 'ADMIN', store_id: null, scope: 'session', iss: 'painel' });
    expect(typeof claims.sub).toBe('string');
    expect(claims.iat).toBeTypeOf('number');
    expect(claims.exp).toBe(claims.iat! + 24 * 60 * 60);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
  });

  it("puts the staff member's store in the token", async () => {
    const claims = decodeJwt(await login(t.app, demo.cantina));
    expect(claims).toMatchObject({
      role: 'MANAGER',
      store_id: await storeId(t.app.db, 'Cantina Bella'),
      scope: 'session',
    });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await signIn(`  ${demo.admin.email.toUpperCase()} `, demo.admin.password);
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await signIn(demo.admin.email, 'Errada@2026');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_LOGIN);
    const unknown = await signIn('ninguem@painel.com.br', demo.admin.password);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID_LOGIN);
  });

  it('validates the e-mail and the password with the form messages', async () => {
    const missing = await post('/auth/email', { password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { message: 'Campo obrigatório (campo email)' } });

    const empty = await post('/auth/email', { email: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: { message: 'Campo obrigatório (campo email)' } });

    const invalid = await post('/auth/email', { email: 'admin@', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: { message: 'Informe um email válido (campo email)' } });

    const noPassword = await post('/auth/email', { email: demo.admin.email });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: { message: 'Campo obrigatório (campo password)' } });

    const extra = await post('/auth/email', {
      email: demo.admin.email,
      password: demo.admin.password,
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('locks an address out of an e-mail after 5 wrong passwords, even for the right one; the owner elsewhere still gets in', async () => {
    const email = 'bloqueio@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const attacker = newAddress();
    for (let i = 0; i < LOGIN_MAX_PER_PAIR; i++) {
      const response = await signIn(email, `Errada@${i}`, attacker);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_LOGIN);
    }
    const locked = await signIn(email, 'Certa@2026', attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED);
    // The lock is the attacker's, not the owner's.
    expect((await signIn(email, 'Certa@2026', newAddress())).statusCode).toBe(200);
    // Once the window has passed, the address may try again.
    await t.app.db
      .update(attemptCounters)
      .set({ window_started_at: sql`now() - interval '16 minutes'` })
      .where(sql`${attemptCounters.key} like 'login:%'`);
    expect((await signIn(email, 'Certa@2026', attacker)).statusCode).toBe(200);
  });

  it('counts wrong passwords sent all at once: no more than 5 are checked, then the lock holds', async () => {
    const email = 'paralelo@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(email, `Errada@${i}`, address)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(15);
    expect((await signIn(email, 'Certa@2026', address)).statusCode).toBe(429);
  });

  it('keeps the counters in the database: another instance, or a restart, sees the same lock', async () => {
    const email = 'compartilhado@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_PER_PAIR; i++) await signIn(email, `Errada@${i}`, address);
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-uploads-'));
    const other = await buildApp({ database: t.database, jwtSecret: 'y'.repeat(48), uploadsDir });
    try {
      const response = await other.inject({
        method: 'POST',
        url: '/auth/email',
        payload: { email, password: 'Certa@2026', role: 'ADMIN' },
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('slows, without locking, an e-mail guessed from many addresses: the right password still gets in', async () => {
    const email = 'visado@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const app = await t.instance({ loginSlowAnswerMs: LOGIN_SLOW_ANSWER_MS });
    const signInThere = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/email',
        payload: { email, password, role: 'ADMIN' },
        remoteAddress: newAddress(),
      });
    const answers = await Promise.all(
      Array.from({ length: LOGIN_MAX_PER_EMAIL }, (_, i) => signInThere(`Errada@${i}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const started = performance.now();
    const owner = await signInThere('Certa@2026');
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOW_ANSWER_MS - 50);
  });

  it('caps an e-mail at 50 checked passwords a day from any addresses: then only the e-mailed token signs it in, and the owner is told once', async () => {
    const email = 'cerco@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const mailsTo = () => t.outbox.filter((mail) => mail.to === email && mail.subject === CAP_MAIL);
    // Sent all at once, each from its own address: the count is taken before any password is
    // checked, so exactly 50 are checked and the rest refused.
    const answers = await Promise.all(
      Array.from({ length: LOGIN_CAP_PER_EMAIL + 10 }, (_, i) => signIn(email, `Errada@${i}`, newAddress())),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_CAP_PER_EMAIL);
    expect(answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json())).toEqual(
      Array.from({ length: 10 }, () => CAPPED),
    );
    // The right password is refused too, from anywhere; the owner was told once.
    const [owner, ...more] = await Promise.all([
      signIn(email, 'Certa@2026', newAddress()),
      ...Array.from({ length: 3 }, (_, i) => signIn(email, `Errada@x${i}`, newAddress())),
    ]);
    expect(owner!.statusCode).toBe(429);
    expect(owner!.json()).toEqual(CAPPED);
    expect(more.map((answer) => answer.json())).toEqual([CAPPED, CAPPED, CAPPED]);
    await expect.poll(() => mailsTo().length).toBe(1);
    expect(mailsTo()[0]!.text).toContain('Esqueci minha senha');

    // The e-mailed token proves the owner: a password set through it lifts the cap.
    const { key, token } = await requestToken(email);
    const exchanged = await post('/auth/token', { token, key, role: 'ADMIN' });
    const passwordToken = exchanged.json<{ data: { access_token: string } }>().data.access_token;
    const changed = await as(
      t.app,
      passwordToken,
    )({
      method: 'PATCH',
      url: '/api/account',
      payload: { password: 'Recuperada2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await signIn(email, 'Recuperada2026', newAddress())).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const email = 'esquecido@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn(email, 'Errada@2026')).statusCode).toBe(401);
      expect((await signIn(email, 'Certa@2026')).statusCode).toBe(200);
    }
  });
});

describe('session tokens', () => {
  it('refuses forged, unsigned and tampered tokens', async () => {
    const real = await login(t.app, demo.cantina);
    const claims = decodeJwt(real);

    const otherSecret = await new SignJWT({ ...claims, role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const unsigned = new UnsecuredJWT({ ...claims, role: 'ADMIN' }).encode();
    const [header, , signature] = real.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN', store_id: null })).toString(
      'base64url',
    );
    const tampered = `${header}.${payload}.${signature}`;

    for (const token of [otherSecret, unsigned, tampered, 'abc', `${real}x`]) {
      const response = await as(t.app, token)({ method: 'GET', url: '/api/account' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(SESSION_ENDED);
    }
    // Without the Bearer prefix, nothing is read.
    const raw = await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: real } });
    expect(raw.statusCode).toBe(401);
    expect((await as(t.app, real)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it("stops a disabled account's existing tokens and refuses its sign-in", async () => {
    const email = 'desativada@painel.com.br';
    const id = await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const token = await login(t.app, { email, password: 'Certa@2026' });
    expect((await as(t.app, token)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);

    // Disabled behind the API's back (another instance, a script): refused as soon as the
    // database's notice arrives.
    await t.app.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, id));
    const account = () => as(t.app, token)({ method: 'GET', url: '/api/account' });
    await expect.poll(async () => (await account()).statusCode, { interval: 20 }).toBe(401);
    expect((await account()).json()).toEqual(SESSION_ENDED);

    // The right password of a disabled account reads as a wrong one, and counts as one: any other
    // answer would confirm the password to whoever guessed it.
    const address = newAddress();
    for (let i = 0; i < LOGIN_MAX_PER_PAIR; i++) {
      const again = await signIn(email, 'Certa@2026', address);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual(INVALID_LOGIN);
      const wrong = await signIn(email, 'Errada@2026', newAddress());
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_LOGIN);
    }
    expect((await signIn(email, 'Certa@2026', address)).json()).toEqual(LOCKED);
    // A disabled account gets no recovery e-mail either.
    const before = t.outbox.length;
    const request = await post('/auth/token/request', { email }, newAddress());
    expect(request.statusCode).toBe(200);
    expect(t.outbox.length).toBe(before);
  });
});

describe('POST /auth/logout', () => {
  it('ends this session on every route, and only this one', async () => {
    const email = 'sair@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const tablet = await login(t.app, { email, password: 'Certa@2026' });
    const desk = await login(t.app, { email, password: 'Certa@2026' });
    const out = await as(t.app, tablet)({ method: 'POST', url: '/auth/logout' });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    for (const url of ['/api/account', '/api/stores', '/api/admins']) {
      const response = await as(t.app, tablet)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(SESSION_ENDED);
    }
    expect((await as(t.app, tablet)({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
    // The account's other session goes on.
    expect((await as(t.app, desk)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it('refuses a signed token whose session does not exist', async () => {
    const real = await login(t.app, demo.admin);
    const claims = decodeJwt(real);
    const forged = await t.app.tokens.sign({
      sub: claims.sub!,
      role: 'ADMIN',
      store_id: null,
      scope: 'session',
      pv: claims.pv as number,
      sid: crypto.randomUUID(),
    });
    expect((await as(t.app, forged)({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
  });
});

describe('recovery and first-access token flow', () => {
  const email = 'recupera@painel.com.br';
  const oldPassword = 'Antiga@2026';
  const newPassword = 'NovaSenha2026';
  let accountId: number;
  let oldSession: string;
  let key: string;
  let token: string;
  let passwordToken: string;
  let newSession: string;

  /** An address locked out of the e-mail before the recovery. */
  const lockedAddress = newAddress();

  beforeAll(async () => {
    accountId = await createAccount(t.app.db, { email, password: oldPassword });
    oldSession = await login(t.app, { email, password: oldPassword });
    for (let i = 0; i <= LOGIN_MAX_PER_PAIR; i++) await signIn(email, `Errada@${i}`, lockedAddress);
    expect((await signIn(email, oldPassword, lockedAddress)).statusCode).toBe(429);
  });

  it('sends a 5-digit token by e-mail and answers with a key', async () => {
    const before = t.outbox.length;
    const response = await post(
      '/auth/token/request',
      { email: email.toUpperCase(), role: 'ADMIN' },
      newAddress(),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { key: string } }>();
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['key']);
    expect(body.data.key).toMatch(UUID);
    key = body.data.key;

    expect(t.outbox.length).toBe(before + 1);
    const mail = t.outbox[before]!;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Seu token de acesso ao Painel');
    const found = /Seu token de acesso é (\d{5})\./.exec(mail.text);
    expect(found).not.toBeNull();
    token = found![1]!;
  });

  it('stores the token hashed and bound to its key, never in plain text', async () => {
    const [row] = await t.app.db.select().from(passwordTokens).where(eq(passwordTokens.key, key));
    expect(row).toBeDefined();
    expect(row!.account_id).toBe(accountId);
    expect(row!.email).toBe(email);
    expect(row!.token_hash).not.toBe(token);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row!).map(String)).not.toContain(token);
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(10 * 60 * 1000);
  });

  it('exchanges the token for a password-only access token', async () => {
    const response = await post('/auth/token', { token, key, role: 'ADMIN' });
    expect(response.statusCode).toBe(200);
    passwordToken = response.json<{ data: { access_token: string } }>().data.access_token;
    expect(decodeProtectedHeader(passwordToken).alg).toBe('HS256');
    const claims = decodeJwt(passwordToken);
    expect(claims).toMatchObject({ scope: 'password', role: 'ADMIN', sub: String(accountId) });
    expect(claims.exp).toBe(claims.iat! + 15 * 60);
  });

  it('is single-use: the same key and token are refused the second time', async () => {
    const again = await post('/auth/token', { token, key, role: 'ADMIN' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_TOKEN);
  });

  it('opens nothing but PATCH /api/account', async () => {
    const call = as(t.app, passwordToken);
    for (const request of [
      { method: 'GET', url: '/api/account' },
      { method: 'GET', url: '/api/faqs' },
      { method: 'GET', url: '/api/cousines' },
      { method: 'POST', url: '/api/faqs', payload: { title: 'x', text: 'y', category: 'MERCHANT' } },
    ] as const) {
      const response = await call(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json()).toEqual(PASSWORD_ONLY);
    }
  });

  it('only sets the password, and only a strong one', async () => {
    const call = as(t.app, passwordToken);
    const weak = await call({ method: 'PATCH', url: '/api/account', payload: { password: 'fraca123' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: { message: STRENGTH } });

    const profile = await call({
      method: 'PATCH',
      url: '/api/account',
      payload: { password: newPassword, fullname: 'Outro Nome' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ error: { message: 'Informe somente a nova senha.' } });

    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row!.fullname).toBe('Conta de Teste');
    expect(row!.password_changed_at).toBeNull();
  });

  it('sets a strong password and answers with a normal session', async () => {
    const response = await as(
      t.app,
      passwordToken,
    )({
      method: 'PATCH',
      url: '/api/account',
      payload: { password: newPassword },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { access_token: string; email: string } }>().data;
    expect(data.email).toBe(email);
    expect(JSON.stringify(data)).not.toContain('password');
    newSession = data.access_token;
    expect(decodeJwt(newSession)).toMatchObject({ scope: 'session', sub: String(accountId) });

    const account = await as(t.app, newSession)({ method: 'GET', url: '/api/account' });
    expect(account.statusCode).toBe(200);
    expect(account.json<{ data: { id: number } }>().data.id).toBe(accountId);
    // The e-mailed token proved the owner: the lock on the e-mail is lifted, wherever it was.
    expect((await signIn(email, newPassword, lockedAddress)).statusCode).toBe(200);
  });

  it('retires the password token and the sessions issued before the change', async () => {
    const reuse = await as(
      t.app,
      passwordToken,
    )({
      method: 'PATCH',
      url: '/api/account',
      payload: { password: 'Terceira2026' },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(SESSION_ENDED);

    const old = await as(t.app, oldSession)({ method: 'GET', url: '/api/account' });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(SESSION_ENDED);
  });

  it('signs in with the new password only', async () => {
    const old = await signIn(email, oldPassword);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(INVALID_LOGIN);
    expect((await signIn(email, newPassword)).statusCode).toBe(200);
    expect((await signIn(email, 'Terceira2026')).statusCode).toBe(401);
  });
});

describe('POST /auth/token', () => {
  it('kills a key after 5 wrong tokens, even for the right one', async () => {
    const email = 'tentativas@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const { key, token } = await requestToken(email);
    const wrong = otherToken(token);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post('/auth/token', { token: wrong, key, role: 'ADMIN' });
      expect(response.statusCode).toBe(400);
      messages.push(response.json<{ error: { message: string } }>().error.message);
    }
    expect(messages).toEqual([
      'Token incorreto. Você tem mais 4 tentativas.',
      'Token incorreto. Você tem mais 3 tentativas.',
      'Token incorreto. Você tem mais 2 tentativas.',
      'Token incorreto. Você tem mais 1 tentativa.',
      'Token incorreto. Limite de tentativas atingido; solicite um novo token.',
    ]);
    const right = await post('/auth/token', { token, key, role: 'ADMIN' });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses an expired token', async () => {
    const email = 'expirado@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const { key, token } = await requestToken(email);
    await t.app.db
      .update(passwordTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.key, key));
    const response = await post('/auth/token', { token, key, role: 'ADMIN' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_TOKEN);
  });

  it("binds a token to its key: another request's key does not take it", async () => {
    const email = 'vinculo@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    const first = await requestToken(email);
    const second = await requestToken(email);
    if (first.token !== second.token) {
      const crossed = await post('/auth/token', { token: first.token, key: second.key, role: 'ADMIN' });
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json()).toEqual({ error: { message: 'Token incorreto. Você tem mais 4 tentativas.' } });
    }
    expect((await post('/auth/token', { token: first.token, key: first.key })).statusCode).toBe(200);
  });

  it('refuses an unknown key and validates the token format', async () => {
    const unknown = await post('/auth/token', { token: '12345', key: crypto.randomUUID(), role: 'ADMIN' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID_TOKEN);

    const short = await post('/auth/token', { token: '1234', key: crypto.randomUUID() });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: { message: 'Informe os 5 dígitos enviados para o email (campo token)' },
    });

    const missing = await post('/auth/token', { key: crypto.randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: { message: 'Informe os 5 dígitos enviados para o email (campo token)' },
    });

    const badKey = await post('/auth/token', { token: '12345', key: 'chave' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({
      error: { message: 'Token inválido ou expirado. Solicite um novo token. (campo key)' },
    });
  });
});

describe('POST /auth/token/request', () => {
  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const known = await post(
      '/auth/token/request',
      { email: demo.sertao.email, role: 'ADMIN' },
      newAddress(),
    );
    const before = t.outbox.length;
    const unknown = await post(
      '/auth/token/request',
      { email: 'fantasma@painel.com.br', role: 'ADMIN' },
      newAddress(),
    );
    expect(t.outbox.length).toBe(before);

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    const a = known.json<{ data: { key: string } }>();
    const b = unknown.json<{ data: { key: string } }>();
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(Object.keys(b.data)).toEqual(Object.keys(a.data));
    expect(b.data.key).toMatch(UUID);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    // Trying a token on the unknown key reads like a wrong token on a real one.
    const tried = await post('/auth/token', { token: '12345', key: b.data.key, role: 'ADMIN' });
    expect(tried.statusCode).toBe(400);
    expect(tried.json()).toEqual({ error: { message: 'Token incorreto. Você tem mais 4 tentativas.' } });
  });

  it('validates the e-mail', async () => {
    const missing = await post('/auth/token/request', { role: 'ADMIN' }, newAddress());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { message: 'Campo obrigatório (campo email)' } });
    const invalid = await post('/auth/token/request', { email: 'nao-e-email' }, newAddress());
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: { message: 'Email inválido (campo email)' } });
  });

  it('limits requests per e-mail: the 4th within the window gets 429', async () => {
    const email = 'limite@painel.com.br';
    await createAccount(t.app.db, { email, password: 'Certa@2026' });
    for (let i = 0; i < 3; i++) {
      const response = await post(
        '/auth/token/request',
        { email: i === 1 ? email.toUpperCase() : email },
        newAddress(),
      );
      expect(response.statusCode).toBe(200);
    }
    const before = t.outbox.length;
    const fourth = await post('/auth/token/request', { email }, newAddress());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual(TOO_MANY_TOKENS);
    expect(t.outbox.length).toBe(before);

    // An unknown e-mail is limited the same way.
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/auth/token/request', { email: 'sumido@painel.com.br' }, newAddress())).statusCode,
      ).toBe(200);
    }
    const unknown = await post('/auth/token/request', { email: 'sumido@painel.com.br' }, newAddress());
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(TOO_MANY_TOKENS);
  });

  it('limits requests per address: the 11th from one address gets 429', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) {
      const response = await post('/auth/token/request', { email: `pessoa${i}@painel.com.br` }, address);
      expect(response.statusCode).toBe(200);
    }
    const eleventh = await post('/auth/token/request', { email: 'pessoa10@painel.com.br' }, address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(TOO_MANY_TOKENS);
    // Another address is not affected.
    expect(
      (await post('/auth/token/request', { email: 'pessoa10@painel.com.br' }, newAddress())).statusCode,
    ).toBe(200);
  });
});
