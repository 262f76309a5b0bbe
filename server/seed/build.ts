/**
 * Builds the whole demo in memory, deterministically: the same `now` and scale give the same rows.
 * Ids are given here (the database is new), so that rows can point at each other before anything
 * is written; demo.ts writes them set-based in one transaction. Each section of the demo is a module
 * of build/, run in turn by buildDemo; build/state.ts holds what they share.
 *
 * How the money adds up (what statistics and finance can rely on):
 * - an item's line is (product_price + Σ complement price × quantity) × quantity; CANCELLED and
 *   SAVED items count for nothing;
 * - a ticket's subtotal is the sum of its lines; total = subtotal + service − discount, where the
 *   service is round(subtotal × store.service_charge %) (none for delivery) and the discount comes
 *   from a coupon (loyalty reward or promo code) with that order_id; an order sums its tickets;
 * - payments are per customer; fee = round(amount × feedme_digital_tax or feedme_physical_tax %);
 *   a cancelled payment (cancelled_at) is not in total_paid; closed tabs are PAID;
 * - the statement: RECEIVED +amount for each app (DIGITAL) payment, available 31 days later;
 *   CANCELED −amount when such a payment is refunded; TAX −(the day's fees, both kinds), the next
 *   morning; DEPOSIT −amount for each PAID weekly transfer (Tuesdays) of the available balance;
 *   PENDING and FAILED deposits have no line;
 * - loyalty: each ticket's subtotal accumulates in the store's program; reaching `consumption`
 *   grants a coupon (loyalty, CREATED) that the customer's next ticket there uses (CONFIRMED,
 *   with order_id and amount); rewards unused for 60 days are CANCELLED;
 * - one check-in per customer and indoor tab, with the customer's platform; one review for about
 *   7% of tickets, and stores' n_ratings/rating follow them; at the two demo stores about half of
 *   the reviews with a text older than two days carry a manager's answer.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema';
import { buildAccounts } from './build/accounts';
import { buildCustomers, customerRows } from './build/customers';
import { buildFinance } from './build/finance';
import { buildHistory } from './build/history';
import { buildLiveService } from './build/live-service';
import { buildMoney } from './build/money';
import { buildNotifications } from './build/notifications';
import { buildPlatform } from './build/platform';
import { buildPromoCodes } from './build/promo-codes';
import { buildReservations } from './build/reservations';
import { buildReviewAnswers } from './build/review-answers';
import { newDemo, type Demo, type DemoAccount, type DemoPlan, type Scale } from './build/state';
import { buildStories } from './build/stories';
import { buildStores } from './build/stores';
import { buildUsagePolicy } from './build/usage-policy';
import { buildWallPosts } from './build/wall-posts';
import { servicePart } from '../../contract/resources/tabs/split';

export { SHARED_STAFF_EMAIL, STAFF_PASSWORD } from './build/accounts';
export type { DemoAccount, DemoPlan, Scale } from './build/state';

export function buildDemo(now: Date, scale: Scale, accounts: readonly DemoAccount[]): DemoPlan {
  const demo = newDemo(now, scale);
  buildPlatform(demo);
  buildStores(demo);
  buildAccounts(demo, accounts);
  if (scale === 'full') {
    buildCustomers(demo);
    buildPromoCodes(demo);
    const live = buildLiveService(demo);
    // A table holds one tab at a time: no closed tab of today overlaps an open one.
    const seated = new Map(live.map((d) => [d.tableId, d.createdAt.getTime() - 3 * 60_000]));
    const history = buildHistory(demo).filter(
      (d) => d.tableId === null || !seated.has(d.tableId) || d.closedAt!.getTime() < seated.get(d.tableId)!,
    );
    buildMoney(demo, history, live);
    buildReviewAnswers(demo);
    buildFinance(demo);
    buildReservations(demo);
    buildWallPosts(demo);
    buildStories(demo);
    buildNotifications(demo);
    buildUsagePolicy(demo);
    demo.push(s.customers, customerRows(demo.customers));
  }
  finish(demo);
  return { steps: demo.steps, passwords: demo.passwords, images: demo.images };
}

/** Queues the rows kept for their counters (sold, ratings, uses…), then puts every step in foreign-key order. */
function finish(demo: Demo): void {
  const order: PgTable[] = [
    s.cuisines,
    s.operations,
    s.stores,
    s.bankAccounts,
    s.accounts,
    s.customers,
    s.kitchens,
    s.categories,
    s.products,
    s.complementGroups,
    s.complementGroupProducts,
    s.productComplementGroups,
    s.integrations,
    s.tables,
    s.promoCodes,
    s.orders,
    s.tickets,
    s.orderItems,
    s.payments,
    s.coupons,
    s.checkins,
    s.reviews,
    s.reservations,
    s.loyaltyPrograms,
    s.loyaltyProgress,
    s.deposits,
    s.statementEntries,
    s.faqs,
    s.privacyTexts,
    s.usagePolicyTexts,
    s.usagePolicyAcceptances,
    s.pushNotifications,
    s.pushDeliveries,
    s.stories,
    s.wallPosts,
  ];
  if (demo.scale === 'full') {
    demo.push(s.stores, demo.storeRows);
    demo.push(s.products, demo.productRows);
    demo.push(s.tables, demo.tableRows);
    demo.push(s.promoCodes, demo.promoRows);
    demo.push(s.orders, demo.orderRows);
    demo.push(s.tickets, demo.ticketRows);
    demo.push(s.orderItems, demo.itemRows);
    demo.push(s.payments, paymentsWithTickets(demo));
    demo.push(s.coupons, demo.couponRows);
    demo.push(s.checkins, demo.checkinRows);
    demo.push(s.reviews, demo.reviewRows);
    demo.push(s.loyaltyProgress, [...demo.progress.values()]);
    demo.push(s.deposits, demo.depositRows);
    demo.push(s.statementEntries, demo.statementRows);
  } else {
    demo.push(s.stores, demo.storeRows);
  }
  const rank = new Map(order.map((table, i) => [table, i]));
  demo.steps.sort((a, b) => rank.get(a.table)! - rank.get(b.table)!);
}

