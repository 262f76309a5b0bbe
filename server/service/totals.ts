import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { coupons, orderItems, orders, payments, stores, tickets } from '../db/schema';
import type { PaymentStatus } from '../../contract/resources/tabs/definition';

/** Items that count in a bill: not cancelled, and ordered (SAVED ones are still in the cart). */
export const BILLED = sql`${orderItems.status} not in ('CANCELLED', 'SAVED')`;

/** What is paid of what is owed; nothing owed and nothing paid is an open bill, not a paid one. */
export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  if (total > 0 && paid >= total) return 'PAID';
  return paid > 0 ? 'PARTIALLY_PAID' : 'OPEN';
}

/** A ticket's money, as computed from its items, coupons and payments. */
export interface TicketTotals {
  subtotal: number;
  service_charge: number;
  discount: number;
  total: number;
  total_paid: number;
}

/**
 * Recomputes a tab's money from what it holds — every ticket's subtotal (items with their
 * complements), service charge (the store's percentage, at the table only, unless taken off that
 * bill), discount (its
 * confirmed coupons, never more than owed), total and total paid, then the tab's sums and payment
 * status — and writes it. Called in the transaction of every change to a tab, with the tab's row
 * locked, so the totals a payment is checked against are never stale.
 */
export async function refreshTotals(
  tx: Tx,
  orderId: number,
): Promise<TicketTotals & { payment_status: PaymentStatus }> {
  const [order] = await tx
    .select({ order_type: orders.order_type, service: stores.service_charge })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.store_id))
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`refreshTotals: comanda ${orderId} não existe`);
  const serviceRate = order.order_type === 'INDOOR' ? Number(order.service) : 0;

  const [ticketRows, itemSums, couponSums, paidSums] = await Promise.all([
    tx
      .select({
        id: tickets.id,
        customer_id: tickets.customer_id,
        service_removed: sql<boolean>`${tickets.service_removed_reason} is not null`,
      })
      .from(tickets)
      .where(eq(tickets.order_id, orderId)),
    tx
      .select({
        ticket_id: orderItems.ticket_id,
        subtotal: sql<number>`coalesce(sum((${orderItems.product_price} + coalesce((
            select sum((c->>'price')::int * (c->>'quantity')::int) from jsonb_array_elements(${orderItems.complements}) c
          ), 0)) * ${orderItems.quantity}), 0)`.mapWith(Number),
      })
      .from(orderItems)
      .where(and(eq(orderItems.order_id, orderId), BILLED))
      .groupBy(orderItems.ticket_id),
    tx
      .select({
        customer_id: coupons.customer_id,
        amount: sql<number>`sum(${coupons.amount})`.mapWith(Number),
      })
      .from(coupons)
      .where(and(eq(coupons.order_id, orderId), eq(coupons.status, 'CONFIRMED')))
      .groupBy(coupons.customer_id),
    tx
      .select({
        ticket_id: payments.ticket_id,
        amount: sql<number>`sum(${payments.amount})`.mapWith(Number),
      })
      .from(payments)
      .where(and(eq(payments.order_id, orderId), isNull(payments.cancelled_at)))
      .groupBy(payments.ticket_id),
  ]);
  const subtotals = new Map(itemSums.map((row) => [row.ticket_id, row.subtotal]));
  const discounts = new Map(couponSums.map((row) => [row.customer_id, row.amount]));
  const paid = new Map(paidSums.map((row) => [row.ticket_id, row.amount]));

  const sum: TicketTotals = { subtotal: 0, service_charge: 0, discount: 0, total: 0, total_paid: 0 };
  const computed = ticketRows.map((ticket) => {
    const subtotal = subtotals.get(ticket.id) ?? 0;
    // A bill whose service the staff took off, with a reason, is charged none.
    const service_charge = ticket.service_removed ? 0 : Math.round((subtotal * serviceRate) / 100);
    // Coupons are an app customer's: a guest without the app has none.
    const discount = Math.min(
      (ticket.customer_id !== null && discounts.get(ticket.customer_id)) || 0,
      subtotal + service_charge,
    );
    const totals: TicketTotals = {
      subtotal,
      service_charge,
      discount,
      total: subtotal + service_charge - discount,
      total_paid: paid.get(ticket.id) ?? 0,
    };
    for (const key of Object.keys(sum) as (keyof TicketTotals)[]) sum[key] += totals[key];
    return { id: ticket.id, ...totals };
  });
  // Payments of no ticket (its ticket removed from the tab) still count for the tab.
  const own = new Set(ticketRows.map((ticket) => ticket.id));
  for (const [ticket, amount] of paid) if (ticket === null || !own.has(ticket)) sum.total_paid += amount;

  if (computed.length > 0) {
    const values = sql.join(
      computed.map(
        (t) =>
          sql`(${t.id}::int, ${t.subtotal}::int, ${t.service_charge}::int, ${t.discount}::int, ${t.total}::int, ${t.total_paid}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${tickets} set subtotal = v.subtotal, service_charge = v.service_charge, discount = v.discount,
        total = v.total, total_paid = v.total_paid
      from (values ${values}) as v(id, subtotal, service_charge, discount, total, total_paid)
      where ${tickets.id} = v.id
        and (${tickets.subtotal}, ${tickets.service_charge}, ${tickets.discount}, ${tickets.total}, ${tickets.total_paid})
          is distinct from (v.subtotal, v.service_charge, v.discount, v.total, v.total_paid)`);
  }
  const payment_status = paymentStatusOf(sum.total, sum.total_paid);
  await tx
    .update(orders)
    .set({ ...sum, payment_status, updated_at: sql`now()` })
    .where(eq(orders.id, orderId));
  return { ...sum, payment_status };
}

/** A ticket's balance: what its guest still owes (never below zero). */
export interface Balance {
  ticket_id: number;
  /** None for a guest without the app, or the table's own ticket. */
  customer_id: number | null;
  owed: number;
}

/** Every ticket's balance of a tab, in the tickets' order. */
export async function balances(tx: Tx, orderId: number): Promise<Balance[]> {
  const rows = await tx
    .select({
      ticket_id: tickets.id,
      customer_id: tickets.customer_id,
      total: tickets.total,
      total_paid: tickets.total_paid,
    })
    .from(tickets)
    .where(eq(tickets.order_id, orderId))
    .orderBy(tickets.id);
  return rows.map((row) => ({
    ticket_id: row.ticket_id,
    customer_id: row.customer_id,
    owed: Math.max(0, row.total - row.total_paid),
  }));
}
