import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { orderItems } from '../../server/db/schema';
import type { AuditNote } from '../../server/plugins/audit';
import { placeItems } from '../../server/service/guests';
import { settleOrder } from '../../server/service/tabs';
import type { Order } from '../../src/resources/commands/definition';
import type { OrderItem } from '../../src/resources/orderItems/definition';
import { as, errorOf, type TestApp } from './helpers';
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
        { productId: floor.dish, complementIds: [floor.extra], observations: 'Sem cebola' },
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

const board = async (query = '', call = cantina) => {
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
      customer: { username: expect.stringMatching(/^convidado/), profile_picture: null },
      table: { number: 1 },
    });
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

  it('brings back to PREPARING an item marked READY by mistake, only for a few minutes', async () => {
    const dish = await itemNamed('Risoto de cogumelos');
    const recalled = await move(dish.id, 'PREPARING');
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json().data.status).toBe('PREPARING');
    expect((await move(dish.id, 'READY')).statusCode).toBe(200);
    await t.app.db
      .update(orderItems)
      .set({ updated_at: sql`now() - interval '6 minutes'` })
      .where(eq(orderItems.id, dish.id));
    const late = await move(dish.id, 'PREPARING');
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(
      'O item Risoto de cogumelos ficou pronto há mais de 5 minutos e não pode voltar ao preparo.',
    );
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
    for (const [id, status] of [
      [dish!.id, 'PREPARING'],
      [drink!.id, 'PREPARING'],
    ] as const) {
      const refused = await move(id, status);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(
        'A comanda deste item já foi fechada: ele não pode mais mudar de status.',
      );
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
