import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import {
  coupons,
  customers,
  loyaltyPrograms,
  loyaltyProgress,
  orderItems,
  orders,
  tickets,
} from '../../server/db/schema';
import { settleOrder } from '../../server/service/tabs';
import {
  LOYALTY_MESSAGES,
  type LoyaltyCustomerRow,
  type LoyaltyProgram,
} from '../../contract/resources/loyalty/definition';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';
import { buildFloor, newGuests, seatAndOrder, type Floor } from './service-fixtures';

/**
 * The loyalty program (restaurant spec 2 "Loyalty program", 3, 7, 9): the program read with its
 * figures and saved (created on a store's first save), who may do which, the messages of bad
 * input, the customers table (8 a page, search, sorts) — and every figure checked against the
 * orders and coupons it comes from: a hand-made history of known sums, then the whole demo.
 */

type Call = ReturnType<typeof as>;
type Page = { results: LoyaltyCustomerRow[]; total: number };

const PROGRAM = '/api/loyalty-programs';
const CUSTOMERS = '/api/loyalty-programs/customers';

async function readProgram(call: Call, query = ''): Promise<LoyaltyProgram> {
  const response = await call({ method: 'GET', url: `${PROGRAM}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LoyaltyProgram }>().data;
}

async function page(call: Call, query = ''): Promise<Page> {
  const response = await call({ method: 'GET', url: `${CUSTOMERS}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Page }>().data;
}

/** Every row of the table, in its order. */
async function everyRow(call: Call, query = ''): Promise<Page> {
  return page(call, `?page_size=1000${query}`);
}

function refused(response: { statusCode: number; body: string; json(): unknown }, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  return errorOf(response);
}

const NO_LOYALTY = 'Sua função não tem a permissão "Fidelidade". Peça a um gerente do restaurante.';
describe('the loyalty program over the demo logins', () => {
  let t: TestApp;
  let admin: Call;
  let cantina: Call;
  let sertao: Call;
  let waiter: Call;
  let cantinaId: number;
  let sertaoId: number;
  let floor: Floor;
  let sertaoFloor: Floor;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t.app, await login(t.app, demo.admin));
    cantina = as(t.app, await login(t.app, demo.cantina));
    sertao = as(t.app, await login(t.app, demo.sertao));
    cantinaId = await storeId(t.app.db, 'Cantina Bella');
    sertaoId = await storeId(t.app.db, 'Sabor do Sertão');
    await createAccount(t.app.db, {
      email: 'garcom@cantinabella.com.br',
      password: 'Garcom@2026x',
      role: 'WAITER',
      store_id: cantinaId,
    });
    waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026x' }));
    floor = await buildFloor(t.app.db, cantinaId, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    sertaoFloor = await buildFloor(t.app.db, sertaoId, [1], 0);
  });
  afterAll(() => t.close());

  it('gives a store without a program one on its first save, which needs the consumption and the discount', async () => {
    // The demo logins' stores start without one.
    expect(await readProgram(cantina)).toEqual({
      id: null,
      store_id: cantinaId,
      consumption: null,
      discount: null,
      active: false,
      n_customers: 0,
      n_uses: 0,
      top_customer: null,
      updated_at: null,
    });
    expect(refused(await cantina({ method: 'PATCH', url: PROGRAM, payload: { active: true } }), 400)).toBe(
      LOYALTY_MESSAGES.consumptionRequired,
    );
    expect(
      refused(
        await cantina({ method: 'PATCH', url: PROGRAM, payload: { consumption: 50000, active: true } }),
        400,
      ),
    ).toBe(LOYALTY_MESSAGES.discountRequired);
    expect((await readProgram(cantina)).id).toBeNull();

    const created = await cantina({
      method: 'PATCH',
      url: PROGRAM,
      payload: { consumption: 50000, discount: 10, active: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const program = created.json<{ data: LoyaltyProgram }>().data;
    expect(program).toMatchObject({ store_id: cantinaId, consumption: 50000, discount: 10, active: true });
    expect(program.id).toEqual(expect.any(Number));
    expect(program.updated_at).toEqual(expect.any(String));
    expect(await readProgram(cantina)).toEqual(program);

    // The next save changes it: one program per store.
    const again = await cantina({ method: 'PATCH', url: PROGRAM, payload: { discount: 8 } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: LoyaltyProgram }>().data).toMatchObject({ id: program.id, discount: 8 });
    await cantina({ method: 'PATCH', url: PROGRAM, payload: { discount: 10 } });
    expect(
      await t.app.db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.store_id, cantinaId)),
    ).toHaveLength(1);

    // An administrator creates one for the store named.
    const bySertao = await admin({
      method: 'PATCH',
      url: PROGRAM,
      payload: { consumption: 30000, discount: 15, active: false, store_id: sertaoId },
    });
    expect(bySertao.statusCode, bySertao.body).toBe(201);
    expect(bySertao.json<{ data: LoyaltyProgram }>().data).toMatchObject({
      store_id: sertaoId,
      discount: 15,
    });
  });

  it('reads the store’s program: staff their own whatever store_id they send, administrators the one they name', async () => {
    const own = await readProgram(cantina);
    expect(own).toMatchObject({ store_id: cantinaId, consumption: 50000, discount: 10, active: true });
    expect(await readProgram(cantina, `?store_id=${sertaoId}`)).toEqual(own);
    // The roles that hold "Fidelidade" read it (the managers by default); a waiter does not.
    expect(refused(await waiter({ method: 'GET', url: PROGRAM }), 403)).toBe(NO_LOYALTY);
    expect(refused(await waiter({ method: 'GET', url: CUSTOMERS }), 403)).toBe(NO_LOYALTY);

    expect(await readProgram(admin, `?store_id=${sertaoId}`)).toMatchObject({
      store_id: sertaoId,
      consumption: 30000,
      discount: 15,
      active: false,
    });
    expect(refused(await admin({ method: 'GET', url: PROGRAM }), 400)).toBe(
      'Informe o restaurante (store_id).',
    );
    expect(refused(await admin({ method: 'GET', url: `${PROGRAM}?store_id=999999` }), 404)).toBe(
      'Restaurante não encontrado.',
    );
    expect(refused(await admin({ method: 'GET', url: CUSTOMERS }), 400)).toBe(
      'Informe o restaurante (store_id).',
    );
    expect((await t.app.inject({ method: 'GET', url: PROGRAM })).statusCode).toBe(401);
  });

  it('refuses bad values with clear messages and changes nothing', async () => {
    const before = await readProgram(cantina);
    const cases: [Record<string, unknown>, string][] = [
      [{ consumption: 0 }, LOYALTY_MESSAGES.consumptionPositive],
      [{ consumption: -100 }, LOYALTY_MESSAGES.consumptionPositive],
      [{ consumption: 12.5 }, LOYALTY_MESSAGES.digitsOnly],
      [{ consumption: '150,00' }, LOYALTY_MESSAGES.digitsOnly],
      [{ consumption: 'R$ 150' }, LOYALTY_MESSAGES.digitsOnly],
      [{ consumption: null }, LOYALTY_MESSAGES.consumptionRequired],
      [{ consumption: 100_000_001 }, LOYALTY_MESSAGES.consumptionMax],
      [{ discount: 0 }, LOYALTY_MESSAGES.discountRange],
      [{ discount: 101 }, LOYALTY_MESSAGES.discountRange],
      [{ discount: 10.5 }, LOYALTY_MESSAGES.digitsOnly],
      [{ discount: '10%' }, LOYALTY_MESSAGES.digitsOnly],
      [{ discount: null }, LOYALTY_MESSAGES.discountRequired],
      [{ active: 'sim' }, LOYALTY_MESSAGES.activeInvalid],
      [{}, 'Informe ao menos um campo para alterar.'],
      [{ store_id: sertaoId }, 'Informe ao menos um campo para alterar.'],
    ];
    for (const [payload, message] of cases) {
      const response = await cantina({ method: 'PATCH', url: PROGRAM, payload });
      expect(refused(response, 400), JSON.stringify(payload)).toContain(message);
    }
    // A field the program does not have.
    expect(
      (await cantina({ method: 'PATCH', url: PROGRAM, payload: { consumption: 100, n_uses: 9 } })).statusCode,
    ).toBe(400);
    expect(await readProgram(cantina)).toEqual(before);
  });

  it('saves what the store’s managers change; digits-only texts are read as numbers', async () => {
    const response = await cantina({
      method: 'PATCH',
      url: PROGRAM,
      payload: { consumption: '35000', discount: '12', active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ data: LoyaltyProgram }>().data;
    expect(saved).toMatchObject({ consumption: 35000, discount: 12, active: false });
    expect(await readProgram(cantina)).toEqual(saved);

    // One value alone leaves the others as they are.
    const switched = await cantina({ method: 'PATCH', url: PROGRAM, payload: { active: true } });
    expect(switched.json<{ data: LoyaltyProgram }>().data).toMatchObject({
      consumption: 35000,
      discount: 12,
      active: true,
    });
  });

  it('lets only the roles that hold "Fidelidade" save; staff save their own store whatever store_id they send', async () => {
    expect(refused(await waiter({ method: 'PATCH', url: PROGRAM, payload: { discount: 50 } }), 403)).toBe(
      NO_LOYALTY,
    );
    const sertaoBefore = await readProgram(sertao);
    const response = await cantina({
      method: 'PATCH',
      url: PROGRAM,
      payload: { discount: 20, store_id: sertaoId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: LoyaltyProgram }>().data).toMatchObject({
      store_id: cantinaId,
      discount: 20,
    });
    expect(await readProgram(sertao)).toEqual(sertaoBefore);

    // An administrator names the store.
    expect(refused(await admin({ method: 'PATCH', url: PROGRAM, payload: { discount: 20 } }), 400)).toBe(
      'Informe o restaurante (store_id).',
    );
    const byAdmin = await admin({
      method: 'PATCH',
      url: PROGRAM,
      payload: { discount: 18, store_id: sertaoId },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await readProgram(sertao)).toMatchObject({ discount: 18, consumption: 30000 });
  });

  describe('figures from the orders and coupons', () => {
    /** A moment `minutes` after a fixed start, so that the order of events is the test's. */
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 15, 0) + minutes * 60_000);
    let ana: number;
    let bruno: number;
    let carla: number;
    let guests: number[];

    /** A tab at `table` where each guest orders, settled and closed, its tickets and closing dated. */
    async function closedTab(
      table: number,
      orders_: { customerId: number; items: { productId: number; quantity?: number }[] }[],
      minutes: number,
    ): Promise<number> {
      const orderId = await seatAndOrder(t.app.db, floor, table, orders_);
      // Served before the bill: a tab closes only once its kitchen is done.
      await t.app.db.update(orderItems).set({ status: 'READY' }).where(eq(orderItems.order_id, orderId));
      await t.app.db.transaction((tx) =>
        settleOrder(tx, floor.storeId, orderId, { method: 'PIX', reason: 'Conta paga no caixa' }, null),
      );
      await dated(t.app.db, orderId, minutes);
      return orderId;
    }

    async function dated(db: Db, orderId: number, minutes: number) {
      await db
        .update(tickets)
        .set({ created_at: at(minutes) })
        .where(eq(tickets.order_id, orderId));
      await db
        .update(orders)
        .set({ created_at: at(minutes), closed_at: at(minutes + 60) })
        .where(eq(orders.id, orderId));
    }

    /** A coupon of the store for a customer (a loyalty reward unless a promo code is named). */
    async function coupon(
      customerId: number,
      values: Partial<typeof coupons.$inferInsert> & { status: 'CREATED' | 'CONFIRMED' | 'CANCELLED' },
    ) {
      await t.app.db.insert(coupons).values({
        store_id: floor.storeId,
        customer_id: customerId,
        loyalty: true,
        discount: 10,
        ...values,
      });
    }

    beforeAll(async () => {
      const people = await newGuests(t.app.db, 10);
      [ana, bruno, carla] = people as [number, number, number];
      guests = people.slice(3);
      const { dish, drink } = floor; // R$ 50,00 and R$ 12,00
      // Ana: R$ 112,00 over two visits; the reward granted after the first is used on the second.
      const first = await closedTab(1, [{ customerId: ana, items: [{ productId: dish, quantity: 2 }] }], 0);
      await closedTab(
        2,
        [
          { customerId: ana, items: [{ productId: drink }] },
          { customerId: bruno, items: [{ productId: dish }] },
        ],
        24 * 60,
      );
      const second = (
        await t.app.db
          .select({ order_id: tickets.order_id })
          .from(tickets)
          .where(eq(tickets.customer_id, ana))
      ).find((row) => row.order_id !== first)!.order_id;
      await coupon(ana, { status: 'CONFIRMED', order_id: second, created_at: at(100), amount: 120 });
      // Then a third visit, and a reward granted but not used yet.
      await closedTab(3, [{ customerId: ana, items: [{ productId: drink }] }], 48 * 60);
      await coupon(ana, { status: 'CREATED', created_at: at(49 * 60) });

      // Bruno: a delivery later on, a reward that expired unused and a promo code's coupon: no redemption.
      const delivery = await closedTab(
        4,
        [{ customerId: bruno, items: [{ productId: drink, quantity: 3 }] }],
        72 * 60,
      );
      await t.app.db
        .update(orders)
        .set({ order_type: 'DELIVERY', table_id: null })
        .where(eq(orders.id, delivery));
      await coupon(bruno, { status: 'CANCELLED', created_at: at(30) });
      await coupon(bruno, {
        status: 'CONFIRMED',
        loyalty: false,
        order_id: delivery,
        created_at: at(72 * 60),
      });

      // Carla: two rewards used, one on a tab that is still open (its consumption not counted yet).
      const past = await closedTab(5, [{ customerId: carla, items: [{ productId: dish }] }], 10);
      await coupon(carla, { status: 'CONFIRMED', order_id: past, created_at: at(5) });
      const open = await seatAndOrder(t.app.db, floor, 6, [
        { customerId: carla, items: [{ productId: dish }] },
      ]);
      await t.app.db
        .update(tickets)
        .set({ created_at: at(96 * 60) })
        .where(eq(tickets.order_id, open));
      await coupon(carla, { status: 'CONFIRMED', order_id: open, created_at: at(95 * 60) });

      // Seven more customers of one small visit each, for the paging; one of them blocked.
      for (const [i, guest] of guests.entries()) {
        await closedTab(7 + (i % 4), [{ customerId: guest, items: [{ productId: drink }] }], 120 * 60 + i);
      }
      await t.app.db.update(customers).set({ status: 'BLOCKED' }).where(eq(customers.id, guests[0]!));

      // A customer of the other store only.
      const [other] = await newGuests(t.app.db, 1);
      const tab = await seatAndOrder(t.app.db, sertaoFloor, 1, [
        { customerId: other!, items: [{ productId: sertaoFloor.dish }] },
      ]);
      await t.app.db.update(orderItems).set({ status: 'READY' }).where(eq(orderItems.order_id, tab));
      await t.app.db.transaction((tx) =>
        settleOrder(tx, sertaoFloor.storeId, tab, { method: 'CASH', reason: 'Conta paga no caixa' }, null),
      );
    });

    it('computes each customer’s consumption, redemptions, date and origin from the tabs and coupons', async () => {
      const { results, total } = await everyRow(cantina);
      expect(total).toBe(10);
      const byId = new Map(results.map((row) => [row.id, row]));
      expect(byId.get(ana)).toMatchObject({
        customer: { id: ana, fullname: expect.stringMatching(/^Convidado/), profile_picture: null },
        order_type: 'INDOOR',
        // 2 × 50,00 + 12,00 + 12,00: the subtotals, without the 10 % service charge or the discount.
        total_consumption: 12400,
        // From the visit that used the reward on: 12,00 + 12,00.
        current_consumption: 2400,
        n_uses: 1,
        created_at: at(24 * 60).toISOString(),
      });
      expect(byId.get(bruno)).toMatchObject({
        order_type: 'DELIVERY',
        total_consumption: 5000 + 3600,
        current_consumption: 8600,
        n_uses: 0,
        created_at: null,
      });
      expect(byId.get(carla)).toMatchObject({
        order_type: 'INDOOR',
        total_consumption: 5000,
        // The reward was last used on the open tab: nothing consumed since (that tab is not closed).
        current_consumption: 0,
        n_uses: 2,
        created_at: at(96 * 60).toISOString(),
      });
      for (const guest of guests) {
        expect(byId.get(guest)).toMatchObject({
          total_consumption: 1200,
          current_consumption: 1200,
          n_uses: 0,
        });
      }
    });

    it('sums the program: active customers, redemptions and the top customer', async () => {
      const program = await readProgram(cantina);
      // The blocked customer stays in the table, not among the active users.
      expect(program.n_customers).toBe(9);
      expect(program.n_uses).toBe(3);
      expect(program.top_customer).toMatchObject({ id: carla, n_uses: 2, profile_picture: null });
      expect(program.top_customer!.username).toMatch(/^convidado/);
    });

    it('pages by 8 with the total, searches name and username, and never another store’s customers', async () => {
      const first = await page(cantina);
      expect(first.results).toHaveLength(8);
      expect(first.total).toBe(10);
      const second = await page(cantina, '?page=2');
      expect(second.results).toHaveLength(2);
      expect(second.total).toBe(10);
      expect(new Set([...first.results, ...second.results].map((row) => row.id)).size).toBe(10);
      expect(await page(cantina, '?page=5')).toEqual({ results: [], total: 10 });
      // The best customers first by default.
      expect(first.results[0]!.id).toBe(ana);

      const [anaRow] = await t.app.db.select().from(customers).where(eq(customers.id, ana));
      const byName = await page(cantina, `?search=${encodeURIComponent(anaRow!.fullname.toUpperCase())}`);
      expect(byName.results.map((row) => row.id)).toEqual([ana]);
      expect(byName.total).toBe(1);
      expect((await page(cantina, `?search=${anaRow!.username}`)).results.map((row) => row.id)).toEqual([
        ana,
      ]);
      // Not by e-mail: staff search names.
      expect(await page(cantina, `?search=${encodeURIComponent(anaRow!.email)}`)).toEqual({
        results: [],
        total: 0,
      });
      // Wildcards are plain characters.
      expect((await page(cantina, '?search=%25')).total).toBe(0);

      // Sertão's customers are not Cantina's, whatever store_id staff send.
      expect((await everyRow(cantina, `&store_id=${sertaoId}`)).total).toBe(10);
      expect((await everyRow(admin, `&store_id=${sertaoId}`)).total).toBe(1);
      expect((await everyRow(admin, `&store_id=${cantinaId}`)).total).toBe(10);
    });

    it('sorts by every column, both ways, customers who never redeemed last', async () => {
      const rows = (await everyRow(cantina)).results;
      const name = (row: LoyaltyCustomerRow) => row.customer.fullname;
      const checks: [string, (row: LoyaltyCustomerRow) => string | number | null][] = [
        ['customer', name],
        ['order_type', (row) => row.order_type],
        ['current_consumption', (row) => row.current_consumption],
        ['total_consumption', (row) => row.total_consumption],
        ['n_uses', (row) => row.n_uses],
        ['created_at', (row) => row.created_at],
      ];
      for (const [field, value] of checks) {
        for (const order of ['ASC', 'DESC'] as const) {
          const sorted = (await everyRow(cantina, `&sort_field=${field}&sort_order=${order}`)).results;
          const values = sorted.map(value);
          const present = values.filter((v) => v !== null);
          const expected = [...present].sort((a, b) => {
            const compared = typeof a === 'number' ? a - (b as number) : String(a).localeCompare(String(b));
            return order === 'ASC' ? compared : -compared;
          });
          expect(present, `${field} ${order}`).toEqual(expected);
          expect(
            values.slice(present.length).every((v) => v === null),
            `${field} ${order}`,
          ).toBe(true);
          expect(new Set(sorted.map((row) => row.id)), `${field} ${order}`).toEqual(
            new Set(rows.map((r) => r.id)),
          );
        }
      }
      expect(refused(await cantina({ method: 'GET', url: `${CUSTOMERS}?sort_field=email` }), 400)).toContain(
        'Campo de ordenação inválido.',
      );
      expect(refused(await cantina({ method: 'GET', url: `${CUSTOMERS}?page=0` }), 400)).toContain(
        'Página inválida.',
      );
    });

    it('moves the figures as soon as a tab closes, with nothing stored to keep up to date', async () => {
      const before = (await everyRow(cantina)).results.find((row) => row.id === bruno)!;
      await closedTab(1, [{ customerId: bruno, items: [{ productId: floor.dish }] }], 150 * 60);
      const after = (await everyRow(cantina)).results.find((row) => row.id === bruno)!;
      expect(after.total_consumption).toBe(before.total_consumption + 5000);
      expect(after.order_type).toBe('INDOOR');
    });

    it('exports the table as CSV, with the screen’s columns and order', async () => {
      const response = await cantina({
        method: 'GET',
        url: `${CUSTOMERS}?format=csv&sort_field=n_uses&sort_order=DESC`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/csv/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Cliente;Usuário;Origem;Consumo desde o último resgate;Consumo total;Resgates;Data do resgate',
      );
      expect(lines).toHaveLength(11);
      const [carlaRow] = await t.app.db.select().from(customers).where(eq(customers.id, carla));
      expect(lines[1]).toMatch(
        new RegExp(`^${carlaRow!.fullname};${carlaRow!.username};Presencial;0,00;50,00;2;`),
      );
    });
  });
});

describe('the loyalty figures of the whole demo', () => {
  let t: TestApp;
  let cantina: Call;
  let cantinaId: number;

  beforeAll(async () => {
    t = await createTestApp({ seed: 'full' });
    cantina = as(t.app, await login(t.app, demo.cantina));
    cantinaId = await storeId(t.app.db, 'Cantina Bella');
  }, 120_000);
  afterAll(() => t.close());

  /** The figures, recomputed here from the rows: closed tabs' tickets and the coupons used. */
  async function expectedFigures(db: Db, store: number) {
    const ticketRows = await db
      .select({
        customer_id: tickets.customer_id,
        subtotal: tickets.subtotal,
        created_at: tickets.created_at,
        id: tickets.id,
        order_type: orders.order_type,
      })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.order_id))
      .where(and(eq(orders.store_id, store), eq(orders.status, 'CLOSED')));
    const used = await db
      .select({
        customer_id: coupons.customer_id,
        order_id: coupons.order_id,
        created_at: coupons.created_at,
      })
      .from(coupons)
      .where(and(eq(coupons.store_id, store), eq(coupons.loyalty, true), eq(coupons.status, 'CONFIRMED')));
    const usedTickets = await db
      .select({
        order_id: tickets.order_id,
        customer_id: tickets.customer_id,
        created_at: tickets.created_at,
      })
      .from(tickets)
      .where(inArray(tickets.order_id, used.map((row) => row.order_id!).filter(Boolean)));
    const redemptions = new Map<number, Date[]>();
    for (const row of used) {
      const ticket = usedTickets.find(
        (tk) => tk.order_id === row.order_id && tk.customer_id === row.customer_id,
      );
      redemptions.set(row.customer_id, [
        ...(redemptions.get(row.customer_id) ?? []),
        ticket?.created_at ?? row.created_at,
      ]);
    }
    const figures = new Map<
      number,
      {
        total: number;
        current: number;
        n_uses: number;
        last: Date | null;
        latest: { at: number; id: number; type: string };
      }
    >();
    for (const row of ticketRows) {
      // Guests without the app (no customer) are no program's.
      const customer = row.customer_id;
      if (customer === null) continue;
      const dates = redemptions.get(customer) ?? [];
      const last = dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;
      const entry = figures.get(customer) ?? {
        total: 0,
        current: 0,
        n_uses: dates.length,
        last,
        latest: { at: -Infinity, id: 0, type: '' },
      };
      entry.total += row.subtotal;
      if (!last || row.created_at >= last) entry.current += row.subtotal;
      const at = row.created_at.getTime();
      if (at > entry.latest.at || (at === entry.latest.at && row.id > entry.latest.id))
        entry.latest = { at, id: row.id, type: row.order_type };
      figures.set(customer, entry);
    }
    return figures;
  }

  it('answers, for every customer of Cantina Bella, the sums of their closed tabs and coupons', async () => {
    const expected = await expectedFigures(t.app.db, cantinaId);
    const { results, total } = await everyRow(cantina);
    expect(expected.size).toBeGreaterThan(100);
    expect(total).toBe(expected.size);
    expect(results.some((row) => row.n_uses > 0)).toBe(true);
    for (const row of results) {
      const figures = expected.get(row.id)!;
      expect(row, `customer ${row.id}`).toMatchObject({
        total_consumption: figures.total,
        current_consumption: figures.current,
        n_uses: figures.n_uses,
        created_at: figures.last?.toISOString() ?? null,
        order_type: figures.latest.type,
      });
    }
  });

  it('agrees with the counters the demo was built with: the figures were what they meant', async () => {
    const [program] = await t.app.db
      .select()
      .from(loyaltyPrograms)
      .where(eq(loyaltyPrograms.store_id, cantinaId));
    const stored = await t.app.db
      .select()
      .from(loyaltyProgress)
      .where(eq(loyaltyProgress.program_id, program!.id));
    const { results } = await everyRow(cantina);
    const byId = new Map(results.map((row) => [row.id, row]));
    expect(stored.length).toBe(results.length);
    for (const counters of stored) {
      const row = byId.get(counters.customer_id)!;
      expect(row.total_consumption, `customer ${counters.customer_id}`).toBe(counters.total_consumption);
      expect(row.n_uses, `customer ${counters.customer_id}`).toBe(counters.n_uses);
      expect(row.created_at, `customer ${counters.customer_id}`).toBe(
        counters.last_redeemed_at?.toISOString() ?? null,
      );
    }
  });

  it('sums the program from the same figures, and pages them 8 at a time', async () => {
    const { results } = await everyRow(cantina);
    const active = await t.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          inArray(
            customers.id,
            results.map((row) => row.id),
          ),
          eq(customers.status, 'ACTIVE'),
        ),
      );
    const program = await readProgram(cantina);
    expect(program.n_customers).toBe(active.length);
    expect(program.n_uses).toBe(results.reduce((sum, row) => sum + row.n_uses, 0));
    const best = Math.max(...results.map((row) => row.n_uses));
    const top = results
      .filter((row) => row.n_uses === best)
      .sort((a, b) => b.total_consumption - a.total_consumption || a.id - b.id)[0]!;
    expect(program.top_customer).toEqual({ ...top.customer, n_uses: best });

    const first = await page(cantina);
    expect(first.total).toBe(results.length);
    expect(first.results).toEqual(results.slice(0, 8));
    const last = Math.ceil(results.length / 8);
    expect((await page(cantina, `?page=${last}`)).results).toEqual(results.slice((last - 1) * 8));
  });

  it('reads a page in one statement whatever the page holds (no query per customer)', async () => {
    const statements: string[] = [];
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text && /\bfigures\b/.test(text)) statements.push(text);
      return original.apply(this, args);
    };
    try {
      await page(cantina);
      await page(cantina, '?page_size=200');
      await readProgram(cantina);
    } finally {
      client.query = original;
    }
    expect(statements).toHaveLength(3);
  });
});
