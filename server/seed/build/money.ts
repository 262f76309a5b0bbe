import type * as s from '../../db/schema';
import { PROMOS } from '../content';
import { REVIEW_TEXTS } from '../names';
import { accumulateLoyalty } from './loyalty';
import { newPayments } from './payments';
import { eligiblePromo } from './promo-codes';
import { HISTORY_DAYS, type Demo, type OrderDraft, type Row } from './state';

/** Totals, discounts (loyalty and promo codes), payments, check-ins and reviews, in time order. */
export function buildMoney(demo: Demo, history: OrderDraft[], live: OrderDraft[]): void {
  const rng = demo.rng.fork('money');
  const nowMs = demo.clock.now.getTime();
  const promos = PROMOS.map((def, i) => ({ def, id: i + 1, uses: 0 }));
  const firstTicketDone = new Set<number>();
  const pendingLoyalty = new Map<string, Row<typeof s.coupons>>();
  const ids = { order: 0, ticket: 0, item: 0, coupon: 0, checkin: 0, review: 0 };
  const { pay, settleFees } = newPayments(demo);

  const all = [...history, ...live];
  for (const draft of all) {
    const orderId = ++ids.order;
    const def = draft.store.def;
    const closed = draft.closedAt !== null;
    // How far into the last 90 days (0 before them): paying by the app grows with it.
    const progress = Math.max(0, (draft.day + HISTORY_DAYS) / HISTORY_DAYS);
    let orderSubtotal = 0;
    let orderService = 0;
    let orderDiscount = 0;
    let orderPaid = 0;
    let lastUpdate = draft.createdAt;
    draft.tickets.forEach((ticket, ticketIndex) => {
      const ticketId = ++ids.ticket;
      const customer = ticket.customer;
      let subtotal = 0;
      for (const item of ticket.items) {
        demo.itemRows.push({
          id: ++ids.item,
          store_id: draft.store.id,
          order_id: orderId,
          ticket_id: ticketId,
          product_id: item.product.id,
          kitchen_id: item.product.kitchenId,
          name: item.product.name,
          thumbnail: item.product.thumbnail,
          product_price: item.product.price,
          quantity: item.quantity,
          observations: item.observations,
          complements: item.complements,
          status: item.status,
          created_at: item.createdAt,
          updated_at: item.updatedAt,
        });
        if (item.updatedAt > lastUpdate) lastUpdate = item.updatedAt;
        if (item.status === 'CANCELLED' || item.status === 'SAVED') continue;
        const unit = item.product.price + item.complements.reduce((sum, c) => sum + c.price * c.quantity, 0);
        subtotal += unit * item.quantity;
        if (closed) item.product.sold += item.quantity;
      }
      const service = draft.delivery ? 0 : Math.round((subtotal * def.serviceCharge) / 100);

      // A discount: the loyalty reward waiting for this customer here, or a promo code.
      let discount = 0;
      const programKey = `${draft.store.programId}/${customer.id}`;
      const reward = closed && draft.store.programId ? pendingLoyalty.get(programKey) : undefined;
      if (reward && subtotal > 0) {
        discount = Math.round((subtotal * Number(reward.discount)) / 100);
        reward.status = 'CONFIRMED';
        reward.order_id = orderId;
        reward.order_type = draft.delivery ? 'DELIVERY' : 'INDOOR';
        reward.amount = discount;
        pendingLoyalty.delete(programKey);
        const p = demo.progress.get(programKey)!;
        p.n_uses = (p.n_uses ?? 0) + 1;
        p.last_redeemed_at = ticket.createdAt;
      } else if (closed && subtotal > 0) {
        const promo = eligiblePromo(
          demo.clock,
          rng,
          promos,
          ticket.createdAt,
          draft,
          firstTicketDone.has(customer.id),
        );
        if (promo) {
          discount = Math.round((subtotal * Math.min(promo.def.discount, promo.def.maxDiscount)) / 100);
          promo.uses++;
          demo.couponRows.push({
            id: ++ids.coupon,
            store_id: draft.store.id,
            customer_id: customer.id,
            promo_code_id: promo.id,
            loyalty: false,
            order_id: orderId,
            order_type: promo.def.origin ?? 'EITHER',
            status: 'CONFIRMED',
            discount: promo.def.discount,
            amount: discount,
            created_at: ticket.createdAt,
          });
        }
      }
      const total = Math.max(0, subtotal + service - discount);

      // Payments: everyone pays at the end of a closed tab; in a live tab only the paid tickets.
      let paid = 0;
      const paysNow = closed || ticketIndex < (draft.paidTickets ?? 0);
      if (paysNow && total > 0) {
        const at = closed
          ? new Date(draft.closedAt!.getTime() - rng.float(1, 10) * 60_000)
          : new Date(
              Math.min(
                nowMs - 30_000,
                Math.max(...ticket.items.map((i) => i.updatedAt.getTime())) + rng.float(1, 5) * 60_000,
              ),
            );
        const digitalShare = draft.delivery ? 1 : closed ? 0.33 + 0.22 * progress : 1;
        if (rng.chance(digitalShare)) {
          const method = rng.chance(0.68) ? 'CREDIT_CARD' : 'PIX';
          if (closed && rng.chance(0.006)) {
            pay(draft, orderId, customer, total, at, 'DIGITAL', method, new Date(at.getTime() + 90_000));
            paid += pay(
              draft,
              orderId,
              customer,
              total,
              new Date(at.getTime() + 180_000),
              'PHYSICAL',
              'DEBIT_CARD',
            );
          } else paid += pay(draft, orderId, customer, total, at, 'DIGITAL', method);
        } else {
          const lunch = ticket.createdAt.getTime() < demo.clock.at(draft.day, 16 * 60).getTime();
          const method = rng.weighted(['CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER'] as const, [
            40,
            27,
            17,
            8,
            lunch ? 22 : 3,
          ]);
          if (total > 4000 && rng.chance(0.06)) {
            const part = Math.round(total * rng.float(0.3, 0.6));
            paid += pay(draft, orderId, customer, part, at, 'PHYSICAL', 'CASH');
            paid += pay(
              draft,
              orderId,
              customer,
              total - part,
              at,
              'PHYSICAL',
              method === 'CASH' ? 'PIX' : method,
            );
          } else paid += pay(draft, orderId, customer, total, at, 'PHYSICAL', method);
        }
      }

      demo.ticketRows.push({
        id: ticketId,
        order_id: orderId,
        store_id: draft.store.id,
        customer_id: customer.id,
        subtotal,
        service_charge: service,
        discount,
        total,
        total_paid: paid,
        created_at: ticket.createdAt,
      });
      if (!draft.delivery) {
        demo.checkinRows.push({
          id: ++ids.checkin,
          store_id: draft.store.id,
          customer_id: customer.id,
          order_id: orderId,
          platform: customer.platform,
          created_at: ticket.createdAt,
        });
      }
      let visits = demo.visits.get(draft.store.id);
      if (!visits) demo.visits.set(draft.store.id, (visits = new Map()));
      if (!visits.has(customer.id)) visits.set(customer.id, ticket.createdAt);

      if (closed) {
        firstTicketDone.add(customer.id);
        if (draft.store.programId)
          accumulateLoyalty(demo, draft, customer, subtotal, ticket.createdAt, pendingLoyalty, ids);
        if (rng.chance(0.07)) {
          const at = new Date(draft.closedAt!.getTime() + rng.float(20, 2 * 1440) * 60_000);
          if (at.getTime() < nowMs) {
            const rating = Math.max(1, Math.min(5, Math.round(rng.normal(def.rating, 0.75))));
            demo.reviewRows.push({
              id: ++ids.review,
              store_id: draft.store.id,
              customer_id: customer.id,
              order_id: orderId,
              rating,
              text: rng.chance(0.75) ? rng.pick(REVIEW_TEXTS[rating]!) : '',
              created_at: at,
            });
          }
        }
      }
      orderSubtotal += subtotal;
      orderService += service;
      orderDiscount += discount;
      orderPaid += paid;
    });
    const orderTotal = Math.max(0, orderSubtotal + orderService - orderDiscount);
    demo.orderRows.push({
      id: orderId,
      store_id: draft.store.id,
      table_id: draft.tableId,
      order_type: draft.delivery ? 'DELIVERY' : 'INDOOR',
      status: closed ? 'CLOSED' : 'OPENED',
      payment_status: orderPaid >= orderTotal ? 'PAID' : orderPaid > 0 ? 'PARTIALLY_PAID' : 'OPEN',
      waiter_requested: Boolean(draft.waiterAt),
      waiter_requested_at: draft.waiterAt ?? null,
      // The last to sit calls the waiter.
      waiter_requester_id: draft.waiterAt ? draft.tickets[draft.tickets.length - 1]!.customer.id : null,
      subtotal: orderSubtotal,
      service_charge: orderService,
      discount: orderDiscount,
      total: orderTotal,
      total_paid: orderPaid,
      created_at: draft.createdAt,
      updated_at: closed
        ? draft.closedAt!
        : draft.waiterAt && draft.waiterAt > lastUpdate
          ? draft.waiterAt
          : lastUpdate,
      closed_at: draft.closedAt,
    });
    if (!closed && draft.tableId) {
      const table = demo.tableRows.find((t) => t.id === draft.tableId)!;
      table.status = 'OCCUPIED';
      table.updated_at = draft.createdAt;
    }
  }

  for (const promo of promos) {
    const row = demo.promoRows[promo.id - 1]!;
    row.n_uses = promo.uses;
  }
  // Rewards never used: expired (cancelled) when older than 60 days, else waiting.
  for (const coupon of pendingLoyalty.values()) {
    if (coupon.created_at! < demo.clock.at(-60, 0)) coupon.status = 'CANCELLED';
  }
  settleFees();
  for (const product of demo.stores.flatMap((st) => st.menu)) {
    demo.productRows.find((r) => r.id === product.id)!.n_sold = product.sold;
  }
  // Ratings follow the reviews.
  for (const store of demo.storeRows) {
    const reviews = demo.reviewRows.filter((r) => r.store_id === store.id);
    store.n_ratings = reviews.length;
    store.rating = reviews.length
      ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 100) / 100
      : 0;
  }
}
