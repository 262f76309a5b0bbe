/**
 * What the floor's staff do to tabs and tables (restaurant spec 4): receive a payment at the table
 * ('Dar baixa'), settle and close a tab, dismiss a waiter call, move a tab to a free table or join
 * it to another table's, and free or take a table. The routes and the service simulator both go
 * through these functions, so a rule holds whoever acts.
 *
 * Every change to a tab first locks the tab's row (`lockOrder`), then recomputes its money in the
 * same transaction (`refreshTotals`): two people acting on one tab at once are served one after
 * the other, each against the totals the other left.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatCents } from '../../contract/lib/format';
import {
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  SETTLE_MESSAGES,
  TABLE_TICKET_NAME,
  itemStatuses,
  type PaymentMethod,
} from '../../contract/resources/tabs/definition';
import { TABLE_NOT_FOUND } from '../../contract/resources/floor/definition';
import { SERVICE_MESSAGES } from '../../contract/resources/tabs/service';
import { servicePart } from '../../contract/resources/tabs/split';
import type { Tx } from '../db/client';
import {
  billShares,
  checkins,
  coupons,
  customers,
  orderItems,
  orders,
  payments,
  reviews,
  statementEntries,
  stores,
  tables,
  tickets,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { inScope } from '../resources/scope';
import { balances, refreshTotals } from './totals';

/** The store an action is limited to: staff's own; null for an administrator (any store). */
export type StoreScope = number | null;

export const TAB_CLOSED = 'A comanda já está fechada.';
export const CLOSED_TAKES_NO_PAYMENT = 'A comanda está fechada e não recebe mais pagamentos.';
export const NOT_IN_TAB = 'Este cliente não está nesta comanda.';
export const ALREADY_PAID = 'A comanda deste cliente já está paga.';
export const NOT_AT_A_TABLE = 'Esta comanda não é de uma mesa.';

/** The kitchen's work still under way on a tab: what was ordered and not yet ready (nor cancelled). */
const IN_THE_KITCHEN = ['PLACED', 'PREPARING'] as const;
/** How many of them a refusal names; the rest are counted. */
const NAMED_IN_REFUSAL = 5;

/**
 * Refuses to close a tab, or to free its table, while the kitchen still works on any of its items:
 * they would be left on the board of a tab nobody sits at. The refusal names them, so that they are
 * marked ready or cancelled first ('Marque-os como prontos ou cancele-os antes de fechar a comanda.').
 */
async function refuseWhileInTheKitchen(tx: Tx, orderId: number, before: string): Promise<void> {
  const cooking = await tx
    .select({ name: orderItems.name, quantity: orderItems.quantity, status: orderItems.status })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, orderId), inArray(orderItems.status, IN_THE_KITCHEN)))
    .orderBy(asc(orderItems.created_at), asc(orderItems.id));
  if (cooking.length === 0) return;
  const named = cooking.slice(0, NAMED_IN_REFUSAL).map((item) => {
    const status = itemStatuses.find((choice) => choice.id === item.status)!.name;
    return `${item.quantity > 1 ? `${item.quantity}× ` : ''}${item.name} (${status})`;
  });
  const more = cooking.length - named.length;
  const one = cooking.length === 1;
  throw conflict(
    `A comanda ainda tem ${cooking.length} ${one ? 'item' : 'itens'} na cozinha: ${named.join(', ')}${
      more > 0 ? ` e mais ${more}` : ''
    }. ${one ? 'Marque-o como pronto ou cancele-o' : 'Marque-os como prontos ou cancele-os'} antes de ${before}.`,
  );
}

/** A tab's row, locked until the transaction ends; another store's (or a missing) tab is a 404. */
export async function lockOrder(tx: Tx, orderId: number, store: StoreScope) {
  const [order] = await tx
    .select({
      id: orders.id,
      store_id: orders.store_id,
      table_id: orders.table_id,
      status: orders.status,
      waiter_requested: orders.waiter_requested,
      waiter_requested_at: orders.waiter_requested_at,
      waiter_requester_id: orders.waiter_requester_id,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), inScope(orders.store_id, store)))
    .for('update');
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order;
}

