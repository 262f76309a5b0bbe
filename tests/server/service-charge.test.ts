import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { auditEvents, payments, tickets } from '../../server/db/schema';
import type { Order } from '../../contract/resources/tabs/definition';
import { errorOf, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';

let t: TestApp;
let cantina: Awaited<ReturnType<typeof openService>>['cantina'];
let sertao: Awaited<ReturnType<typeof openService>>['sertao'];
let floor: Floor;

/** A tab at `table` with one guest who ordered the dish (R$ 50,00, 10 % service). */
async function tabOfOne(table: number) {
  const [guest] = await newGuests(t.app.db, 1);
  const orderId = await seatAndOrder(t.app.db, floor, table, [
    { customerId: guest!, items: [{ productId: floor.dish }] },
  ]);
  const [ticket] = await t.app.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.order_id, orderId), eq(tickets.customer_id, guest!)));
  return { orderId, ticketId: ticket!.id };
}

const service = (orderId: number, ticketId: number, body: unknown, call = cantina) =>
  call({
    method: 'POST',
    url: `/api/orders/id/${orderId}/tickets/${ticketId}/service`,
    payload: body as object,
  });

const ticketOf = (order: Order, ticketId: number) => order.tickets.find((ticket) => ticket.id === ticketId)!;

beforeAll(async () => {
  ({ t, cantina, sertao, floor } = await openService([1, 2, 3]));
});
afterAll(() => t?.close());

describe("the service charge of a guest's bill", () => {
  it('is taken off only with a reason, kept on the ticket and in the audit trail, and charged again', async () => {
    const { orderId, ticketId } = await tabOfOne(1);

    const noReason = await service(orderId, ticketId, { charged: false });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toBe('Informe o motivo. (campo reason)');
    const blank = await service(orderId, ticketId, { charged: false, reason: '   ' });
    expect(blank.statusCode).toBe(400);

    const removed = await service(orderId, ticketId, { charged: false, reason: 'Demora no atendimento' });
    expect(removed.statusCode, removed.body).toBe(200);
    const bill = ticketOf(removed.json<{ data: Order }>().data, ticketId);
    expect(bill).toMatchObject({
      subtotal: 5_000,
      service_charge: 0,
      total: 5_000,
      service_removed_reason: 'Demora no atendimento',
    });
    expect(removed.json<{ data: Order }>().data.service_charge).toBe(0);
    const [event] = await t.app.db
      .select({ action: auditEvents.action, reason: auditEvents.reason, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.resource, 'commands'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ action: 'remove-service', reason: 'Demora no atendimento' });
    expect(event!.summary).toMatch(/^Serviço de R\$ 5,00 retirado da comanda de Convidado \d+ \(Mesa 1\)$/);

    // New items on that bill carry no service either, until it is charged again.
    const restored = await service(orderId, ticketId, { charged: true });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(ticketOf(restored.json<{ data: Order }>().data, ticketId)).toMatchObject({
      service_charge: 500,
      total: 5_500,
      service_removed_reason: null,
    });
  });

  it('keeps the service of a bill paid in full, and of one paid past what it would owe without it', async () => {
    const { orderId, ticketId } = await tabOfOne(2);
    const pay = (amount: number) =>
      cantina({
        method: 'POST',
        url: '/api/payments/physical',
        payload: { order_id: orderId, ticket_id: ticketId, amount, method: 'CASH' },
      });
    const serviceToday = async () =>
      rows<{ service: number }>(
        await t.app.db.execute(
          sql`select coalesce(sum(service), 0)::int as service from store_days
              where store_id = ${floor.storeId} and day = (now() at time zone 'America/Sao_Paulo')::date`,
        ),
      )[0]!.service;
    const before = await serviceToday();
    expect((await pay(5_200)).statusCode).toBe(201);
    const beyond = await service(orderId, ticketId, { charged: false, reason: 'Cortesia' });
    expect(beyond.statusCode).toBe(409);
    expect(errorOf(beyond)).toBe(
      'Este cliente já pagou mais do que a comanda sem o serviço: remova um pagamento antes.',
    );
    expect((await pay(300)).statusCode).toBe(201);
    const paid = await service(orderId, ticketId, { charged: false, reason: 'Cortesia' });
    expect(paid.statusCode).toBe(409);
    expect(errorOf(paid)).toBe('A comanda deste cliente já está paga.');
    const [row] = await t.app.db
      .select({ service: tickets.service_charge, reason: tickets.service_removed_reason })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    expect(row).toEqual({ service: 500, reason: null });
    // Each payment says what of it paid the service, and the two add up to it: the day's service
    // apart from its sales.
    const parts = await t.app.db
      .select({ amount: payments.amount, service: payments.service })
      .from(payments)
      .where(eq(payments.ticket_id, ticketId))
      .orderBy(asc(payments.id));
    expect(parts).toEqual([
      { amount: 5_200, service: 473 }, // 500 × 5200 / 5500 = 472.7…
      { amount: 300, service: 27 },
    ]);
    expect((await serviceToday()) - before).toBe(500);
  });

  it("reaches only the caller's own store and a guest of that tab, and refuses an unknown body", async () => {
    const { orderId, ticketId } = await tabOfOne(3);
    const elsewhere = await service(orderId, ticketId, { charged: false, reason: 'Invasão' }, sertao);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe('Comanda não encontrada.');
    const stranger = await service(orderId, ticketId + 100_000, { charged: true });
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toBe('Este cliente não está nesta comanda.');
    const odd = await service(orderId, ticketId, { charged: 'talvez' });
    expect(odd.statusCode).toBe(400);
    const [row] = await t.app.db
      .select({ reason: tickets.service_removed_reason })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    expect(row!.reason).toBeNull();
  });
});
