/**
 * What the demo's guests do next, decided from the floor as the database shows it: no memory of
 * earlier ticks. A party's own habits (how long it dines, whether it pays by the app, when the
 * busser comes) are drawn from the tab's id, so a restarted server, or another instance, plays the
 * same party the same way.
 */
import type { MenuProduct } from '../../contract/resources/orderEntry/rules';
import type { ItemRequest } from '../service/guests';
import { ITEM_OBSERVATIONS } from '../seed/names';
import { Random } from '../seed/random';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A guest asking for the bill who has called the waiter this long ago, unanswered, pays by the app. */
export const UNANSWERED_CALL = 25 * MINUTE;
/** The floor never fills past this share of its tables by the simulator's parties. */
export const MAX_OCCUPANCY = 0.75;
/** Below this share the next party comes quickly; above it, ever more slowly. */
const BUSY_FROM = 0.4;

export interface GuestView {
  customerId: number;
  joinedAt: number;
  /** Items ordered (those still in the cart excluded). */
  items: number;
  lastOrderAt: number | null;
  /** Items the kitchen has not made yet (ordered or being prepared): the guest waits for them. */
  pending: number;
  owed: number;
  paid: number;
}

/** An open tab of the floor with guests at its table; times on the simulator's clock (ms). */
export interface TabView {
  id: number;
  tableId: number;
  seatedAt: number;
  waiterAt: number | null;
  lastPaymentAt: number | null;
  /** When the kitchen last brought (or cancelled) something: the party eats before it leaves. */
  servedAt: number | null;
  guests: GuestView[];
}

export interface TableView {
  id: number;
  status: 'AVAILABLE' | 'OCCUPIED';
  /** A tab is open at it. */
  open: boolean;
}

export type Move =
  | { kind: 'seat'; tableId: number; size: number }
  | { kind: 'join'; orderId: number }
  | { kind: 'order'; orderId: number; customerId: number; first: boolean }
  | { kind: 'callWaiter'; orderId: number; customerId: number }
  | { kind: 'pay'; orderId: number; customerId: number; method: 'CREDIT_CARD' | 'PIX' }
  | { kind: 'clear'; orderId: number; tableId: number };

/** A party's habits, the same for the same tab wherever and whenever it is played. */
export function habitsOf(seed: string, orderId: number) {
  const rng = new Random(`${seed}/comanda/${orderId}`);
  return {
    /** How long they dine before asking for the bill. */
    stay: rng.float(25, 50) * MINUTE,
    /** They pay by the app themselves; the others ask the waiter for the bill. */
    byApp: rng.chance(0.55),
    /** How long after the last payment the busser clears the table. */
    busser: rng.float(2, 5) * MINUTE,
    /** A friend who arrives late, joining the tab. */
    latecomerAt: rng.chance(0.15) ? rng.float(5, 15) * MINUTE : null,
  };
}

/** True with the chance that something expected every `mean` happens during one tick of `tick`. */
function happens(rng: Random, mean: number, tick: number): boolean {
  return rng.chance(1 - Math.exp(-tick / mean));
}

/**
 * What one tab does during this tick, if anything: at most one move per tab, so the floor changes
 * gradually. `canOrder`: the menu has something to order (the staff may have made it all unavailable).
 */
export function nextMove(
  tab: TabView,
  now: number,
  tick: number,
  seed: string,
  rng: Random,
  canOrder = true,
): Move | null {
  const habits = habitsOf(seed, tab.id);
  const age = now - tab.seatedAt;
  const owing = tab.guests.filter((guest) => guest.owed > 0);
  // Once someone has paid, the party is on its way out: nobody orders on a settled ticket.
  const leaving = age >= habits.stay || tab.guests.some((guest) => guest.paid > 0);

  if (leaving) {
    // Nobody pays for food still in the kitchen, nor leaves without it.
    const waiting = tab.guests.some((guest) => guest.pending > 0);
    if (owing.length === 0) {
      if (waiting) return null;
      const since = Math.max(tab.lastPaymentAt ?? tab.seatedAt + habits.stay, tab.servedAt ?? 0);
      return now - since >= habits.busser ? { kind: 'clear', orderId: tab.id, tableId: tab.tableId } : null;
    }
    const served = owing.filter((guest) => guest.pending === 0);
    const unanswered = tab.waiterAt !== null && now - tab.waiterAt >= UNANSWERED_CALL;
    if (habits.byApp || unanswered) {
      if (served.length === 0 || !happens(rng, 20 * SECOND, tick)) return null;
      const method = rng.chance(0.6) ? 'CREDIT_CARD' : 'PIX';
      return { kind: 'pay', orderId: tab.id, customerId: served[0]!.customerId, method };
    }
    // The bill is the staff's: once everyone has been served the waiter is called, and the tab
    // waits for their 'Dar baixa'.
    if (tab.waiterAt === null && !waiting && happens(rng, 30 * SECOND, tick)) {
      return { kind: 'callWaiter', orderId: tab.id, customerId: rng.pick(owing).customerId };
    }
    return null;
  }

  for (const guest of tab.guests) {
    if (!canOrder || guest.items > 0 || now - guest.joinedAt < 10 * SECOND) continue;
    if (happens(rng, 10 * SECOND, tick)) {
      return { kind: 'order', orderId: tab.id, customerId: guest.customerId, first: true };
    }
  }
  const nobodyLate = tab.guests.every((guest) => guest.joinedAt - tab.seatedAt < MINUTE);
  if (
    habits.latecomerAt !== null &&
    age >= habits.latecomerAt &&
    age < habits.stay - 10 * MINUTE &&
    nobodyLate &&
    tab.guests.length < 4
  ) {
    return { kind: 'join', orderId: tab.id };
  }
  if (canOrder && age < habits.stay - 5 * MINUTE) {
    for (const guest of tab.guests) {
      if (guest.lastOrderAt === null || now - guest.lastOrderAt < 3 * MINUTE) continue;
      if (happens(rng, 4 * MINUTE, tick)) {
        return { kind: 'order', orderId: tab.id, customerId: guest.customerId, first: false };
      }
    }
  }
  if (tab.waiterAt === null && age >= 5 * MINUTE && happens(rng, 30 * MINUTE, tick)) {
    return { kind: 'callWaiter', orderId: tab.id, customerId: rng.pick(tab.guests).customerId };
  }
  return null;
}

