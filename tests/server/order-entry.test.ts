import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../server/db/client';
import {
  auditEvents,
  categories,
  complementGroups,
  orderItems,
  orders,
  products,
  tables,
  tickets,
} from '../../server/db/schema';
import { placeItems, seatGuests, type ItemRequest } from '../../server/service/guests';
import { readMenuView } from '../../server/service/menu-view';
import type { Order } from '../../contract/resources/tabs/definition';
import type { Draft, OrderEntryMenu } from '../../contract/resources/orderEntry/input';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';
import { buildFloor, newGuests, seatAndOrder, type Floor } from './service-fixtures';

/**
 * Every order, whoever places it (the service simulator, the waiter's order entry, the guest
 * page), goes through `placeItems`, which checks it against the store's menu as it is then. On
 * both databases: the `pg` project runs this file on PostgreSQL.
 */
let t: TestApp;
let floor: Floor;
let other: Floor;
let tab: number;
let guest: number;
let waiter: ReturnType<typeof as>;
let kitchen: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  floor = await buildFloor(t.app.db, await storeId(t.app.db, 'Cantina Bella'), [1]);
  other = await buildFloor(t.app.db, await storeId(t.app.db, 'Sabor do Sertão'), [1], 0);
  [guest] = (await newGuests(t.app.db, 1)) as [number];
  tab = await seatAndOrder(t.app.db, floor, 1, [{ customerId: guest, items: [] }]);
  const password = 'Garcom@2026';
  for (const [email, role] of [
    ['garcom@cantinabella.com.br', 'WAITER'],
    ['cozinha@cantinabella.com.br', 'KITCHEN'],
  ] as const)
    await createAccount(t.app.db, { email, password, role, store_id: floor.storeId });
  waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password }));
  kitchen = as(t.app, await login(t.app, { email: 'cozinha@cantinabella.com.br', password }));
  admin = as(t.app, await login(t.app, demo.admin));
});

afterAll(async () => {
  await t?.close();
});

/** Rolled back whatever happens: a menu changed for one case is the fixture's again for the next. */
class Rollback extends Error {}

/**
 * Orders `requests` after `change`s the menu, all undone after, and answers what was thrown. The
 * tab's items are counted in the same transaction, before it is undone: a refused order leaves none.
 */
