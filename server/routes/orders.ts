import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  tabs as definition,
  methodName,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  orderIncludes,
  orderPayment,
  orderRecord,
  orderUpdateInput,
  physicalPaymentInput,
  removePaymentInput,
  settleInput,
  targetTableInput,
  undoInput,
  TABLE_TICKET_NAME,
  undoOffer,
  type OrderInclude,
  type PaymentMethod,
} from '../../contract/resources/tabs/definition';
import { heldDecisionInput, heldRejectionInput } from '../../contract/resources/tabs/held';
import { serviceChargeInput } from '../../contract/resources/tabs/service';
import {
  brCode,
  NO_PIX_KEY,
  pixCodeAnswer,
  pixKey,
  pixTxid,
  sharePixTxid,
  type PixKeyType,
} from '../../contract/resources/tabs/pix';
import { chargeTxid, createCharge, type PixProviderOptions } from '../pix/provider';
import { queueOnStation, queuePreBill } from '../printing/jobs';
import { cancelShares, payShare, readShares, splitBill } from '../service/shares';
import {
  SHARE_MESSAGES,
  payShareInput,
  sharesAnswer,
  splitInput,
} from '../../contract/resources/tabs/shares';
import {
  PRE_BILL_MESSAGES,
  RECEIPT_MESSAGES,
  preBillPrintInput,
  receiptPrintInput,
} from '../../contract/resources/printing/prebill';
import { receiptDocument } from '../../contract/resources/printing/documents';
import {
  addItemsInput,
  guestInput,
  draftAnswer,
  menuAnswer,
  menuQuery,
  saveDraftInput,
} from '../../contract/resources/orderEntry/input';
import { formatCents } from '../../contract/lib/format';
import { recordId } from '../../contract/lib/records';
import { rows, type Tx } from '../db/client';
import { orders, payments, tables, tickets } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { callerOf } from '../plugins/access';
import { noteAudit } from '../plugins/audit';
import { answerUnchanged, orderFloorTag } from '../resources/floor-tag';
import { betweenDays, registerList } from '../resources/list';
import { idParam, idParams } from '../resources/params';
import { served } from '../resources/routes';
import { storeScope, targetStore } from '../resources/scope';
import { readMenuView } from '../service/menu-view';
import { addGuest, addItems, readDraft, saveDraft } from '../service/order-entry';
import { decideHeld, type HeldDecision } from '../service/guest-orders';
import { paymentColumns, readOrder } from '../service/read-order';
import {
  ALREADY_PAID,
  CLOSED_TAKES_NO_PAYMENT,
  closeOrder,
  dismissWaiter,
  NOT_IN_TAB,
  mergeOrder,
  moveOrder,
  receivePayment,
  removePayment,
  setServiceCharge,
  settleOrder,
  type SettleDecision,
  type StoreScope,
} from '../service/tabs';
import { mergeUndoToken, moveUndoToken, undoMerge, undoMove } from '../service/undo';

/**
 * 'Dar baixa' without a method named (the spec's client names none): the card, as most tabs are
 * paid. Settling a balance has no such default: it needs the method and a reason.
 */
const DEFAULT_METHOD: PaymentMethod = 'CREDIT_CARD';