/**
 * Each payment with the ticket it pays (its customer's ticket of the tab) and what of it paid that
 * ticket's service, as the API reckons it for a payment it takes (`servicePart`): in the order the
 * payments were made, the cancelled ones left out. Reckoned here, while the database is still being
 * created, rather than by `rebuild_payment_services()` after the writes (a second on a first start);
 * tests/server/seed.test.ts checks that the function finds nothing to change.
 */
function paymentsWithTickets(demo: Demo) {
  const tickets = new Map(
    demo.ticketRows.map((ticket) => [`${ticket.order_id}/${ticket.customer_id}`, ticket]),
  );
  const rows = demo.paymentRows.map((payment) => ({
    ...payment,
    ticket_id: tickets.get(`${payment.order_id}/${payment.customer_id}`)?.id ?? null,
    service: 0,
  }));
  const paidSoFar = new Map<number, number>();
  // (The plan gives every row its id and time.)
  const madeAt = (row: (typeof rows)[number]) => (row.created_at as Date).getTime();
  const made = rows
    .filter((row) => row.ticket_id !== null && !row.cancelled_at)
    .sort((a, b) => madeAt(a) - madeAt(b) || a.id! - b.id!);
  for (const row of made) {
    const ticket = tickets.get(`${row.order_id}/${row.customer_id}`)!;
    const paid = paidSoFar.get(ticket.id!) ?? 0;
    row.service = servicePart(
      { service_charge: ticket.service_charge ?? 0, total: ticket.total ?? 0, total_paid: paid },
      row.amount,
    );
    paidSoFar.set(ticket.id!, paid + row.amount);
  }
  return rows;
}
