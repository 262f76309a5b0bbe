import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  checkins,
  coupons,
  orderItems,
  orders,
  payments,
  statementEntries,
  tables,
  tickets,
} from '../../server/db/schema';
import type { AuditNote } from '../../server/plugins/audit';
import { callWaiter, payByApp, placeItems } from '../../server/service/guests';
import { refreshTotals } from '../../server/service/totals';
import { signUndo } from '../../server/service/undo';
import type { Order, OrderRow } from '../../contract/resources/tabs/definition';
import { rows } from '../../server/db/client';
import { as, demo, errorOf, login, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';

let t: TestApp;
let cantina: ReturnType<typeof as>;
let sertao: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let floor: Floor;
let other: Floor;

/** The audit notes the routes left, with the route that left each. */
let notes: (AuditNote & { url: string })[] = [];

beforeAll(async () => {
  ({ t, cantina, sertao, admin, floor, other } = await openService(
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    {
      beforeReady: (app) => {
        app.addHook('onResponse', async (request: FastifyRequest) => {
          if (request.auditNote) notes.push({ url: request.url, ...request.auditNote });
        });
      },
    },
  ));
});
beforeEach(() => {
  notes = [];
});

afterAll(async () => {
  await t?.close();
});

const readOrder = async (id: number, call = cantina) => {
  const response = await call({
    method: 'GET',
    url: `/api/orders/id/${id}?include=payments,coupons,birthdays,checkins`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
};
const pay = (body: Record<string, unknown>, call = cantina) =>
  call({ method: 'POST', url: '/api/payments/physical', payload: body });
const post = (id: number, action: string, payload: Record<string, unknown> = {}, call = cantina) =>
  call({ method: 'POST', url: `/api/orders/id/${id}/${action}`, payload });
/** The kitchen makes everything the tab ordered, marked ready on the board: a tab closes only then. */
const serve = async (orderId: number) => {
  const cooking = await t.app.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, orderId), inArray(orderItems.status, ['PLACED', 'PREPARING'])));
  for (const { id } of cooking) {
    const ready = await cantina({
      method: 'PATCH',
      url: `/api/orders/items/id/${id}/status`,
      payload: { status: 'READY' },
    });
    expect(ready.statusCode, ready.body).toBe(200);
  }
};