/** A table of the store, locked, with its number and the id of its open tab (if any). */
export async function lockTable(tx: Tx, tableId: number, store: StoreScope) {
  const [table] = await tx
    .select({ id: tables.id, number: tables.number, store_id: tables.store_id, status: tables.status })
    .from(tables)
    .where(and(eq(tables.id, tableId), inScope(tables.store_id, store)))
    .for('update');
  if (!table) throw notFound(TABLE_NOT_FOUND);
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.table_id, table.id), eq(orders.status, 'OPENED')));
  return { ...table, openOrder: open?.id ?? null };
}

export interface NewPayment {
  storeId: number;
  orderId: number;
  /** The ticket it pays, and its guest (none without the app). */
  ticketId: number;
  customerId: number | null;
  amount: number;
  kind: 'PHYSICAL' | 'DIGITAL';
  method: PaymentMethod;
  /** Who received it at the table; none for the app's. */
  accountId: number | null;
}

/**
 * Writes a payment with the platform's fee on it (the store's physical or digital rate); an app
 * payment also enters the store's statement, withdrawable 31 days later (as the demo's history).
 */
async function writePayment(tx: Tx, payment: NewPayment): Promise<number> {
  const [store] = await tx
    .select({ physical: stores.feedme_physical_tax, digital: stores.feedme_digital_tax })
    .from(stores)
    .where(eq(stores.id, payment.storeId));
  const rate = Number(payment.kind === 'DIGITAL' ? store!.digital : store!.physical);
  const [bill] = await tx
    .select({
      service_charge: tickets.service_charge,
      total: tickets.total,
      total_paid: tickets.total_paid,
    })
    .from(tickets)
    .where(eq(tickets.id, payment.ticketId));
  const [row] = await tx
    .insert(payments)
    .values({
      store_id: payment.storeId,
      order_id: payment.orderId,
      ticket_id: payment.ticketId,
      customer_id: payment.customerId,
      kind: payment.kind,
      method: payment.method,
      amount: payment.amount,
      fee: Math.round((payment.amount * rate) / 100),
      service: bill ? servicePart(bill, payment.amount) : 0,
      account_id: payment.accountId,
    })
    .returning({ id: payments.id });
  if (payment.kind === 'DIGITAL') {
    await tx.insert(statementEntries).values({
      store_id: payment.storeId,
      payment_id: row!.id,
      kind: 'RECEIVED',
      amount: payment.amount,
      description: `Pagamento pelo app — comanda ${payment.orderId}`,
      available_on: sql<string>`(now() at time zone 'America/Sao_Paulo')::date + 31`,
    });
  }
  return row!.id;
}

/** A payment received for one ticket of a tab: the ticket named, or the customer's ticket there. */
export type PaymentFor = Omit<NewPayment, 'storeId' | 'ticketId' | 'customerId'> &
  ({ ticketId: number; customerId?: undefined } | { customerId: number; ticketId?: undefined });

/**
 * A payment for one ticket of an open tab, never more than the ticket still owes: two staff
 * pressing 'Dar baixa' at once give one payment, and the second is told the ticket is paid.
 */
export async function receivePayment(tx: Tx, store: StoreScope, payment: PaymentFor): Promise<number> {
  const order = await lockOrder(tx, payment.orderId, store);
  if (order.status !== 'OPENED') throw conflict(CLOSED_TAKES_NO_PAYMENT);
  const owed = (await balances(tx, order.id)).find((ticket) =>
    payment.ticketId !== undefined
      ? ticket.ticket_id === payment.ticketId
      : ticket.customer_id === payment.customerId,
  );
  if (!owed) throw notFound(NOT_IN_TAB);
  if (owed.owed === 0) throw conflict(ALREADY_PAID);
  if (payment.amount > owed.owed) {
    throw conflict(`O valor é maior que o saldo da comanda deste cliente (${formatCents(owed.owed)}).`);
  }
  const id = await writePayment(tx, {
    ...payment,
    storeId: order.store_id,
    ticketId: owed.ticket_id,
    customerId: owed.customer_id,
  });
  await refreshTotals(tx, order.id);
  return id;
}

