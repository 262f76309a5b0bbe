/**
 * Split bills (contract/resources/tabs/shares.ts): what a tab still owes, divided into shares —
 * equal parts of what no share holds yet, or amounts the staff name — each paid on its own by its
 * own method. Every write locks the tab's row first, so two staff paying one share at once give
 * one payment: the second finds it paid. A share's payment is spread over the guests' tickets by
 * what each owes (`proportionalShares`: to the centavo), so the guests' bills and the tab's stay
 * the one truth the floor, the statement and the statistics read.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../contract/lib/format';
import {
  equalShares,
  itemAmount,
  itemDues,
  proportionalShares,
  splitByItems,
} from '../../contract/resources/tabs/split';
import { SHARE_MESSAGES, type SharesOfTab, type SplitInput } from '../../contract/resources/tabs/shares';
import type { Db, Tx } from '../db/client';
import { billShares, orderItems, orders, payments, tickets } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { CLOSED_TAKES_NO_PAYMENT, TAB_CLOSED, lockOrder, receivePayment, type StoreScope } from './tabs';
import { BILLED, balances } from './totals';

type Method = 'CREDIT_CARD' | 'DEBIT_CARD' | 'PIX' | 'CASH' | 'MEAL_VOUCHER';

/** A tab's shares (open and paid; those given up are history), what it owes and what no share holds. */
export async function readShares(db: Db | Tx, orderId: number): Promise<SharesOfTab> {
  const shares = await db
    .select({
      id: billShares.id,
      order_id: billShares.order_id,
      label: billShares.label,
      amount: billShares.amount,
      status: billShares.status,
      method: billShares.method,
      paid_at: billShares.paid_at,
      item_ids: billShares.item_ids,
      created_at: billShares.created_at,
    })
    .from(billShares)
    .where(and(eq(billShares.order_id, orderId), inArray(billShares.status, ['OPEN', 'PAID'])))
    .orderBy(asc(billShares.id));
  const owed = (await balances(db as Tx, orderId)).reduce((sum, ticket) => sum + ticket.owed, 0);
  const held = shares
    .filter((share) => share.status === 'OPEN')
    .reduce((sum, share) => sum + share.amount, 0);
  return {
    shares: shares.map((share) => ({ ...share, paid_at: share.paid_at ?? null })),
    owed,
    unassigned: Math.max(0, owed - held),
  };
}

/** Splits what no share holds yet of the open tab `orderId`, as `input` says. */
export async function splitBill(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  input: SplitInput,
  accountId: number | null,
): Promise<{ storeId: number; made: number }> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const { unassigned } = await readShares(tx, order.id);
  if (unassigned === 0) throw conflict(SHARE_MESSAGES.nothingLeft);
  const made: { label: string; amount: number; item_ids?: number[] }[] =
    input.mode === 'equal'
      ? equalShares(unassigned, input.parts).map((amount, index) => ({
          label: `Parte ${index + 1} de ${input.parts}`,
          amount,
        }))
      : input.mode === 'amounts'
        ? input.shares
        : await sharesByItem(tx, order.id, input);
  const total = made.reduce((sum, share) => sum + share.amount, 0);
  if (total > unassigned) throw conflict(SHARE_MESSAGES.tooMuch(formatCents(unassigned)));
  // An equal split of less than a centavo a part leaves empty parts: those are not shares.
  const rows = made.filter((share) => share.amount > 0);
  await tx.insert(billShares).values(
    rows.map((share) => ({
      store_id: order.store_id,
      order_id: order.id,
      label: share.label,
      amount: share.amount,
      item_ids: share.item_ids ?? [],
      created_by: accountId,
    })),
  );
  return { storeId: order.store_id, made: rows.length };
}

/**
 * A split by item: each named item's part of its guest's bill (`itemDues`: its service and
 * discount go with it) divided among the payers named for it, a share per payer who pays something.
 * Only items still billed, of no standing share, and only before any payment: after one, what an
 * item still owes is no longer its own.
 */
