import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER_PAGE_SIZE, customerUpdateInput } from '../../src/resources/customers/definition';
import { checkins, customers, orderItems, stores, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { idParams, paging, sortOrder } from '../resources/params';
import { variation } from './statistics';

const ZONE = 'America/Sao_Paulo';

const sortable = {
  fullname: customers.fullname,
  username: customers.username,
  email: customers.email,
  created_at: customers.created_at,
  birthdate: customers.birthdate,
  id: customers.id,
} as const;

const FEEDHUNTER_FILTER = { yes: true, true: true, no: false, false: false, all: null } as const;

const listQuery = z.strictObject({
  ...paging(CUSTOMER_PAGE_SIZE),
  sort_field: z
    .enum(Object.keys(sortable) as [keyof typeof sortable], { error: 'Campo de ordenação inválido.' })
    .default('created_at'),
  sort_order: sortOrder.default('DESC'),
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  gender: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(['M', 'F', 'O', ''], { error: 'Gênero inválido: use M, F ou O.' }))
    .optional(),
  feedhunter: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z.enum(Object.keys(FEEDHUNTER_FILTER) as [keyof typeof FEEDHUNTER_FILTER], {
        error: 'Filtro de FeedHunter inválido: use yes, no ou all.',
      }),
    )
    .optional(),
});

const detailQuery = z.strictObject({
  include: z.enum(['stats'], { error: 'Inclusão inválida: use stats.' }).optional(),
});

/** Whole years since the birthdate, on today's calendar in the stores' zone. */
const age = sql<
  number | null
>`extract(year from age((now() at time zone ${sql.raw(`'${ZONE}'`)})::date, ${customers.birthdate}))::int`;

const customerColumns = {
  id: customers.id,
  fullname: customers.fullname,
  username: customers.username,
  email: customers.email,
  phone: customers.phone,
  cpf: customers.cpf,
  profile_picture: customers.profile_picture,
  gender: customers.gender,
  birthdate: customers.birthdate,
  age,
  status: customers.status,
  feedhunter: customers.feedhunter,
  created_at: customers.created_at,
};

type CustomerRow = { gender: string | null; birthdate: string | null };

/** The spec reads gender and birthdate under `info`; the flat copies serve the list's sort and filters. */
const toApi = <T extends CustomerRow>(row: T) => ({
  ...row,
  info: { gender: row.gender, birthdate: row.birthdate },
});

/**
 * The search over name, username, e-mail and CPF, answered by the trigram index of `search_text`.
 * A term made only of digits and CPF punctuation is searched by its digits, as the CPF is stored.
 */