/**
 * The one move a store plays in a tick: a party at the door first, then a guest who has not ordered
 * yet, then the busser, then any other — so that a floor with a backlog of bills still shows new
 * guests sitting and ordering.
 */
export function pickMove(moves: readonly Move[], rng: Random): Move | null {
  const rank = (move: Move) =>
    move.kind === 'seat' ? 0 : move.kind === 'order' && move.first ? 1 : move.kind === 'clear' ? 2 : 3;
  const first = Math.min(...moves.map(rank));
  const candidates = moves.filter((move) => rank(move) === first);
  return candidates.length > 0 ? rng.pick(candidates) : null;
}

/**
 * Whether a new party sits down during this tick, and where: one party at a time, at a free table,
 * sooner on an empty floor and ever more slowly as it fills, never past `MAX_OCCUPANCY`. A table the
 * staff marked occupied counts as occupied, with or without a tab.
 */
export function nextParty(
  tables: readonly TableView[],
  lastPartyAt: number | null,
  now: number,
  tick: number,
  rng: Random,
): Move | null {
  const free = tables.filter((table) => table.status === 'AVAILABLE' && !table.open);
  const occupied = tables.length - free.length;
  if (free.length === 0 || (occupied + 1) / tables.length > MAX_OCCUPANCY) return null;
  const occupancy = occupied / tables.length;
  const gap =
    occupancy <= BUSY_FROM
      ? 20 * SECOND
      : 20 * SECOND + ((occupancy - BUSY_FROM) / (MAX_OCCUPANCY - BUSY_FROM)) * 10 * MINUTE;
  if (lastPartyAt !== null && now - lastPartyAt < gap) return null;
  if (!happens(rng, 10 * SECOND, tick)) return null;
  return { kind: 'seat', tableId: rng.pick(free).id, size: rng.weighted([1, 2, 3, 4], [15, 40, 20, 25]) };
}

/** A product a guest may order now (`isOrderable`), and how much it sold in the store's history. */
export interface MenuChoice {
  product: MenuProduct;
  /** Guests order what is popular. */
  sold: number;
}

/**
 * What a guest orders: one or two things on sitting down, one later; a complement or a note
 * sometimes. Always what the menu allows: each group's minimum of its available options (an
 * option chosen again where the group lets it repeat and too few are available), never over its
 * maximum, notes only where the product takes them.
 */
export function chooseItems(menu: readonly MenuChoice[], first: boolean, rng: Random): ItemRequest[] {
  const weights = menu.map((choice) => 1 + Math.sqrt(choice.sold));
  const count = first ? rng.int(1, 2) : 1;
  const chosen = new Set<MenuProduct>();
  for (let i = 0; i < count; i++) chosen.add(rng.weighted(menu, weights).product);
  return [...chosen].map((product) => ({
    productId: product.id,
    quantity: rng.chance(0.1) ? 2 : 1,
    complements: product.groups.flatMap((group) => {
      const available = group.options.filter((option) => option.available);
      const wanted = Math.min(group.min > 0 ? group.min : rng.chance(0.3) ? 1 : 0, group.max);
      const picked = rng
        .sample(available, Math.min(wanted, available.length))
        .map((option) => ({ groupId: group.id, productId: option.product_id, quantity: 1 }));
      if (picked[0] && picked.length < wanted && group.allow_repeat)
        picked[0].quantity += wanted - picked.length;
      return picked;
    }),
    observations: product.allow_observations && rng.chance(0.12) ? rng.pick(ITEM_OBSERVATIONS) : null,
  }));
}