async function refusalOf(requests: ItemRequest[], change?: (tx: Tx) => Promise<unknown>) {
  const count = async (tx: Tx) =>
    (await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, tab))).length;
  let refusal: unknown;
  let placed = 0;
  await t.app.db
    .transaction(async (tx) => {
      await change?.(tx);
      const before = await count(tx);
      try {
        await placeItems(tx, floor.storeId, tab, guest, requests);
      } catch (error) {
        refusal = error;
      }
      placed = (await count(tx)) - before;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return { refusal: refusal as { statusCode?: number; message?: string } | undefined, placed };
}

const dish = (over: Partial<ItemRequest> = {}): ItemRequest => ({ productId: floor.dish, ...over });
const extra = (quantity = 1) => ({ groupId: floor.extras, productId: floor.extra, quantity });

describe('an order checked against the menu', () => {
  it('reads the menu with each product’s groups and options, and only the store’s products', async () => {
    const view = await t.app.db.transaction((tx) => readMenuView(tx, floor.storeId));
    const risotto = view.products.find((product) => product.id === floor.dish)!;
    expect(risotto).toMatchObject({ name: 'Risoto de cogumelos', price: 5000, available: true });
    expect(risotto.groups).toEqual([
      {
        id: floor.extras,
        name: 'Adicionais',
        min: 0,
        max: 2,
        allow_repeat: false,
        options: [{ product_id: floor.extra, name: 'Parmesão extra', price: 500, available: true }],
      },
    ]);
    expect(view.products.some((product) => product.id === other.dish)).toBe(false);
  });

  it('places what the menu allows, priced by the menu, with each complement’s group', async () => {
    const [id] = await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, tab, guest, [
        dish({ complements: [extra()], observations: '  Sem sal  ', quantity: 2 }),
      ]),
    );
    const [item] = await t.app.db.select().from(orderItems).where(eq(orderItems.id, id!));
    expect(item).toMatchObject({
      product_id: floor.dish,
      product_price: 5000,
      quantity: 2,
      observations: 'Sem sal',
      status: 'PLACED',
      kitchen_id: floor.kitchen,
      complements: [
        { group_id: floor.extras, product_id: floor.extra, name: 'Parmesão extra', price: 500, quantity: 1 },
      ],
    });
  });

  it.each<[string, () => ItemRequest[], ((tx: Tx) => Promise<unknown>) | undefined, number, string]>([
    ['no item', () => [], undefined, 400, 'Escolha ao menos um item.'],
    [
      'more than 30 items',
      () => Array.from({ length: 31 }, () => dish()),
      undefined,
      400,
      'Um pedido pode ter no máximo 30 itens.',
    ],
    [
      'a product of another store',
      () => [{ productId: other.dish }],
      undefined,
      404,
      'Produto não encontrado.',
    ],
    [
      'an unavailable product',
      () => [dish()],
      (tx) => tx.update(products).set({ available: false }).where(eq(products.id, floor.dish)),
      409,
      'O produto Risoto de cogumelos está indisponível.',
    ],
    [
      'a product of a switched-off category',
      () => [dish()],
      (tx) =>
        tx
          .update(categories)
          .set({ available: false })
          .where(sql`${categories.id} = (select category_id from products where id = ${floor.dish})`),
      409,
      'O produto Risoto de cogumelos está indisponível.',
    ],
    [
      'a product whose required group has no option left',
      () => [dish({ complements: [extra()] })],
      async (tx) => {
        await tx.update(complementGroups).set({ min_items: 1 }).where(eq(complementGroups.id, floor.extras));
        await tx.update(products).set({ available: false }).where(eq(products.id, floor.extra));
      },
      409,
      'O produto Risoto de cogumelos está indisponível.',
    ],
    [
      'a complement ordered alone',
      () => [{ productId: floor.extra }],
      undefined,
      400,
      'Parmesão extra só pode ser pedido como complemento.',
    ],
    [
      'a product as an option of a group that does not offer it',
      () => [dish({ complements: [{ groupId: floor.extras, productId: floor.drink }] })],
      undefined,
      400,
      'O complemento Suco de laranja não faz parte de "Adicionais" em Risoto de cogumelos.',
    ],
    [
      'an option of another product’s group',
      () => [{ productId: floor.drink, complements: [extra()] }],
      undefined,
      400,
      'O complemento Parmesão extra não faz parte de "Adicionais" em Suco de laranja.',
    ],
    [
      'an unavailable option',
      () => [dish({ complements: [extra()] })],
      (tx) => tx.update(products).set({ available: false }).where(eq(products.id, floor.extra)),
      409,
      'O complemento Parmesão extra está indisponível.',
    ],
    [
      'fewer options than the group’s minimum',
      () => [dish()],
      (tx) => tx.update(complementGroups).set({ min_items: 1 }).where(eq(complementGroups.id, floor.extras)),
      400,
      'Escolha pelo menos 1 opção em "Adicionais" para Risoto de cogumelos.',
    ],
    [
      'more options than the group’s maximum',
      () => [dish({ complements: [extra(3)] })],
      (tx) =>
        tx.update(complementGroups).set({ allow_repeat: true }).where(eq(complementGroups.id, floor.extras)),
      400,
      'Escolha no máximo 2 opções em "Adicionais" para Risoto de cogumelos.',
    ],
    [
      'an option repeated where the group does not repeat',
      () => [dish({ complements: [extra(2)] })],
      undefined,
      400,
      'Em "Adicionais" cada opção só pode ser escolhida uma vez.',
    ],
    [
      'observations on a product that takes none',
      () => [dish({ observations: 'Bem passado' })],
      (tx) => tx.update(products).set({ allow_observations: false }).where(eq(products.id, floor.dish)),
      400,
      'O produto Risoto de cogumelos não aceita observações.',
    ],
    [
      'observations over 140 characters',
      () => [dish({ observations: 'x'.repeat(141) })],
      undefined,
      400,
      'A observação pode ter no máximo 140 caracteres.',
    ],
    ['a quantity of 0', () => [dish({ quantity: 0 })], undefined, 400, 'A quantidade deve ser de 1 a 50.'],
    ['a quantity of 51', () => [dish({ quantity: 51 })], undefined, 400, 'A quantidade deve ser de 1 a 50.'],
    [
      'a good line beside a bad one',
      () => [{ productId: floor.drink }, dish({ quantity: 51 })],
      undefined,
      400,
      'A quantidade deve ser de 1 a 50.',
    ],
  ])('refuses %s, and places nothing', async (_case, requests, change, statusCode, message) => {
    const { refusal, placed } = await refusalOf(requests(), change);
    expect(refusal).toMatchObject({ statusCode, message });
    expect(placed).toBe(0);
  });

  it('places an option chosen twice where its group repeats, as one complement of both', async () => {
    const { refusal, placed } = await refusalOf([dish({ complements: [extra(), extra()] })], (tx) =>
      tx.update(complementGroups).set({ allow_repeat: true }).where(eq(complementGroups.id, floor.extras)),
    );
    expect(refusal).toBeUndefined();
    expect(placed).toBe(1);
    await t.app.db
      .transaction(async (tx) => {
        await tx
          .update(complementGroups)
          .set({ allow_repeat: true })
          .where(eq(complementGroups.id, floor.extras));
        const [id] = await placeItems(tx, floor.storeId, tab, guest, [
          dish({ complements: [extra(), extra()] }),
        ]);
        const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, id!));
        expect(item!.complements).toEqual([
          {
            group_id: floor.extras,
            product_id: floor.extra,
            name: 'Parmesão extra',
            price: 500,
            quantity: 2,
          },
        ]);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});

describe('the waiter’s order entry (GET /api/orders/menu, POST /api/orders/id/:id/items)', () => {
  const ticketOf = async (orderId: number) =>
    (await t.app.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.order_id, orderId)))[0]!.id;
  const send = (payload: unknown, call = waiter, orderId = tab) =>
    call({ method: 'POST', url: `/api/orders/id/${orderId}/items`, payload: payload as object });

  it('reads the store’s menu: categories, products with their groups, what can be had now', async () => {
    const response = await waiter({ method: 'GET', url: '/api/orders/menu' });
    expect(response.statusCode, response.body).toBe(200);
    const menu = (response.json() as { data: OrderEntryMenu }).data;
    const risotto = menu.products.find((product) => product.id === floor.dish)!;
    expect(menu.categories.some((category) => category.id === risotto.category_id)).toBe(true);
    expect(risotto.groups.map((group) => group.name)).toEqual(['Adicionais']);
    expect(menu.products.some((product) => product.id === other.dish)).toBe(false);
    // An administrator names the restaurant; the kitchen's role has no floor.
    expect((await admin({ method: 'GET', url: '/api/orders/menu' })).statusCode).toBe(400);
    const forOther = await admin({ method: 'GET', url: `/api/orders/menu?store_id=${other.storeId}` });
    expect((forOther.json() as { data: OrderEntryMenu }).data.products.some((p) => p.id === other.dish)).toBe(
      true,
    );
    expect((await kitchen({ method: 'GET', url: '/api/orders/menu' })).statusCode).toBe(403);
  });

  it('sends a guest’s items priced by the menu (a price sent is ignored), answers the tab, and audits it', async () => {
    const ticket = await ticketOf(tab);
    const response = await send({
      ticket_id: ticket,
      items: [
        {
          product_id: floor.dish,
          quantity: 1,
          complements: [{ group_id: floor.extras, product_id: floor.extra }],
          observations: 'Sem cebola',
          price: 1,
          product_price: 1,
        },
        { product_id: floor.drink, quantity: 2, total: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = (response.json() as { data: Order }).data;
    const lines = await t.app.db
      .select({
        name: orderItems.name,
        price: orderItems.product_price,
        quantity: orderItems.quantity,
        status: orderItems.status,
      })
      .from(orderItems)
      .where(and(eq(orderItems.order_id, tab), eq(orderItems.ticket_id, ticket)))
      .orderBy(desc(orderItems.id))
      .limit(2);
    expect(lines).toEqual([
      { name: 'Suco de laranja', price: 1200, quantity: 2, status: 'PLACED' },
      { name: 'Risoto de cogumelos', price: 5000, quantity: 1, status: 'PLACED' },
    ]);
    expect(order.id).toBe(tab);
    const [audit] = await t.app.db
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toEqual({ action: 'add-items', summary: 'Mesa 1: 2 itens lançados pelo garçom' });
  });

  it('places a send once however often it is retried, its answer compressed as a browser asks', async () => {
    const ticket = await ticketOf(tab);
    const count = async () =>
      (await t.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, tab)))
        .length;
    const before = await count();
    const sendOnce = () =>
      waiter({
        method: 'POST',
        url: `/api/orders/id/${tab}/items`,
        headers: { 'accept-encoding': 'br', 'idempotency-key': 'b5b1c7a0-5f43-4c2e-9d0e-6f1f7c1e2a33' },
        payload: { ticket_id: ticket, items: [{ product_id: floor.drink }] },
      });
    const first = await sendOnce();
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString()) as { data: Order };
    expect(answer.data.id).toBe(tab);
    const again = await sendOnce();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const replayed =
      again.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(again.rawPayload)
        : again.rawPayload;
    expect(JSON.parse(replayed.toString())).toEqual(answer);
    expect(await count()).toBe(before + 1);
  });

  it('refuses, in Portuguese and placing nothing, what the menu or the shape does not allow', async () => {
    const ticket = await ticketOf(tab);
    const before = (
      await t.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, tab))
    ).length;
    const cases: [unknown, number, string][] = [
      [{ ticket_id: ticket, items: [] }, 400, 'Escolha ao menos um item. (campo items)'],
      [
        { ticket_id: ticket, items: [{ product_id: floor.dish, quantity: 51 }] },
        400,
        'A quantidade deve ser de 1 a 50. (campo items.0.quantity)',
      ],
      [
        { ticket_id: ticket, items: [{ product_id: floor.extra }] },
        400,
        'Parmesão extra só pode ser pedido como complemento.',
      ],
      [
        {
          ticket_id: ticket,
          items: [
            {
              product_id: floor.dish,
              complements: [{ group_id: floor.extras, product_id: floor.extra, quantity: 2 }],
            },
          ],
        },
        400,
        'Em "Adicionais" cada opção só pode ser escolhida uma vez.',
      ],
      [{ ticket_id: ticket, items: [{ product_id: other.dish }] }, 404, 'Produto não encontrado.'],
      [
        { ticket_id: ticket + 100_000, items: [{ product_id: floor.dish }] },
        404,
        'Este cliente não está nesta comanda.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(response)).toBe(message);
    }
    const unknownKey = await send({ ticket_id: ticket, items: [{ product_id: floor.dish, discount: 100 }] });
    expect(unknownKey.statusCode).toBe(400);
    const after = (
      await t.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, tab))
    ).length;
    expect(after).toBe(before);
  });

  it('keeps staff to their own store, the kitchen’s role off the floor, and a closed tab closed', async () => {
    const ticket = await ticketOf(tab);
    const [otherGuest] = await newGuests(t.app.db, 1);
    const otherTab = await seatAndOrder(t.app.db, other, 1, [{ customerId: otherGuest!, items: [] }]);
    const elsewhere = await send(
      { ticket_id: await ticketOf(otherTab), items: [{ product_id: other.dish }] },
      waiter,
      otherTab,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect((await send({ ticket_id: ticket, items: [{ product_id: floor.dish }] }, kitchen)).statusCode).toBe(
      403,
    );

    const [late] = await newGuests(t.app.db, 1);
    await t.app.db
      .update(tables)
      .set({ status: 'AVAILABLE' })
      .where(eq(tables.id, floor.tables.get(1)!));
    const closedTab = await t.app.db.transaction(async (tx) => {
      const [table] = await tx
        .insert(tables)
        .values({ store_id: floor.storeId, number: 90, name: 'Mesa 90' })
        .returning({ id: tables.id });
      const id = await seatGuests(tx, floor.storeId, table!.id, [late!]);
      await tx.update(orders).set({ status: 'CLOSED', closed_at: new Date() }).where(eq(orders.id, id));
      return id;
    });
    const closed = await send(
      { ticket_id: await ticketOf(closedTab), items: [{ product_id: floor.dish }] },
      waiter,
      closedTab,
    );
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe('A comanda já está fechada.');
  });
});

