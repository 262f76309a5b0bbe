import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditEvents, orderItems } from '../../server/db/schema';
import type { AuditNote } from '../../server/plugins/audit';
import { placeItems } from '../../server/service/guests';
import { settleOrder } from '../../server/service/tabs';
import type { Order } from '../../contract/resources/tabs/definition';
import type { OrderItem } from '../../contract/resources/kitchenBoard/definition';
import { DEFAULT_PERMISSIONS } from '../../contract/permissions';
import { as, createAccount, errorOf, login, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';

let t: TestApp;
let cantina: ReturnType<typeof as>;
let sertao: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let floor: Floor;
let other: Floor;
let orderId: number;
let ana: number;
/** The audit notes the routes left. */
let notes: AuditNote[] = [];

beforeAll(async () => {
  ({ t, cantina, sertao, admin, floor, other } = await openService([1, 2, 3], {
    beforeReady: (app) => {
      app.addHook('onResponse', async (request: FastifyRequest) => {
        if (request.auditNote) notes.push(request.auditNote);
      });
    },
  }));
  ana = (await newGuests(t.app.db, 1))[0]!;
  orderId = await seatAndOrder(t.app.db, floor, 1, [
    {
      customerId: ana!,
      items: [
        {
          productId: floor.dish,
          complements: [{ groupId: floor.extras, productId: floor.extra }],
          observations: 'Sem cebola',
        },
        { productId: floor.drink, quantity: 2 },
      ],
    },
  ]);
  await t.app.db.transaction((tx) =>
    placeItems(tx, floor.storeId, orderId, ana!, [{ productId: floor.dish }], 'SAVED'),
  );
  const [guest] = await newGuests(t.app.db, 1);
  await seatAndOrder(t.app.db, other, 1, [{ customerId: guest!, items: [{ productId: other.dish }] }]);
});

afterAll(async () => {
  await t?.close();
});

/**
 * The board as a tablet reads it. The fixtures write straight to the database, as another process
 * would: on PostgreSQL that write's notice may arrive after the read, which would then be answered
 * from the board kept for the version held. So the read asks the store's version afresh (a write
 * through the API forgets the version by itself).
 */
const board = async (query = '', call = cantina) => {
  t.app.live.forgetVersion(null);
  const response = await call({ method: 'GET', url: `/api/orders/items${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OrderItem[] }>().data;
};
const move = (id: number, status: string, call = cantina) =>
  call({ method: 'PATCH', url: `/api/orders/items/id/${id}/status`, payload: { status } });
const cancel = (id: number, call = cantina, reason: string | null = 'Cliente desistiu') =>
  call({
    method: 'DELETE',
    url: `/api/orders/items/id/${id}`,
    payload: reason === null ? {} : { reason },
  });
const itemNamed = async (name: string) => (await board()).find((item) => item.name === name)!;
const itemById = async (id: number) => (await board()).find((item) => item.id === id)!;

describe('the kitchen board (GET /api/orders/items)', () => {
  it("lists the store's live items, oldest first, with the customer, the table and the complements, never a cart's", async () => {
    const items = await board();
    expect(items.map((item) => [item.name, item.status, item.quantity])).toEqual([
      ['Risoto de cogumelos', 'PLACED', 1],
      ['Suco de laranja', 'PLACED', 2],
    ]);
    const [dish] = items;
    expect(dish).toMatchObject({
      order_id: orderId,
      kitchen_id: floor.kitchen,
      observations: 'Sem cebola',
      complements: [{ name: 'Parmesão extra', quantity: 1 }],
      customer: {
        username: expect.stringMatching(/^convidado/),
        fullname: expect.stringMatching(/^Convidado \d+$/),
        profile_picture: null,
      },
      table: { number: 1 },
    });
    // Both items are the one guest's ticket: the board's card.
    expect(items[1]!.ticket_id).toBe(dish!.ticket_id);
    // Another store's items never reach this board, and an administrator picks the store.
    expect((await board('', sertao)).map((item) => item.store_id)).toEqual([other.storeId]);
    expect((await board(`?store_id=${floor.storeId}`, admin)).length).toBe(2);
  });

  it('filters a station (the items routed to one kitchen) and a status', async () => {
    expect((await board(`?kitchen_id=${floor.bar}`)).map((item) => item.name)).toEqual(['Suco de laranja']);
    expect(await board('?status=READY')).toEqual([]);
    const bad = await cantina({ method: 'GET', url: '/api/orders/items?status=SAVED' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 304 while nothing changed, and the new board once an item moved', async () => {
    const first = await cantina({ method: 'GET', url: '/api/orders/items' });
    const etag = first.headers.etag as string;
    const same = await cantina({
      method: 'GET',
      url: '/api/orders/items',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    const item = await itemNamed('Suco de laranja');
    expect((await move(item.id, 'PREPARING')).statusCode).toBe(200);
    const changed = await cantina({
      method: 'GET',
      url: '/api/orders/items',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe('the item state machine', () => {
  it('moves an item one step at a time, then refuses a READY one with the spec’s words', async () => {
    const dish = await itemNamed('Risoto de cogumelos');
    const preparing = await move(dish.id, 'PREPARING');
    expect(preparing.statusCode, preparing.body).toBe(200);
    expect(preparing.json().data).toMatchObject({ id: dish.id, status: 'PREPARING', table: { number: 1 } });
    // Two cooks pressing at once ask for the same step: it moves once.
    expect((await move(dish.id, 'PREPARING')).json().data.status).toBe('PREPARING');
    expect((await move(dish.id, 'READY')).json().data.status).toBe('READY');
    const third = await move(dish.id, 'READY');
    expect(third.statusCode).toBe(409);
    expect(errorOf(third)).toBe('O item Risoto de cogumelos não pode ser atualizado pois já está pronto!');
  });

  it('brings back to PREPARING an item marked READY, whatever time has passed, noted as a recall', async () => {
    const dish = await itemNamed('Risoto de cogumelos');
    notes = [];
    const recalled = await move(dish.id, 'PREPARING');
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json().data.status).toBe('PREPARING');
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'recall',
        summary: 'Mesa 1: Risoto de cogumelos voltou ao preparo',
      }),
    ]);
    expect((await move(dish.id, 'READY')).statusCode).toBe(200);
    await t.app.db
      .update(orderItems)
      .set({ updated_at: sql`now() - interval '3 hours'` })
      .where(eq(orderItems.id, dish.id));
    const late = await move(dish.id, 'PREPARING');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.status).toBe('PREPARING');
    expect((await move(dish.id, 'READY')).statusCode).toBe(200);
  });

  it('refuses bad input, an item still in a cart and another store’s item, changing nothing', async () => {
    const drink = await itemNamed('Suco de laranja');
    for (const status of ['PLACED', 'CANCELLED', 'SERVED']) {
      const response = await move(drink.id, status);
      expect(response.statusCode, status).toBe(400);
    }
    const [saved] = await t.app.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.status, 'SAVED'));
    expect((await move(saved!.id, 'READY')).statusCode).toBe(404);
    const foreign = await move(drink.id, 'READY', sertao);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Item não encontrado.');
    expect((await cancel(drink.id, sertao)).statusCode).toBe(404);
    expect((await itemNamed('Suco de laranja')).status).toBe('PREPARING');
  });

  it('cancels an item: it stays on the board as cancelled, leaves the bill, and can do nothing more', async () => {
    const drink = await itemNamed('Suco de laranja');
    const before = (await cantina({ method: 'GET', url: `/api/orders/id/${orderId}` })).json<{
      data: Order;
    }>().data;
    // Who cancels says why; without a reason nothing changes.
    for (const reason of [null, '   ']) {
      const refused = await cancel(drink.id, cantina, reason);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toBe('Informe o motivo. (campo reason)');
    }
    expect((await itemNamed('Suco de laranja')).status).not.toBe('CANCELLED');
    notes = [];
    const cancelled = await cancel(drink.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: drink.id, status: 'CANCELLED' });
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'cancel-item',
        recordId: drink.id,
        reason: 'Cliente desistiu',
        summary: expect.stringMatching(/^Item Suco de laranja cancelado na mesa \d+$/),
      }),
    ]);
    const after = (await cantina({ method: 'GET', url: `/api/orders/id/${orderId}` })).json<{ data: Order }>()
      .data;
    // Two juices of R$ 12,00 and their 10 % service leave the bill.
    expect(before.total - after.total).toBe(2640);
    expect((await itemNamed('Suco de laranja')).status).toBe('CANCELLED');
    expect(errorOf(await cancel(drink.id))).toBe(
      'O item Suco de laranja foi cancelado e não pode ser alterado.',
    );
    expect(errorOf(await move(drink.id, 'READY'))).toBe(
      'O item Suco de laranja foi cancelado e não pode ser alterado.',
    );
  });

  it("keeps a closed tab's items on the board for a while, and refuses to cancel them", async () => {
    const dish = await itemNamed('Risoto de cogumelos');
    await t.app.db.transaction((tx) =>
      settleOrder(tx, floor.storeId, orderId, { method: 'CASH', reason: 'Conta paga no caixa' }, null),
    );
    expect((await board()).map((item) => item.id)).toContain(dish.id);
    const refused = await cancel(dish.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('A comanda deste item já foi fechada: ele não pode ser cancelado.');
    await t.app.db.execute(
      sql`update orders set closed_at = now() - interval '31 minutes' where id = ${orderId}`,
    );
    expect((await board()).map((item) => item.id)).not.toContain(dish.id);
  });

  it('never lists as work, nor moves, an item of a closed tab', async () => {
    const [guest] = await newGuests(t.app.db, 1);
    const tab = await seatAndOrder(t.app.db, floor, 2, [
      { customerId: guest!, items: [{ productId: floor.dish }, { productId: floor.drink }] },
    ]);
    const [dish, drink] = (await board()).filter((item) => item.order_id === tab).sort((a, b) => a.id - b.id);
    expect((await move(drink!.id, 'READY')).statusCode).toBe(200);
    // A tab closed before it had to wait for its kitchen (the data 0019 cleans up).
    await t.app.db.execute(sql`update orders set status = 'CLOSED', closed_at = now() where id = ${tab}`);
    const shown = (await board()).map((item) => item.id);
    expect(shown).toContain(drink!.id);
    expect(shown).not.toContain(dish!.id);
    for (const [id, status, message] of [
      [dish!.id, 'PREPARING', 'A comanda deste item já foi fechada: ele não pode mais mudar de status.'],
      // A ready one is not sent back to a kitchen that has nobody to serve.
      [drink!.id, 'PREPARING', 'A comanda deste item já foi fechada: ele não pode voltar ao preparo.'],
    ] as const) {
      const refused = await move(id, status);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(message);
    }
  });
});

describe("an administrator's board (the store named with store_id)", () => {
  it("reads the store it names, and moves and cancels that store's items", async () => {
    const theirs = await board(`?store_id=${other.storeId}`, admin);
    expect(theirs.map((item) => [item.store_id, item.name, item.status])).toEqual([
      [other.storeId, 'Risoto de cogumelos', 'PLACED'],
    ]);
    // The same board its own staff read, polled with the same validator.
    expect(theirs).toEqual(await board('', sertao));
    const first = await admin({ method: 'GET', url: `/api/orders/items?store_id=${other.storeId}` });
    expect(first.headers.etag).toBeTruthy();
    const unchanged = await admin({
      method: 'GET',
      url: `/api/orders/items?store_id=${other.storeId}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);

    const [dish] = theirs;
    const moved = await move(dish!.id, 'PREPARING', admin);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ id: dish!.id, store_id: other.storeId, status: 'PREPARING' });
    const cancelled = await cancel(dish!.id, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect((await board('', sertao)).map((item) => item.status)).toEqual(['CANCELLED']);
    // Naming one store never shows another's.
    expect(
      (await board(`?store_id=${floor.storeId}`, admin)).every((item) => item.store_id === floor.storeId),
    ).toBe(true);
  });

  it('refuses a store_id that is not a store id', async () => {
    for (const id of ['0', 'x', '-1']) {
      const response = await admin({ method: 'GET', url: `/api/orders/items?store_id=${id}` });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

/** A card's call: each item one step on from the status the board showed. */
const advance = (items: { id: number; from: string }[], call = cantina) =>
  call({ method: 'PATCH', url: '/api/orders/items/status', payload: { items } });
const recall = (ids: number[], call = cantina) =>
  call({ method: 'PATCH', url: '/api/orders/items/recall', payload: { ids } });
/** What the board showed of `items`: each with its status then. */
const shown = (items: OrderItem[]) => items.map((item) => ({ id: item.id, from: item.status }));
const statuses = (answer: { json: () => { data: OrderItem[] } }) =>
  answer.json().data.map((item) => [item.name, item.status]);
/** A ticket's items as the board reads them now. */
const ticketItems = async (ticketId: number) => (await board()).filter((item) => item.ticket_id === ticketId);
/** The last audit row of an action in Cantina Bella's chain. */
async function lastAudit(action: string) {
  const [row] = await t.app.db
    .select({ summary: auditEvents.summary, actor: auditEvents.actor, resource: auditEvents.resource })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.store_id, floor.storeId)))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return row;
}
/** Sabor do Sertão's item, which Cantina Bella's staff never reach. */
async function foreignItem() {
  const [row] = await t.app.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.store_id, other.storeId))
    .limit(1);
  return row!.id;
}

