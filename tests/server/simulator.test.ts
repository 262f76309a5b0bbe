import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAuditTrail } from '../../server/audit/verify';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { GUEST_LIMITS, GUEST_MESSAGES } from '../../contract/resources/guest/paths';
import { guestOrder } from '../../server/service/guest-orders';
import { seatGuests } from '../../server/service/guests';
import { paymentStatusOf } from '../../server/service/totals';
import { Random } from '../../server/seed/random';
import {
  MAX_OCCUPANCY,
  UNANSWERED_CALL,
  habitsOf,
  nextMove,
  nextParty,
  type TabView,
} from '../../server/simulator/decisions';
import { cookingOf, kitchenSteps, LONGEST_COOKING, type KitchenItem } from '../../server/simulator/kitchen';
import {
  DEMO_STORES,
  KITCHEN,
  SIMULATOR_LOCK,
  startSimulator,
  type Simulator,
} from '../../server/simulator/simulator';
import { as, createTestApp, demo, login, type TestApp } from './helpers';
import { newGuests } from './service-fixtures';

// The guests' functions stay the real ones; a test makes one of them meet a rival or fail once.
vi.mock('../../server/service/guests', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/service/guests')>();
  return { ...actual, seatGuests: vi.fn(actual.seatGuests) };
});
// The guests order as a phone at the table does: through the guest API's service.
vi.mock('../../server/service/guest-orders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/service/guest-orders')>();
  return { ...actual, guestOrder: vi.fn(actual.guestOrder) };
});
const actual = await vi.importActual<typeof import('../../server/service/guests')>(
  '../../server/service/guests',
);

const TICK = 5000;
/**
 * A Friday dinner in São Paulo: the demo is seeded for it, and the simulator's clock starts there
 * (the seed's own tests read the same night, seeded once for both).
 */
const OPENING = new Date('2026-03-13T23:00:00Z');

let t: TestApp;
let sim: Simulator;
let now = OPENING.getTime();
const log = { debug: vi.fn(), warn: vi.fn() };
const stores = new Map<string, number>();
let otherStores: number[] = [];

const query = async <T>(statement: SQL) => rows<T>(await t.app.db.execute(statement));

/**
 * The bound on a station's queue (items ordered and not yet ready) while the simulator works it
 * alone, and on how long any item it cooks stays in it: its longest cooking, and a minute more.
 */
const QUEUE_BOUND = 30;
const LONGEST_IN_KITCHEN = LONGEST_COOKING + 60_000;

/** Every item a demo kitchen still has to make, with its station. */
const kitchenQueue = () =>
  query<{ id: number; kitchen_id: number }>(sql`
    select i.id, i.kitchen_id from order_items i
    where i.store_id in ${[...stores.values()]} and i.status in ('PLACED', 'PREPARING') order by i.id`);

/** Plays `count` ticks of 5 s of service, calling `after` after each. */
async function play(count: number, after?: (tick: number) => Promise<void>) {
  for (let tick = 0; tick < count; tick++) {
    now += TICK;
    await sim.tick();
    await after?.(tick);
  }
}

interface TableState {
  id: number;
  store_id: number;
  status: string;
  open_order: number | null;
}
const floorOf = (storeIds: number[]) =>
  query<TableState>(sql`
    select tb.id, tb.store_id, tb.status,
      (select o.id from orders o where o.table_id = tb.id and o.status = 'OPENED') as open_order
    from tables tb where tb.store_id in ${storeIds} order by tb.id`);
