import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, maybeText, recordId } from '../../contract/lib/records';
import {
  CHOOSE_STORE,
  checkPeriod,
  financialAnalytics,
  generalStatistics,
  MONTH_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  periodFields,
  periodQuery,
  PLATFORM_SCOPE_NAME,
  storeStatistics,
  WEEKDAY_LABELS,
  type MethodShare,
  type PeriodQuery,
  type PeriodRange,
  STATISTICS_PATHS,
  variation,
} from '../../contract/statistics';
import type { Db } from '../db/client';
import { rows } from '../db/client';
import { checkins, customers, payments, stores, tickets } from '../db/schema';
import { badRequest, notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { STORE_NOT_FOUND, storeCondition } from '../resources/scope';
import { idParams, storeIdParam } from '../resources/params';

/** The stores' calendar: days, weeks and months start here. */
const ZONE = sql.raw(`'America/Sao_Paulo'`);

/** Start of today in the stores' time zone. */
const todayStart = sql`(date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE})`;

/** Revenue windows of the restaurants dashboard, each compared with the window just before it. */
const WINDOWS = [
  { label: 'Hoje', from: todayStart, length: sql`interval '1 day'`, until: sql`now()` },
  {
    label: 'Últimos 7 dias',
    from: sql`now() - interval '7 days'`,
    length: sql`interval '7 days'`,
    until: sql`now()`,
  },
  {
    label: 'Últimos 30 dias',
    from: sql`now() - interval '30 days'`,
    length: sql`interval '30 days'`,
    until: sql`now()`,
  },
  {
    label: 'Últimos 12 meses',
    from: sql`now() - interval '365 days'`,
    length: sql`interval '365 days'`,
    until: sql`now()`,
  },
] as const;

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

const TAGS = ['Estatísticas'];

/** A percentage change, one decimal (12.5 reads +12,5%), or null with no earlier figure to compare with. */
const percentChange = z.number().nullable();

const storesDashboard = z.object({
  data: z.object({
    trending: z.array(
      z.object({ id: recordId, name: z.string(), logo_black: maybeText, total_visits: count }),
    ),
    revenues: z.array(z.object({ label: z.string(), amount: count, variation: percentChange })),
  }),
});

const storeOverview = z.object({
  data: z.object({ visitors: count, revenues: count, paid_tickets: count }),
});

const usersAnalytics = z.object({
  data: z.object({
    by_periods: z.array(
      z.object({ label: z.string(), current: count, past: count, variation: percentChange }),
    ),
    by_week: z.array(z.object({ label: z.string(), current: count, past: count })),
  }),
});

// ---------------------------------------------------------------------------------------------
// Statistics and finance figures (GET /api/statistics/general, /api/statistics and
// /api/financial/analytics): read from the daily rollups only (store_days, platform_days,
// product_days, kept by triggers in the same transaction as the rows they count, migration 0013).
// Each answer is one or two indexed range reads of at most a few hundred rows.

/** A calendar day 'YYYY-MM-DD' moved by `days`. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days from `start` to `end`, both included. */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 'dd/MM' of a day. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** 'mmm/aa' of a month 'YYYY-MM'. */
const monthLabel = (month: string) => `${MONTH_LABELS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

/** The months 'YYYY-MM' from the one of `start` to the one of `end`. */
function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
}

/** The month 'YYYY-MM' `months` after (or before) another. */
function addMonthsToMonth(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Days each period covers, today included. */
const PERIOD_LENGTH = { today: 1, '7d': 7, '30d': 30, '12m': 365 } as const;

/** The days a period covers and the same number of days right before it. */
export function resolvePeriod(
  query: { period: PeriodQuery['period']; start?: string; end?: string },
  today: string,
): PeriodRange {
  const period = query.period ?? '30d';
  const end = period === 'custom' ? query.end! : today;
  const start = period === 'custom' ? query.start! : addDays(today, 1 - PERIOD_LENGTH[period]);
  const length = daysBetween(start, end).length;
  return { start, end, previous_start: addDays(start, -length), previous_end: addDays(start, -1) };
}

/** Today on the stores' calendar, by the database's clock (the one the rollups' days follow). */
async function today(db: Db): Promise<string> {
  const [row] = rows<{ today: string }>(await db.execute(sql`select rollup_day(now())::text as today`));
  return row!.today;
}

/** Sums of the rollups over a range of days, as numbers (float8: exact for cents below 2^53). */
const sumOver = (column: string, range: SQL) =>
  sql`coalesce(sum(${sql.raw(column)}) filter (where ${range}), 0)::float8`;

const METHOD_COLUMNS = ['credit_card', 'debit_card', 'pix', 'cash', 'meal_voucher'] as const;

/** The five payment methods with their share of the total, one decimal; always five entries. */
function methodShares(amounts: readonly number[]): MethodShare[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return PAYMENT_METHODS.map((method, i) => ({
    method,
    label: PAYMENT_METHOD_LABELS[method],
    amount: amounts[i] ?? 0,
    percentage: total === 0 ? 0 : Math.round(((amounts[i] ?? 0) / total) * 1000) / 10,
  }));
}

/** Average ticket in cents: the amount over the tickets, 0 without tickets. */
const average = (amount: number, tickets: number) => (tickets === 0 ? 0 : Math.round(amount / tickets));

/** The query of a store's figures: the period, and the store an administrator names. */
const storePeriodQuery = z
  .strictObject({ ...periodFields, store_id: storeIdParam.optional() })
  .superRefine(checkPeriod);

const analyticsQuery = z.strictObject({ store_id: storeIdParam.optional() });

/**
 * The store whose figures a request reads: staff's own (naming another store answers 404, as it
 * does everywhere); for an administrator the one named, which must exist, or null when none is.
 */
async function figuresStore(
  db: Db,
  request: FastifyRequest,
  requested: number | undefined,
): Promise<{ id: number; name: string } | null> {
  const caller = callerOf(request);
  const id = caller.role === ADMIN ? requested : (caller.storeId ?? undefined);
  if (caller.role !== ADMIN && requested !== undefined && requested !== caller.storeId) {
    throw notFound(STORE_NOT_FOUND);
  }
  if (id === undefined) return null;
  const [store] = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.id, id));
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store;
}

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Restaurants dashboard (spec 2.5): revenue cards and the trending ranking, in one call. */
  app.get(
    '/api/statistics/stores',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Painel dos restaurantes: faturamento por período e os mais visitados',
        operationId: 'getStoresStatistics',
        response: { 200: storesDashboard },
      },
    },
    async () => {
      const paid = and(
        isNull(payments.cancelled_at),
        gte(payments.created_at, sql`now() - interval '730 days'`),
      );
      const sums = WINDOWS.flatMap((w, i) => [
        sql`coalesce(sum(${payments.amount}) filter (where ${payments.created_at} >= ${w.from} and ${payments.created_at} < ${w.until}), 0)::bigint as ${sql.raw(`current_${i}`)}`,
        sql`coalesce(sum(${payments.amount}) filter (where ${payments.created_at} >= ${w.from} - ${w.length} and ${payments.created_at} < ${w.until} - ${w.length}), 0)::bigint as ${sql.raw(`past_${i}`)}`,
      ]);
      const [totals, trending] = await Promise.all([
        app.db.execute(sql`select ${sql.join(sums, sql`, `)} from ${payments} where ${paid}`),
        app.db
          .select({
            id: stores.id,
            name: stores.name,
            logo_black: stores.logo_black,
            total_visits: sql<number>`count(*)`.mapWith(Number),
          })
          .from(checkins)
          .innerJoin(stores, eq(stores.id, checkins.store_id))
          .where(gte(checkins.created_at, sql`now() - interval '30 days'`))
          .groupBy(stores.id)
          .orderBy(desc(sql`count(*)`), stores.name)
          .limit(10),
      ]);
      const row = (totals as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
      const revenues = WINDOWS.map((w, i) => {
        const amount = Number(row[`current_${i}`] ?? 0);
        return { label: w.label, amount, variation: variation(amount, Number(row[`past_${i}`] ?? 0)) };
      });
      return { data: { trending, revenues } };
    },
  );

  /** Restaurant detail header: visitors, revenues and paid tickets, since the partnership began. */
  app.get(
    '/api/statistics/store/id/:id/overview',
    {
      config: { access: 'store:statistics' },
      schema: {
        tags: TAGS,
        summary: 'Resumo de um restaurante: visitantes, faturamento e comandas pagas',
        operationId: 'getStoreOverview',
        params: idParams,
        response: { 200: storeOverview },
      },
    },
    async (request) => {
      const id = request.params.id;
      const [store] = await app.db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.id, id), storeCondition(request, stores.id)));
      if (!store) throw notFound(STORE_NOT_FOUND);
      const [[visitors], [revenues], [paidTickets]] = await Promise.all([
        app.db
          .select({ value: sql<number>`count(distinct ${checkins.customer_id})`.mapWith(Number) })
          .from(checkins)
          .where(eq(checkins.store_id, id)),
        app.db
          .select({ value: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
          .from(payments)
          .where(and(eq(payments.store_id, id), isNull(payments.cancelled_at))),
        app.db
          .select({ value: sql<number>`count(*)`.mapWith(Number) })
          .from(tickets)
          .where(
            and(
              eq(tickets.store_id, id),
              sql`${tickets.total} > 0 and ${tickets.total_paid} >= ${tickets.total}`,
            ),
          ),
      ]);
      return {
        data: {
          visitors: visitors?.value ?? 0,
          revenues: revenues?.value ?? 0,
          paid_tickets: paidTickets?.value ?? 0,
        },
      };
    },
  );

  /**
   * Users analytics (spec 2.7): sign-ups of today, this week (Sunday to Saturday), this month and
   * this year, each against the whole previous period, on the stores' calendar; the week's card is
   * the sum of the weekday bars.
   */
  app.get(
    '/api/statistics/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Cadastros de usuários por período e por dia da semana',
        operationId: 'getUsersStatistics',
        response: { 200: usersAnalytics },
      },
    },
    async () => {
      const day = sql`(${customers.created_at} at time zone ${ZONE})::date`;
      const [periods, weekdays] = await Promise.all([
        app.db.execute(sql`
          with k as (select (now() at time zone ${ZONE})::date as today)
          select
            count(*) filter (where ${day} = k.today)::int as today_current,
            count(*) filter (where ${day} = k.today - 1)::int as today_past,
            count(*) filter (where ${day} >= date_trunc('month', k.today)::date)::int as month_current,
            count(*) filter (where ${day} >= (date_trunc('month', k.today) - interval '1 month')::date
              and ${day} < date_trunc('month', k.today)::date)::int as month_past,
            count(*) filter (where ${day} >= date_trunc('year', k.today)::date)::int as year_current,
            count(*) filter (where ${day} < date_trunc('year', k.today)::date)::int as year_past
          from ${customers}, k
          where ${customers.created_at} >= ((date_trunc('year', k.today) - interval '1 year')::timestamp at time zone ${ZONE})`),
        app.db.execute(sql`
          with k as (select (now() at time zone ${ZONE})::date - extract(dow from now() at time zone ${ZONE})::int as week)
          select extract(dow from ${day})::int as dow,
            count(*) filter (where ${day} >= k.week)::int as current,
            count(*) filter (where ${day} < k.week)::int as past
          from ${customers}, k
          where ${customers.created_at} >= ((k.week - 7)::timestamp at time zone ${ZONE})
          group by 1`),
      ]);
      const totals = (periods as unknown as { rows: Record<string, number>[] }).rows[0] ?? {};
      const byDow = new Map(
        (weekdays as unknown as { rows: { dow: number; current: number; past: number }[] }).rows.map((r) => [
          Number(r.dow),
          r,
        ]),
      );
      const by_week = WEEKDAYS.map((label, dow) => ({
        label,
        current: Number(byDow.get(dow)?.current ?? 0),
        past: Number(byDow.get(dow)?.past ?? 0),
      }));
      const week = by_week.reduce(
        (sum, d) => ({ current: sum.current + d.current, past: sum.past + d.past }),
        { current: 0, past: 0 },
      );
      const period = (label: string, current: number, past: number) => ({
        label,
        current,
        past,
        variation: variation(current, past),
      });
      const by_periods = [
        period('Hoje', Number(totals.today_current ?? 0), Number(totals.today_past ?? 0)),
        period('Semana', week.current, week.past),
        period('Mês', Number(totals.month_current ?? 0), Number(totals.month_past ?? 0)),
        period('Ano', Number(totals.year_current ?? 0), Number(totals.year_past ?? 0)),
      ];
      return { data: { by_periods, by_week } };
    },
  );

  /**
   * Platform statistics (spec 2.7 and 3, administrators' landing page): revenue over a period
   * against the one before, tabs of the last 15 days, check-ins by platform this year, users.
   */
  app.get(
    STATISTICS_PATHS.general,
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Estatísticas da plataforma: faturamento, comandas abertas, uso por plataforma e usuários',
        operationId: 'getPlatformStatistics',
        querystring: periodQuery,
        response: { 200: generalStatistics },
      },
    },
    async (request) => {
      const day = await today(app.db);
      const period = resolvePeriod(request.query, day);
      const current = sql`day between ${period.start}::date and ${period.end}::date`;
      const previous = sql`day between ${period.previous_start}::date and ${period.previous_end}::date`;
      const ordersFrom = addDays(day, -14);
      const yearStart = `${day.slice(0, 4)}-01-01`;
      const [totalsResult, seriesResult] = await Promise.all([
        app.db.execute(sql`
          select ${sumOver('gross', current)} as gross, ${sumOver('fees', current)} as fees,
            ${sumOver('tickets', current)} as tickets, ${sumOver('gross', previous)} as previous_gross,
            ${sumOver('fees', previous)} as previous_fees,
            (select coalesce(sum(signups), 0)::float8 from platform_days) as users
          from platform_days
          where day between ${period.previous_start}::date and ${period.end}::date`),
        // The days of the orders chart (key 'YYYY-MM-DD') and the months of this year (key 'm1'…'m12').
        app.db.execute(sql`
          select day::text as key, orders::float8 as a, 0::float8 as b from platform_days
          where day between ${ordersFrom}::date and ${day}::date
          union all
          select 'm' || extract(month from day)::int, sum(checkins_ios)::float8, sum(checkins_android)::float8 from platform_days
          where day between ${yearStart}::date and ${day}::date group by 1`),
      ]);
      const [totals] =
        rows<Record<'gross' | 'fees' | 'tickets' | 'previous_gross' | 'previous_fees' | 'users', number>>(
          totalsResult,
        );
      const series = new Map(
        rows<{ key: string; a: number; b: number }>(seriesResult).map((r) => [r.key, r]),
      );
      const gross = totals?.gross ?? 0;
      const liquid = gross - (totals?.fees ?? 0);
      const previousGross = totals?.previous_gross ?? 0;
      const previousLiquid = previousGross - (totals?.previous_fees ?? 0);
      const tickets = totals?.tickets ?? 0;
      return {
        data: {
          orders: daysBetween(ordersFrom, day).map((d) => ({
            day: d,
            label: dayLabel(d),
            total: series.get(d)?.a ?? 0,
          })),
          platforms: MONTH_LABELS.flatMap((label, i) => {
            const month = series.get(`m${i + 1}`);
            return [
              { platform: 'IOS' as const, month: i + 1, label, total: month?.a ?? 0 },
              { platform: 'ANDROID' as const, month: i + 1, label, total: month?.b ?? 0 },
            ];
          }),
          financial: {
            paid_amount: gross,
            total_tickets: tickets,
            avg_ticket: average(gross, tickets),
            gross: { amount: gross, variation: variation(gross, previousGross) },
            liquid: { amount: liquid, variation: variation(liquid, previousLiquid) },
          },
          totalUsers: totals?.users ?? 0,
          period,
        },
      };
    },
  );

  /**
   * A restaurant's statistics (spec 3, staff's landing page; administrators choose the store):
   * revenue and tickets over a period against the one before, the most ordered products, revenue
   * by hour, weekday and payment method, and the period day by day (month by month for 12m).
   */
  app.get(
    STATISTICS_PATHS.store,
    {
      config: { access: 'store:statistics' },
      schema: {
        tags: TAGS,
        summary:
          'Estatísticas de um restaurante no período: faturamento, comandas, mais pedidos, horários e meios de pagamento',
        operationId: 'getStoreStatistics',
        // The store named (store_id) may not exist.
        errors: [404],
        querystring: storePeriodQuery,
        response: { 200: storeStatistics },
      },
    },
    async (request) => {
      const store = await figuresStore(app.db, request, request.query.store_id);
      if (!store) throw badRequest(CHOOSE_STORE);
      const period = resolvePeriod(request.query, await today(app.db));
      const current = sql`day between ${period.start}::date and ${period.end}::date`;
      const previous = sql`day between ${period.previous_start}::date and ${period.previous_end}::date`;
      const [totalsResult, daysResult, productsResult] = await Promise.all([
        app.db.execute(sql`
          select ${sumOver('gross', current)} as gross, ${sumOver('fees', current)} as fees,
            ${sumOver('tickets', current)} as tickets, ${sumOver('gross', previous)} as previous_gross,
            ${sumOver('fees', previous)} as previous_fees, ${sumOver('tickets', previous)} as previous_tickets,
            ${sumOver('service', current)} as service, ${sumOver('service', previous)} as previous_service,
            ${sql.join(
              METHOD_COLUMNS.map((column) => sql`${sumOver(column, current)} as ${sql.raw(column)}`),
              sql`, `,
            )},
            (rollup_hours_sum(by_hour) filter (where ${current}))::float8[] as by_hour
          from store_days
          where store_id = ${store.id} and day between ${period.previous_start}::date and ${period.end}::date`),
        app.db.execute(sql`
          select day::text as day, gross::float8 as gross, tickets from store_days
          where store_id = ${store.id} and ${current}`),
        app.db.execute(sql`
          select p.id, p.name, p.thumbnail, t.total
          from (select product_id, sum(quantity)::int as total from product_days
                where store_id = ${store.id} and ${current} group by product_id) t
          join products p on p.id = t.product_id
          order by t.total desc, p.name, p.id
          limit 10`),
      ]);
      const [totals] = rows<Record<string, number> & { by_hour: number[] | null }>(totalsResult);
      const days = rows<{ day: string; gross: number; tickets: number }>(daysResult);
      const figure = (name: string) => Number(totals?.[name] ?? 0);
      const gross = figure('gross');
      const liquid = gross - figure('fees');
      const previousGross = figure('previous_gross');
      const byDay = new Map(days.map((d) => [d.day, d]));
      const weekdays = WEEKDAY_LABELS.map(() => 0);
      for (const d of days) weekdays[new Date(`${d.day}T00:00:00Z`).getUTCDay()]! += d.gross;
      let series;
      if (request.query.period === '12m') {
        const months = new Map<string, { amount: number; tickets: number }>();
        for (const d of days) {
          const month = months.get(d.day.slice(0, 7)) ?? { amount: 0, tickets: 0 };
          month.amount += d.gross;
          month.tickets += d.tickets;
          months.set(d.day.slice(0, 7), month);
        }
        series = monthsBetween(period.start, period.end).map((month) => ({
          day: `${month}-01`,
          label: monthLabel(month),
          amount: months.get(month)?.amount ?? 0,
          tickets: months.get(month)?.tickets ?? 0,
        }));
      } else {
        series = daysBetween(period.start, period.end).map((day) => ({
          day,
          label: dayLabel(day),
          amount: byDay.get(day)?.gross ?? 0,
          tickets: byDay.get(day)?.tickets ?? 0,
        }));
      }
      const hours = totals?.by_hour ?? [];
      return {
        data: {
          financial: {
            paid_amount: gross,
            total_tickets: figure('tickets'),
            avg_ticket: average(gross, figure('tickets')),
            gross: { amount: gross, variation: variation(gross, previousGross) },
            liquid: { amount: liquid, variation: variation(liquid, previousGross - figure('previous_fees')) },
            sales: {
              amount: gross - figure('service'),
              variation: variation(gross - figure('service'), previousGross - figure('previous_service')),
            },
            service: {
              amount: figure('service'),
              variation: variation(figure('service'), figure('previous_service')),
            },
            previous: {
              paid_amount: previousGross,
              total_tickets: figure('previous_tickets'),
              avg_ticket: average(previousGross, figure('previous_tickets')),
            },
          },
          products: rows<{ id: number; name: string; thumbnail: string | null; total: number }>(
            productsResult,
          ),
          by_hour: Array.from({ length: 24 }, (_, hour) => ({
            hour,
            label: `${String(hour).padStart(2, '0')}h`,
            amount: Number(hours[hour] ?? 0),
          })),
          by_weekday: WEEKDAY_LABELS.map((label, weekday) => ({
            weekday,
            label,
            amount: weekdays[weekday]!,
          })),
          methods: methodShares(METHOD_COLUMNS.map(figure)),
          series,
          period,
        },
      };
    },
  );

  /**
   * The finance dashboard's charts over the last 12 months (this month included): administrators
   * see the whole platform, or one store with `store_id`; staff see their store.
   */
  app.get(
    STATISTICS_PATHS.analytics,
    {
      config: { access: 'store:finance' },
      schema: {
        tags: ['Financeiro'],
        summary:
          'Painel financeiro: ticket médio, receita líquida, meios de pagamento e faturamento acumulado nos últimos 12 meses',
        // The store named (store_id) may not exist.
        errors: [404],
        querystring: analyticsQuery,
        response: { 200: financialAnalytics },
      },
    },
    async (request) => {
      const store = await figuresStore(app.db, request, request.query.store_id);
      const day = await today(app.db);
      const first = `${addMonthsToMonth(day.slice(0, 7), -11)}-01`;
      const months = monthsBetween(first, day);
      const source = store ? sql`store_days where store_id = ${store.id} and` : sql`platform_days where`;
      const byMonth = new Map(
        rows<Record<string, number> & { month: string }>(
          await app.db.execute(sql`
            select to_char(day, 'YYYY-MM') as month, sum(gross)::float8 as gross, sum(fees)::float8 as fees,
              sum(tickets)::float8 as tickets,
              ${sql.join(
                METHOD_COLUMNS.map((column) => sql`sum(${sql.raw(column)})::float8 as ${sql.raw(column)}`),
                sql`, `,
              )}
            from ${source} day between ${first}::date and ${day}::date
            group by 1`),
        ).map((r) => [r.month, r]),
      );
      const figure = (month: string, name: string) => Number(byMonth.get(month)?.[name] ?? 0);
      let accumulated = 0;
      return {
        data: {
          scope: store
            ? { store_id: store.id, name: store.name }
            : { store_id: null, name: PLATFORM_SCOPE_NAME },
          avg_ticket: months.map((month) => ({
            month,
            label: monthLabel(month),
            amount: average(figure(month, 'gross'), figure(month, 'tickets')),
          })),
          incomes: months.map((month) => ({
            month,
            label: monthLabel(month),
            amount: figure(month, 'gross') - figure(month, 'fees'),
          })),
          methods: methodShares(
            METHOD_COLUMNS.map((column) => months.reduce((sum, month) => sum + figure(month, column), 0)),
          ),
          by_month: months.map((month) => {
            accumulated += figure(month, 'gross');
            return { month, label: monthLabel(month), amount: accumulated };
          }),
        },
      };
    },
  );
};

export default statisticsRoutes;
