/**
 * The statistics and finance-figure routes (GET /api/statistics/general, /api/statistics,
 * /api/financial/analytics) over the demo logins and their two stores, which start with no sales:
 * who may read what, the period's validation, empty periods, the São Paulo calendar and the
 * variation arithmetic, with payments written at fixed instants around the database's today.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import {
  MONTH_LABELS,
  PAYMENT_METHODS,
  PERIOD_MESSAGES,
  WEEKDAY_LABELS,
  type FinancialAnalytics,
  type GeneralStatistics,
  type StoreStatistics,
} from '../../contract/statistics';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let cantina: ReturnType<typeof as>;
let sertao: ReturnType<typeof as>;
let cantinaId: number;
let sertaoId: number;
/** Today on the stores' calendar, by the database's clock. */
let today: string;
let orderId: number;
let sertaoOrderId: number;
let customerId: number;

const db = () => t.database.db;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function pay(at: string, amount: number, method = 'CASH', fee = 0, store = cantinaId, service = 0) {
  await db()
    .execute(sql`insert into payments (store_id, order_id, kind, method, amount, fee, service, created_at)
    values (${store}, ${store === cantinaId ? orderId : sertaoOrderId}, 'PHYSICAL', ${method}, ${amount},
      ${fee}, ${service}, ${at}::timestamptz)`);
}

/** A tab of its own with the customer's ticket, opened at `at`. */
async function ticket(at: string) {
  await db()
    .execute(sql`with o as (insert into orders (store_id, created_at) values (${cantinaId}, ${at}::timestamptz) returning id)
    insert into tickets (order_id, store_id, customer_id, created_at)
    select id, ${cantinaId}, ${customerId}, ${at}::timestamptz from o`);
}

