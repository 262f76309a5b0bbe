import type { Clock } from '../clock';
import { PROMOS, type PromoDef } from '../content';
import type { Random } from '../random';
import type { Demo, OrderDraft } from './state';

/** The promo codes; their n_uses are counted by the tabs that use them (money.ts). */
export function buildPromoCodes(demo: Pick<Demo, 'clock' | 'promoRows'>): void {
  PROMOS.forEach((def, i) => {
    const created = demo.clock.at(def.createdDay, 10 * 60 + i * 11);
    demo.promoRows.push({
      id: i + 1,
      code: def.code,
      description: def.description,
      discount: def.discount,
      max_discount: def.maxDiscount,
      n_available: def.available,
      n_uses: 0,
      origin: def.origin,
      type: def.type,
      expires_at: demo.clock.at(def.expiresDay, 23 * 60 + 59),
      active: def.active,
      created_at: created,
    });
  });
}

/** A promo code, and how many tickets used it so far. */
export interface PromoUse {
  def: PromoDef;
  id: number;
  uses: number;
}

/** The promo code a ticket uses, if any: the first one valid for it whose chance of use comes up. */
export function eligiblePromo(
  clock: Clock,
  rng: Random,
  promos: PromoUse[],
  at: Date,
  draft: OrderDraft,
  returning: boolean,
) {
  const day = draft.day;
  for (const promo of promos) {
    const { def } = promo;
    if (def.use === 0 || day < def.createdDay || day > def.expiresDay) continue;
    if (!def.active && day > def.expiresDay - 10) continue;
    if (def.type === 'FIRST_USE' && returning) continue;
    if (def.origin === 'DELIVERY' && !draft.delivery) continue;
    if (def.origin === 'INDOOR' && draft.delivery) continue;
    if (def.code === 'SEXTOU20' && clock.weekdayOf(day) !== 5) continue;
    if (promo.uses >= def.available) continue;
    if (at.getTime() > clock.now.getTime()) continue;
    if (rng.chance(def.use)) return promo;
  }
  return undefined;
}
