import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkins, payments, stores, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { storeCondition } from '../resources/scope';
import { idParams } from '../resources/params';

/** Start of today in the stores' time zone. */
const todayStart = sql`(date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`;

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

/** Percentage change from the past period to the current one, one decimal; 0 when there is no past. */
export function variation(current: number, past: number): number {
  if (past === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - past) / past) * 1000) / 10;
}

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Restaurants dashboard (spec 2.5): revenue cards and the trending ranking, in one call. */
  app.get('/api/statistics/stores', { config: { access: 'admin' } }, async () => {
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
  });

  /** Restaurant detail header: visitors, revenues and paid tickets, since the partnership began. */
  app.get(
    '/api/statistics/store/id/:id/overview',
    { config: { access: 'store' }, schema: { params: idParams } },
    async (request) => {
      const id = request.params.id;
      const [store] = await app.db
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.id, id), storeCondition(request, stores.id)));
      if (!store) throw notFound('Restaurante não encontrado.');
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
};

export default statisticsRoutes;
