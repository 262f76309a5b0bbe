/**
 * The demo's service simulator: the customer app is not part of this product, so on the embedded
 * demo the guests of Cantina Bella and Sabor do Sertão are played here — they sit at free tables,
 * order, call the waiter, wait for their food, pay by the app and leave, and a busser clears the
 * tables they paid for. Where nobody works the kitchen board, the kitchen is played too: items are
 * started and made ready (./kitchen.ts). Every move goes through the functions the API's rules
 * live in (server/service/guests.ts, tabs.ts and kitchen.ts); a move a rule refuses is ordinary
 * service and is let go. The guests order and call the waiter through the front door, as a phone at
 * the table does (server/service/guest-orders.ts): with the table's current QR code, within the
 * guest API's limits, held for the staff when the store approves the table's orders.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  max,
  min,
  ne,
  notExists,
  notInArray,
  gte,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { kitchenBoard as itemsDefinition } from '../../contract/resources/kitchenBoard/definition';
import { rows, type Db, type Tx } from '../db/client';
import {
  auditEvents,
  categories,
  customers,
  orderItems,
  orders,
  payments,
  products,
  stores,
  tables,
  tickets,
} from '../db/schema';
import { HttpError } from '../http-errors';
import { Random } from '../seed/random';
import { isOrderable } from '../../contract/resources/orderEntry/rules';
import { GUEST_LIMITS, type TableCode } from '../../contract/resources/guest/paths';
import { countGuest, guestCallWaiter, guestOrder, type GuestLimit } from '../service/guest-orders';
import { asLine, joinTab, payByApp, seatGuests } from '../service/guests';
import { moveItem } from '../service/kitchen';
import { readMenuView } from '../service/menu-view';
import { closeOrder, lockOrder, lockTable, setTableStatus } from '../service/tabs';
import {
  chooseItems,
  nextMove,
  nextParty,
  pickMove,
  type MenuChoice,
  type Move,
  type TabView,
} from './decisions';
import { KITCHEN_STEPS_PER_TICK, kitchenSteps, type KitchenItem, type KitchenStep } from './kitchen';

/** The stores the demo gives full menus, kitchens and a live floor (server/seed/catalog.ts); no other is ever played. */
export const DEMO_STORES = ['cantinabella', 'sabordosertao'] as const;

/**
 * The first key of the advisory lock each store's tick takes (the second is the store's id): with
 * several servers on one database, the one that takes it plays that store's tick, the others skip.
 */
export const SIMULATOR_LOCK = 5_174_201;

export interface SimulatorOptions {
  log: Pick<FastifyBaseLogger, 'debug' | 'warn'>;
  /** The service time a tick plays, and how often the timer ticks (ms). */
  intervalMs?: number;
  /** false: no timer; the caller ticks (tests). */
  timer?: boolean;
  seed?: string;
  /** The simulator's time; the database stamps rows with its own (see Timeline). */
  clock?: () => Date;
  /**
   * How long (minutes) a station stays the staff's after a person last changed or cancelled one of
   * its items on the board: the simulator plays only the kitchens nobody works (SIMULATOR_KITCHEN_IDLE_MIN).
   */
  kitchenIdleMinutes?: number;
}

export interface Simulator {
  /** Plays one tick at each demo store; never rejects. */
  tick(now?: Date): Promise<void>;
  /** Stops the timer and waits for the tick under way. */
  stop(): Promise<void>;
}

