import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, maybeText, recordId } from '../../src/lib/records';
import { checkins, customers, payments, stores, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { STORE_NOT_FOUND, storeCondition } from '../resources/scope';
import { idParams } from '../resources/params';

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

/** A percentage change, one decimal: 12.5 reads +12,5%. */
const percentChange = z.number();

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

/** Percentage change from the past period to the current one, one decimal; 0 when there is no past. */
function variation(current: number, past: number): number {
  if (past === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - past) / past) * 1000) / 10;
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
      config: { access: 'store' },
      schema: {
        tags: TAGS,
        summary: 'Resumo de um restaurante: visitantes, faturamento e comandas pagas',
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
};

export default statisticsRoutes;
