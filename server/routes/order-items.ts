import { and, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelItemInput,
  itemStatusInput,
  orderItems as definition,
} from '../../src/resources/orderItems/definition';
import { customers, orderItems, orders, tables, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { noteAudit } from '../plugins/audit';
import { answerUnchanged, storeListTag } from '../resources/floor-tag';
import { filter, registerList } from '../resources/list';
import { idParam, idParams } from '../resources/params';
import { answerWith, served } from '../resources/routes';
import { inScope, storeScope } from '../resources/scope';
import { cancelItem, moveItem } from '../service/kitchen';

/** How long a closed tab's items stay on the board: what was just served does not vanish at once. */
const CLOSED_TABS_SHOWN = sql`interval '30 minutes'`;

const itemColumns = {
  id: orderItems.id,
  store_id: orderItems.store_id,
  order_id: orderItems.order_id,
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
  username: customers.username,
  table_number: tables.number,
};

/** What a card shows beside the item: who ordered it (its ticket's customer) and at which table. */
const withCustomerAndTable = <Query extends PgSelect>(query: Query) =>
  query
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .innerJoin(tickets, eq(tickets.id, orderItems.ticket_id))
    .innerJoin(customers, eq(customers.id, tickets.customer_id))
    .leftJoin(tables, eq(tables.id, orders.table_id));

type ItemRow = {
  [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'];
};

/** A row as the board reads it (spec 3 Kitchen order item): the customer and the table nested. */
function toItem({ profile_picture, username, table_number, complements, ...item }: ItemRow) {
  return {
    ...item,
    complements: complements.map(({ name, quantity }) => ({ name, quantity })),
    customer: { profile_picture, username },
    table: table_number === null ? null : { number: table_number },
  };
}

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
    scope: () => [
      sql`${orderItems.status} <> 'SAVED'`,
      sql`${orderItems.order_id} in (select ${orders.id} from ${orders}
        where ${orders.store_id} = ${orderItems.store_id}
          and (${orders.status} = 'OPENED' or (${orders.closed_at} > now() - ${CLOSED_TABS_SHOWN}
            and ${orderItems.status} in ('READY', 'CANCELLED'))))`,
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

  const itemAnswer = { 200: answerWith(definition, {}) };

  app.route({
    ...routes.call('status', {
      params: z.strictObject({ id: idParam }),
      body: itemStatusInput,
      response: itemAnswer,
    }),
    handler: async (request) => {
      const { id } = request.params;
      await db.transaction((tx) => moveItem(tx, storeScope(request), id, request.body.status));
      return { data: await readItem(request, id) };
    },
  });

  // Spec 4: cancelling an item removes it (from the bill); the board shows it as cancelled. Who
  // cancels says why.
  app.route({
    ...routes.delete({ params: idParams, body: cancelItemInput, response: itemAnswer }),
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
