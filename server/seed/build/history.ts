import { findCustomer } from './customers';
import { drawItem } from './items';
import {
  HISTORY_DAYS,
  type Demo,
  type ItemDraft,
  type OrderDraft,
  type StoreRt,
  type TicketDraft,
} from './state';

/**
 * Scales every store's tabs a day. With 2,000 customers, each visits about once a week; more tabs
 * would make everyone a regular (and the seed slower).
 */
const VOLUME = 0.65;

/** Tabs per day by weekday (Sunday first), before growth and noise. */
const WEEKDAY_FACTOR = [1.15, 0.6, 0.75, 0.85, 1.0, 1.45, 1.6];

/** A store's tabs as a share of its `dailyOrders`: 90 days ago, and today. */
const WINDOW_START = 0.72;
const TODAY = 1.22;

/** How steeply a store's sales grew before the last 90 days, unless its definition says (`rise`). */
const RISE = 20;

/**
 * How busy the app was at a store `day` days from today (≤ 0), as a share of its `dailyOrders`:
 * over the last 90 days growing from 0.72 to 1.22 as the app catches on, and before them from a
 * trickle on the day the store joined the platform up to that 0.72.
 */
function historyVolume(store: StoreRt, day: number): number {
  if (day >= -HISTORY_DAYS) return WINDOW_START + (TODAY - WINDOW_START) * (1 + day / HISTORY_DAYS);
  const { partnerDays } = store.def;
  const gone = (partnerDays + day) / (partnerDays - HISTORY_DAYS);
  return WINDOW_START * gone ** (store.def.rise ?? RISE);
}

/** Minutes since midnight of 'HH:MM'. */
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Which meals a store serves on each day it opens: lunch when a period spans 13:00, dinner when
 * one spans 20:00.
 */
function mealsServed(hours: StoreRt['def']['hours']): Map<number, { lunch: boolean; dinner: boolean }> {
  const spans = (periods: { start_time: string; end_time: string }[], at: number) =>
    periods.some((period) => minutes(period.start_time) <= at && at < minutes(period.end_time));
  return new Map(
    hours.map((day) => [
      day.day_of_week,
      { lunch: spans(day.time_periods, 13 * 60), dinner: spans(day.time_periods, 20 * 60) },
    ]),
  );
}

/**
 * Every store's closed tabs since the day it joined the platform (the first of them that day),
 * busier on weekends and evenings and growing over time (`historyVolume`).
 */
export function buildHistory(demo: Pick<Demo, 'clock' | 'rng' | 'stores' | 'customers'>): OrderDraft[] {
  const drafts: OrderDraft[] = [];
  const nowMs = demo.clock.now.getTime();
  for (const store of demo.stores) {
    const rng = demo.rng.fork(`history/${store.def.slug}`);
    const def = store.def;
    const openDays = new Set(def.hours.map((h) => h.day_of_week));
    const meals = mealsServed(def.hours);
    let first = true;
    for (let day = -def.partnerDays; day <= 0; day++) {
      if (def.stoppedDays !== undefined && day > -def.stoppedDays) continue;
      const weekday = demo.clock.weekdayOf(day);
      if (!openDays.has(weekday)) continue;
      const expected =
        def.dailyOrders *
        VOLUME *
        WEEKDAY_FACTOR[weekday]! *
        historyVolume(store, day) *
        rng.float(0.85, 1.15);
      // Rounded up as often as its fraction says: 0.2 tabs a day are a tab every five days.
      let count = Math.floor(expected) + (rng.chance(expected % 1) ? 1 : 0);
      if (first) count = Math.max(count, 1);
      first = false;
      for (let n = 0; n < count; n++) {
        // Drawn on every day alike (the draws stay in step), then kept to the meals served that day:
        // a store that closes at 17:00 on Sundays has no Sunday dinners.
        const drawnLunch = rng.chance(def.lunch);
        const served = meals.get(weekday)!;
        const lunch = served.lunch && served.dinner ? drawnLunch : served.lunch;
        const minute = lunch
          ? Math.max(11 * 60 + 20, Math.min(14 * 60 + 50, rng.normal(12 * 60 + 50, 40)))
          : Math.max(18 * 60 + 20, Math.min(22 * 60 + 50, rng.normal(20 * 60 + 30, 55)));
        const createdAt = demo.clock.at(day, minute);
        const delivery = rng.chance(def.delivery ?? 0);
        const duration = delivery ? rng.float(12, 30) : lunch ? rng.float(35, 85) : rng.float(55, 150);
        const closedAt = new Date(createdAt.getTime() + duration * 60_000);
        if (closedAt.getTime() > nowMs - 5 * 60_000) continue;
        const size = delivery ? 1 : rng.weighted([1, 2, 3, 4, 5, 6], [28, 40, 14, 11, 4, 3]);
        const taken = new Set<number>();
        const tickets: TicketDraft[] = [];
        for (let t = 0; t < size; t++) {
          const joined = new Date(createdAt.getTime() + (t === 0 ? 0 : rng.float(0, 12)) * 60_000);
          // In a store's first days few of its customers had signed up: the party is who there is.
          const customer = findCustomer(demo.customers, rng, store, joined, taken);
          if (!customer) break;
          taken.add(customer.id);
          const itemCount = rng.weighted([1, 2, 3, 4, 5], [18, 36, 28, 13, 5]);
          const items: ItemDraft[] = [];
          const span = closedAt.getTime() - joined.getTime();
          for (let k = 0; k < itemCount; k++) {
            const later = k > 0 && rng.chance(0.3);
            const at = new Date(
              joined.getTime() + (later ? rng.float(0.35, 0.6) : rng.float(0.02, 0.15)) * span,
            );
            const ready = new Date(
              Math.min(at.getTime() + rng.float(6, 25) * 60_000, closedAt.getTime() - 60_000),
            );
            const drink = k === 0 ? rng.chance(0.35) : rng.chance(0.45);
            const item = drawItem(rng, store, drink, at, ready < at ? at : ready);
            if (rng.chance(0.025)) item.status = 'CANCELLED';
            items.push(item);
          }
          tickets.push({ customer, createdAt: joined, items });
        }
        if (tickets.length === 0) continue;
        drafts.push({
          store,
          day,
          tableId: delivery ? null : rng.pick(store.tableIds),
          delivery,
          createdAt,
          closedAt,
          tickets,
        });
      }
    }
  }
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.store.id - b.store.id);
  return drafts;
}