describe('one tab', () => {
  let orderId: number;
  let ana: number;
  let bruno: number;

  beforeAll(async () => {
    const guests = await newGuests(t.app.db, 2, 1);
    ana = guests[0]!;
    bruno = guests[1]!;
    orderId = await seatAndOrder(t.app.db, floor, 1, [
      {
        customerId: ana!,
        items: [
          { productId: floor.dish, complements: [{ groupId: floor.extras, productId: floor.extra }] },
          { productId: floor.drink, quantity: 2 },
        ],
      },
      { customerId: bruno!, items: [{ productId: floor.dish }] },
    ]);
    // One item still in Bruno's cart, one cancelled by the kitchen: neither is billed.
    await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, orderId, bruno!, [{ productId: floor.drink }], 'SAVED'),
    );
    await t.app.db.transaction(async (tx) => {
      const [drink] = await placeItems(tx, floor.storeId, orderId, bruno!, [{ productId: floor.drink }]);
      await tx.update(orderItems).set({ status: 'CANCELLED' }).where(eq(orderItems.id, drink!));
      const { refreshTotals } = await import('../../server/service/totals');
      await refreshTotals(tx, orderId);
    });
    await t.app.db.transaction((tx) => callWaiter(tx, floor.storeId, orderId, bruno!));
  });

  it('reads the tab with its customers, items (without the cart), totals and who called the waiter', async () => {
    const order = await readOrder(orderId);
    expect(order).toMatchObject({
      id: orderId,
      table_number: 1,
      status: 'OPENED',
      payment_status: 'OPEN',
      // Ana: 50 + 5 + 2 × 12 = 79; Bruno: 50 (the cancelled drink is not billed) → 129, + 10 % service.
      subtotal: 12900,
      service_charge: 1290,
      discount: 0,
      total: 14190,
      total_paid: 0,
      waiter_requested: true,
      waiter_requester: { id: bruno, fullname: expect.stringMatching(/^Convidado/) },
      birthdays: [{ customer_id: ana }],
    });
    const [first, second] = order.tickets;
    expect(first).toMatchObject({
      customer_id: ana,
      customer: { birthday: true, checkins: 1 },
      subtotal: 7900,
      service_charge: 790,
      total: 8690,
      payment_status: 'OPEN',
      payments: [],
      coupons: [],
    });
    expect(first!.items.map((item) => [item.name, item.quantity, item.status])).toEqual([
      ['Risoto de cogumelos', 1, 'PLACED'],
      ['Suco de laranja', 2, 'PLACED'],
    ]);
    expect(first!.items[0]!.complements).toEqual([{ name: 'Parmesão extra', price: 500, quantity: 1 }]);
    expect(second!.customer.birthday).toBe(false);
    expect(second!.items.map((item) => item.status)).toEqual(['PLACED', 'CANCELLED']);
    // Never a customer's birth date.
    expect(JSON.stringify(order)).not.toMatch(/birthdate|1990-/);
  });

  it('answers only what is asked to include', async () => {
    const response = await cantina({ method: 'GET', url: `/api/orders/id/${orderId}` });
    const order = response.json<{ data: Order }>().data;
    expect(order.birthdays).toBeUndefined();
    expect(order.tickets[0]!.payments).toBeUndefined();
    expect(order.tickets[0]!.customer.checkins).toBeUndefined();
    const bad = await cantina({ method: 'GET', url: `/api/orders/id/${orderId}?include=payments,segredos` });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^Inclusão inválida: use payments, coupons, birthdays, checkins/);
  });

  it("keeps another store's staff out of the tab, and lets an administrator in", async () => {
    const foreign = await sertao({ method: 'GET', url: `/api/orders/id/${orderId}` });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Comanda não encontrada.');
    expect((await pay({ order_id: orderId, customer_id: ana, amount: 100 }, sertao)).statusCode).toBe(404);
    expect((await post(orderId, 'waiter/dismiss', {}, sertao)).statusCode).toBe(404);
    expect((await readOrder(orderId, admin)).id).toBe(orderId);
  });

  it("'Dar baixa': a payment of a ticket's balance, never more than owed, the totals computed by the server", async () => {
    const tooMuch = await pay({ order_id: orderId, customer_id: ana, amount: 8691 });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toBe('O valor é maior que o saldo da comanda deste cliente (R$ 86,90).');
    const stranger = (await newGuests(t.app.db, 1))[0]!;
    const notHere = await pay({ order_id: orderId, customer_id: stranger, amount: 100 });
    expect(notHere.statusCode).toBe(404);
    expect(errorOf(notHere)).toBe('Este cliente não está nesta comanda.');
    for (const [body, message] of [
      [
        { order_id: orderId, customer_id: ana, amount: 0 },
        'O valor precisa ser maior que zero. (campo amount)',
      ],
      [
        { order_id: orderId, customer_id: ana, amount: 10.5 },
        'Informe o valor em centavos (um número inteiro). (campo amount)',
      ],
      [
        { order_id: orderId, customer_id: ana, amount: 100, method: 'BITCOIN' },
        'Forma de pagamento inválida',
      ],
    ] as const) {
      const response = await pay(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).startsWith(message), errorOf(response)).toBe(true);
    }

    const partial = await pay({ order_id: orderId, customer_id: ana, amount: 3000, method: 'CASH' });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().data).toMatchObject({
      amount: 3000,
      kind: 'PHYSICAL',
      method: 'CASH',
      customer_id: ana,
    });
    let order = partial.json<{ data: { order: Order } }>().data.order;
    expect(order).toMatchObject({ payment_status: 'PARTIALLY_PAID', total_paid: 3000 });
    expect(order.tickets[0]).toMatchObject({ total_paid: 3000, payment_status: 'PARTIALLY_PAID' });

    // The spec's client sends the ticket's total: the balance is what is left of it.
    const rest = await pay({ order_id: orderId, customer_id: ana, amount: 5690 });
    expect(rest.statusCode).toBe(201);
    order = rest.json<{ data: { order: Order } }>().data.order;
    expect(order.tickets[0]).toMatchObject({ total_paid: 8690, payment_status: 'PAID' });
    expect(order.tickets[0]!.payments!.map((p) => [p.amount, p.method])).toEqual([
      [3000, 'CASH'],
      [5690, 'CREDIT_CARD'],
    ]);
    expect(order).toMatchObject({ payment_status: 'PARTIALLY_PAID', total_paid: 8690 });
    const again = await pay({ order_id: orderId, customer_id: ana, amount: 100 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('A comanda deste cliente já está paga.');
    // Who received it is kept.
    const received = await t.app.db
      .select({ account: payments.account_id })
      .from(payments)
      .where(eq(payments.order_id, orderId));
    expect(received.every((row) => row.account !== null)).toBe(true);
  });

  it('dismisses the waiter call, and a second dismissal changes nothing', async () => {
    const first = await post(orderId, 'waiter/dismiss');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ waiter_requested: false, waiter_requester: null });
    expect((await post(orderId, 'waiter/dismiss')).statusCode).toBe(200);
  });

  it('keeps the tab open while the kitchen works on its items: closing, settling and releasing are refused, naming them', async () => {
    const tableId = floor.tables.get(1)!;
    const cooking =
      'A comanda ainda tem 3 itens na cozinha: Risoto de cogumelos (Aguardando), 2× Suco de laranja (Aguardando), Risoto de cogumelos (Aguardando). Marque-os como prontos ou cancele-os';
    const close = await post(orderId, 'close');
    expect(close.statusCode).toBe(409);
    expect(errorOf(close)).toBe(`${cooking} antes de fechar a comanda.`);
    for (const settle of [
      () => cantina({ method: 'PATCH', url: `/api/orders/id/${orderId}`, payload: { settle: true } }),
      () => post(orderId, 'settle', { method: 'PIX', reason: 'Cliente pagou no caixa' }),
    ]) {
      const refused = await settle();
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(`${cooking} antes de fechar a comanda.`);
    }
    const release = await cantina({ method: 'PATCH', url: `/api/tables/id/${tableId}/status/AVAILABLE` });
    expect(release.statusCode).toBe(409);
    expect(errorOf(release)).toBe(`${cooking} antes de liberar a mesa.`);
    // Nothing was received by the refusals, and the tab is still open.
    expect(await readOrder(orderId)).toMatchObject({ status: 'OPENED', total_paid: 8690 });

    // The kitchen starts Ana's dish and pours her drinks; Bruno's dish is still waiting.
    const [dish, drinks] = (await readOrder(orderId)).tickets
      .flatMap((ticket) => ticket.items)
      .filter((item) => item.status === 'PLACED')
      .sort((a, b) => a.id - b.id);
    const step = (id: number, status: string) =>
      cantina({ method: 'PATCH', url: `/api/orders/items/id/${id}/status`, payload: { status } });
    expect((await step(dish!.id, 'PREPARING')).statusCode).toBe(200);
    expect((await step(drinks!.id, 'READY')).statusCode).toBe(200);
    expect(errorOf(await post(orderId, 'close'))).toBe(
      'A comanda ainda tem 2 itens na cozinha: Risoto de cogumelos (Preparando), Risoto de cogumelos (Aguardando). Marque-os como prontos ou cancele-os antes de fechar a comanda.',
    );
    await serve(orderId);
    expect(await readOrder(orderId)).toMatchObject({ status: 'OPENED', total: 14190, total_paid: 8690 });
  });

  it('refuses to close a tab that still owes, then settles it: the balance received at the table, the tab closed', async () => {
    const owes = await post(orderId, 'close');
    expect(owes.statusCode).toBe(409);
    expect(errorOf(owes)).toBe(
      'A comanda ainda tem R$ 55,00 em aberto: dê baixa ou acerte a comanda antes de fechá-la.',
    );
    // The table cannot be released while the tab is open.
    const tableId = floor.tables.get(1)!;
    const early = await cantina({ method: 'PATCH', url: `/api/tables/id/${tableId}/status/AVAILABLE` });
    expect(early.statusCode).toBe(409);

    // A balance is never received by default: the method and the reason are asked for, with the amount.
    for (const [payload, message] of [
      [
        { settle: true },
        'A comanda ainda tem R$ 55,00 em aberto: informe a forma de pagamento com que foram recebidos.',
      ],
      [
        { settle: true, reason: 'Cliente pagou no caixa' },
        'A comanda ainda tem R$ 55,00 em aberto: informe a forma de pagamento com que foram recebidos.',
      ],
      [
        { settle: true, method: 'PIX' },
        'A comanda ainda tem R$ 55,00 em aberto: informe o motivo de acertá-la de uma vez.',
      ],
      [
        { settle: true, method: 'PIX', reason: '   ' },
        'A comanda ainda tem R$ 55,00 em aberto: informe o motivo de acertá-la de uma vez.',
      ],
    ] as const) {
      const refused = await cantina({ method: 'PATCH', url: `/api/orders/id/${orderId}`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(refused)).toBe(message);
    }
    const byCall = await post(orderId, 'settle', { method: 'PIX' });
    expect(byCall.statusCode).toBe(400);
    expect(errorOf(byCall)).toBe(
      'A comanda ainda tem R$ 55,00 em aberto: informe o motivo de acertá-la de uma vez.',
    );
    const tooLong = await post(orderId, 'settle', { method: 'PIX', reason: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatch(/^Limite máximo de 300 caracteres\./);
    // Nothing was received by the refusals.
    expect((await readOrder(orderId)).total_paid).toBe(8690);
    notes = [];

    const settled = await cantina({
      method: 'PATCH',
      url: `/api/orders/id/${orderId}`,
      payload: { settle: true, method: 'PIX', reason: 'Cliente pagou no caixa' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'release-with-balance',
        recordId: orderId,
        storeId: floor.storeId,
        reason: 'Cliente pagou no caixa',
        summary: 'Mesa 1 liberada com R$ 55,00 recebidos em Pix',
      }),
    ]);
    const order = settled.json<{ data: Order }>().data;
    expect(order).toMatchObject({
      status: 'CLOSED',
      payment_status: 'PAID',
      total_paid: 14190,
      total: 14190,
    });
    expect(order.closed_at).not.toBeNull();
    expect(order.tickets[1]!.payments!.map((p) => [p.amount, p.method])).toEqual([[5500, 'PIX']]);

    const twice = await post(orderId, 'settle');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('A comanda já está fechada e paga.');
    expect(errorOf(await post(orderId, 'close'))).toBe('A comanda já está fechada.');
    const closedPay = await pay({ order_id: orderId, customer_id: bruno, amount: 100 });
    expect(closedPay.statusCode).toBe(409);
    expect(errorOf(closedPay)).toBe('A comanda está fechada e não recebe mais pagamentos.');

    const released = await cantina({ method: 'PATCH', url: `/api/tables/id/${tableId}/status/AVAILABLE` });
    expect(released.statusCode).toBe(200);
    expect(released.json().data).toMatchObject({ status: 'AVAILABLE', order: null });
    expect(notes.at(-1)).toMatchObject({ action: 'release', summary: 'Mesa 1 liberada', recordId: tableId });
  });

  it('refuses an update that is not a settlement', async () => {
    const response = await cantina({
      method: 'PATCH',
      url: `/api/orders/id/${orderId}`,
      payload: { status: 'OPENED' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('closing, paying by the app, moving and joining tabs', () => {
  it('closes a paid tab without receiving anything more', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 2, [
      { customerId: guest!, items: [{ productId: floor.drink }] },
    ]);
    const paid = await t.app.db.transaction((tx) => payByApp(tx, floor.storeId, orderId, guest!, 'PIX'));
    expect(paid).toBe(1320);
    // An app payment enters the statement.
    const lines = await t.app.db
      .select()
      .from(statementEntries)
      .where(eq(statementEntries.description, `Pagamento pelo app — comanda ${orderId}`));
    expect(lines).toHaveLength(1);
    await serve(orderId);
    const closed = await post(orderId, 'close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', payment_status: 'PAID', total_paid: 1320 });
    const count = await t.app.db.select().from(payments).where(eq(payments.order_id, orderId));
    expect(count).toHaveLength(1);
  });

  it('moves a tab to a free table, and refuses an occupied, the same or another store’s table', async () => {
    const [a, b] = await newGuests(t.app.db, 2);
    const moving = await seatAndOrder(t.app.db, floor, 3, [
      { customerId: a!, items: [{ productId: floor.dish }] },
    ]);
    await seatAndOrder(t.app.db, floor, 4, [{ customerId: b!, items: [] }]);
    const occupied = await post(moving, 'move', { table_id: floor.tables.get(4)! });
    expect(occupied.statusCode).toBe(409);
    expect(errorOf(occupied)).toBe('A mesa 4 está ocupada: junte as mesas em vez de transferir a comanda.');
    expect(errorOf(await post(moving, 'move', { table_id: floor.tables.get(3)! }))).toBe(
      'A comanda já está nesta mesa.',
    );
    const foreign = await post(moving, 'move', { table_id: other.tables.get(1)! });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Mesa não encontrada.');

    const moved = await post(moving, 'move', { table_id: floor.tables.get(5)! });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ id: moving, table_number: 5, total: 5500 });
    const status = async (number: number) =>
      (
        await t.app.db
          .select({ status: tables.status })
          .from(tables)
          .where(eq(tables.id, floor.tables.get(number)!))
      )[0]!.status;
    expect([await status(3), await status(5)]).toEqual(['AVAILABLE', 'OCCUPIED']);
  });

  it('joins a tab to another table’s: customers, items and payments follow, one ticket per customer, the old table freed', async () => {
    const [a, b, c] = await newGuests(t.app.db, 3);
    const leaving = await seatAndOrder(t.app.db, floor, 6, [
      { customerId: a!, items: [{ productId: floor.dish }] },
      { customerId: c!, items: [{ productId: floor.drink }] },
    ]);
    const staying = await seatAndOrder(t.app.db, floor, 7, [
      { customerId: b!, items: [{ productId: floor.drink }] },
    ]);
    // The app keeps a guest at one tab; a ticket at both (data from before that rule) is merged too.
    await t.app.db.insert(tickets).values({ order_id: staying, store_id: floor.storeId, customer_id: c! });
    await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, staying, c!, [{ productId: floor.drink }]),
    );
    await t.app.db.transaction((tx) => callWaiter(tx, floor.storeId, leaving, a!));
    expect((await pay({ order_id: leaving, customer_id: a, amount: 1000 })).statusCode).toBe(201);

    const free = await post(leaving, 'merge', { table_id: floor.tables.get(8)! });
    expect(free.statusCode).toBe(409);
    expect(errorOf(free)).toBe('A mesa 8 está livre: transfira a comanda em vez de juntar as mesas.');

    const merged = await post(leaving, 'merge', { table_id: floor.tables.get(7)! });
    expect(merged.statusCode, merged.body).toBe(200);
    const order = merged.json<{ data: Order }>().data;
    expect(order.id).toBe(staying);
    expect(order.tickets.map((ticket) => ticket.customer_id).sort()).toEqual([a, b, c].sort());
    // c ordered a drink at each table: one ticket with both.
    const cTicket = order.tickets.find((ticket) => ticket.customer_id === c)!;
    expect(cTicket.items).toHaveLength(2);
    // a's payment went with a's ticket.
    expect(order.tickets.find((ticket) => ticket.customer_id === a)).toMatchObject({ total_paid: 1000 });
    // 50 + 12 + 12 + 12 = 86, + 10 %.
    expect(order).toMatchObject({
      subtotal: 8600,
      total: 9460,
      total_paid: 1000,
      payment_status: 'PARTIALLY_PAID',
      waiter_requested: true,
    });
    expect((await t.app.db.select().from(orders).where(eq(orders.id, leaving))).length).toBe(0);
    const [table6] = await t.app.db
      .select({ status: tables.status })
      .from(tables)
      .where(eq(tables.id, floor.tables.get(6)!));
    expect(table6!.status).toBe('AVAILABLE');
    const orphanTickets = await t.app.db.select().from(tickets).where(eq(tickets.order_id, leaving));
    expect(orphanTickets).toHaveLength(0);
  });
});