export function startSimulator(db: Db, options: SimulatorOptions): Simulator {
  const {
    log,
    intervalMs = 5000,
    timer: timed = true,
    seed = 'jantar',
    clock = () => new Date(),
    kitchenIdleMinutes = 10,
  } = options;
  const streams = new Map(DEMO_STORES.map((slug) => [slug, new Random(seed).fork(slug)]));
  const timelines = new Map(DEMO_STORES.map((slug) => [slug, new Timeline()]));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function play(now: Date) {
    const found = await db
      .select({ id: stores.id, slug: stores.slug })
      .from(stores)
      .where(inArray(stores.slug, [...DEMO_STORES]))
      .orderBy(asc(stores.id));
    for (const store of found) {
      const slug = store.slug as (typeof DEMO_STORES)[number];
      const context: StoreTick = {
        db,
        storeId: store.id,
        slug,
        now: now.getTime(),
        tick: intervalMs,
        seed,
        rng: streams.get(slug)!,
        timeline: timelines.get(slug)!,
        idle: kitchenIdleMinutes * 60_000,
        log,
      };
      await playStore(context);
    }
  }

  function tick(now?: Date): Promise<void> {
    if (stopped) return running;
    const at = now ?? clock();
    // Ticks never overlap: one asked for while another plays waits for it.
    running = running
      .then(() => play(at))
      .catch((error: unknown) => log.warn({ err: error }, 'Simulador de serviço: rodada falhou'));
    return running;
  }

  // Ticks fall on the wall clock's multiples of the interval, so that several servers tick together
  // and the advisory lock lets one of them play.
  const plan = () => {
    timer = setTimeout(
      () =>
        void tick().finally(() => {
          if (!stopped) plan();
        }),
      intervalMs - (Date.now() % intervalMs),
    );
    timer.unref();
  };
  if (timed) plan();

  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

interface StoreTick {
  db: Db;
  storeId: number;
  slug: string;
  now: number;
  tick: number;
  seed: string;
  rng: Random;
  timeline: Timeline;
  /** How long a station stays the staff's after a person's change on the board (ms). */
  idle: number;
  log: SimulatorOptions['log'];
}

/**
 * One store's tick, in one transaction under the store's advisory lock: the floor and the kitchen
 * are read, and at most one move of the guests is played. One move, as one request of the staff's
 * would be: a transaction that went on to lock a second tab after writing could deadlock with the
 * staff (every write to a floor also takes the store's floor version). A move that fails is rolled
 * back whole. Then the kitchen's steps that are due, each in a transaction of its own.
 */
async function playStore(context: StoreTick): Promise<void> {
  const { storeId, now, timeline, rng } = context;
  let played: Move | null = null;
  let cooking: KitchenStep[] = [];
  try {
    await context.db.transaction(async (tx) => {
      const [turn] = rows<{ locked: boolean; now: number }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${SIMULATOR_LOCK}, ${storeId}) as locked,
            floor(extract(epoch from now()) * 1000)::float8 as now`,
        ),
      );
      if (!turn?.locked) return;
      timeline.note(turn.now, now);
      const [floor, menu, kitchen] = await Promise.all([
        readFloor(tx, storeId, timeline),
        readMenu(tx, storeId),
        readKitchen(tx, storeId, timeline, context.idle),
      ]);
      timeline.forgetBefore(Math.min(floor.earliest, kitchen.earliest));
      cooking = kitchenSteps(kitchen.items, kitchen.touchedAt, now, context.idle, context.seed).slice(
        0,
        KITCHEN_STEPS_PER_TICK,
      );
      const moves = floor.tabs
        .map((tab) => nextMove(tab, now, context.tick, context.seed, rng, menu.length > 0))
        .concat(nextParty(floor.tables, floor.lastPartyAt, now, context.tick, rng))
        .filter((move): move is Move => move !== null);
      played = pickMove(moves, rng);
      if (played) {
        await perform(tx, context, played, menu);
        await auditMove(tx, storeId, played);
      }
    });
  } catch (error) {
    letGo(context, error, { move: played });
  }
  for (const step of cooking) await cook(context, step);
}

/**
 * A rule refusing a move is the floor changing under the simulator's feet (a table just taken, a
 * tab closed, a product made unavailable, an item cancelled by a cook): life goes on. Anything else
 * is a warning; neither stops the ticks.
 */
function letGo(context: StoreTick, error: unknown, what: Record<string, unknown>): void {
  if (error instanceof HttpError) {
    context.log.debug(
      { store: context.slug, ...what, reason: error.message },
      'Simulador de serviço: ação recusada',
    );
  } else {
    context.log.warn({ err: error, store: context.slug, ...what }, 'Simulador de serviço: ação falhou');
  }
}

/**
 * One step of the kitchen, as a cook pressing the board would (server/service/kitchen.ts), in its
 * own transaction under the store's lock: the item's tab is locked first, as every change to a tab
 * is, and the step is played only if the item is still where the kitchen left it — a person who
 * moved or cancelled it meanwhile is never undone.
 */
async function cook(context: StoreTick, step: KitchenStep): Promise<void> {
  const { storeId } = context;
  try {
    await context.db.transaction(async (tx) => {
      const [turn] = rows<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${SIMULATOR_LOCK}, ${storeId}) as locked`),
      );
      if (!turn?.locked) return;
      await lockOrder(tx, step.orderId, storeId);
      const [item] = await tx
        .select({ status: orderItems.status, orderId: orderItems.order_id })
        .from(orderItems)
        .where(eq(orderItems.id, step.itemId));
      if (item?.status !== step.from || item.orderId !== step.orderId) return;
      await moveItem(tx, storeId, step.itemId, step.to);
      await auditCooking(tx, storeId, step);
    });
  } catch (error) {
    letGo(context, error, { cooking: step });
  }
}