/** How a tab's balance was received when it is settled at once, and why: both required while it owes. */
export interface SettleDecision {
  method?: PaymentMethod;
  reason?: string;
}

/** What a settle did: what it received (0 for a tab that owed nothing), how, and at which table. */
export interface Settled {
  received: number;
  method: PaymentMethod | null;
  tableNumber: number | null;
}

/** The number of a tab's table, for the words of an audit note; null for a tab without one. */
export async function tableNumberOf(tx: Tx, tableId: number | null): Promise<number | null> {
  if (tableId === null) return null;
  const [table] = await tx.select({ number: tables.number }).from(tables).where(eq(tables.id, tableId));
  return table?.number ?? null;
}

/**
 * Settles a tab (spec 4, releasing a table): what each customer still owes is received at the
 * table and the tab is closed with its waiter call. A balance is never received by default: a tab
 * that still owes is settled only with the method it was paid by and the reason it is settled at
 * once (400 otherwise, with the amount), while a tab that owes nothing needs neither (the spec's
 * `{ settle: true }`). A closed tab that still owes (the spec's "CLOSED and not PAID") is settled
 * the same way; a closed and paid one is refused.
 */
export async function settleOrder(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  decision: SettleDecision,
  accountId: number | null,
): Promise<Settled> {
  const order = await lockOrder(tx, orderId, store);
  const owed = (await balances(tx, order.id)).filter((ticket) => ticket.owed > 0);
  if (order.status === 'CLOSED' && owed.length === 0) throw conflict('A comanda já está fechada e paga.');
  if (order.status === 'OPENED') await refuseWhileInTheKitchen(tx, order.id, 'fechar a comanda');
  const total = owed.reduce((sum, ticket) => sum + ticket.owed, 0);
  if (total > 0 && !decision.method) throw badRequest(SETTLE_MESSAGES.owedNeedsMethod(total));
  if (total > 0 && !decision.reason?.trim()) throw badRequest(SETTLE_MESSAGES.owedNeedsReason(total));
  for (const ticket of owed) {
    await writePayment(tx, {
      storeId: order.store_id,
      orderId: order.id,
      ticketId: ticket.ticket_id,
      customerId: ticket.customer_id,
      amount: ticket.owed,
      kind: 'PHYSICAL',
      method: decision.method!,
      accountId,
    });
  }
  await refreshTotals(tx, order.id);
  if (order.status === 'OPENED') await closeRow(tx, order.id);
  return {
    received: total,
    method: total > 0 ? decision.method! : null,
    tableNumber: await tableNumberOf(tx, order.table_id),
  };
}

/** What a removal took back: the amount, how it had been paid, whose it was and at which table. */
export interface RemovedPayment {
  orderId: number;
  amount: number;
  method: PaymentMethod;
  customer: string | null;
  tableNumber: number | null;
}

/**
 * Takes back a payment received at the table ('Dar baixa') on a tab that is still open: it stays
 * recorded, cancelled (`cancelled_at`), so the tab's totals and payment status are recomputed
 * without it and the day's figures move it from received to cancelled (the rollup triggers). An
 * app payment is the customer's, with its statement line: it is not removed here; a closed tab's
 * payments are final.
 */
export async function removePayment(tx: Tx, store: StoreScope, paymentId: number): Promise<RemovedPayment> {
  const where = and(eq(payments.id, paymentId), inScope(payments.store_id, store));
  const [peek] = await tx.select({ order_id: payments.order_id }).from(payments).where(where);
  if (!peek) throw notFound(PAYMENT_MESSAGES.notFound);
  const order = await lockOrder(tx, peek.order_id, store);
  const [payment] = await tx
    .select({
      order_id: payments.order_id,
      kind: payments.kind,
      method: payments.method,
      amount: payments.amount,
      cancelled_at: payments.cancelled_at,
      customer: customers.fullname,
    })
    .from(payments)
    .leftJoin(customers, eq(customers.id, payments.customer_id))
    .where(where);
  // Joined to another table's tab between the two reads: that tab is the one to lock.
  if (payment && payment.order_id !== order.id) return removePayment(tx, store, paymentId);
  if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
  if (payment.kind === 'DIGITAL') throw conflict(PAYMENT_MESSAGES.digital);
  if (order.status !== 'OPENED') throw conflict(PAYMENT_MESSAGES.closedTab);
  if (payment.cancelled_at !== null) throw conflict(PAYMENT_MESSAGES.alreadyRemoved);
  await tx
    .update(payments)
    .set({ cancelled_at: sql`now()` })
    .where(eq(payments.id, paymentId));
  await refreshTotals(tx, order.id);
  return {
    orderId: order.id,
    amount: payment.amount,
    method: payment.method,
    customer: payment.customer,
    tableNumber: await tableNumberOf(tx, order.table_id),
  };
}

