import type { OrderItem as BoardItem } from '../../contract/resources/kitchenBoard/definition';
import type { Order, OrderItem, OrderTicket } from '../../contract/resources/tabs/definition';
import type { Table } from '../../contract/resources/floor/definition';
import type { OutboxEffect, OutboxEntry } from './entry';

/**
 * The screens show the writes still in the outbox as done (where the rules allow them offline):
 * pure functions of what the server sent and the waiting entries, so that the polled answers stay
 * the server's and a refused or sent entry simply stops showing. A refused entry shows nothing.
 */

type PaymentStatus = Order['payment_status'];

/**
 * The entries a screen's answer does not show yet: all but the refused, and but those the server
 * applied before the answer's read began (`readStartedAt`; the read brought them). A screen
 * overlays these: an applied entry stays shown until a read has it, and is never shown twice.
 */
export function notYetRead(entries: readonly OutboxEntry[], readStartedAt: number): OutboxEntry[] {
  return entries.filter(
    (entry) => entry.state !== 'refused' && !(entry.state === 'sent' && (entry.sentAt ?? 0) < readStartedAt),
  );
}

/** The effects still to be applied by the server, in the order they were made. */
export function waitingEffects(entries: readonly OutboxEntry[]): OutboxEffect[] {
  return entries.filter((entry) => entry.state !== 'refused').map((entry) => entry.effect);
}

/** A tab's (or ticket's) payment status as the server computes it from its money. */
export function paymentStatusOf(total: number, paid: number): PaymentStatus {
  if (total > 0 && paid >= total) return 'PAID';
  return paid > 0 ? 'PARTIALLY_PAID' : 'OPEN';
}

/** The board's items, each moved to the status a waiting bump gives it. */
export function overlayBoard(items: readonly BoardItem[], entries: readonly OutboxEntry[]): BoardItem[] {
  const moved = new Map<number, BoardItem['status']>();
  for (const effect of waitingEffects(entries)) {
    if (effect.kind !== 'itemStatus') continue;
    for (const { id, status } of effect.items) moved.set(id, status);
  }
  if (moved.size === 0) return items as BoardItem[];
  return items.map((item) => {
    const status = moved.get(item.id);
    return status && item.status !== 'CANCELLED' ? { ...item, status } : item;
  });
}

/**
 * Ids of the items a waiting order adds to a tab: below zero, so that they never meet the
 * server's, and the screens mark them as waiting to be sent.
 */
export const isWaitingItem = (item: Pick<OrderItem, 'id'>) => item.id < 0;

function waitingItems(entry: OutboxEntry, lines: Extract<OutboxEffect, { kind: 'addItems' }>['lines']) {
  return lines.map((line, index): OrderItem => ({
    id: -(entry.id * 100 + index + 1),
    product_id: line.product_id,
    name: line.name,
    thumbnail: line.thumbnail,
    status: 'PLACED',
    product_price: line.product_price,
    quantity: line.quantity,
    complements: line.complements.map(({ name, price, quantity }) => ({ name, price, quantity })),
    observations: line.observations,
    created_at: new Date(entry.created).toISOString(),
  }));
}

/**
 * An open tab as it will be once the waiting writes are sent: 'Dar baixa' paid on its ticket, the
 * items ordered on theirs (marked as waiting), the money summed again.
 */
export function overlayOrder(order: Order, entries: readonly OutboxEntry[]): Order {
  const mine = entries.filter(
    (entry) =>
      entry.state !== 'refused' &&
      (entry.effect.kind === 'payment' || entry.effect.kind === 'addItems') &&
      entry.effect.orderId === order.id,
  );
  if (mine.length === 0) return order;
  // What the waiting writes add to the tab's money, summed from its tickets'.
  let added = 0;
  let paid = 0;
  const tickets = order.tickets.map((ticket): OrderTicket => {
    let { subtotal, total, total_paid } = ticket;
    const items = [...ticket.items];
    for (const entry of mine) {
      const effect = entry.effect;
      if (effect.kind === 'payment' && effect.ticketId === ticket.id) {
        total_paid = Math.min(total, total_paid + effect.amount);
      } else if (effect.kind === 'addItems' && effect.ticketId === ticket.id) {
        const lines = effect.lines.reduce((sum, line) => sum + line.total, 0);
        subtotal += lines;
        total += lines;
        items.push(...waitingItems(entry, effect.lines));
      }
    }
    added += total - ticket.total;
    paid += total_paid - ticket.total_paid;
    return {
      ...ticket,
      items,
      subtotal,
      total,
      total_paid,
      payment_status: paymentStatusOf(total, total_paid),
    };
  });
  const total = order.total + added;
  const total_paid = order.total_paid + paid;
  return {
    ...order,
    tickets,
    subtotal: order.subtotal + added,
    total,
    total_paid,
    payment_status: paymentStatusOf(total, total_paid),
  };
}

/** The floor's cards as they will be: each tab's waiting payments and orders in its money. */
export function overlayTables(tables: readonly Table[], entries: readonly OutboxEntry[]): Table[] {
  const changes = new Map<number, { added: number; paid: number; cooking: number }>();
  for (const effect of waitingEffects(entries)) {
    if (effect.kind !== 'payment' && effect.kind !== 'addItems') continue;
    const change = changes.get(effect.orderId) ?? { added: 0, paid: 0, cooking: 0 };
    if (effect.kind === 'payment') change.paid += effect.amount;
    else {
      change.added += effect.lines.reduce((sum, line) => sum + line.total, 0);
      change.cooking += effect.lines.length;
    }
    changes.set(effect.orderId, change);
  }
  if (changes.size === 0) return tables as Table[];
  return tables.map((table) => {
    const change = table.order ? changes.get(table.order.id) : undefined;
    if (!table.order || !change) return table;
    const total = table.order.total + change.added;
    const total_paid = Math.min(total, table.order.total_paid + change.paid);
    return {
      ...table,
      order: {
        ...table.order,
        subtotal: table.order.subtotal + change.added,
        total,
        total_paid,
        in_kitchen: table.order.in_kitchen + change.cooking,
        payment_status: paymentStatusOf(total, total_paid),
      },
    };
  });
}
