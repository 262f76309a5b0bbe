import { describe, expect, it } from 'vitest';
import {
  activeCards,
  allDayCounts,
  cardName,
  cardsInStatus,
  latestRound,
  readyCards,
} from '../../src/resources/kitchenBoard/cards';
import type { OrderItem } from '../../contract/resources/kitchenBoard/definition';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 20, 0) + minutes * 60_000).toISOString();

/** An item of ticket `ticket` (tab 40 at table 5 unless said), ordered at minute `ordered`. */
function item(
  id: number,
  ticket: number,
  ordered: number,
  status: OrderItem['status'] = 'PLACED',
  changed = ordered,
  over: Partial<OrderItem> = {},
): OrderItem {
  return {
    id,
    store_id: 2,
    order_id: 40,
    ticket_id: ticket,
    kitchen_id: 1,
    name: `Item ${id}`,
    status,
    thumbnail: null,
    quantity: 1,
    observations: null,
    complements: [],
    created_at: at(ordered),
    updated_at: at(changed),
    customer: { profile_picture: null, username: `guest${ticket}`, fullname: `Cliente ${ticket}` },
    table: { number: 5 },
    ...over,
  };
}

const ids = (items: readonly OrderItem[]) => items.map((one) => one.id);

describe("a card's latest round", () => {
  it('starts again with what is ordered once everything before it was done', () => {
    const drinks = [item(1, 10, 0, 'READY', 5), item(2, 10, 0, 'CANCELLED', 3)];
    const mains = [item(3, 10, 20), item(4, 10, 20, 'PREPARING', 25)];
    expect(ids(latestRound([...mains, ...drinks]))).toEqual([3, 4]);
  });

  it('keeps what is ordered while something is still being made, or was done after it was ordered', () => {
    expect(ids(latestRound([item(1, 10, 0, 'PREPARING', 5), item(2, 10, 20)]))).toEqual([1, 2]);
    // Ready at minute 25, after the dessert was ordered at 20: one round.
    expect(ids(latestRound([item(1, 10, 0, 'READY', 25), item(2, 10, 20)]))).toEqual([1, 2]);
  });
});

describe("the board's cards", () => {
  const items = [
    item(1, 10, 0, 'READY', 5),
    item(2, 10, 30),
    item(3, 11, 10, 'PREPARING', 12),
    item(4, 12, 2, 'READY', 40, { order_id: 41, table: null }),
    item(5, 13, 1, 'CANCELLED', 2, { order_id: 41, table: null }),
  ];

  it('per guest: the cards still worked, oldest first by their round', () => {
    expect(activeCards(items, 'ticket').map((card) => [card.key, ids(card.items), card.startedAt])).toEqual([
      ['ticket:11', [3], at(10)],
      ['ticket:10', [2], at(30)],
    ]);
  });

  it("per table: a tab's tickets in one card", () => {
    const [card] = activeCards(items, 'table');
    expect(card).toMatchObject({ key: 'tab:40', table: 5, guests: ['Cliente 11', 'Cliente 10'] });
    expect(ids(card!.items)).toEqual([3, 2]);
    expect(cardName(card!, 'table')).toBe('Mesa 5');
    expect(cardName({ table: 5, guests: ['Ana Souza'] }, 'ticket')).toBe('Mesa 5 · Ana Souza');
    expect(cardName({ table: null, guests: ['Ana Souza'] }, 'ticket')).toBe('Ana Souza');
  });

  it("a stage's items in their cards", () => {
    expect(cardsInStatus(items, 'ticket', 'READY').map((card) => [card.key, ids(card.items)])).toEqual([
      ['ticket:10', [1]],
      ['ticket:12', [4]],
    ]);
  });

  it('the recently ready: all done with one ready at least, the most recent first, 20 at most', () => {
    expect(readyCards(items, 'ticket').map((card) => [card.key, card.doneAt])).toEqual([
      ['ticket:12', at(40)],
    ]);
    const many = Array.from({ length: 25 }, (_, n) => item(100 + n, 100 + n, 0, 'READY', n));
    const ready = readyCards(many, 'ticket');
    expect(ready).toHaveLength(20);
    expect(ready[0]!.key).toBe('ticket:124');
  });

  it("'Todo o dia': what is still to make, product by product, quantities summed", () => {
    const counts = allDayCounts([
      item(1, 10, 0, 'PLACED', 0, { name: 'Risoto', quantity: 2 }),
      item(2, 11, 0, 'PREPARING', 1, { name: 'Risoto' }),
      item(3, 11, 0, 'READY', 1, { name: 'Risoto', quantity: 4 }),
      item(4, 12, 0, 'PLACED', 0, { name: 'Água' }),
      item(5, 12, 0, 'CANCELLED', 1, { name: 'Bife', quantity: 9 }),
      item(6, 12, 0, 'PLACED', 0, { name: 'Bife' }),
    ]);
    expect(counts).toEqual([
      { name: 'Risoto', quantity: 3 },
      { name: 'Água', quantity: 1 },
      { name: 'Bife', quantity: 1 },
    ]);
  });
});