/** What became of one guest's service charge, for the audit note. */
export interface ServiceChange {
  /** The service charged before and after, in centavos. */
  before: number;
  after: number;
  guest: string;
  tableNumber: number | null;
}

/**
 * Takes the service charge off one guest's bill with the staff's reason (`reason`), or charges it
 * again (`null`), on an open tab, and recomputes the tab. A bill already paid in full keeps its
 * service (the money is in); one partly paid may lose it only while what was paid still fits.
 */
export async function setServiceCharge(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  ticketId: number,
  reason: string | null,
): Promise<ServiceChange> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status !== 'OPENED') throw conflict(TAB_CLOSED);
  const [ticket] = await tx
    .select({
      subtotal: tickets.subtotal,
      service_charge: tickets.service_charge,
      discount: tickets.discount,
      total: tickets.total,
      total_paid: tickets.total_paid,
      guest: sql<string>`coalesce(${customers.fullname}, ${tickets.guest_name}, ${TABLE_TICKET_NAME})`,
    })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customer_id))
    .where(and(eq(tickets.id, ticketId), eq(tickets.order_id, order.id)));
  if (!ticket) throw notFound(NOT_IN_TAB);
  if (reason !== null) {
    if (ticket.total > 0 && ticket.total_paid >= ticket.total) throw conflict(ALREADY_PAID);
    if (ticket.total_paid > Math.max(0, ticket.subtotal - ticket.discount))
      throw conflict(SERVICE_MESSAGES.paidBeyond);
  }
  await tx.update(tickets).set({ service_removed_reason: reason }).where(eq(tickets.id, ticketId));
  await refreshTotals(tx, order.id);
  const [after] = await tx
    .select({ service_charge: tickets.service_charge })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return {
    before: ticket.service_charge,
    after: after!.service_charge,
    guest: ticket.guest,
    tableNumber: await tableNumberOf(tx, order.table_id),
  };
}

/** Closes a tab that owes nothing (paid, or nothing was ordered) once the kitchen is done with it. */
export async function closeOrder(tx: Tx, store: StoreScope, orderId: number): Promise<void> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status === 'CLOSED') throw conflict(TAB_CLOSED);
  await refuseWhileInTheKitchen(tx, order.id, 'fechar a comanda');
  const owed = (await balances(tx, order.id)).reduce((sum, ticket) => sum + ticket.owed, 0);
  if (owed > 0) {
    throw conflict(
      `A comanda ainda tem ${formatCents(owed)} em aberto: dê baixa ou acerte a comanda antes de fechá-la.`,
    );
  }
  await closeRow(tx, order.id);
}

async function closeRow(tx: Tx, orderId: number) {
  // Guest orders from the QR code still waiting for approval go with the tab, as a cart would.
  await tx.delete(orderItems).where(and(eq(orderItems.order_id, orderId), isNotNull(orderItems.held_at)));
  // So do the split bill's shares nobody paid: what they held is settled, or no longer owed.
  await tx
    .update(billShares)
    .set({ status: 'CANCELLED' })
    .where(and(eq(billShares.order_id, orderId), eq(billShares.status, 'OPEN')));
  await tx
    .update(orders)
    .set({
      status: 'CLOSED',
      closed_at: sql`now()`,
      updated_at: sql`now()`,
      waiter_requested: false,
      waiter_requested_at: null,
      waiter_requester_id: null,
      waiter_ticket_id: null,
    })
    .where(eq(orders.id, orderId));
}