describe('a whole card in one call (PATCH /api/orders/items/status)', () => {
  let bia: number;
  let tab: number;
  let ticket: number;

  beforeAll(async () => {
    bia = (await newGuests(t.app.db, 1))[0]!;
    tab = await seatAndOrder(t.app.db, floor, 2, [
      {
        customerId: bia!,
        items: [
          { productId: floor.dish, observations: 'Bem passado' },
          { productId: floor.drink, quantity: 2 },
          { productId: floor.drink, observations: 'Sem gelo' },
          { productId: floor.dish },
        ],
      },
    ]);
    ticket = (await board()).find((item) => item.order_id === tab)!.ticket_id;
  });

  it('moves each item one step from what the board showed, leaving the ready and the cancelled ones', async () => {
    const [, drink, another, second] = await ticketItems(ticket);
    expect((await move(drink!.id, 'PREPARING')).statusCode).toBe(200);
    expect((await move(another!.id, 'READY')).statusCode).toBe(200);
    expect((await cancel(second!.id)).statusCode).toBe(200);
    const card = await ticketItems(ticket);
    expect(card.map((item) => item.status)).toEqual(['PLACED', 'PREPARING', 'READY', 'CANCELLED']);

    notes = [];
    const answer = await advance(shown(card));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(statuses(answer)).toEqual([
      ['Risoto de cogumelos', 'PREPARING'],
      ['Suco de laranja', 'READY'],
      ['Suco de laranja', 'READY'],
      ['Risoto de cogumelos', 'CANCELLED'],
    ]);
    expect(answer.json().data[0]).toMatchObject({ table: { number: 2 }, observations: 'Bem passado' });
    expect(notes).toEqual([
      expect.objectContaining({
        action: 'advance',
        summary: 'Mesa 2: Risoto de cogumelos em preparo; 2× Suco de laranja pronto',
      }),
    ]);
    expect(await lastAudit('advance')).toEqual({
      summary: 'Mesa 2: Risoto de cogumelos em preparo; 2× Suco de laranja pronto',
      actor: expect.stringContaining('Giulia Romano'),
      resource: 'orderItems',
    });
  });

  it('leaves what another tablet already moved: the same card pressed twice moves one step', async () => {
    const before = await ticketItems(ticket);
    const stale = [
      { id: before[0]!.id, from: 'PLACED' },
      { id: before[1]!.id, from: 'PREPARING' },
    ];
    notes = [];
    const again = await advance(stale);
    expect(again.statusCode, again.body).toBe(200);
    expect(statuses(again)).toEqual([
      ['Risoto de cogumelos', 'PREPARING'],
      ['Suco de laranja', 'READY'],
    ]);
    expect(notes[0]).toMatchObject({
      action: 'advance',
      summary: 'Nenhum item avançou: todos já estavam adiante',
    });
    // The board's own view of it moves it on.
    const next = await advance(shown((await ticketItems(ticket)).slice(0, 1)));
    expect(statuses(next)).toEqual([['Risoto de cogumelos', 'READY']]);
  });

  it("refuses the whole card when an item is another store's or still in a cart, changing nothing", async () => {
    const [fresh] = await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, tab, bia, [{ productId: floor.dish }]),
    );
    const [saved] = await t.app.db.transaction((tx) =>
      placeItems(tx, floor.storeId, tab, bia, [{ productId: floor.drink }], 'SAVED'),
    );
    for (const intruder of [await foreignItem(), saved!, 99_999_999]) {
      const refused = await advance([
        { id: fresh!, from: 'PLACED' },
        { id: intruder, from: 'PLACED' },
      ]);
      expect(refused.statusCode, String(intruder)).toBe(404);
      expect(errorOf(refused)).toBe('Item não encontrado.');
    }
    expect((await ticketItems(ticket)).find((item) => item.id === fresh)?.status).toBe('PLACED');
    // Sabor do Sertão's staff do not reach Cantina Bella's card either.
    expect((await advance([{ id: fresh!, from: 'PLACED' }], sertao)).statusCode).toBe(404);
    expect((await ticketItems(ticket)).find((item) => item.id === fresh)?.status).toBe('PLACED');
  });

  it('refuses a body that is not a card', async () => {
    const [first] = await ticketItems(ticket);
    const bodies = [
      {},
      { items: [] },
      { items: [{ id: first!.id }] },
      { items: [{ id: first!.id, from: 'SAVED' }] },
      { items: [{ id: 0, from: 'PLACED' }] },
      { items: [first!.id] },
      {
        items: [
          { id: first!.id, from: 'PLACED' },
          { id: first!.id, from: 'PLACED' },
        ],
      },
      { items: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, from: 'PLACED' })) },
      { items: [{ id: first!.id, from: 'PLACED' }], status: 'READY' },
    ];
    for (const payload of bodies) {
      const response = await cantina({ method: 'PATCH', url: '/api/orders/items/status', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it("lets an administrator move a store's card", async () => {
    const [fresh] = (await ticketItems(ticket)).filter((item) => item.status === 'PLACED');
    const answer = await advance([{ id: fresh!.id, from: 'PLACED' }], admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(statuses(answer)).toEqual([['Risoto de cogumelos', 'PREPARING']]);
  });
});

describe('recalling ready items (PATCH /api/orders/items/recall)', () => {
  let caio: number;
  let tab: number;
  let card: OrderItem[];

  beforeAll(async () => {
    caio = (await newGuests(t.app.db, 1))[0]!;
    tab = await seatAndOrder(t.app.db, floor, 3, [
      { customerId: caio!, items: [{ productId: floor.dish }, { productId: floor.drink, quantity: 2 }] },
    ]);
    const items = (await board()).filter((item) => item.order_id === tab);
    await advance(shown(items));
    card = (await advance(shown((await board()).filter((item) => item.order_id === tab)))).json().data;
  });

  it('brings a whole card back to preparation in one call, however long ago it was ready', async () => {
    expect(card.map((item) => item.status)).toEqual(['READY', 'READY']);
    await t.app.db
      .update(orderItems)
      .set({ updated_at: sql`now() - interval '2 hours'` })
      .where(eq(orderItems.order_id, tab));
    notes = [];
    const answer = await recall(card.map((item) => item.id));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(statuses(answer)).toEqual([
      ['Risoto de cogumelos', 'PREPARING'],
      ['Suco de laranja', 'PREPARING'],
    ]);
    const summary = 'Mesa 3: Risoto de cogumelos e 2× Suco de laranja voltaram ao preparo';
    expect(notes).toEqual([expect.objectContaining({ action: 'recall', summary })]);
    // The audit trail says who did it.
    expect(await lastAudit('recall')).toEqual({
      summary,
      actor: expect.stringContaining('Giulia Romano'),
      resource: 'orderItems',
    });
    // Its stage timer starts again.
    const [dish] = answer.json().data as OrderItem[];
    expect(Date.now() - Date.parse(dish!.updated_at)).toBeLessThan(60_000);
  });

  it('leaves an item that is no longer ready, and brings back one item alone', async () => {
    await advance([{ id: card[0]!.id, from: 'PREPARING' }]);
    notes = [];
    const answer = await recall([card[0]!.id, card[1]!.id]);
    expect(statuses(answer)).toEqual([
      ['Risoto de cogumelos', 'PREPARING'],
      ['Suco de laranja', 'PREPARING'],
    ]);
    expect(notes[0]).toMatchObject({
      action: 'recall',
      summary: 'Mesa 3: Risoto de cogumelos voltou ao preparo',
    });
    notes = [];
    await recall([card[1]!.id]);
    expect(notes[0]).toMatchObject({
      action: 'recall',
      summary: 'Nenhum item voltou ao preparo: nenhum deles estava pronto',
    });
  });

  it("refuses another store's item, and an item whose tab was closed, changing nothing", async () => {
    await advance(shown((await board()).filter((item) => item.order_id === tab)));
    const foreign = await recall([card[0]!.id, await foreignItem()]);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Item não encontrado.');
    expect((await recall([card[0]!.id], sertao)).statusCode).toBe(404);
    expect((await itemById(card[0]!.id)).status).toBe('READY');

    await t.app.db.transaction((tx) =>
      settleOrder(tx, floor.storeId, tab, { method: 'CASH', reason: 'Conta paga no caixa' }, null),
    );
    const closed = await recall([card[0]!.id]);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed)).toBe('A comanda deste item já foi fechada: ele não pode voltar ao preparo.');
    expect(errorOf(await move(card[0]!.id, 'PREPARING'))).toBe(
      'A comanda deste item já foi fechada: ele não pode voltar ao preparo.',
    );
    expect((await itemById(card[0]!.id)).status).toBe('READY');
  });

  it('refuses a body that is not a list of items', async () => {
    for (const payload of [{}, { ids: [] }, { ids: [1, 1] }, { ids: ['x'] }, { ids: [0] }, { id: 1 }]) {
      const response = await cantina({ method: 'PATCH', url: '/api/orders/items/recall', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('who works the board (permission Pedidos)', () => {
  it("lets the kitchen's role move and recall a card, and refuses a role without Pedidos", async () => {
    const password = 'Cozinha@2026';
    await createAccount(t.app.db, {
      email: 'cozinha@cantinabella.com.br',
      password,
      role: 'KITCHEN',
      store_id: floor.storeId,
      fullname: 'Rafael Cozinha',
    });
    await createAccount(t.app.db, {
      email: 'colaborador@cantinabella.com.br',
      password,
      role: 'STAFF',
      store_id: floor.storeId,
    });
    const kitchen = as(t.app, await login(t.app, { email: 'cozinha@cantinabella.com.br', password }));
    const staff = as(t.app, await login(t.app, { email: 'colaborador@cantinabella.com.br', password }));
    const withoutBoard = await cantina({
      method: 'PATCH',
      url: '/api/team/permissions',
      payload: { role: 'STAFF', permissions: DEFAULT_PERMISSIONS.STAFF.filter((p) => p !== 'board') },
    });
    expect(withoutBoard.statusCode, withoutBoard.body).toBe(200);

    const [dora] = await newGuests(t.app.db, 1);
    const doraTab = await seatAndOrder(t.app.db, floor, 1, [
      { customerId: dora!, items: [{ productId: floor.dish }] },
    ]);
    const card = (await board()).filter((item) => item.order_id === doraTab);
    const refusal = 'Sua função não tem a permissão "Pedidos". Peça a um gerente do restaurante.';
    for (const response of [
      await advance(shown(card), staff),
      await recall([card[0]!.id], staff),
      await staff({ method: 'GET', url: '/api/orders/items' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(refusal);
    }
    expect((await board()).find((item) => item.id === card[0]!.id)?.status).toBe('PLACED');

    expect(statuses(await advance(shown(card), kitchen))).toEqual([['Risoto de cogumelos', 'PREPARING']]);
    expect(statuses(await advance([{ id: card[0]!.id, from: 'PREPARING' }], kitchen))).toEqual([
      ['Risoto de cogumelos', 'READY'],
    ]);
    notes = [];
    expect(statuses(await recall([card[0]!.id], kitchen))).toEqual([['Risoto de cogumelos', 'PREPARING']]);
    expect(await lastAudit('recall')).toMatchObject({
      summary: 'Mesa 1: Risoto de cogumelos voltou ao preparo',
      actor: expect.stringContaining('Rafael Cozinha'),
    });
  });
});
