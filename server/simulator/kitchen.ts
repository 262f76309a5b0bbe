/**
 * The demo's kitchen, where nobody works the board: each item is started a little after it was
 * ordered and made ready in the time its product takes (a drink in a minute or two, a dish in
 * several), one step at a time, as a cook on the board would move it. Like the guests, it has no
 * memory: the times are drawn from the item's and the product's ids, so a restarted server, or
 * another instance, cooks the same item the same way.
 *
 * A station (one kitchen) where a person changed or cancelled an item in the last few minutes is
 * theirs: the simulator leaves it alone until they have been away for `idle` (nobody fights the
 * person at the board).
 */
import { Random } from '../seed/random';

const MINUTE = 60_000;

/** The most item steps a store's kitchen plays in one tick: a backlog (a station left alone) drains over a few ticks. */
export const KITCHEN_STEPS_PER_TICK = 6;

/** An item the kitchen still has to make; times on the simulator's clock (ms). */
export interface KitchenItem {
  id: number;
  orderId: number;
  /** Its station; null for a product routed to no kitchen (a station of its own). */
  kitchenId: number | null;
  productId: number | null;
  name: string;
  status: 'PLACED' | 'PREPARING';
  orderedAt: number;
  /** Since when it has had its status: for a PREPARING item, when someone started it. */
  since: number;
  /** Poured or opened, not cooked: its product has a drink's icon, or its category holds drinks. */
  drink: boolean;
}

/** One step the kitchen plays: an item started, or made ready. */
export interface KitchenStep {
  itemId: number;
  orderId: number;
  name: string;
  from: 'PLACED' | 'PREPARING';
  to: 'PREPARING' | 'READY';
  /** When it was due, on the simulator's clock: the most overdue goes first. */
  due: number;
}

/**
 * How long an item takes: until a cook starts it after it was ordered (`start`), and from then until
 * it is ready (`make`). A dish's time is its product's (7–16 minutes: a bruschetta is not a
 * lasagne), give or take a little per plate; a drink's is one to three minutes.
 */
export function cookingOf(seed: string, item: Pick<KitchenItem, 'id' | 'productId' | 'drink'>) {
  const plate = new Random(`${seed}/item/${item.id}`);
  if (item.drink) return { start: plate.float(0.3, 1.5) * MINUTE, make: plate.float(1, 3) * MINUTE };
  const product = new Random(`${seed}/produto/${item.productId ?? 0}`).float(7, 16);
  return { start: plate.float(0.5, 3) * MINUTE, make: product * plate.float(0.85, 1.2) * MINUTE };
}

/** The longest an item stays in a simulated kitchen that nobody else works: 3 + 16 × 1.2 minutes. */
export const LONGEST_COOKING = (3 + 16 * 1.2) * MINUTE;

/**
 * The steps due now at the stations nobody touched for `idle` (`touchedAt`: the last change a
 * person made at each station), the most overdue first.
 */
export function kitchenSteps(
  items: readonly KitchenItem[],
  touchedAt: ReadonlyMap<number | null, number>,
  now: number,
  idle: number,
  seed: string,
): KitchenStep[] {
  const steps: KitchenStep[] = [];
  for (const item of items) {
    const touched = touchedAt.get(item.kitchenId);
    if (touched !== undefined && now - touched < idle) continue;
    const { start, make } = cookingOf(seed, item);
    const due = item.status === 'PLACED' ? item.orderedAt + start : item.since + make;
    if (now < due) continue;
    steps.push({
      itemId: item.id,
      orderId: item.orderId,
      name: item.name,
      from: item.status,
      to: item.status === 'PLACED' ? 'PREPARING' : 'READY',
      due,
    });
  }
  return steps.sort((a, b) => a.due - b.due || a.itemId - b.itemId);
}