const lastId = async (table: 'orders' | 'order_items' | 'payments' | 'tickets') =>
  (await query<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from ${sql.identifier(table)}`))[0]!
    .id;
/** What the floor of other stores holds: it must never move. */
const otherFloors = () =>
  query<Record<string, number>>(sql`
    select s.id,
      (select count(*)::int from orders o where o.store_id = s.id) as orders,
      (select count(*)::int from order_items i where i.store_id = s.id) as items,
      (select count(*)::int from payments p where p.store_id = s.id) as payments,
      (select count(*)::int from tables tb where tb.store_id = s.id and tb.status = 'OCCUPIED') as occupied,
      (select coalesce(max(version), -1)::int from floor_versions f where f.store_id = s.id) as version
    from stores s where s.id in ${otherStores} order by s.id`);

/**
 * Plays `count` ticks like `play`, and notes every tab opened at a table that was not free (no
 * open tab, not taken by the staff) just before the tick that opened it.
 */
async function playWatchingTables(
  count: number,
  misplaced: string[],
  after?: (tick: number, floor: TableState[]) => Promise<void>,
) {
  let lastOrder = await lastId('orders');
  let before = await floorOf([...stores.values()]);
  await play(count, async (tick) => {
    const free = new Set(
      before
        .filter((table) => table.status === 'AVAILABLE' && table.open_order === null)
        .map((table) => table.id),
    );
    for (const party of await query<{ id: number; table_id: number }>(
      sql`select id, table_id from orders where id > ${lastOrder} order by id`,
    )) {
      if (!free.has(party.table_id))
        misplaced.push(`tick ${tick}: tab ${party.id} at a table that was not free`);
      lastOrder = party.id;
    }
    before = await floorOf([...stores.values()]);
    await after?.(tick, before);
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: 'full', seedNow: OPENING });
  for (const row of await query<{ id: number; slug: string }>(sql`select id, slug from stores order by id`)) {
    if ((DEMO_STORES as readonly string[]).includes(row.slug)) stores.set(row.slug, row.id);
    else otherStores.push(row.id);
  }
  // Stores whose floor is live in the demo too: a simulator that strayed there would have work to do.
  otherStores = (
    await query<{ store_id: number }>(
      sql`select distinct store_id from orders where status = 'OPENED' and store_id in ${otherStores}`,
    )
  ).map((row) => row.store_id);
  sim = startSimulator(t.app.db, { log, timer: false, seed: 'teste', clock: () => new Date(now) });
});

afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

describe('the service simulator', () => {
  it('finds the two demo stores and live floors elsewhere to stay away from', () => {
    expect(stores.size).toBe(2);
    expect(otherStores.length).toBeGreaterThan(0);
  });

  it('seats a party at a free table of each demo store within the first minute, and its orders go to the kitchens, which start them', async () => {
    const demoIds = [...stores.values()];
    const [firstOrder, firstItem] = [await lastId('orders'), await lastId('order_items')];
    const misplaced: string[] = [];
    await playWatchingTables(12, misplaced);
    expect(misplaced).toEqual([]);

    const parties = await query<{ store_id: number; table_id: number; guests: number }>(sql`
      select o.store_id, o.table_id, (select count(*)::int from tickets t where t.order_id = o.id) as guests
      from orders o where o.id > ${firstOrder}`);
    for (const storeId of demoIds) {
      const seated = parties.filter((party) => party.store_id === storeId);
      expect(seated.length, `store ${storeId}`).toBeGreaterThan(0);
      for (const party of seated) {
        expect(party.guests).toBeGreaterThanOrEqual(1);
        expect(party.guests).toBeLessThanOrEqual(4);
      }
    }
    const items = await query<{
      store_id: number;
      kitchen_id: number | null;
      product_kitchen: number | null;
      status: string;
    }>(sql`
      select i.store_id, i.kitchen_id, p.kitchen_id as product_kitchen, i.status
      from order_items i join products p on p.id = i.product_id where i.id > ${firstItem}`);
    for (const storeId of demoIds) expect(items.some((item) => item.store_id === storeId)).toBe(true);
    for (const item of items) {
      expect(item.kitchen_id).not.toBeNull();
      expect(item.kitchen_id).toBe(item.product_kitchen);
      // Nothing is ready within a minute of being ordered; a cook may have started it.
      expect(['PLACED', 'PREPARING']).toContain(item.status);
    }
    expect(log.warn).not.toHaveBeenCalled();
  });

  describe('an hour of service', () => {
    const openAtStart: number[] = [];
    let firstOrder: number;
    let firstItem: number;
    let firstPayment: number;
    let takenByStaff: number[] = [];
    let othersBefore: Record<string, number>[];
    const occupancy = new Map<number, number[]>();
    const calls = new Map<number, number>();
    const violations: string[] = [];
    /** Per station, its queue after every tick. */
    const queues = new Map<number, number[]>();
    /** How long each item ordered during the hour stayed in the kitchen (ms of service). */
    const cooked: number[] = [];

    beforeAll(async () => {
      openAtStart.push(
        ...(
          await query<{ id: number }>(
            sql`select id from orders where status = 'OPENED' and store_id in ${[...stores.values()]}`,
          )
        ).map((row) => row.id),
      );
      [firstOrder, firstItem, firstPayment] = [
        await lastId('orders'),
        await lastId('order_items'),
        await lastId('payments'),
      ];
      // The staff seat walk-ins at two free tables without a tab: those are theirs.
      const cantina = as(t.app, await login(t.app, demo.cantina));
      const cantinaFloor = await floorOf([stores.get('cantinabella')!]);
      takenByStaff = cantinaFloor
        .filter((table) => table.status === 'AVAILABLE' && table.open_order === null)
        .slice(0, 2)
        .map((table) => table.id);
      for (const id of takenByStaff) {
        const response = await cantina({ method: 'PATCH', url: `/api/tables/id/${id}/status/OCCUPIED` });
        expect(response.statusCode, response.body).toBe(200);
      }
      othersBefore = await otherFloors();

      const paidSince = new Map<number, number>();
      let requested = await waiterCalls();
      const seeded = new Set((await kitchenQueue()).map((item) => item.id));
      const kitchenIds = (
        await query<{ id: number }>(sql`select id from kitchens where store_id in ${[...stores.values()]}`)
      ).map((row) => row.id);
      const firstSeen = new Map<number, number>();
      let lastPayment = firstPayment;
      await playWatchingTables(720, violations, async (tick, after) => {
        // The kitchen: each station's queue, and how long each item spent in it.
        const queue = await kitchenQueue();
        for (const id of kitchenIds) {
          queues.set(id, [...(queues.get(id) ?? []), queue.filter((item) => item.kitchen_id === id).length]);
        }
        const active = new Set(queue.map((item) => item.id));
        for (const item of queue)
          if (!seeded.has(item.id) && !firstSeen.has(item.id)) firstSeen.set(item.id, tick);
        for (const [id, since] of firstSeen) {
          if (active.has(id)) continue;
          cooked.push((tick - since) * TICK);
          firstSeen.delete(id);
        }
        for (const [id, since] of firstSeen) {
          if ((tick - since) * TICK > LONGEST_IN_KITCHEN)
            violations.push(`tick ${tick}: item ${id} in the kitchen for ${(tick - since) * 5} s`);
        }
        // A guest pays only for food already served (or cancelled): never with an item still in the kitchen.
        for (const payment of await query<{ id: number; waiting: number }>(sql`
          select p.id, (select count(*)::int from order_items i join tickets tk on tk.id = i.ticket_id
            where tk.order_id = p.order_id and tk.customer_id = p.customer_id
              and i.status in ('PLACED', 'PREPARING')) as waiting
          from payments p where p.id > ${lastPayment} order by p.id`)) {
          if (payment.waiting > 0)
            violations.push(
              `tick ${tick}: payment ${payment.id} with ${payment.waiting} items in the kitchen`,
            );
          lastPayment = payment.id;
        }

        for (const storeId of stores.values()) {
          const tables = after.filter((table) => table.store_id === storeId);
          const taken = tables.filter(
            (table) => table.status === 'OCCUPIED' || table.open_order !== null,
          ).length;
          occupancy.set(storeId, [...(occupancy.get(storeId) ?? []), taken / tables.length]);
        }
        // A waiter call ends only with its tab (the busser closing it): dismissing one is the staff's.
        const current = await waiterCalls();
        for (const [orderId, call] of requested) {
          if (current.get(orderId)?.at === call.at) continue;
          const [order] = await query<{ status: string }>(
            sql`select status from orders where id = ${orderId}`,
          );
          if (order?.status !== 'CLOSED')
            violations.push(`tick ${tick}: waiter call of tab ${orderId} dismissed`);
        }
        for (const call of current.values()) {
          if (!requested.has(call.order_id) || requested.get(call.order_id)!.at !== call.at)
            calls.set(call.store_id, (calls.get(call.store_id) ?? 0) + 1);
        }
        requested = current;
        // A paid tab waits for the busser a few minutes, never longer.
        const paid = await query<{ id: number }>(sql`
          select id from orders where status = 'OPENED' and payment_status = 'PAID' and store_id in ${[...stores.values()]}`);
        for (const order of paid) if (!paidSince.has(order.id)) paidSince.set(order.id, tick);
        for (const [orderId, since] of paidSince) {
          if (!paid.some((order) => order.id === orderId)) paidSince.delete(orderId);
          else if (tick - since > (6 * 60_000) / TICK)
            violations.push(`tick ${tick}: tab ${orderId} paid and not cleared`);
        }
        const twice = await query<{ customer_id: number }>(sql`
          select t.customer_id from tickets t join orders o on o.id = t.order_id
          where o.status = 'OPENED' group by t.customer_id having count(*) > 1`);
        if (twice.length > 0)
          violations.push(`tick ${tick}: customers seated twice ${JSON.stringify(twice)}`);
      });
    }, 600_000);

    async function waiterCalls() {
      const open = await query<{ order_id: number; store_id: number; at: string }>(sql`
        select id as order_id, store_id, waiter_requested_at::text as at from orders
        where status = 'OPENED' and waiter_requested and store_id in ${[...stores.values()]}`);
      return new Map(open.map((call) => [call.order_id, call]));
    }

    it('never seats at an occupied table, never seats a customer twice, never dismisses a call, never leaves a paid tab, never takes a payment for food still in the kitchen', () => {
      expect(violations).toEqual([]);
    });

    it(`cooks at every station nobody works: its queue under ${QUEUE_BOUND} items, each item ready within its cooking time`, async () => {
      expect(queues.size).toBeGreaterThanOrEqual(6);
      for (const [kitchenId, sizes] of queues) {
        expect(Math.max(...sizes), `station ${kitchenId}`).toBeLessThan(QUEUE_BOUND);
      }
      // Work reached every station and left it again.
      expect([...queues.values()].filter((sizes) => Math.max(...sizes) > 0).length).toBeGreaterThanOrEqual(6);
      expect(cooked.length).toBeGreaterThan(100);
      expect(Math.max(...cooked)).toBeLessThanOrEqual(LONGEST_IN_KITCHEN);
      // Nothing ordered is left on a closed tab.
      const [left] = await query<{ n: number }>(sql`
        select count(*)::int as n from order_items i join orders o on o.id = i.order_id
        where o.status = 'CLOSED' and i.status in ('PLACED', 'PREPARING')`);
      expect(left!.n).toBe(0);
      // Every step is in the store's audit trail, named as the demo's kitchen.
      const steps = await query<{
        store_id: number;
        account_id: number | null;
        summary: string;
        items: number;
      }>(sql`
        select a.store_id, a.account_id, a.summary,
          (select count(*)::int from jsonb_array_elements(a.changes) c where c->>'t' = 'order_items') as items
        from audit_events a where a.actor = ${KITCHEN}`);
      expect(steps.length).toBeGreaterThan(cooked.length);
      for (const step of steps) {
        expect(step).toMatchObject({ account_id: null, items: 1 });
        expect(step.summary).toMatch(/^Item .+ (em preparo|pronto)$/);
      }
    });

    it('keeps the floor alive and never full: 40–75 % of the tables on average, never past 75 %', () => {
      for (const [storeId, shares] of occupancy) {
        expect(Math.max(...shares), `store ${storeId}`).toBeLessThanOrEqual(MAX_OCCUPANCY);
        const settled = shares.slice(shares.length / 4);
        const mean = settled.reduce((sum, share) => sum + share, 0) / settled.length;
        expect(mean, `store ${storeId}`).toBeGreaterThanOrEqual(0.4);
        expect(mean, `store ${storeId}`).toBeLessThanOrEqual(MAX_OCCUPANCY);
      }
    });

    it('leaves the tables the staff took alone', async () => {
      const floor = await floorOf([stores.get('cantinabella')!]);
      for (const id of takenByStaff) {
        expect(floor.find((table) => table.id === id)).toMatchObject({
          status: 'OCCUPIED',
          open_order: null,
        });
      }
      const tabs = await query<{ id: number }>(
        sql`select id from orders where table_id in ${takenByStaff} and id > ${firstOrder}`,
      );
      expect(tabs).toEqual([]);
    });

    it('plays parties, orders, waiter calls and app payments at each store, and no staff action', async () => {
      const payments = await query<{
        store_id: number;
        kind: string;
        method: string;
        account_id: number | null;
      }>(sql`select store_id, kind, method, account_id from payments where id > ${firstPayment}`);
      for (const storeId of stores.values()) {
        const [parties] = await query<{ n: number }>(
          sql`select count(*)::int as n from orders where id > ${firstOrder} and store_id = ${storeId}`,
        );
        expect(parties!.n, `store ${storeId}`).toBeGreaterThanOrEqual(8);
        expect(calls.get(storeId) ?? 0, `store ${storeId}`).toBeGreaterThanOrEqual(3);
        expect(payments.filter((payment) => payment.store_id === storeId).length).toBeGreaterThanOrEqual(10);
      }
      // The app's payments only: 'Dar baixa' is the staff's.
      for (const payment of payments) {
        expect(payment).toMatchObject({ kind: 'DIGITAL', account_id: null });
        expect(['CREDIT_CARD', 'PIX']).toContain(payment.method);
      }
      expect(new Set(payments.map((payment) => payment.method)).size).toBe(2);
    });

    it('orders available products of the menu, some with a complement of theirs or an observation', async () => {
      const items = await query<{
        kitchen_id: number | null;
        product_kitchen: number | null;
        available: boolean;
        complement_only: boolean;
        complements: { name: string }[];
        offered: string[];
        observations: string | null;
      }>(sql`
        select i.kitchen_id, p.kitchen_id as product_kitchen, p.available, p.complement_only, i.complements,
          i.observations,
          coalesce((select array_agg(o.name) from product_complement_groups pg
            join complement_group_products cg on cg.group_id = pg.group_id
            join products o on o.id = cg.product_id where pg.product_id = p.id), '{}') as offered
        from order_items i join products p on p.id = i.product_id where i.id > ${firstItem}`);
      expect(items.length).toBeGreaterThan(100);
      for (const item of items) {
        expect(item).toMatchObject({
          available: true,
          complement_only: false,
          kitchen_id: item.product_kitchen,
        });
        for (const complement of item.complements) expect(item.offered).toContain(complement.name);
      }
      expect(items.filter((item) => item.complements.length > 0).length).toBeGreaterThan(5);
      expect(items.filter((item) => item.observations !== null).length).toBeGreaterThan(3);
    });

    it('clears tabs once paid: closed by the busser, the table freed', async () => {
      const closed = await query<{
        id: number;
        table_id: number;
        payment_status: string;
        total: number;
        opened_here: boolean;
      }>(sql`
        select o.id, o.table_id, o.payment_status, o.total, o.id > ${firstOrder} as opened_here from orders o
        where o.status = 'CLOSED' and (o.id > ${firstOrder} or o.id in ${openAtStart})`);
      expect(closed.filter((order) => order.opened_here).length).toBeGreaterThan(0);
      expect(closed.length).toBeGreaterThanOrEqual(10);
      const floor = await floorOf([...stores.values()]);
      for (const order of closed) {
        if (order.total > 0) expect(order.payment_status).toBe('PAID');
        // Freed: available, or a newer party sat there since.
        const table = floor.find((row) => row.id === order.table_id)!;
        expect(table.status === 'AVAILABLE' || (table.open_order ?? 0) > order.id, `tab ${order.id}`).toBe(
          true,
        );
      }
    });

    it('keeps the money of every tab it touched as the server computes it', async () => {
      const touched = sql`(o.id > ${firstOrder} or o.id in ${openAtStart})`;
      const orderRows = await query<Record<string, number | string>>(sql`
        select o.id, o.subtotal, o.service_charge, o.discount, o.total, o.total_paid, o.payment_status,
          (select coalesce(sum(p.amount), 0)::int from payments p where p.order_id = o.id and p.cancelled_at is null) as paid
        from orders o where ${touched}`);
      const ticketRows = await query<Record<string, number>>(sql`
        select t.order_id, t.subtotal, t.service_charge, t.discount, t.total, t.total_paid, s.service_charge::float8 as rate,
          (select coalesce(sum((i.product_price + coalesce((select sum((c->>'price')::int * (c->>'quantity')::int)
              from jsonb_array_elements(i.complements) c), 0)) * i.quantity), 0)::int
            from order_items i where i.ticket_id = t.id and i.status not in ('CANCELLED', 'SAVED')) as items,
          (select coalesce(sum(p.amount), 0)::int from payments p
            where p.order_id = t.order_id and p.customer_id = t.customer_id and p.cancelled_at is null) as paid
        from tickets t join orders o on o.id = t.order_id join stores s on s.id = o.store_id where ${touched}`);
      expect(orderRows.length).toBeGreaterThan(20);
      for (const ticket of ticketRows) {
        expect(ticket.subtotal).toBe(ticket.items);
        expect(ticket.service_charge).toBe(Math.round((ticket.items! * ticket.rate!) / 100));
        expect(ticket.total).toBe(ticket.subtotal! + ticket.service_charge! - ticket.discount!);
        expect(ticket.total_paid).toBe(ticket.paid);
      }
      for (const order of orderRows) {
        const own = ticketRows.filter((ticket) => ticket.order_id === order.id);
        for (const key of ['subtotal', 'service_charge', 'discount', 'total'] as const) {
          expect(order[key], `${key} of tab ${order.id}`).toBe(
            own.reduce((sum, ticket) => sum + ticket[key]!, 0),
          );
        }
        expect(order.total_paid).toBe(order.paid);
        expect(order.payment_status).toBe(paymentStatusOf(order.total as number, order.paid as number));
      }
    });

    it('never touches another store', async () => {
      expect(await otherFloors()).toEqual(othersBefore);
    });

    it("leaves every app payment in its store's audit trail, named as the guests'", async () => {
      const paid = await query<{ store_id: number; order_id: number }>(
        sql`select store_id, order_id from payments where id > ${firstPayment}`,
      );
      const audited = await query<{
        store_id: number;
        record_id: string;
        actor: string;
        changes: { t: string }[];
      }>(sql`select store_id, record_id, actor, changes from audit_events where action = 'guest-pay'`);
      for (const payment of paid) {
        expect(
          audited.some(
            (row) =>
              row.store_id === payment.store_id &&
              row.record_id === String(payment.order_id) &&
              row.changes.some((change) => change.t === 'payments'),
          ),
          `payment of tab ${payment.order_id}`,
        ).toBe(true);
      }
      expect(new Set(audited.map((row) => row.actor))).toEqual(new Set(['Cliente (app, demonstração)']));
      expect((await verifyAuditTrail(t.database.db)).problems).toEqual([]);
    });
  });

  describe('a cook working one station on the board', () => {
    const IDLE = 10 * 60_000;
    /** The simulator's kitchen steps, by station, each with its time of service. */
    const steps: { kitchenId: number; at: number }[] = [];
    const bumps: number[] = [];
    let station: number;
    /** The station's items when the simulator may take it back, and those still there at the end. */
    let backlog: number[] = [];
    let left: number[] = [];

    beforeAll(async () => {
      const cantina = as(t.app, await login(t.app, demo.cantina));
      [{ id: station }] = (await query<{ id: number }>(sql`
        select id from kitchens where store_id = ${stores.get('cantinabella')!} and name = 'Cozinha'`)) as [
        { id: number },
      ];
      let lastAudit = (
        await query<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from audit_events`)
      )[0]!.id;
      // The item is found by its key (record_id is its id as text): matching the texts instead
      // read every item of the demo's history at every tick.
      const watch = async () => {
        for (const row of await query<{ id: number; kitchen_id: number }>(sql`
          select a.id, i.kitchen_id from audit_events a
          join order_items i
            on i.id = case when a.record_id ~ '^[0-9]{1,9}$' then a.record_id::integer end
          where a.id > ${lastAudit} and a.actor = ${KITCHEN} order by a.id`)) {
          steps.push({ kitchenId: row.kitchen_id, at: now });
          lastAudit = row.id;
        }
      };
      /** The cook moves the station's oldest item one step, through the board's API. */
      const bump = async () => {
        const board = await cantina({ method: 'GET', url: `/api/orders/items?kitchen_id=${station}` });
        const next = board
          .json<{ data: { id: number; status: string }[] }>()
          .data.find((item) => item.status === 'PLACED' || item.status === 'PREPARING');
        if (!next) return;
        const moved = await cantina({
          method: 'PATCH',
          url: `/api/orders/items/id/${next.id}/status`,
          payload: { status: next.status === 'PLACED' ? 'PREPARING' : 'READY' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        bumps.push(now);
      };
      // Ten minutes at the board, a step every minute (slower than the orders come)…
      await bump();
      await play(120, async (tick) => {
        await watch();
        if (tick % 12 === 11) await bump();
      });
      // …then the cook leaves the board: ten minutes later the simulator may take the station back,
      // and within the longest cooking after that its backlog is done.
      const atStation = async () =>
        (await kitchenQueue()).filter((item) => item.kitchen_id === station).map((item) => item.id);
      const idleTicks = IDLE / TICK;
      await play(idleTicks + Math.ceil(LONGEST_IN_KITCHEN / TICK), async (tick) => {
        await watch();
        if (tick === idleTicks - 1) backlog = await atStation();
      });
      left = await atStation();
    }, 300_000);

    it('leaves the station alone while the cook works it, and for 10 minutes after', () => {
      expect(bumps.length).toBeGreaterThanOrEqual(10);
      const last = bumps.at(-1)!;
      const there = steps.filter((step) => step.kitchenId === station);
      for (const step of there) expect(step.at - last, `step at ${step.at}`).toBeGreaterThanOrEqual(IDLE);
      // Meanwhile the other stations were cooked as always.
      expect(steps.filter((step) => step.kitchenId !== station && step.at <= last).length).toBeGreaterThan(
        20,
      );
    });

    it('takes the station back once nobody has touched it for 10 minutes, and works its backlog off', () => {
      const last = bumps.at(-1)!;
      const there = steps.filter((step) => step.kitchenId === station);
      expect(there.length).toBeGreaterThan(0);
      expect(there[0]!.at - last).toBeLessThan(IDLE + 60_000);
      // The cook was slower than the orders: a backlog waited, and all of it was made.
      expect(backlog.length).toBeGreaterThan(5);
      expect(left.filter((id) => backlog.includes(id))).toEqual([]);
      expect(left.length).toBeLessThan(QUEUE_BOUND);
    });
  });

  it('lets a move refused by a rule, or a failing one, go, and plays on', async () => {
    log.debug.mockClear();
    log.warn.mockClear();
    const [rival] = await newGuests(t.app.db, 1);
    // Someone sits at the table between the simulator's read and its write: the rule refuses the party.
    vi.mocked(seatGuests).mockImplementationOnce(async (tx, storeId, tableId, customerIds) => {
      await actual.seatGuests(tx, storeId, tableId, [rival!]);
      return actual.seatGuests(tx, storeId, tableId, customerIds);
    });
    vi.mocked(guestOrder).mockImplementationOnce(() => Promise.reject(new Error('conexão perdida')));
    const seats = vi.mocked(seatGuests).mock.calls.length;
    const orders = vi.mocked(guestOrder).mock.calls.length;
    const firstOrder = await lastId('orders');
    for (let minute = 0; minute < 30; minute++) {
      await play(12);
      if (
        vi.mocked(seatGuests).mock.calls.length >= seats + 2 &&
        vi.mocked(guestOrder).mock.calls.length >= orders + 2
      )
        break;
    }
    expect(vi.mocked(seatGuests).mock.calls.length).toBeGreaterThanOrEqual(seats + 2);
    expect(vi.mocked(guestOrder).mock.calls.length).toBeGreaterThanOrEqual(orders + 2);

    expect(log.debug).toHaveBeenCalledWith(
      expect.objectContaining({ reason: expect.stringMatching(/^A mesa \d+ já está ocupada\.$/) }),
      'Simulador de serviço: ação recusada',
    );
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.objectContaining({ message: 'conexão perdida' }) }),
      'Simulador de serviço: ação falhou',
    );
    // The refused move was rolled back whole, the rival's tab with it; the parties after it sat down.
    expect(await query(sql`select id from tickets where customer_id = ${rival!}`)).toEqual([]);
    const [after] = await query<{ n: number }>(
      sql`select count(*)::int as n from orders where id > ${firstOrder}`,
    );
    expect(after!.n).toBeGreaterThan(0);
  }, 300_000);

  it("orders through the front door: with the table's current QR code, within the guest limits, held for the staff where the store approves the table's orders", async () => {
    log.debug.mockClear();
    const cantina = stores.get('cantinabella')!;
    const sertao = stores.get('sabordosertao')!;
    const calls = vi.mocked(guestOrder).mock.calls.length;
    const firstItem = await lastId('order_items');
    // Cantina Bella approves its tables' orders; every table of Sabor do Sertão is past its limit.
    await t.app.db.execute(sql`update stores set guest_approval = true where id = ${cantina}`);
    const window = Math.floor(now / (GUEST_LIMITS.ordersPerTable.minutes * 60_000));
    const full = await query<{ id: number }>(sql`select id from tables where store_id = ${sertao}`);
    const keys = [0, 1, 2, 3, 4]
      .map((ahead) => window + ahead)
      .flatMap((at) => full.map((table) => `guest:order:table:${table.id}:${at}`));
    for (const key of keys) {
      await t.app.db.execute(
        sql`insert into attempt_counters (key, count) values (${key}, ${GUEST_LIMITS.ordersPerTable.count})
          on conflict (key) do update set count = excluded.count, window_started_at = now()`,
      );
    }
    const tried = (storeId: number) =>
      vi
        .mocked(guestOrder)
        .mock.calls.slice(calls)
        .some(([, code]) => code.s === storeId);
    try {
      for (let minute = 0; minute < 20 && !tried(cantina); minute++) await play(12);
      const refused = () =>
        log.debug.mock.calls.some(
          ([what]) => (what as { reason?: string }).reason === GUEST_MESSAGES.tooMany,
        );
      for (let minute = 0; minute < 20 && !refused(); minute++) await play(12);
      expect(refused()).toBe(true);
    } finally {
      await t.app.db.execute(sql`update stores set guest_approval = false where id = ${cantina}`);
      await t.app.db.execute(sql`delete from attempt_counters where key in ${keys}`);
    }
    // Each order carried the code printed on its table at that moment, as an app customer.
    for (const [, code, who] of vi.mocked(guestOrder).mock.calls.slice(calls)) {
      expect(who).toEqual({ customerId: expect.any(Number) });
      const [table] = await query<{ token: string }>(
        sql`select token from tables where store_id = ${code.s} and number = ${code.t}`,
      );
      expect(code.k).toBe(table!.token);
    }
    const items = await query<{ store_id: number; status: string; held: boolean }>(
      sql`select store_id, status, held_at is not null as held from order_items where id > ${firstItem}`,
    );
    // Cantina Bella's wait for the staff, off the board; Sabor do Sertão's tables ordered nothing.
    expect(items.filter((item) => item.store_id === cantina).length).toBeGreaterThan(0);
    for (const item of items.filter((one) => one.store_id === cantina)) {
      expect(item).toEqual({ store_id: cantina, status: 'SAVED', held: true });
    }
    expect(items.filter((item) => item.store_id === sertao)).toEqual([]);
  }, 300_000);

  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'skips its ticks while another connection holds the advisory lock, and plays again once it is released',
    async () => {
      const versions = () =>
        query<{ store_id: number; version: number }>(
          sql`select store_id, version::int from floor_versions where store_id in ${[...stores.values()]} order by store_id`,
        );
      const before = await versions();
      await t.app.db.transaction(async (tx) => {
        for (const storeId of stores.values()) {
          await tx.execute(sql`select pg_advisory_xact_lock(${SIMULATOR_LOCK}, ${storeId})`);
        }
        await play(36);
        expect(await versions()).toEqual(before);
      });
      await play(36);
      const after = await versions();
      for (const storeId of stores.values()) {
        const moved = after.find((row) => row.store_id === storeId)!.version;
        expect(moved).toBeGreaterThan(before.find((row) => row.store_id === storeId)!.version);
      }
    },
    60_000,
  );

  it('waits for the tick under way when stopped, and plays nothing after', async () => {
    let played = false;
    const clock = vi.fn(() => new Date(now));
    const timed = startSimulator(t.app.db, { log, intervalMs: 50, seed: 'teste', clock });
    await vi.waitFor(() => expect(clock.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 60_000 });
    const underWay = timed.tick().then(() => (played = true));
    await timed.stop();
    expect(played).toBe(true);
    const calls = clock.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await timed.tick();
    expect(clock.mock.calls.length).toBe(calls);
    await underWay;
  });
});