/** The demo's guests, who play the customer app; the staff who clear paid tables; the kitchen. */
const GUESTS = 'Cliente (app, demonstração)';
const BUSSER = 'Equipe do salão (demonstração)';
export const KITCHEN = 'Cozinha (demonstração)';

async function perform(tx: Tx, context: StoreTick, move: Move, menu: MenuEntry[]): Promise<void> {
  const { storeId, rng } = context;
  switch (move.kind) {
    case 'seat': {
      // seatGuests lets guests open a tab at a table the staff took without one (guests seated by a
      // waiter order by the app too); the simulator's parties take only free tables.
      const table = await lockTable(tx, move.tableId, storeId);
      if (table.status !== 'AVAILABLE' || table.openOrder !== null) return;
      const party = await freeCustomers(tx, move.size, rng);
      if (party.length > 0) await seatGuests(tx, storeId, table.id, party);
      return;
    }
    case 'join': {
      const [latecomer] = await freeCustomers(tx, 1, rng);
      if (latecomer !== undefined) await joinTab(tx, storeId, move.orderId, latecomer);
      return;
    }
    case 'order': {
      const choices = await menuChoices(tx, storeId, menu);
      if (choices.length === 0) return;
      const table = await scanTable(tx, move.orderId);
      if (!table) return;
      await countGuest(tx, [
        inWindow(`guest:order:customer:${move.customerId}`, GUEST_LIMITS.ordersPerDevice, context.now),
        inWindow(`guest:order:table:${table.id}`, GUEST_LIMITS.ordersPerTable, context.now),
      ]);
      const lines = chooseItems(choices, move.first, rng).map(asLine);
      await guestOrder(tx, table.code, { customerId: move.customerId }, undefined, lines);
      return;
    }
    case 'callWaiter': {
      const table = await scanTable(tx, move.orderId);
      if (!table) return;
      await countGuest(tx, [
        inWindow(`guest:waiter:customer:${move.customerId}`, GUEST_LIMITS.waiterPerDevice, context.now),
      ]);
      await guestCallWaiter(tx, table.code, { customerId: move.customerId }, undefined);
      return;
    }
    case 'pay':
      await payByApp(tx, storeId, move.orderId, move.customerId, move.method);
      return;
    case 'clear':
      await closeOrder(tx, storeId, move.orderId);
      await setTableStatus(tx, storeId, move.tableId, 'AVAILABLE');
      return;
  }
}

/**
 * A guest limit's key in the simulator's own time: its clock may run faster than the database's
 * (a test plays an hour in seconds), so each window of its minutes is counted apart.
 */
const inWindow = (key: string, limit: GuestLimit, now: number): readonly [string, GuestLimit] => [
  `${key}:${Math.floor(now / (limit.minutes * 60_000))}`,
  limit,
];

/**
 * The QR code on the table of tab `orderId`, as a guest's phone reads it: the store, the table's
 * number and its current token (none once the tab has left its table).
 */
async function scanTable(tx: Tx, orderId: number): Promise<{ id: number; code: TableCode } | null> {
  const [table] = await tx
    .select({ id: tables.id, s: tables.store_id, t: tables.number, k: tables.token })
    .from(orders)
    .innerJoin(tables, eq(tables.id, orders.table_id))
    .where(eq(orders.id, orderId));
  return table ? { id: table.id, code: { s: table.s, t: table.t, k: table.k } } : null;
}

/** Who makes each move, and what it is, for the store's audit trail. */
const MOVES: Record<Move['kind'], { actor: string; action: string; summary: string }> = {
  seat: {
    actor: GUESTS,
    action: 'guest-seat',
    summary: 'Clientes sentaram à mesa e abriram a comanda pelo app',
  },
  join: { actor: GUESTS, action: 'guest-join', summary: 'Cliente entrou na comanda pelo app' },
  order: { actor: GUESTS, action: 'guest-order', summary: 'Pedido feito pelo app' },
  callWaiter: { actor: GUESTS, action: 'call-waiter', summary: 'Garçom chamado pelo app' },
  pay: { actor: GUESTS, action: 'guest-pay', summary: 'Pagamento pelo app' },
  clear: { actor: BUSSER, action: 'release', summary: 'Comanda paga fechada e mesa liberada' },
};

