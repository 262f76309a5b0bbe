import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tables as definition, tableOrder, type TableStatus } from '../../src/resources/tables/definition';
import { rows, type Db, type Tx } from '../db/client';
import { customers, floorVersions, orders, tables, tickets } from '../db/schema';
import { ADMIN, callerOf } from '../plugins/access';
import { conflict, notFound } from '../http-errors';
import { registerList } from '../resources/list';
import { idParam } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { storeCondition, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';

const ZONE = 'America/Sao_Paulo';
const NOT_FOUND = definition.messages.notFound!;

const tableColumns = {
  id: tables.id,
  store_id: tables.store_id,
  number: tables.number,
  name: tables.name,
  status: tables.status,
  created_at: tables.created_at,
};

const statusParams = z.strictObject({
  id: idParam,
  status: z.enum(['AVAILABLE', 'OCCUPIED'], { error: 'Status de mesa inválido: use AVAILABLE ou OCCUPIED.' }),
});

/**
 * The open order of each table, with the customers whose birthday is today: two queries for any
 * number of tables, however many the floor has.
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
    })
    .from(orders)
    .where(and(inArray(orders.table_id, tableIds), eq(orders.status, 'OPENED')));
  const today = sql`(now() at time zone ${sql.raw(`'${ZONE}'`)})::date`;
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
              sql`extract(month from ${customers.birthdate}) = extract(month from ${today})`,
              sql`extract(day from ${customers.birthdate}) = extract(day from ${today})`,
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

/** Rows of the list or of one table, with their open order. */
async function withOrders<Row extends { id: unknown }>(db: Db, list: Row[]) {
  const byTable = await openOrders(
    db,
    list.map((row) => row.id as number),
  );
  return list.map((row) => {
    const order: OpenOrder | null = byTable.get(row.id as number) ?? null;
    return { ...row, order_id: order?.id ?? null, order };
  });
}

/**
 * The table, locked for the change, and whether it has an open order: a status change or a
 * removal waits for a concurrent one on the same table.
 */
async function lockedTable(tx: Tx, request: FastifyRequest, id: number) {
  const [table] = await tx
    .select({ id: tables.id, number: tables.number, store_id: tables.store_id })
    .from(tables)
    .where(and(eq(tables.id, id), storeCondition(request, tables.store_id)))
    .for('update');
  if (!table) throw notFound(NOT_FOUND);
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.table_id, table.id), eq(orders.status, 'OPENED')));
  return { ...table, openOrder: open?.id ?? null };
}

/**
 * The floor's validator: the store's floor version (moved by the database's triggers on any write
 * to its tables, orders, tickets, items or payments), the stores' calendar day (birthdays change
 * at midnight) and the query asked. One primary-key read.
 */
async function floorTag(db: Db, storeId: number, url: string): Promise<string> {
  const [row] = rows<{ version: string | number; day: string }>(
    await db.execute(sql`
      select coalesce((select ${floorVersions.version} from ${floorVersions}
                       where ${floorVersions.store_id} = ${storeId}), 0) as version,
             to_char((now() at time zone ${sql.raw(`'${ZONE}'`)})::date, 'YYYYMMDD') as day`),
  );
  const query = crypto.createHash('sha1').update(url).digest('hex').slice(0, 10);
  return `W/"mesas-${storeId}-${String(row?.version ?? 0)}-${row?.day ?? ''}-${query}"`;
}

/** The one store a floor poll reads: staff's own, or the one an administrator names. */
function floorStore(request: FastifyRequest): number | null {
  const caller = callerOf(request);
  if (caller.role !== ADMIN) return caller.storeId;
  const named = Number((request.query as { store_id?: unknown }).store_id);
  return Number.isSafeInteger(named) && named > 0 ? named : null;
}

/** Tables of the floor: list (with each open order), creation, status and removal. */
const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  // The floor polls the list every second (spec 9): an unchanged floor answers 304 from one
  // primary-key read, without reading the tables. (Hooks of this plugin see its routes only.)
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== definition.endpoint) return;
    const query = request.query as { format?: unknown };
    if (query.format === 'csv' || request.headers.accept?.includes('text/csv')) return;
    const storeId = floorStore(request);
    if (storeId === null) return;
    const tag = await floorTag(db, storeId, request.url);
    void reply.header('etag', tag);
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
  });

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
    ...routes.call('status', { params: statusParams, response: { 200: answerWith(definition, {}) } }),
    handler: async (request) => {
      const { id, status } = request.params;
      await db.transaction(async (tx) => {
        const table = await lockedTable(tx, request, id);
        if (status === 'AVAILABLE' && table.openOrder !== null) {
          throw conflict(
            `A mesa ${table.number} tem uma comanda aberta: feche a comanda antes de liberar a mesa.`,
          );
        }
        await tx
          .update(tables)
          .set({ status: status satisfies TableStatus, updated_at: sql`now()` })
          .where(eq(tables.id, table.id));
      });
      return { data: await readTable(request, id) };
    },
  });

  app.route({
    ...routes.delete(),
    handler: async (request) => {
      const removed = await db.transaction(async (tx) => {
        const table = await lockedTable(tx, request, request.params.id);
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
