import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  categories,
  complementGroupProducts,
  complementGroups,
  customers,
  kitchens,
  productComplementGroups,
  products,
  stores,
  tables,
} from '../../server/db/schema';
import { placeItems, seatGuests, type ItemRequest } from '../../server/service/guests';
import { as, createTestApp, demo, login, storeId, type TestApp, type TestAppOptions } from './helpers';

/**
 * A small floor for the service tests, in one store: a kitchen and a bar, a dish, a drink and a
 * complement, numbered tables, and guests. Guests sit and order through the same functions the
 * service simulator uses (server/service/guests.ts).
 */
export interface Floor {
  storeId: number;
  kitchen: number;
  bar: number;
  /** R$ 50,00, to the kitchen. */
  dish: number;
  /** R$ 12,00, to the bar. */
  drink: number;
  /** R$ 5,00, a complement. */
  extra: number;
  /** The dish's complement group 'Adicionais' (0 to 2), which offers `extra`. */
  extras: number;
  /** Table ids by number. */
  tables: Map<number, number>;
}

let serial = 0;

export async function buildFloor(
  db: Db,
  storeId: number,
  tableNumbers: readonly number[],
  serviceCharge = 10,
) {
  await db.update(stores).set({ service_charge: serviceCharge }).where(eq(stores.id, storeId));
  const [kitchen] = await db.insert(kitchens).values({ store_id: storeId, name: 'Cozinha' }).returning();
  const [bar] = await db.insert(kitchens).values({ store_id: storeId, name: 'Bar' }).returning();
  const [category] = await db.insert(categories).values({ store_id: storeId, name: 'Pratos' }).returning();
  const product = async (name: string, price: number, kitchenId: number | null) =>
    (
      await db
        .insert(products)
        .values({
          store_id: storeId,
          category_id: category!.id,
          name,
          price,
          external_code: `T${++serial}`,
          kitchen_id: kitchenId,
        })
        .returning({ id: products.id })
    )[0]!.id;
  const floor: Floor = {
    storeId,
    kitchen: kitchen!.id,
    bar: bar!.id,
    dish: await product('Risoto de cogumelos', 5000, kitchen!.id),
    drink: await product('Suco de laranja', 1200, bar!.id),
    extra: await product('Parmesão extra', 500, null),
    extras: 0,
    tables: new Map(),
  };
  // The complement is ordered only with the dish, in its group of extras (up to two of them).
  await db.update(products).set({ complement_only: true }).where(eq(products.id, floor.extra));
  const [extras] = await db
    .insert(complementGroups)
    .values({ store_id: storeId, name: 'Adicionais', min_items: 0, max_items: 2 })
    .returning({ id: complementGroups.id });
  floor.extras = extras!.id;
  await db
    .insert(complementGroupProducts)
    .values({ group_id: floor.extras, product_id: floor.extra, store_id: storeId });
  await db
    .insert(productComplementGroups)
    .values({ product_id: floor.dish, group_id: floor.extras, store_id: storeId });
  for (const number of tableNumbers) {
    const [table] = await db
      .insert(tables)
      .values({ store_id: storeId, number, name: `Mesa ${number}` })
      .returning({ id: tables.id });
    floor.tables.set(number, table!.id);
  }
  return floor;
}

/** New customers (a birthday today for `birthdayToday` of them: the first ones). */
export async function newGuests(db: Db, count: number, birthdayToday = 0): Promise<number[]> {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date())
    .replace('/', '-');
  const rows = Array.from({ length: count }, (_, i) => {
    const n = ++serial;
    return {
      fullname: `Convidado ${n}`,
      username: `convidado${n}`,
      email: `convidado${n}@exemplo.com.br`,
      birthdate: i < birthdayToday ? `1990-${today}` : '1980-01-15',
      platform: 'IOS' as const,
    };
  });
  return (await db.insert(customers).values(rows).returning({ id: customers.id })).map((row) => row.id);
}

/** Guests sit at table `number` and each orders: returns the tab's id. */
export async function seatAndOrder(
  db: Db,
  floor: Floor,
  number: number,
  orders: readonly { customerId: number; items: readonly ItemRequest[] }[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const orderId = await seatGuests(
      tx,
      floor.storeId,
      floor.tables.get(number)!,
      orders.map((order) => order.customerId),
    );
    for (const order of orders) {
      if (order.items.length > 0) await placeItems(tx, floor.storeId, orderId, order.customerId, order.items);
    }
    return orderId;
  });
}

export interface ServiceApp {
  t: TestApp;
  cantina: ReturnType<typeof as>;
  sertao: ReturnType<typeof as>;
  admin: ReturnType<typeof as>;
  /** Cantina Bella's floor, with the tables numbered `tableNumbers` and a 10 % service charge. */
  floor: Floor;
  /** Sabor do Sertão's one table, that Cantina Bella's staff must never reach. */
  other: Floor;
}

/** An app with the demo's accounts, their callers and a small floor at each of the two stores. */
export async function openService(
  tableNumbers: readonly number[],
  options: TestAppOptions = {},
): Promise<ServiceApp> {
  const t = await createTestApp(options);
  return {
    t,
    cantina: as(t.app, await login(t.app, demo.cantina)),
    sertao: as(t.app, await login(t.app, demo.sertao)),
    admin: as(t.app, await login(t.app, demo.admin)),
    floor: await buildFloor(t.app.db, await storeId(t.app.db, 'Cantina Bella'), tableNumbers),
    other: await buildFloor(t.app.db, await storeId(t.app.db, 'Sabor do Sertão'), [1], 0),
  };
}
