import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankAccounts, tickets } from '../../server/db/schema';
import { crc16, NO_PIX_KEY } from '../../contract/resources/tabs/pix';
import { errorOf, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';
import { emvFields as fields } from '../unit/emv';

let t: TestApp;
let cantina: Awaited<ReturnType<typeof openService>>['cantina'];
let sertao: Awaited<ReturnType<typeof openService>>['sertao'];
let floor: Floor;
let orderId: number;
let ana: number;
let anaTicket: number;

const pixOf = (order: number, ticket: number, call = cantina) =>
  call({ method: 'GET', url: `/api/orders/id/${order}/tickets/${ticket}/pix` });

beforeAll(async () => {
  ({ t, cantina, sertao, floor } = await openService([1]));
  ana = (await newGuests(t.app.db, 1))[0]!;
  orderId = await seatAndOrder(t.app.db, floor, 1, [
    { customerId: ana, items: [{ productId: floor.dish }, { productId: floor.drink, quantity: 2 }] },
  ]);
  // The store's Pix key, on a bank account of its own (Financeiro).
  await t.app.db.insert(bankAccounts).values({
    store_id: floor.storeId,
    bank_code: '341',
    bank_name: 'Itaú Unibanco',
    agency: '1234',
    account: '56789',
    account_digit: '0',
    account_type: 'CHECKING',
    holder_name: 'Cantina Bella Ltda',
    holder_document: '11222333000181',
    pix_key: 'pix@cantinabella.com.br',
    pix_key_type: 'EMAIL',
  });
  const [ticket] = await t.app.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.order_id, orderId), eq(tickets.customer_id, ana)));
  anaTicket = ticket!.id;
});
afterAll(() => t?.close());

describe('Pix at the table', () => {
  it("answers the BR Code of a guest's balance, for the store's key", async () => {
    const response = await pixOf(orderId, anaTicket);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: { code: string; amount: number; key: string; txid: string } }>();
    // R$ 50,00 and 2 × R$ 12,00, with the 10 % service charge.
    expect(data.amount).toBe(8_140);
    expect(data.key).toBe('pix@cantinabella.com.br');
    const read = fields(data.code);
    expect(read.get('54')).toBe('81.40');
    expect(fields(read.get('26')!)).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', 'pix@cantinabella.com.br'],
      ]),
    );
    expect(read.get('59')).toBe('Cantina Bella');
    expect(fields(read.get('62')!).get('05')).toBe(data.txid);
    expect(data.code.slice(-4)).toBe(crc16(data.code.slice(0, -4)));
  });

  it("reaches only the caller's own store, and only a guest of that tab", async () => {
    const elsewhere = await pixOf(orderId, anaTicket, sertao);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe('Comanda não encontrada.');
    const stranger = await pixOf(orderId, anaTicket + 100_000);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toBe('Este cliente não está nesta comanda.');
  });

  it('asks for a Pix key where the store has none, and has nothing to charge once the guest paid', async () => {
    const keys = await t.app.db
      .select({ id: bankAccounts.id, key: bankAccounts.pix_key, type: bankAccounts.pix_key_type })
      .from(bankAccounts)
      .where(eq(bankAccounts.store_id, floor.storeId));
    await t.app.db
      .update(bankAccounts)
      .set({ pix_key: null, pix_key_type: null })
      .where(eq(bankAccounts.store_id, floor.storeId));
    const keyless = await pixOf(orderId, anaTicket);
    expect(keyless.statusCode).toBe(409);
    expect(errorOf(keyless)).toBe(NO_PIX_KEY);
    for (const key of keys) {
      await t.app.db
        .update(bankAccounts)
        .set({ pix_key: key.key, pix_key_type: key.type })
        .where(eq(bankAccounts.id, key.id));
    }

    const paid = await cantina({
      method: 'POST',
      url: '/api/payments/physical',
      payload: { order_id: orderId, ticket_id: anaTicket, amount: 8_140, method: 'PIX' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const settled = await pixOf(orderId, anaTicket);
    expect(settled.statusCode).toBe(409);
    expect(errorOf(settled)).toBe('A comanda deste cliente já está paga.');
  });
});
