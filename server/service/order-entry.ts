/**
 * Items entering a tab, whoever sends them: a guest through the app (guests.ts, played by the
 * service simulator) or a waiter at the table (`POST /api/orders/id/:id/items`). Every order is
 * checked against the store's menu as it is in the order's transaction, by the rules the order
 * forms show (contract/resources/orderEntry/rules.ts), and priced from it: the first refusal is
 * thrown and nothing of the order is placed.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Draft } from '../../contract/resources/orderEntry/input';
import { checkOrder, type OrderLine } from '../../contract/resources/orderEntry/rules';
import type { Tx } from '../db/client';
import { ORDER_MESSAGES } from '../../contract/resources/tabs/definition';
import { orderItems, orders, tables, tickets } from '../db/schema';
import type { ItemComplement } from '../db/schema/service';
import { HttpError, conflict, notFound } from '../http-errors';
import { readMenuView } from './menu-view';
import { inScope } from '../resources/scope';
import { NOT_IN_TAB, TAB_CLOSED, lockOrder, lockTable, type StoreScope } from './tabs';
import { refreshTotals } from './totals';
import { queueKitchenTickets } from '../printing/jobs';

/**
 * Places `lines` on ticket `ticketId` of the open tab `order` (locked by the caller), PLACED (or
 * SAVED, left in a cart or a draft; or HELD: a guest's order from the table's QR code waiting for
 * the staff's approval, SAVED with `held_at`), and recomputes the tab's money for placed ones.
 * Answers the new items' ids.
 */
export async function placeLines(
  tx: Tx,
  order: { id: number; store_id: number },
  ticketId: number,
  lines: readonly OrderLine[],
  status: 'PLACED' | 'SAVED' | 'HELD' = 'PLACED',
  savedBy: number | null = null,
): Promise<number[]> {
  const checked = checkOrder(lines, await readMenuView(tx, order.store_id));
  if (!checked.ok) throw new HttpError(checked.status, checked.message);
  const rows = checked.lines.map((line) => ({
    store_id: order.store_id,
    order_id: order.id,
    ticket_id: ticketId,
    product_id: line.product_id,
    kitchen_id: line.kitchen_id,
    name: line.name,
    thumbnail: line.thumbnail,
    product_price: line.product_price,
    quantity: line.quantity,
    observations: line.observations,
    complements: line.complements.map((complement): ItemComplement => ({
      group_id: complement.group_id,
      product_id: complement.product_id,
      name: complement.name,
      price: complement.price,
      quantity: complement.quantity,
    })),
    status: status === 'HELD' ? ('SAVED' as const) : status,
    saved_by: savedBy,
    held_at: status === 'HELD' ? sql`now()` : null,
  }));
  const inserted = await tx.insert(orderItems).values(rows).returning({ id: orderItems.id });
  // Items still in a cart or a draft count for nothing: a draft saved after each change of the
  // waiter's does not recompute the tab's money.
  const ids = inserted.map((row) => row.id);
  if (status === 'PLACED') {
    await refreshTotals(tx, order.id);
    // The kitchen tickets of the stations that print, in the same transaction as the items.
    await queueKitchenTickets(tx, ids);
  }
  return ids;
}

/** The open tab `orderId` of the caller's store, locked, and its ticket `ticketId`. */
async function openTicket(tx: Tx, store: StoreScope, orderId: number, ticketId: number) {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.order_id, order.id)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  return { order, ticketId: ticket.id };
}

/** The rows of `accountId`'s draft for ticket `ticketId`. */
const draftOf = (ticketId: number, accountId: number) =>
  and(eq(orderItems.ticket_id, ticketId), eq(orderItems.saved_by, accountId), eq(orderItems.status, 'SAVED'));

/**
 * A waiter sends items to the kitchen for one guest of an open tab of their store: each goes to its
 * product's kitchen, live on the board. The waiter's draft for that guest is sent with them: it is
 * dropped in the same transaction. Answers the new items' ids and the tab's store.
 */
export async function addItems(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  ticketId: number,
  lines: readonly OrderLine[],
  accountId: number,
): Promise<{ itemIds: number[]; storeId: number }> {
  const { order, ticketId: ticket } = await openTicket(tx, store, orderId, ticketId);
  const itemIds = await placeLines(tx, order, ticket, lines);
  await tx.delete(orderItems).where(draftOf(ticket, accountId));
  return { itemIds, storeId: order.store_id };
}

/**
 * What a waiter has chosen for one guest and not sent yet (the spec's SAVED items), which they
 * alone see: kept on the server, it survives a reload and a swapped tablet.
 */
