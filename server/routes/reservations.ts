import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onlyDigits } from '../../contract/lib/format';
import {
  NIGHT_STARTS_AT,
  reservations as definition,
  reservationPeriods,
  reservationUpdateInput,
} from '../../contract/resources/reservations/definition';
import { reservations, tables } from '../db/schema';
import { notFound } from '../http-errors';
import { betweenDays, filter, registerList } from '../resources/list';
import { containsTerm } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { storeCondition, storeScope, targetStore } from '../resources/scope';
import { changeReservation, createReservation } from '../service/reservations';

const columns = {
  id: reservations.id,
  store_id: reservations.store_id,
  customer_id: reservations.customer_id,
  code: reservations.code,
  fullname: reservations.fullname,
  email: reservations.email,
  phone: reservations.phone,
  n_persons: reservations.n_persons,
  date: reservations.date,
  observations: reservations.observations,
  status: reservations.status,
  table_id: reservations.table_id,
  table_number: tables.number,
  created_at: reservations.created_at,
  updated_at: reservations.updated_at,
};

/** The hour a reservation is for, on São Paulo's clocks (spec 9's day and night). */
const hourInSaoPaulo = sql`extract(hour from ${reservations.date} at time zone 'America/Sao_Paulo')`;

const periodParam = z.enum(reservationPeriods.map((period) => period.id) as ['day', 'night'], {
  error: 'Período inválido: use day (antes das 18h) ou night (18h ou mais tarde).',
});

/** The spec's client sorts with `sort=1` (by date, ascending; -1 descending). */
const specSort = z
  .enum(['1', '-1'], { error: 'Ordem inválida: use sort=1 (data crescente) ou sort=-1.' })
  .optional()
  .describe('Como o cliente da especificação ordena: 1 por data crescente, -1 decrescente');

const updateBody = reservationUpdateInput.refine(
  (change) => change.status !== undefined || change.table_id !== undefined,
  'Informe o status ou a mesa da reserva.',
);
const updateAnswer = answerWith(definition, {
  info: z
    .string()
    .optional()
    .describe('Quando o status pedido já era o da reserva: nada mudou, e isto é o que se mostra'),
});

/**
 * Reservations: the list (search over name, phone and code; São Paulo days; status; day or night),
 * one reservation, a new one (in the store's reservation hours, with a code the server makes), and
 * its changes (server/service/reservations.ts).
 */
const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  async function readReservation(request: FastifyRequest, id: number) {
    const [found] = await db
      .select(columns)
      .from(reservations)
      .leftJoin(tables, eq(tables.id, reservations.table_id))
      .where(and(eq(reservations.id, id), storeCondition(request, reservations.store_id)));
    if (!found) throw notFound(definition.messages.notFound);
    return found;
  }

  // `sort=1` becomes the list's own sort before the query is checked; any other value is refused there.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' || request.routeOptions.url !== definition.endpoint) return;
    const query = request.query as Record<string, unknown>;
    if (query.sort !== '1' && query.sort !== '-1') return;
    query.sort_field ??= 'date';
    query.sort_order ??= query.sort === '1' ? 'ASC' : 'DESC';
    delete query.sort;
  });

  const days = betweenDays(reservations.date);
  registerList(app, definition, {
    table: reservations,
    columns,
    join: (query) => query.leftJoin(tables, eq(tables.id, reservations.table_id)),
    store: reservations.store_id,
    // A term without letters may be a phone, searched by its digits however it was typed.
    search: (term) => {
      const byText = containsTerm(term, reservations.fullname, reservations.code);
      const digits = /\p{L}/u.test(term) ? '' : onlyDigits(term);
      return digits ? sql`(${byText} or ${reservations.phone} like ${`%${digits}%`})` : byText;
    },
    filters: {
      ...days.filters,
      period: filter(periodParam.optional(), (period) =>
        period === 'night'
          ? sql`${hourInSaoPaulo} >= ${NIGHT_STARTS_AT}`
          : sql`${hourInSaoPaulo} < ${NIGHT_STARTS_AT}`,
      ),
    },
    check: days.check,
    options: { sort: specSort },
  });

  app.route({
    ...routes.one(),
    handler: async (request) => ({ data: await readReservation(request, request.params.id) }),
  });

  const create = routes.create();
  app.route({
    ...create,
    handler: async (request, reply) => {
      const storeId = await targetStore(db, request, request.body.store_id);
      const id = await db.transaction((tx) => createReservation(tx, storeId, request.body));
      void reply.status(201);
      return { data: await readReservation(request, id) };
    },
  });

  app.route({
    ...routes.update({ body: updateBody, response: { 200: updateAnswer }, errors: [409] }),
    handler: async (request) => {
      const { id } = request.params;
      const { info } = await db.transaction((tx) =>
        changeReservation(tx, storeScope(request), id, request.body),
      );
      const reservation = await readReservation(request, id);
      return { data: info === undefined ? reservation : { ...reservation, info } };
    },
  });
};

export default reservationRoutes;
