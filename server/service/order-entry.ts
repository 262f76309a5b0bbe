/**
 * Items entering a tab, whoever sends them: a guest through the app (guests.ts, played by the
 * service simulator) or a waiter at the table (`POST /api/orders/id/:id/items`). Every order is
 * checked against the store's menu as it is in the order's transaction, by the rules the order
 * forms show (contract/resources/orderEntry/rules.ts), and priced from it: the first refusal is
 * thrown and nothing of the order is placed.
 */
import { and, eq } from 'drizzle-orm';
import { checkOrder, type OrderLine } from '../../contract/resources/orderEntry/rules';
import type { Tx } from '../db/client';
import { orderItems, tickets } from '../db/schema';
import type { ItemComplement } from '../db/schema/service';
import { HttpError, conflict, notFound } from '../http-errors';
import { readMenuView } from './menu-view';
import { NOT_IN_TAB, TAB_CLOSED, lockOrder, type StoreScope } from './tabs';
import { refreshTotals } from './totals';

/**
 * Places `lines` on ticket `ticketId` of the open tab `order` (locked by the caller), PLACED (or
 * SAVED, left in a cart), and recomputes the tab's money. Answers the new items' ids.
 */
export async function placeLines(
  tx: Tx,
  order: { id: number; store_id: number },
  ticketId: number,
  lines: readonly OrderLine[],
  status: 'PLACED' | 'SAVED' = 'PLACED',
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
    status,
  }));
  const inserted = await tx.insert(orderItems).values(rows).returning({ id: orderItems.id });
  await refreshTotals(tx, order.id);
  return inserted.map((row) => row.id);
}

/**
 * A waiter sends items to the kitchen for one guest of an open tab of their store: each goes to its
 * product's kitchen, live on the board. Answers the new items' ids and the guest's ticket.
 */
export async function addItems(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  ticketId: number,
  lines: readonly OrderLine[],
): Promise<{ itemIds: number[]; storeId: number; tableId: number | null }> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.order_id, order.id)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  const itemIds = await placeLines(tx, order, ticket.id, lines);
  return { itemIds, storeId: order.store_id, tableId: order.table_id };
}