describe('the waiter’s draft (GET and PUT /api/orders/id/:id/tickets/:ticket_id/draft)', () => {
  let draftTab: number;
  let ticket: number;
  let manager: ReturnType<typeof as>;
  const draftUrl = () => `/api/orders/id/${draftTab}/tickets/${ticket}/draft`;
  const read = async (call = waiter) => {
    const response = await call({ method: 'GET', url: draftUrl() });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Draft }).data;
  };
  const save = (items: unknown[], call = waiter) =>
    call({ method: 'PUT', url: draftUrl(), payload: { items } });
  const totalOf = async () =>
    (await t.app.db.select({ total: orders.total }).from(orders).where(eq(orders.id, draftTab)))[0]!.total;

  beforeAll(async () => {
    const [table] = await t.app.db
      .insert(tables)
      .values({ store_id: floor.storeId, number: 60, name: 'Mesa 60' })
      .returning({ id: tables.id });
    const [diner] = await newGuests(t.app.db, 1);
    draftTab = await t.app.db.transaction((tx) => seatGuests(tx, floor.storeId, table!.id, [diner!]));
    ticket = (
      await t.app.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.order_id, draftTab))
    )[0]!.id;
    manager = as(t.app, await login(t.app, demo.cantina));
  });

  it('keeps what the waiter chose, priced, for that waiter alone, off the bill and off the board', async () => {
    expect(await read()).toEqual({ ticket_id: ticket, items: [] });
    const before = await totalOf();
    const saved = await save([
      {
        product_id: floor.dish,
        complements: [{ group_id: floor.extras, product_id: floor.extra }],
        observations: 'Sem sal',
      },
      { product_id: floor.drink, quantity: 3 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = await read();
    expect(draft.items).toEqual([
      {
        product_id: floor.dish,
        name: 'Risoto de cogumelos',
        quantity: 1,
        observations: 'Sem sal',
        complements: [
          {
            group_id: floor.extras,
            product_id: floor.extra,
            quantity: 1,
            name: 'Parmesão extra',
            price: 500,
          },
        ],
        unit: 5500,
        total: 5500,
      },
      {
        product_id: floor.drink,
        name: 'Suco de laranja',
        quantity: 3,
        observations: null,
        complements: [],
        unit: 1200,
        total: 3600,
      },
    ]);
    // Another account of the store sees no draft of its own; the tab's money and the board are as before.
    expect((await read(manager)).items).toEqual([]);
    expect(await totalOf()).toBe(before);
    const board = (await manager({ method: 'GET', url: '/api/orders/items?page_size=500' })).json() as {
      data: { order_id: number }[];
    };
    expect(board.data.some((item) => item.order_id === draftTab)).toBe(false);
  });

  it('replaces the draft whole, and leaves it as it was when the new one is refused', async () => {
    expect((await save([{ product_id: floor.drink, quantity: 2 }])).statusCode).toBe(200);
    const refused = await save([
      {
        product_id: floor.dish,
        complements: [{ group_id: floor.extras, product_id: floor.extra, quantity: 2 }],
      },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Em "Adicionais" cada opção só pode ser escolhida uma vez.');
    expect((await read()).items.map((line) => [line.name, line.quantity])).toEqual([['Suco de laranja', 2]]);
  });

  it('is dropped when the waiter sends the order, and when saved empty', async () => {
    await save([{ product_id: floor.drink, quantity: 2 }]);
    await save([{ product_id: floor.dish }], manager);
    const sent = await waiter({
      method: 'POST',
      url: `/api/orders/id/${draftTab}/items`,
      payload: { ticket_id: ticket, items: [{ product_id: floor.drink, quantity: 2 }] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await read()).items).toEqual([]);
    // Only the sender's: the manager's draft for the same guest stays.
    expect((await read(manager)).items.map((line) => line.name)).toEqual(['Risoto de cogumelos']);
    expect((await save([], manager)).statusCode).toBe(200);
    expect((await read(manager)).items).toEqual([]);
  });

  it('refuses a ticket of another tab, another store’s tab, the kitchen’s role and a closed tab', async () => {
    const elsewhere = await waiter({ method: 'GET', url: `/api/orders/id/${tab}/tickets/${ticket}/draft` });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe('Este cliente não está nesta comanda.');
    // The other store's open tab (its table 1, seated above).
    const [theirs] = await t.app.db
      .select({ order: tickets.order_id, ticket: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.order_id))
      .where(and(eq(orders.store_id, other.storeId), eq(orders.status, 'OPENED')))
      .limit(1);
    const theirUrl = `/api/orders/id/${theirs!.order}/tickets/${theirs!.ticket}/draft`;
    expect((await waiter({ method: 'GET', url: theirUrl })).statusCode).toBe(404);
    expect((await waiter({ method: 'PUT', url: theirUrl, payload: { items: [] } })).statusCode).toBe(404);
    expect((await save([], kitchen)).statusCode).toBe(403);
    await t.app.db
      .update(orders)
      .set({ status: 'CLOSED', closed_at: new Date() })
      .where(eq(orders.id, draftTab));
    const closed = await save([{ product_id: floor.drink }]);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe('A comanda já está fechada.');
  });
});

describe('guests without the app: a table opened by the staff, named guests and the table’s own ticket', () => {
  const manager = () =>
    admin({ method: 'GET', url: `/api/orders/items?store_id=${floor.storeId}&page_size=500` });
  let tableId: number;
  let otherTableId: number;
  const open = (payload: unknown, id = tableId, call = waiter) =>
    call({ method: 'POST', url: `/api/tables/id/${id}/open`, payload: payload as object });
  const addGuest = (orderId: number, payload: unknown, call = waiter) =>
    call({ method: 'POST', url: `/api/orders/id/${orderId}/tickets`, payload: payload as object });

  beforeAll(async () => {
    const rows = await t.app.db
      .insert(tables)
      .values([
        { store_id: floor.storeId, number: 70, name: 'Mesa 70' },
        { store_id: floor.storeId, number: 71, name: 'Mesa 71' },
      ])
      .returning({ id: tables.id });
    [tableId, otherTableId] = rows.map((row) => row.id) as [number, number];
  });

  it('opens a free table for a named guest, occupies it, and answers the tab', async () => {
    const response = await open({ guest_name: '  Joana  ', guest_phone: '(11) 98765-4321' });
    expect(response.statusCode, response.body).toBe(201);
    const order = (response.json() as { data: Order }).data;
    expect(order).toMatchObject({ table_number: 70, status: 'OPENED' });
    expect(order.tickets).toEqual([
      expect.objectContaining({
        customer_id: null,
        guest: { name: 'Joana', phone: '11987654321', qr: false },
        customer: expect.objectContaining({ id: null, fullname: 'Joana', username: '' }),
      }),
    ]);
    const [table] = await t.app.db
      .select({ status: tables.status })
      .from(tables)
      .where(eq(tables.id, tableId));
    expect(table!.status).toBe('OCCUPIED');
    const [audit] = await t.app.db
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audit).toEqual({ action: 'open', summary: 'Mesa 70 aberta para Joana' });

    const again = await open({ guest_name: 'Outro' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('A mesa 70 já está ocupada.');
  });

  it('refuses a name too long, a phone that is not one, and a phone without a name', async () => {
    for (const [payload, message] of [
      [{ guest_name: 'x'.repeat(61) }, 'O nome pode ter no máximo 60 caracteres. (campo guest_name)'],
      [{ guest_name: 'Ana', guest_phone: '123' }, expect.stringContaining('(campo guest_phone)')],
      [{ guest_phone: '11987654321' }, 'O telefone vai com o nome do cliente. (campo guest_phone)'],
      [{ guest_name: '   ' }, 'Informe o nome do cliente. (campo guest_name)'],
    ] as const) {
      const response = await open(payload, otherTableId);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toEqual(message);
    }
    const [table] = await t.app.db
      .select({ status: tables.status })
      .from(tables)
      .where(eq(tables.id, otherTableId));
    expect(table!.status).toBe('AVAILABLE');
  });

  it('adds named guests and one table’s own ticket, each ordering, shown on the board and paid on its own', async () => {
    const [tabRow] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.table_id, tableId), eq(orders.status, 'OPENED')));
    const tabId = tabRow!.id;
    expect((await addGuest(tabId, { guest_name: 'Pedro' })).statusCode).toBe(201);
    const withTable = await addGuest(tabId, {});
    expect(withTable.statusCode, withTable.body).toBe(201);
    const second = await addGuest(tabId, {});
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe('Esta comanda já tem o pedido da mesa.');

    const order = (withTable.json() as { data: Order }).data;
    expect(order.tickets.map((ticket) => [ticket.customer.fullname, ticket.guest?.name ?? null])).toEqual([
      ['Joana', 'Joana'],
      ['Pedro', 'Pedro'],
      ['Pedido da mesa', null],
    ]);
    const [joana, , table] = order.tickets;
    for (const [ticket, product] of [
      [joana!, floor.dish],
      [table!, floor.drink],
    ] as const) {
      const sent = await waiter({
        method: 'POST',
        url: `/api/orders/id/${tabId}/items`,
        payload: { ticket_id: ticket.id, items: [{ product_id: product }] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const board = (await manager()).json() as {
      data: { order_id: number; customer: { fullname: string } }[];
    };
    expect(
      board.data
        .filter((item) => item.order_id === tabId)
        .map((item) => item.customer.fullname)
        .sort(),
    ).toEqual(['Joana', 'Pedido da mesa']);

    // 'Dar baixa' for Joana's ticket: 50,00 + 10 %.
    const paid = await waiter({
      method: 'POST',
      url: '/api/payments/physical',
      payload: { order_id: tabId, ticket_id: joana!.id, amount: 5500, method: 'CASH' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const after = (paid.json() as { data: { order: Order } }).data.order;
    expect(after.tickets.map((ticket) => [ticket.customer.fullname, ticket.payment_status])).toEqual([
      ['Joana', 'PAID'],
      ['Pedro', 'OPEN'],
      ['Pedido da mesa', 'OPEN'],
    ]);
    expect(after.tickets[0]!.payments).toEqual([expect.objectContaining({ amount: 5500, method: 'CASH' })]);
    const neither = await waiter({
      method: 'POST',
      url: '/api/payments/physical',
      payload: { order_id: tabId, amount: 100 },
    });
    expect(neither.statusCode).toBe(400);
    expect(errorOf(neither)).toBe('Informe a comanda individual (ticket_id) ou o cliente (customer_id).');
  });

  it('joins a tab of guests without the app to another and splits it back, each ticket as it was', async () => {
    const [tabRow] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.table_id, tableId), eq(orders.status, 'OPENED')));
    const opened = await open({}, otherTableId);
    expect(opened.statusCode, opened.body).toBe(201);
    const other = (opened.json() as { data: Order }).data;
    await waiter({
      method: 'POST',
      url: `/api/orders/id/${other.id}/items`,
      payload: { ticket_id: other.tickets[0]!.id, items: [{ product_id: floor.drink, quantity: 2 }] },
    });
    const read = async (id: number) =>
      (
        (await waiter({ method: 'GET', url: `/api/orders/id/${id}?include=payments` })).json() as {
          data: Order;
        }
      ).data;
    const shape = (order: Order) =>
      order.tickets.map((ticket) => ({
        name: ticket.customer.fullname,
        items: ticket.items.map((item) => `${item.quantity}× ${item.name}`),
        paid: ticket.total_paid,
      }));
    const before = shape(await read(tabRow!.id));
    const merged = await waiter({
      method: 'POST',
      url: `/api/orders/id/${other.id}/merge`,
      payload: { table_id: tableId },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const joined = (merged.json() as { data: Order & { undo: { token: string } } }).data;
    // The two tables' own tickets are one; the named guests stay apart.
    expect(shape(joined)).toEqual([
      { name: 'Joana', items: ['1× Risoto de cogumelos'], paid: 5500 },
      { name: 'Pedro', items: [], paid: 0 },
      { name: 'Pedido da mesa', items: ['1× Suco de laranja', '2× Suco de laranja'], paid: 0 },
    ]);
    const split = await waiter({
      method: 'POST',
      url: `/api/orders/id/${joined.id}/merge/undo`,
      payload: { token: joined.undo.token },
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(shape(await read(tabRow!.id))).toEqual(before);
    expect(shape(await read(other.id))).toEqual([
      { name: 'Pedido da mesa', items: ['2× Suco de laranja'], paid: 0 },
    ]);
  });
});