export async function readDraft(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  ticketId: number,
  accountId: number,
): Promise<Draft> {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .where(and(eq(tickets.id, ticketId), eq(tickets.order_id, orderId), inScope(orders.store_id, store)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  const rows = await tx
    .select({
      product_id: orderItems.product_id,
      name: orderItems.name,
      product_price: orderItems.product_price,
      quantity: orderItems.quantity,
      observations: orderItems.observations,
      complements: orderItems.complements,
    })
    .from(orderItems)
    .where(draftOf(ticket.id, accountId))
    .orderBy(asc(orderItems.id));
  return {
    ticket_id: ticket.id,
    items: rows.flatMap((row) => {
      // A draft's product deleted from the menu since leaves the draft.
      if (row.product_id === null) return [];
      const complements = row.complements.map((complement) => ({
        group_id: complement.group_id ?? 0,
        product_id: complement.product_id ?? 0,
        quantity: complement.quantity,
        name: complement.name,
        price: complement.price,
      }));
      const unit =
        row.product_price +
        complements.reduce((sum, complement) => sum + complement.price * complement.quantity, 0);
      return [
        {
          product_id: row.product_id,
          name: row.name,
          quantity: row.quantity,
          observations: row.observations,
          complements,
          unit,
          total: unit * row.quantity,
        },
      ];
    }),
  };
}

/**
 * Replaces a waiter's draft for one guest with `lines` (none: the draft is dropped), each checked
 * against the menu as an order would be: the waiter learns at once that the risotto ran out, and
 * a refused draft leaves the one before as it was.
 */
export async function saveDraft(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  ticketId: number,
  lines: readonly OrderLine[],
  accountId: number,
): Promise<{ draft: Draft; storeId: number }> {
  const { order, ticketId: ticket } = await openTicket(tx, store, orderId, ticketId);
  await tx.delete(orderItems).where(draftOf(ticket, accountId));
  if (lines.length > 0) await placeLines(tx, order, ticket, lines, 'SAVED', accountId);
  return { draft: await readDraft(tx, store, orderId, ticket, accountId), storeId: order.store_id };
}

/** A guest the staff seat: named (without the app), or none for the table's own ticket. */
export interface StaffGuest {
  name?: string;
  phone?: string;
}

/** Adds a ticket for `guest` to the open tab `order` (locked by the caller); answers its id. */
async function addTicket(
  tx: Tx,
  order: { id: number; store_id: number },
  guest: StaffGuest,
  accountId: number,
): Promise<number> {
  const name = guest.name?.trim() || null;
  if (name === null) {
    const [taken] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.order_id, order.id), isNull(tickets.customer_id), isNull(tickets.guest_name)));
    if (taken) throw conflict(ORDER_MESSAGES.tableTicketTaken);
  }
  const [ticket] = await tx
    .insert(tickets)
    .values({
      order_id: order.id,
      store_id: order.store_id,
      guest_name: name,
      guest_phone: name === null ? null : (guest.phone ?? null),
      opened_by: accountId,
    })
    .returning({ id: tickets.id });
  return ticket!.id;
}

/**
 * The staff seat a guest without the app (or take an order for the table itself) at a free table
 * of their store: a tab opens with that guest's ticket and the table is occupied. Answers the tab.
 */
export async function openTable(
  tx: Tx,
  store: StoreScope,
  tableId: number,
  guest: StaffGuest,
  accountId: number,
): Promise<{ orderId: number; ticketId: number; storeId: number; tableNumber: number }> {
  const table = await lockTable(tx, tableId, store);
  if (table.openOrder !== null) throw conflict(`A mesa ${table.number} já está ocupada.`);
  const [order] = await tx
    .insert(orders)
    .values({ store_id: table.store_id, table_id: table.id, order_type: 'INDOOR' })
    .returning({ id: orders.id, store_id: orders.store_id });
  const ticketId = await addTicket(tx, order!, guest, accountId);
  await tx
    .update(tables)
    .set({ status: 'OCCUPIED', updated_at: sql`now()` })
    .where(eq(tables.id, table.id));
  return { orderId: order!.id, ticketId, storeId: table.store_id, tableNumber: table.number };
}

/** The staff add a guest without the app (or the table's own ticket) to an open tab of their store. */
export async function addGuest(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  guest: StaffGuest,
  accountId: number,
): Promise<{ ticketId: number; storeId: number }> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  return { ticketId: await addTicket(tx, order, guest, accountId), storeId: order.store_id };
}
