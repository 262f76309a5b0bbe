/**
 * The kitchen board's cards, made from its items: one card per customer's ticket at a table, or
 * per table's tab (the store's `kitchen_grouping`). Pure functions of the items the API sent, so
 * that every tablet of a station draws the same cards from the same answer.
 */
import type { KitchenGrouping } from '../../../contract/resources/restaurants/definition';
import type { BoardStatus, OrderItem } from '../../../contract/resources/kitchenBoard/definition';

export interface KitchenCard {
  /** `ticket:<id>` or `tab:<id>`: the same card on every read. */
  key: string;
  orderId: number;
  table: number | null;
  /** Who ordered what the card shows, by name, in the order they ordered. */
  guests: string[];
  /** The items the card shows, oldest first. */
  items: OrderItem[];
  /** When the first of them was ordered: the card's age. */
  startedAt: string;
  /** When the last of them became ready (a card all ready or cancelled). */
  doneAt: string | null;
}

const PENDING: readonly BoardStatus[] = ['PLACED', 'PREPARING'];
export const isPending = (item: OrderItem) => PENDING.includes(item.status);
const isDone = (item: OrderItem) => !isPending(item);

/** The card an item belongs to. */
export const cardKeyOf = (item: OrderItem, grouping: KitchenGrouping) =>
  grouping === 'table' ? `tab:${item.order_id}` : `ticket:${item.ticket_id}`;

/** A guest as the kitchen calls them: the name, or the username where there is none. */
export const guestName = (item: OrderItem) => item.customer.fullname.trim() || `@${item.customer.username}`;

/** How a card is named: 'Mesa 5 · Ana Souza' per guest, 'Mesa 5' per table, the guest without a table. */
export function cardName(card: Pick<KitchenCard, 'table' | 'guests'>, grouping: KitchenGrouping): string {
  const guests = card.guests.join(', ');
  if (card.table === null) return guests;
  return grouping === 'table' ? `Mesa ${card.table}` : `Mesa ${card.table} · ${guests}`;
}

const byTime = (a: OrderItem, b: OrderItem) =>
  Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/**
 * A card's latest round: what was ordered since everything before it was done. A ticket lasts the
 * whole visit (drinks, then mains, then dessert); each round comes back to the board as the card
 * of that moment, its age counted from the round's first item, and leaves it once all of it is
 * ready or cancelled. An item still pending keeps its round open: whatever is ordered meanwhile
 * joins it.
 */
export function latestRound(items: readonly OrderItem[]): OrderItem[] {
  let round: OrderItem[] = [];
  for (const item of [...items].sort(byTime)) {
    const closed =
      round.length > 0 &&
      round.every(isDone) &&
      round.every((done) => Date.parse(done.updated_at) <= Date.parse(item.created_at));
    round = closed ? [item] : [...round, item];
  }
  return round;
}

function groups(items: readonly OrderItem[], grouping: KitchenGrouping): Map<string, OrderItem[]> {
  const found = new Map<string, OrderItem[]>();
  for (const item of items) {
    const key = cardKeyOf(item, grouping);
    found.set(key, [...(found.get(key) ?? []), item]);
  }
  return found;
}

function cardOf(key: string, items: OrderItem[]): KitchenCard {
  const sorted = [...items].sort(byTime);
  const first = sorted[0]!;
  const ready = sorted.filter((item) => item.status === 'READY').map((item) => Date.parse(item.updated_at));
  return {
    key,
    orderId: first.order_id,
    table: first.table?.number ?? null,
    guests: [...new Set(sorted.map(guestName))],
    items: sorted,
    startedAt: first.created_at,
    doneAt: sorted.every(isDone) && ready.length > 0 ? new Date(Math.max(...ready)).toISOString() : null,
  };
}

const oldestFirst = (a: KitchenCard, b: KitchenCard) =>
  Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.key.localeCompare(b.key);

/** The cards still being worked ('Todos'), oldest first: each with its latest round. */
export function activeCards(items: readonly OrderItem[], grouping: KitchenGrouping): KitchenCard[] {
  return [...groups(items, grouping)]
    .map(([key, cardItems]) => cardOf(key, latestRound(cardItems)))
    .filter((card) => card.items.some(isPending))
    .sort(oldestFirst);
}

/** A stage's filter: its items, gathered in their cards, oldest first. */
export function cardsInStatus(
  items: readonly OrderItem[],
  grouping: KitchenGrouping,
  status: BoardStatus,
): KitchenCard[] {
  return [
    ...groups(
      items.filter((item) => item.status === status),
      grouping,
    ),
  ]
    .map(([key, cardItems]) => cardOf(key, cardItems))
    .sort(oldestFirst);
}

/** How many of the recently ready cards the board keeps at hand. */
export const RECENTLY_READY = 20;

/**
 * The cards whose latest round is all done (ready or cancelled, at least one ready), the most
 * recently ready first: what may be sent back to preparation.
 */
export function readyCards(items: readonly OrderItem[], grouping: KitchenGrouping): KitchenCard[] {
  return [...groups(items, grouping)]
    .map(([key, cardItems]) => cardOf(key, latestRound(cardItems)))
    .filter((card) => card.doneAt !== null)
    .sort((a, b) => Date.parse(b.doneAt!) - Date.parse(a.doneAt!) || a.key.localeCompare(b.key))
    .slice(0, RECENTLY_READY);
}

export interface AllDayCount {
  name: string;
  quantity: number;
}

/**
 * 'Todo o dia': how many of each product are still to make (waiting or being prepared), the
 * quantities summed, the most first.
 */
export function allDayCounts(items: readonly OrderItem[]): AllDayCount[] {
  const counts = new Map<string, number>();
  for (const item of items.filter(isPending))
    counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
  return [...counts]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name, 'pt-BR'));
}
