import type { PAYMENT_METHODS } from '../../db/schema/enums';
import { brDate } from '../clock';
import type { Customer, Demo, OrderDraft, StoreRt } from './state';

export type Pay = (
  draft: OrderDraft,
  orderId: number,
  customer: Customer,
  amount: number,
  at: Date,
  kind: 'PHYSICAL' | 'DIGITAL',
  method: (typeof PAYMENT_METHODS)[number],
  cancelledAt?: Date | null,
) => number;

/**
 * Payments and what follows from them in the statement. `pay` writes a payment (and, for an app
 * payment, its RECEIVED line and the CANCELED one of a refund) and answers the amount it adds to
 * total_paid; `settleFees` then writes the day's fees.
 */
export function newPayments(demo: Pick<Demo, 'clock' | 'paymentRows' | 'statementRows'>): {
  pay: Pay;
  settleFees: () => void;
} {
  const ids = { payment: 0 };
  const nowMs = demo.clock.now.getTime();
  const taxByDay = new Map<string, { store: StoreRt; day: number; fee: number }>();

  const pay = (
    draft: OrderDraft,
    orderId: number,
    customer: Customer,
    amount: number,
    at: Date,
    kind: 'PHYSICAL' | 'DIGITAL',
    method: (typeof PAYMENT_METHODS)[number],
    cancelledAt: Date | null = null,
  ) => {
    const def = draft.store.def;
    const fee = Math.round((amount * (kind === 'DIGITAL' ? def.digitalTax : def.physicalTax)) / 100);
    const id = ++ids.payment;
    demo.paymentRows.push({
      id,
      store_id: draft.store.id,
      order_id: orderId,
      customer_id: customer.id,
      kind,
      method,
      amount,
      fee,
      cancelled_at: cancelledAt,
      created_at: at,
    });
    if (kind === 'DIGITAL') {
      demo.statementRows.push({
        id: 0,
        store_id: draft.store.id,
        payment_id: id,
        deposit_id: null,
        kind: 'RECEIVED',
        amount,
        description: draft.tableId ? `Pagamento pelo app — comanda ${orderId}` : `Pedido delivery ${orderId}`,
        available_on: demo.clock.date(draft.day + 31),
        created_at: at,
      });
      if (cancelledAt) {
        demo.statementRows.push({
          id: 0,
          store_id: draft.store.id,
          payment_id: id,
          deposit_id: null,
          kind: 'CANCELED',
          amount: -amount,
          description: `Estorno do pagamento da comanda ${orderId}`,
          available_on: demo.clock.date(draft.day),
          created_at: cancelledAt,
        });
      }
    }
    if (!cancelledAt && fee > 0) {
      const key = `${draft.store.id}/${draft.day}`;
      const entry = taxByDay.get(key) ?? { store: draft.store, day: draft.day, fee: 0 };
      entry.fee += fee;
      taxByDay.set(key, entry);
    }
    return cancelledAt ? 0 : amount;
  };

  const settleFees = () => {
    // Platform fees, one statement line per store and day, settled the next morning.
    for (const { store, day, fee } of [...taxByDay.values()].sort(
      (a, b) => a.day - b.day || a.store.id - b.store.id,
    )) {
      const at = demo.clock.at(day + 1, 5);
      if (at.getTime() > nowMs) continue;
      demo.statementRows.push({
        id: 0,
        store_id: store.id,
        payment_id: null,
        deposit_id: null,
        kind: 'TAX',
        amount: -fee,
        description: `Taxas da plataforma de ${brDate(demo.clock.date(day))}`,
        available_on: demo.clock.date(day + 1),
        created_at: at,
      });
    }
  };
  return { pay, settleFees };
}
