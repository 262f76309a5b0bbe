import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tables as definition,
  tableOrder,
  tableReservation,
  type TableStatus,
} from '../../contract/resources/floor/definition';
import {
  GUEST_SETTINGS_LABEL,
  guestSettingsAnswer,
  guestSettingsInput,
  storeQuery,
} from '../../contract/resources/floor/guestCodes';
import type { Db } from '../db/client';
import { customers, orderItems, orders, reservations, stores, tables, tickets } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { noteAudit } from '../plugins/audit';
import { answerUnchanged, storeListTag } from '../resources/floor-tag';
import { registerList } from '../resources/list';
import { idParam, idParams } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { storeCondition, storeScope, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';
import { guestInput } from '../../contract/resources/orderEntry/input';
import { orderIncludes, orderRecord } from '../../contract/resources/tabs/definition';
import { count } from '../../contract/lib/records';
import { callerOf } from '../plugins/access';
import { openTable } from '../service/order-entry';
import { birthdayToday, readOrder } from '../service/read-order';
import { lockTable, setTableStatus } from '../service/tabs';
const NOT_FOUND = definition.messages.notFound!;

const tableColumns = {
  id: tables.id,
  store_id: tables.store_id,
  number: tables.number,
  name: tables.name,
  status: tables.status,
  token: tables.token,
  created_at: tables.created_at,
};

const statusParams = z.strictObject({
  id: idParam,
  status: z.enum(['AVAILABLE', 'OCCUPIED'], { error: 'Status de mesa inválido: use AVAILABLE ou OCCUPIED.' }),
});

/**
 * The open order of each table, with how many of its items the kitchen still works on and the
 * customers whose birthday is today: two queries for any number of tables, however many the floor has.
 */
type OpenOrder = z.output<typeof tableOrder>;

async function openOrders(db: Db, tableIds: number[]): Promise<Map<number, OpenOrder>> {
  if (tableIds.length === 0) return new Map();
  const open = await db
    .select({
      id: orders.id,
      table_id: orders.table_id,
      status: orders.status,
      payment_status: orders.payment_status,
      subtotal: orders.subtotal,
      total: orders.total,
      total_paid: orders.total_paid,
      created_at: orders.created_at,
      waiter_requested: orders.waiter_requested,
      // Named in full: a query of one table writes its own columns without the table's name.
      in_kitchen: sql<number>`(select count(*) from ${orderItems} in_kitchen
        where in_kitchen.order_id = "orders"."id" and in_kitchen.status in ('PLACED', 'PREPARING'))::int`,
      held: sql<number>`(select count(*) from ${orderItems} held
        where held.order_id = "orders"."id" and held.held_at is not null)::int`,
    })
    .from(orders)
    .where(and(inArray(orders.table_id, tableIds), eq(orders.status, 'OPENED')));
  const birthdays =
    open.length === 0
      ? []
      : await db
          .select({ order_id: tickets.order_id, customer_id: customers.id, fullname: customers.fullname })
          .from(tickets)
          .innerJoin(customers, eq(customers.id, tickets.customer_id))
          .where(
            and(
              inArray(
                tickets.order_id,
                open.map((order) => order.id),
              ),
              birthdayToday(customers.birthdate),
            ),
          )
          .orderBy(asc(customers.fullname));
  return new Map(
    open.map(({ table_id, ...order }): [number, OpenOrder] => [
      table_id!,
      {
        ...order,
        birthdays: birthdays
          .filter((birthday) => birthday.order_id === order.id)
          .map(({ customer_id, fullname }) => ({ customer_id, fullname })),
      },
    ]),
  );
}

type HeldReservation = z.output<typeof tableReservation>;

/** São Paulo's midnight today, as an instant. */
const todayStarts = sql`((now() at time zone 'America/Sao_Paulo')::date::timestamp at time zone 'America/Sao_Paulo')`;

/**
 * The confirmed reservations set on the tables, from half an hour before today to an hour after
 * it (São Paulo): a card shows the one whose time is near (contract/resources/reservations/rules.ts),
 * by the tablet's clock, since the floor's answer is kept for as long as nothing changes that day.
 */
async function heldReservations(db: Db, tableIds: number[]): Promise<Map<number, HeldReservation[]>> {
  const held = new Map<number, HeldReservation[]>();
  if (tableIds.length === 0) return held;
  const rows = await db
    .select({
      table_id: reservations.table_id,
      id: reservations.id,
      fullname: reservations.fullname,
      n_persons: reservations.n_persons,
      date: reservations.date,
      code: reservations.code,
    })
    .from(reservations)
    .where(
      and(
        inArray(reservations.table_id, tableIds),
        eq(reservations.status, 'CONFIRMED'),
        sql`${reservations.date} >= ${todayStarts} - interval '30 minutes'`,
        sql`${reservations.date} < ${todayStarts} + interval '25 hours'`,
      ),
    )
    .orderBy(asc(reservations.date));
  for (const { table_id, ...reservation } of rows) {
    held.set(table_id!, [...(held.get(table_id!) ?? []), reservation]);
  }
  return held;
}

/** Rows of the list or of one table, with their open order and the reservations set on them. */
async function withOrders<Row extends { id: unknown }>(db: Db, list: Row[]) {
  const ids = list.map((row) => row.id as number);
  const [byTable, held] = await Promise.all([openOrders(db, ids), heldReservations(db, ids)]);
  return list.map((row) => {
    const order: OpenOrder | null = byTable.get(row.id as number) ?? null;
    return { ...row, order_id: order?.id ?? null, order, reservations: held.get(row.id as number) ?? [] };
  });
}

/** Tables of the floor: list (with each open order), creation, status and removal. */
const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  // The floor polls the list every second (spec 9): an unchanged floor answers 304 from one
  // primary-key read, without reading the tables. A CSV export is not polled.
  answerUnchanged(app, definition.endpoint, (request) => storeListTag(app.live, request));

  async function readTable(request: FastifyRequest, id: number) {
    const found = await db
      .select(tableColumns)
      .from(tables)
      .where(and(eq(tables.id, id), storeCondition(request, tables.store_id)));
    if (found.length === 0) throw notFound(NOT_FOUND);
    return (await withOrders(db, found))[0]!;
  }

  registerList(app, definition, {
    table: tables,
    columns: tableColumns,
    store: tables.store_id,
    decorate: async (list) => withOrders(db, list as { id: number }[]),
  });

  app.route({
    ...routes.create(),
    handler: async (request, reply) => {
      const { store_id, number, name } = request.body;
      const storeId = await targetStore(db, request, store_id);
      const [created] = await db
        .insert(tables)
        .values({ store_id: storeId, number, name: name ?? `Mesa ${number}`, status: 'AVAILABLE' })
        .returning({ id: tables.id })
        .catch(failsWith(definition, { tables_store_number_key: definition.messages.duplicate! }));
      void reply.status(201);
      return { data: await readTable(request, created!.id) };
    },
  });

  /**
   * AVAILABLE releases the table, OCCUPIED takes it. A table whose order is still open is not
   * released: the order is settled and closed first (spec 4, releasing a table).
   */
  app.route({
    ...routes.call('status', {
      operationId: 'setTableStatus',
      params: statusParams,
      response: { 200: answerWith(definition, {}) },
      errors: [409],
    }),
    handler: async (request) => {
      const { id, status } = request.params;
      await db.transaction((tx) => setTableStatus(tx, storeScope(request), id, status satisfies TableStatus));
      const table = await readTable(request, id);
      noteAudit(request, {
        action: status === 'AVAILABLE' ? 'release' : 'occupy',
        resource: definition.name,
        recordId: id,
        storeId: table.store_id,
        summary: status === 'AVAILABLE' ? `Mesa ${table.number} liberada` : `Mesa ${table.number} ocupada`,
      });
      return { data: table };
    },
  });

  // The staff seat a guest without the app (or take the table's own order) at a free table.
  const openRoute = routes.call('open', {
    params: idParams,
    body: guestInput,
    response: { 201: z.object({ data: orderRecord }) },
    errors: [404, 409],
  });
  app.route({
    ...openRoute,
    handler: async (request, reply) => {
      const store = storeScope(request);
      const { guest_name: name, guest_phone: phone } = request.body;
      const opened = await db.transaction((tx) =>
        openTable(tx, store, request.params.id, { name, phone }, callerOf(request).accountId),
      );
      noteAudit(request, {
        action: 'open',
        resource: definition.name,
        recordId: request.params.id,
        storeId: opened.storeId,
        summary: `Mesa ${opened.tableNumber} aberta ${name ? `para ${name}` : 'com o pedido da mesa'}`,
      });
      reply.code(201);
      return { data: await readOrder(db, opened.orderId, store, new Set(orderIncludes)) };
    },
  });

  /** A new secret for each row: 122 random bits, as the column's default. */
  const newToken = sql`replace(gen_random_uuid()::text, '-', '')`;

  // The printed QR code stops working at once: the guest page's next call is refused.
  app.route({
    ...routes.call('rotateToken', {
      operationId: 'rotateTableToken',
      params: idParams,
      body: z.strictObject({}).optional(),
      response: { 200: answerWith(definition, {}) },
    }),
    handler: async (request) => {
      const [rotated] = await db
        .update(tables)
        .set({ token: newToken, token_rotated_at: sql`now()`, updated_at: sql`now()` })
        .where(and(eq(tables.id, request.params.id), storeCondition(request, tables.store_id)))
        .returning({ id: tables.id, number: tables.number, store_id: tables.store_id });
      if (!rotated) throw notFound(NOT_FOUND);
      noteAudit(request, {
        action: 'rotate-token',
        resource: definition.name,
        recordId: rotated.id,
        storeId: rotated.store_id,
        summary: `QR code da Mesa ${rotated.number} trocado`,
      });
      return { data: await readTable(request, rotated.id) };
    },
  });

  app.route({
    ...routes.call('rotateTokens', {
      operationId: 'rotateTableTokens',
      querystring: storeQuery,
      body: z.strictObject({}).optional(),
      response: { 200: z.object({ data: z.object({ rotated: count }) }) },
    }),
    handler: async (request) => {
      const storeId = await targetStore(db, request, request.query.store_id);
      const rotated = await db
        .update(tables)
        .set({ token: newToken, token_rotated_at: sql`now()`, updated_at: sql`now()` })
        .where(eq(tables.store_id, storeId))
        .returning({ id: tables.id });
      const n = rotated.length;
      noteAudit(request, {
        action: 'rotate-tokens',
        resource: definition.name,
        recordId: storeId,
        storeId,
        summary: n === 1 ? 'QR code de 1 mesa trocado' : `QR codes de ${n} mesas trocados`,
      });
      return { data: { rotated: n } };
    },
  });

  app.route({
    ...routes.call('guestSettings', {
      querystring: storeQuery,
      response: { 200: guestSettingsAnswer },
    }),
    handler: async (request) => {
      const storeId = await targetStore(db, request, request.query.store_id);
      const [store] = await db
        .select({ approval: stores.guest_approval })
        .from(stores)
        .where(eq(stores.id, storeId));
      return { data: store! };
    },
  });

  app.route({
    ...routes.call('saveGuestSettings', {
      body: guestSettingsInput,
      response: { 200: guestSettingsAnswer },
    }),
    handler: async (request) => {
      const storeId = await targetStore(db, request, request.body.store_id);
      const [saved] = await db
        .update(stores)
        .set({ guest_approval: request.body.approval, updated_at: sql`now()` })
        .where(eq(stores.id, storeId))
        .returning({ approval: stores.guest_approval });
      noteAudit(request, {
        action: 'save-guest-settings',
        resource: definition.name,
        recordId: storeId,
        storeId,
        summary: `${GUEST_SETTINGS_LABEL}: ${saved!.approval ? 'ligado' : 'desligado'}`,
      });
      return { data: saved! };
    },
  });

  app.route({
    // A table with an open tab stays.
    ...routes.delete({ errors: [409] }),
    handler: async (request) => {
      const removed = await db.transaction(async (tx) => {
        const table = await lockTable(tx, request.params.id, storeScope(request));
        if (table.openOrder !== null) {
          throw conflict(`A mesa ${table.number} tem uma comanda aberta e não pode ser excluída.`);
        }
        const [row] = await tx.delete(tables).where(eq(tables.id, table.id)).returning({ id: tables.id });
        return row!;
      });
      return { data: removed };
    },
  });
};

export default tableRoutes;
