import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';
import { BEYOND_OWN_PERMISSIONS, MANAGERS_BY_MANAGERS, SHARED_ACCOUNT } from '../../server/routes/admins';
import { NOT_A_MEMBER } from '../../server/routes/account';
import { DEFAULT_PERMISSIONS, PERMISSION_IDS } from '../../contract/permissions';
import { stores, tables } from '../../server/db/schema';
import { openDatabase, rows } from '../../server/db/client';
import { databaseUrl } from './pg-global-setup';
import { sql } from 'drizzle-orm';

type Call = ReturnType<typeof as>;

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;
const lacking = (name: string) =>
  `Sua função não tem a permissão "${name}". Peça a um gerente do restaurante.`;

let t: TestApp;
let cantinaId: number;
let sertaoId: number;
let manager: Call;
let waiter: Call;

beforeAll(async () => {
  t = await createTestApp();
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  await createAccount(t.database.db, {
    email: 'garcom@cantinabella.com.br',
    password: 'Garcom@2026',
    role: 'WAITER',
    store_id: cantinaId,
  });
  manager = as(t.app, await login(t.app, demo.cantina));
  waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' }));
});

afterAll(async () => {
  await t?.close();
});

describe('what a role may do', () => {
  it('keeps the money away from a waiter by default: statistics, finance, bank accounts, integrations', async () => {
    const refused = [
      ['/api/statistics', 'Estatísticas'],
      ['/api/financial/analytics', 'Financeiro'],
      ['/api/financial/balance', 'Financeiro'],
      ['/api/financial/extracts', 'Financeiro'],
      ['/api/financial/deposits', 'Financeiro'],
      ['/api/financial/bank-accounts', 'Contas bancárias'],
      ['/api/stores/integration', 'Integrações'],
      ['/api/loyalty-programs', 'Fidelidade'],
    ] as const;
    for (const [url, name] of refused) {
      const response = await waiter({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response), url).toBe(lacking(name));
    }
    const created = await waiter({
      method: 'POST',
      url: '/api/financial/bank-accounts',
      payload: {
        bank_code: '341',
        agency: '0001',
        account: '12345',
        account_digit: '6',
        account_type: 'CHECKING',
        holder_name: 'Garçom',
        holder_document: '52998224725',
        is_default: true,
      },
    });
    expect(created.statusCode).toBe(403);
    // Service stays open to them.
    for (const url of ['/api/tables', '/api/orders/items', '/api/reservations', '/api/products']) {
      expect((await waiter({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it("says in the account what the session's role may do, the store's choice or the defaults", async () => {
    const account = await waiter({ method: 'GET', url: '/api/account' });
    expect(account.json().data).toMatchObject({ role: 'WAITER', store_id: cantinaId });
    expect(account.json().data.roles).toEqual([
      {
        role: 'WAITER',
        store_id: cantinaId,
        store_name: 'Cantina Bella',
        permissions: DEFAULT_PERMISSIONS.WAITER,
      },
    ]);
    const own = await manager({ method: 'GET', url: '/api/account' });
    expect(own.json().data.roles[0].permissions).toEqual(PERMISSION_IDS);
  });

  it('lists every role with its permissions, the managers fixed at all of them', async () => {
    const response = await manager({ method: 'GET', url: '/api/team/permissions' });
    expect(response.statusCode).toBe(200);
    const roles = response.json().data as { role: string; editable: boolean; permissions: string[] }[];
    expect(roles.map((role) => role.role)).toEqual(['MANAGER', 'WAITER', 'CASHIER', 'KITCHEN', 'STAFF']);
    expect(roles[0]).toMatchObject({ editable: false, permissions: PERMISSION_IDS });
    expect(roles.find((role) => role.role === 'CASHIER')?.permissions).toContain('finance');
    expect(roles.find((role) => role.role === 'CASHIER')?.permissions).not.toContain('bank_accounts');
    expect((await waiter({ method: 'GET', url: '/api/team/permissions' })).statusCode).toBe(403);
  });

  it("takes a manager's grant on the waiter's very next call, and takes it back as fast", async () => {
    expect((await waiter({ method: 'GET', url: '/api/statistics' })).statusCode).toBe(403);
    const granted = await manager({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'WAITER', permissions: [...DEFAULT_PERMISSIONS.WAITER, 'statistics'] },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.find((role: { role: string }) => role.role === 'WAITER')).toMatchObject({
      customized: true,
      updated_by: 'Giulia Romano',
    });
    expect((await waiter({ method: 'GET', url: '/api/statistics' })).statusCode).toBe(200);
    const account = await waiter({ method: 'GET', url: '/api/account' });
    expect(account.json().data.roles[0].permissions).toContain('statistics');

    await manager({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'WAITER', permissions: DEFAULT_PERMISSIONS.WAITER },
    });
    expect((await waiter({ method: 'GET', url: '/api/statistics' })).statusCode).toBe(403);
  });

  it('refuses a role that is not configurable, an unknown or repeated permission, and non-managers', async () => {
    const bad = [
      { role: 'MANAGER', permissions: [] },
      { role: 'ADMIN', permissions: [] },
      { role: 'WAITER', permissions: ['floor', 'root'] },
      { role: 'WAITER', permissions: ['floor', 'floor'] },
      { role: 'WAITER' },
      { role: 'WAITER', permissions: 'floor' },
    ];
    for (const payload of bad) {
      const response = await manager({ method: 'PATCH', url: '/api/team/permissions', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toMatch(
        /Função inválida|Permissão inválida|Permissões repetidas|lista de permissões/,
      );
    }
    const byWaiter = await waiter({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'WAITER', permissions: PERMISSION_IDS.filter((p) => p !== 'audit') },
    });
    expect(byWaiter.statusCode).toBe(403);
    expect(errorOf(byWaiter)).toBe('Acesso restrito aos gerentes do restaurante.');
  });

  it("keeps one store's choice out of another's", async () => {
    await manager({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'KITCHEN', permissions: ['board'] },
    });
    const sertao = as(t.app, await login(t.app, demo.sertao));
    const theirs = await sertao({ method: 'GET', url: '/api/team/permissions' });
    expect(theirs.json().data.find((role: { role: string }) => role.role === 'KITCHEN').permissions).toEqual(
      DEFAULT_PERMISSIONS.KITCHEN,
    );
    // An administrator names the store.
    const admin = as(t.app, await login(t.app, demo.admin));
    const named = await admin({ method: 'GET', url: `/api/team/permissions?store_id=${cantinaId}` });
    expect(named.json().data.find((role: { role: string }) => role.role === 'KITCHEN').permissions).toEqual([
      'board',
    ]);
    expect((await admin({ method: 'GET', url: '/api/team/permissions' })).statusCode).toBe(400);
  });
});

describe('who hands out what', () => {
  let cashierId: number;
  let lead: Call;

  beforeAll(async () => {
    // A cashier whose role also manages the team, but holds no bank accounts nor statistics.
    await manager({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'CASHIER', permissions: [...DEFAULT_PERMISSIONS.CASHIER, 'team'] },
    });
    cashierId = await createAccount(t.database.db, {
      email: 'caixa@cantinabella.com.br',
      password: 'Caixa@2026',
      role: 'CASHIER',
      store_id: cantinaId,
    });
    lead = as(t.app, await login(t.app, { email: 'caixa@cantinabella.com.br', password: 'Caixa@2026' }));
  });

  it('lets a team member with "Equipe" add roles within their own permissions, never a manager', async () => {
    const waiterAdded = await lead({
      method: 'POST',
      url: '/api/admins',
      payload: {
        fullname: 'Novo Garçom',
        email: 'novo.garcom@cantinabella.com.br',
        phone: '11977771234',
        password: 'Equipe@2026',
        role: 'KITCHEN',
      },
    });
    expect(waiterAdded.statusCode, waiterAdded.body).toBe(201);
    const asManager = await lead({
      method: 'POST',
      url: '/api/admins',
      payload: {
        fullname: 'Gerente Novo',
        email: 'gerente.novo@cantinabella.com.br',
        phone: '11977771235',
        password: 'Equipe@2026',
        role: 'MANAGER',
      },
    });
    expect(asManager.statusCode).toBe(403);
    expect(errorOf(asManager)).toBe(MANAGERS_BY_MANAGERS);
    // The waiter's role holds the menu and the wall, which the cashier's does not.
    const beyond = await lead({
      method: 'POST',
      url: '/api/admins',
      payload: {
        fullname: 'Garçom Novo',
        email: 'garcom.novo@cantinabella.com.br',
        phone: '11977771236',
        password: 'Equipe@2026',
        role: 'WAITER',
      },
    });
    expect(beyond.statusCode).toBe(403);
    expect(errorOf(beyond)).toBe(BEYOND_OWN_PERMISSIONS);
    const managerId = (await manager({ method: 'GET', url: '/api/account' })).json().data.id as number;
    const touchManager = await lead({
      method: 'PATCH',
      url: `/api/admins/id/${managerId}`,
      payload: { fullname: 'Trocado' },
    });
    expect(touchManager.statusCode).toBe(403);
    const promoteSelf = await lead({
      method: 'PATCH',
      url: `/api/admins/id/${cashierId}`,
      payload: { role: 'MANAGER' },
    });
    expect(promoteSelf.statusCode).toBe(403);
  });
});

describe('one person, several stores', () => {
  let both: Call;
  let bothToken: string;
  let bothId: number;

  beforeAll(async () => {
    bothId = await createAccount(t.database.db, {
      email: 'ana@grupo.com.br',
      password: 'Grupo@2026',
      role: 'WAITER',
      store_id: cantinaId,
    });
    const admin = as(t.app, await login(t.app, demo.admin));
    const included = await admin({
      method: 'POST',
      url: '/api/admins/include-collaborator',
      payload: { email: 'ana@grupo.com.br', store_id: sertaoId, role: 'CASHIER' },
    });
    expect(included.statusCode, included.body).toBe(200);
    await t.database.db.insert(tables).values([
      { store_id: cantinaId, number: 1, name: 'Mesa 1' },
      { store_id: sertaoId, number: 1, name: 'Mesa 1' },
    ]);
    bothToken = await login(t.app, { email: 'ana@grupo.com.br', password: 'Grupo@2026' });
    both = as(t.app, bothToken);
  });

  const tableStores = async (call: Call) =>
    new Set(
      ((await call({ method: 'GET', url: '/api/tables' })).json().data.results as { store_id: number }[]).map(
        (table) => table.store_id,
      ),
    );

  it('signs in to the store used last, lists both stores, and sees only the chosen one', async () => {
    const account = (await both({ method: 'GET', url: '/api/account' })).json().data;
    expect(account).toMatchObject({ role: 'WAITER', store_id: cantinaId });
    expect(
      account.roles.map((place: { store_name: string; role: string }) => [place.store_name, place.role]),
    ).toEqual([
      ['Cantina Bella', 'WAITER'],
      ['Sabor do Sertão', 'CASHIER'],
    ]);
    expect(await tableStores(both)).toEqual(new Set([cantinaId]));
  });

  it('switches store without signing out: the role, the permissions and every answer follow', async () => {
    const switched = await both({
      method: 'POST',
      url: '/api/account/store',
      payload: { store_id: sertaoId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const { access_token, ...account } = switched.json().data;
    expect(account).toMatchObject({ role: 'CASHIER', store_id: sertaoId });
    expect(account.roles[0]).toMatchObject({ store_id: sertaoId, role: 'CASHIER' });
    // The old token and the new one are the same session: both work in the new store now.
    for (const call of [both, as(t.app, access_token as string)]) {
      expect(await tableStores(call)).toEqual(new Set([sertaoId]));
      // A cashier reads the statement; a waiter did not.
      expect((await call({ method: 'GET', url: '/api/financial/balance' })).statusCode).toBe(200);
    }
    // The next sign-in lands on the store used last.
    const again = as(t.app, await login(t.app, { email: 'ana@grupo.com.br', password: 'Grupo@2026' }));
    expect((await again({ method: 'GET', url: '/api/account' })).json().data.store_id).toBe(sertaoId);
  });

  it('refuses a store the account does not work in, and administrators', async () => {
    // A store that exists and that the account does not work in, and one that does not exist.
    const [stranger] = await t.database.db
      .insert(stores)
      .values({ name: 'Bistrô Alheio', slug: 'bistro-alheio' })
      .returning({ id: stores.id });
    for (const storeId of [stranger!.id, 999_999]) {
      const response = await both({
        method: 'POST',
        url: '/api/account/store',
        payload: { store_id: storeId },
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(NOT_A_MEMBER);
    }
    const bad = await both({ method: 'POST', url: '/api/account/store', payload: { store_id: 'x' } });
    expect(bad.statusCode).toBe(400);
    const admin = as(t.app, await login(t.app, demo.admin));
    expect(
      (await admin({ method: 'POST', url: '/api/account/store', payload: { store_id: cantinaId } }))
        .statusCode,
    ).toBe(403);
  });

  it("keeps a shared account's profile its own: another store's manager changes its role, not its password", async () => {
    const password = await manager({
      method: 'PATCH',
      url: `/api/admins/id/${bothId}`,
      payload: { password: 'Tomada@2026' },
    });
    expect(password.statusCode).toBe(409);
    expect(errorOf(password)).toBe(SHARED_ACCOUNT);
    const role = await manager({
      method: 'PATCH',
      url: `/api/admins/id/${bothId}`,
      payload: { role: 'STAFF' },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().data).toMatchObject({ role: 'STAFF', store_id: cantinaId });
  });

  it('removes a membership, not the person, when they still work elsewhere', async () => {
    const removed = await manager({ method: 'DELETE', url: `/api/admins/id/${bothId}` });
    expect(removed.statusCode).toBe(200);
    const account = (await both({ method: 'GET', url: '/api/account' })).json().data;
    expect(account.roles.map((place: { store_id: number }) => place.store_id)).toEqual([sertaoId]);
    expect((await manager({ method: 'GET', url: `/api/admins/id/${bothId}` })).statusCode).toBe(404);
  });
});

describe('signing out, with several instances', () => {
  it('is refused by another instance from the moment the sign-out answers', async () => {
    const other = await t.instance();
    for (let round = 0; round < 10; round++) {
      const token = await login(t.app, demo.cantina);
      // The other instance has seen the token (and would hold its caller where it may).
      expect((await as(other, token)({ method: 'GET', url: '/api/tables' })).statusCode).toBe(200);
      expect((await as(t.app, token)({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(204);
      const after = await as(other, token)({ method: 'GET', url: '/api/tables' });
      expect(after.statusCode, `round ${round}`).toBe(401);
    }
  });

  // A pooler in transaction mode (DATABASE_LISTEN_URL apart) keeps no prepared statement between
  // transactions: there the caller's read goes unnamed, and works as the named one does.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'reads the caller through a pooler too, with an unnamed statement',
    async () => {
      const [{ name }] = rows<{ name: string }>(
        await t.app.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
      const url = databaseUrl(process.env.DATABASE_URL!, name);
      const listenUrl = `${url}${url.includes('?') ? '&' : '?'}application_name=painel-direct`;
      const pooled = await openDatabase({ kind: 'postgres', url, listenUrl });
      let behindPooler: Awaited<ReturnType<TestApp['instance']>> | undefined;
      try {
        expect(t.database.statementName('caller_of_token')).toBe('caller_of_token');
        expect(pooled.statementName('caller_of_token')).toBe('');
        behindPooler = await t.instance({ database: pooled });
        const token = await login(t.app, demo.cantina);
        for (let i = 0; i < 3; i++) {
          expect((await as(behindPooler, token)({ method: 'GET', url: '/api/tables' })).statusCode).toBe(200);
        }
        expect((await as(t.app, token)({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(204);
        expect((await as(behindPooler, token)({ method: 'GET', url: '/api/tables' })).statusCode).toBe(401);
      } finally {
        // Before its pool (closing it again with the others is a no-op).
        await behindPooler?.close();
        await pooled.close();
      }
    },
  );
});
