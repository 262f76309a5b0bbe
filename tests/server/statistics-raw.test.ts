/**
 * Every figure of the statistics and finance-figure routes, which read the daily rollups, against
 * a plain recomputation from the raw rows of the demo (payments, tickets, orders, check-ins,
 * order items, customers) with straightforward SQL: the rollups may only be a faster way to the
 * same numbers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import {
  MONTH_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  WEEKDAY_LABELS,
  type FinancialAnalytics,
  type GeneralStatistics,
  type StoreStatistics,
} from '../../contract/statistics';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

const SEED_NOW = new Date('2026-11-20T15:00:00-03:00');
/** A local date in São Paulo, computed without the rollups' helper functions. */
const local = (column: string) => sql.raw(`(${column} at time zone 'America/Sao_Paulo')`);

let t: TestApp;
let admin: ReturnType<typeof as>;
let cantina: ReturnType<typeof as>;
let cantinaId: number;
let sertaoId: number;

const query = async <T>(text: SQL) => rows<T>(await t.database.db.execute(text));

const get = async <T>(caller: ReturnType<typeof as>, url: string) => {
  const response = await caller({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};

beforeAll(async () => {
  t = await createTestApp({ seed: 'full', seedNow: SEED_NOW });
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
});
afterAll(() => t?.close());

/** The change against the previous period; none (null) when that period had nothing. */
function change(current: number, past: number): number | null {
  if (past === 0) return null;
  return Math.round(((current - past) / Math.abs(past)) * 1000) / 10;
}

const storeFilter = (store: number | null) => (store === null ? sql`true` : sql`store_id = ${store}`);

/** Payments kept (not cancelled), tickets: totals over local days [start, end]. */
async function rawTotals(store: number | null, start: string, end: string) {
  const [money] = await query<{ gross: number; fees: number; service: number }>(sql`
    select coalesce(sum(amount), 0)::float8 as gross, coalesce(sum(fee), 0)::float8 as fees,
      coalesce(sum(service), 0)::float8 as service from payments
    where ${storeFilter(store)} and cancelled_at is null and ${local('created_at')}::date between ${start} and ${end}`);
  const [tabs] = await query<{ n: number }>(sql`
    select count(*)::int as n from tickets
    where ${storeFilter(store)} and ${local('created_at')}::date between ${start} and ${end}`);
  return { gross: money!.gross, fees: money!.fees, service: money!.service, tickets: tabs!.n };
}

async function rawMethods(store: number | null, start: string, end: string) {
  const byMethod = new Map(
    (
      await query<{ method: string; amount: number }>(sql`
        select method, sum(amount)::float8 as amount from payments
        where ${storeFilter(store)} and cancelled_at is null and ${local('created_at')}::date between ${start} and ${end}
        group by method`)
    ).map((r) => [r.method, r.amount]),
  );
  const total = [...byMethod.values()].reduce((a, b) => a + b, 0);
  return PAYMENT_METHODS.map((method) => ({
    method,
    label: PAYMENT_METHOD_LABELS[method],
    amount: byMethod.get(method) ?? 0,
    percentage: total === 0 ? 0 : Math.round(((byMethod.get(method) ?? 0) / total) * 1000) / 10,
  }));
}

const avg = (amount: number, tickets: number) => (tickets === 0 ? 0 : Math.round(amount / tickets));

async function expectStoreFigures(data: StoreStatistics, store: number, monthly: boolean) {
  const { start, end, previous_start, previous_end } = data.period;
  const now = await rawTotals(store, start, end);
  const before = await rawTotals(store, previous_start, previous_end);
  // The demo's tables pay a service: a tenth or so of what they pay, never all of it.
  if (now.gross > 0) expect(now.service / now.gross).toBeGreaterThan(0.05);
  expect(now.service).toBeLessThan(now.gross || 1);
  expect(data.financial).toEqual({
    paid_amount: now.gross,
    total_tickets: now.tickets,
    avg_ticket: avg(now.gross, now.tickets),
    gross: { amount: now.gross, variation: change(now.gross, before.gross) },
    liquid: {
      amount: now.gross - now.fees,
      variation: change(now.gross - now.fees, before.gross - before.fees),
    },
    sales: {
      amount: now.gross - now.service,
      variation: change(now.gross - now.service, before.gross - before.service),
    },
    service: { amount: now.service, variation: change(now.service, before.service) },
    previous: {
      paid_amount: before.gross,
      total_tickets: before.tickets,
      avg_ticket: avg(before.gross, before.tickets),
    },
  });

  const products = await query<{ id: number; name: string; thumbnail: string | null; total: number }>(sql`
    select p.id, p.name, p.thumbnail, sum(i.quantity)::int as total
    from order_items i join products p on p.id = i.product_id
    where i.store_id = ${store} and i.status not in ('SAVED', 'CANCELLED')
      and ${local('i.created_at')}::date between ${start} and ${end}
    group by p.id order by total desc, p.name, p.id limit 10`);
  expect(data.products).toEqual(products);

  const hours = new Map(
    (
      await query<{ hour: number; amount: number }>(sql`
        select extract(hour from ${local('created_at')})::int as hour, sum(amount)::float8 as amount from payments
        where store_id = ${store} and cancelled_at is null and ${local('created_at')}::date between ${start} and ${end}
        group by 1`)
    ).map((r) => [r.hour, r.amount]),
  );
  expect(data.by_hour).toEqual(
    Array.from({ length: 24 }, (_, hour) => ({
      hour,
      label: `${String(hour).padStart(2, '0')}h`,
      amount: hours.get(hour) ?? 0,
    })),
  );

  const weekdays = new Map(
    (
      await query<{ dow: number; amount: number }>(sql`
        select extract(dow from ${local('created_at')})::int as dow, sum(amount)::float8 as amount from payments
        where store_id = ${store} and cancelled_at is null and ${local('created_at')}::date between ${start} and ${end}
        group by 1`)
    ).map((r) => [r.dow, r.amount]),
  );
  expect(data.by_weekday).toEqual(
    WEEKDAY_LABELS.map((label, weekday) => ({ weekday, label, amount: weekdays.get(weekday) ?? 0 })),
  );
  expect(data.methods).toEqual(await rawMethods(store, start, end));

  const unit = monthly ? 'YYYY-MM-01' : 'YYYY-MM-DD';
  const series = await query<{ day: string; amount: number; tickets: number }>(sql`
    with days as (
      select to_char(d, ${unit}) as day from generate_series(${start}::date, ${end}::date, interval '1 day') d group by 1
    )
    select days.day,
      coalesce((select sum(amount) from payments where store_id = ${store} and cancelled_at is null
        and to_char(${local('created_at')}, ${unit}) = days.day
        and ${local('created_at')}::date between ${start} and ${end}), 0)::float8 as amount,
      (select count(*) from tickets where store_id = ${store}
        and to_char(${local('created_at')}, ${unit}) = days.day
        and ${local('created_at')}::date between ${start} and ${end})::int as tickets
    from days order by days.day`);
  expect(data.series).toEqual(
    series.map((s) => ({
      ...s,
      label: monthly
        ? `${MONTH_LABELS[Number(s.day.slice(5, 7)) - 1]}/${s.day.slice(2, 4)}`
        : `${s.day.slice(8, 10)}/${s.day.slice(5, 7)}`,
    })),
  );
  // The demo has sales in the period: a comparison of zeros with zeros would prove nothing.
  return now.gross;
}

describe('a store’s statistics match the raw rows', () => {
  it('over a custom period that covers the demo’s history, for staff', async () => {
    const data = await get<StoreStatistics>(
      cantina,
      '/api/statistics?period=custom&start=2026-08-01&end=2026-11-20',
    );
    expect(await expectStoreFigures(data, cantinaId, false)).toBeGreaterThan(0);
    expect(data.products.length).toBe(10);
  });

  it('over a month and its previous month, for an administrator with another store', async () => {
    const data = await get<StoreStatistics>(
      admin,
      `/api/statistics?store_id=${sertaoId}&period=custom&start=2026-10-15&end=2026-11-13`,
    );
    expect(await expectStoreFigures(data, sertaoId, false)).toBeGreaterThan(0);
    expect(data.financial.previous.paid_amount).toBeGreaterThan(0);
  });

  it('over the relative periods (30 days, 12 months month by month, 7 days, today)', async () => {
    for (const period of ['30d', '12m', '7d', 'today']) {
      const data = await get<StoreStatistics>(cantina, `/api/statistics?period=${period}`);
      await expectStoreFigures(data, cantinaId, period === '12m');
    }
  });
});

describe('the platform figures match the raw rows', () => {
  it('general: revenue with its variation, tabs of 15 days, check-ins this year, users', async () => {
    const data = await get<GeneralStatistics>(
      admin,
      '/api/statistics/general?period=custom&start=2026-10-21&end=2026-11-19',
    );
    const { start, end, previous_start, previous_end } = data.period;
    expect([start, end, previous_start, previous_end]).toEqual([
      '2026-10-21',
      '2026-11-19',
      '2026-09-21',
      '2026-10-20',
    ]);
    const now = await rawTotals(null, start, end);
    const before = await rawTotals(null, previous_start, previous_end);
    expect(now.gross).toBeGreaterThan(0);
    expect(data.financial).toEqual({
      paid_amount: now.gross,
      total_tickets: now.tickets,
      avg_ticket: avg(now.gross, now.tickets),
      gross: { amount: now.gross, variation: change(now.gross, before.gross) },
      liquid: {
        amount: now.gross - now.fees,
        variation: change(now.gross - now.fees, before.gross - before.fees),
      },
    });

    const [{ today }] = (await query<{ today: string }>(
      sql`select ${local('now()')}::date::text as today`,
    )) as [{ today: string }];
    const orders = await query<{ day: string; total: number }>(sql`
      select d::date::text as day,
        (select count(*) from orders where ${local('created_at')}::date = d::date)::int as total
      from generate_series(${today}::date - 14, ${today}::date, interval '1 day') d order by 1`);
    expect(data.orders).toEqual(
      orders.map((o) => ({ ...o, label: `${o.day.slice(8, 10)}/${o.day.slice(5, 7)}` })),
    );

    const checkins = await query<{ month: number; platform: 'IOS' | 'ANDROID'; total: number }>(sql`
      select m as month, p as platform,
        (select count(*) from checkins where platform = p
           and extract(year from ${local('created_at')}) = extract(year from ${today}::date)
           and extract(month from ${local('created_at')}) = m
           and ${local('created_at')}::date <= ${today}::date)::int as total
      from generate_series(1, 12) m, unnest(array['IOS', 'ANDROID']) with ordinality as x(p, o)
      order by m, o`);
    expect(data.platforms).toEqual(checkins.map((c) => ({ ...c, label: MONTH_LABELS[c.month - 1] })));
    expect(checkins.reduce((sum, c) => sum + c.total, 0)).toBeGreaterThan(0);

    const [customers] = await query<{ n: number }>(sql`select count(*)::int as n from customers`);
    expect(data.totalUsers).toBe(customers!.n);
  });

  it('the finance dashboard, for the platform and for one store', async () => {
    for (const [caller, url, store] of [
      [admin, '/api/financial/analytics', null],
      [cantina, '/api/financial/analytics', cantinaId],
      [admin, `/api/financial/analytics?store_id=${sertaoId}`, sertaoId],
    ] as const) {
      const data = await get<FinancialAnalytics>(caller, url);
      const months = await query<{ month: string; gross: number; fees: number; tickets: number }>(sql`
        with months as (
          select to_char(m, 'YYYY-MM') as month from generate_series(
            date_trunc('month', ${local('now()')}) - interval '11 months', date_trunc('month', ${local('now()')}),
            interval '1 month') m
        )
        select month,
          coalesce((select sum(amount) from payments where ${storeFilter(store)} and cancelled_at is null
            and to_char(${local('created_at')}, 'YYYY-MM') = month and created_at <= now()), 0)::float8 as gross,
          coalesce((select sum(fee) from payments where ${storeFilter(store)} and cancelled_at is null
            and to_char(${local('created_at')}, 'YYYY-MM') = month and created_at <= now()), 0)::float8 as fees,
          (select count(*) from tickets where ${storeFilter(store)}
            and to_char(${local('created_at')}, 'YYYY-MM') = month and created_at <= now())::int as tickets
        from months order by month`);
      const label = (month: string) => `${MONTH_LABELS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
      expect(data.avg_ticket).toEqual(
        months.map((m) => ({ month: m.month, label: label(m.month), amount: avg(m.gross, m.tickets) })),
      );
      expect(data.incomes).toEqual(
        months.map((m) => ({ month: m.month, label: label(m.month), amount: m.gross - m.fees })),
      );
      let running = 0;
      expect(data.by_month).toEqual(
        months.map((m) => ({ month: m.month, label: label(m.month), amount: (running += m.gross) })),
      );
      expect(running).toBeGreaterThan(0);
      const first = `${months[0]!.month}-01`;
      const [{ last }] = (await query<{ last: string }>(
        sql`select ${local('now()')}::date::text as last`,
      )) as [{ last: string }];
      expect(data.methods).toEqual(await rawMethods(store, first, last));
      expect(data.scope.store_id).toBe(store);
    }
  });
});