/**
 * The move's audit row, as a request's would be (server/plugins/audit.ts), when it wrote anything:
 * the demo's guests play the customer app, which is not this product, so they are named as such.
 */
async function auditMove(tx: Tx, storeId: number, move: Move): Promise<void> {
  const { actor, action, summary } = MOVES[move.kind];
  const record = 'orderId' in move ? String(move.orderId) : String(move.tableId);
  const resource = 'orderId' in move ? 'commands' : 'tables';
  const extra = move.kind === 'pay' ? ` (${move.method === 'PIX' ? 'Pix' : 'cartão de crédito'})` : '';
  await tx.execute(
    sql`select audit_append(${storeId}::integer, null, ${actor}, false, null, null, ${resource}, ${record},
      ${action}, ${summary + extra}, null)
      where coalesce(nullif(current_setting('painel.audit_count', true), ''), '0')::integer > 0`,
  );
}

/** A kitchen step's audit row, as the board's own request would leave, named as the demo's kitchen. */
async function auditCooking(tx: Tx, storeId: number, step: KitchenStep): Promise<void> {
  const summary = `Item ${step.name} ${step.to === 'READY' ? 'pronto' : 'em preparo'}`;
  await tx.execute(
    sql`select audit_append(${storeId}::integer, null, ${KITCHEN}, false, null, null, ${itemsDefinition.name},
      ${String(step.itemId)}, 'status', ${summary}, null)
      where coalesce(nullif(current_setting('painel.audit_count', true), ''), '0')::integer > 0`,
  );
}

/**
 * The store's tables and its open tabs with guests, their times on the simulator's clock, and the
 * earliest database time it dated (the timeline keeps what dates it).
 */
async function readFloor(tx: Tx, storeId: number, timeline: Timeline) {
  const open = and(eq(orders.store_id, storeId), eq(orders.status, 'OPENED'), isNotNull(orders.table_id));
  const lastPayment = tx
    .select({ at: max(payments.created_at) })
    .from(payments)
    .where(and(eq(payments.order_id, orders.id), isNull(payments.cancelled_at)));
  const [tableRows, tabRows, guestRows, [lastParty]] = await Promise.all([
    tx
      .select({ id: tables.id, status: tables.status })
      .from(tables)
      .where(eq(tables.store_id, storeId))
      .orderBy(asc(tables.id)),
    tx
      .select({
        id: orders.id,
        tableId: orders.table_id,
        seatedAt: orders.created_at,
        waiterAt: orders.waiter_requested_at,
        paidAt: sql<Date | null>`(${lastPayment})`.mapWith(payments.created_at),
      })
      .from(orders)
      .where(open)
      .orderBy(asc(orders.id)),
    tx
      .select({
        orderId: tickets.order_id,
        customerId: tickets.customer_id,
        joinedAt: tickets.created_at,
        total: tickets.total,
        paid: tickets.total_paid,
        items: count(orderItems.id),
        pending: sql<number>`count(*) filter (where ${orderItems.status} in ('PLACED', 'PREPARING'))`.mapWith(
          Number,
        ),
        servedAt:
          sql<Date | null>`max(${orderItems.updated_at}) filter (where ${orderItems.status} in ('READY', 'CANCELLED'))`.mapWith(
            orderItems.updated_at,
          ),
        lastOrderAt: max(orderItems.created_at),
      })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.order_id))
      .leftJoin(orderItems, and(eq(orderItems.ticket_id, tickets.id), ne(orderItems.status, 'SAVED')))
      .where(open)
      .groupBy(tickets.id)
      .orderBy(asc(tickets.id)),
    tx
      .select({ at: max(orders.created_at) })
      .from(orders)
      .where(and(eq(orders.store_id, storeId), isNotNull(orders.table_id))),
  ]);
  const dates = [
    ...tabRows.map((tab) => tab.seatedAt),
    ...guestRows.map((guest) => guest.joinedAt),
    ...(lastParty?.at ? [lastParty.at] : []),
  ];
  const at = (date: Date) => timeline.dated(date.getTime());
  // A tab with a guest the staff seated (without the app, or the table's own) is the staff's.
  const staffs = new Set(guestRows.flatMap((guest) => (guest.customerId === null ? [guest.orderId] : [])));
  const tabs: TabView[] = tabRows.map((tab) => {
    const own = guestRows.flatMap((guest) =>
      guest.orderId === tab.id && guest.customerId !== null
        ? [{ ...guest, customerId: guest.customerId }]
        : [],
    );
    const served = own.flatMap((guest) => (guest.servedAt ? [at(guest.servedAt)] : []));
    return {
      id: tab.id,
      tableId: tab.tableId!,
      seatedAt: at(tab.seatedAt),
      waiterAt: tab.waiterAt ? at(tab.waiterAt) : null,
      lastPaymentAt: tab.paidAt ? at(tab.paidAt) : null,
      servedAt: served.length > 0 ? Math.max(...served) : null,
      guests: own.map((guest) => ({
        customerId: guest.customerId,
        joinedAt: at(guest.joinedAt),
        items: guest.items,
        lastOrderAt: guest.lastOrderAt ? at(guest.lastOrderAt) : null,
        pending: guest.pending,
        owed: Math.max(0, guest.total - guest.paid),
        paid: guest.paid,
      })),
    };
  });
  const occupiedTables = new Set(tabs.map((tab) => tab.tableId));
  return {
    tables: tableRows.map((table) => ({ ...table, open: occupiedTables.has(table.id) })),
    // Only tabs with guests are the guests' to play; a tab without any, or one the staff opened
    // for guests without the app, is nobody's business here.
    tabs: tabs.filter((tab) => tab.guests.length > 0 && !staffs.has(tab.id)),
    lastPartyAt: lastParty?.at ? at(lastParty.at) : null,
    earliest: Math.min(...dates.map((date) => date.getTime())),
  };
}

