import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { SEEK_FROM } from '../../server/resources/list';
import { stores } from '../../server/db/schema';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';
import type { DepositRow, StatementRow } from '../../contract/resources/financial/definition';

/**
 * The statement, the deposit history and the five cards (platform spec 2.8, 3, 9) over the living
 * demo: the cards add up with the table, the periods, the store scope, paging and CSV; the cards
 * and the total, read from the statement's rollups, equal a recomputation from the lines after
 * every kind of write.
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
    expect(
      response.body.startsWith('\uFEFFData;Tipo;Descrição;Valor;Serviço;Disponível em\r\n'),
    ).toBe(true);
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

describe('the cards and the total follow every write', () => {
  const db = () => t.database.db;

  /** The cards and the statement's total recomputed from the raw lines, as the rollups must give them. */
  async function fromLines(storeId: number | null, start?: string, end?: string) {
    const inStore = storeId === null ? sql`true` : sql`store_id = ${storeId}`;
    const day = sql`(created_at at time zone 'America/Sao_Paulo')::date`;
    const inPeriod = sql`${day} between ${start ?? '0001-01-01'}::date and ${end ?? '9999-12-31'}::date`;
    const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;
    const [row] = rows<Record<string, string>>(
      await db().execute(sql`select
        count(*) filter (where ${inPeriod})::text as total,
        coalesce(sum(amount) filter (where kind = 'RECEIVED' and ${inPeriod}), 0)::text as received,
        coalesce(-sum(amount) filter (where kind = 'CANCELED' and ${inPeriod}), 0)::text as canceled,
        coalesce(-sum(amount) filter (where kind = 'TAX' and ${inPeriod}), 0)::text as taxes,
        coalesce(sum(amount) filter (where available_on <= ${today}), 0)::text as available,
        coalesce(sum(amount) filter (where available_on > ${today} and kind <> 'DEPOSIT'), 0)::text as preview
        from statement_entries where ${inStore}`),
    );
    return {
      total: Number(row!.total),
      balance: {
        amount_received: Number(row!.received),
        amount_available: Number(row!.available),
        amount_preview: Number(row!.preview),
        amount_canceled: Number(row!.canceled),
        amount_taxes: Number(row!.taxes),
      },
    };
  }

  /** A São Paulo day `ago` days before today. */
  const daysAgo = (ago: number) =>
    new Date(Date.now() - ago * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

  /**
   * The answers of a store's staff, of the administrator for a store and for the platform, without
   * a period and with periods of whole months, of days at both ends of them, within a day, open at
   * either end.
   */
  async function expectFollows() {
    const lastMonthEnd = daysAgo(Number(todaySp().slice(8, 10)));
    const periods: { start?: string; end?: string }[] = [
      {},
      { start: daysAgo(60), end: todaySp() },
      { start: `${daysAgo(100).slice(0, 8)}01`, end: lastMonthEnd },
      { start: daysAgo(45), end: daysAgo(20) },
      { start: daysAgo(59), end: daysAgo(59) },
      { start: daysAgo(60) },
      { end: daysAgo(60) },
    ];
    const views: [Call, number | null, number | null][] = [
      [cantina, null, cantinaId],
      [admin, sertaoId, sertaoId],
      [admin, null, null],
    ];
    for (const [call, named, storeId] of views) {
      for (const { start, end } of periods) {
        const query = new URLSearchParams();
        if (named !== null) query.set('store_id', String(named));
        if (start) query.set('start', start);
        if (end) query.set('end', end);
        const expected = await fromLines(storeId, start, end);
        const where = `${storeId ?? 'plataforma'} ${query.toString()}`;
        expect(await balance(call, `?${query.toString()}`), where).toEqual(expected.balance);
        expect(
          (await page<StatementRow>(call, `/api/financial/extracts?${query.toString()}`)).total,
          where,
        ).toBe(expected.total);
      }
    }
  }

  it('reads a deep page from the day it starts on, as walking to it would', async () => {
    const views: [Call, number | null, number | null][] = [
      [cantina, null, cantinaId],
      [admin, null, null],
    ];
    for (const [call, named, storeId] of views) {
      for (const order of ['DESC', 'ASC'] as const) {
        for (const { start, end } of [{}, { start: daysAgo(300), end: daysAgo(15) }]) {
          const query = new URLSearchParams({ sort_field: 'created_at', sort_order: order });
          if (named !== null) query.set('store_id', String(named));
          if (start && end) {
            query.set('start', start);
            query.set('end', end);
          }
          const { total } = await page<StatementRow>(call, `/api/financial/extracts?${query.toString()}`);
          const last = Math.ceil(total / 8);
          // Past SEEK_FROM lines the list seeks; the last pages and one past the end too.
          expect(last, `${storeId ?? 'plataforma'} ${query.toString()}`).toBeGreaterThan(SEEK_FROM / 8 + 10);
          for (const number of [
            Math.floor(SEEK_FROM / 8) + 2,
            Math.floor(last / 2),
            last - 1,
            last,
            last + 1,
          ]) {
            query.set('page', String(number));
            const { results } = await page<StatementRow>(call, `/api/financial/extracts?${query.toString()}`);
            const inStore = storeId === null ? sql`true` : sql`store_id = ${storeId}`;
            const day = sql`(created_at at time zone 'America/Sao_Paulo')::date`;
            const inPeriod = start && end ? sql`${day} between ${start}::date and ${end}::date` : sql`true`;
            const direction = sql.raw(order);
            const walked = rows<{ id: number }>(
              await db().execute(sql`select id from statement_entries where ${inStore} and ${inPeriod}
                order by created_at ${direction}, id ${direction} limit 8 offset ${(number - 1) * 8}`),
            );
            expect(
              results.map((row) => row.id),
              `${storeId ?? 'plataforma'} ${query.toString()}`,
            ).toEqual(walked.map((row) => row.id));
          }
        }
      }
    }
  });

  it('after a line written, changed, paid out in a deposit and removed', async () => {
    await expectFollows();
    const [payment] = rows<{ id: number }>(
      await db().execute(sql`select id from payments where store_id = ${cantinaId} order by id desc limit 1`),
    );
    const [line] = rows<{ id: number }>(
      await db()
        .execute(sql`insert into statement_entries (store_id, payment_id, kind, amount, description, available_on)
        values (${cantinaId}, ${payment!.id}, 'RECEIVED', 4590, 'Pagamento pelo app', rollup_day(now()) + 31)
        returning id`),
    );
    await db()
      .execute(sql`insert into statement_entries (store_id, kind, amount, description, available_on, created_at)
      values (${cantinaId}, 'TAX', -92, 'Taxas', rollup_day(now()) - 59, now() - interval '59 days')`);
    await expectFollows();
    await db().execute(sql`update statement_entries set amount = 5000 where id = ${line!.id}`);
    await expectFollows();
    await db().execute(sql`update statement_entries set kind = 'CANCELED', amount = -5000,
      available_on = rollup_day(now()) - 60, created_at = now() - interval '60 days' where id = ${line!.id}`);
    await expectFollows();
    const deposit = await db().transaction(async (tx) => {
      const [made] = rows<{ id: number }>(
        await tx.execute(sql`insert into deposits (store_id, amount, status, deposit_date)
          values (${sertaoId}, 1000, 'PAID', rollup_day(now())) returning id`),
      );
      await tx.execute(sql`insert into statement_entries (store_id, deposit_id, kind, amount, description, available_on)
        values (${sertaoId}, ${made!.id}, 'DEPOSIT', -1000, 'Transferência', rollup_day(now()))`);
      return made!.id;
    });
    await expectFollows();
    await db().execute(sql`delete from deposits where id = ${deposit}`);
    await db().execute(sql`delete from statement_entries where id = ${line!.id}`);
    await expectFollows();
  });
});
