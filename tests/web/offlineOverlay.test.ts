import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxEffect } from '../../src/offline/entry';
import {
  notYetRead,
  overlayBoard,
  overlayOrder,
  overlayTables,
  paymentStatusOf,
} from '../../src/offline/overlay';
import type { OrderItem as BoardItem } from '../../contract/resources/kitchenBoard/definition';
import type { Order, OrderTicket } from '../../contract/resources/tabs/definition';
import type { Table } from '../../contract/resources/floor/definition';
import { readAt, staleSeconds } from '../../src/offline/StaleNotice';
import { OFFLINE_WORDS } from '../../src/offline/words';

let next = 1;
const entry = (effect: OutboxEffect, state: OutboxEntry['state'] = 'pending'): OutboxEntry => ({
  id: next++,
  key: 'k'.repeat(32),
  account: 'garcom@cantinabella.com.br',
  store: 2,
  method: 'POST',
  path: '/',
  label: '',
  effect,
  created: Date.parse('2026-11-28T20:00:00Z'),
  state,
});

const boardItem = (id: number, status: BoardItem['status']) => ({ id, status }) as BoardItem;

const ticket = (id: number, total: number, paid: number): OrderTicket =>
  ({
    id,
    order_id: 40,
    subtotal: total,
    service_charge: 0,
    discount: 0,
    total,
    total_paid: paid,
    payment_status: paymentStatusOf(total, paid),
    items: [],
    held: [],
  }) as unknown as OrderTicket;

const order = (): Order =>
  ({
    id: 40,
    subtotal: 8000,
    total: 8000,
    total_paid: 0,
    payment_status: 'OPEN',
    tickets: [ticket(1, 5500, 0), ticket(2, 2500, 0)],
  }) as unknown as Order;

const risotto = {
  product_id: 7,
  name: 'Risoto de cogumelos',
  thumbnail: null,
  kitchen_id: 1,
  product_price: 4200,
  quantity: 2,
  observations: 'sem queijo',
  complements: [{ group_id: 11, product_id: 21, quantity: 1, name: 'Molho branco', price: 300 }],
  unit: 4500,
  total: 9000,
};

