import type * as s from '../../db/schema';
import type { Customer, Demo, OrderDraft, Row } from './state';

/** Loyalty: consumption accumulates; reaching the goal grants a discount for the next visit. */
export function accumulateLoyalty(
  demo: Pick<Demo, 'progress' | 'couponRows'>,
  draft: OrderDraft,
  customer: Customer,
  subtotal: number,
  at: Date,
  pending: Map<string, Row<typeof s.coupons>>,
  ids: { coupon: number },
): void {
  const def = draft.store.def.loyalty!;
  const key = `${draft.store.programId}/${customer.id}`;
  let p = demo.progress.get(key);
  if (!p) {
    p = {
      program_id: draft.store.programId!,
      customer_id: customer.id,
      order_type: 'INDOOR',
      current_consumption: 0,
      total_consumption: 0,
      n_uses: 0,
      last_redeemed_at: null,
      created_at: at,
      updated_at: at,
    };
    demo.progress.set(key, p);
  }
  p.order_type = draft.delivery ? 'DELIVERY' : 'INDOOR';
  p.total_consumption! += subtotal;
  p.current_consumption! += subtotal;
  p.updated_at = at;
  if (!def.active) return;
  if (p.current_consumption! >= def.consumption && !pending.has(key)) {
    p.current_consumption! -= def.consumption;
    const coupon: Row<typeof s.coupons> = {
      id: ++ids.coupon,
      store_id: draft.store.id,
      customer_id: customer.id,
      promo_code_id: null,
      loyalty: true,
      order_id: null,
      order_type: 'EITHER',
      status: 'CREATED',
      discount: def.discount,
      amount: 0,
      created_at: draft.closedAt ?? at,
    };
    demo.couponRows.push(coupon);
    pending.set(key, coupon);
  }
}
