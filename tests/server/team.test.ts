import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../server/db/schema';
import { TEAM_PAGE_SIZE, type Member } from '../../contract/resources/admins/definition';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * The team screens' calls (restaurant spec 2 "Team", 5, 9), over /api/admins as the screens make
 * them: the table's pages of 8 with their totals, in name order; the add form's body, a taken
 * e-mail refused whoever holds it; the member screen's update of the changed fields only.
 * tests/server/admins.test.ts holds the rest of the API (scope, roles, passwords, removal).
 */

type Call = ReturnType<typeof as>;

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let sertaoId: number;

/** The add form's body, as TeamCreate sends it. */
const added = (n: number, overrides: Record<string, unknown> = {}) => ({
  fullname: `Colaborador ${String(n).padStart(2, '0')}`,
  email: `colaborador${n}@cantinabella.com.br`,
  phone: '11977771234',
  password: 'abcdefgh',
  role: 'STAFF',
  ...overrides,
});

async function page(call: Call, query: Record<string, string>) {
  const response = await call({ method: 'GET', url: '/api/admins', query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: Member[]; total: number } }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
});
afterAll(() => t?.close());

describe("the team's table", () => {
  it('pages by 8 in name order, with the total of the store’s team only', async () => {
    const before = (await page(cantina, { page: '1', page_size: String(TEAM_PAGE_SIZE) })).total;
    for (let n = 1; n <= 10; n++) {
      const response = await cantina({ method: 'POST', url: '/api/admins', payload: added(n) });
      expect(response.statusCode, response.body).toBe(201);
    }
    const total = before + 10;
    const query = { page_size: String(TEAM_PAGE_SIZE), sort_field: 'fullname', sort_order: 'ASC' };
    const first = await page(cantina, { ...query, page: '1' });
    expect(first.total).toBe(total);
    expect(first.results).toHaveLength(8);
    const names = first.results.map((m) => m.fullname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const pages = Math.ceil(total / 8);
    const last = await page(cantina, { ...query, page: String(pages) });
    expect(last.total).toBe(total);
    expect(last.results).toHaveLength(total - (pages - 1) * 8);
    // Every page together: the whole team, each once.
    const everyone = new Set<number>();
    for (let p = 1; p <= pages; p++)
      for (const m of (await page(cantina, { ...query, page: String(p) })).results) everyone.add(m.id);
    expect(everyone.size).toBe(total);

    // Another store's team counts apart; an administrator reads the one named.
    const theirs = await page(sertao, { page: '1', page_size: '8' });
    expect(theirs.results.every((m) => m.store_id === sertaoId)).toBe(true);
    const named = await page(admin, { page: '1', page_size: '8', store_id: String(sertaoId) });
    expect(named.total).toBe(theirs.total);
  });

  it('searches the team by name or e-mail, paged with its own total', async () => {
    const found = await page(cantina, { page: '1', page_size: '8', search: 'colaborador1' });
    expect(found.results.map((m) => m.email).sort()).toEqual([
      'colaborador10@cantinabella.com.br',
      'colaborador1@cantinabella.com.br',
    ]);
    expect(found.total).toBe(2);
  });
});

describe('adding a collaborator', () => {
  it('refuses an e-mail already in use, in any case and by any account, and adds nobody', async () => {
    for (const email of ['COLABORADOR1@cantinabella.com.br', demo.sertao.email, demo.admin.email]) {
      const response = await cantina({ method: 'POST', url: '/api/admins', payload: added(99, { email }) });
      expect(response.statusCode, email).toBe(409);
      expect(errorOf(response)).toBe('Já existe uma conta com esse e-mail.');
    }
    const rows = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.fullname, 'Colaborador 99'));
    expect(rows).toEqual([]);
  });

  it('keeps the role chosen, and the e-mail as the new member signs in with it', async () => {
    const response = await cantina({
      method: 'POST',
      url: '/api/admins',
      payload: added(20, { role: 'KITCHEN', email: 'Cozinha.Nova@CantinaBella.com.br' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      role: 'KITCHEN',
      email: 'cozinha.nova@cantinabella.com.br',
    });
    await login(t.app, { email: 'cozinha.nova@cantinabella.com.br', password: 'abcdefgh' });
  });
});

describe("a member's screen", () => {
  it('updates the fields sent and keeps the others, and refuses a taken e-mail changing nothing', async () => {
    const [one] = (await page(cantina, { page: '1', page_size: '8', search: 'colaborador2@' })).results;
    const renamed = await cantina({
      method: 'PATCH',
      url: `/api/admins/id/${one!.id}`,
      payload: { fullname: 'Colaboradora Dois', role: 'CASHIER' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      fullname: 'Colaboradora Dois',
      role: 'CASHIER',
      email: one!.email,
      phone: one!.phone,
    });
    const taken = await cantina({
      method: 'PATCH',
      url: `/api/admins/id/${one!.id}`,
      payload: { email: demo.cantina.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe('Já existe uma conta com esse e-mail.');
    const read = await cantina({ method: 'GET', url: `/api/admins/id/${one!.id}` });
    expect(read.json().data.email).toBe(one!.email);
  });
});
