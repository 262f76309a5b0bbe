import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { OrderInclude, orderRecord } from '../../contract/resources/tabs/definition';
import type { Db } from '../db/client';
import { checkins, coupons, customers, orderItems, orders, payments, tables, tickets } from '../db/schema';
import { notFound } from '../http-errors';
import { inScope } from '../resources/scope';
import { ORDER_MESSAGES, TABLE_TICKET_NAME } from '../../contract/resources/tabs/definition';
import { paymentStatusOf } from './totals';
import type { StoreScope } from './tabs';

export type OrderRecord = z.output<typeof orderRecord>;

/** The ticket whose guest called the waiter. */
const waiterTicket = alias(tickets, 'waiter_ticket');

/** A payment as a tab shows it. */
export const paymentColumns = {
  id: payments.id,
  customer_id: payments.customer_id,
  ticket_id: payments.ticket_id,
  kind: payments.kind,
  method: payments.method,
  amount: payments.amount,
  created_at: payments.created_at,
};

/** Today's day and month in the stores' zone: a birthday is a birthdate of the same day and month. */
const TODAY = sql`(now() at time zone 'America/Sao_Paulo')::date`;
export const birthdayToday = (birthdate: typeof customers.birthdate) =>
  sql<boolean>`coalesce(extract(month from ${birthdate}) = extract(month from ${TODAY})
    and extract(day from ${birthdate}) = extract(day from ${TODAY}), false)`;

/**
 * One tab as the floor's side panel and the tabs' modal show it: its customers' tickets with
 * their items (without those still in the cart, SAVED), who called the waiter, and on request its
 * payments, coupons, today's birthdays and each customer's visits to the store. A fixed number of
 * queries whatever the size of the tab; never a customer's birth date, only whether it is today.
 */
