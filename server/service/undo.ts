/**
 * Undoing a move or a join from the floor's notice, for UNDO_SECONDS, without keeping anything on
 * the server: the move's or the join's answer carries a token, signed with HMAC-SHA256 under a key
 * of its own (`app.tokens.deriveKey('floor-undo')`), that says what moved and until when it may go
 * back. Any instance can read it; nobody can forge or stretch one. An undo is refused when it is
 * too late, or when the floor changed meanwhile (the old table taken; for a join, anything added
 * to or taken from the tab: its fingerprint differs), so that it never splits a tab wrongly.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UNDO_MESSAGES, UNDO_SECONDS } from '../../contract/resources/tabs/definition';
import { rows, type Tx } from '../db/client';
import { checkins, coupons, orderItems, orders, payments, reviews, tables, tickets } from '../db/schema';
import { badRequest, conflict } from '../http-errors';
import { lockOrder, lockTable, moveOrder, type Merged, type Moved, type StoreScope } from './tabs';
import { refreshTotals } from './totals';

/** The network's share: a tap at the notice's last second still reaches the server in time. */
const GRACE_SECONDS = 3;

const ids = z.array(z.int().positive());
const tableRef = z.object({ id: z.int(), number: z.int() });

const moveToken = z.object({
  kind: z.literal('move'),
  exp: z.number(),
  orderId: z.int(),
  storeId: z.int(),
  from: tableRef,
  to: tableRef,
});

const mergeToken = z.object({
  kind: z.literal('merge'),
  exp: z.number(),
  fingerprint: z.string(),
  into: z.int(),
  intoTable: tableRef,
  storeId: z.int(),
  left: z.object({
    id: z.int(),
    table: tableRef,
    order_type: z.enum(['INDOOR', 'DELIVERY']),
    created_at: z.string(),
    waiter_requested: z.boolean(),
    waiter_requested_at: z.string().nullable(),
    waiter_requester_id: z.int().nullable(),
  }),
  waiterPassed: z.boolean(),
  tickets: z.array(
    z.object({
      customer_id: z.int().nullable(),
      guest_name: z.string().nullable(),
      guest_phone: z.string().nullable(),
      device_hash: z.string().nullable(),
      opened_by: z.int().nullable(),
      created_at: z.string(),
      items: ids,
      made: z.int().nullable(),
      payments: ids,
    }),
  ),
  payments: ids,
  coupons: ids,
  checkins: ids,
  reviews: ids,
});

type MoveToken = z.infer<typeof moveToken>;
type MergeToken = z.infer<typeof mergeToken>;

const mac = (key: Buffer, body: string) => crypto.createHmac('sha256', key).update(body).digest();

/** A signed token of `payload`: its JSON and its HMAC, both base64url. */
export function signUndo(key: Buffer, payload: MoveToken | MergeToken): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The payload of a token this server signed, or null (forged, altered, or not a token at all). */
function readToken<T>(key: Buffer, token: string, schema: z.ZodType<T>): T | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, body);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Until when an undo made now is honoured (ms since the epoch). */
const expiry = () => Date.now() + (UNDO_SECONDS + GRACE_SECONDS) * 1000;

/**
 * What identifies a tab's contents: its tickets, items, payments (and whether each still counts)
 * and coupons. A join's undo compares it with the one taken right after the join.
 */
export async function tabFingerprint(tx: Tx, orderId: number): Promise<string> {
  const [row] = rows<Record<string, string>>(
    await tx.execute(sql`select
      (select coalesce(string_agg(id::text, ',' order by id), '') from ${tickets} where order_id = ${orderId}) as tickets,
      (select coalesce(string_agg(id::text, ',' order by id), '') from ${orderItems} where order_id = ${orderId}) as items,
      (select coalesce(string_agg(id::text || ':' || (cancelled_at is null)::text, ',' order by id), '')
         from ${payments} where order_id = ${orderId}) as payments,
      (select coalesce(string_agg(id::text || ':' || status, ',' order by id), '') from ${coupons}
         where order_id = ${orderId}) as coupons`),
  );
  return crypto.createHash('sha256').update(JSON.stringify(row)).digest('base64url');
}

/** The token a move answers with. */
export function moveUndoToken(key: Buffer, moved: Moved): string {
  return signUndo(key, { kind: 'move', exp: expiry(), ...moved });
}

/** The token a join answers with (taken in the join's transaction, after it). */
export async function mergeUndoToken(tx: Tx, key: Buffer, merged: Merged): Promise<string> {
  return signUndo(key, {
    kind: 'merge',
    exp: expiry(),
    fingerprint: await tabFingerprint(tx, merged.into),
    ...merged,
  });
}

/**
 * Moves a tab back to the table it left, if it is still free: the tab is the path's (another
 * store's answers 404 before the token is read), and the token must be this move's.
 */
