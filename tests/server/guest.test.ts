import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { GUEST_LIMITS, GUEST_MESSAGES, type GuestTab } from '../../contract/resources/guest/paths';
import { ORDER_ENTRY_MESSAGES as M } from '../../contract/resources/orderEntry/rules';
import { ORDER_MESSAGES, type Order } from '../../contract/resources/tabs/definition';
import { auditEvents, orderItems, orders, products, tables, tickets } from '../../server/db/schema';
import { errorOf } from './helpers';
import { guestOrder, readGuestTab, guestGate } from '../../server/service/guest-orders';
import { newGuests, openService, type ServiceApp } from './service-fixtures';

/**
 * The guest API behind the table's QR code (server/routes/guest.ts): no session, the table named
 * by its code, the phone by its header. On both databases: the `pg` project runs this file too.
 */
let service: ServiceApp;
const app = () => service.t.app;
const db = () => service.t.app.db;

beforeAll(async () => {
  service = await openService([1, 2, 3, 4, 5, 6, 7, 8]);
});

afterAll(async () => {
  await service?.t.close();
});

interface Code {
  s: number;
  t: number;
  k: string;
}

/** The QR code of table `number` of Cantina Bella (or of the other store), as printed now. */
async function codeOf(number: number, floor = service.floor): Promise<Code> {
  const [table] = await db()
    .select({ token: tables.token })
    .from(tables)
    .where(eq(tables.id, floor.tables.get(number)!));
  return { s: floor.storeId, t: number, k: table!.token };
}

/** A new free table of Cantina Bella: its code. */
async function newTableCode(number: number): Promise<Code> {
  const [table] = await db()
    .insert(tables)
    .values({ store_id: service.floor.storeId, number, name: `Mesa ${number}` })
    .returning({ number: tables.number, token: tables.token });
  return { s: service.floor.storeId, t: table!.number, k: table!.token };
}

const query = (code: Code) => `s=${code.s}&t=${code.t}&k=${encodeURIComponent(code.k)}`;

/** A phone: its own id in the header, its own address unless told. */
function phone(device: string, address = '10.0.0.1') {
  const send = (options: InjectOptions) =>
    app().inject({
      remoteAddress: address,
      ...options,
      headers: { 'x-painel-device': device, ...(options.headers ?? {}) },
    });
  return {
    menu: (code: Code, headers: Record<string, string> = {}) =>
      send({ method: 'GET', url: `/api/guest/menu?${query(code)}`, headers }),
    tab: (code: Code, headers: Record<string, string> = {}) =>
      send({ method: 'GET', url: `/api/guest/tab?${query(code)}`, headers }),
    order: (code: Code, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      send({ method: 'POST', url: '/api/guest/orders', payload: { ...code, ...payload }, headers }),
    waiter: (code: Code, payload: Record<string, unknown> = {}) =>
      send({ method: 'POST', url: '/api/guest/waiter', payload: { ...code, ...payload } }),
  };
}

const tabOf = (response: { json(): unknown }) => (response.json() as { data: GuestTab }).data;

/** The open tab of table `number` of Cantina Bella, if any. */
async function openTabAt(number: number) {
  const [open] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.table_id, service.floor.tables.get(number)!), eq(orders.status, 'OPENED')));
  return open?.id ?? null;
}

const readTab = async (orderId: number) =>
  (await service.cantina({ method: 'GET', url: `/api/orders/id/${orderId}` })).json().data as Order;

async function itemCount(orderId: number | null) {
  if (orderId === null) return 0;
  return (await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, orderId)))
    .length;
}

