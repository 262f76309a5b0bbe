/**
 * What the kitchen does to ordered items (restaurant spec 4): move one along (PLACED → PREPARING →
 * READY), move a whole card one step, bring READY items back to PREPARING (a dish sent back, a
 * 'Pronto' pressed by mistake), or cancel one, which takes it off the bill. The items' tabs are
 * locked first, in the order of their ids, as every change to a tab is (server/service/tabs.ts), so
 * a cancellation and a payment never cross and two cards' calls never wait on each other.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  BOARD_MESSAGES,
  nextStatus,
  type BoardStatus,
} from '../../contract/resources/kitchenBoard/definition';
import type { Tx } from '../db/client';
import { orderItems } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { inScope } from '../resources/scope';
import { lockOrder, tableNumberOf, type StoreScope } from './tabs';
import { refreshTotals } from './totals';

const NOT_FOUND = 'Item não encontrado.';

type LockedTab = Awaited<ReturnType<typeof lockOrder>>;

/** An item as the kitchen's changes read it, with its tab (locked) and the tab's table. */
export interface KitchenItem {
  id: number;
  name: string;
  quantity: number;
  status: BoardStatus;
  order: LockedTab;
  tableNumber: number | null;
}

/**
 * The items, each locked with its tab, in the order asked; an item of another store (or still in
 * a cart, or missing) makes the whole call a 404, before anything changes.
 */
async function lockedItems(tx: Tx, store: StoreScope, itemIds: readonly number[]): Promise<KitchenItem[]> {
  const peeks = await tx
    .select({ id: orderItems.id, order_id: orderItems.order_id })
    .from(orderItems)
    .where(
      and(
        inArray(orderItems.id, [...itemIds]),
        inScope(orderItems.store_id, store),
        sql`${orderItems.status} <> 'SAVED'`,
      ),
    );
  if (peeks.length !== new Set(itemIds).size) throw notFound(NOT_FOUND);
  const tabs = new Map<number, { order: LockedTab; tableNumber: number | null }>();
  for (const orderId of [...new Set(peeks.map((peek) => peek.order_id))].sort((a, b) => a - b)) {
    const order = await lockOrder(tx, orderId, store);
    tabs.set(orderId, { order, tableNumber: await tableNumberOf(tx, order.table_id) });
  }
  const rows = await tx
    .select({
      id: orderItems.id,
      order_id: orderItems.order_id,
      name: orderItems.name,
      quantity: orderItems.quantity,
      status: orderItems.status,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, [...itemIds]))
    .orderBy(asc(orderItems.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return itemIds.map((id) => {
    const { order_id, status, ...item } = byId.get(id)!;
    // Moved to another tab (a join) between the first read and the lock: not found this time.
    const tab = tabs.get(order_id);
    if (!tab || status === 'SAVED') throw notFound(NOT_FOUND);
    return { ...item, status, ...tab };
  });
}

async function setStatus(tx: Tx, itemIds: readonly number[], status: 'PREPARING' | 'READY') {
  if (itemIds.length === 0) return;
  await tx
    .update(orderItems)
    .set({ status, updated_at: sql`now()` })
    .where(inArray(orderItems.id, [...itemIds]));
}

/** An item that changed stage: what it was, where it went. */
export interface Moved {
  item: KitchenItem;
  to: 'PREPARING' | 'READY';
}

/**
 * Moves an item to `status`. Forward: PLACED → PREPARING, PLACED or PREPARING → READY; asking for
 * the status it already has changes nothing (two cooks pressing at once move it one step). Back:
 * READY → PREPARING (a recall), whatever time has passed. A READY item asked READY again is
 * refused with the spec's words; a cancelled one, and any item of a closed tab, is refused. Answers
 * the change, or null.
 */
export async function moveItem(
  tx: Tx,
  store: StoreScope,
  itemId: number,
  status: 'PREPARING' | 'READY',
): Promise<Moved | null> {
  const [item] = await lockedItems(tx, store, [itemId]);
  if (item!.status === 'CANCELLED') throw conflict(BOARD_MESSAGES.alreadyCancelled(item!.name));
  // A closed tab's items are done: one moved again would be work for nobody's table.
  if (item!.order.status !== 'OPENED') {
    throw conflict(item!.status === 'READY' ? BOARD_MESSAGES.recallClosed : BOARD_MESSAGES.closedTab);
  }
  if (item!.status === 'READY') {
    if (status === 'READY') throw conflict(BOARD_MESSAGES.alreadyReady(item!.name));
  } else if (item!.status === status) return null;
  await setStatus(tx, [item!.id], status);
  return { item: item!, to: status };
}

/**
 * A card one step on, in one go: each item from the status the board showed (`from`) by spec 4's
 * skip-step. An item already moved on since (another tablet), READY or cancelled is left as it
 * is: a card is never refused for the items it holds that are done. Answers what moved.
 */
export async function advanceCard(
  tx: Tx,
  store: StoreScope,
  requests: readonly { id: number; from: BoardStatus }[],
): Promise<Moved[]> {
  const items = await lockedItems(
    tx,
    store,
    requests.map((request) => request.id),
  );
  const moved: Moved[] = [];
  items.forEach((item, index) => {
    const to = nextStatus(requests[index]!.from);
    // A closed tab's items are done, whatever the board showed.
    if (to !== null && item.status === requests[index]!.from && item.order.status === 'OPENED') {
      moved.push({ item, to });
    }
  });
  for (const to of ['PREPARING', 'READY'] as const) {
    await setStatus(
      tx,
      moved.filter((move) => move.to === to).map((move) => move.item.id),
      to,
    );
  }
  return moved;
}

/**
 * READY items back to PREPARING, whatever time has passed since they were ready (a whole card from
 * the board's recently ready ones, or one item); items no longer READY are left as they are. An
 * item of a closed tab is not cooked again (409). Answers what came back.
 */
export async function recallItems(tx: Tx, store: StoreScope, itemIds: readonly number[]): Promise<Moved[]> {
  const ready = (await lockedItems(tx, store, itemIds)).filter((item) => item.status === 'READY');
  if (ready.some((item) => item.order.status !== 'OPENED')) throw conflict(BOARD_MESSAGES.recallClosed);
  await setStatus(
    tx,
    ready.map((item) => item.id),
    'PREPARING',
  );
  return ready.map((item) => ({ item, to: 'PREPARING' as const }));
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
  const [item] = await lockedItems(tx, store, [itemId]);
  if (item!.status === 'CANCELLED') throw conflict(BOARD_MESSAGES.alreadyCancelled(item!.name));
  if (item!.order.status !== 'OPENED')
    throw conflict('A comanda deste item já foi fechada: ele não pode ser cancelado.');
  await tx
    .update(orderItems)
    .set({ status: 'CANCELLED', updated_at: sql`now()` })
    .where(eq(orderItems.id, item!.id));
  await refreshTotals(tx, item!.order.id);
  return {
    name: item!.name,
    orderId: item!.order.id,
    storeId: item!.order.store_id,
    tableNumber: item!.tableNumber,
  };
}
