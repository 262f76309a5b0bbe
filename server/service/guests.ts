/**
 * What guests do at a table through the customer app (not part of this product): sit down and
 * open a tab, join one, order, call the waiter, pay by the app. The demo's service simulator plays
 * them through these functions, which keep the same rules as the floor's (server/service/tabs.ts):
 * the tab's row locked first, its money recomputed in the same transaction.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { OrderLine } from '../../contract/resources/orderEntry/rules';
import type { Tx } from '../db/client';
import { checkins, customers, orders, tables, tickets } from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { placeLines } from './order-entry';
import { NOT_IN_TAB, TAB_CLOSED, lockOrder, lockTable, receivePayment } from './tabs';
import { balances } from './totals';

/** Opens a tab at a free table for the guests who sit there; each checks in. Returns the tab's id. */
export async function seatGuests(
  tx: Tx,
  storeId: number,
  tableId: number,
  customerIds: readonly number[],
): Promise<number> {
  if (customerIds.length === 0) throw badRequest('Ninguém se sentou: informe os clientes da mesa.');
  const table = await lockTable(tx, tableId, storeId);
  if (table.openOrder !== null) throw conflict(`A mesa ${table.number} já está ocupada.`);
  const [order] = await tx
    .insert(orders)
    .values({ store_id: storeId, table_id: table.id, order_type: 'INDOOR' })
    .returning({ id: orders.id });
  for (const customerId of customerIds) await joinTab(tx, storeId, order!.id, customerId);
  await tx
    .update(tables)
    .set({ status: 'OCCUPIED', updated_at: sql`now()` })
    .where(eq(tables.id, table.id));
  return order!.id;
}

/** A guest joins an open tab: a ticket of their own and a visit to the store (from their phone's platform). */
export async function joinTab(tx: Tx, storeId: number, orderId: number, customerId: number): Promise<void> {
  const order = await lockOrder(tx, orderId, storeId);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const [customer] = await tx
    .select({ platform: customers.platform, status: customers.status })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer || customer.status !== 'ACTIVE') throw notFound('Cliente não encontrado.');
  // A guest sits at one table at a time, in any restaurant.
  const [elsewhere] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .where(and(eq(tickets.customer_id, customerId), eq(orders.status, 'OPENED'), ne(orders.id, order.id)))
    .limit(1);
  if (elsewhere) throw conflict('Este cliente já está em outra comanda aberta.');
  const added = await tx
    .insert(tickets)
    .values({ order_id: order.id, store_id: storeId, customer_id: customerId })
    .onConflictDoNothing()
    .returning({ id: tickets.id });
  if (added.length === 0) return;
  await tx.insert(checkins).values({
    store_id: storeId,
    customer_id: customerId,
    order_id: order.id,
    platform: customer.platform ?? 'ANDROID',
  });
}

export interface ItemRequest {
  productId: number;
  quantity?: number;
  /** Options chosen in the product's complement groups (one of each unless a quantity is given). */
  complements?: readonly { groupId: number; productId: number; quantity?: number }[];
  observations?: string | null;
}

/** A request as the order rules read it. */
export const asLine = (request: ItemRequest): OrderLine => ({
  product_id: request.productId,
  quantity: request.quantity ?? 1,
  complements: (request.complements ?? []).map((chosen) => ({
    group_id: chosen.groupId,
    product_id: chosen.productId,
    quantity: chosen.quantity ?? 1,
  })),
  observations: request.observations ?? null,
});

/**
 * A guest orders: each item goes to its product's kitchen, PLACED (or SAVED, left in the cart),
 * checked against the menu and priced by it (`placeLines`, server/service/order-entry.ts).
 */
export async function placeItems(
  tx: Tx,
  storeId: number,
  orderId: number,
  customerId: number,
  requests: readonly ItemRequest[],
  status: 'PLACED' | 'SAVED' = 'PLACED',
): Promise<number[]> {
  const order = await lockOrder(tx, orderId, storeId);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.order_id, order.id), eq(tickets.customer_id, customerId)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  return placeLines(tx, order, ticket.id, requests.map(asLine), status);
}

/**
 * Puts the waiter's call on tab `orderId` (locked by the caller), made by ticket `ticketId`'s guest
 * (and `customerId`, an app customer's): the floor shows it, and who made it, until it is
 * dismissed. The app's path and the table's QR code (guest-orders.ts) both call through here.
 */
export async function putWaiterCall(
  tx: Tx,
  orderId: number,
  ticketId: number,
  customerId: number | null,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      waiter_requested: true,
      waiter_requested_at: sql`now()`,
      waiter_requester_id: customerId,
      waiter_ticket_id: ticketId,
      updated_at: sql`now()`,
    })
    .where(eq(orders.id, orderId));
}

/** A guest of the app calls the waiter from their ticket in tab `orderId`. */
export async function callWaiter(
  tx: Tx,
  storeId: number,
  orderId: number,
  customerId: number,
): Promise<void> {
  const order = await lockOrder(tx, orderId, storeId);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  if (order.waiter_requested) return;
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.order_id, order.id), eq(tickets.customer_id, customerId)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  await putWaiterCall(tx, order.id, ticket.id, customerId);
}

/** A guest pays what their ticket still owes through the app; returns the amount (0: nothing owed). */
export async function payByApp(
  tx: Tx,
  storeId: number,
  orderId: number,
  customerId: number,
  method: 'CREDIT_CARD' | 'PIX',
): Promise<number> {
  await lockOrder(tx, orderId, storeId);
  const owed = (await balances(tx, orderId)).find((ticket) => ticket.customer_id === customerId)?.owed ?? 0;
  if (owed === 0) return 0;
  await receivePayment(tx, storeId, {
    orderId,
    customerId,
    amount: owed,
    kind: 'DIGITAL',
    method,
    accountId: null,
  });
  return owed;
}
