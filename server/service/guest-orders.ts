/**
 * What a guest does from the table's QR code (`/mesa`, the guest API): read the menu, order, read
 * their own ticket, call the waiter. The QR code names the table (`s`, `t`, `k`); the phone is a
 * random id the page keeps, stored only as its SHA-256 (`device_hash`) on the guest's ticket, so the
 * same phone finds its ticket again and never anyone else's.
 *
 * Orders go through the waiter's path (`placeLines`, server/service/order-entry.ts): checked
 * against the menu as it is, priced by it, each refusal with its message and nothing placed. With
 * 'Aprovar pedidos da mesa' on, they wait for the staff (SAVED with `held_at`), who send them to
 * the kitchen or refuse them (`decideHeld`).
 */
import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { GUEST_MESSAGES, type TableCode } from '../../contract/resources/guest/paths';
import type { OrderLine } from '../../contract/resources/orderEntry/rules';
import { ORDER_MESSAGES } from '../../contract/resources/tabs/definition';
import type { Db, Tx } from '../db/client';
import { orderItems, orders, products, stores, tables, tickets } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../http-errors';
import { countAttempt } from '../auth/attempts';
import { readMenuView } from './menu-view';
import { placeLines } from './order-entry';
import { joinTab, putWaiterCall } from './guests';
import { TAB_CLOSED, lockOrder, type StoreScope } from './tabs';
import { refreshTotals } from './totals';
import { queueKitchenTickets } from '../printing/jobs';

/** One of `GUEST_LIMITS`: at most `count` in `minutes`. */
export interface GuestLimit {
  count: number;
  minutes: number;
}

/**
 * Counts one more of each key, before acting, and refuses (429 `GUEST_MESSAGES.tooMany`) when any
 * is past its limit. The guest routes count on the pool, outside the write (a refused write still
 * counts); the service simulator counts in its tick's transaction, as its phones order.
 */
export async function countGuest(
  db: Db | Tx,
  keys: readonly (readonly [string, GuestLimit])[],
): Promise<void> {
  for (const [key, { count, minutes }] of keys) {
    const counted = await countAttempt(db as Db, [key], minutes);
    if ((counted.get(key) ?? 0) > count) throw tooManyRequests(GUEST_MESSAGES.tooMany);
  }
}

/** Who the audit trail names for what a guest does from the QR code. */
export const GUEST_ACTOR = 'Cliente na mesa (QR code)';

/** What a phone's id is stored as: its SHA-256, never the id. */
export const deviceHash = (device: string) => crypto.createHash('sha256').update(device).digest('hex');

/**
 * Who orders: a phone at the table (the QR page), or an app customer (the service simulator
 * orders through this path too: their ticket is the one `joinTab` gives them).
 */
export type GuestWho = { deviceHash: string } | { customerId: number };

/** The table a valid QR code names, with what the guest page shows of its store. */
export interface GuestPlace {
  storeId: number;
  storeName: string;
  logo: string | null;
  serviceCharge: number;
  approval: boolean;
  tableId: number;
  tableNumber: number;
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * The store (open: status OK) and its table of that number, when `k` is the table's current token,
 * compared in constant time. Any failure is the same 403: a guess learns nothing about which
 * stores or tables exist. `lock`: the table's row is held until the transaction ends, so a token
 * rotated meanwhile is seen.
 */
export async function guestGate(db: Db | Tx, code: TableCode, lock = false): Promise<GuestPlace> {
  const query = db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      logo: stores.logo_white,
      serviceCharge: stores.service_charge,
      approval: stores.guest_approval,
      tableId: tables.id,
      tableNumber: tables.number,
      token: tables.token,
    })
    .from(tables)
    .innerJoin(stores, eq(stores.id, tables.store_id))
    .where(and(eq(tables.store_id, code.s), eq(tables.number, code.t), eq(stores.status, 'OK')));
  const [row] = lock ? await query.for('update', { of: tables }) : await query;
  // Both sides hashed first: equal lengths whatever was sent, and the token's never leaks by time.
  if (!row || !crypto.timingSafeEqual(digest(row.token), digest(code.k))) {
    throw forbidden(GUEST_MESSAGES.badCode);
  }
  const { token: _, ...place } = row;
  return place;
}