describe("the guests' decisions", () => {
  const seed = 'teste';
  const minute = 60_000;
  const partyOf = (byApp: boolean) => {
    let id = 1;
    while (habitsOf(seed, id).byApp !== byApp) id++;
    return { id, habits: habitsOf(seed, id) };
  };
  const tab = (id: number, changes: Partial<TabView> = {}, owed = 5000): TabView => ({
    id,
    tableId: 1,
    seatedAt: 0,
    waiterAt: null,
    lastPaymentAt: null,
    servedAt: null,
    guests: [{ customerId: 7, joinedAt: 0, items: 2, lastOrderAt: 10 * minute, pending: 0, owed, paid: 0 }],
    ...changes,
  });
  /** Every move the tab makes over `ticks` ticks of 5 s at the same moment (each tick is a new draw). */
  const moves = (view: TabView, now: number, ticks = 200) => {
    const rng = new Random('decisões');
    return Array.from({ length: ticks }, () => nextMove(view, now, TICK, seed, rng)).filter(
      (move) => move !== null,
    );
  };

  it('asks the waiter for the bill and waits for the staff, paying by the app only after 25 minutes unanswered', () => {
    const { id, habits } = partyOf(false);
    const leaving = habits.stay + 30 * minute;
    expect(moves(tab(id), leaving).map((move) => move.kind)).toContain('callWaiter');
    expect(moves(tab(id), leaving).some((move) => move.kind === 'pay')).toBe(false);
    expect(moves(tab(id, { waiterAt: leaving - UNANSWERED_CALL + 1000 }), leaving)).toEqual([]);
    const late = moves(tab(id, { waiterAt: leaving - UNANSWERED_CALL }), leaving);
    expect(late.length).toBeGreaterThan(0);
    for (const move of late) expect(move).toMatchObject({ kind: 'pay', orderId: id, customerId: 7 });
  });

  it('pays by the app without calling anyone, when that is the party’s habit, and only once dinner is over', () => {
    const { id, habits } = partyOf(true);
    const paying = moves(tab(id), habits.stay + minute);
    expect(paying.length).toBeGreaterThan(0);
    for (const move of paying) {
      expect(move).toMatchObject({ kind: 'pay', orderId: id, customerId: 7 });
      expect(['CREDIT_CARD', 'PIX']).toContain(move.kind === 'pay' && move.method);
    }
    expect(moves(tab(id), habits.stay - 6 * minute).some((move) => move.kind === 'pay')).toBe(false);
  });

  it('clears a paid tab once the busser’s minutes have passed', () => {
    const { id, habits } = partyOf(true);
    const paid = (at: number) => tab(id, { lastPaymentAt: at }, 0);
    const now = habits.stay + 10 * minute;
    expect(moves(paid(now - habits.busser + 1000), now)).toEqual([]);
    expect(moves(paid(now - habits.busser), now, 1)).toEqual([{ kind: 'clear', orderId: id, tableId: 1 }]);
  });

  it('waits for the food: nobody pays, asks for the bill or leaves while the kitchen still owes them something', () => {
    const late = (byApp: boolean) => {
      const { id, habits } = partyOf(byApp);
      return { id, now: habits.stay + 10 * minute, habits };
    };
    const guests = (ana: number, bruno: number) => [
      { customerId: 7, joinedAt: 0, items: 2, lastOrderAt: 10 * minute, pending: ana, owed: 5000, paid: 0 },
      { customerId: 8, joinedAt: 0, items: 1, lastOrderAt: 10 * minute, pending: bruno, owed: 3000, paid: 0 },
    ];
    // By the app: each guest pays once their own food came, not before.
    const app = late(true);
    expect(moves(tab(app.id, { guests: guests(1, 1) }), app.now)).toEqual([]);
    const paying = moves(tab(app.id, { guests: guests(1, 0) }), app.now);
    expect(paying.length).toBeGreaterThan(0);
    for (const move of paying) expect(move).toMatchObject({ kind: 'pay', customerId: 8 });
    // The staff's bill: the waiter is called only once everyone has been served.
    const staff = late(false);
    expect(moves(tab(staff.id, { guests: guests(0, 1) }), staff.now)).toEqual([]);
    expect(moves(tab(staff.id, { guests: guests(0, 0) }), staff.now).map((move) => move.kind)).toContain(
      'callWaiter',
    );
    // Paid (at the table, before the food came): they leave the busser's minutes after it came.
    const paid = { ...guests(1, 0)[0]!, owed: 0, paid: 5000 };
    expect(moves(tab(app.id, { guests: [paid], lastPaymentAt: 0 }), app.now)).toEqual([]);
    const servedAt = app.now - app.habits.busser + 1000;
    expect(
      moves(tab(app.id, { guests: [{ ...paid, pending: 0 }], lastPaymentAt: 0, servedAt }), app.now),
    ).toEqual([]);
    expect(
      moves(
        tab(app.id, { guests: [{ ...paid, pending: 0 }], lastPaymentAt: 0, servedAt: servedAt - 1000 }),
        app.now,
        1,
      ),
    ).toEqual([{ kind: 'clear', orderId: app.id, tableId: 1 }]);
  });

  it('orders first thing on sitting down, unless the menu has nothing left to order', () => {
    const { id, habits } = partyOf(true);
    const seated = tab(id, {
      guests: [{ customerId: 7, joinedAt: 0, items: 0, lastOrderAt: null, pending: 0, owed: 0, paid: 0 }],
    });
    const first = moves(seated, 30_000, 12);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]).toEqual({ kind: 'order', orderId: id, customerId: 7, first: true });
    const rng = new Random('cardápio vazio');
    for (let i = 0; i < 200; i++) {
      expect(nextMove(seated, 30_000, TICK, seed, rng, false)?.kind).not.toBe('order');
    }
    // With nothing ordered, the party still leaves and the busser clears its table.
    const gone = habits.stay + habits.busser;
    expect(nextMove(seated, gone, TICK, seed, rng, false)).toEqual({
      kind: 'clear',
      orderId: id,
      tableId: 1,
    });
  });

  it('seats one party at a time at a free table, and never past 75 % of the tables', () => {
    const floor = (taken: number, staff = 0) =>
      Array.from({ length: 20 }, (_, i) => ({
        id: i + 1,
        status: i < taken + staff ? ('OCCUPIED' as const) : ('AVAILABLE' as const),
        open: i < taken,
      }));
    const rng = new Random('mesas');
    const seats = (tables: ReturnType<typeof floor>, lastPartyAt: number | null) =>
      Array.from({ length: 200 }, () => nextParty(tables, lastPartyAt, 60 * minute, TICK, rng)).filter(
        (move) => move !== null,
      );
    const quiet = seats(floor(8, 2), null);
    expect(quiet.length).toBeGreaterThan(0);
    for (const move of quiet) {
      expect(move).toMatchObject({ kind: 'seat' });
      if (move.kind === 'seat') {
        expect(move.tableId).toBeGreaterThan(10);
        expect(move.size).toBeGreaterThanOrEqual(1);
        expect(move.size).toBeLessThanOrEqual(4);
      }
    }
    expect(seats(floor(15), null)).toEqual([]);
    expect(seats(floor(12, 3), null)).toEqual([]);
    // A party just sat down: the next one comes later, the fuller the floor the later.
    expect(seats(floor(8), 60 * minute - 10_000)).toEqual([]);
    expect(seats(floor(4), 60 * minute - 30_000).length).toBeGreaterThan(0);
    expect(seats(floor(13), 60 * minute - 5 * minute)).toEqual([]);
  });
});

