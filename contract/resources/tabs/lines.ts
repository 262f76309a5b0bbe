import type { OrderItem } from './definition';

/** What grouping an item into a line reads of it. */
export type LineItem = Pick<
  OrderItem,
  'id' | 'product_id' | 'name' | 'status' | 'product_price' | 'quantity' | 'complements' | 'observations'
>;

/** One line of a ticket: the same product in the same state, ordered again, reads once with its count. */
export interface ItemLine<T extends LineItem = OrderItem> {
  key: string;
  item: T;
  /** How many times it was ordered (the spec's repeat count). */
  count: number;
  /** Price of one, with its complements, in cents. */
  unit: number;
}

/**
 * Groups a ticket's items into lines, in the order they were first ordered. An item still waiting
 * in the outbox (its id below zero) never joins one the server has.
 */
export function itemLines<T extends LineItem>(items: readonly T[]): ItemLine<T>[] {
  const lines = new Map<string, ItemLine<T>>();
  for (const item of items) {
    const key = JSON.stringify([
      item.id < 0,
      item.product_id ?? item.name,
      item.status,
      item.product_price,
      item.complements,
      item.observations ?? '',
    ]);
    const unit = item.product_price + item.complements.reduce((sum, c) => sum + c.price * c.quantity, 0);
    const line = lines.get(key);
    if (line) line.count += item.quantity;
    else lines.set(key, { key, item, count: item.quantity, unit });
  }
  return [...lines.values()];
}