const get = async <T>(caller: ReturnType<typeof as>, url: string) => {
  const response = await caller({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(db(), 'Cantina Bella');
  sertaoId = await storeId(db(), 'Sabor do Sertão');
  [{ today }] = rows<{ today: string }>(await db().execute(sql`select rollup_day(now())::text as today`)) as [
    { today: string },
  ];
  [{ id: orderId }] = rows<{ id: number }>(
    await db().execute(sql`insert into orders (store_id) values (${cantinaId}) returning id`),
  ) as [{ id: number }];
  [{ id: sertaoOrderId }] = rows<{ id: number }>(
    await db().execute(sql`insert into orders (store_id) values (${sertaoId}) returning id`),
  ) as [{ id: number }];
  [{ id: customerId }] = rows<{ id: number }>(
    await db().execute(sql`insert into customers (fullname, username, email)
      values ('Cliente Estatística', 'cliente.estatistica', 'cliente.estatistica@example.com') returning id`),
  ) as [{ id: number }];
});
afterAll(() => t?.close());

describe('access', () => {
  it('asks for a session and keeps the platform figures to administrators', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/api/statistics' })).statusCode).toBe(401);
    expect((await cantina({ method: 'GET', url: '/api/statistics/general' })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: '/api/statistics/general' })).statusCode).toBe(200);
  });

  it('an administrator chooses the store; one that does not exist is not found', async () => {
    const missing = await admin({ method: 'GET', url: '/api/statistics' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Escolha um restaurante');
    expect((await admin({ method: 'GET', url: '/api/statistics?store_id=999999' })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/api/statistics?store_id=${sertaoId}` })).statusCode).toBe(
      200,
    );
  });

  it("staff read their own store only: another store's id answers 404", async () => {
    expect((await cantina({ method: 'GET', url: `/api/statistics?store_id=${sertaoId}` })).statusCode).toBe(
      404,
    );
    expect(
      (await cantina({ method: 'GET', url: `/api/financial/analytics?store_id=${sertaoId}` })).statusCode,
    ).toBe(404);
    expect((await cantina({ method: 'GET', url: `/api/statistics?store_id=${cantinaId}` })).statusCode).toBe(
      200,
    );
  });

  it('staff see their store on the finance dashboard; administrators the platform or one store', async () => {
    await pay(`${today}T12:00:00-03:00`, 4321, 'PIX', 0, sertaoId);
    const own = await get<FinancialAnalytics>(sertao, '/api/financial/analytics');
    expect(own.scope).toEqual({ store_id: sertaoId, name: 'Sabor do Sertão' });
    expect(own.by_month.at(-1)!.amount).toBe(4321);
    const platform = await get<FinancialAnalytics>(admin, '/api/financial/analytics');
    expect(platform.scope).toEqual({ store_id: null, name: 'Plataforma' });
    const one = await get<FinancialAnalytics>(admin, `/api/financial/analytics?store_id=${sertaoId}`);
    expect(one).toEqual(own);
    // The Cantina's staff do not see the Sertão's sale.
    const other = await get<FinancialAnalytics>(cantina, '/api/financial/analytics');
    expect(other.scope.name).toBe('Cantina Bella');
    expect(other.methods.find((m) => m.method === 'PIX')!.amount).toBe(0);
    await db().execute(sql`delete from payments where store_id = ${sertaoId}`);
  });
});

describe('period validation', () => {
  const message = async (query: string) => {
    const response = await cantina({ method: 'GET', url: `/api/statistics?${query}` });
    expect(response.statusCode, response.body).toBe(400);
    return errorOf(response);
  };

  it('refuses an unknown period, a custom one without its days, reversed or longer than 366 days', async () => {
    expect(await message('period=week')).toContain(PERIOD_MESSAGES.period);
    expect(await message('period=custom')).toContain(PERIOD_MESSAGES.required);
    expect(await message('period=custom&start=2026-01-10')).toContain(PERIOD_MESSAGES.required);
    expect(await message('period=custom&start=2026-01-10&end=2026-01-09')).toContain(PERIOD_MESSAGES.order);
    expect(await message('period=custom&start=2025-01-01&end=2026-01-02')).toContain(PERIOD_MESSAGES.length);
    expect(await message('period=custom&start=2026-02-30&end=2026-03-02')).toContain(PERIOD_MESSAGES.date);
    expect(await message('period=custom&start=10/01/2026&end=2026-03-02')).toContain(PERIOD_MESSAGES.date);
    const general = await admin({
      method: 'GET',
      url: '/api/statistics/general?period=custom&end=2026-01-01',
    });
    expect(errorOf(general)).toContain(PERIOD_MESSAGES.required);
  });

  it('takes 366 days, and the previous period is as long, right before', async () => {
    const data = await get<StoreStatistics>(
      cantina,
      '/api/statistics?period=custom&start=2024-01-01&end=2024-12-31',
    );
    expect(data.period).toEqual({
      start: '2024-01-01',
      end: '2024-12-31',
      previous_start: '2022-12-31',
      previous_end: '2023-12-31',
    });
    expect(data.series).toHaveLength(366);
  });

  it('counts each period back from today, today included; 30 days by default', async () => {
    const periodOf = async (query: string) =>
      (await get<StoreStatistics>(cantina, `/api/statistics${query}`)).period;
    expect(await periodOf('?period=today')).toEqual({
      start: today,
      end: today,
      previous_start: addDays(today, -1),
      previous_end: addDays(today, -1),
    });
    expect(await periodOf('?period=7d')).toMatchObject({
      start: addDays(today, -6),
      previous_start: addDays(today, -13),
    });
    expect(await periodOf('')).toMatchObject({ start: addDays(today, -29), end: today });
    expect(await periodOf('?period=12m')).toMatchObject({
      start: addDays(today, -364),
      previous_end: addDays(today, -365),
      previous_start: addDays(today, -729),
    });
  });
});

describe('figures', () => {
  it('a store without sales: zeros, 24 hours, 7 weekdays, 5 methods', async () => {
    const data = await get<StoreStatistics>(sertao, '/api/statistics?period=7d');
    expect(data.financial).toEqual({
      paid_amount: 0,
      total_tickets: 0,
      avg_ticket: 0,
      gross: { amount: 0, variation: null },
      liquid: { amount: 0, variation: null },
      sales: { amount: 0, variation: null },
      service: { amount: 0, variation: null },
      previous: { paid_amount: 0, total_tickets: 0, avg_ticket: 0 },
    });
    expect(data.products).toEqual([]);
    expect(data.by_hour.map((h) => h.label)).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}h`),
    );
    expect(data.by_hour.every((h) => h.amount === 0)).toBe(true);
    expect(data.by_weekday).toEqual(WEEKDAY_LABELS.map((label, weekday) => ({ weekday, label, amount: 0 })));
    expect(data.methods).toEqual([
      { method: 'CREDIT_CARD', label: 'Cartão de crédito', amount: 0, percentage: 0 },
      { method: 'DEBIT_CARD', label: 'Cartão de débito', amount: 0, percentage: 0 },
      { method: 'PIX', label: 'Pix', amount: 0, percentage: 0 },
      { method: 'CASH', label: 'Dinheiro', amount: 0, percentage: 0 },
      { method: 'MEAL_VOUCHER', label: 'Vale-refeição', amount: 0, percentage: 0 },
    ]);
    expect(data.series).toHaveLength(7);
    expect(data.series[0]).toEqual({
      day: addDays(today, -6),
      label: `${addDays(today, -6).slice(8, 10)}/${addDays(today, -6).slice(5, 7)}`,
      amount: 0,
      tickets: 0,
    });
    expect(data.series.at(-1)!.day).toBe(today);

    const analytics = await get<FinancialAnalytics>(sertao, '/api/financial/analytics');
    expect(analytics.avg_ticket).toHaveLength(12);
    expect(analytics.methods.map((m) => [m.method, m.amount])).toEqual(PAYMENT_METHODS.map((m) => [m, 0]));
    expect(analytics.by_month.every((m) => m.amount === 0)).toBe(true);
  });

  it('counts a payment on the São Paulo day it was made: 23:30 on D is D, 00:30 on D+1 is D+1', async () => {
    const d = addDays(today, -3);
    await pay(`${d}T23:30:00-03:00`, 1000, 'CASH');
    await pay(`${addDays(d, 1)}T00:30:00-03:00`, 2000, 'PIX');
    const onD = await get<StoreStatistics>(cantina, `/api/statistics?period=custom&start=${d}&end=${d}`);
    expect(onD.financial.paid_amount).toBe(1000);
    expect(onD.by_hour[23]!.amount).toBe(1000);
    expect(onD.by_hour.reduce((sum, h) => sum + h.amount, 0)).toBe(1000);
    const dow = new Date(`${d}T12:00:00Z`).getUTCDay();
    expect(onD.by_weekday[dow]!.amount).toBe(1000);
    expect(onD.series).toEqual([
      { day: d, label: `${d.slice(8, 10)}/${d.slice(5, 7)}`, amount: 1000, tickets: 0 },
    ]);
    expect(onD.methods.find((m) => m.method === 'CASH')).toMatchObject({ amount: 1000, percentage: 100 });

    const next = addDays(d, 1);
    const onNext = await get<StoreStatistics>(
      cantina,
      `/api/statistics?period=custom&start=${next}&end=${next}`,
    );
    expect(onNext.financial.paid_amount).toBe(2000);
    expect(onNext.by_hour[0]!.amount).toBe(2000);
    // Against the day before: 2000 after 1000.
    expect(onNext.financial.gross.variation).toBe(100);
    expect(onNext.financial.previous.paid_amount).toBe(1000);

    const both = await get<StoreStatistics>(cantina, `/api/statistics?period=custom&start=${d}&end=${next}`);
    expect(both.methods.map((m) => m.percentage)).toEqual([0, 0, 66.7, 33.3, 0]);
    await db().execute(sql`delete from payments where order_id = ${orderId}`);
  });

  it('variation: one decimal against the previous period, none (null) against a period without sales', async () => {
    const d = addDays(today, -10);
    const before = addDays(d, -1);
    await pay(`${before}T12:00:00-03:00`, 800, 'CREDIT_CARD', 80, cantinaId, 73);
    await pay(`${d}T12:00:00-03:00`, 600, 'CREDIT_CARD', 0, cantinaId, 55);
    await pay(`${d}T20:00:00-03:00`, 400, 'DEBIT_CARD', 0, cantinaId, 36);
    await ticket(`${d}T12:00:00-03:00`);
    await ticket(`${d}T20:00:00-03:00`);
    await ticket(`${d}T21:00:00-03:00`);
    await ticket(`${before}T12:00:00-03:00`);
    const data = await get<StoreStatistics>(cantina, `/api/statistics?period=custom&start=${d}&end=${d}`);
    expect(data.financial).toEqual({
      paid_amount: 1000,
      total_tickets: 3,
      avg_ticket: 333,
      gross: { amount: 1000, variation: 25 }, // (1000 − 800) / 800
      liquid: { amount: 1000, variation: 38.9 }, // (1000 − 720) / 720 = 38.88…
      // The service apart: R$ 0,91 of the R$ 10,00 against R$ 0,73 of the R$ 8,00.
      sales: { amount: 909, variation: 25 }, // (909 − 727) / 727 = 25.03…
      service: { amount: 91, variation: 24.7 }, // (91 − 73) / 73 = 24.65…
      previous: { paid_amount: 800, total_tickets: 1, avg_ticket: 800 },
    });
    const backwards = await get<StoreStatistics>(
      cantina,
      `/api/statistics?period=custom&start=${before}&end=${before}`,
    );
    // R$ 8,00 after a day without sales is no "+100 %": there is nothing to compare with.
    expect(backwards.financial.gross).toEqual({ amount: 800, variation: null });
    expect(backwards.financial.liquid).toEqual({ amount: 720, variation: null });
    const after = addDays(d, 1);
    const drop = await get<StoreStatistics>(
      cantina,
      `/api/statistics?period=custom&start=${after}&end=${after}`,
    );
    expect(drop.financial.gross).toEqual({ amount: 0, variation: -100 });
    expect(drop.financial.liquid).toEqual({ amount: 0, variation: -100 });
    const nothing = await get<StoreStatistics>(
      cantina,
      '/api/statistics?period=custom&start=2020-01-01&end=2020-01-31',
    );
    expect(nothing.financial.gross.variation).toBeNull();

    const general = await get<GeneralStatistics>(
      admin,
      `/api/statistics/general?period=custom&start=${d}&end=${d}`,
    );
    expect(general.financial.gross).toEqual({ amount: 1000, variation: 25 });
    expect(general.financial.avg_ticket).toBe(333);
    await db().execute(sql`delete from payments where order_id = ${orderId}`);
    await db().execute(sql`delete from orders where store_id = ${cantinaId} and id <> ${orderId}`);
  });

  it('12 months: one entry per month, from the month of the start to this one', async () => {
    const data = await get<StoreStatistics>(cantina, '/api/statistics?period=12m');
    const first = data.period.start.slice(0, 7);
    expect(data.series[0]!.day).toBe(`${first}-01`);
    expect(data.series.at(-1)!.day).toBe(`${today.slice(0, 7)}-01`);
    expect(data.series.length).toBeGreaterThanOrEqual(12);
    expect(data.series.length).toBeLessThanOrEqual(13);
    const month = today.slice(5, 7);
    expect(data.series.at(-1)!.label).toBe(`${MONTH_LABELS[Number(month) - 1]}/${today.slice(2, 4)}`);
  });
});

