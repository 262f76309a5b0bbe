/**
 * The restaurants of `npm run bench:live`, written straight into the database before the server
 * starts: seed:large's set-based phases make the stores (menu, two kitchens, tables), every one
 * open, its floor cut to the size asked, with four tabs of one or two customers and three items
 * each (table 1 calling the waiter). Each store gets a manager whose sessions — one per screen,
 * one for whoever changes things — are opened with openSession and the server's JWT secret:
 * signing in 1,200 times would meet the login throttle and as many argon2 hashes.
 */
import { accounts, memberships } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { openSession } from '../../server/auth/sessions';
import type { Database } from '../../server/db/client';
import {
  canSkipTriggers,
  liveItemCount,
  seedCustomers,
  seedOrders,
  seedStores,
  walCheckpointer,
  type Context,
} from '../seed-large/phases';
import { int, lit, runner, type Run } from '../seed-large/sql';

/** Customers the tabs draw from. */
const CUSTOMERS = 2_000;

export type ItemStatus = 'PLACED' | 'PREPARING' | 'READY' | 'CANCELLED' | 'SAVED';
export type TableStatus = 'AVAILABLE' | 'OCCUPIED';

/** A generated store: its sessions and what its staff can change, as it is when the bench starts. */
export interface BenchStore {
  id: number;
  /** One session per screen: the floors first, then the kitchen board. */
  screenTokens: string[];
  /** The session of the staff member whose changes the screens must learn of. */
  actorToken: string;
  items: { id: number; status: ItemStatus }[];
  /** Tables without a tab, which staff may take and free. */
  freeTables: { id: number; status: TableStatus }[];
  /** Each customer's part of an open tab, and what it still owes (cents). */
  tickets: { orderId: number; customerId: number; owed: number }[];
}

export interface StoreOptions {
  stores: number;
  tablesPerStore: number;
  screensPerStore: number;
  jwtSecret: string;
  uploadsDir: string;
}

/** Generates the stores, their tabs and sessions; answers them as the bench will drive them. */
export async function prepareStores(database: Database, options: StoreOptions): Promise<BenchStore[]> {
  const { db } = database;
  const run = runner(db);
  const [now] = await run<{ anchor: string; today: string }>(
    `select to_char(date_trunc('minute', now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as anchor,
       to_char((now() at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD') as today`,
  );
  const ctx: Context = {
    run,
    transaction: (fn) => db.transaction((tx) => fn(runner(tx))),
    anchor: `timestamptz ${lit(now!.anchor)}`,
    today: lit(now!.today),
    skipTriggers: await canSkipTriggers(run),
    afterBatch: walCheckpointer(run, database.kind === 'pglite'),
  };

  const range = await seedStores(ctx, options.stores);
  const first = range.storeBase + 1;
  const last = range.storeBase + options.stores;
  const ours = (column: string) => `${column} between ${int(first)} and ${int(last)}`;
  // Every store is open tonight, on a floor of the size asked (the tabs take tables 1 to 4).
  await run(`update stores set status = 'OK' where ${ours('id')}`);
  await run(`delete from tables where ${ours('store_id')} and number > ${int(options.tablesPerStore)}`);
  const customers = await seedCustomers(ctx, CUSTOMERS, CUSTOMERS);
  const liveItems = await liveItemCount(run, range);
  await seedOrders(ctx, range, customers, liveItems, liveItems, liveItems);

  const managers = await db
    .insert(accounts)
    .values(
      Array.from({ length: options.stores }, (_, i) => ({
        fullname: `Gerente ${i + 1}`,
        email: `gerente.${first + i}@bench-live.painel.com.br`,
        role: 'MEMBER',
        last_store_id: first + i,
      })),
    )
    .returning({ id: accounts.id, last_store_id: accounts.last_store_id });
  await db.insert(memberships).values(
    managers.map((manager) => ({
      account_id: manager.id,
      store_id: manager.last_store_id!,
      role: 'MANAGER',
    })),
  );
  const app = await buildApp({ database, jwtSecret: options.jwtSecret, uploadsDir: options.uploadsDir });
  const sessions = new Map<number, string[]>();
  try {
    await Promise.all(
      managers.map(async (manager) => {
        const account = { ...manager, role: 'MEMBER', password_changed_at: null };
        const tokens: string[] = [];
        for (let i = 0; i <= options.screensPerStore; i++)
          tokens.push(await openSession(app, account, 'session'));
        sessions.set(manager.last_store_id!, tokens);
      }),
    );
  } finally {
    await app.close();
  }
  await run('analyze');
  return readStores(run, ours, sessions);
}

/** What each store's staff can change, read back from what was generated. */
async function readStores(
  run: Run,
  ours: (column: string) => string,
  sessions: Map<number, string[]>,
): Promise<BenchStore[]> {
  const stores = new Map<number, BenchStore>();
  for (const [id, tokens] of sessions) {
    stores.set(id, {
      id,
      screenTokens: tokens.slice(0, -1),
      actorToken: tokens[tokens.length - 1]!,
      items: [],
      freeTables: [],
      tickets: [],
    });
  }
  const items = await run<{ id: number; store_id: number; status: ItemStatus }>(
    `select id, store_id, status from order_items where ${ours('store_id')} order by id`,
  );
  for (const item of items) stores.get(item.store_id)!.items.push({ id: item.id, status: item.status });
  const free = await run<{ id: number; store_id: number; status: TableStatus }>(
    `select t.id, t.store_id, t.status from tables t
     where ${ours('t.store_id')}
       and not exists (select 1 from orders o where o.table_id = t.id and o.status = 'OPENED')
     order by t.number`,
  );
  for (const table of free)
    stores.get(table.store_id)!.freeTables.push({ id: table.id, status: table.status });
  const tickets = await run<{ order_id: number; store_id: number; customer_id: number; owed: number }>(
    `select k.order_id, k.store_id, k.customer_id, (k.total - k.total_paid)::int as owed
     from tickets k join orders o on o.id = k.order_id
     where ${ours('k.store_id')} and o.status = 'OPENED' order by k.id`,
  );
  for (const ticket of tickets) {
    stores.get(ticket.store_id)!.tickets.push({
      orderId: ticket.order_id,
      customerId: ticket.customer_id,
      owed: ticket.owed,
    });
  }
  return [...stores.values()];
}
