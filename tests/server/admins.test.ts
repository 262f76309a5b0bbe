import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { accounts, memberships } from '../../server/db/schema';
import { ALREADY_MEMBER } from '../../server/routes/admins';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';

type Call = ReturnType<typeof as>;

/** The add-administrator form, as the screen sends it. */
function adminBody(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Beatriz Quintão',
    email: 'beatriz@painel.com.br',
    phone: '11987651234',
    password: 'segredo1',
    permissions: { admin: 1 },
    ...overrides,
  };
}

/** The add-collaborator form (restaurant spec): no permissions. */
function collaboratorBody(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Tadeu Quixadá',
    email: 'tadeu@cantinabella.com.br',
    phone: '(11) 97777-1234',
    password: 'abcdefgh',
    ...overrides,
  };
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;

/** Every key of every answer, nested: no password_hash anywhere. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password_hash|failed_logins|locked_until|password_changed_at/);
  expect(body).not.toMatch(/\$argon2/);
}

describe('administrators and teams API', () => {
  let t: TestApp;
  let admin: Call;
  let cantina: Call;
  let sertao: Call;
  let anonymous: Call;
  let cantinaId: number;
  let sertaoId: number;
  /** The seeded teams, before the tests add anyone. */
  let cantinaTeam: string[];
  let sertaoTeam: string[];
  const answers: string[] = [];

  const track =
    (call: Call): Call =>
    async (options) => {
      const response = await call(options);
      answers.push(response.body);
      return response;
    };

  beforeAll(async () => {
    t = await createTestApp();
    admin = track(as(t.app, await login(t.app, demo.admin)));
    cantina = track(as(t.app, await login(t.app, demo.cantina)));
    sertao = track(as(t.app, await login(t.app, demo.sertao)));
    anonymous = track(as(t.app, null));
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
    cantinaTeam = await teamOf(cantinaId);
    sertaoTeam = await teamOf(sertaoId);
  });
  afterAll(async () => {
    // Whatever the tests asked, no answer carried a secret.
    for (const body of answers) expectNoSecrets(body);
    await t?.close();
  });

  const teamOf = async (store: number) =>
    (
      await t.database.db
        .select({ email: accounts.email })
        .from(accounts)
        .innerJoin(memberships, eq(memberships.account_id, accounts.id))
        .where(eq(memberships.store_id, store))
    )
      .map((row) => row.email)
      .sort();
  const emailsOf = (response: { json(): unknown }) =>
    (response.json() as { data: { results: { email: string }[] } }).data.results.map((r) => r.email).sort();

  const idOf = async (email: string) => {
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, email));
    return row!.id;
  };

  describe('platform administrators', () => {
    it('adds an administrator with phone digits and the permissions flag, and the new one signs in', async () => {
      const response = await admin({
        method: 'POST',
        url: '/api/admins',
        payload: adminBody({ email: 'Beatriz@Painel.com.br', phone: '(11) 98765-1234' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json().data;
      expect(created).toMatchObject({
        fullname: 'Beatriz Quintão',
        email: 'beatriz@painel.com.br',
        phone: '11987651234',
        role: 'ADMIN',
        store_id: null,
        permissions: { admin: 1 },
        status: 'ACTIVE',
      });
      expect(created.created_at).toBeTruthy();
      expect(Object.keys(created)).not.toContain('password_hash');

      const [row] = await t.database.db
        .select({ hash: accounts.password_hash })
        .from(accounts)
        .where(eq(accounts.id, created.id));
      expect(row?.hash).toMatch(/^\$argon2id\$/);
      await login(t.app, { email: 'beatriz@painel.com.br', password: 'segredo1' });
    });

    it('lists administrators only, with search over name and e-mail, accent-insensitive', async () => {
      const all = await admin({ method: 'GET', url: '/api/admins' });
      expect(all.statusCode).toBe(200);
      const { results, total } = all.json().data;
      expect(total).toBe(results.length);
      expect(results.every((r: { role: string }) => r.role === 'ADMIN')).toBe(true);
      expect(results.map((r: { email: string }) => r.email)).toEqual(
        expect.arrayContaining(['admin@painel.com.br', 'beatriz@painel.com.br']),
      );
      expect(results.map((r: { email: string }) => r.email)).not.toContain(demo.cantina.email);

      const byName = await admin({ method: 'GET', url: '/api/admins', query: { search: 'quintao' } });
      expect(byName.json().data.results.map((r: { fullname: string }) => r.fullname)).toEqual([
        'Beatriz Quintão',
      ]);
      const byEmail = await admin({ method: 'GET', url: '/api/admins', query: { search: 'admin@painel' } });
      expect(byEmail.json().data.results.map((r: { email: string }) => r.email)).toEqual([
        'admin@painel.com.br',
      ]);
      const literal = await admin({ method: 'GET', url: '/api/admins', query: { search: '%' } });
      expect(literal.json().data.total).toBe(0);
    });

    it("exports the administrators as CSV: the list's columns, BOM, ';', accents and the phone's mask", async () => {
      const response = await admin({ method: 'GET', url: '/api/admins', query: { format: 'csv' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="permissoes-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('\uFEFFNome;E-mail;Telefone;Criado em');
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1);
      const admins = await t.database.db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.role, 'ADMIN'));
      expect(rows).toHaveLength(admins.length);
      expect(rows).toContainEqual(
        expect.stringMatching(
          /^Beatriz Quintão;beatriz@painel\.com\.br;\(11\) 98765-1234;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
        ),
      );
      // Administrators only, and nothing the list does not show.
      expect(response.body).not.toContain(demo.cantina.email);
      expect(response.body).not.toMatch(/ADMIN|ACTIVE|permissions|\$argon2/);

      const searched = await admin({
        method: 'GET',
        url: '/api/admins',
        query: { search: 'QUINTAO' },
        headers: { accept: 'text/csv' },
      });
      expect(searched.body.split('\r\n').slice(1, -1)).toEqual([
        expect.stringMatching(/^Beatriz Quintão;beatriz@painel\.com\.br;/),
      ]);
    });

    it('pages by 50 by default, and as asked', async () => {
      for (let n = 0; n < 52; n++) {
        await createAccount(t.database.db, {
          email: `lote${String(n).padStart(2, '0')}@painel.com.br`,
          password: 'x',
          fullname: `Lote ${String(n).padStart(2, '0')}`,
        });
      }
      const first = await admin({ method: 'GET', url: '/api/admins' });
      expect(first.json().data.results).toHaveLength(50);
      expect(first.json().data.total).toBeGreaterThanOrEqual(54);
      const page = await admin({
        method: 'GET',
        url: '/api/admins',
        query: { search: 'lote', page: '2', page_size: '20', sort_field: 'email', sort_order: 'DESC' },
      });
      expect(page.json().data.total).toBe(52);
      expect(page.json().data.results.map((r: { email: string }) => r.email)[0]).toBe('lote31@painel.com.br');
      const bad = await admin({ method: 'GET', url: '/api/admins', query: { sort_field: 'password_hash' } });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)).toContain('Campo de ordenação inválido.');
    });

    it('reads one administrator', async () => {
      const id = await idOf('beatriz@painel.com.br');
      const response = await admin({ method: 'GET', url: `/api/admins/id/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, fullname: 'Beatriz Quintão' });
      const missing = await admin({ method: 'GET', url: '/api/admins/id/999999' });
      expect(missing.statusCode).toBe(404);
    });

    it.each([
      ['fullname', { fullname: undefined }, 'Campo obrigatório'],
      ['fullname', { fullname: '   ' }, 'Campo obrigatório'],
      ['fullname', { fullname: 'a'.repeat(101) }, 'Limite máximo de 100 caracteres.'],
      ['email', { email: undefined }, 'Campo obrigatório'],
      ['email', { email: 'beatriz@' }, 'Informe um email válido'],
      ['phone', { phone: undefined }, 'Campo obrigatório'],
      ['phone', { phone: '1198765' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
      ['phone', { phone: '(00) 98765-4321' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
      // A valid landline, but spec 5 gives administrators the mobile pattern alone.
      ['phone', { phone: '(11) 3456-7890' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
      ['password', { password: undefined }, 'Você precisa informar uma senha de no mínimo 8 caracteres.'],
      ['password', { password: '12345' }, 'Você precisa informar uma senha de no mínimo 8 caracteres.'],
      ['permissions', { permissions: { admin: 2 } }, ''],
    ])('refuses an administrator with a bad %s: %j', async (field, overrides, message) => {
      const before = await admin({ method: 'GET', url: '/api/admins' });
      const response = await admin({
        method: 'POST',
        url: '/api/admins',
        payload: adminBody({ email: 'nova@painel.com.br', ...overrides }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toContain(message);
      expect(errorOf(response)).toContain(`(campo ${field}`);
      const after = await admin({ method: 'GET', url: '/api/admins' });
      expect(after.json().data.total).toBe(before.json().data.total);
    });

    it('refuses unknown fields and a body that is not an object', async () => {
      const extra = await admin({
        method: 'POST',
        url: '/api/admins',
        payload: adminBody({ role: 'ADMIN' }),
      });
      expect(extra.statusCode).toBe(400);
      const list = await admin({ method: 'POST', url: '/api/admins', payload: [adminBody()] });
      expect(list.statusCode).toBe(400);
    });

    it("answers 409 'Já existe uma conta com esse e-mail.' for a taken e-mail, in any case", async () => {
      for (const email of ['BEATRIZ@painel.com.br', demo.cantina.email]) {
        const response = await admin({ method: 'POST', url: '/api/admins', payload: adminBody({ email }) });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: { message: 'Já existe uma conta com esse e-mail.' } });
      }
    });

    it('updates name, phone, e-mail and permissions', async () => {
      const id = await idOf('beatriz@painel.com.br');
      const response = await admin({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: {
          fullname: 'Beatriz Q. Souza',
          phone: '(21) 99876-5432',
          email: 'bia@painel.com.br',
          permissions: { admin: 1 },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        id,
        fullname: 'Beatriz Q. Souza',
        phone: '21998765432',
        email: 'bia@painel.com.br',
      });
      expect(response.json().data.access_token).toBeUndefined();

      const taken = await admin({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { email: demo.admin.email },
      });
      expect(taken.statusCode).toBe(409);
      expect(errorOf(taken)).toBe('Já existe uma conta com esse e-mail.');

      const empty = await admin({ method: 'PATCH', url: `/api/admins/id/${id}`, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty)).toBe('Informe ao menos um campo para alterar.');

      const badPhone = await admin({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { phone: '123' },
      });
      expect(errorOf(badPhone)).toBe('Informe um número de telefone válido (XX) XXXXX-XXXX (campo phone)');
      const moved = await admin({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { store_id: cantinaId },
      });
      expect(moved.statusCode).toBe(400);
    });

    it('changes a password: at least 8, required when the old one is given, the old one checked', async () => {
      const id = await idOf('bia@painel.com.br');
      const bia = as(t.app, await login(t.app, { email: 'bia@painel.com.br', password: 'segredo1' }));
      const patch = (payload: Record<string, unknown>, call: Call = admin) =>
        call({ method: 'PATCH', url: `/api/admins/id/${id}`, payload });

      const short = await patch({ password: '12345' });
      expect(errorOf(short)).toBe(
        'Você precisa informar uma senha de no mínimo 8 caracteres. (campo password)',
      );
      const oldOnly = await patch({ old_password: 'segredo1' });
      expect(oldOnly.statusCode).toBe(400);
      expect(errorOf(oldOnly)).toBe(
        'Você precisa informar uma senha de no mínimo 8 caracteres. (campo password)',
      );
      const wrongOld = await patch({ old_password: 'errada', password: 'novasenha' });
      expect(wrongOld.statusCode).toBe(400);
      expect(errorOf(wrongOld)).toBe('Senha atual incorreta.');

      // Changing one's own password needs the current one, and returns a fresh session.
      const selfWithout = await patch({ password: 'novasenha' }, bia);
      expect(errorOf(selfWithout)).toBe('Informe a senha atual.');
      const self = await patch({ old_password: 'segredo1', password: 'novasenha' }, bia);
      expect(self.statusCode, self.body).toBe(200);
      const fresh = self.json().data.access_token as string;
      expect(fresh).toBeTruthy();
      expect((await bia({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
      expect((await as(t.app, fresh)({ method: 'GET', url: '/api/account' })).statusCode).toBe(200);

      // An administrator resets another one's password, which ends that account's sessions.
      const reset = await patch({ password: 'outrasenha', old_password: '' });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().data.access_token).toBeUndefined();
      expect((await as(t.app, fresh)({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
      await login(t.app, { email: 'bia@painel.com.br', password: 'outrasenha' });
    });

    it('removes an administrator, never oneself', async () => {
      const self = await admin({ method: 'DELETE', url: `/api/admins/id/${await idOf(demo.admin.email)}` });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ error: { message: 'Você não pode remover a sua própria conta.' } });

      const id = await idOf('bia@painel.com.br');
      const removed = await admin({ method: 'DELETE', url: `/api/admins/id/${id}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ data: { id } });
      expect((await admin({ method: 'GET', url: `/api/admins/id/${id}` })).statusCode).toBe(404);
      expect((await admin({ method: 'DELETE', url: `/api/admins/id/${id}` })).statusCode).toBe(404);
    });
  });

  describe("a restaurant's team", () => {
    it('lets staff add a collaborator to their own store, whatever store_id the body names', async () => {
      const response = await cantina({
        method: 'POST',
        url: '/api/admins',
        query: { store_id: String(sertaoId) },
        payload: collaboratorBody({ store_id: sertaoId }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        fullname: 'Tadeu Quixadá',
        email: 'tadeu@cantinabella.com.br',
        phone: '11977771234',
        role: 'STAFF',
        store_id: cantinaId,
        permissions: {},
      });
      await login(t.app, { email: 'tadeu@cantinabella.com.br', password: 'abcdefgh' });
    });

    it.each([
      ['fullname', { fullname: '' }, 'Por favor preencher o nome.'],
      ['fullname', { fullname: undefined }, 'Por favor preencher o nome.'],
      ['fullname', { fullname: 'a'.repeat(101) }, 'Limite máximo de 100 caracteres.'],
      ['email', { email: '' }, 'E-mail obrigatório.'],
      ['email', { email: 'tadeu.com' }, 'E-mail incorreto.'],
      ['phone', { phone: '' }, 'Telefone obrigatório'],
      ['phone', { phone: '(11) 1234' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
      ['password', { password: '' }, 'Senha obrigatória'],
      ['password', { password: undefined }, 'Senha obrigatória'],
      ['password', { password: 'abcd' }, 'No mínimo 8 caracteres'],
    ])(
      "refuses a collaborator with a bad %s: %j, with the team's messages",
      async (field, overrides, message) => {
        const response = await cantina({
          method: 'POST',
          url: '/api/admins',
          payload: collaboratorBody({ email: 'outro@cantinabella.com.br', ...overrides }),
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response)).toBe(`${message} (campo ${field})`);
        const [row] = await t.database.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(eq(accounts.email, 'outro@cantinabella.com.br'));
        expect(row).toBeUndefined();
      },
    );

    it('lists only their own team, with search', async () => {
      const response = await cantina({
        method: 'GET',
        url: '/api/admins',
        query: { store_id: String(sertaoId) },
      });
      expect(response.statusCode).toBe(200);
      expect(cantinaTeam).toContain(demo.cantina.email);
      expect(emailsOf(response)).toEqual([...cantinaTeam, 'tadeu@cantinabella.com.br'].sort());
      expect(response.json().data.total).toBe(cantinaTeam.length + 1);

      const search = await cantina({ method: 'GET', url: '/api/admins', query: { search: 'QUIXADA' } });
      expect(search.json().data.results.map((r: { email: string }) => r.email)).toEqual([
        'tadeu@cantinabella.com.br',
      ]);
      const other = await sertao({ method: 'GET', url: '/api/admins' });
      expect(emailsOf(other)).toEqual(sertaoTeam);
      expect(sertaoTeam).toContain(demo.sertao.email);
    });

    it("exports a team as CSV in the caller's audience: staff their own, an administrator the one named", async () => {
      const emailsIn = (body: string) =>
        body
          .split('\r\n')
          .slice(1, -1)
          .map((line) => line.split(';')[1])
          .sort();
      const own = await cantina({
        method: 'GET',
        url: '/api/admins',
        query: { format: 'csv', store_id: String(sertaoId) },
      });
      expect(own.statusCode).toBe(200);
      expect(emailsIn(own.body)).toEqual([...cantinaTeam, 'tadeu@cantinabella.com.br'].sort());
      expect(own.body).toContain('Tadeu Quixadá;tadeu@cantinabella.com.br;(11) 97777-1234;');
      const named = await admin({
        method: 'GET',
        url: '/api/admins',
        query: { format: 'csv', store_id: String(sertaoId) },
      });
      expect(emailsIn(named.body)).toEqual(sertaoTeam);
      expect(named.body).not.toContain(demo.admin.email);
    });

    it("answers 404 to staff for another store's member and for an administrator", async () => {
      const tadeu = await idOf('tadeu@cantinabella.com.br');
      const adminId = await idOf(demo.admin.email);
      for (const id of [tadeu, adminId]) {
        for (const [method, payload] of [
          ['GET', undefined],
          ['PATCH', { fullname: 'Invasor' }],
          ['DELETE', undefined],
        ] as const) {
          const response = await sertao({ method, url: `/api/admins/id/${id}`, payload });
          expect(response.statusCode, `${method} ${id}`).toBe(404);
          expect(errorOf(response)).toBe('Conta não encontrada.');
        }
      }
      const [row] = await t.database.db
        .select({ fullname: accounts.fullname })
        .from(accounts)
        .where(eq(accounts.id, tadeu));
      expect(row?.fullname).toBe('Tadeu Quixadá');
    });

    it('lets staff update a team member, with the minimum of 8 for a new password', async () => {
      const tadeu = await idOf('tadeu@cantinabella.com.br');
      const short = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${tadeu}`,
        payload: { password: 'abcd' },
      });
      expect(errorOf(short)).toBe('No mínimo 8 caracteres (campo password)');
      const oldOnly = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${tadeu}`,
        payload: { old_password: 'abcdefgh' },
      });
      expect(errorOf(oldOnly)).toBe('Senha obrigatória (campo password)');
      const response = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${tadeu}`,
        payload: { fullname: 'Tadeu A. Quixadá', phone: '11977770000', password: 'fghijklm' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ fullname: 'Tadeu A. Quixadá', phone: '11977770000' });
      await login(t.app, { email: 'tadeu@cantinabella.com.br', password: 'fghijklm' });
    });

    it('lets an administrator work on a store team with ?store_id, with the team rules', async () => {
      const list = await admin({ method: 'GET', url: '/api/admins', query: { store_id: String(cantinaId) } });
      expect(emailsOf(list)).toEqual([...cantinaTeam, 'tadeu@cantinabella.com.br'].sort());
      const short = await admin({
        method: 'POST',
        url: '/api/admins',
        query: { store_id: String(sertaoId) },
        payload: collaboratorBody({ email: 'ana@sabordosertao.com.br', password: 'abcd' }),
      });
      expect(errorOf(short)).toBe('No mínimo 8 caracteres (campo password)');
      const created = await admin({
        method: 'POST',
        url: '/api/admins',
        query: { store_id: String(sertaoId) },
        payload: collaboratorBody({ email: 'ana@sabordosertao.com.br', fullname: 'Ana Sertão' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ role: 'STAFF', store_id: sertaoId });
      const id = created.json().data.id as number;

      // The same store named in the body works too; a store that does not exist is a 404.
      const viaBody = await admin({
        method: 'POST',
        url: '/api/admins',
        payload: collaboratorBody({ email: 'joao@sabordosertao.com.br', store_id: sertaoId }),
      });
      expect(viaBody.json().data).toMatchObject({ role: 'STAFF', store_id: sertaoId });
      const nowhere = await admin({
        method: 'POST',
        url: '/api/admins',
        query: { store_id: '999999' },
        payload: collaboratorBody({ email: 'ninguem@painel.com.br' }),
      });
      expect(nowhere.statusCode).toBe(404);
      expect(errorOf(nowhere)).toBe('Restaurante não encontrado.');

      // Without the store, a team member is out of the administrators' scope.
      expect((await admin({ method: 'GET', url: `/api/admins/id/${id}` })).statusCode).toBe(404);
      const wrongStore = await admin({
        method: 'DELETE',
        url: `/api/admins/id/${id}`,
        query: { store_id: String(cantinaId) },
      });
      expect(wrongStore.statusCode).toBe(404);
      const removed = await admin({
        method: 'DELETE',
        url: `/api/admins/id/${id}`,
        query: { store_id: String(sertaoId) },
      });
      expect(removed.statusCode).toBe(200);
      expect((await sertao({ method: 'GET', url: `/api/admins/id/${id}` })).statusCode).toBe(404);
    });

    it('lets staff remove a team member but not themselves', async () => {
      const self = await cantina({
        method: 'DELETE',
        url: `/api/admins/id/${await idOf(demo.cantina.email)}`,
      });
      expect(self.statusCode).toBe(409);
      expect(errorOf(self)).toBe('Você não pode remover a sua própria conta.');
      const tadeu = await idOf('tadeu@cantinabella.com.br');
      const removed = await cantina({ method: 'DELETE', url: `/api/admins/id/${tadeu}` });
      expect(removed.statusCode).toBe(200);
      const list = await cantina({ method: 'GET', url: '/api/admins' });
      expect(emailsOf(list)).toEqual(cantinaTeam);
    });
  });

  describe('roles inside a store', () => {
    const NO_TEAM_PERMISSION = 'Sua função não tem a permissão "Equipe". Peça a um gerente do restaurante.';
    let waiter: Call;
    let waiterId: number;
    let managerId: number;

    beforeAll(async () => {
      waiterId = await createAccount(t.database.db, {
        email: 'garcom@cantinabella.com.br',
        password: 'Garcom@2026',
        role: 'WAITER',
        store_id: cantinaId,
      });
      waiter = track(
        as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' })),
      );
      managerId = await idOf(demo.cantina.email);
    });

    it('lets every member read the team, and only those whose role holds "Equipe" change it', async () => {
      const list = await waiter({ method: 'GET', url: '/api/admins' });
      expect(list.statusCode).toBe(200);
      expect(emailsOf(list)).toContain(demo.cantina.email);
      expect((await waiter({ method: 'GET', url: `/api/admins/id/${managerId}` })).statusCode).toBe(200);

      const tries = [
        {
          method: 'POST' as const,
          url: '/api/admins',
          payload: collaboratorBody({ email: 'novo@cantinabella.com.br' }),
        },
        {
          method: 'PATCH' as const,
          url: `/api/admins/id/${managerId}`,
          payload: { password: 'Tomada@2026' },
        },
        {
          method: 'PATCH' as const,
          url: `/api/admins/id/${managerId}`,
          payload: { email: 'meu@ataque.com' },
        },
        { method: 'PATCH' as const, url: `/api/admins/id/${waiterId}`, payload: { role: 'MANAGER' } },
        { method: 'DELETE' as const, url: `/api/admins/id/${managerId}` },
      ];
      for (const attempt of tries) {
        const response = await waiter(attempt);
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
        expect(errorOf(response)).toBe(NO_TEAM_PERMISSION);
      }
      // Nothing changed: the manager still signs in with the same password.
      await login(t.app, demo.cantina);
      expect(await teamOf(cantinaId)).toContain('garcom@cantinabella.com.br');
      expect(await teamOf(cantinaId)).not.toContain('novo@cantinabella.com.br');
    });

    it('lets a manager add members with a role, promote them and reset their passwords', async () => {
      const created = await cantina({
        method: 'POST',
        url: '/api/admins',
        payload: collaboratorBody({ email: 'caixa@cantinabella.com.br', role: 'CASHIER' }),
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data.role).toBe('CASHIER');
      const plain = await cantina({
        method: 'POST',
        url: '/api/admins',
        payload: collaboratorBody({ email: 'sem-funcao@cantinabella.com.br' }),
      });
      expect(plain.json().data.role).toBe('STAFF');
      const badRole = await cantina({
        method: 'POST',
        url: '/api/admins',
        payload: collaboratorBody({ email: 'chefe@cantinabella.com.br', role: 'ADMIN' }),
      });
      expect(badRole.statusCode).toBe(400);
      expect(errorOf(badRole)).toMatch(/^Função inválida/);

      const id = created.json().data.id as number;
      const reset = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { password: 'Reset@2026' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await login(t.app, { email: 'caixa@cantinabella.com.br', password: 'Reset@2026' });
      const promoted = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { role: 'MANAGER' },
      });
      expect(promoted.json().data.role).toBe('MANAGER');
      // Demoted again, by the other manager: the store keeps one.
      const demoted = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${id}`,
        payload: { role: 'CASHIER' },
      });
      expect(demoted.json().data.role).toBe('CASHIER');
    });

    it('never leaves a store without a manager, nor lets a manager demote or remove the last one', async () => {
      // An administrator works on the team too, and meets the same rule.
      const demote = await admin({
        method: 'PATCH',
        url: `/api/admins/id/${managerId}?store_id=${cantinaId}`,
        payload: { role: 'WAITER' },
      });
      expect(demote.statusCode).toBe(409);
      expect(errorOf(demote)).toBe('O restaurante precisa de ao menos um gerente.');
      const remove = await admin({
        method: 'DELETE',
        url: `/api/admins/id/${managerId}?store_id=${cantinaId}`,
      });
      expect(remove.statusCode).toBe(409);
      expect(errorOf(remove)).toBe('O restaurante precisa de ao menos um gerente.');
      const self = await cantina({
        method: 'PATCH',
        url: `/api/admins/id/${managerId}`,
        payload: { role: 'WAITER' },
      });
      expect(self.statusCode).toBe(409);
      expect(
        (
          await t.database.db
            .select({ role: memberships.role })
            .from(memberships)
            .where(and(eq(memberships.account_id, managerId), eq(memberships.store_id, cantinaId)))
        )[0]?.role,
      ).toBe('MANAGER');
    });

    it('limits the wrong current passwords of a password change, then answers 429', async () => {
      const own = (payload: Record<string, unknown>) =>
        waiter({ method: 'PATCH', url: '/api/account', payload });
      for (let i = 0; i < 5; i++) {
        const wrong = await own({ current_password: `Errada@${i}`, password: 'Nova@2026x' });
        expect(wrong.statusCode).toBe(400);
        expect(errorOf(wrong)).toBe('Senha atual incorreta.');
      }
      const limited = await own({ current_password: 'Garcom@2026', password: 'Nova@2026x' });
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited)).toBe('Muitas tentativas com a senha atual. Tente novamente em 15 minutos.');
      await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' });
    });
  });

  describe('include collaborator', () => {
    it("adds an existing member to another store's team, keeping the first one, with a role there", async () => {
      const created = await cantina({
        method: 'POST',
        url: '/api/admins',
        payload: collaboratorBody({
          email: 'rita@cantinabella.com.br',
          fullname: 'Rita Souza',
          role: 'WAITER',
        }),
      });
      expect(created.statusCode).toBe(201);
      const response = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: 'RITA@cantinabella.com.br', store_id: sertaoId, role: 'CASHIER' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        email: 'rita@cantinabella.com.br',
        store_id: sertaoId,
        role: 'CASHIER',
      });
      // One account, two teams, a role in each.
      const inSertao = await sertao({ method: 'GET', url: '/api/admins' });
      const inCantina = await cantina({ method: 'GET', url: '/api/admins' });
      const rita = (response: { json(): unknown }) =>
        (response.json() as { data: { results: { email: string; role: string }[] } }).data.results.find(
          (row) => row.email === 'rita@cantinabella.com.br',
        );
      expect(rita(inSertao)?.role).toBe('CASHIER');
      expect(rita(inCantina)?.role).toBe('WAITER');
      const again = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: 'rita@cantinabella.com.br', store_id: sertaoId },
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toBe(ALREADY_MEMBER);
    });

    it('refuses an unknown e-mail, an administrator, a missing store and bad input', async () => {
      const unknown = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: 'ninguem@painel.com.br', store_id: cantinaId },
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown)).toBe('Nenhuma conta encontrada com esse e-mail.');

      const anAdmin = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: demo.admin.email, store_id: cantinaId },
      });
      expect(anAdmin.statusCode).toBe(409);
      const adminPlaces = await t.database.db
        .select({ store_id: memberships.store_id })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.account_id))
        .where(eq(accounts.email, demo.admin.email));
      expect(adminPlaces).toEqual([]);

      const noStore = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: demo.cantina.email, store_id: 999999 },
      });
      expect(noStore.statusCode).toBe(404);
      expect(errorOf(noStore)).toBe('Restaurante não encontrado.');

      const badEmail = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: 'rita@', store_id: cantinaId },
      });
      expect(errorOf(badEmail)).toBe('Informe um email válido (campo email)');
      const noStoreId = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: demo.cantina.email },
      });
      expect(errorOf(noStoreId)).toBe('Selecione o restaurante.');
      const badRole = await admin({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: demo.cantina.email, store_id: sertaoId, role: 'DONO' },
      });
      expect(badRole.statusCode).toBe(400);
    });

    it("lets a store's manager include an account into their own store only, whatever store they name", async () => {
      await createAccount(t.database.db, {
        email: 'ze@sabordosertao.com.br',
        password: 'Equipe@2026',
        role: 'KITCHEN',
        store_id: sertaoId,
      });
      const response = await cantina({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: 'ze@sabordosertao.com.br', store_id: sertaoId, role: 'KITCHEN' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ store_id: cantinaId, role: 'KITCHEN' });
      // The account keeps its first store; its sign-in lands there, and it may switch.
      const token = await login(t.app, { email: 'ze@sabordosertao.com.br', password: 'Equipe@2026' });
      const account = await as(t.app, token)({ method: 'GET', url: '/api/account' });
      expect(account.json().data.roles.map((r: { store_id: number }) => r.store_id)).toEqual([
        sertaoId,
        cantinaId,
      ]);
    });

    it('is refused to a waiter, whose role does not hold "Equipe"', async () => {
      await createAccount(t.database.db, {
        email: 'garcom.inclui@cantinabella.com.br',
        password: 'Equipe@2026',
        role: 'WAITER',
        store_id: cantinaId,
      });
      const waiter = as(
        t.app,
        await login(t.app, { email: 'garcom.inclui@cantinabella.com.br', password: 'Equipe@2026' }),
      );
      const response = await waiter({
        method: 'POST',
        url: '/api/admins/include-collaborator',
        payload: { email: demo.sertao.email, store_id: cantinaId },
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(
        'Sua função não tem a permissão "Equipe". Peça a um gerente do restaurante.',
      );
    });
  });

  describe('access', () => {
    it('answers 401 to anonymous callers on every path', async () => {
      const calls = [
        { method: 'GET', url: '/api/admins' },
        { method: 'GET', url: '/api/admins/id/1' },
        { method: 'POST', url: '/api/admins', payload: adminBody({ email: 'anon@painel.com.br' }) },
        { method: 'PATCH', url: '/api/admins/id/1', payload: { fullname: 'Anônimo' } },
        { method: 'DELETE', url: '/api/admins/id/1' },
        {
          method: 'POST',
          url: '/api/admins/include-collaborator',
          payload: { email: demo.cantina.email, store_id: cantinaId },
        },
      ] as const;
      for (const call of calls) {
        const response = await anonymous(call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(errorOf(response)).toBe('Sessão expirada ou inválida. Entre novamente.');
      }
      const [row] = await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, 'anon@painel.com.br'));
      expect(row).toBeUndefined();
    });

    it('gives staff a team member, never an administrator, whatever form they send', async () => {
      const response = await cantina({
        method: 'POST',
        url: '/api/admins',
        payload: adminBody({ email: 'quase-admin@painel.com.br', password: 'abcdefgh' }),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ role: 'STAFF', store_id: cantinaId });
    });
  });
});