describe('platform', () => {
  it('check-ins by month of this year in label order jan … dez, iOS then Android', async () => {
    await db().execute(sql`insert into checkins (store_id, customer_id, platform, created_at)
      values (${cantinaId}, ${customerId}, 'IOS', ${`${today}T10:00:00-03:00`}::timestamptz),
             (${cantinaId}, ${customerId}, 'ANDROID', ${`${today}T10:00:00-03:00`}::timestamptz),
             (${cantinaId}, ${customerId}, 'ANDROID', ${`${today}T11:00:00-03:00`}::timestamptz)`);
    const data = await get<GeneralStatistics>(admin, '/api/statistics/general');
    expect(data.platforms).toHaveLength(24);
    expect(data.platforms.map((p) => p.label)).toEqual(MONTH_LABELS.flatMap((m) => [m, m]));
    expect(data.platforms.map((p) => p.platform)).toEqual(MONTH_LABELS.flatMap(() => ['IOS', 'ANDROID']));
    expect(data.platforms.map((p) => p.month)).toEqual(MONTH_LABELS.flatMap((_, i) => [i + 1, i + 1]));
    const month = Number(today.slice(5, 7));
    expect(data.platforms.filter((p) => p.month === month).map((p) => p.total)).toEqual([1, 2]);
    await db().execute(sql`delete from checkins where customer_id = ${customerId}`);
  });

  it('tabs opened over the last 15 days, oldest first, and every customer', async () => {
    await db().execute(sql`insert into orders (store_id, created_at)
      values (${cantinaId}, ${`${addDays(today, -14)}T00:10:00-03:00`}::timestamptz),
             (${cantinaId}, ${`${addDays(today, -15)}T23:50:00-03:00`}::timestamptz)`);
    const data = await get<GeneralStatistics>(admin, '/api/statistics/general');
    expect(data.orders).toHaveLength(15);
    expect(data.orders[0]).toEqual({
      day: addDays(today, -14),
      label: `${addDays(today, -14).slice(8, 10)}/${addDays(today, -14).slice(5, 7)}`,
      total: 1,
    });
    expect(data.orders.at(-1)!.day).toBe(today);
    const [customers] = rows<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from customers`),
    );
    expect(data.totalUsers).toBe(customers!.n);
  });
});