function searchCondition(term: string): SQL {
  const text = /^[\d.\-\s/]+$/.test(term) && /\d/.test(term) ? term.replace(/\D/g, '') : term;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${customers.search_text} like '%' || immutable_unaccent(lower(${escaped})) || '%'`;
}

function genderCondition(gender: 'M' | 'F' | 'O'): SQL {
  if (gender === 'O') return sql`(${customers.gender} is null or ${customers.gender} not in ('M', 'F'))`;
  return eq(customers.gender, gender);
}

/**
 * The ids of one page of a search's matches, sorted. The matches are a subquery the planner may
 * not flatten (`offset 0`): flattened, a search sorted by a column may be planned as a walk along
 * that column's index, testing row after row, on the bet that matches are spread evenly along
 * it; but a name searched and sorted by name sits in one stretch of the index (every "Maria"
 * after every "Ana"): on 1,000,000 customers that walk read 630,000 rows for one page (12 s).
 * Fenced, the matches come from the trigram index, at a cost that follows their number as the
 * count's does, and are then sorted. The subquery takes the table's name, so columns refer to it.
 */
function searchPage(where: SQL, sorting: SQL[], limit: number, offset: number): SQL {
  return sql`(select ${customers.id} from (select * from ${customers} where ${where} offset 0) as ${customers}
    order by ${sql.join(sorting, sql`, `)} limit ${limit} offset ${offset})`;
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customers',
    { config: { access: 'admin' }, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const conditions: SQL[] = [];
      if (q.search) conditions.push(searchCondition(q.search));
      if (q.gender) conditions.push(genderCondition(q.gender));
      const feedhunter = q.feedhunter ? FEEDHUNTER_FILTER[q.feedhunter] : null;
      if (feedhunter !== null) conditions.push(eq(customers.feedhunter, feedhunter));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = q.sort_order === 'ASC' ? asc : desc;
      const sorting = [order(sortable[q.sort_field]), order(customers.id)];
      const offset = (q.page - 1) * q.page_size;
      // The page's ids first, from an index alone where possible, then only those rows are read.
      const pageIds = q.search
        ? searchPage(where!, sorting, q.page_size, offset)
        : // The sort's index carries the filtered columns: an index-only scan finds even a deep page.
          app.db
            .select({ id: customers.id })
            .from(customers)
            .where(where)
            .orderBy(...sorting)
            .limit(q.page_size)
            .offset(offset);
      // PostgreSQL runs both at once, on two connections; PGlite one after the other.
      const [results, [count]] = await Promise.all([
        app.db
          .select(customerColumns)
          .from(customers)
          .where(inArray(customers.id, pageIds))
          .orderBy(...sorting),
        app.db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(customers)
          .where(where),
      ]);
      return { data: { results: results.map(toApi), total: count?.total ?? 0 } };
    },
  );

  app.get(
    '/api/customers/id/:id',
    { config: { access: 'store' }, schema: { params: idParams, querystring: detailQuery } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      // Staff see a customer only once they have visited their store, and only what happened there.
      const storeId = caller.role === ADMIN ? null : caller.storeId;
      const visited =
        storeId === null
          ? sql`true`
          : sql`exists (select 1 from ${checkins} where ${checkins.customer_id} = ${customers.id} and ${checkins.store_id} = ${storeId})`;
      const [row] = await app.db
        .select(customerColumns)
        .from(customers)
        .where(and(eq(customers.id, id), visited));
      if (!row) throw notFound('Usuário não encontrado.');
      if (request.query.include !== 'stats') return { data: toApi(row) };

      const inStore = <T extends typeof checkins.store_id | typeof tickets.store_id>(column: T) =>
        storeId === null ? sql`true` : eq(column, storeId);
      const [[visits], [ticket]] = await Promise.all([
        app.db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(checkins)
          .where(and(eq(checkins.customer_id, id), inStore(checkins.store_id))),
        app.db
          .select({
            id: tickets.id,
            store_id: tickets.store_id,
            store_name: stores.name,
            created_at: tickets.created_at,
            total: tickets.total,
          })
          .from(tickets)
          .innerJoin(stores, eq(stores.id, tickets.store_id))
          .where(and(eq(tickets.customer_id, id), inStore(tickets.store_id)))
          .orderBy(desc(tickets.created_at), desc(tickets.id))
          .limit(1),
      ]);
      const items = ticket
        ? await app.db
            .select({
              name: orderItems.name,
              quantity: orderItems.quantity,
              product_price: orderItems.product_price,
            })
            .from(orderItems)
            .where(and(eq(orderItems.ticket_id, ticket.id), ne(orderItems.status, 'CANCELLED')))
            .orderBy(asc(orderItems.id))
        : [];
      return {
        data: {
          ...toApi(row),
          stats: {
            lastTicket: ticket ? { ...ticket, items } : null,
            visits: visits?.total ?? 0,
          },
        },
      };
    },
  );

  app.patch(
    '/api/customers/id/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: customerUpdateInput } },
    async (request) => {
      const [updated] = await app.db
        .update(customers)
        .set({ feedhunter: request.body.feedhunter, updated_at: sql`now()` })
        .where(eq(customers.id, request.params.id))
        .returning({ id: customers.id });
      if (!updated) throw notFound('Usuário não encontrado.');
      const [row] = await app.db.select(customerColumns).from(customers).where(eq(customers.id, updated.id));
      return { data: toApi(row!) };
    },
  );

  /** The feed hunters, for the featured-post author picker (spec 2.14). */
  app.get('/api/feedhunters', { config: { access: 'admin' } }, async () => {
    const results = await app.db
      .select({ id: customers.id, username: customers.username, fullname: customers.fullname })
      .from(customers)
      .where(eq(customers.feedhunter, true))
      .orderBy(asc(customers.fullname), asc(customers.id));
    return { data: { results, total: results.length } };
  });

  /**
   * Users analytics (spec 2.7): sign-ups of today, this week (Sunday to Saturday), this month and
   * this year, each against the whole previous period, on the stores' calendar; the week's card is
   * the sum of the weekday bars.
   */
  app.get('/api/statistics/users', { config: { access: 'admin' } }, async () => {
    const zone = sql.raw(`'${ZONE}'`);
    const day = sql`(${customers.created_at} at time zone ${zone})::date`;
    const [periods, weekdays] = await Promise.all([
      app.db.execute(sql`
        with k as (select (now() at time zone ${zone})::date as today)
        select
          count(*) filter (where ${day} = k.today)::int as today_current,
          count(*) filter (where ${day} = k.today - 1)::int as today_past,
          count(*) filter (where ${day} >= date_trunc('month', k.today)::date)::int as month_current,
          count(*) filter (where ${day} >= (date_trunc('month', k.today) - interval '1 month')::date
            and ${day} < date_trunc('month', k.today)::date)::int as month_past,
          count(*) filter (where ${day} >= date_trunc('year', k.today)::date)::int as year_current,
          count(*) filter (where ${day} < date_trunc('year', k.today)::date)::int as year_past
        from ${customers}, k
        where ${customers.created_at} >= ((date_trunc('year', k.today) - interval '1 year')::timestamp at time zone ${zone})`),
      app.db.execute(sql`
        with k as (select (now() at time zone ${zone})::date - extract(dow from now() at time zone ${zone})::int as week)
        select extract(dow from ${day})::int as dow,
          count(*) filter (where ${day} >= k.week)::int as current,
          count(*) filter (where ${day} < k.week)::int as past
        from ${customers}, k
        where ${customers.created_at} >= ((k.week - 7)::timestamp at time zone ${zone})
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
    const week = by_week.reduce((sum, d) => ({ current: sum.current + d.current, past: sum.past + d.past }), {
      current: 0,
      past: 0,
    });
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
  });
};

export default customerRoutes;