/** Clears the tab's waiter call ('Garçom liberado!'); a call already answered stays answered. */
export async function dismissWaiter(tx: Tx, store: StoreScope, orderId: number): Promise<void> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status === 'CLOSED') throw conflict(TAB_CLOSED);
  if (!order.waiter_requested) return;
  await tx
    .update(orders)
    .set({
      waiter_requested: false,
      waiter_requested_at: null,
      waiter_requester_id: null,
      waiter_ticket_id: null,
      updated_at: sql`now()`,
    })
    .where(eq(orders.id, order.id));
}

/**
 * Takes or frees a table. A table whose tab is still open is not freed: the tab is settled and
 * closed first (spec 4, releasing a table), and before that the kitchen finishes its items, which
 * the refusal names.
 */
export async function setTableStatus(
  tx: Tx,
  store: StoreScope,
  tableId: number,
  status: 'AVAILABLE' | 'OCCUPIED',
): Promise<void> {
  const table = await lockTable(tx, tableId, store);
  if (status === 'AVAILABLE' && table.openOrder !== null) {
    await refuseWhileInTheKitchen(tx, table.openOrder, 'liberar a mesa');
    throw conflict(`A mesa ${table.number} tem uma comanda aberta: feche a comanda antes de liberar a mesa.`);
  }
  if (table.status === status) return;
  await tx
    .update(tables)
    .set({ status, updated_at: sql`now()` })
    .where(eq(tables.id, table.id));
}

/** The open tab at the table `tableId` leaves for, checked to be the tab's own store and not its own table. */
async function destination(tx: Tx, order: { store_id: number; table_id: number | null }, tableId: number) {
  if (order.table_id === null) throw conflict(NOT_AT_A_TABLE);
  if (order.table_id === tableId) throw conflict('A comanda já está nesta mesa.');
  return lockTable(tx, tableId, order.store_id);
}

/** A table as a move or a join names it. */
export interface TableRef {
  id: number;
  number: number;
}

/** What a move did: the tab, and the table it left and the one it went to. */
export interface Moved {
  orderId: number;
  storeId: number;
  from: TableRef;
  to: TableRef;
}

/** Moves an open tab to a free table: the old table is freed, the new one taken. */
export async function moveOrder(tx: Tx, store: StoreScope, orderId: number, tableId: number): Promise<Moved> {
  const order = await lockOrder(tx, orderId, store);
  if (order.status === 'CLOSED') throw conflict(TAB_CLOSED);
  const target = await destination(tx, order, tableId);
  if (target.openOrder !== null) {
    throw conflict(`A mesa ${target.number} está ocupada: junte as mesas em vez de transferir a comanda.`);
  }
  const from = order.table_id!;
  await tx
    .update(orders)
    .set({ table_id: target.id, updated_at: sql`now()` })
    .where(eq(orders.id, order.id));
  await tx
    .update(tables)
    .set({
      status: sql`case when ${tables.id} = ${target.id} then 'OCCUPIED' else 'AVAILABLE' end`,
      updated_at: sql`now()`,
    })
    .where(inArray(tables.id, [from, target.id]));
  return {
    orderId: order.id,
    storeId: order.store_id,
    from: { id: from, number: (await tableNumberOf(tx, from))! },
    to: { id: target.id, number: target.number },
  };
}

/**
 * What a join moved from the tab that left, by id, so that it can be split back as it was
 * (server/service/undo.ts): the tab itself (it is removed), each customer's items (and the ticket
 * the join made for a customer who was not at the other tab), payments, coupons, visits, reviews.
 */
export interface Merged {
  /** The tab that now holds both, and its table. */
  into: number;
  intoTable: TableRef;
  storeId: number;
  /** The tab that was removed, as it was. */
  left: {
    id: number;
    table: TableRef;
    order_type: 'INDOOR' | 'DELIVERY';
    /** As PostgreSQL writes it, to the microsecond. */
    created_at: string;
    waiter_requested: boolean;
    waiter_requested_at: string | null;
    waiter_requester_id: number | null;
  };
  /** The leaving tab's waiter call was passed to the other tab, which had none. */
  waiterPassed: boolean;
  tickets: {
    customer_id: number | null;
    guest_name: string | null;
    guest_phone: string | null;
    /** A guest from the table's QR code: their phone, which keeps finding its ticket after the join. */
    device_hash: string | null;
    opened_by: number | null;
    created_at: string;
    items: number[];
    /** The ticket the join made in the other tab for this customer; null when it had one already. */
    made: number | null;
    /** The payments of the ticket, which went to its ticket in the other tab. */
    payments: number[];
  }[];
  payments: number[];
  coupons: number[];
  checkins: number[];
  reviews: number[];
}