describe('the table’s code', () => {
  it('opens the menu of its own table only: a token per table, per store, malformed or unknown refused alike', async () => {
    const one = await codeOf(1);
    const two = await codeOf(2);
    const theirs = await codeOf(1, service.other);
    const guest = phone('aparelho-codigos-0001', '10.0.1.1');

    const menu = await guest.menu(one);
    expect(menu.statusCode).toBe(200);
    const data = menu.json().data;
    expect(data.store).toMatchObject({ id: service.floor.storeId, name: 'Cantina Bella', approval: false });
    expect(data.table).toEqual({ number: 1 });
    // Sold only as a complement: not on the guest's menu, but offered in the risotto's group.
    expect(data.products.map((product: { id: number }) => product.id).sort()).toEqual(
      [service.floor.dish, service.floor.drink].sort(),
    );
    const risotto = data.products.find((product: { id: number }) => product.id === service.floor.dish);
    expect(risotto.groups[0].options).toEqual([
      { product_id: service.floor.extra, name: 'Parmesão extra', price: 500, available: true },
    ]);

    for (const wrong of [
      { ...one, t: 2 }, // table 1's token for table 2
      { ...two, k: one.k },
      { ...theirs, k: one.k }, // another store's table of the same number
      { ...one, s: service.other.storeId },
      { ...one, s: 999_999 },
      { ...one, t: 99 },
      { ...one, k: 'curto' },
      { ...one, k: `${one.k.slice(0, -1)}x` },
    ]) {
      const refused = await guest.menu(wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(403);
      expect(errorOf(refused)).toBe(GUEST_MESSAGES.badCode);
    }
    const malformed = await app().inject({
      method: 'GET',
      url: `/api/guest/menu?s=abc&t=1&k=${one.k}`,
      remoteAddress: '10.0.1.1',
    });
    expect(malformed.statusCode).toBe(403);
    expect(errorOf(malformed)).toBe(GUEST_MESSAGES.badCode);
    expect((await guest.tab(theirs)).statusCode).toBe(200);
  });

  it('stops working the moment a manager rotates it, one table or all', async () => {
    const guest = phone('aparelho-troca-00001', '10.0.1.2');
    const before = await codeOf(2);
    expect((await guest.menu(before)).statusCode).toBe(200);

    const rotated = await service.cantina({
      method: 'POST',
      url: `/api/tables/id/${service.floor.tables.get(2)}/token`,
      payload: {},
    });
    expect(rotated.statusCode).toBe(200);
    const after = await codeOf(2);
    expect(rotated.json().data).toMatchObject({ number: 2, token: after.k });
    expect(after.k).not.toBe(before.k);
    expect(after.k.length).toBeGreaterThanOrEqual(32);

    const old = await guest.order(before, { name: 'Ana', items: [{ product_id: service.floor.drink }] });
    expect(old.statusCode).toBe(403);
    expect(errorOf(old)).toBe(GUEST_MESSAGES.badCode);
    expect(await openTabAt(2)).toBeNull();
    expect((await guest.menu(after)).statusCode).toBe(200);

    const all = await service.cantina({ method: 'POST', url: '/api/tables/tokens', payload: {} });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual({ rotated: 8 });
    expect((await guest.menu(after)).statusCode).toBe(403);
    expect((await guest.menu(await codeOf(2))).statusCode).toBe(200);

    // Another store's table is not a manager's to rotate; an administrator names the store.
    const elsewhere = await service.cantina({
      method: 'POST',
      url: `/api/tables/id/${service.other.tables.get(1)}/token`,
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(404);
    const theirs = await codeOf(1, service.other);
    const byAdmin = await service.admin({
      method: 'POST',
      url: `/api/tables/tokens?store_id=${service.other.storeId}`,
      payload: {},
    });
    expect(byAdmin.json().data).toEqual({ rotated: 1 });
    expect((await codeOf(1, service.other)).k).not.toBe(theirs.k);

    const trail = await db()
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.store_id, service.floor.storeId), eq(auditEvents.resource, 'tables')));
    expect(trail).toEqual(
      expect.arrayContaining([
        { action: 'rotate-token', summary: 'QR code da Mesa 2 trocado' },
        { action: 'rotate-tokens', summary: 'QR codes de 8 mesas trocados' },
      ]),
    );
  });
});