describe('last administrator rule', () => {
  it('refuses to remove the last administrator when two remove each other at once', async () => {
    // The second removal is held after its access check until the first one has finished.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const atGate = new Promise<void>((resolve) => (arrived = resolve));
    const t = await createTestApp({
      beforeReady: (app) => {
        app.addHook('preHandler', async (request) => {
          if (request.headers['x-test-hold']) {
            arrived();
            await gate;
          }
        });
      },
    });
    try {
      const db = t.database.db;
      await db.delete(accounts).where(and(eq(accounts.role, 'ADMIN'), ne(accounts.email, demo.admin.email)));
      const first = as(t.app, await login(t.app, demo.admin));
      const secondId = await createAccount(db, { email: 'segundo@painel.com.br', password: 'segredo1' });
      const second = as(t.app, await login(t.app, { email: 'segundo@painel.com.br', password: 'segredo1' }));
      const [firstRow] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.email, demo.admin.email));

      const held = second({
        method: 'DELETE',
        url: `/api/admins/id/${firstRow!.id}`,
        headers: { 'x-test-hold': '1' },
      });
      await atGate;
      const removed = await first({ method: 'DELETE', url: `/api/admins/id/${secondId}` });
      expect(removed.statusCode).toBe(200);
      release();
      const refused = await held;

      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe('Não é possível remover o último administrador da plataforma.');
      const left = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'ADMIN'));
      expect(left).toEqual([{ id: firstRow!.id }]);
    } finally {
      await t.close();
    }
  });

  it('removes an inactive administrator while the caller stays the only active one', async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      await db.delete(accounts).where(and(eq(accounts.role, 'ADMIN'), ne(accounts.email, demo.admin.email)));
      // The demo administrator is the only active one; another administrator exists but is inactive.
      const inactiveId = await createAccount(db, { email: 'inativo@painel.com.br', password: 'segredo1' });
      await db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, inactiveId));
      const first = as(t.app, await login(t.app, demo.admin));
      // Removing the inactive one is fine: the caller stays.
      const removed = await first({ method: 'DELETE', url: `/api/admins/id/${inactiveId}` });
      expect(removed.statusCode).toBe(200);
      const left = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'ADMIN'));
      expect(left).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