describe('the outbox over the polled data', () => {
  it('moves the board’s items to the status a waiting bump gives them; a refused one or a cancelled item stays', () => {
    const items = [
      boardItem(1, 'PLACED'),
      boardItem(2, 'PREPARING'),
      boardItem(3, 'PLACED'),
      boardItem(4, 'CANCELLED'),
    ];
    const shown = overlayBoard(items, [
      entry({ kind: 'itemStatus', items: [{ id: 1, status: 'PREPARING' }] }),
      entry({
        kind: 'itemStatus',
        items: [
          { id: 2, status: 'READY' },
          { id: 4, status: 'READY' },
        ],
      }),
      entry({ kind: 'itemStatus', items: [{ id: 3, status: 'PREPARING' }] }, 'refused'),
    ]);
    expect(shown.map((item) => item.status)).toEqual(['PREPARING', 'READY', 'PLACED', 'CANCELLED']);
    // Nothing waiting: the same array, so nothing re-renders.
    expect(overlayBoard(items, [])).toBe(items);
  });

  it('a later bump of the same item wins: two taps, PLACED to READY', () => {
    const shown = overlayBoard(
      [boardItem(1, 'PLACED')],
      [
        entry({ kind: 'itemStatus', items: [{ id: 1, status: 'PREPARING' }] }),
        entry({ kind: 'itemStatus', items: [{ id: 1, status: 'READY' }] }),
      ],
    );
    expect(shown[0]!.status).toBe('READY');
  });

  it("shows a tab with its waiting 'Dar baixa' paid and its waiting order on the guest's ticket", () => {
    const shown = overlayOrder(order(), [
      entry({ kind: 'payment', orderId: 40, ticketId: 1, amount: 5500 }),
      entry({ kind: 'addItems', orderId: 40, ticketId: 2, lines: [risotto] }),
      // Another tab's: not this one's business.
      entry({ kind: 'payment', orderId: 41, ticketId: 9, amount: 100 }),
    ]);
    const [ana, bruno] = shown.tickets;
    expect(ana).toMatchObject({ total: 5500, total_paid: 5500, payment_status: 'PAID' });
    expect(bruno).toMatchObject({ subtotal: 11500, total: 11500, total_paid: 0, payment_status: 'OPEN' });
    expect(bruno!.items).toEqual([
      expect.objectContaining({
        name: 'Risoto de cogumelos',
        status: 'PLACED',
        quantity: 2,
        product_price: 4200,
        complements: [{ name: 'Molho branco', price: 300, quantity: 1 }],
        observations: 'sem queijo',
      }),
    ]);
    expect(bruno!.items[0]!.id).toBeLessThan(0);
    expect(shown).toMatchObject({
      subtotal: 17000,
      total: 17000,
      total_paid: 5500,
      payment_status: 'PARTIALLY_PAID',
    });
  });

  it('never shows more paid than the ticket owes, and a refused payment not at all', () => {
    const tab = order();
    expect(
      overlayOrder(tab, [entry({ kind: 'payment', orderId: 40, ticketId: 2, amount: 9999 })]).tickets[1],
    ).toMatchObject({
      total_paid: 2500,
      payment_status: 'PAID',
    });
    expect(
      overlayOrder(tab, [entry({ kind: 'payment', orderId: 40, ticketId: 2, amount: 2500 }, 'refused')]),
    ).toBe(tab);
  });

  it("shows the floor's cards with their tab's waiting money and items in the kitchen", () => {
    const tables = [
      { id: 1, order: null },
      {
        id: 2,
        order: { id: 40, subtotal: 8000, total: 8000, total_paid: 0, payment_status: 'OPEN', in_kitchen: 1 },
      },
    ] as unknown as Table[];
    const shown = overlayTables(tables, [
      entry({ kind: 'payment', orderId: 40, ticketId: 1, amount: 5500 }),
      entry({ kind: 'addItems', orderId: 40, ticketId: 2, lines: [risotto] }),
    ]);
    expect(shown[0]).toBe(tables[0]);
    expect(shown[1]!.order).toMatchObject({
      subtotal: 17000,
      total: 17000,
      total_paid: 5500,
      payment_status: 'PARTIALLY_PAID',
      in_kitchen: 2,
    });
  });
});

describe('how old a live screen says its data is', () => {
  const now = Date.parse('2026-11-28T20:00:35Z');
  const read = Date.parse('2026-11-28T20:00:00Z');
  it('counts from the last successful read while the live stream is down or the server out of reach', () => {
    expect(staleSeconds(read, false, false, now)).toBe(35);
    expect(staleSeconds(read, true, true, now)).toBe(35);
    expect(OFFLINE_WORDS.updatedAgo(staleSeconds(read, false, false, now))).toBe('Atualizado há 35 s');
  });
  it('is fresh while the stream is up and the server reachable, and before any read', () => {
    expect(staleSeconds(read, true, false, now)).toBe(0);
    expect(staleSeconds(0, false, true, now)).toBe(0);
  });
  it('counts a copy the service worker gave with no network from when the copy was read, not from its arrival', () => {
    const arrived = now - 1000;
    expect(readAt({ queryKey: [], live: false, copiedAt: { current: read } }, arrived)).toBe(read);
    expect(
      staleSeconds(
        readAt({ queryKey: [], live: false, copiedAt: { current: read } }, arrived),
        false,
        true,
        now,
      ),
    ).toBe(35);
    expect(readAt({ queryKey: [], live: false, copiedAt: { current: null } }, arrived)).toBe(arrived);
  });
});

describe('what a screen overlays', () => {
  it('shows an applied entry until a read that began after it brings it, and never a refused one', () => {
    const applied = {
      ...entry({ kind: 'itemStatus', items: [{ id: 1, status: 'READY' }] }, 'sent'),
      sentAt: 1_000,
    };
    const waiting = entry({ kind: 'itemStatus', items: [{ id: 2, status: 'READY' }] });
    const refused = entry({ kind: 'itemStatus', items: [{ id: 3, status: 'READY' }] }, 'refused');
    expect(notYetRead([applied, waiting, refused], 900)).toEqual([applied, waiting]);
    expect(notYetRead([applied, waiting, refused], 1_001)).toEqual([waiting]);
  });
});