/** 'Mesa 4', or the tab's number for one without a table. */
const whereTab = (tableNumber: number | null, orderId: number) =>
  tableNumber === null ? `Comanda ${orderId}` : `Mesa ${tableNumber}`;

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
/** A move's or a join's answer: the tab, and the token that undoes it for a few seconds. */
const undoableAnswer = z.object({ data: orderRecord.extend({ undo: undoOffer }) });
const noBody = z.strictObject({}).optional();
/** `/id/:id/tickets/:ticket_id/…`: a guest's ticket of a tab. */
const ticketParams = z.object({ id: idParam, ticket_id: idParam });

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
  const undoKey = app.tokens.deriveKey('floor-undo');

  /** Runs a change to a tab and answers the tab as it is afterwards, with everything the floor reads. */
  async function changed(
    request: FastifyRequest,
    orderId: number,
    change: (tx: Tx, store: StoreScope) => Promise<void>,
  ) {
    const store = storeScope(request);
    await db.transaction((tx) => change(tx, store));
    return { data: await readOrder(db, orderId, store, new Set(orderIncludes)) };
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

  /**
   * Settles a tab: a balance is received by the method named, for the reason given (both required
   * while it owes: the service refuses otherwise); a tab that owes nothing needs neither.
   */
  const settle = async (request: FastifyRequest, orderId: number, decision: SettleDecision) => {
    let settled: Awaited<ReturnType<typeof settleOrder>> | undefined;
    const answer = await changed(request, orderId, async (tx, store) => {
      settled = await settleOrder(tx, store, orderId, decision, callerOf(request).accountId);
    });
    const { received, method, tableNumber } = settled!;
    const where = whereTab(tableNumber, orderId);
    noteAudit(request, {
      action: received > 0 ? 'release-with-balance' : 'settle',
      resource: definition.name,
      recordId: orderId,
      storeId: answer.data.store_id,
      reason: received > 0 ? decision.reason : undefined,
      summary:
        received > 0
          ? `${where} liberada com ${formatCents(received)} recebidos em ${methodName(method!)}`
          : `${where}: comanda acertada sem saldo em aberto`,
    });
    return answer;
  };

  // The spec's client settles a tab with an update of { settle: true } before releasing its table.
  app.route({
    ...routes.update({ body: orderUpdateInput, response: { 200: orderAnswer }, errors: [409] }),
    handler: async (request) =>
      settle(request, request.params.id, { method: request.body.method, reason: request.body.reason }),
  });

  app.route({
    ...routes.call('settle', {
      errors: [409],
      params: idParams,
      body: settleInput.optional(),
      response: { 200: orderAnswer },
    }),
    handler: async (request) => settle(request, request.params.id, request.body ?? {}),
  });

  app.route({
    ...routes.call('close', {
      params: idParams,
      body: noBody,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      const answer = await changed(request, request.params.id, (tx, store) =>
        closeOrder(tx, store, request.params.id),
      );
      noteAudit(request, {
        action: 'close',
        resource: definition.name,
        recordId: request.params.id,
        storeId: answer.data.store_id,
        summary: `${whereTab(answer.data.table_number, answer.data.id)}: comanda fechada`,
      });
      return answer;
    },
  });

  // A guest without the app (or the table's own ticket) joins an open tab.
  app.route({
    ...routes.call('addGuest', {
      params: idParams,
      body: guestInput,
      response: { 201: orderAnswer },
      errors: [404, 409],
    }),
    handler: async (request, reply) => {
      const { guest_name: name, guest_phone: phone } = request.body;
      const answer = await changed(request, request.params.id, async (tx, store) => {
        await addGuest(tx, store, request.params.id, { name, phone }, callerOf(request).accountId);
      });
      noteAudit(request, {
        action: 'add-guest',
        resource: definition.name,
        recordId: request.params.id,
        storeId: answer.data.store_id,
        summary: `${whereTab(answer.data.table_number, answer.data.id)}: ${name ? `${name} entrou na comanda` : 'pedido da mesa aberto'}`,
      });
      reply.code(201);
      return answer;
    },
  });

  // The menu the waiter's order entry browses, with what can be had now (read again after a refusal).
  app.route({
    ...routes.call('menu', { querystring: menuQuery, response: { 200: menuAnswer }, errors: [404] }),
    handler: async (request) => {
      const storeId = await targetStore(db, request, request.query.store_id);
      return { data: await db.transaction((tx) => readMenuView(tx, storeId)) };
    },
  });

  // A waiter sends items to the kitchen for one guest (a retried send is answered once: Idempotency-Key).
  const addItemsRoute = routes.call('addItems', {
    params: idParams,
    body: addItemsInput,
    response: { 201: orderAnswer },
    errors: [404, 409],
  });
  app.route({
    ...addItemsRoute,
    handler: async (request, reply) => {
      let placed: Awaited<ReturnType<typeof addItems>> | undefined;
      const { accountId } = callerOf(request);
      const answer = await changed(request, request.params.id, async (tx, store) => {
        placed = await addItems(
          tx,
          store,
          request.params.id,
          request.body.ticket_id,
          request.body.items,
          accountId,
        );
      });
      const count = placed!.itemIds.length;
      noteAudit(request, {
        action: 'add-items',
        resource: definition.name,
        recordId: request.params.id,
        storeId: answer.data.store_id,
        summary: `${whereTab(answer.data.table_number, answer.data.id)}: ${count} ${count === 1 ? 'item lançado' : 'itens lançados'} pelo garçom`,
      });
      reply.code(201);
      return answer;
    },
  });

  // The waiter's draft for one guest: theirs alone, kept on the server (a reload or another tablet finds it).
  app.route({
    ...routes.call('draft', { params: ticketParams, response: { 200: draftAnswer } }),
    handler: async (request) => ({
      data: await db.transaction((tx) =>
        readDraft(
          tx,
          storeScope(request),
          request.params.id,
          request.params.ticket_id,
          callerOf(request).accountId,
        ),
      ),
    }),
  });

  app.route({
    ...routes.call('saveDraft', {
      params: ticketParams,
      body: saveDraftInput,
      response: { 200: draftAnswer },
      errors: [404, 409],
    }),
    handler: async (request) => {
      const { draft, storeId } = await db.transaction((tx) =>
        saveDraft(
          tx,
          storeScope(request),
          request.params.id,
          request.params.ticket_id,
          request.body.items,
          callerOf(request).accountId,
        ),
      );
      const count = draft.items.length;
      noteAudit(request, {
        action: count === 0 ? 'drop-draft' : 'save-draft',
        resource: definition.name,
        recordId: request.params.id,
        storeId,
        summary:
          count === 0
            ? 'Rascunho do garçom descartado'
            : `Rascunho do garçom com ${count} ${count === 1 ? 'item' : 'itens'}`,
      });
      return { data: draft };
    },
  });

  /** '2× Risoto de cogumelos, Suco de laranja (Ana)': what a decision on guest orders concerned. */
  const heldItems = (decided: HeldDecision) => {
    const guests = [...new Set(decided.items.flatMap((item) => (item.guest ? [item.guest] : [])))];
    const items = decided.items.map((item) => `${item.quantity > 1 ? `${item.quantity}× ` : ''}${item.name}`);
    return `${items.join(', ')}${guests.length > 0 ? ` (${guests.join(', ')})` : ''}`;
  };

  // Guest orders from the table's QR code waiting for approval ('Aprovar pedidos da mesa').
  app.route({
    ...routes.call('approveHeld', {
      params: idParams,
      body: heldDecisionInput,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      let decided: HeldDecision | undefined;
      const answer = await changed(request, request.params.id, async (tx, store) => {
        decided = await decideHeld(tx, store, request.params.id, request.body.item_ids, 'approve');
      });
      noteAudit(request, {
        action: 'approve-held',
        resource: definition.name,
        recordId: request.params.id,
        storeId: decided!.storeId,
        summary: `${whereTab(decided!.tableNumber, request.params.id)}: pedido pelo QR code aprovado — ${heldItems(decided!)}`,
      });
      return answer;
    },
  });

  app.route({
    ...routes.call('rejectHeld', {
      params: idParams,
      body: heldRejectionInput,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      let decided: HeldDecision | undefined;
      const answer = await changed(request, request.params.id, async (tx, store) => {
        decided = await decideHeld(tx, store, request.params.id, request.body.item_ids, 'reject');
      });
      noteAudit(request, {
        action: 'reject-held',
        resource: definition.name,
        recordId: request.params.id,
        storeId: decided!.storeId,
        reason: request.body.reason,
        summary: `${whereTab(decided!.tableNumber, request.params.id)}: pedido pelo QR code recusado — ${heldItems(decided!)}`,
      });
      return answer;
    },
  });

  app.route({
    ...routes.call('dismissWaiter', {
      params: idParams,
      body: noBody,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) =>
      changed(request, request.params.id, (tx, store) => dismissWaiter(tx, store, request.params.id)),
  });

  /** The tab after a move or a join, with the token that undoes it. */
  const withUndo = async (request: FastifyRequest, orderId: number, token: string) => ({
    data: {
      ...(await readOrder(db, orderId, storeScope(request), new Set(orderIncludes))),
      undo: { token },
    },
  });

  app.route({
    ...routes.call('move', {
      params: idParams,
      body: targetTableInput,
      response: { 200: undoableAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      const moved = await db.transaction((tx) =>
        moveOrder(tx, storeScope(request), request.params.id, request.body.table_id),
      );
      noteAudit(request, {
        action: 'move',
        resource: definition.name,
        recordId: moved.orderId,
        storeId: moved.storeId,
        summary: `Comanda da mesa ${moved.from.number} transferida para a mesa ${moved.to.number}`,
      });
      return withUndo(request, moved.orderId, moveUndoToken(undoKey, moved));
    },
  });

  // The tab joins the other table's: the answer is that tab, which now holds both.
  app.route({
    ...routes.call('merge', {
      params: idParams,
      body: targetTableInput,
      response: { 200: undoableAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      const { merged, token } = await db.transaction(async (tx) => {
        const merged = await mergeOrder(tx, storeScope(request), request.params.id, request.body.table_id);
        return { merged, token: await mergeUndoToken(tx, undoKey, merged) };
      });
      noteAudit(request, {
        action: 'merge',
        resource: definition.name,
        recordId: merged.into,
        storeId: merged.storeId,
        summary: `Mesa ${merged.left.table.number} juntada à mesa ${merged.intoTable.number}`,
      });
      return withUndo(request, merged.into, token);
    },
  });

  app.route({
    ...routes.call('undoMove', {
      params: idParams,
      body: undoInput,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      const { id } = request.params;
      const moved = await db.transaction((tx) =>
        undoMove(tx, storeScope(request), id, request.body.token, undoKey),
      );
      noteAudit(request, {
        action: 'undo-move',
        resource: definition.name,
        recordId: id,
        storeId: moved.storeId,
        summary: `Transferência desfeita: comanda de volta à mesa ${moved.to.number}`,
      });
      return { data: await readOrder(db, id, storeScope(request), new Set(orderIncludes)) };
    },
  });

  // The answer is the tab that had left, back at its own table.
  app.route({
    ...routes.call('undoMerge', {
      params: idParams,
      body: undoInput,
      response: { 200: orderAnswer },
      errors: [409],
    }),
    handler: async (request) => {
      const undone = await db.transaction((tx) =>
        undoMerge(tx, storeScope(request), request.params.id, request.body.token, undoKey),
      );
      noteAudit(request, {
        action: 'undo-merge',
        resource: definition.name,
        recordId: undone.left.id,
        storeId: undone.storeId,
        summary: `Mesas ${undone.left.table.number} e ${undone.intoTable.number} separadas de novo`,
      });
      return { data: await readOrder(db, undone.left.id, storeScope(request), new Set(orderIncludes)) };
    },
  });

  app.route({
    ...routes.call('removePayment', {
      errors: [409],
      params: idParams,
      body: removePaymentInput,
      response: { 200: orderAnswer },
    }),
    handler: async (request) => {
      const store = storeScope(request);
      const removed = await db.transaction((tx) => removePayment(tx, store, request.params.id));
      const order = await readOrder(db, removed.orderId, store, new Set(orderIncludes));
      noteAudit(request, {
        action: 'remove-payment',
        resource: definition.name,
        recordId: request.params.id,
        storeId: order.store_id,
        reason: request.body.reason,
        summary: `Pagamento de ${formatCents(removed.amount)} em ${methodName(removed.method)}${
          removed.customer ? ` de ${removed.customer}` : ''
        } removido (${whereTab(removed.tableNumber, removed.orderId)})`,
      });
      return { data: order };
    },
  });

  // A payment's receipt ("comprovante") on a station's printer, through the print queue: the
  // document the tablet prints from the browser.
  app.route({
    ...routes.call('printReceipt', {
      params: idParams,
      body: receiptPrintInput,
      response: { 201: z.object({ data: z.object({ id: z.int(), kitchen: z.string() }) }) },
      errors: [404, 409],
    }),
    handler: async (request, reply) => {
      const store = storeScope(request);
      const [payment] = rows<{
        store_id: number;
        order_id: number;
        table_number: number | null;
        guest: string | null;
        method: PaymentMethod;
        amount: number;
        created_at: string;
        cancelled: boolean;
        left: number | null;
      }>(
        await db.execute(sql`
          select p.store_id, p.order_id, tb.number as table_number,
                 coalesce(c.fullname, t.guest_name, ${TABLE_TICKET_NAME}) as guest, p.method, p.amount,
                 p.created_at::text as created_at, p.cancelled_at is not null as cancelled,
                 greatest(t.total - t.total_paid, 0)::int as left
            from payments p
            join orders o on o.id = p.order_id
            left join tables tb on tb.id = o.table_id
            left join tickets t on t.id = p.ticket_id
            left join customers c on c.id = t.customer_id
           where p.id = ${request.params.id} ${store === null ? sql`` : sql`and p.store_id = ${store}`}`),
      );
      if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
      if (payment.cancelled) throw conflict(RECEIPT_MESSAGES.cancelled);
      const job = await queueOnStation(
        db,
        {
          storeId: payment.store_id,
          orderId: payment.order_id,
          kitchenId: request.body.kitchen_id,
          kind: 'RECEIPT',
          accountId: callerOf(request).accountId,
        },
        (storeName) =>
          receiptDocument({
            storeName,
            orderId: payment.order_id,
            tableNumber: payment.table_number,
            guest: payment.guest ?? TABLE_TICKET_NAME,
            method: payment.method,
            amount: payment.amount,
            paidAt: new Date(payment.created_at),
            left: payment.left ?? 0,
          }),
      );
      if (!job) throw notFound(PRE_BILL_MESSAGES.noStation);
      app.printing.wake();
      noteAudit(request, {
        action: 'print-receipt',
        resource: definition.name,
        recordId: payment.order_id,
        storeId: payment.store_id,
        summary: `Comprovante de ${formatCents(payment.amount)} em ${methodName(payment.method)} (${whereTab(
          payment.table_number,
          payment.order_id,
        )}) enviado para a impressora de ${job.station}`,
      });
      reply.code(201);
      return { data: { id: job.id, kitchen: job.station } };
    },
  });

  // The bill split into shares, each paid on its own by its own method (server/service/shares.ts).
  const shareParams = z.object({ id: idParam, share_id: idParam });
  app.route({
    ...routes.call('shares', { params: idParams, response: { 200: sharesAnswer } }),
    handler: async (request) => {
      const order = await readOrder(db, request.params.id, storeScope(request), new Set());
      return { data: await readShares(db, order.id) };
    },
  });
  app.route({
    ...routes.call('splitBill', {
      params: idParams,
      body: splitInput,
      response: { 201: sharesAnswer },
      errors: [404, 409],
    }),
    handler: async (request, reply) => {
      const { id } = request.params;
      const split = await db.transaction((tx) =>
        splitBill(tx, storeScope(request), id, request.body, callerOf(request).accountId),
      );
      noteAudit(request, {
        action: 'split-bill',
        resource: definition.name,
        recordId: id,
        storeId: split.storeId,
        summary: `Conta dividida em ${split.made} ${split.made === 1 ? 'parte' : 'partes'}`,
      });
      reply.code(201);
      return { data: await readShares(db, id) };
    },
  });
  app.route({
    ...routes.call('payShare', {
      params: shareParams,
      body: payShareInput,
      response: { 200: sharesAnswer },
      errors: [404, 409],
    }),
    handler: async (request) => {
      const { id, share_id } = request.params;
      const paid = await db.transaction((tx) =>
        payShare(tx, storeScope(request), id, share_id, request.body.method, callerOf(request).accountId),
      );
      noteAudit(request, {
        action: 'pay-share',
        resource: definition.name,
        recordId: id,
        storeId: paid.storeId,
        summary: `${paid.label}: ${formatCents(paid.amount)} em ${methodName(request.body.method)}`,
      });
      return { data: await readShares(db, id) };
    },
  });
  app.route({
    ...routes.call('sharePix', { params: shareParams, response: { 200: pixCodeAnswer }, errors: [404, 409] }),
    handler: (request) =>
      pixCodeOf(request, request.params.id, { ticket_id: null, share_id: request.params.share_id }),
  });
  app.route({
    ...routes.call('cancelShares', { params: idParams, response: { 200: sharesAnswer }, errors: [404] }),
    handler: async (request) => {
      const { id } = request.params;
      const cancelled = await db.transaction((tx) => cancelShares(tx, storeScope(request), id));
      noteAudit(request, {
        action: 'cancel-shares',
        resource: definition.name,
        recordId: id,
        storeId: cancelled.storeId,
        summary: 'Divisão da conta desfeita',
      });
      return { data: await readShares(db, id) };
    },
  });

  // The pre-bill on a station's printer (a bar's, the cashier's): the document the browser prints,
  // as ESC/POS, through the print queue.
  app.route({
    ...routes.call('printPreBill', {
      params: idParams,
      body: preBillPrintInput,
      response: { 201: z.object({ data: z.object({ id: z.int(), kitchen: z.string() }) }) },
      errors: [404],
    }),
    handler: async (request, reply) => {
      const store = storeScope(request);
      const order = await readOrder(db, request.params.id, store, new Set(orderIncludes));
      const job = await queuePreBill(
        db,
        order,
        request.body.kitchen_id,
        request.body.shares,
        callerOf(request).accountId,
        (await readShares(db, order.id)).shares,
      );
      if (!job) throw notFound(PRE_BILL_MESSAGES.noStation);
      app.printing.wake();
      noteAudit(request, {
        action: 'print-prebill',
        resource: definition.name,
        recordId: order.id,
        storeId: order.store_id,
        summary: `Conferência de conta (${whereTab(order.table_number, order.id)}) enviada para a impressora de ${job.station}`,
      });
      reply.code(201);
      return { data: { id: job.id, kitchen: job.station } };
    },
  });

  // "Tira os 10 %": the service charge of one guest's bill taken off with the reason (kept on the
  // ticket and in the audit trail), or charged again.
  app.route({
    ...routes.call('serviceCharge', {
      params: ticketParams,
      body: serviceChargeInput,
      response: { 200: z.object({ data: orderRecord }) },
      errors: [404, 409],
    }),
    handler: async (request) => {
      const store = storeScope(request);
      const { id, ticket_id } = request.params;
      const reason = request.body.charged ? null : request.body.reason;
      const change = await db.transaction((tx) => setServiceCharge(tx, store, id, ticket_id, reason));
      const order = await readOrder(db, id, store, new Set(orderIncludes));
      noteAudit(request, {
        action: reason === null ? 'restore-service' : 'remove-service',
        resource: definition.name,
        recordId: id,
        storeId: order.store_id,
        ...(reason === null ? {} : { reason }),
        summary:
          reason === null
            ? `Serviço de ${formatCents(change.after)} cobrado de novo na comanda de ${change.guest} (${whereTab(change.tableNumber, id)})`
            : `Serviço de ${formatCents(change.before)} retirado da comanda de ${change.guest} (${whereTab(change.tableNumber, id)})`,
      });
      return { data: order };
    },
  });

  /**
   * The waiting charge of the guest's balance or of the share for `amount`, or a new one made at
   * the provider and kept (the ones before it given up).
   */
  async function dynamicCharge(
    provider: PixProviderOptions,
    charge: {
      order_id: number;
      ticket_id: number | null;
      share_id: number | null;
      amount: number;
      key: string;
      key_type: PixKeyType;
      store: string;
    },
  ): Promise<{ code: string; txid: string }> {
    const of =
      charge.share_id === null ? sql`ticket_id = ${charge.ticket_id}` : sql`share_id = ${charge.share_id}`;
    const [waiting] = rows<{ code: string; txid: string }>(
      await db.execute(sql`
        select code, txid from pix_charges
         where ${of} and status = 'ACTIVE' and amount = ${charge.amount}
         order by id desc limit 1`),
    );
    if (waiting) return waiting;
    const txid = chargeTxid(
      charge.order_id,
      charge.share_id === null ? { ticket: charge.ticket_id! } : { share: charge.share_id },
    );
    const code = await createCharge(provider, {
      txid,
      amount: charge.amount,
      key: pixKey(charge.key, charge.key_type),
      description: `${charge.store} — comanda ${charge.order_id}`,
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`update pix_charges set status = 'CANCELLED' where ${of} and status = 'ACTIVE'`);
      await tx.execute(sql`
        insert into pix_charges (store_id, order_id, ticket_id, share_id, txid, amount, code)
        select store_id, id, ${charge.ticket_id}, ${charge.share_id}, ${txid}, ${charge.amount}, ${code}
          from orders where id = ${charge.order_id}`);
    });
    return { code, txid };
  }

  /**
   * The Pix code of what a guest owes (`ticket_id`) or of an open share of the split bill
   * (`share_id`), for the store's Pix key (its default bank account's, else the first with a key).
   * With a provider, a dynamic charge its webhook books — the waiting one while the amount is the
   * same, else a new one; a provider that does not answer leaves the static code. A static code:
   * the guest's bank app pays it, and the staff confirm the payment by hand (which books it, as any
   * other method).
   */
  async function pixCodeOf(
    request: FastifyRequest,
    orderId: number,
    charged: { ticket_id: number; share_id: null } | { ticket_id: null; share_id: number },
  ) {
    const store = storeScope(request);
    const [found] = rows<{
      status: string;
      charged: number | null;
      owed: number;
      name: string;
      city: string | null;
      pix_key: string | null;
      pix_key_type: PixKeyType | null;
    }>(
      await db.execute(sql`
        select o.status, c.id as charged, c.owed, s.name, s.city, k.pix_key, k.pix_key_type
        from orders o
        join stores s on s.id = o.store_id
        left join lateral (${
          charged.share_id === null
            ? sql`select t.id, greatest(t.total - t.total_paid, 0)::int as owed from tickets t
                   where t.order_id = o.id and t.id = ${charged.ticket_id}`
            : sql`select b.id, case when b.status = 'OPEN' then b.amount else 0 end as owed from bill_shares b
                   where b.order_id = o.id and b.id = ${charged.share_id} and b.status <> 'CANCELLED'`
        }) c on true
        left join lateral (
          select b.pix_key, b.pix_key_type from bank_accounts b
          where b.store_id = o.store_id and b.pix_key is not null
          order by b.is_default desc, b.id limit 1) k on true
        where o.id = ${orderId} ${store === null ? sql`` : sql`and o.store_id = ${store}`}`),
    );
    if (!found) throw notFound(ORDER_MESSAGES.notFound);
    if (found.charged === null)
      throw notFound(charged.share_id === null ? NOT_IN_TAB : SHARE_MESSAGES.notFound);
    if (found.status !== 'OPENED') throw conflict(CLOSED_TAKES_NO_PAYMENT);
    if (found.owed === 0)
      throw conflict(charged.share_id === null ? ALREADY_PAID : SHARE_MESSAGES.alreadyPaid);
    if (!found.pix_key || !found.pix_key_type) throw conflict(NO_PIX_KEY);
    const answer = {
      order_id: orderId,
      ...charged,
      amount: found.owed,
      key: found.pix_key,
      key_type: found.pix_key_type,
    };
    const dynamic = app.pixProvider
      ? await dynamicCharge(app.pixProvider, { ...answer, store: found.name }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'provedor Pix não respondeu: código estático');
          return null;
        })
      : null;
    if (dynamic) return { data: { ...answer, ...dynamic, dynamic: true } };
    const txid =
      charged.share_id === null
        ? pixTxid(orderId, charged.ticket_id)
        : sharePixTxid(orderId, charged.share_id);
    const code = brCode({
      key: found.pix_key,
      keyType: found.pix_key_type,
      name: found.name,
      city: found.city ?? '',
      amount: found.owed,
      txid,
    });
    return { data: { ...answer, code, txid, dynamic: false } };
  }

  app.route({
    ...routes.call('pixCode', { params: ticketParams, response: { 200: pixCodeAnswer }, errors: [404, 409] }),
    handler: (request) =>
      pixCodeOf(request, request.params.id, { ticket_id: request.params.ticket_id, share_id: null }),
  });

  app.route({
    ...routes.call('physicalPayment', {
      operationId: 'recordPhysicalPayment',
      errors: [404, 409],
      body: physicalPaymentInput,
      response: { 201: z.object({ data: orderPayment.extend({ order_id: recordId, order: orderRecord }) }) },
    }),
    handler: async (request, reply) => {
      const { order_id, customer_id, ticket_id, amount, method = DEFAULT_METHOD } = request.body;
      const store = storeScope(request);
      const paid = {
        orderId: order_id,
        amount,
        kind: 'PHYSICAL',
        method,
        accountId: callerOf(request).accountId,
      } as const;
      // The ticket when named (any guest's), else the app customer's ticket.
      const id = await db.transaction((tx) =>
        receivePayment(
          tx,
          store,
          ticket_id !== undefined ? { ...paid, ticketId: ticket_id } : { ...paid, customerId: customer_id! },
        ),
      );
      const [payment] = await db
        .select({ ...paymentColumns, order_id: payments.order_id })
        .from(payments)
        .where(eq(payments.id, id));
      const order = await readOrder(db, order_id, store, new Set(orderIncludes));
      const customer = order.tickets.find((ticket) => ticket.id === payment!.ticket_id)?.customer.fullname;
      noteAudit(request, {
        action: 'pay',
        resource: definition.name,
        recordId: id,
        storeId: order.store_id,
        summary: `Baixa de ${formatCents(amount)} em ${methodName(method)}${customer ? ` na comanda de ${customer}` : ''} (${whereTab(order.table_number, order.id)})`,
      });
      void reply.status(201);
      return { data: { ...payment!, order } };
    },
  });
};

export default orderRoutes;
