import { and, eq, exists, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelItemInput,
  cardAdvanceInput,
  itemStatusInput,
  kitchenBoard as definition,
  recallInput,
  type BoardStatus,
} from '../../contract/resources/kitchenBoard/definition';
import { TABLE_TICKET_NAME } from '../../contract/resources/tabs/definition';
import { customers, orderItems, orders, tables, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { noteAudit } from '../plugins/audit';
import { answerUnchanged, storeListTag } from '../resources/floor-tag';
import { filter, registerList } from '../resources/list';
import { idParam, idParams } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { inScope, storeScope } from '../resources/scope';
import { advanceCard, cancelItem, moveItem, recallItems, type Moved } from '../service/kitchen';

/** How long a closed tab's items stay on the board: what was just served does not vanish at once. */
const CLOSED_TABS_SHOWN = sql`interval '30 minutes'`;
/** An item's own tab, looked up by its key for each item the board reads. */
const itsTab = alias(orders, 'its_tab');

const itemColumns = {
  id: orderItems.id,
  store_id: orderItems.store_id,
  order_id: orderItems.order_id,
  ticket_id: orderItems.ticket_id,
  kitchen_id: orderItems.kitchen_id,
  name: orderItems.name,
  status: orderItems.status,
  thumbnail: orderItems.thumbnail,
  quantity: orderItems.quantity,
  observations: orderItems.observations,
  complements: orderItems.complements,
  created_at: orderItems.created_at,
  updated_at: orderItems.updated_at,
  profile_picture: customers.profile_picture,
  // A guest without the app by the name the staff gave; the table's own ticket as 'Pedido da mesa'.
  username: sql<string>`coalesce(${customers.username}, '')`,
  fullname: sql<string>`coalesce(${customers.fullname}, ${tickets.guest_name}, ${TABLE_TICKET_NAME})`,
  table_number: tables.number,
};

/** What a card shows beside the item: who ordered it (its ticket's customer) and at which table. */
const withCustomerAndTable = <Query extends PgSelect>(query: Query) =>
  query
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(tickets, eq(tickets.id, orderItems.ticket_id))
    .leftJoin(customers, eq(customers.id, tickets.customer_id))
    .leftJoin(tables, eq(tables.id, orders.table_id));

type ItemRow = {
  [K in keyof typeof itemColumns]: (typeof itemColumns)[K] extends { _: { data: infer T } }
    ? T
    : (typeof itemColumns)[K] extends SQL<infer T>
      ? T
      : never;
};

/** A row as the board reads it (spec 3 Kitchen order item): the customer and the table nested. */
function toItem({ profile_picture, username, fullname, table_number, complements, ...item }: ItemRow) {
  return {
    ...item,
    complements: complements.map(({ name, quantity }) => ({ name, quantity })),
    customer: { profile_picture, username, fullname },
    table: table_number === null ? null : { number: table_number },
  };
}

type Item = ReturnType<typeof toItem>;
/** An item the board shows: never one still in a cart (the calls refuse those before reading). */
const onBoard = (item: Item): item is Item & { status: BoardStatus } => item.status !== 'SAVED';

/** 'a', 'a e b', 'a, b e c'. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/**
 * The audit's summary of what moved, tab by tab, as the kitchen says it: 'Mesa 5: Risoto de
 * cogumelos e 2× Suco de laranja voltaram ao preparo'. `stage` words one tab's items that went to
 * one status.
 */
function summaryOf(moves: readonly Moved[], stage: (to: Moved['to'], many: boolean) => string): string {
  const tabs = new Map<number, Moved[]>();
  for (const move of moves) tabs.set(move.item.order.id, [...(tabs.get(move.item.order.id) ?? []), move]);
  return [...tabs.values()]
    .map((tab) => {
      const { item } = tab[0]!;
      const place = item.tableNumber === null ? `Comanda ${item.order.id}` : `Mesa ${item.tableNumber}`;
      const parts = (['PREPARING', 'READY'] as const).flatMap((to) => {
        const names = tab
          .filter((move) => move.to === to)
          .map(({ item: { quantity, name } }) => (quantity > 1 ? `${quantity}× ${name}` : name));
        return names.length === 0 ? [] : [`${listed(names)} ${stage(to, names.length > 1)}`];
      });
      return `${place}: ${parts.join('; ')}`;
    })
    .join(' · ');
}

const recalledWords = (_: Moved['to'], many: boolean) => (many ? 'voltaram ao preparo' : 'voltou ao preparo');
const advancedWords = (to: Moved['to']) => (to === 'READY' ? 'pronto' : 'em preparo');

/** The store of the items moved, for an administrator's audit row (staff's is their own). */
const storeOfMoves = (moves: readonly Moved[]) => moves[0]?.item.order.store_id;

/** The kitchen board's items: the live ones, a station's, moved along, cancelled. */
const orderItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  // The board polls every 5 s (spec 9): an unchanged floor (items are part of it) answers 304.
  answerUnchanged(app, definition.endpoint, (request) => storeListTag(app.live, request));

  registerList(app, definition, {
    table: orderItems,
    columns: itemColumns,
    join: withCustomerAndTable,
    store: orderItems.store_id,
    // What the kitchen has to do, or just did: items of open tabs, and the ready or cancelled
    // items of tabs closed a moment ago (a closed tab is never work); never those still in a cart.
    // The tab is found by its key (a semi-join), never by listing the store's tabs for each item.
    scope: () => [
      sql`${orderItems.status} <> 'SAVED'`,
      exists(
        db
          .select({ id: itsTab.id })
          .from(itsTab)
          .where(
            and(
              eq(itsTab.id, orderItems.order_id),
              eq(itsTab.store_id, orderItems.store_id),
              or(
                eq(itsTab.status, 'OPENED'),
                and(
                  gt(itsTab.closed_at, sql`now() - ${CLOSED_TABS_SHOWN}`),
                  inArray(orderItems.status, ['READY', 'CANCELLED']),
                ),
              ),
            ),
          ),
      ),
    ],
    filters: {
      // A station: the items routed to one kitchen.
      kitchen_id: filter(idParam.optional(), (id) => eq(orderItems.kitchen_id, id)),
    },
    decorate: async (rows) => (rows as ItemRow[]).map(toItem),
  });

  async function readItem(request: FastifyRequest, id: number) {
    const store = storeScope(request);
    const [row] = await withCustomerAndTable(db.select(itemColumns).from(orderItems).$dynamic()).where(
      and(eq(orderItems.id, id), inScope(orderItems.store_id, store)),
    );
    if (!row) throw notFound(definition.messages.notFound);
    return toItem(row as ItemRow);
  }

  /** The items as the board reads them, in the order asked. */
  async function readItems(request: FastifyRequest, ids: readonly number[]) {
    const rows = await withCustomerAndTable(db.select(itemColumns).from(orderItems).$dynamic()).where(
      and(inArray(orderItems.id, [...ids]), inScope(orderItems.store_id, storeScope(request))),
    );
    const byId = new Map((rows as ItemRow[]).map((row) => [row.id, toItem(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []).filter(onBoard);
  }

  const itemAnswer = { 200: answerWith(definition, {}) };
  const itemsAnswer = { 200: z.object({ data: z.array(definition.record) }) };

  /** A recall is said in the audit in the kitchen's words, with the table and the items. */
  const noteRecall = (request: FastifyRequest, moves: readonly Moved[]) =>
    noteAudit(request, {
      action: 'recall',
      resource: definition.name,
      storeId: storeOfMoves(moves),
      summary:
        moves.length === 0
          ? 'Nenhum item voltou ao preparo: nenhum deles estava pronto'
          : summaryOf(moves, recalledWords),
    });

  app.route({
    ...routes.call('status', {
      operationId: 'setOrderItemStatus',
      errors: [409],
      params: z.strictObject({ id: idParam }),
      body: itemStatusInput,
      response: itemAnswer,
    }),
    handler: async (request) => {
      const { id } = request.params;
      const moved = await db.transaction((tx) => moveItem(tx, storeScope(request), id, request.body.status));
      if (moved?.item.status === 'READY') noteRecall(request, [moved]);
      return { data: await readItem(request, id) };
    },
  });

  // A card's items one step on, in one transaction: each by spec 4's skip-step from what the
  // board showed; the answer is the items as they are now.
  app.route({
    ...routes.call('advance', {
      operationId: 'advanceOrderItems',
      body: cardAdvanceInput,
      response: itemsAnswer,
      errors: [404],
    }),
    handler: async (request) => {
      const { items } = request.body;
      const moved = await db.transaction((tx) => advanceCard(tx, storeScope(request), items));
      noteAudit(request, {
        action: 'advance',
        resource: definition.name,
        storeId: storeOfMoves(moved),
        summary:
          moved.length === 0
            ? 'Nenhum item avançou: todos já estavam adiante'
            : summaryOf(moved, advancedWords),
      });
      return {
        data: await readItems(
          request,
          items.map((item) => item.id),
        ),
      };
    },
  });

  // Back to preparation, whatever time has passed: a card from the recently ready ones, or one item.
  app.route({
    ...routes.call('recall', {
      operationId: 'recallOrderItems',
      body: recallInput,
      response: itemsAnswer,
      errors: [404, 409],
    }),
    handler: async (request) => {
      const { ids } = request.body;
      const recalled = await db.transaction((tx) => recallItems(tx, storeScope(request), ids));
      noteRecall(request, recalled);
      return { data: await readItems(request, ids) };
    },
  });

  // Spec 4: cancelling an item removes it (from the bill); the board shows it as cancelled. Who
  // cancels says why.
  app.route({
    ...routes.delete({ params: idParams, body: cancelItemInput, response: itemAnswer, errors: [409] }),
    handler: async (request) => {
      const { id } = request.params;
      const cancelled = await db.transaction((tx) => cancelItem(tx, storeScope(request), id));
      noteAudit(request, {
        action: 'cancel-item',
        resource: definition.name,
        recordId: id,
        storeId: cancelled.storeId,
        reason: request.body.reason,
        summary: `Item ${cancelled.name} cancelado${
          cancelled.tableNumber === null
            ? ` (comanda ${cancelled.orderId})`
            : ` na mesa ${cancelled.tableNumber}`
        }`,
      });
      return { data: await readItem(request, id) };
    },
  });
};

export default orderItemRoutes;
