/** What a tab orders, for the closed tabs of history.ts and the open ones of live-service.ts. */
import type { ItemComplement } from '../../db/schema';
import { ITEM_OBSERVATIONS } from '../names';
import type { Random } from '../random';
import type { ItemDraft, ProductRt, StoreRt } from './state';

function pickProduct(rng: Random, store: StoreRt, drink: boolean): ProductRt {
  const list =
    drink && store.drinks.length > 0 ? store.drinks : store.food.length > 0 ? store.food : store.drinks;
  return rng.weighted(
    list,
    list.map((p) => p.weight),
  );
}

export function complementsFor(rng: Random, product: ProductRt): ItemComplement[] {
  const chosen: ItemComplement[] = [];
  for (const group of product.groups) {
    const { min, max } = group.def;
    const count =
      min > 0 ? rng.int(min, Math.min(max, min + 1)) : rng.chance(0.45) ? rng.int(1, Math.min(max, 2)) : 0;
    const picks = group.def.repeat
      ? Array.from({ length: count }, () => rng.pick(group.options))
      : rng.sample(group.options, count);
    for (const option of picks) {
      const found = chosen.find((c) => c.name === option.name);
      if (found) found.quantity++;
      else chosen.push({ name: option.name, price: option.price, quantity: 1 });
    }
  }
  return chosen;
}

export function drawItem(
  rng: Random,
  store: StoreRt,
  drink: boolean,
  createdAt: Date,
  readyAt: Date,
): ItemDraft {
  const product = pickProduct(rng, store, drink);
  return {
    product,
    quantity: product.drink ? rng.weighted([1, 2, 3], [70, 22, 8]) : rng.chance(0.92) ? 1 : 2,
    complements: complementsFor(rng, product),
    observations: product.observations && rng.chance(0.08) ? rng.pick(ITEM_OBSERVATIONS) : null,
    status: 'READY',
    createdAt,
    updatedAt: readyAt,
  };
}
