import type { Clock } from '../clock';
import type { Random } from '../random';
import { drawCustomer } from './customers';
import { complementsFor, drawItem } from './items';
import type { Customer, Demo, ItemDraft, OrderDraft, StoreRt, TicketDraft } from './state';

/**
 * The floor right now: occupied tables with open tabs, items in every kitchen status, a waiter
 * call and a birthday at each of the two demo stores.
 */
export function buildLiveService(demo: Pick<Demo, 'clock' | 'rng' | 'stores' | 'customers'>): OrderDraft[] {
  const drafts: OrderDraft[] = [];
  const taken = new Set<number>();
  const birthdays: Customer[] = [];
  for (const store of demo.stores) {
    if (store.def.status !== 'OK') continue;
    const rng = demo.rng.fork(`live/${store.def.slug}`);
    const main = store.index < 2;
    const ages = main
      ? store.index === 0
        ? [96, 81, 66, 53, 41, 32, 23, 13, 5]
        : [88, 70, 57, 44, 30, 19, 9]
      : rng.sample([75, 58, 44, 30, 17, 8], rng.int(1, 4)).sort((a, b) => b - a);
    const tableNumbers = rng.sample(
      store.tableIds.map((_, i) => i),
      ages.length,
    );
    ages.forEach((age, k) => {
      const start = demo.clock.ago(age);
      const size = main ? [2, 4, 1, 3, 2, 3, 1, 2, 4][k % 9]! : rng.int(1, 3);
      const tickets: TicketDraft[] = [];
      for (let t = 0; t < size; t++) {
        const joined = new Date(
          start.getTime() + (t === 0 ? 0 : rng.float(0, Math.min(10, age * 0.3))) * 60_000,
        );
        const customer = drawCustomer(demo.customers, rng, store, joined, taken);
        taken.add(customer.id);
        const items: ItemDraft[] = [];
        const itemCount = rng.int(1, 4);
        for (let i = 0; i < itemCount; i++) {
          const minutesIn = (demo.clock.now.getTime() - joined.getTime()) / 60_000;
          const at = new Date(joined.getTime() + rng.float(0.05, 0.9) * minutesIn * 60_000);
          const item = drawItem(rng, store, i === 0 ? rng.chance(0.5) : rng.chance(0.35), at, at);
          item.status = liveStatus(rng, (demo.clock.now.getTime() - at.getTime()) / 60_000);
          item.updatedAt =
            item.status === 'PLACED'
              ? at
              : new Date(
                  Math.min(at.getTime() + rng.float(2, 15) * 60_000, demo.clock.now.getTime() - 30_000),
                );
          items.push(item);
        }
        tickets.push({ customer, createdAt: joined, items });
      }
      const draft: OrderDraft = {
        store,
        day: 0,
        tableId: store.tableIds[tableNumbers[k]!]!,
        delivery: false,
        createdAt: start,
        closedAt: null,
        tickets,
      };
      if (main) {
        // The oldest table has paid everything and waits to be released; two more paid in part.
        draft.paidTickets = k === 0 ? size : k === 1 || k === 3 ? 1 : 0;
        if ((store.index === 0 && k === 3) || (store.index === 1 && k === 2)) {
          draft.waiterAt = demo.clock.ago(store.index === 0 ? 3 : 6);
        }
        if ((store.index === 0 && (k === 4 || k === 6)) || (store.index === 1 && k === 3)) {
          birthdays.push(tickets[tickets.length - 1]!.customer);
        }
      } else {
        draft.paidTickets = rng.chance(0.3) ? 1 : 0;
        if (rng.chance(0.2)) draft.waiterAt = demo.clock.ago(rng.int(1, 8));
      }
      drafts.push(draft);
    });

    if (main)
      coverKitchenStatuses(
        demo.clock,
        rng,
        store,
        drafts.filter((d) => d.store === store),
      );
  }
  // Paid tickets hold only served (or cancelled) items.
  for (const draft of drafts) {
    for (const ticket of draft.tickets.slice(0, draft.paidTickets ?? 0)) {
      for (const item of ticket.items)
        if (item.status !== 'CANCELLED' && item.status !== 'SAVED') item.status = 'READY';
    }
  }
  // Birthdays today, in São Paulo (29 February only in a leap year).
  for (const customer of birthdays) {
    let year = Number(customer.birthdate.slice(0, 4));
    if (demo.clock.month === 2 && demo.clock.day === 29)
      while (!(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) year--;
    customer.birthdate = `${year}-${String(demo.clock.month).padStart(2, '0')}-${String(demo.clock.day).padStart(2, '0')}`;
  }
  return drafts;
}

/** Makes sure each kitchen's board shows every status, and two carts hold SAVED items. */
function coverKitchenStatuses(clock: Clock, rng: Random, store: StoreRt, orders: OrderDraft[]): void {
  const statuses = ['PLACED', 'PREPARING', 'READY', 'CANCELLED'] as const;
  const minutesAgo = { PLACED: 2, PREPARING: 11, READY: 27, CANCELLED: 16 };
  const unpaid = orders.filter((o) => (o.paidTickets ?? 0) < o.tickets.length);
  for (const kitchenId of store.kitchenIds) {
    const products = store.menu.filter((p) => p.kitchenId === kitchenId);
    if (products.length === 0) continue;
    for (const status of statuses) {
      const present = orders.some((o) =>
        o.tickets.some((t) => t.items.some((i) => i.product.kitchenId === kitchenId && i.status === status)),
      );
      if (present) continue;
      const age = minutesAgo[status];
      const order = unpaid.find((o) => o.createdAt.getTime() <= clock.ago(age).getTime()) ?? unpaid[0]!;
      const ticket = order.tickets[order.tickets.length - 1]!;
      const at = clock.ago(Math.min(age, (clock.now.getTime() - ticket.createdAt.getTime()) / 60_000));
      const product = rng.pick(products);
      ticket.items.push({
        product,
        quantity: 1,
        complements: complementsFor(rng, product),
        observations: null,
        status,
        createdAt: at,
        updatedAt: status === 'PLACED' ? at : clock.ago(Math.max(0.5, age / 3)),
      });
    }
  }
  for (const order of unpaid.slice(-2)) {
    const ticket = order.tickets[0]!;
    const at = clock.ago(1.5);
    const item = drawItem(rng, store, true, at, at);
    item.status = 'SAVED';
    ticket.items.push(item);
  }
}

/** Kitchen status of a live item ordered `age` minutes ago. */
function liveStatus(rng: Random, age: number): ItemDraft['status'] {
  if (rng.chance(0.05)) return 'CANCELLED';
  if (age < 6) return 'PLACED';
  if (age < 18) return rng.chance(0.3) ? 'PLACED' : 'PREPARING';
  if (age < 35) return rng.chance(0.5) ? 'PREPARING' : 'READY';
  return 'READY';
}
