import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commands as definition,
  orderIncludes,
  orderPayment,
  orderRecord,
  orderUpdateInput,
  physicalPaymentInput,
  settleInput,
  targetTableInput,
  type OrderInclude,
  type PaymentMethod,
} from '../../src/resources/commands/definition';
import { recordId } from '../../src/lib/records';
import type { Tx } from '../db/client';
import { orders, payments, tables, tickets } from '../db/schema';
import { callerOf } from '../plugins/access';
import { answerUnchanged, orderFloorTag } from '../resources/floor-tag';
import { betweenDays, registerList } from '../resources/list';
import { idParams } from '../resources/params';
import { served } from '../resources/routes';
import { storeScope } from '../resources/scope';
import { paymentColumns, readOrder } from '../service/read-order';
import {
  closeOrder,
  dismissWaiter,
  mergeOrder,
  moveOrder,
  receivePayment,
  settleOrder,
  type StoreScope,
} from '../service/tabs';

/** Money received at the table without a method named: the card, as most tabs are paid. */
const DEFAULT_METHOD: PaymentMethod = 'CREDIT_CARD';

/** `include=payments,coupons,birthdays,checkins` (spec 7): what the answer adds to the tab. */
const includeParam = z
  .string()
  .max(200)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(orderIncludes, { error: `Inclusão inválida: use ${orderIncludes.join(', ')}.` })))
  .optional();
const oneQuery = z.strictObject({ include: includeParam });

const orderAnswer = z.object({ data: orderRecord });
const noBody = z.strictObject({}).optional();

/** A tab's row in the list: its table's number and how many customers it has. */
const rowColumns = {
  id: orders.id,
  store_id: orders.store_id,
  table_number: tables.number,
  order_type: orders.order_type,
  status: orders.status,
  payment_status: orders.payment_status,
  n_customers: sql<number>`(select count(*) from ${tickets} where ${tickets.order_id} = ${orders.id})::int`,
  total: orders.total,
  total_paid: orders.total_paid,
  created_at: orders.created_at,
  closed_at: orders.closed_at,
};

/** Tabs: the list (/api/orders/search), one tab, and what the floor does to them. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const routes = served(definition);

  /** Runs a change to a tab and answers the tab as it is afterwards, with everything the floor reads. */
  async function changed(
    request: FastifyRequest,
    orderId: number,
    change: (tx: Tx, store: StoreScope) => Promise<number | void>,
  ) {
    const store = storeScope(request);
    // A change that leaves the tab in another (a join) says which.
    const after = (await db.transaction((tx) => change(tx, store))) ?? orderId;
    return { data: await readOrder(db, after, store, new Set(orderIncludes)) };
  }

  registerList(app, definition, {
    table: orders,
    columns: rowColumns,
    join: (query) => query.leftJoin(tables, eq(tables.id, orders.table_id)),
    store: orders.store_id,
    ...betweenDays(orders.created_at),
  });

  // The floor polls the selected table's tab every second (spec 9): unchanged, it answers 304.
  const onePath = `${definition.endpoint}/id/:id`;
  answerUnchanged(app, onePath, async (request) =>
    orderFloorTag(db, (request.params as { id: number }).id, storeScope(request), request.url),
  );

  app.route({
    ...routes.one({ querystring: oneQuery, response: { 200: orderAnswer } }),
    handler: async (request) => {
      const include = new Set<OrderInclude>(request.query.include ?? []);
      return { data: await readOrder(db, request.params.id, storeScope(request), include) };
    },
  });

  /** Settles a tab: what is owed received at the table by `method` (the card when none is named). */
  const settle = (request: FastifyRequest, orderId: number, method: PaymentMethod | undefined) =>
    changed(request, orderId, (tx, store) =>
      settleOrder(tx, store, orderId, method ?? DEFAULT_METHOD, callerOf(request).accountId),
    );

  // The spec's client settles a tab with an update of { settle: true } before releasing its table.
  app.route({
    ...routes.update({ body: orderUpdateInput, response: { 200: orderAnswer } }),
    handler: async (request) => settle(request, request.params.id, request.body.method),
  });

  app.route({
    ...routes.call('settle', {
      params: idParams,
      body: settleInput.optional(),
      response: { 200: orderAnswer },
    }),
    handler: async (request) => settle(request, request.params.id, request.body?.method),
  });

  app.route({
    ...routes.call('close', { params: idParams, body: noBody, response: { 200: orderAnswer } }),
    handler: async (request) =>
      changed(request, request.params.id, (tx, store) => closeOrder(tx, store, request.params.id)),
  });

  app.route({
    ...routes.call('dismissWaiter', { params: idParams, body: noBody, response: { 200: orderAnswer } }),
    handler: async (request) =>
      changed(request, request.params.id, (tx, store) => dismissWaiter(tx, store, request.params.id)),
  });

  app.route({
    ...routes.call('move', { params: idParams, body: targetTableInput, response: { 200: orderAnswer } }),
    handler: async (request) =>
      changed(request, request.params.id, (tx, store) =>
        moveOrder(tx, store, request.params.id, request.body.table_id),
      ),
  });

  // The tab joins the other table's: the answer is that tab, which now holds both.
  app.route({
    ...routes.call('merge', { params: idParams, body: targetTableInput, response: { 200: orderAnswer } }),
    handler: async (request) =>
      changed(request, request.params.id, (tx, store) =>
        mergeOrder(tx, store, request.params.id, request.body.table_id),
      ),
  });

  app.route({
    ...routes.call('physicalPayment', {
      body: physicalPaymentInput,
      response: { 201: z.object({ data: orderPayment.extend({ order_id: recordId, order: orderRecord }) }) },
    }),
    handler: async (request, reply) => {
      const { order_id, customer_id, amount, method = DEFAULT_METHOD } = request.body;
      const store = storeScope(request);
      const id = await db.transaction((tx) =>
        receivePayment(tx, store, {
          orderId: order_id,
          customerId: customer_id,
          amount,
          kind: 'PHYSICAL',
          method,
          accountId: callerOf(request).accountId,
        }),
      );
      const [payment] = await db
        .select({ ...paymentColumns, order_id: payments.order_id })
        .from(payments)
        .where(eq(payments.id, id));
      void reply.status(201);
      return { data: { ...payment!, order: await readOrder(db, order_id, store, new Set(orderIncludes)) } };
    },
  });
};

export default orderRoutes;