/**
 * The menu a guest browses: the store's available categories that offer something, and the
 * products a guest may order (available, their category too, not sold only as a complement), each
 * with its complement groups; options keep their own `available`, so the page shows those that ran
 * out. A product whose group's minimum cannot be met stays listed: the rules' `isOrderable` greys
 * it, as the waiter's menu does.
 */
export async function guestMenu(tx: Tx, place: GuestPlace) {
  const view = await readMenuView(tx, place.storeId);
  const listed = view.products.filter((product) => product.available && !product.complement_only);
  const described = listed.length
    ? await tx
        .select({ id: products.id, description: products.description })
        .from(products)
        .where(
          inArray(
            products.id,
            listed.map((product) => product.id),
          ),
        )
    : [];
  const descriptions = new Map(described.map((row) => [row.id, row.description.trim() || null]));
  const offered = new Set(listed.map((product) => product.category_id));
  return {
    store: {
      id: place.storeId,
      name: place.storeName,
      logo: place.logo,
      service_charge: place.serviceCharge,
      approval: place.approval,
    },
    table: { number: place.tableNumber },
    categories: view.categories
      .filter((category) => category.available && offered.has(category.id))
      .map(({ id, name }) => ({ id, name })),
    products: listed.map((product) => ({ ...product, description: descriptions.get(product.id) ?? null })),
  };
}

/** The table's open tab, if any. */
async function openTabOf(db: Db | Tx, tableId: number) {
  const [open] = await db
    .select({ id: orders.id, waiter_requested: orders.waiter_requested })
    .from(orders)
    .where(and(eq(orders.table_id, tableId), eq(orders.status, 'OPENED')));
  return open ?? null;
}

const ticketOf = (orderId: number, who: GuestWho) =>
  and(
    eq(tickets.order_id, orderId),
    'deviceHash' in who ? eq(tickets.device_hash, who.deviceHash) : eq(tickets.customer_id, who.customerId),
  );

/**
 * The table a phone's ticket is at now, when the staff moved its tab (or joined it) away from the
 * table `place` names, which has no open tab then: the phone's ticket in an open tab of the store
 * at another table. Null when it is nowhere open. (At a table with an open tab, a phone joins it,
 * whatever it has elsewhere: a guest who went over to friends' table.)
 */
async function movedTo(db: Db | Tx, place: GuestPlace, who: GuestWho): Promise<number | null> {
  if (!('deviceHash' in who)) return null;
  const [elsewhere] = await db
    .select({ number: tables.number })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.order_id))
    .innerJoin(tables, eq(tables.id, orders.table_id))
    .where(
      and(
        eq(tickets.store_id, place.storeId),
        eq(tickets.device_hash, who.deviceHash),
        eq(orders.status, 'OPENED'),
        ne(orders.table_id, place.tableId),
      ),
    )
    .limit(1);
  return elsewhere?.number ?? null;
}

/**
 * A phone whose tab the staff moved away orders and calls from the table it is at now: it does not
 * open a second tab at the table it left.
 */
async function refuseMoved(tx: Tx, place: GuestPlace, who: GuestWho): Promise<void> {
  if (await openTabOf(tx, place.tableId)) return;
  const table = await movedTo(tx, place, who);
  if (table !== null) throw conflict(GUEST_MESSAGES.moved(table));
}

/**
 * The guest's own ticket in the table's open tab, as the guest page shows it: their items (those
 * waiting for approval as HELD; a cart's or a waiter's draft never), their money, whether the
 * waiter is called, and how many others share the tab — a count, never a name or an item of theirs.
 */