describe('the kitchen it plays', () => {
  const seed = 'teste';
  const minute = 60_000;
  const item = (id: number, changes: Partial<KitchenItem> = {}): KitchenItem => ({
    id,
    orderId: 1,
    kitchenId: 3,
    productId: 40,
    name: 'Lasanha à bolonhesa',
    status: 'PLACED',
    orderedAt: 0,
    since: 0,
    drink: false,
    ...changes,
  });

  it('pours a drink in a few minutes and cooks a dish in its product’s time, the same each time', () => {
    const drinks = Array.from({ length: 50 }, (_, i) =>
      cookingOf(seed, { id: i + 1, productId: 9, drink: true }),
    );
    const dishes = Array.from({ length: 50 }, (_, i) =>
      cookingOf(seed, { id: i + 1, productId: 40, drink: false }),
    );
    for (const { start, make } of drinks) expect(start + make).toBeLessThanOrEqual(4.5 * minute);
    for (const { start, make } of dishes) {
      expect(make).toBeGreaterThanOrEqual(7 * 0.85 * minute);
      expect(start + make).toBeLessThanOrEqual(LONGEST_COOKING);
    }
    const mean = (list: { make: number }[]) => list.reduce((sum, x) => sum + x.make, 0) / list.length;
    expect(mean(dishes)).toBeGreaterThan(3 * mean(drinks));
    // A product takes its own time: another dish, another mean; the same item, the same times.
    const other = Array.from({ length: 50 }, (_, i) =>
      cookingOf(seed, { id: i + 1, productId: 41, drink: false }),
    );
    expect(Math.abs(mean(other) - mean(dishes))).toBeGreaterThan(0.1 * minute);
    expect(cookingOf(seed, { id: 7, productId: 40, drink: false })).toEqual(dishes[6]);
  });

  it('starts an item once a cook would, makes it ready its time after it was started, most overdue first', () => {
    const { start, make } = cookingOf(seed, item(1));
    expect(kitchenSteps([item(1)], new Map(), start - 1, 10 * minute, seed)).toEqual([]);
    expect(kitchenSteps([item(1)], new Map(), start, 10 * minute, seed)).toEqual([
      { itemId: 1, orderId: 1, name: 'Lasanha à bolonhesa', from: 'PLACED', to: 'PREPARING', due: start },
    ]);
    // Started by someone at minute 20: ready its time after that.
    const started = item(1, { status: 'PREPARING', since: 20 * minute });
    expect(kitchenSteps([started], new Map(), 20 * minute + make - 1, 10 * minute, seed)).toEqual([]);
    expect(kitchenSteps([started], new Map(), 20 * minute + make, 10 * minute, seed)).toMatchObject([
      { itemId: 1, from: 'PREPARING', to: 'READY' },
    ]);
    const late = kitchenSteps(
      [item(2, { orderedAt: 5 * minute }), item(3)],
      new Map(),
      60 * minute,
      10 * minute,
      seed,
    );
    expect(late.map((step) => step.itemId)).toEqual([3, 2]);
  });

  it('leaves a station alone while a person worked it within the idle time, and only that one', () => {
    const items = [item(1), item(2, { kitchenId: 4 }), item(3, { kitchenId: null })];
    const now = 60 * minute;
    const steps = (touched: [number | null, number][]) =>
      kitchenSteps(items, new Map(touched), now, 10 * minute, seed).map((step) => step.itemId);
    expect(steps([]).sort()).toEqual([1, 2, 3]);
    expect(steps([[3, now - 9 * minute]])).not.toContain(1);
    expect(steps([[3, now - 9 * minute]])).toHaveLength(2);
    expect(steps([[3, now - 10 * minute]])).toContain(1);
    expect(steps([[null, now - minute]])).not.toContain(3);
  });
});
