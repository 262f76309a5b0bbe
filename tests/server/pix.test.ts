import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../server/db/client';
import { bankAccounts, tickets } from '../../server/db/schema';
import { signature } from '../../server/pix/provider';
import { startPixStandIn, type PixStandIn } from '../../server/pix/stand-in';
import { crc16, NO_PIX_KEY } from '../../contract/resources/tabs/pix';
import { as, demo, errorOf, login, type TestApp } from './helpers';
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
  ({ t, cantina, sertao, floor } = await openService([1, 2, 3, 4]));
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

describe("a Pix provider's dynamic charge and its signed webhook", () => {
  const secret = 'segredo-do-webhook-pix-0123456789';
  let provider: PixStandIn;
  let withPix: FastifyInstance;
  let bia: number;
  let biaTicket: number;

  beforeAll(async () => {
    provider = await startPixStandIn({ secret });
    withPix = await t.instance({ pixProvider: { url: provider.url, webhookSecret: secret } });
    await withPix.listen({ port: 0, host: '127.0.0.1' });
    provider.webhookUrl = `http://127.0.0.1:${(withPix.server.address() as AddressInfo).port}/api/pix/webhook`;
    bia = (await newGuests(t.app.db, 1))[0]!;
    const order = await seatAndOrder(t.app.db, floor, 2, [
      { customerId: bia, items: [{ productId: floor.dish }] },
    ]);
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.order_id, order), eq(tickets.customer_id, bia)));
    biaTicket = ticket!.id;
  });
  afterAll(() => provider?.close());

  const cantinaOn = async () => as(withPix, await login(withPix, demo.cantina));
  const ticketOf = async () => (await t.app.db.select().from(tickets).where(eq(tickets.id, biaTicket)))[0]!;
  const paymentsOf = async () =>
    rows<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from payments where ticket_id = ${biaTicket}`),
    )[0]!.n;

  it('charges the balance at the provider, reuses the charge while it waits, and books it once when paid', async () => {
    const staff = await cantinaOn();
    const { order_id } = (await ticketOf()) as { order_id: number };
    const first = await staff({ method: 'GET', url: `/api/orders/id/${order_id}/tickets/${biaTicket}/pix` });
    expect(first.statusCode, first.body).toBe(200);
    const pix = first.json<{ data: { dynamic: boolean; txid: string; code: string; amount: number } }>().data;
    expect(pix).toMatchObject({ dynamic: true, amount: 5_500 });
    expect(provider.charges.get(pix.txid)).toMatchObject({ amount: 5_500, code: pix.code, paid: false });
    const again = await staff({ method: 'GET', url: `/api/orders/id/${order_id}/tickets/${biaTicket}/pix` });
    expect(again.json<{ data: { txid: string } }>().data.txid).toBe(pix.txid);

    // The guest pays: the provider's webhook books it, and a resent webhook books nothing more.
    expect(await provider.pay(pix.txid)).toBe(200);
    expect(await ticketOf()).toMatchObject({ total: 5_500, total_paid: 5_500 });
    expect(await paymentsOf()).toBe(1);
    expect(await provider.pay(pix.txid)).toBe(200);
    expect(await paymentsOf()).toBe(1);
    const [charge] = rows<{ status: string; payment_id: number | null }>(
      await t.app.db.execute(sql`select status, payment_id from pix_charges where txid = ${pix.txid}`),
    );
    expect(charge).toMatchObject({ status: 'PAID' });
    expect(charge!.payment_id).not.toBeNull();
    const [audit] = rows<{ summary: string }>(
      await t.app.db.execute(
        sql`select summary from audit_events where action = 'pix-received' order by id desc limit 1`,
      ),
    );
    expect(audit!.summary).toMatch(/^Pix de R\$ 55,00 recebido da comanda de .+ \(Mesa 2\)$/);
    // Nothing left to charge.
    const paid = await staff({ method: 'GET', url: `/api/orders/id/${order_id}/tickets/${biaTicket}/pix` });
    expect(paid.statusCode).toBe(409);
  });

  it('charges a share of the split bill at the provider, and its webhook pays that share once', async () => {
    const staff = await cantinaOn();
    const caio = (await newGuests(t.app.db, 1))[0]!;
    const order = await seatAndOrder(t.app.db, floor, 4, [
      { customerId: caio, items: [{ productId: floor.dish }, { productId: floor.drink }] },
    ]);
    // R$ 62,00 and the 10 %: R$ 68,20 in two parts of R$ 34,10.
    const split = await staff({
      method: 'POST',
      url: `/api/orders/id/${order}/shares`,
      payload: { mode: 'equal', parts: 2 },
    });
    expect(split.statusCode, split.body).toBe(201);
    const [share] = split.json<{ data: { shares: { id: number; amount: number }[] } }>().data.shares;
    const charged = await staff({ method: 'GET', url: `/api/orders/id/${order}/shares/${share!.id}/pix` });
    expect(charged.statusCode, charged.body).toBe(200);
    const pix = charged.json<{
      data: { dynamic: boolean; txid: string; amount: number; share_id: number; ticket_id: null };
    }>().data;
    expect(pix).toMatchObject({ dynamic: true, amount: 3_410, share_id: share!.id, ticket_id: null });
    expect(pix.txid).toMatch(new RegExp(`^PAINEL${order}S${share!.id}X`));
    expect(provider.charges.get(pix.txid)).toMatchObject({ amount: 3_410, paid: false });

    expect(await provider.pay(pix.txid)).toBe(200);
    expect(await provider.pay(pix.txid)).toBe(200);
    const paid = rows<{ amount: number; method: string }>(
      await t.app.db.execute(
        sql`select sum(amount)::int as amount, min(method) as method from payments where share_id = ${share!.id}`,
      ),
    )[0]!;
    expect(paid).toEqual({ amount: 3_410, method: 'PIX' });
    const shares = (await staff({ method: 'GET', url: `/api/orders/id/${order}/shares` })).json<{
      data: { shares: { status: string; method: string | null }[]; owed: number };
    }>().data;
    expect(shares.shares.map((one) => [one.status, one.method])).toEqual([
      ['PAID', 'PIX'],
      ['OPEN', null],
    ]);
    expect(shares.owed).toBe(3_410);
    const [audit] = rows<{ summary: string }>(
      await t.app.db.execute(
        sql`select summary from audit_events where action = 'pix-received' order by id desc limit 1`,
      ),
    );
    expect(audit!.summary).toBe('Pix de R$ 34,10 recebido pela parte Parte 1 de 2 (Mesa 4)');
    // A share paid has nothing to charge; one of another tab is not there.
    const again = await staff({ method: 'GET', url: `/api/orders/id/${order}/shares/${share!.id}/pix` });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Esta parte já foi paga.');
    const elsewhere = await staff({
      method: 'GET',
      url: `/api/orders/id/${orderId}/shares/${share!.id}/pix`,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe('Parte não encontrada nesta comanda.');
  });

  it('refuses a webhook not signed with the secret, and books nothing', async () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: 'E1', txid: 'PAINEL1C1X0000000000000000', valor: '1.00' }],
    });
    for (const header of [undefined, signature(body, 'outro-segredo-qualquer-123'), 'sha256=00']) {
      const refused = await withPix.inject({
        method: 'POST',
        url: '/api/pix/webhook',
        headers: { 'content-type': 'application/json', ...(header ? { 'x-pix-signature': header } : {}) },
        payload: body,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toBe('Assinatura do webhook Pix inválida.');
    }
    // Without a provider there is no webhook.
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/pix/webhook',
      headers: { 'content-type': 'application/json', 'x-pix-signature': signature(body, secret) },
      payload: body,
    });
    expect(none.statusCode).toBe(404);
  });

  it('books one payment when the provider sends the same Pix twice at once', async () => {
    const guest = (await newGuests(t.app.db, 1))[0]!;
    const order = await seatAndOrder(t.app.db, floor, 3, [
      { customerId: guest, items: [{ productId: floor.drink }] },
    ]);
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.order_id, order), eq(tickets.customer_id, guest)));
    const staff = await cantinaOn();
    const { txid } = (
      await staff({ method: 'GET', url: `/api/orders/id/${order}/tickets/${ticket!.id}/pix` })
    ).json<{ data: { txid: string } }>().data;
    const send = (endToEndId: string) => {
      const body = JSON.stringify({ pix: [{ endToEndId, txid, valor: '13.20' }] });
      return withPix.inject({
        method: 'POST',
        url: '/api/pix/webhook',
        headers: { 'content-type': 'application/json', 'x-pix-signature': signature(body, secret) },
        payload: body,
      });
    };
    const answers = await Promise.all([
      send('E2E0000000000000000000000000000A'),
      send('E2E0000000000000000000000000000B'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(
      answers.map((answer) => answer.json<{ data: { received: number } }>().data.received).sort(),
    ).toEqual([0, 1]);
    const [{ n }] = rows<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from payments where ticket_id = ${ticket!.id}`),
    ) as [{ n: number }];
    expect(n).toBe(1);
  });
});