async function sharesByItem(tx: Tx, orderId: number, input: Extract<SplitInput, { mode: 'items' }>) {
  const [[tab], billed, taken] = await Promise.all([
    tx.select({ total_paid: orders.total_paid }).from(orders).where(eq(orders.id, orderId)),
    tx
      .select({
        id: orderItems.id,
        ticket_id: orderItems.ticket_id,
        ticket_total: tickets.total,
        product_price: orderItems.product_price,
        quantity: orderItems.quantity,
        complements: orderItems.complements,
      })
      .from(orderItems)
      .innerJoin(tickets, eq(tickets.id, orderItems.ticket_id))
      .where(and(eq(orderItems.order_id, orderId), BILLED))
      .orderBy(orderItems.ticket_id, orderItems.id),
    tx
      .select({ item_ids: billShares.item_ids })
      .from(billShares)
      .where(and(eq(billShares.order_id, orderId), inArray(billShares.status, ['OPEN', 'PAID']))),
  ]);
  if ((tab?.total_paid ?? 0) > 0) throw conflict(SHARE_MESSAGES.itemsAfterPayment);
  const byTicket = new Map<number, { total: number; items: { id: number; amount: number }[] }>();
  for (const item of billed) {
    const ticket = byTicket.get(item.ticket_id) ?? { total: item.ticket_total, items: [] };
    ticket.items.push({ id: item.id, amount: itemAmount(item) });
    byTicket.set(item.ticket_id, ticket);
  }
  const dues = itemDues([...byTicket.values()]);
  const takenIds = new Set(taken.flatMap((share) => share.item_ids));
  if (input.lines.some((line) => !dues.has(line.item_id) || takenIds.has(line.item_id)))
    throw conflict(SHARE_MESSAGES.itemTaken);
  const split = splitByItems(
    input.lines.map((line) => ({
      amount: dues.get(line.item_id)!,
      payers: line.payers.map(String),
    })),
    input.payers.map((_, index) => String(index)),
    0,
  );
  return split.map((share, index) => ({
    label: input.payers[index]!,
    amount: share.total,
    item_ids: input.lines.filter((line) => line.payers.includes(index)).map((line) => line.item_id),
  }));
}

/**
 * Pays the open share `shareId` of the tab by `method`: one payment per guest who still owes, in
 * proportion to what each owes, all marked as the share's. A share is paid once.
 */
export async function payShare(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  shareId: number,
  method: Method,
  accountId: number | null,
): Promise<{ storeId: number; label: string; amount: number; paymentIds: number[] }> {
  const order = await lockOrder(tx, orderId, store);
  const [share] = await tx
    .select({
      id: billShares.id,
      label: billShares.label,
      amount: billShares.amount,
      status: billShares.status,
    })
    .from(billShares)
    .where(and(eq(billShares.id, shareId), eq(billShares.order_id, order.id)));
  if (!share || share.status === 'CANCELLED') throw notFound(SHARE_MESSAGES.notFound);
  if (share.status === 'PAID') throw conflict(SHARE_MESSAGES.alreadyPaid);
  if (order.status !== 'OPENED') throw conflict(CLOSED_TAKES_NO_PAYMENT);
  const owing = (await balances(tx, order.id)).filter((ticket) => ticket.owed > 0);
  const owed = owing.reduce((sum, ticket) => sum + ticket.owed, 0);
  if (share.amount > owed) throw conflict(SHARE_MESSAGES.owedLess);
  const parts = proportionalShares(
    share.amount,
    owing.map((ticket) => ticket.owed),
  );
  const ids: number[] = [];
  for (const [index, ticket] of owing.entries()) {
    const amount = parts[index]!;
    if (amount === 0) continue;
    ids.push(
      await receivePayment(tx, store, {
        orderId: order.id,
        ticketId: ticket.ticket_id,
        amount,
        kind: 'PHYSICAL',
        method,
        accountId,
      }),
    );
  }
  await tx.update(payments).set({ share_id: share.id }).where(inArray(payments.id, ids));
  await tx
    .update(billShares)
    .set({ status: 'PAID', method, paid_at: sql`now()`, paid_by: accountId })
    .where(eq(billShares.id, share.id));
  return { storeId: order.store_id, label: share.label, amount: share.amount, paymentIds: ids };
}

/** Gives up the open shares of the tab (paid ones stay paid): split again from what is left. */
export async function cancelShares(tx: Tx, store: StoreScope, orderId: number): Promise<{ storeId: number }> {
  const order = await lockOrder(tx, orderId, store);
  await tx
    .update(billShares)
    .set({ status: 'CANCELLED' })
    .where(and(eq(billShares.order_id, order.id), eq(billShares.status, 'OPEN')));
  return { storeId: order.store_id };
}
