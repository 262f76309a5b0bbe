import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { PERMISSION_IDS } from '../../contract/permissions';
import { eq } from 'drizzle-orm';
import { accounts } from '../../server/db/schema';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface AccountBody {
  data: {
    id: number;
    email: string;
    fullname: string;
    phone: string | null;
    role: string;
    store_id: number | null;
    roles: { role: string; store_id: number | null }[];
    access_token?: string;
  };
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/email', payload: { email, password } });

describe('GET /api/account', () => {
  it('gives staff their store in roles[0].store_id', async () => {
    const response = await as(
      t.app,
      await login(t.app, demo.cantina),
    )({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<AccountBody>();
    const cantina = await storeId(t.app.db, 'Cantina Bella');
    expect(data).toMatchObject({ email: demo.cantina.email, fullname: 'Giulia Romano', role: 'MANAGER' });
    expect(data.roles).toEqual([
      { role: 'MANAGER', store_id: cantina, store_name: 'Cantina Bella', permissions: [...PERMISSION_IDS] },
    ]);
    expect(data.roles[0]!.store_id).not.toBe(await storeId(t.app.db, 'Sabor do Sertão'));
    // Nothing secret leaves the server.
    expect(Object.keys(data)).not.toContain('password_hash');
    expect(Object.keys(data)).not.toContain('failed_logins');
    expect(response.body).not.toContain('argon2');
  });

  it('gives an administrator no store', async () => {
    const response = await as(t.app, await login(t.app, demo.admin))({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<AccountBody>();
    expect(data.roles).toEqual([
      { role: 'ADMIN', store_id: null, store_name: null, permissions: [...PERMISSION_IDS] },
    ]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { message: 'Sessão expirada ou inválida. Entre novamente.' } });
  });
});

describe('PATCH /api/account with a session', () => {
  const email = 'perfil@painel.com.br';
  const password = 'Perfil2026a';
  let id: number;
  let token: string;

  beforeAll(async () => {
    id = await createAccount(t.app.db, { email, password, fullname: 'Perfil Original' });
    token = await login(t.app, { email, password });
  });

  const patch = (payload: Record<string, unknown>, bearer = token) =>
    as(t.app, bearer)({ method: 'PATCH', url: '/api/account', payload });

  it('updates the name and the phone (stored as digits)', async () => {
    const response = await patch({ fullname: '  Novo Nome  ', phone: '(11) 98888-7777' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<AccountBody>();
    expect(data).toMatchObject({ fullname: 'Novo Nome', phone: '11988887777', email });
    expect(data.access_token).toBeUndefined();
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(row).toMatchObject({ fullname: 'Novo Nome', phone: '11988887777' });
    // A profile change keeps the session.
    expect((await as(t.app, token)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);
  });

  it('refuses a bad phone, an empty name, an empty body and unknown fields, writing nothing', async () => {
    const phone = await patch({ phone: '1234' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({
      error: { message: 'Informe um número de telefone válido (XX) XXXXX-XXXX (campo phone)' },
    });
    const name = await patch({ fullname: '   ' });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ error: { message: 'Campo obrigatório (campo fullname)' } });
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: { message: 'Informe ao menos um campo para alterar.' } });
    const unknown = await patch({ fullname: 'Hacker', role: 'ADMIN' });
    expect(unknown.statusCode).toBe(400);
    const escalate = await patch({ store_id: 1 });
    expect(escalate.statusCode).toBe(400);

    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(row).toMatchObject({
      fullname: 'Novo Nome',
      phone: '11988887777',
      role: 'ADMIN',
      last_store_id: null,
    });
  });

  it('requires the current password to change the password', async () => {
    const missing = await patch({ password: 'Trocada2026' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { message: 'Informe a senha atual.' } });

    const wrong = await patch({ password: 'Trocada2026', current_password: 'Errada2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { message: 'Senha atual incorreta.' } });

    const weak = await patch({ password: 'semnumero', current_password: password });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      error: {
        message:
          'A senha deve ter no mínimo 8 caracteres, com letra maiúscula, letra minúscula e número. (campo password)',
      },
    });
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('changes the password, returns a new session and ends the old one at once', async () => {
    const response = await patch({ password: 'Trocada2026', current_password: password });
    expect(response.statusCode).toBe(200);
    const fresh = response.json<AccountBody>().data.access_token;
    expect(fresh).toBeTypeOf('string');

    // Even within the same second as the change, the earlier token is over.
    const old = await as(t.app, token)({ method: 'GET', url: '/api/account' });
    expect(old.statusCode).toBe(401);
    expect((await as(t.app, fresh!)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);

    expect((await signIn(email, password)).statusCode).toBe(401);
    expect((await signIn(email, 'Trocada2026')).statusCode).toBe(200);
  });

  it('ends sessions issued in the same second as a password change', async () => {
    // Repeated so that at least some rounds fall inside one clock second.
    for (let round = 0; round < 4; round++) {
      const address = `rodada${round}@painel.com.br`;
      await createAccount(t.app.db, { email: address, password: 'Rodada2026' });
      const first = await login(t.app, { email: address, password: 'Rodada2026' });
      const changed = await patch({ password: 'Rodada2027', current_password: 'Rodada2026' }, first);
      expect(changed.statusCode).toBe(200);
      const reuse = await as(t.app, first)({ method: 'GET', url: '/api/account' });
      expect(reuse.statusCode, `round ${round}`).toBe(401);
    }
  });
});
