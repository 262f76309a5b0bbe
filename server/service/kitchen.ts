/**
 * What the kitchen does to an ordered item (restaurant spec 4): move it along (PLACED →
 * PREPARING → READY), bring back to PREPARING one marked READY by mistake (for a few minutes), or
 * cancel it, which takes it off the bill. The item's tab is locked first, as every change to a tab
 * is (server/service/tabs.ts), so a cancellation and a payment never cross.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BOARD_MESSAGES, RECALL_MINUTES } from '../../src/resources/orderItems/definition';
import type { Tx } from '../db/client';
import { orderItems } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { inScope } from '../resources/scope';
import { lockOrder, tableNumberOf, type StoreScope } from './tabs';
import { refreshTotals } from './totals';

const NOT_FOUND = 'Item não encontrado.';

/** The item, locked with its tab; another store's (or an item still in a cart) is a 404. */
async function lockedItem(tx: Tx, store: StoreScope, itemId: number) {
  const [peek] = await tx
    .select({ order_id: orderItems.order_id })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, itemId),
        inScope(orderItems.store_id, store),
        sql`${orderItems.status} <> 'SAVED'`,
      ),
    );
  if (!peek) throw notFound(NOT_FOUND);
  const order = await lockOrder(tx, peek.order_id, store);
  const [item] = await tx
    .select({
      id: orderItems.id,
      name: orderItems.name,
      status: orderItems.status,
      ready_for: sql<number>`extract(epoch from now() - ${orderItems.updated_at})`.mapWith(Number),
    })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  return { ...item!, order };
}

/**
 * Moves an item to `status`. Forward: PLACED → PREPARING, PLACED or PREPARING → READY; asking for
 * the status it already has changes nothing (two cooks pressing at once move it one step). Back:
 * READY → PREPARING within RECALL_MINUTES of being marked ready. A READY item asked READY again
 * is refused with the spec's words; a cancelled one, and any item of a closed tab, is refused.
 */
export async function moveItem(
  tx: Tx,
  store: StoreScope,
  itemId: number,
  status: 'PREPARING' | 'READY',
): Promise<void> {
  const item = await lockedItem(tx, store, itemId);
  if (item.status === 'CANCELLED') throw conflict(BOARD_MESSAGES.alreadyCancelled(item.name));
  // A closed tab's items are done: one brought back to preparation would be work for nobody's table.
  if (item.order.status !== 'OPENED')
    throw conflict('A comanda deste item já foi fechada: ele não pode mais mudar de status.');
  if (item.status === 'READY') {
    if (status === 'READY') throw conflict(BOARD_MESSAGES.alreadyReady(item.name));
    if (item.ready_for > RECALL_MINUTES * 60) throw conflict(BOARD_MESSAGES.recallExpired(item.name));
  }
  if (item.status === status) return;
  await tx
    .update(orderItems)
    .set({ status, updated_at: sql`now()` })
    .where(eq(orderItems.id, item.id));
}

/** What a cancellation took off the bill: the item, and the table of its tab. */
export interface CancelledItem {
  name: string;
  orderId: number;
  storeId: number;
  tableNumber: number | null;
}

/** Cancels an item of an open tab: it stays on the board as cancelled and leaves the bill. */
export async function cancelItem(tx: Tx, store: StoreScope, itemId: number): Promise<CancelledItem> {
  const item = await lockedItem(tx, store, itemId);
  if (item.status === 'CANCELLED') throw conflict(BOARD_MESSAGES.alreadyCancelled(item.name));
  if (item.order.status !== 'OPENED')
    throw conflict('A comanda deste item já foi fechada: ele não pode ser cancelado.');
  await tx
    .update(orderItems)
    .set({ status: 'CANCELLED', updated_at: sql`now()` })
    .where(eq(orderItems.id, item.id));
  await refreshTotals(tx, item.order.id);
  return {
    name: item.name,
    orderId: item.order.id,
    storeId: item.order.store_id,
    tableNumber: await tableNumberOf(tx, item.order.table_id),
  };
}