/** Another product of the same category, to tell a drinks category by its products' icons. */
const sameCategory = alias(products, 'same_category');

/**
 * What the store's kitchen still has to make — the items of its open tabs ordered or being
 * prepared, oldest first — and when a person last changed or cancelled an item of each station
 * through the API, within `idle`: the audit trail's rows of the board's calls made by an account
 * (the simulator's own have none). Dated on the simulator's clock; `earliest` as in readFloor.
 */
async function readKitchen(tx: Tx, storeId: number, timeline: Timeline, idle: number) {
  const drinkCategory = tx
    .select({ id: sameCategory.id })
    .from(sameCategory)
    .where(and(eq(sameCategory.category_id, products.category_id), isNotNull(sameCategory.icon)));
  const [itemRows, touchRows] = await Promise.all([
    tx
      .select({
        id: orderItems.id,
        orderId: orderItems.order_id,
        kitchenId: orderItems.kitchen_id,
        productId: orderItems.product_id,
        name: orderItems.name,
        status: orderItems.status,
        orderedAt: orderItems.created_at,
        since: orderItems.updated_at,
        drink: sql<boolean>`coalesce(${isNotNull(products.icon)} or ${exists(drinkCategory)}, false)`,
      })
      .from(orderItems)
      .innerJoin(orders, and(eq(orders.id, orderItems.order_id), eq(orders.status, 'OPENED')))
      .leftJoin(products, eq(products.id, orderItems.product_id))
      .where(and(eq(orderItems.store_id, storeId), inArray(orderItems.status, ['PLACED', 'PREPARING'])))
      .orderBy(asc(orderItems.created_at), asc(orderItems.id)),
    // The simulator's clock never runs slower than the database's, so the last `idle` of the
    // database's time holds every touch within the last `idle` of the simulator's.
    tx
      .select({ kitchenId: orderItems.kitchen_id, at: max(auditEvents.at) })
      .from(auditEvents)
      .innerJoin(
        orderItems,
        sql`${orderItems.id} = case when ${auditEvents.record_id} ~ '^[0-9]{1,9}$' then ${auditEvents.record_id}::integer end`,
      )
      .where(
        and(
          eq(auditEvents.store_id, storeId),
          eq(auditEvents.resource, itemsDefinition.name),
          isNotNull(auditEvents.account_id),
          sql`${auditEvents.at} > now() - make_interval(secs => ${idle / 1000})`,
          eq(orderItems.store_id, storeId),
        ),
      )
      .groupBy(orderItems.kitchen_id),
  ]);
  const at = (date: Date) => timeline.dated(date.getTime());
  const items: KitchenItem[] = itemRows.map((row) => ({
    ...row,
    status: row.status as KitchenItem['status'],
    orderedAt: at(row.orderedAt),
    since: at(row.since),
  }));
  const touchedAt = new Map(
    touchRows.flatMap((row) => (row.at ? [[row.kitchenId, at(row.at)] as const] : [])),
  );
  const dates = [
    ...itemRows.flatMap((row) => [row.orderedAt, row.since]),
    ...touchRows.flatMap((row) => (row.at ? [row.at] : [])),
  ];
  return { items, touchedAt, earliest: Math.min(...dates.map((date) => date.getTime())) };
}