export async function readOrder(
  db: Db,
  orderId: number,
  store: StoreScope,
  include: ReadonlySet<OrderInclude> = new Set(),
): Promise<OrderRecord> {
  const [order] = await db
    .select({
      id: orders.id,
      store_id: orders.store_id,
      table_id: orders.table_id,
      table_number: tables.number,
      order_type: orders.order_type,
      status: orders.status,
      payment_status: orders.payment_status,
      subtotal: orders.subtotal,
      service_charge: orders.service_charge,
      discount: orders.discount,
      total: orders.total,
      total_paid: orders.total_paid,
      created_at: orders.created_at,
      closed_at: orders.closed_at,
      waiter_requested: orders.waiter_requested,
      waiter_requested_at: orders.waiter_requested_at,
      requester_id: customers.id,
      requester_fullname: customers.fullname,
      requester_username: customers.username,
      requester_picture: customers.profile_picture,
      requester_guest: waiterTicket.guest_name,
    })
    .from(orders)
    .leftJoin(tables, eq(tables.id, orders.table_id))
    .leftJoin(customers, eq(customers.id, orders.waiter_requester_id))
    .leftJoin(waiterTicket, eq(waiterTicket.id, orders.waiter_ticket_id))
    .where(and(eq(orders.id, orderId), inScope(orders.store_id, store)));
  if (!order) throw notFound(ORDER_MESSAGES.notFound);

  const [ticketRows, items, paid, granted] = await Promise.all([
    db
      .select({
        id: tickets.id,
        order_id: tickets.order_id,
        customer_id: tickets.customer_id,
        subtotal: tickets.subtotal,
        service_charge: tickets.service_charge,
        service_removed_reason: tickets.service_removed_reason,
        discount: tickets.discount,
        total: tickets.total,
        total_paid: tickets.total_paid,
        created_at: tickets.created_at,
        guest_name: tickets.guest_name,
        guest_phone: tickets.guest_phone,
        qr: sql<boolean>`${tickets.device_hash} is not null`,
        fullname: sql<string>`coalesce(${customers.fullname}, ${tickets.guest_name}, ${TABLE_TICKET_NAME})`,
        username: sql<string>`coalesce(${customers.username}, '')`,
        profile_picture: customers.profile_picture,
        birthday: birthdayToday(customers.birthdate),
      })
      .from(tickets)
      .leftJoin(customers, eq(customers.id, tickets.customer_id))
      .where(eq(tickets.order_id, order.id))
      .orderBy(asc(tickets.created_at), asc(tickets.id)),
    db
      .select({
        id: orderItems.id,
        ticket_id: orderItems.ticket_id,
        product_id: orderItems.product_id,
        name: orderItems.name,
        thumbnail: orderItems.thumbnail,
        status: orderItems.status,
        product_price: orderItems.product_price,
        quantity: orderItems.quantity,
        complements: orderItems.complements,
        observations: orderItems.observations,
        created_at: orderItems.created_at,
        held: sql<boolean>`${orderItems.held_at} is not null`,
      })
      .from(orderItems)
      // Items in a cart or a waiter's draft are nobody else's business; guest orders waiting for
      // approval are the floor's.
      .where(
        and(
          eq(orderItems.order_id, order.id),
          or(ne(orderItems.status, 'SAVED'), isNotNull(orderItems.held_at)),
        ),
      )
      .orderBy(asc(orderItems.created_at), asc(orderItems.id)),
    include.has('payments')
      ? db
          .select(paymentColumns)
          .from(payments)
          .where(and(eq(payments.order_id, order.id), isNull(payments.cancelled_at)))
          .orderBy(asc(payments.created_at), asc(payments.id))
      : Promise.resolve([]),
    include.has('coupons')
      ? db
          .select({
            id: coupons.id,
            customer_id: coupons.customer_id,
            loyalty: coupons.loyalty,
            discount: coupons.discount,
            amount: coupons.amount,
          })
          .from(coupons)
          .where(and(eq(coupons.order_id, order.id), eq(coupons.status, 'CONFIRMED')))
      : Promise.resolve([]),
  ]);
  const visits = new Map<number, number>();
  if (include.has('checkins') && ticketRows.length > 0) {
    const counted = await db
      .select({ customer_id: checkins.customer_id, visits: sql<number>`count(*)`.mapWith(Number) })
      .from(checkins)
      .where(
        and(
          inArray(
            checkins.customer_id,
            ticketRows.flatMap((ticket) => (ticket.customer_id === null ? [] : [ticket.customer_id])),
          ),
          eq(checkins.store_id, order.store_id),
        ),
      )
      .groupBy(checkins.customer_id);
    for (const row of counted) visits.set(row.customer_id, row.visits);
  }

  const { requester_id, requester_fullname, requester_username, requester_picture, requester_guest, ...rest } =
    order;
  return {
    ...rest,
    waiter_requester: !order.waiter_requested
      ? null
      : requester_id !== null
        ? {
            id: requester_id,
            fullname: requester_fullname!,
            username: requester_username!,
            profile_picture: requester_picture,
          }
        : // A guest who called from the table's QR code: by the name they gave, no account behind it.
          requester_guest !== null
          ? { id: null, fullname: requester_guest, username: '', profile_picture: null }
          : null,
    ...(include.has('birthdays')
      ? {
          birthdays: ticketRows
            .filter((ticket) => ticket.birthday && ticket.customer_id !== null)
            .map((ticket) => ({ customer_id: ticket.customer_id!, fullname: ticket.fullname })),
        }
      : {}),
    tickets: ticketRows.map((ticket) => {
      return {
        id: ticket.id,
        order_id: ticket.order_id,
        customer_id: ticket.customer_id,
        guest:
          ticket.guest_name === null
            ? null
            : { name: ticket.guest_name, phone: ticket.guest_phone, qr: ticket.qr },
        customer: {
          id: ticket.customer_id,
          fullname: ticket.fullname,
          username: ticket.username,
          profile_picture: ticket.profile_picture,
          birthday: ticket.birthday,
          ...(include.has('checkins')
            ? { checkins: ticket.customer_id === null ? 0 : (visits.get(ticket.customer_id) ?? 0) }
            : {}),
        },
        subtotal: ticket.subtotal,
        service_charge: ticket.service_charge,
        service_removed_reason: ticket.service_removed_reason,
        discount: ticket.discount,
        total: ticket.total,
        total_paid: ticket.total_paid,
        payment_status: paymentStatusOf(ticket.total, ticket.total_paid),
        created_at: ticket.created_at,
        items: items
          .filter((item) => item.ticket_id === ticket.id && !item.held)
          .map(({ ticket_id: _, held: __, ...item }) => item),
        held: items
          .filter((item) => item.ticket_id === ticket.id && item.held)
          .map(({ ticket_id: _, held: __, ...item }) => item),
        ...(include.has('payments')
          ? {
              payments: paid
                .filter((payment) => payment.ticket_id === ticket.id)
                .map(({ ticket_id: _, ...payment }) => payment),
            }
          : {}),
        ...(include.has('coupons')
          ? {
              coupons: granted
                .filter((coupon) => coupon.customer_id === ticket.customer_id)
                .map((coupon) => ({ ...coupon, discount: Number(coupon.discount) })),
            }
          : {}),
      };
    }),
  };
}