export async function readGuestTab(db: Db | Tx, place: GuestPlace, who: GuestWho) {
  const empty = {
    name: null,
    table: { number: place.tableNumber },
    items: [],
    subtotal: 0,
    service_charge: 0,
    total: 0,
    total_paid: 0,
    waiter_called: false,
    others: 0,
    moved_to: null,
  };
  const tab = await openTabOf(db, place.tableId);
  if (!tab) return { ...empty, moved_to: await movedTo(db, place, who) };
  const [[ticket], [all]] = await Promise.all([
    db
      .select({
        id: tickets.id,
        name: tickets.guest_name,
        subtotal: tickets.subtotal,
        service_charge: tickets.service_charge,
        total: tickets.total,
        total_paid: tickets.total_paid,
      })
      .from(tickets)
      .where(ticketOf(tab.id, who)),
    db.select({ tickets: count() }).from(tickets).where(eq(tickets.order_id, tab.id)),
  ]);
  const others = all!.tickets - (ticket ? 1 : 0);
  if (!ticket) return { ...empty, waiter_called: tab.waiter_requested, others };
  const rows = await db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      quantity: orderItems.quantity,
      complements: orderItems.complements,
      observations: orderItems.observations,
      status: orderItems.status,
      held: sql<boolean>`${orderItems.held_at} is not null`,
      product_price: orderItems.product_price,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.ticket_id, ticket.id),
        or(ne(orderItems.status, 'SAVED'), isNotNull(orderItems.held_at)),
      ),
    )
    .orderBy(asc(orderItems.created_at), asc(orderItems.id));
  return {
    name: ticket.name,
    table: { number: place.tableNumber },
    items: rows.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      complements: item.complements.map(({ name, quantity }) => ({ name, quantity })),
      observations: item.observations,
      status: item.held ? ('HELD' as const) : (item.status as Exclude<typeof item.status, 'SAVED'>),
      total:
        (item.product_price +
          item.complements.reduce((sum, complement) => sum + complement.price * complement.quantity, 0)) *
        item.quantity,
    })),
    subtotal: ticket.subtotal,
    service_charge: ticket.service_charge,
    total: ticket.total,
    total_paid: ticket.total_paid,
    waiter_called: tab.waiter_requested,
    others,
    moved_to: null,
  };
}

/**
 * The table's open tab, locked, or a new one at a free table (as the staff's `openTable`, by no
 * account), the table then occupied. Answers the tab.
 */
async function tabAtTable(tx: Tx, place: GuestPlace) {
  const open = await openTabOf(tx, place.tableId);
  if (open) return lockOrder(tx, open.id, place.storeId);
  const [created] = await tx
    .insert(orders)
    .values({ store_id: place.storeId, table_id: place.tableId, order_type: 'INDOOR' })
    .returning({ id: orders.id });
  await tx
    .update(tables)
    .set({ status: 'OCCUPIED', updated_at: sql`now()` })
    .where(eq(tables.id, place.tableId));
  return lockOrder(tx, created!.id, place.storeId);
}

/**
 * The guest's ticket in tab `orderId` (locked by the caller): found again, or made — a phone's
 * with the name the guest gave (required then), an app customer's as `joinTab` makes it.
 */
async function guestTicket(
  tx: Tx,
  order: { id: number; store_id: number },
  who: GuestWho,
  name: string | undefined,
): Promise<{ id: number; name: string | null }> {
  const [found] = await tx
    .select({ id: tickets.id, name: tickets.guest_name })
    .from(tickets)
    .where(ticketOf(order.id, who));
  if (found) return found;
  if ('customerId' in who) {
    await joinTab(tx, order.store_id, order.id, who.customerId);
    return guestTicket(tx, order, who, name);
  }
  const guestName = name?.trim();
  if (!guestName) throw badRequest(GUEST_MESSAGES.name);
  const [made] = await tx
    .insert(tickets)
    .values({
      order_id: order.id,
      store_id: order.store_id,
      guest_name: guestName,
      device_hash: who.deviceHash,
    })
    .returning({ id: tickets.id, name: tickets.guest_name });
  return made!;
}

/** What a guest's order or call did, for the answer and the audit trail. */
export interface GuestAct {
  orderId: number;
  ticketId: number;
  /** The name on the guest's ticket (null: an app customer's). */
  name: string | null;
}

/**
 * A guest orders from the table named by `code` (checked again here, its row locked): the tab opens
 * at a free table, the guest's ticket is found or made, and the lines are placed through the
 * waiter's path — PLACED, or held for the staff's approval when the store asks for it.
 */