/** A product guests may order, by what the tick reads: its id and its sales. */
interface MenuEntry {
  id: number;
  sold: number;
}

/**
 * What the store's guests may order: available products of available categories, not complements
 * only. Every tick needs to know whether there is anything (a tab may order); only a tick that
 * plays an order reads the whole menu (menuChoices).
 */
function readMenu(tx: Tx, storeId: number): Promise<MenuEntry[]> {
  return tx
    .select({ id: products.id, sold: products.n_sold })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(
      and(
        eq(products.store_id, storeId),
        eq(products.available, true),
        eq(products.complement_only, false),
        eq(categories.available, true),
      ),
    )
    .orderBy(asc(products.id));
}

/**
 * The menu's products a guest can order now, as the order rules read the menu (a product whose
 * required group has run out of options is left out), with their sales.
 */
async function menuChoices(tx: Tx, storeId: number, menu: readonly MenuEntry[]): Promise<MenuChoice[]> {
  const sold = new Map(menu.map((entry) => [entry.id, entry.sold]));
  const view = await readMenuView(tx, storeId);
  return view.products.flatMap((product) => {
    const sales = sold.get(product.id);
    return sales !== undefined && isOrderable(product) ? [{ product, sold: sales }] : [];
  });
}

/**
 * Up to `count` active customers of the platform who are not seated at any table now, each found
 * from a random point of the id order (an index walk, however many customers there are). The
 * tickets looked at are bounded by that point too: without the bound the planner may merge the
 * customers with every ticket from the first customer's on, a walk that grows with the history.
 */
async function freeCustomers(tx: Tx, wanted: number, rng: Random): Promise<number[]> {
  const active = eq(customers.status, 'ACTIVE');
  const [range] = await tx
    .select({ first: min(customers.id), last: max(customers.id) })
    .from(customers)
    .where(active);
  if (!range?.first || !range.last) return [];
  const chosen: number[] = [];
  for (let attempt = 0; attempt < wanted * 2 && chosen.length < wanted; attempt++) {
    const from = rng.int(range.first, range.last);
    const seatedNow = tx
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.order_id))
      .where(
        and(
          eq(tickets.customer_id, customers.id),
          gte(tickets.customer_id, from),
          eq(orders.status, 'OPENED'),
        ),
      );
    const [found] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          active,
          gte(customers.id, from),
          chosen.length > 0 ? notInArray(customers.id, chosen) : undefined,
          notExists(seatedNow),
        ),
      )
      .orderBy(asc(customers.id))
      .limit(1);
    if (found) chosen.push(found.id);
  }
  return chosen;
}

/**
 * Dates rows on the simulator's clock. The database stamps what a transaction writes with its own
 * time (`now()`, the transaction's start); the simulator decides on its clock, which in service is
 * the same give or take the hosts' drift, but in a test plays an hour in a few seconds. Each tick
 * notes both, and a row is dated through the last tick noted before it was written: a tick's own
 * rows exactly at the tick's time.
 */
class Timeline {
  /** (database time, simulator time − database time), by database time. */
  private marks: { db: number; offset: number }[] = [];

  note(db: number, simulated: number): void {
    const offset = simulated - db;
    const last = this.marks[this.marks.length - 1];
    // In service the two clocks run together: one mark is enough until they drift apart.
    if (last && Math.abs(last.offset - offset) < 1000) return;
    this.marks.push({ db, offset });
  }

  /** A database time on the simulator's clock; before the first tick the two are taken as one. */
  dated(db: number): number {
    let offset = 0;
    for (const mark of this.marks) {
      if (mark.db > db) break;
      offset = mark.offset;
    }
    return db + offset;
  }

  /** Forgets the marks no row still read is dated by. */
  forgetBefore(db: number): void {
    const keep = this.marks.findIndex((_, i) => (this.marks[i + 1]?.db ?? Infinity) > db);
    if (keep > 0) this.marks.splice(0, keep);
  }
}