describe('ordering from the table', () => {
  it('opens the tab at a free table; a second phone joins it with a ticket of its own, and nobody sees another’s', async () => {
    const code = await codeOf(3);
    const ana = phone('aparelho-da-ana-00001');
    const bruno = phone('aparelho-do-bruno-001');

    const first = await ana.order(code, {
      name: 'Ana',
      items: [{ product_id: service.floor.drink, quantity: 2 }],
    });
    expect(first.statusCode).toBe(201);
    expect(tabOf(first)).toMatchObject({
      name: 'Ana',
      table: { number: 3 },
      items: [{ name: 'Suco de laranja', quantity: 2, status: 'PLACED', total: 2400, complements: [] }],
      subtotal: 2400,
      others: 0,
      waiter_called: false,
    });
    const tab = (await openTabAt(3))!;
    expect(tab).not.toBeNull();
    const [table] = await db()
      .select({ status: tables.status })
      .from(tables)
      .where(eq(tables.id, service.floor.tables.get(3)!));
    expect(table!.status).toBe('OCCUPIED');

    const second = await bruno.order(code, {
      name: 'Bruno',
      items: [
        {
          product_id: service.floor.dish,
          complements: [{ group_id: service.floor.extras, product_id: service.floor.extra }],
          observations: 'Sem sal',
          price: 1,
        },
      ],
    });
    expect(second.statusCode).toBe(201);
    expect(await openTabAt(3)).toBe(tab);
    expect(tabOf(second)).toMatchObject({
      name: 'Bruno',
      items: [
        {
          name: 'Risoto de cogumelos',
          complements: [{ name: 'Parmesão extra', quantity: 1 }],
          observations: 'Sem sal',
          total: 5500,
        },
      ],
      others: 1,
    });
    // Each phone's own ticket: the other guest's name and items are nowhere in its answers.
    expect(second.body).not.toContain('Ana');
    expect(second.body).not.toContain('Suco');
    const anaAgain = await ana.tab(code);
    expect(tabOf(anaAgain).items.map((item) => item.name)).toEqual(['Suco de laranja']);
    expect(anaAgain.body).not.toContain('Bruno');
    const stranger = await phone('aparelho-sem-pedido-1').tab(code);
    expect(tabOf(stranger)).toMatchObject({ name: null, items: [], others: 2, subtotal: 0 });
    expect(stranger.body).not.toMatch(/Ana|Bruno|Suco|Risoto/);

    // The floor sees both tickets as QR guests; the phone's id is stored only as its hash.
    const floorTab = await readTab(tab);
    expect(floorTab.tickets.map((ticket) => ticket.guest)).toEqual([
      { name: 'Ana', phone: null, qr: true },
      { name: 'Bruno', phone: null, qr: true },
    ]);
    const hashes = await db()
      .select({ device: tickets.device_hash })
      .from(tickets)
      .where(eq(tickets.order_id, tab));
    expect(hashes.every((row) => /^[0-9a-f]{64}$/.test(row.device!))).toBe(true);

    const trail = await db()
      .select({ actor: auditEvents.actor, action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .where(and(eq(auditEvents.store_id, service.floor.storeId), eq(auditEvents.action, 'qr-order')));
    expect(trail).toEqual([
      { actor: 'Cliente na mesa (QR code)', action: 'qr-order', summary: 'Mesa 3: 1 item pedido por Ana' },
      { actor: 'Cliente na mesa (QR code)', action: 'qr-order', summary: 'Mesa 3: 1 item pedido por Bruno' },
    ]);
  });

  it('gives the guest every refusal of the order entry with its message, and places nothing', async () => {
    const code = await codeOf(4);
    const guest = phone('aparelho-recusas-0001');
    await db()
      .update(products)
      .set({ allow_observations: false })
      .where(eq(products.id, service.floor.drink));
    const { dish, drink, extra, extras } = service.floor;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'Ana', items: [{ product_id: extra }] }, 400, M.complementOnly('Parmesão extra')],
      [
        { name: 'Ana', items: [{ product_id: drink, observations: 'Gelo' }] },
        400,
        M.noObservations('Suco de laranja'),
      ],
      [{ name: 'Ana', items: [{ product_id: service.other.dish }] }, 404, M.productNotFound],
      [
        {
          name: 'Ana',
          items: [{ product_id: dish, complements: [{ group_id: extras, product_id: extra, quantity: 2 }] }],
        },
        400,
        M.repeated('Adicionais'),
      ],
      [
        { name: 'Ana', items: [{ product_id: dish, quantity: 51 }] },
        400,
        `${M.quantity} (campo items.0.quantity)`,
      ],
      [{ name: 'Ana', items: [] }, 400, `${M.noLines} (campo items)`],
      [{ name: '  ', items: [{ product_id: dish }] }, 400, `${GUEST_MESSAGES.name} (campo name)`],
    ];
    try {
      for (const [payload, status, message] of cases) {
        const refused = await guest.order(code, payload);
        expect(refused.statusCode, message).toBe(status);
        expect(errorOf(refused)).toBe(message);
      }
      await db().update(products).set({ available: false }).where(eq(products.id, dish));
      const unavailable = await guest.order(code, {
        name: 'Ana',
        items: [{ product_id: drink }, { product_id: dish }],
      });
      expect(errorOf(unavailable)).toBe(M.productUnavailable('Risoto de cogumelos'));
      const menu = (await guest.menu(code)).json().data;
      expect(menu.products.map((product: { id: number }) => product.id)).toEqual([drink]);
    } finally {
      await db().update(products).set({ available: true }).where(eq(products.id, dish));
      await db().update(products).set({ allow_observations: true }).where(eq(products.id, drink));
    }
    // Nothing placed, and no tab left open at the free table.
    expect(await openTabAt(4)).toBeNull();
    const missing = await app().inject({
      method: 'POST',
      url: '/api/guest/orders',
      payload: { ...code, name: 'Ana', items: [{ product_id: dish }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toContain(GUEST_MESSAGES.device);
  });

  it('takes an order once for its Idempotency-Key', async () => {
    const code = await codeOf(5);
    const guest = phone('aparelho-duplo-00001');
    const payload = { name: 'Duda', items: [{ product_id: service.floor.drink }] };
    const headers = { 'idempotency-key': 'pedido-duda-0001' };
    const first = await guest.order(code, payload, headers);
    const again = await guest.order(code, payload, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await itemCount(await openTabAt(5))).toBe(1);
  });
});

describe('an app customer through the same path', () => {
  it('orders on the ticket joinTab gives them, and reads it as a phone would', async () => {
    const code = await newTableCode(22);
    const [customer] = (await newGuests(db(), 1)) as [number];
    const line = { product_id: service.floor.drink, quantity: 1, complements: [], observations: null };
    const ordered = await db().transaction((tx) =>
      guestOrder(tx, code, { customerId: customer }, undefined, [line]),
    );
    const [ticket] = await db()
      .select({ customer: tickets.customer_id, device: tickets.device_hash })
      .from(tickets)
      .where(eq(tickets.id, ordered.ticketId));
    expect(ticket).toEqual({ customer, device: null });
    const place = await guestGate(db(), code);
    const tab = await readGuestTab(db(), place, { customerId: customer });
    expect(tab.items.map((item) => [item.name, item.status])).toEqual([['Suco de laranja', 'PLACED']]);
    expect(tab.subtotal).toBe(1200);
  });
});

describe('limits', () => {
  it('refuses a phone past its orders (429), counted before acting', async () => {
    const code = await codeOf(6);
    const guest = phone('aparelho-apressado-01');
    const { count } = GUEST_LIMITS.ordersPerDevice;
    for (let i = 0; i < count; i++) {
      expect(
        (await guest.order(code, { name: 'Edu', items: [{ product_id: service.floor.drink }] })).statusCode,
      ).toBe(201);
    }
    const refused = await guest.order(code, { name: 'Edu', items: [{ product_id: service.floor.drink }] });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe(GUEST_MESSAGES.tooMany);
    expect(await itemCount(await openTabAt(6))).toBe(count);
    // Another phone at the table still orders.
    expect(
      (
        await phone('aparelho-calmo-000001').order(code, {
          name: 'Fê',
          items: [{ product_id: service.floor.drink }],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a table past its orders (429), whichever phone sends the next', async () => {
    const code = await newTableCode(20);
    const { count } = GUEST_LIMITS.ordersPerTable;
    const perPhone = GUEST_LIMITS.ordersPerDevice.count;
    for (let i = 0; i < count; i++) {
      const sent = await phone(`aparelho-da-mesa-20-${Math.floor(i / perPhone)}`).order(code, {
        name: 'Gil',
        items: [{ product_id: service.floor.drink }],
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const refused = await phone('aparelho-da-mesa-20-novo').order(code, {
      name: 'Ivo',
      items: [{ product_id: service.floor.drink }],
    });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe(GUEST_MESSAGES.tooMany);
  });

  it('refuses a phone past its waiter calls (429)', async () => {
    const code = await newTableCode(21);
    const guest = phone('aparelho-chamador-001');
    const dismiss = async () => {
      const tab = (
        await db()
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(tables, eq(tables.id, orders.table_id))
          .where(and(eq(tables.number, 21), eq(tables.store_id, code.s), eq(orders.status, 'OPENED')))
      )[0]!.id;
      await service.cantina({ method: 'POST', url: `/api/orders/id/${tab}/waiter/dismiss`, payload: {} });
    };
    for (let i = 0; i < GUEST_LIMITS.waiterPerDevice.count; i++) {
      expect((await guest.waiter(code, { name: 'Jonas' })).statusCode).toBe(200);
      await dismiss();
    }
    const refused = await guest.waiter(code, { name: 'Jonas' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe(GUEST_MESSAGES.tooMany);
  });

  it('refuses an address that guesses codes, even with a right one afterwards', async () => {
    const code = await codeOf(1);
    const guesser = phone('aparelho-adivinho-01', '10.9.9.9');
    const { count } = GUEST_LIMITS.badCodesPerAddress;
    for (let i = 0; i < count; i++) {
      expect(
        (await guesser.menu({ ...code, k: `${'0'.repeat(30)}${String(i).padStart(2, '0')}` })).statusCode,
      ).toBe(403);
    }
    const over = await guesser.menu({ ...code, k: 'x'.repeat(32) });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toBe(GUEST_MESSAGES.tooMany);
    expect((await guesser.menu(code)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await phone('aparelho-vizinho-001', '10.9.9.8').menu(code)).statusCode).toBe(200);
  });
});

describe('reading again', () => {
  it('answers 304 while the phone’s ticket and the menu have not changed, 200 once they have', async () => {
    const code = await codeOf(5);
    const guest = phone('aparelho-duplo-00001');
    const first = await guest.tab(code);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    // Unchanged, the answer costs no query: the version is the live hub's.
    const database = service.t.database.db;
    const spies = (['select', 'execute', 'insert', 'update'] as const).map((method) =>
      vi.spyOn(database, method),
    );
    let unchanged;
    try {
      unchanged = await guest.tab(code, { 'if-none-match': tag });
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // Another phone's tag is not this one's.
    expect((await phone('aparelho-outro-000001').tab(code, { 'if-none-match': tag })).statusCode).toBe(200);

    const tab = (await openTabAt(5))!;
    await db().update(orderItems).set({ status: 'PREPARING' }).where(eq(orderItems.order_id, tab));
    await expect.poll(async () => (await guest.tab(code, { 'if-none-match': tag })).statusCode).toBe(200);
    expect(tabOf(await guest.tab(code)).items[0]!.status).toBe('PREPARING');

    const menu = await guest.menu(code);
    const menuTag = menu.headers.etag as string;
    expect((await guest.menu(code, { 'if-none-match': menuTag })).statusCode).toBe(304);
    await db()
      .update(products)
      .set({ name: 'Suco de laranja natural' })
      .where(eq(products.id, service.floor.drink));
    await expect
      .poll(async () => (await guest.menu(code, { 'if-none-match': menuTag })).statusCode)
      .toBe(200);
    await db().update(products).set({ name: 'Suco de laranja' }).where(eq(products.id, service.floor.drink));
  });
});

describe('approval by the staff', () => {
  it('holds guest orders until the staff approve them (then the kitchen gets them) or refuse them', async () => {
    const saved = await service.cantina({
      method: 'PUT',
      url: '/api/tables/guest-settings',
      payload: { approval: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ approval: true });
    expect((await service.cantina({ method: 'GET', url: '/api/tables/guest-settings' })).json().data).toEqual(
      {
        approval: true,
      },
    );
    // The other store's setting is its own.
    expect(
      (
        await service.admin({
          method: 'GET',
          url: `/api/tables/guest-settings?store_id=${service.other.storeId}`,
        })
      ).json().data,
    ).toEqual({ approval: false });

    try {
      const code = await codeOf(7);
      const guest = phone('aparelho-aprovacao-01');
      const ordered = await guest.order(code, {
        name: 'Gabi',
        items: [{ product_id: service.floor.dish }, { product_id: service.floor.drink }],
      });
      expect(ordered.statusCode).toBe(201);
      expect(tabOf(ordered).items.map((item) => item.status)).toEqual(['HELD', 'HELD']);
      expect(tabOf(ordered).subtotal).toBe(0);
      expect((await guest.menu(code)).json().data.store.approval).toBe(true);

      const tab = (await openTabAt(7))!;
      const floorTab = await readTab(tab);
      expect(floorTab.tickets[0]!.items).toEqual([]);
      const [dish, drink] = floorTab.tickets[0]!.held;
      expect([dish!.name, drink!.name]).toEqual(['Risoto de cogumelos', 'Suco de laranja']);
      const floor = (await service.cantina({ method: 'GET', url: '/api/tables' })).json().data.results as {
        number: number;
        order: { held: number } | null;
      }[];
      expect(floor.find((table) => table.number === 7)!.order!.held).toBe(2);
      const board = async () =>
        (
          (await service.cantina({ method: 'GET', url: '/api/orders/items?page_size=500' })).json().data as {
            id: number;
          }[]
        ).map((item) => item.id);
      expect(await board()).not.toContain(dish!.id);

      const approved = await service.cantina({
        method: 'POST',
        url: `/api/orders/id/${tab}/held/approve`,
        payload: { item_ids: [dish!.id] },
      });
      expect(approved.statusCode).toBe(200);
      const after = approved.json().data as Order;
      expect(after.tickets[0]!.items.map((item) => [item.name, item.status])).toEqual([
        ['Risoto de cogumelos', 'PLACED'],
      ]);
      expect(after.tickets[0]!.held.map((item) => item.id)).toEqual([drink!.id]);
      expect(after.subtotal).toBe(5000);
      expect(await board()).toContain(dish!.id);

      const rejected = await service.cantina({
        method: 'POST',
        url: `/api/orders/id/${tab}/held/reject`,
        payload: { item_ids: [drink!.id], reason: 'Acabou o suco' },
      });
      expect(rejected.statusCode).toBe(200);
      expect((rejected.json().data as Order).tickets[0]!.held).toEqual([]);
      expect(tabOf(await guest.tab(code)).items.map((item) => [item.name, item.status])).toEqual([
        ['Risoto de cogumelos', 'PLACED'],
      ]);

      const rejectedTwice = await service.cantina({
        method: 'POST',
        url: `/api/orders/id/${tab}/held/reject`,
        payload: { item_ids: [drink!.id], reason: 'De novo' },
      });
      expect(rejectedTwice.statusCode).toBe(404);
      expect(errorOf(rejectedTwice)).toBe(ORDER_MESSAGES.heldGone);
      const twice = await service.cantina({
        method: 'POST',
        url: `/api/orders/id/${tab}/held/approve`,
        payload: { item_ids: [dish!.id] },
      });
      expect(twice.statusCode).toBe(404);
      expect(errorOf(twice)).toBe(ORDER_MESSAGES.heldGone);
      // Another store's staff never reach the tab.
      expect(
        (
          await service.sertao({
            method: 'POST',
            url: `/api/orders/id/${tab}/held/approve`,
            payload: { item_ids: [dish!.id] },
          })
        ).statusCode,
      ).toBe(404);

      const [rejection] = await db()
        .select({ reason: auditEvents.reason, summary: auditEvents.summary })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'reject-held'));
      expect(rejection).toEqual({
        reason: 'Acabou o suco',
        summary: 'Mesa 7: pedido pelo QR code recusado — Suco de laranja (Gabi)',
      });
    } finally {
      await service.cantina({
        method: 'PUT',
        url: '/api/tables/guest-settings',
        payload: { approval: false },
      });
    }
  });

  it('discards held orders when the tab closes', async () => {
    await service.cantina({ method: 'PUT', url: '/api/tables/guest-settings', payload: { approval: true } });
    try {
      const code = await codeOf(8);
      expect(
        (
          await phone('aparelho-fechamento-1').order(code, {
            name: 'Hugo',
            items: [{ product_id: service.floor.drink }],
          })
        ).statusCode,
      ).toBe(201);
      const tab = (await openTabAt(8))!;
      const closed = await service.cantina({
        method: 'POST',
        url: `/api/orders/id/${tab}/close`,
        payload: {},
      });
      expect(closed.statusCode).toBe(200);
      expect(
        await db()
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(and(eq(orderItems.order_id, tab), isNotNull(orderItems.held_at))),
      ).toEqual([]);
    } finally {
      await service.cantina({
        method: 'PUT',
        url: '/api/tables/guest-settings',
        payload: { approval: false },
      });
    }
  });
});

describe('tables joined by the staff', () => {
  it('keep each phone’s ticket: found again from the joined table’s code, and back after the undo', async () => {
    const left = await newTableCode(23);
    const joined = await newTableCode(24);
    const lia = phone('aparelho-da-lia-00001');
    const max = phone('aparelho-do-max-00001');
    expect(
      (await lia.order(left, { name: 'Lia', items: [{ product_id: service.floor.drink }] })).statusCode,
    ).toBe(201);
    expect(
      (await max.order(joined, { name: 'Max', items: [{ product_id: service.floor.dish }] })).statusCode,
    ).toBe(201);
    const tabOfTable = async (number: number) =>
      (
        await db()
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(tables, eq(tables.id, orders.table_id))
          .where(and(eq(tables.number, number), eq(tables.store_id, left.s), eq(orders.status, 'OPENED')))
      )[0]?.id;
    const [target] = await db()
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.number, 24), eq(tables.store_id, left.s)));
    const merged = await service.cantina({
      method: 'POST',
      url: `/api/orders/id/${await tabOfTable(23)}/merge`,
      payload: { table_id: target!.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(tabOf(await lia.tab(joined))).toMatchObject({
      name: 'Lia',
      items: [{ name: 'Suco de laranja' }],
      others: 1,
    });

    const undone = await service.cantina({
      method: 'POST',
      url: `/api/orders/id/${await tabOfTable(24)}/merge/undo`,
      payload: { token: merged.json().data.undo.token },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(tabOf(await lia.tab(left))).toMatchObject({
      name: 'Lia',
      items: [{ name: 'Suco de laranja' }],
      others: 0,
    });
    expect(tabOf(await lia.tab(joined))).toMatchObject({ name: null, others: 1 });
  });
});

describe('a tab the staff moved', () => {
  it('sends its phones to the new table: the old code says where the tab went and opens no second tab there', async () => {
    const from = await newTableCode(25);
    const to = await newTableCode(26);
    const bia = phone('aparelho-da-bia-000001');
    expect(
      (await bia.order(from, { name: 'Bia', items: [{ product_id: service.floor.drink }] })).statusCode,
    ).toBe(201);
    const [moving] = await db()
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tables, eq(tables.id, orders.table_id))
      .where(and(eq(tables.number, 25), eq(tables.store_id, from.s), eq(orders.status, 'OPENED')));
    const [target] = await db()
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.number, 26), eq(tables.store_id, from.s)));
    const moved = await service.cantina({
      method: 'POST',
      url: `/api/orders/id/${moving!.id}/move`,
      payload: { table_id: target!.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // From the code she still has open: where her tab went, nothing of it here.
    expect(tabOf(await bia.tab(from))).toMatchObject({ name: null, items: [], moved_to: 26 });
    const again = await bia.order(from, { name: 'Bia', items: [{ product_id: service.floor.drink }] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(GUEST_MESSAGES.moved(26));
    const call = await bia.waiter(from, { name: 'Bia' });
    expect(call.statusCode).toBe(409);
    expect(errorOf(call)).toBe(GUEST_MESSAGES.moved(26));
    const [stillFree] = await db()
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tables, eq(tables.id, orders.table_id))
      .where(and(eq(tables.number, 25), eq(tables.store_id, from.s), eq(orders.status, 'OPENED')));
    expect(stillFree).toBeUndefined();

    // From the new table's code: her ticket, and she orders on it.
    expect(tabOf(await bia.tab(to))).toMatchObject({
      name: 'Bia',
      items: [{ name: 'Suco de laranja' }],
      moved_to: null,
    });
    const there = await bia.order(to, { name: 'Bia', items: [{ product_id: service.floor.drink }] });
    expect(there.statusCode).toBe(201);
    expect(tabOf(there).items).toHaveLength(2);

    // Another phone at the old table starts a tab of its own there, as at any free table.
    const leo = phone('aparelho-do-leo-000001');
    expect(tabOf(await leo.tab(from))).toMatchObject({ moved_to: null });
    expect(
      (await leo.order(from, { name: 'Leo', items: [{ product_id: service.floor.drink }] })).statusCode,
    ).toBe(201);
  });
});

describe('calling the waiter', () => {
  it('shows the floor who called by name; asks a name of a phone without a ticket; dismissed, it is clear', async () => {
    const code = await codeOf(4);
    const carla = phone('aparelho-da-carla-001');
    const nameless = await carla.waiter(code);
    expect(nameless.statusCode).toBe(400);
    expect(errorOf(nameless)).toBe(GUEST_MESSAGES.name);
    expect(await openTabAt(4)).toBeNull();

    const called = await carla.waiter(code, { name: 'Carla' });
    expect(called.statusCode).toBe(200);
    expect(tabOf(called)).toMatchObject({ name: 'Carla', waiter_called: true, items: [] });
    const tab = (await openTabAt(4))!;
    const floorTab = await readTab(tab);
    expect(floorTab.waiter_requested).toBe(true);
    expect(floorTab.waiter_requester).toEqual({
      id: null,
      fullname: 'Carla',
      username: '',
      profile_picture: null,
    });

    const again = await phone('aparelho-do-davi-0001').waiter(code, { name: 'Davi' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(GUEST_MESSAGES.waiterAlreadyCalled);

    expect(
      (await service.cantina({ method: 'POST', url: `/api/orders/id/${tab}/waiter/dismiss`, payload: {} }))
        .statusCode,
    ).toBe(200);
    const [row] = await db()
      .select({ ticket: orders.waiter_ticket_id })
      .from(orders)
      .where(eq(orders.id, tab));
    expect(row!.ticket).toBeNull();
    expect(tabOf(await carla.tab(code)).waiter_called).toBe(false);

    const [audited] = await db()
      .select({ actor: auditEvents.actor, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'call-waiter'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(audited).toEqual({
      actor: 'Cliente na mesa (QR code)',
      summary: 'Mesa 4: Carla chamou o garçom pelo QR code',
    });
  });
});
