import { and, asc, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAnswer } from '../../contract/answers';
import {
  customers as definition,
  customerStats,
  customerUpdateInput,
  feedhunterOption,
} from '../../contract/resources/customers/definition';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { checkins, customers, orderItems, reservations, reviews, stores, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { ADMIN, callerOf } from '../plugins/access';
import { filter, registerList } from '../resources/list';
import { answerWith, served } from '../resources/routes';

const ZONE = 'America/Sao_Paulo';
const NOT_FOUND = definition.messages.notFound!;

const FEEDHUNTER_FILTER = { yes: true, true: true, no: false, false: false, all: null } as const;

/** M, F or O (neither), in any case; empty is no filter. */
const genderFilter = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(['M', 'F', 'O', ''], { error: 'Gênero inválido: use M, F ou O.' }))
  .optional();

const feedhunterFilter = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z.enum(Object.keys(FEEDHUNTER_FILTER) as [keyof typeof FEEDHUNTER_FILTER], {
      error: 'Filtro de FeedHunter inválido: use yes, no ou all.',
    }),
  )
  .optional();

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

/** What staff see of a customer (restaurant spec 6): no phone, CPF, gender, birth date or age. */
const staffColumns = {
  id: customers.id,
  fullname: customers.fullname,
  username: customers.username,
  email: customers.email,
  profile_picture: customers.profile_picture,
  status: customers.status,
  feedhunter: customers.feedhunter,
  created_at: customers.created_at,
};

/** A customer is related to a store once they visited it, ordered, reviewed or booked there. */
function relatedTo(storeId: number): SQL {
  const of = <T extends { customer_id: AnyPgColumn; store_id: AnyPgColumn }>(table: T & PgTable) =>
    sql`exists (select 1 from ${table} where ${table.customer_id} = ${customers.id} and ${table.store_id} = ${storeId})`;
  return sql`(${of(checkins)} or ${of(tickets)} or ${of(reviews)} or ${of(reservations)})`;
}

type Flat = { gender: unknown; birthdate: unknown };

/** The spec reads gender and birthdate under `info`; the flat copies serve the list's sort and filters. */
function toApi<T extends Flat>(row: T): T & { info: Pick<T, 'gender' | 'birthdate'> } {
  const { gender, birthdate } = row;
  return { ...row, info: { gender, birthdate } };
}

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

const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = served(definition);

  // A million customers: the page's ids come first, from the sort's index alone where it can (the
  // sort indexes carry gender and feedhunter), and a search's matches from the trigram index.
  registerList(app, definition, {
    table: customers,
    columns: customerColumns,
    idsFirst: true,
    search: searchCondition,
    filters: {
      gender: filter(genderFilter, (gender) => (gender ? genderCondition(gender) : undefined)),
      feedhunter: filter(feedhunterFilter, (choice) => {
        const value = FEEDHUNTER_FILTER[choice];
        return value === null ? undefined : eq(customers.feedhunter, value);
      }),
    },
    // Rows are untyped here; their columns are customerColumns, gender and birthdate among them.
    // A page's rows are its own: `info` is added in place, not by copying 200 rows.
    decorate: async (rows) => {
      for (const row of rows) row.info = { gender: row.gender, birthdate: row.birthdate };
      return rows;
    },
  });

  /**
   * A customer's visits and last ticket (with what was ordered), at the given store or, for an
   * administrator (null), at every store.
   */
  async function statsOf(id: number, storeId: number | null) {
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
    // Without the cancelled items and those still in the cart (SAVED, spec 3).
    const items = ticket
      ? await app.db
          .select({
            name: orderItems.name,
            quantity: orderItems.quantity,
            product_price: orderItems.product_price,
          })
          .from(orderItems)
          .where(
            and(eq(orderItems.ticket_id, ticket.id), notInArray(orderItems.status, ['CANCELLED', 'SAVED'])),
          )
          .orderBy(asc(orderItems.id))
      : [];
    return { lastTicket: ticket ? { ...ticket, items } : null, visits: visits?.total ?? 0 };
  }

  app.route({
    ...routes.one({
      querystring: detailQuery,
      response: { 200: answerWith(definition, { stats: customerStats.optional() }) },
    }),
    handler: async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      // Staff see a customer only once related to their store, only what happened there, and
      // none of the customer's personal data.
      const storeId = caller.role === ADMIN ? null : caller.storeId;
      const [row] =
        storeId === null
          ? (await app.db.select(customerColumns).from(customers).where(eq(customers.id, id))).map(toApi)
          : await app.db
              .select(staffColumns)
              .from(customers)
              .where(and(eq(customers.id, id), relatedTo(storeId)));
      if (!row) throw notFound(NOT_FOUND);
      if (request.query.include !== 'stats') return { data: row };
      return { data: { ...row, stats: await statsOf(id, storeId) } };
    },
  });

  app.route({
    // The detail saves with the same `include` it reads with, so its stats stay on screen.
    ...routes.update({
      body: customerUpdateInput,
      querystring: detailQuery,
      response: { 200: answerWith(definition, { stats: customerStats.optional() }) },
    }),
    handler: async (request) => {
      const [updated] = await app.db
        .update(customers)
        .set({ feedhunter: request.body.feedhunter, updated_at: sql`now()` })
        .where(eq(customers.id, request.params.id))
        .returning({ id: customers.id });
      if (!updated) throw notFound(NOT_FOUND);
      const [row] = await app.db.select(customerColumns).from(customers).where(eq(customers.id, updated.id));
      const data = toApi(row!);
      if (request.query.include !== 'stats') return { data };
      return { data: { ...data, stats: await statsOf(updated.id, null) } };
    },
  });

  /** The feed hunters, for the featured-post author picker (spec 2.14). */
  app.route({
    ...routes.call('feedhunters', {
      operationId: 'listFeedhunters',
      response: { 200: listAnswer('data.results', feedhunterOption) },
    }),
    handler: async () => {
      const results = await app.db
        .select({ id: customers.id, username: customers.username, fullname: customers.fullname })
        .from(customers)
        .where(eq(customers.feedhunter, true))
        .orderBy(asc(customers.fullname), asc(customers.id));
      return { data: { results, total: results.length } };
    },
  });
};

export default customerRoutes;
