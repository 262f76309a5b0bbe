import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../../server/db/schema';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';
import type { DepositRow, StatementRow } from '../../src/resources/financial/definition';

/**
 * The statement, the deposit history and the five cards (platform spec 2.8, 3, 9) over the living
 * demo: the cards add up with the table, the periods, the store scope, paging and CSV.
 */

type Call = ReturnType<typeof as>;
interface Balance {
  amount_received: number;
  amount_available: number;
  amount_preview: number;
  amount_canceled: number;
  amount_taxes: number;
}

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let cantinaId: number;
let sertaoId: number;
/** Every store of the demo. */
let storeIds: number[];

/** Today in São Paulo, yyyy-MM-dd. */
const todaySp = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

async function balance(call: Call, query = ''): Promise<Balance> {
  const response = await call({ method: 'GET', url: `/api/financial/balance${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Balance }>().data;
}

async function page<Row>(call: Call, url: string): Promise<{ results: Row[]; total: number }> {
  const response = await call({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: Row[]; total: number } }>().data;
}

/** Every line of the statement, as the table pages them. */
async function wholeStatement(call: Call, query = ''): Promise<StatementRow[]> {
  const rows: StatementRow[] = [];
  for (let number = 1; ; number += 1) {
    const { results, total } = await page<StatementRow>(
      call,
      `/api/financial/extracts?page=${number}&page_size=1000${query}`,
    );
    rows.push(...results);
    if (rows.length >= total || results.length === 0) return rows;
  }
}

const sumOf = (rows: StatementRow[], kind?: StatementRow['kind']) =>
  rows.filter((row) => !kind || row.kind === kind).reduce((sum, row) => sum + row.amount, 0);
/** Money out of a kind as the cards show it, positive: 0 − the sum of its negative lines (never −0). */
const outOf = (rows: StatementRow[], kind: StatementRow['kind']) => 0 - sumOf(rows, kind);

beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  storeIds = (await t.database.db.select({ id: stores.id }).from(stores)).map((row) => row.id);
}, 120_000);

/** The cards of every store added up, one store's at a time: what the platform's must be. */
async function summedBalances(query = ''): Promise<Balance> {
  const sum: Balance = {
    amount_received: 0,
    amount_available: 0,
    amount_preview: 0,
    amount_canceled: 0,
    amount_taxes: 0,
  };
  for (const id of storeIds) {
    const one = await balance(admin, `?store_id=${id}${query}`);
    for (const key of Object.keys(sum) as (keyof Balance)[]) sum[key] += one[key];
  }
  return sum;
}
afterAll(() => t?.close());

describe('GET /api/financial/balance', () => {
  it('adds up with the table: Σ amounts = available + to receive, each kind its card', async () => {
    const cards = await balance(cantina);
    const rows = await wholeStatement(cantina);
    expect(rows.length).toBeGreaterThan(50);
    for (const kind of ['RECEIVED', 'CANCELED', 'TAX', 'DEPOSIT'] as const)
      expect(
        rows.some((row) => row.kind === kind),
        kind,
      ).toBe(true);
    expect(sumOf(rows)).toBe(cards.amount_available + cards.amount_preview);
    expect(sumOf(rows, 'RECEIVED')).toBe(cards.amount_received);
    expect(outOf(rows, 'CANCELED')).toBe(cards.amount_canceled);
    expect(outOf(rows, 'TAX')).toBe(cards.amount_taxes);
    // Available is what was released by today (spec 9: 31 days after the payment), deposits out.
    const today = todaySp();
    expect(cards.amount_available).toBe(sumOf(rows.filter((row) => row.available_on <= today)));
    expect(cards.amount_preview).toBe(
      sumOf(rows.filter((row) => row.available_on > today && row.kind !== 'DEPOSIT')),
    );
    expect(cards.amount_preview).toBeGreaterThan(0);
    expect(cards.amount_received).toBeGreaterThan(cards.amount_preview);
  });

  it('counts received, canceled and taxes in the period; available and to receive stay today’s', async () => {
    const whole = await balance(cantina);
    const rows = await wholeStatement(cantina);
    const days = [...new Set(rows.map((row) => todayOf(row.created_at)))].sort();
    const start = days[Math.floor(days.length / 3)]!;
    const end = days[Math.floor((days.length * 2) / 3)]!;
    const period = await balance(cantina, `?start=${start}&end=${end}`);
    const inPeriod = await wholeStatement(cantina, `&start=${start}&end=${end}`);
    expect(inPeriod.every((row) => todayOf(row.created_at) >= start && todayOf(row.created_at) <= end)).toBe(
      true,
    );
    const expected = rows.filter((row) => todayOf(row.created_at) >= start && todayOf(row.created_at) <= end);
    expect(inPeriod.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(period.amount_received).toBe(sumOf(inPeriod, 'RECEIVED'));
    expect(period.amount_canceled).toBe(outOf(inPeriod, 'CANCELED'));
    expect(period.amount_taxes).toBe(outOf(inPeriod, 'TAX'));
    expect(period.amount_received).toBeLessThan(whole.amount_received);
    expect(period.amount_available).toBe(whole.amount_available);
    expect(period.amount_preview).toBe(whole.amount_preview);
  });

  it("keeps staff in their store; an administrator sees the platform's, or one store's when named", async () => {
    const own = await balance(sertao);
    // A store_id staff send is ignored: still their own.
    expect(await balance(sertao, `?store_id=${cantinaId}`)).toEqual(own);
    expect(await balance(admin, `?store_id=${sertaoId}`)).toEqual(own);
    expect(await balance(admin, `?store_id=${cantinaId}`)).toEqual(await balance(cantina));
    // Without a store: every store's cards added up, over the whole statement or a period.
    const platform = await balance(admin);
    expect(platform).toEqual(await summedBalances());
    expect(platform.amount_received).toBeGreaterThan((await balance(cantina)).amount_received);
    const start = new Date(Date.now() - 45 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/Sao_Paulo',
    });
    const days = `&start=${start}&end=${todaySp()}`;
    const period = await balance(admin, `?${days.slice(1)}`);
    expect(period).toEqual(await summedBalances(days));
    expect(period.amount_received).toBeLessThan(platform.amount_received);
  });

  it('refuses a start after the end and a malformed day, in Portuguese', async () => {
    const reversed = await cantina({
      method: 'GET',
      url: '/api/financial/balance?start=2026-05-02&end=2026-05-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(errorOf(reversed)).toBe('A data inicial não pode ser depois da data final.');
    const malformed = await cantina({ method: 'GET', url: '/api/financial/balance?start=01/05/2026' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toMatch(/^Data inválida: use o formato aaaa-mm-dd\./);
    const listed = await cantina({
      method: 'GET',
      url: '/api/financial/extracts?start=2026-05-02&end=2026-05-01',
    });
    expect(listed.statusCode).toBe(400);
  });

  it('answers zeros for a period without movements', async () => {
    const empty = await balance(admin, `?store_id=${sertaoId}&start=2001-01-01&end=2001-01-31`);
    expect(empty.amount_received).toBe(0);
    expect(empty.amount_taxes).toBe(0);
  });
});

/** The São Paulo day of an instant. */
function todayOf(instant: string): string {
  return new Date(instant).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
}

describe('GET /api/financial/extracts', () => {
  it('pages 8 lines at a time, newest first, only the store’s', async () => {
    const first = await page<StatementRow>(cantina, '/api/financial/extracts');
    const second = await page<StatementRow>(cantina, '/api/financial/extracts?page=2');
    expect(first.results).toHaveLength(8);
    expect(second.results).toHaveLength(8);
    expect(first.total).toBeGreaterThan(16);
    const times = [...first.results, ...second.results].map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.results, ...second.results].map((row) => row.id)).size).toBe(16);
    // Sertão's lines are never Cantina's.
    const theirs = await wholeStatement(sertao);
    const ids = new Set((await wholeStatement(cantina)).map((row) => row.id));
    expect(theirs.some((row) => ids.has(row.id))).toBe(false);
    expect(await wholeStatement(sertao, `&store_id=${cantinaId}`)).toEqual(theirs);
  });

  it("shows an administrator the platform's statement, or one store's when named", async () => {
    const chosen = await page<StatementRow>(admin, `/api/financial/extracts?store_id=${cantinaId}`);
    expect(chosen).toEqual(await page<StatementRow>(cantina, '/api/financial/extracts'));
    // Every store's lines, newest first across stores, and as many as the stores' together.
    const platform = await wholeStatement(admin);
    let total = 0;
    for (const id of storeIds)
      total += (await page<StatementRow>(admin, `/api/financial/extracts?store_id=${id}`)).total;
    expect(platform).toHaveLength(total);
    const ids = new Set(platform.map((row) => row.id));
    for (const call of [cantina, sertao])
      expect((await wholeStatement(call)).every((row) => ids.has(row.id))).toBe(true);
    const times = platform.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The platform's cards add up with the platform's table, as a store's do with its own.
    const cards = await balance(admin);
    expect(sumOf(platform)).toBe(cards.amount_available + cards.amount_preview);
    expect(sumOf(platform, 'RECEIVED')).toBe(cards.amount_received);
    const csv = await admin({ method: 'GET', url: '/api/financial/extracts?format=csv' });
    expect(csv.body.trim().split('\r\n')).toHaveLength(total + 1);
  });

  it('exports the whole statement as CSV with Portuguese titles, BOM and ;', async () => {
    const response = await cantina({ method: 'GET', url: '/api/financial/extracts?format=csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.body.startsWith('\uFEFFData;Tipo;Descrição;Valor;Disponível em\r\n')).toBe(true);
    const lines = response.body.trim().split('\r\n');
    const { total } = await page<StatementRow>(cantina, '/api/financial/extracts');
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};(Recebido|Cancelado|Taxa|Depósito);/);
    expect(lines.some((line) => /;-?\d{1,3}(\.\d{3})*,\d{2};\d{2}\/\d{2}\/\d{4}$/.test(line))).toBe(true);
  });
});

describe('GET /api/financial/deposits', () => {
  it('lists the transfers newest first with net amount, status, message, date and bank', async () => {
    const { results, total } = await page<DepositRow>(cantina, '/api/financial/deposits');
    expect(total).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(8);
    const dates = results.map((row) => row.deposit_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const row of results) {
      expect(row.amount).toBeGreaterThan(0);
      expect(['PENDING', 'PAID', 'FAILED']).toContain(row.status);
      expect(row.message).not.toBe('');
      expect(row.bank_name).toBe('Itaú Unibanco S.A.');
    }
    // Every paid transfer is a DEPOSIT line of the statement, of the same amount.
    const statement = await wholeStatement(cantina);
    const all = await page<DepositRow>(cantina, '/api/financial/deposits?page_size=1000');
    const paid = all.results.filter((row) => row.status === 'PAID');
    expect(outOf(statement, 'DEPOSIT')).toBe(paid.reduce((sum, row) => sum + row.amount, 0));
  });

  it('filters by deposit date and exports as CSV', async () => {
    const all = await page<DepositRow>(cantina, '/api/financial/deposits?page_size=1000');
    const day = all.results[Math.floor(all.results.length / 2)]!.deposit_date;
    const { results } = await page<DepositRow>(cantina, `/api/financial/deposits?start=${day}&end=${day}`);
    expect(results.map((row) => row.deposit_date)).toEqual([day]);
    const csv = await cantina({ method: 'GET', url: '/api/financial/deposits?format=csv' });
    expect(
      csv.body.startsWith('\uFEFFData do depósito;Valor líquido;Situação;Mensagem;Banco;Solicitado em\r\n'),
    ).toBe(true);
    expect(csv.body).toMatch(/;(Pago|Pendente|Falhou);/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(all.total + 1);
  });

  it("shows an administrator every store's deposits, or one store's when named", async () => {
    expect((await page<DepositRow>(admin, `/api/financial/deposits?store_id=${sertaoId}`)).results).toEqual(
      (await page<DepositRow>(sertao, '/api/financial/deposits')).results,
    );
    const platform = await page<DepositRow>(admin, '/api/financial/deposits?page_size=1000');
    const [ofCantina, ofSertao] = await Promise.all([
      page<DepositRow>(cantina, '/api/financial/deposits?page_size=1000'),
      page<DepositRow>(sertao, '/api/financial/deposits?page_size=1000'),
    ]);
    expect(platform.total).toBeGreaterThan(ofCantina.total + ofSertao.total - 1);
    const ids = new Set(platform.results.map((row) => row.id));
    expect([...ofCantina.results, ...ofSertao.results].every((row) => ids.has(row.id))).toBe(true);
    const dates = platform.results.map((row) => row.deposit_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