/**
 * Joins an open tab to the open tab of another table: its customers, items, payments, coupons and
 * visits pass to that tab (a customer at both keeps one ticket), the emptied tab is removed and its
 * table freed; answers what moved (`Merged`). Both tabs are locked in id order, so two joins
 * crossing each other wait, never deadlock.
 */
export async function mergeOrder(
  tx: Tx,
  store: StoreScope,
  orderId: number,
  tableId: number,
): Promise<Merged> {
  const [peek] = await tx
    .select({ store_id: orders.store_id, table_id: orders.table_id })
    .from(orders)
    .where(and(eq(orders.id, orderId), inScope(orders.store_id, store)));
  if (!peek) throw notFound(ORDER_MESSAGES.notFound);
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(tables, eq(tables.id, orders.table_id))
    .where(
      and(eq(orders.table_id, tableId), eq(orders.status, 'OPENED'), eq(tables.store_id, peek.store_id)),
    );
  const ids = [orderId, ...(other ? [other.id] : [])].sort((a, b) => a - b);
  const locked = new Map<number, Awaited<ReturnType<typeof lockOrder>>>();
  for (const id of ids) locked.set(id, await lockOrder(tx, id, store));
  const order = locked.get(orderId)!;
  if (order.status === 'CLOSED') throw conflict(TAB_CLOSED);
  const target = await destination(tx, order, tableId);
  if (target.openOrder === null || target.openOrder !== other?.id) {
    throw conflict(`A mesa ${target.number} está livre: transfira a comanda em vez de juntar as mesas.`);
  }
  const into = locked.get(target.openOrder)!;
  const [leftRow] = await tx
    .select({
      order_type: orders.order_type,
      created_at: sql<string>`${orders.created_at}::text`,
      waiter_requested_at: sql<string | null>`${orders.waiter_requested_at}::text`,
    })
    .from(orders)
    .where(eq(orders.id, order.id));
  const staying = await tx
    .select({
      id: tickets.id,
      customer_id: tickets.customer_id,
      guest_name: tickets.guest_name,
      device_hash: tickets.device_hash,
    })
    .from(tickets)
    .where(eq(tickets.order_id, into.id));
  const present = new Set(
    staying.flatMap((ticket) => (ticket.customer_id === null ? [] : [ticket.customer_id])),
  );
  const tableTicket = staying.find((ticket) => ticket.customer_id === null && ticket.guest_name === null);
  const phones = new Map(
    staying.flatMap((ticket) => (ticket.device_hash === null ? [] : [[ticket.device_hash, ticket] as const])),
  );

  // Each guest of the leaving tab gets (or keeps) a ticket in the other; items and payments follow.
  // An app customer at both keeps one ticket, and so do the table's own and a phone that ordered
  // from both tables' QR codes; other guests without the app are told apart by their ticket.
  const leaving = await tx
    .select({
      id: tickets.id,
      customer_id: tickets.customer_id,
      guest_name: tickets.guest_name,
      guest_phone: tickets.guest_phone,
      device_hash: tickets.device_hash,
      opened_by: tickets.opened_by,
      created_at: tickets.created_at,
      created_text: sql<string>`${tickets.created_at}::text`,
    })
    .from(tickets)
    .where(eq(tickets.order_id, order.id))
    .orderBy(asc(tickets.id));
  const moved: Merged['tickets'] = [];
  for (const ticket of leaving) {
    const isTables = ticket.customer_id === null && ticket.guest_name === null;
    const samePhone = ticket.device_hash === null ? undefined : phones.get(ticket.device_hash);
    const values = {
      order_id: into.id,
      store_id: into.store_id,
      customer_id: ticket.customer_id,
      guest_name: ticket.guest_name,
      guest_phone: ticket.guest_phone,
      device_hash: ticket.device_hash,
      opened_by: ticket.opened_by,
      created_at: ticket.created_at,
    };
    const [kept] =
      isTables && tableTicket
        ? [tableTicket]
        : samePhone
          ? [samePhone]
          : ticket.customer_id === null
            ? await tx.insert(tickets).values(values).returning({ id: tickets.id })
            : await tx
                .insert(tickets)
                .values(values)
                .onConflictDoUpdate({
                  target: [tickets.order_id, tickets.customer_id],
                  set: { customer_id: sql`excluded.customer_id` },
                })
                .returning({ id: tickets.id });
    const made =
      (ticket.customer_id !== null && present.has(ticket.customer_id)) ||
      (isTables && tableTicket) ||
      samePhone
        ? null
        : kept!.id;
    const items = await tx
      .update(orderItems)
      .set({ order_id: into.id, ticket_id: kept!.id })
      .where(eq(orderItems.ticket_id, ticket.id))
      .returning({ id: orderItems.id });
    const paid = await tx
      .update(payments)
      .set({ order_id: into.id, ticket_id: kept!.id })
      .where(eq(payments.ticket_id, ticket.id))
      .returning({ id: payments.id });
    moved.push({
      customer_id: ticket.customer_id,
      guest_name: ticket.guest_name,
      guest_phone: ticket.guest_phone,
      device_hash: ticket.device_hash,
      opened_by: ticket.opened_by,
      created_at: ticket.created_text,
      items: items.map((item) => item.id).sort((a, b) => a - b),
      made,
      payments: paid.map((payment) => payment.id).sort((a, b) => a - b),
    });
  }
  const movedIds = (list: { id: number }[]) => list.map((row) => row.id).sort((a, b) => a - b);
  // The payments of no ticket (theirs removed) follow the tab; those of its tickets moved with them.
  const ticketless = await tx
    .update(payments)
    .set({ order_id: into.id })
    .where(eq(payments.order_id, order.id))
    .returning({ id: payments.id });
  const paymentIds = [...ticketless, ...moved.flatMap((ticket) => ticket.payments.map((id) => ({ id })))];
  const couponIds = await tx
    .update(coupons)
    .set({ order_id: into.id })
    .where(eq(coupons.order_id, order.id))
    .returning({ id: coupons.id });
  const checkinIds = await tx
    .update(checkins)
    .set({ order_id: into.id })
    .where(eq(checkins.order_id, order.id))
    .returning({ id: checkins.id });
  const reviewIds = await tx
    .update(reviews)
    .set({ order_id: into.id })
    .where(eq(reviews.order_id, order.id))
    .returning({ id: reviews.id });
  const waiterPassed = order.waiter_requested && !into.waiter_requested;
  if (waiterPassed) {
    const { waiter_requested, waiter_requested_at, waiter_requester_id } = order;
    await tx
      .update(orders)
      .set({ waiter_requested, waiter_requested_at, waiter_requester_id })
      .where(eq(orders.id, into.id));
  }
  await tx.delete(orders).where(eq(orders.id, order.id));
  await tx
    .update(tables)
    .set({ status: 'AVAILABLE', updated_at: sql`now()` })
    .where(eq(tables.id, order.table_id!));
  await refreshTotals(tx, into.id);
  return {
    into: into.id,
    intoTable: { id: target.id, number: target.number },
    storeId: into.store_id,
    left: {
      id: order.id,
      table: { id: order.table_id!, number: (await tableNumberOf(tx, order.table_id))! },
      order_type: leftRow!.order_type,
      created_at: leftRow!.created_at,
      waiter_requested: order.waiter_requested,
      waiter_requested_at: leftRow!.waiter_requested_at,
      waiter_requester_id: order.waiter_requester_id,
    },
    waiterPassed,
    tickets: moved,
    payments: movedIds(paymentIds),
    coupons: movedIds(couponIds),
    checkins: movedIds(checkinIds),
    reviews: movedIds(reviewIds),
  };
}