describe('guests', () => {
  it('sit at one table at a time, and nobody sits at an occupied table', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const [table] = await t.app.db
      .insert(tables)
      .values([
        { store_id: floor.storeId, number: 60, name: 'Mesa 60' },
        { store_id: floor.storeId, number: 61, name: 'Mesa 61' },
      ])
      .returning({ id: tables.id });
    floor.tables.set(60, table!.id);
    await seatAndOrder(t.app.db, floor, 60, [{ customerId: guest!, items: [] }]);
    const { seatGuests } = await import('../../server/service/guests');
    const [t61] = await t.app.db.select({ id: tables.id }).from(tables).where(eq(tables.number, 61));
    await expect(
      t.app.db.transaction((tx) => seatGuests(tx, floor.storeId, t61!.id, [guest!])),
    ).rejects.toThrow('Este cliente já está em outra comanda aberta.');
    await expect(
      t.app.db.transaction((tx) => seatGuests(tx, floor.storeId, table!.id, [guest!])),
    ).rejects.toThrow('A mesa 60 já está ocupada.');
    await expect(t.app.db.transaction((tx) => seatGuests(tx, floor.storeId, t61!.id, []))).rejects.toThrow(
      'Ninguém se sentou',
    );
  });
});

describe('the tabs list (/api/orders/search)', () => {
  it("lists the store's tabs newest first, with their table, customers and money, filtered by day and status", async () => {
    const response = await cantina({ method: 'GET', url: '/api/orders/search' });
    expect(response.statusCode, response.body).toBe(200);
    const { results, total } = response.json<{ data: { results: OrderRow[]; total: number } }>().data;
    expect(total).toBe(results.length);
    expect(results.every((row) => row.store_id === floor.storeId)).toBe(true);
    const times = results.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(results.find((row) => row.table_number === 7)).toMatchObject({ status: 'OPENED', n_customers: 3 });

    const open = await cantina({ method: 'GET', url: '/api/orders/search?status=OPENED' });
    expect(open.json().data.results.every((row: OrderRow) => row.status === 'OPENED')).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const todays = await cantina({
      method: 'GET',
      url: `/api/orders/search?start_at=${today}&end_at=${today}`,
    });
    expect(todays.json().data.total).toBe(total);
    const past = await cantina({ method: 'GET', url: '/api/orders/search?end_at=2020-01-01' });
    expect(past.json().data.total).toBe(0);
    const backwards = await cantina({
      method: 'GET',
      url: '/api/orders/search?start_at=2026-02-02&end_at=2026-02-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards)).toBe('A data inicial não pode ser depois da data final.');
    const impossible = await cantina({ method: 'GET', url: '/api/orders/search?start_at=2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    // Another store sees none of them.
    const theirs = await sertao({ method: 'GET', url: '/api/orders/search' });
    expect(theirs.json().data.results.some((row: OrderRow) => row.store_id === floor.storeId)).toBe(false);
  });

  it('exports the tabs as CSV with the same filters', async () => {
    const response = await cantina({ method: 'GET', url: '/api/orders/search?format=csv&status=CLOSED' });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Mesa;Data;Status;Pagamento;Clientes;Total;Total pago');
    expect(lines.slice(1).every((line) => line.includes(';fechado;'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('polling the open tab', () => {
  it('answers 304 while nothing on the floor changed, and the new tab as soon as something did', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 9, [
      { customerId: guest!, items: [{ productId: floor.drink }] },
    ]);
    const url = `/api/orders/id/${orderId}?include=payments,coupons,birthdays,checkins`;
    const first = await cantina({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"comanda-/);
    const unchanged = await cantina({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, orderId, guest!, [{ productId: floor.dish }]),
    );
    const changed = await cantina({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.tickets[0].items).toHaveLength(2);
    // Another store's tab is a 404, never a 304.
    const foreign = await sertao({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('two staff at once', () => {
  it("gives exactly one payment when 'Dar baixa' is pressed twice on the same ticket", async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const [table] = await t.app.db
      .insert(tables)
      .values({ store_id: floor.storeId, number: 50, name: 'Mesa 50' })
      .returning({ id: tables.id });
    floor.tables.set(50, table!.id);
    const orderId = await seatAndOrder(t.app.db, floor, 50, [
      { customerId: guest!, items: [{ productId: floor.dish }] },
    ]);
    const waiter = as(t.app, await login(t.app, demo.cantina));
    const body = { order_id: orderId, customer_id: guest, amount: 5500 };
    const answers = await Promise.all([pay(body), pay(body, waiter), pay(body), pay(body, waiter)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const made = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.order_id, orderId), eq(payments.customer_id, guest!)));
    expect(made).toHaveLength(1);
    expect((await readOrder(orderId)).total_paid).toBe(5500);
  });
});

describe('the spec’s release of a tab that owes nothing', () => {
  it('settles with { settle: true } alone, then frees the table', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 11, [
      { customerId: guest!, items: [{ productId: floor.drink }] },
    ]);
    await t.app.db.transaction((tx) => payByApp(tx, floor.storeId, orderId, guest!, 'PIX'));
    await serve(orderId);
    const settled = await cantina({
      method: 'PATCH',
      url: `/api/orders/id/${orderId}`,
      payload: { settle: true },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toMatchObject({ status: 'CLOSED', payment_status: 'PAID', total_paid: 1320 });
    expect(notes).toEqual([
      expect.objectContaining({ action: 'settle', summary: 'Mesa 11: comanda acertada sem saldo em aberto' }),
    ]);
    // Nothing was received at the table.
    const received = await t.app.db.select().from(payments).where(eq(payments.order_id, orderId));
    expect(received.map((payment) => payment.kind)).toEqual(['DIGITAL']);
    const freed = await cantina({
      method: 'PATCH',
      url: `/api/tables/id/${floor.tables.get(11)!}/status/AVAILABLE`,
    });
    expect(freed.statusCode).toBe(200);
  });

  it('settles a tab where nothing was ordered by POST …/settle, naming no method', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 12, [{ customerId: guest!, items: [] }]);
    const settled = await post(orderId, 'settle');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.status).toBe('CLOSED');
  });
});

describe('removing a payment received at the table (DELETE /api/payments/id/:id)', () => {
  const remove = (id: number, payload: unknown, call = cantina) =>
    call({ method: 'DELETE', url: `/api/payments/id/${id}`, payload: payload as Record<string, unknown> });

  it('takes it back with a reason: the totals, the payment status and the figures follow', async () => {
    const [ana, bruno] = await newGuests(t.app.db, 2);
    const orderId = await seatAndOrder(t.app.db, floor, 13, [
      { customerId: ana!, items: [{ productId: floor.dish }] },
      { customerId: bruno!, items: [{ productId: floor.drink }] },
    ]);
    const paid = await pay({ order_id: orderId, customer_id: ana, amount: 5500, method: 'CASH' });
    expect(paid.statusCode).toBe(201);
    const paymentId = paid.json().data.id as number;
    expect(paid.json().data.order).toMatchObject({ payment_status: 'PARTIALLY_PAID', total_paid: 5500 });
    const day = await t.app.db.execute(
      sql`select coalesce(sum(gross), 0)::int as gross, coalesce(sum(cancelled), 0)::int as cancelled
          from store_days where store_id = ${floor.storeId}`,
    );
    const before = rows<{ gross: number; cancelled: number }>(day)[0]!;

    for (const [payload, message] of [
      [{}, 'Informe o motivo. (campo reason)'],
      [{ reason: '  ' }, 'Informe o motivo. (campo reason)'],
      [undefined, ''],
    ] as const) {
      const refused = await remove(paymentId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(errorOf(refused)).toBe(message);
    }
    // Another store's staff never reach it.
    const foreign = await remove(paymentId, { reason: 'Engano' }, sertao);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Pagamento não encontrado.');
    notes = [];

    const removed = await remove(paymentId, { reason: 'Baixa dada no cliente errado' });
    expect(removed.statusCode, removed.body).toBe(200);
    const order = removed.json<{ data: Order }>().data;
    expect(order).toMatchObject({ id: orderId, payment_status: 'OPEN', total_paid: 0, status: 'OPENED' });
    expect(order.tickets.find((ticket) => ticket.customer_id === ana)).toMatchObject({
      total_paid: 0,
      payment_status: 'OPEN',
      payments: [],
    });
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'remove-payment',
        recordId: paymentId,
        reason: 'Baixa dada no cliente errado',
        summary: expect.stringMatching(
          /^Pagamento de R\$ 55,00 em Dinheiro de Convidado \d+ removido \(Mesa 13\)$/,
        ),
      }),
    ]);
    // Kept, cancelled: the day's figures move it from received to cancelled.
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row!.cancelled_at).not.toBeNull();
    const after = rows<{ gross: number; cancelled: number }>(
      await t.app.db.execute(
        sql`select coalesce(sum(gross), 0)::int as gross, coalesce(sum(cancelled), 0)::int as cancelled
            from store_days where store_id = ${floor.storeId}`,
      ),
    )[0]!;
    expect(after).toEqual({ gross: before.gross - 5500, cancelled: before.cancelled + 5500 });
    // A physical payment never entered the statement.
    const lines = await t.app.db
      .select()
      .from(statementEntries)
      .where(eq(statementEntries.payment_id, paymentId));
    expect(lines).toHaveLength(0);

    const twice = await remove(paymentId, { reason: 'De novo' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('Este pagamento já foi removido.');
    // The ticket owes again, and 'Dar baixa' takes its whole balance.
    expect((await pay({ order_id: orderId, customer_id: ana, amount: 5500, method: 'PIX' })).statusCode).toBe(
      201,
    );
  });

  it('refuses an app payment, a closed tab’s and one that does not exist, in Portuguese', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 14, [
      { customerId: guest!, items: [{ productId: floor.dish }] },
    ]);
    await pay({ order_id: orderId, customer_id: guest, amount: 1000, method: 'CASH' });
    await t.app.db.transaction((tx) => payByApp(tx, floor.storeId, orderId, guest!, 'PIX'));
    const made = await t.app.db.select().from(payments).where(eq(payments.order_id, orderId));
    const digital = made.find((payment) => payment.kind === 'DIGITAL')!;
    const physical = made.find((payment) => payment.kind === 'PHYSICAL')!;

    const app = await remove(digital.id, { reason: 'Engano' });
    expect(app.statusCode).toBe(409);
    expect(errorOf(app)).toBe('Pagamentos feitos pelo app não podem ser removidos aqui.');

    await serve(orderId);
    expect((await post(orderId, 'close')).statusCode).toBe(200);
    const closed = await remove(physical.id, { reason: 'Engano' });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe('A comanda está fechada: seus pagamentos não podem mais ser removidos.');
    const [kept] = await t.app.db.select().from(payments).where(eq(payments.id, physical.id));
    expect(kept!.cancelled_at).toBeNull();

    const missing = await remove(999_999, { reason: 'Engano' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Pagamento não encontrado.');
  });
});

describe('undoing a move or a join', () => {
  const key = () => t.app.tokens.deriveKey('floor-undo');
  /** The same token, signed again with its expiry moved `ms` into the past. */
  function expired(token: string, ms = 1000): string {
    const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { exp: number };
    return signUndo(key(), { ...payload, exp: Date.now() - ms } as Parameters<typeof signUndo>[1]);
  }
  const tableStatus = async (number: number) =>
    (
      await t.app.db
        .select({ status: tables.status })
        .from(tables)
        .where(eq(tables.id, floor.tables.get(number)!))
    )[0]!.status;

  it('moves the tab back while its old table is free, once; and refuses late, forged or foreign tokens', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const orderId = await seatAndOrder(t.app.db, floor, 15, [
      { customerId: guest!, items: [{ productId: floor.dish }] },
    ]);
    const moved = await post(orderId, 'move', { table_id: floor.tables.get(16)! });
    expect(moved.statusCode, moved.body).toBe(200);
    const { token } = moved.json().data.undo as { token: string };
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(notes.at(-1)).toMatchObject({
      action: 'move',
      summary: 'Comanda da mesa 15 transferida para a mesa 16',
    });

    const undo = (payload: unknown, call = cantina, id = orderId) =>
      call({
        method: 'POST',
        url: `/api/orders/id/${id}/move/undo`,
        payload: payload as Record<string, unknown>,
      });
    const late = await undo({ token: expired(token) });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe('Não é mais possível desfazer: passaram-se mais de 10 segundos.');
    const [body, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), exp: Date.now() + 600_000 })).toString('base64url')}.${mac}`;
    for (const bad of [forged, 'abc.def', 'x']) {
      const refused = await undo({ token: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(errorOf(refused)).toBe(
        'Não foi possível desfazer: o pedido não é desta comanda ou foi alterado.',
      );
    }
    expect((await undo({})).statusCode).toBe(400);
    expect((await undo({ token }, sertao)).statusCode).toBe(404);
    // Another tab's token does not move this one.
    const [stranger] = await newGuests(t.app.db, 1);
    const otherTab = await seatAndOrder(t.app.db, floor, 17, [{ customerId: stranger!, items: [] }]);
    expect((await undo({ token }, cantina, otherTab)).statusCode).toBe(400);
    expect(await tableStatus(15)).toBe('AVAILABLE');

    notes = [];
    const back = await undo({ token });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ id: orderId, table_number: 15, total: 5500 });
    expect([await tableStatus(15), await tableStatus(16)]).toEqual(['OCCUPIED', 'AVAILABLE']);
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'undo-move',
        summary: 'Transferência desfeita: comanda de volta à mesa 15',
      }),
    ]);
    const again = await undo({ token });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(
      'Não é possível desfazer: a comanda mudou de mesa ou foi fechada desde então.',
    );
  });

  it('refuses to move a tab back to a table taken since', async () => {
    const [guest, next] = await newGuests(t.app.db, 2);
    const orderId = await seatAndOrder(t.app.db, floor, 18, [{ customerId: guest!, items: [] }]);
    const moved = await post(orderId, 'move', { table_id: floor.tables.get(19)! });
    await seatAndOrder(t.app.db, floor, 18, [{ customerId: next!, items: [] }]);
    const refused = await cantina({
      method: 'POST',
      url: `/api/orders/id/${orderId}/move/undo`,
      payload: { token: moved.json().data.undo.token },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('Não é possível desfazer: a mesa 18 foi ocupada desde a transferência.');
  });

  it('splits a join back as it was: customers, items, payments, coupons, visits, the waiter call and the tables', async () => {
    const [a, b, c] = await newGuests(t.app.db, 3);
    const freeTables = [...floor.tables.entries()].filter(([number]) => number >= 1 && number <= 9);
    const numbers: number[] = [];
    for (const [number] of freeTables) if ((await tableStatus(number)) === 'AVAILABLE') numbers.push(number);
    const [from, to] = numbers as [number, number];
    const leaving = await seatAndOrder(t.app.db, floor, from, [
      { customerId: a!, items: [{ productId: floor.dish }, { productId: floor.drink }] },
      { customerId: c!, items: [{ productId: floor.drink }] },
    ]);
    const staying = await seatAndOrder(t.app.db, floor, to, [
      { customerId: b!, items: [{ productId: floor.drink }] },
    ]);
    // c is at both tabs (data from before the one-tab rule): one ticket after the join.
    await t.app.db.insert(tickets).values({ order_id: staying, store_id: floor.storeId, customer_id: c! });
    await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, staying, c!, [{ productId: floor.dish }]),
    );
    await t.app.db.transaction((tx) => callWaiter(tx, floor.storeId, leaving, a!));
    expect((await pay({ order_id: leaving, customer_id: a, amount: 2000, method: 'CASH' })).statusCode).toBe(
      201,
    );
    const [coupon] = await t.app.db
      .insert(coupons)
      .values({
        store_id: floor.storeId,
        customer_id: a!,
        order_id: leaving,
        discount: 10,
        amount: 500,
        status: 'CONFIRMED',
      })
      .returning({ id: coupons.id });
    await t.app.db.transaction((tx) => refreshTotals(tx, leaving));
    const visits = await t.app.db
      .select({ id: checkins.id })
      .from(checkins)
      .where(eq(checkins.order_id, leaving));
    const readBoth = async () => ({ leaving: await readOrder(leaving), staying: await readOrder(staying) });
    const before = await readBoth();

    const merged = await post(leaving, 'merge', { table_id: floor.tables.get(to)! });
    expect(merged.statusCode, merged.body).toBe(200);
    const joined = merged.json<{ data: Order & { undo: { token: string } } }>().data;
    expect(joined.id).toBe(staying);
    expect(notes.at(-1)).toMatchObject({ action: 'merge', summary: `Mesa ${from} juntada à mesa ${to}` });
    const token = joined.undo.token;

    const late = await cantina({
      method: 'POST',
      url: `/api/orders/id/${staying}/merge/undo`,
      payload: { token: expired(token) },
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe('Não é mais possível desfazer: passaram-se mais de 10 segundos.');
    // The move's undo does not take a join's token, nor the tab that left.
    expect(
      (await cantina({ method: 'POST', url: `/api/orders/id/${staying}/move/undo`, payload: { token } }))
        .statusCode,
    ).toBe(400);

    notes = [];
    const split = await cantina({
      method: 'POST',
      url: `/api/orders/id/${staying}/merge/undo`,
      payload: { token },
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().data.id).toBe(leaving);
    expect(notes).toEqual([
      expect.objectContaining({ action: 'undo-merge', summary: `Mesas ${from} e ${to} separadas de novo` }),
    ]);
    const after = await readBoth();
    /** What a tab is, without the ids of its tickets (remade) and its last change. */
    const shape = (order: Order) => ({
      ...order,
      tickets: order.tickets.map(({ id: _id, ...ticket }) => ticket),
    });
    expect(shape(after.leaving)).toEqual(shape(before.leaving));
    expect(shape(after.staying)).toEqual(shape(before.staying));
    expect([await tableStatus(from), await tableStatus(to)]).toEqual(['OCCUPIED', 'OCCUPIED']);
    const [back] = await t.app.db
      .select({ order_id: coupons.order_id })
      .from(coupons)
      .where(eq(coupons.id, coupon!.id));
    expect(back!.order_id).toBe(leaving);
    const visitsBack = await t.app.db
      .select({ id: checkins.id })
      .from(checkins)
      .where(eq(checkins.order_id, leaving));
    expect(visitsBack).toEqual(visits);

    const again = await cantina({
      method: 'POST',
      url: `/api/orders/id/${staying}/merge/undo`,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(
      'Não é possível desfazer: as comandas mudaram desde que as mesas foram juntadas.',
    );
  });

  it('refuses to split tabs that changed since the join', async () => {
    const [a, b] = await newGuests(t.app.db, 2);
    const numbers: number[] = [];
    for (const number of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      if ((await tableStatus(number)) === 'AVAILABLE') numbers.push(number);
    const [from, to] = numbers as [number, number];
    const leaving = await seatAndOrder(t.app.db, floor, from, [
      { customerId: a!, items: [{ productId: floor.dish }] },
    ]);
    const staying = await seatAndOrder(t.app.db, floor, to, [
      { customerId: b!, items: [{ productId: floor.drink }] },
    ]);
    const merged = await post(leaving, 'merge', { table_id: floor.tables.get(to)! });
    // A guest orders on the joined tab in the meantime.
    await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, staying, b!, [{ productId: floor.drink }]),
    );
    const refused = await cantina({
      method: 'POST',
      url: `/api/orders/id/${staying}/merge/undo`,
      payload: { token: merged.json().data.undo.token },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(
      'Não é possível desfazer: as comandas mudaram desde que as mesas foram juntadas.',
    );
    expect((await t.app.db.select().from(orders).where(eq(orders.id, leaving))).length).toBe(0);
  });
});