export async function undoMove(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  token: string,
  key: Buffer,
): Promise<Moved> {
  const order = await lockOrder(tx, orderId, store);
  const undo = readToken(key, token, moveToken);
  if (!undo || undo.orderId !== order.id || undo.storeId !== order.store_id)
    throw badRequest(UNDO_MESSAGES.invalid);
  if (Date.now() > undo.exp) throw conflict(UNDO_MESSAGES.late);
  if (order.status !== 'OPENED' || order.table_id !== undo.to.id) throw conflict(UNDO_MESSAGES.moved);
  const back = await lockTable(tx, undo.from.id, order.store_id);
  if (back.openOrder !== null || back.status !== 'AVAILABLE')
    throw conflict(UNDO_MESSAGES.tableTaken(back.number));
  return moveOrder(tx, store, order.id, back.id);
}

/**
 * Splits a join back as it was: the removed tab comes back with its id, table, time and waiter
 * call, and its customers' items, payments, coupons, visits and reviews go back to it; the table
 * it left is taken again. Refused when anything was added to or taken from the joined tab since
 * (its fingerprint), or its old table was taken.
 */
export async function undoMerge(
  tx: Tx,
  store: StoreScope,
  intoId: number,
  token: string,
  key: Buffer,
): Promise<MergeToken> {
  const into = await lockOrder(tx, intoId, store);
  const undo = readToken(key, token, mergeToken);
  if (!undo || undo.into !== into.id || undo.storeId !== into.store_id)
    throw badRequest(UNDO_MESSAGES.invalid);
  if (Date.now() > undo.exp) throw conflict(UNDO_MESSAGES.late);
  if (into.status !== 'OPENED' || into.table_id !== undo.intoTable.id) throw conflict(UNDO_MESSAGES.changed);
  if ((await tabFingerprint(tx, into.id)) !== undo.fingerprint) throw conflict(UNDO_MESSAGES.changed);
  const back = await lockTable(tx, undo.left.table.id, into.store_id);
  if (back.openOrder !== null || back.status !== 'AVAILABLE')
    throw conflict(UNDO_MESSAGES.tableTaken(back.number));

  const { left } = undo;
  // The tab comes back under its own id (identities are never reused, so it is free).
  await tx.execute(sql`insert into ${orders}
      (id, store_id, table_id, order_type, status, waiter_requested, waiter_requested_at, waiter_requester_id, created_at)
    overriding system value values
      (${left.id}, ${into.store_id}, ${back.id}, ${left.order_type}, 'OPENED', ${left.waiter_requested},
       ${left.waiter_requested_at}::timestamptz, ${left.waiter_requester_id}, ${left.created_at}::timestamptz)`);
  for (const ticket of undo.tickets) {
    const [own] = await tx
      .insert(tickets)
      .values({
        order_id: left.id,
        store_id: into.store_id,
        customer_id: ticket.customer_id,
        guest_name: ticket.guest_name,
        guest_phone: ticket.guest_phone,
        device_hash: ticket.device_hash,
        opened_by: ticket.opened_by,
        created_at: sql`${ticket.created_at}::timestamptz`,
      })
      .returning({ id: tickets.id });
    if (ticket.items.length > 0) {
      await tx
        .update(orderItems)
        .set({ order_id: left.id, ticket_id: own!.id })
        .where(and(inArray(orderItems.id, ticket.items), eq(orderItems.order_id, into.id)));
    }
    if (ticket.payments.length > 0) {
      await tx
        .update(payments)
        .set({ order_id: left.id, ticket_id: own!.id })
        .where(and(inArray(payments.id, ticket.payments), eq(payments.order_id, into.id)));
    }
    // The ticket the join made for this customer is empty again.
    if (ticket.made !== null) {
      await tx.delete(tickets).where(and(eq(tickets.id, ticket.made), eq(tickets.order_id, into.id)));
    }
  }
  const giveBack = async (
    table: typeof payments | typeof coupons | typeof checkins | typeof reviews,
    list: number[],
  ) => {
    if (list.length === 0) return;
    await tx
      .update(table)
      .set({ order_id: left.id })
      .where(and(inArray(table.id, list), eq(table.order_id, into.id)));
  };
  await giveBack(payments, undo.payments);
  await giveBack(coupons, undo.coupons);
  await giveBack(checkins, undo.checkins);
  await giveBack(reviews, undo.reviews);
  // The call the join passed over goes back with its tab, unless the other tab's guests called since.
  if (undo.waiterPassed && into.waiter_requester_id === left.waiter_requester_id) {
    await tx
      .update(orders)
      .set({ waiter_requested: false, waiter_requested_at: null, waiter_requester_id: null })
      .where(eq(orders.id, into.id));
  }
  await tx
    .update(tables)
    .set({ status: 'OCCUPIED', updated_at: sql`now()` })
    .where(eq(tables.id, back.id));
  await refreshTotals(tx, left.id);
  await refreshTotals(tx, into.id);
  return undo;
}