export async function guestOrder(
  tx: Tx,
  code: TableCode,
  who: GuestWho,
  name: string | undefined,
  lines: readonly OrderLine[],
): Promise<GuestAct & { place: GuestPlace; itemIds: number[]; held: boolean }> {
  const place = await guestGate(tx, code, true);
  await refuseMoved(tx, place, who);
  const order = await tabAtTable(tx, place);
  const ticket = await guestTicket(tx, order, who, name);
  const itemIds = await placeLines(tx, order, ticket.id, lines, place.approval ? 'HELD' : 'PLACED');
  return { place, orderId: order.id, ticketId: ticket.id, name: ticket.name, itemIds, held: place.approval };
}

/**
 * A guest calls the waiter to the table: the floor shows the call and who made it until it is
 * dismissed. A phone without a ticket gets one (the name is then required; at a free table the tab
 * opens). Answers whether a call was already on (nothing changes then).
 */
export async function guestCallWaiter(
  tx: Tx,
  code: TableCode,
  who: GuestWho,
  name: string | undefined,
): Promise<GuestAct & { place: GuestPlace; already: boolean }> {
  const place = await guestGate(tx, code, true);
  await refuseMoved(tx, place, who);
  const open = await openTabOf(tx, place.tableId);
  // Before a tab is opened for it: a phone with no name gets its message, and no empty tab is left.
  if (!open && 'deviceHash' in who && !name?.trim()) throw badRequest(GUEST_MESSAGES.name);
  const order = await tabAtTable(tx, place);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const ticket = await guestTicket(tx, order, who, name);
  const act = { place, orderId: order.id, ticketId: ticket.id, name: ticket.name };
  if (order.waiter_requested) return { ...act, already: true };
  await putWaiterCall(tx, order.id, ticket.id, 'customerId' in who ? who.customerId : null);
  return { ...act, already: false };
}

/** What the staff decided on guest orders waiting for approval. */
export interface HeldDecision {
  storeId: number;
  tableNumber: number | null;
  /** Each item decided: its name and quantity, and its guest's name. */
  items: { name: string; quantity: number; guest: string | null }[];
}

/**
 * The staff approve (the items go to the kitchen: PLACED, timed from now, the tab's money
 * recomputed) or refuse (the items are removed) guest orders waiting in tab `orderId`. Every item
 * named must be waiting in this tab: otherwise nothing is done, 404 'Este pedido não está mais
 * aguardando aprovação.' (someone decided first, or it never was).
 */
export async function decideHeld(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  itemIds: readonly number[],
  decision: 'approve' | 'reject',
): Promise<HeldDecision> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const ids = [...new Set(itemIds)];
  const held = await tx
    .select({
      id: orderItems.id,
      name: orderItems.name,
      quantity: orderItems.quantity,
      guest: tickets.guest_name,
    })
    .from(orderItems)
    .innerJoin(tickets, eq(tickets.id, orderItems.ticket_id))
    .where(and(eq(orderItems.order_id, order.id), inArray(orderItems.id, ids), isNotNull(orderItems.held_at)))
    .orderBy(asc(orderItems.id));
  if (held.length !== ids.length) throw notFound(ORDER_MESSAGES.heldGone);
  if (decision === 'approve') {
    // The board's timers start when the kitchen gets the items, not when the guest asked.
    await tx
      .update(orderItems)
      .set({ status: 'PLACED', held_at: null, created_at: sql`now()`, updated_at: sql`now()` })
      .where(inArray(orderItems.id, ids));
    await refreshTotals(tx, order.id);
    await queueKitchenTickets(tx, ids);
  } else {
    await tx.delete(orderItems).where(inArray(orderItems.id, ids));
  }
  const [table] = order.table_id
    ? await tx.select({ number: tables.number }).from(tables).where(eq(tables.id, order.table_id))
    : [];
  return {
    storeId: order.store_id,
    tableNumber: table?.number ?? null,
    items: held.map(({ name, quantity, guest }) => ({ name, quantity, guest })),
  };
}
