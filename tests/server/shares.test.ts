import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { orderItems, tickets } from '../../server/db/schema';
import type { SharesOfTab } from '../../contract/resources/tabs/shares';
import { errorOf, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';

/**
 * The bill split into shares, each paid on its own by its own method (server/service/shares.ts):
 * the shares add up to what the tab owes, to the centavo, whatever mix of amounts and equal parts;
 * each payment spreads over the guests' tickets; a share is paid once, also when two staff pay it
 * at the same moment. On both databases: the `pg` project runs this file on PostgreSQL.
 */
let t: TestApp;
let cantina: Awaited<ReturnType<typeof openService>>['cantina'];
let sertao: Awaited<ReturnType<typeof openService>>['sertao'];
let floor: Floor;

beforeAll(async () => {
  ({ t, cantina, sertao, floor } = await openService([1, 2, 3, 4, 5]));
});
afterAll(() => t?.close());

/** A tab at `table` of three guests: R$ 50 + R$ 12, R$ 50, and R$ 12 × 2, with the 10 % service. */
async function threeGuests(table: number) {
  const [ana, bia, caio] = (await newGuests(t.app.db, 3)) as [number, number, number];
  return seatAndOrder(t.app.db, floor, table, [
    { customerId: ana, items: [{ productId: floor.dish }, { productId: floor.drink }] },
    { customerId: bia, items: [{ productId: floor.dish }] },
    { customerId: caio, items: [{ productId: floor.drink, quantity: 2 }] },
  ]);
}

const sharesOf = async (order: number) =>
  (await cantina({ method: 'GET', url: `/api/orders/id/${order}/shares` })).json<{ data: SharesOfTab }>()
    .data;
const split = (order: number, payload: object) =>
  cantina({ method: 'POST', url: `/api/orders/id/${order}/shares`, payload });
const pay = (order: number, share: number, method = 'PIX', call = cantina) =>
  call({ method: 'POST', url: `/api/orders/id/${order}/shares/${share}/pay`, payload: { method } });
const paidOf = async (order: number) =>
  rows<{ ticket_id: number; amount: number; method: string; share_id: number | null }>(
    await t.app.db.execute(
      sql`select ticket_id, amount, method, share_id from payments where order_id = ${order} order by id`,
    ),
  );

describe('a split bill', () => {
  it('splits by amounts and then in equal parts of what is left, to the centavo, and pays each share on its own', async () => {
    const order = await threeGuests(1);
    const before = await sharesOf(order);
    // (5000 + 1200 + 5000 + 2400) × 1.1 = R$ 149,60.
    expect(before).toEqual({ shares: [], owed: 14_960, unassigned: 14_960 });

    // "Eu pago o vinho": R$ 13,20; the rest by three.
    const custom = await split(order, { mode: 'amounts', shares: [{ label: 'Ana (vinho)', amount: 1_320 }] });
    expect(custom.statusCode, custom.body).toBe(201);
    const equal = await split(order, { mode: 'equal', parts: 3 });
    expect(equal.statusCode, equal.body).toBe(201);
    const { shares, unassigned } = equal.json<{ data: SharesOfTab }>().data;
    expect(shares.map((share) => [share.label, share.amount, share.status])).toEqual([
      ['Ana (vinho)', 1_320, 'OPEN'],
      ['Parte 1 de 3', 4_547, 'OPEN'],
      ['Parte 2 de 3', 4_547, 'OPEN'],
      ['Parte 3 de 3', 4_546, 'OPEN'],
    ]);
    expect(shares.reduce((sum, share) => sum + share.amount, 0)).toBe(14_960);
    expect(unassigned).toBe(0);
    // Nothing left to split.
    const more = await split(order, { mode: 'equal', parts: 2 });
    expect(more.statusCode).toBe(409);
    expect(errorOf(more)).toBe('Não há o que dividir: o que falta pagar já está dividido ou pago.');

    // Each share by its own method; each payment spread over the guests by what they owe.
    for (const [index, method] of ['PIX', 'CREDIT_CARD', 'CASH', 'DEBIT_CARD'].entries()) {
      const paid = await pay(order, shares[index]!.id, method);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const payments = await paidOf(order);
    for (const share of shares)
      expect(
        payments.filter((payment) => payment.share_id === share.id).reduce((sum, p) => sum + p.amount, 0),
      ).toBe(share.amount);
    expect(new Set(payments.map((payment) => payment.method))).toEqual(
      new Set(['PIX', 'CREDIT_CARD', 'CASH', 'DEBIT_CARD']),
    );
    const bills = await t.app.db.select().from(tickets).where(eq(tickets.order_id, order));
    expect(bills.every((bill) => bill.total_paid === bill.total)).toBe(true);
    const after = await sharesOf(order);
    expect(after.owed).toBe(0);
    expect(after.shares.every((share) => share.status === 'PAID' && share.paid_at !== null)).toBe(true);
  });

  it('pays a share once: twice is refused, and two payments at the same moment give one', async () => {
    const order = await threeGuests(2);
    const { shares } = (await split(order, { mode: 'equal', parts: 2 })).json<{ data: SharesOfTab }>().data;
    const [first, second] = shares as [SharesOfTab['shares'][0], SharesOfTab['shares'][0]];
    expect((await pay(order, first.id)).statusCode).toBe(200);
    const again = await pay(order, first.id, 'CASH');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Esta parte já foi paga.');

    const answers = await Promise.all([pay(order, second.id, 'PIX'), pay(order, second.id, 'CREDIT_CARD')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const payments = await paidOf(order);
    expect(
      payments.filter((payment) => payment.share_id === second.id).reduce((sum, p) => sum + p.amount, 0),
    ).toBe(second.amount);
    expect(payments.reduce((sum, payment) => sum + payment.amount, 0)).toBe(first.amount + second.amount);
  });

  it('refuses what does not add up, another store, and undoes the shares not paid', async () => {
    const order = await threeGuests(3);
    const tooMuch = await split(order, {
      mode: 'amounts',
      shares: [{ label: 'Tudo e mais', amount: 20_000 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toBe('As partes somam mais do que falta dividir (R$ 149,60).');
    for (const payload of [
      { mode: 'equal', parts: 1 },
      { mode: 'equal', parts: 21 },
      { mode: 'amounts', shares: [{ label: ' ', amount: 100 }] },
      { mode: 'amounts', shares: [{ label: 'Zero', amount: 0 }] },
      { mode: 'thirds' },
    ]) {
      const refused = await split(order, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await sharesOf(order)).shares).toEqual([]);
    const elsewhere = await sertao({
      method: 'POST',
      url: `/api/orders/id/${order}/shares`,
      payload: { mode: 'equal', parts: 2 },
    });
    expect(elsewhere.statusCode).toBe(404);

    const { shares } = (await split(order, { mode: 'equal', parts: 4 })).json<{ data: SharesOfTab }>().data;
    expect((await pay(order, shares[0]!.id, 'CASH', sertao)).statusCode).toBe(404);
    expect((await pay(order, shares[0]!.id)).statusCode).toBe(200);
    const undone = await cantina({ method: 'DELETE', url: `/api/orders/id/${order}/shares` });
    expect(undone.statusCode, undone.body).toBe(200);
    const left = undone.json<{ data: SharesOfTab }>().data;
    expect(left.shares.map((share) => share.status)).toEqual(['PAID']);
    expect(left.unassigned).toBe(left.owed);
    expect(left.owed).toBe(14_960 - shares[0]!.amount);
    // A share undone cannot be paid.
    const gone = await pay(order, shares[1]!.id);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe('Parte não encontrada nesta comanda.');
  });

  it('splits by item: a shared item divided among its payers with its service, the rest in equal parts; an item once, and only before any payment', async () => {
    const order = await threeGuests(4);
    const items = await t.app.db
      .select({ id: orderItems.id, ticket_id: orderItems.ticket_id, product_id: orderItems.product_id })
      .from(orderItems)
      .where(eq(orderItems.order_id, order))
      .orderBy(orderItems.ticket_id, orderItems.id);
    const [anaDish, anaDrink, biaDish, caioDrinks] = items.map((item) => item.id) as [
      number,
      number,
      number,
      number,
    ];
    // Ana's drink (R$ 12 + 10 %) shared by Ana and Bia; Caio's two drinks his own.
    const byItem = await split(order, {
      mode: 'items',
      payers: ['Ana', 'Bia', 'Caio'],
      lines: [
        { item_id: anaDrink, payers: [0, 1] },
        { item_id: caioDrinks, payers: [2] },
      ],
    });
    expect(byItem.statusCode, byItem.body).toBe(201);
    const first = byItem.json<{ data: SharesOfTab }>().data;
    expect(first.shares.map((share) => [share.label, share.amount, share.item_ids])).toEqual([
      ['Ana', 660, [anaDrink]],
      ['Bia', 660, [anaDrink]],
      ['Caio', 2_640, [caioDrinks]],
    ]);
    expect(first.unassigned).toBe(14_960 - 3_960);

    // An item already in a share, an item of another tab, a payer not named: refused, nothing made.
    const twice = await split(order, {
      mode: 'items',
      payers: ['Ana'],
      lines: [{ item_id: caioDrinks, payers: [0] }],
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(
      'Um dos itens já não está na conta ou já está em outra parte: abra a divisão de novo.',
    );
    for (const payload of [
      { mode: 'items', payers: ['Ana'], lines: [{ item_id: anaDish, payers: [1] }] },
      { mode: 'items', payers: ['Ana'], lines: [{ item_id: anaDish, payers: [] }] },
      {
        mode: 'items',
        payers: ['Ana'],
        lines: [
          { item_id: anaDish, payers: [0] },
          { item_id: anaDish, payers: [0] },
        ],
      },
      { mode: 'items', payers: [], lines: [{ item_id: anaDish, payers: [0] }] },
    ]) {
      const refused = await split(order, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await sharesOf(order)).shares).toHaveLength(3);

    // The rest by two; all five shares add up to the bill.
    const rest = (await split(order, { mode: 'equal', parts: 2 })).json<{ data: SharesOfTab }>().data;
    expect(rest.shares.map((share) => share.amount)).toEqual([660, 660, 2_640, 5_500, 5_500]);
    expect(rest.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(14_960);

    // Once a share is paid, a split by item is refused (what an item owes is no longer its own).
    expect((await pay(order, rest.shares[2]!.id, 'CASH')).statusCode).toBe(200);
    await cantina({ method: 'DELETE', url: `/api/orders/id/${order}/shares` });
    const late = await split(order, {
      mode: 'items',
      payers: ['Ana'],
      lines: [{ item_id: biaDish, payers: [0] }],
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(
      'A conta já tem pagamentos: divida por item antes de receber, ou divida o que falta em partes.',
    );
  });

  it('gives up the shares nobody paid when the tab is settled: what they held is paid', async () => {
    const order = await threeGuests(5);
    const { shares } = (
      await split(order, { mode: 'amounts', shares: [{ label: 'Ana (vinho)', amount: 1_320 }] })
    ).json<{ data: SharesOfTab }>().data;
    expect(shares.map((share) => share.status)).toEqual(['OPEN']);
    // The kitchen is done with the tab; the rest is received at the counter.
    await t.app.db.update(orderItems).set({ status: 'READY' }).where(eq(orderItems.order_id, order));
    const settled = await cantina({
      method: 'POST',
      url: `/api/orders/id/${order}/settle`,
      payload: { method: 'CASH', reason: 'Pagou tudo no caixa' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const after = await sharesOf(order);
    expect(after.shares).toEqual([]);
    expect(after.owed).toBe(0);
    // Given up, not paid: the share cannot be paid now.
    const late = await pay(order, shares[0]!.id);
    expect(late.statusCode).toBe(404);
  });
});
