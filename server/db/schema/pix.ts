import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';
import { PIX_CHARGE_STATUS } from './enums';
import { stores } from './platform';
import { billShares, orders, payments, tickets } from './service';

/**
 * Dynamic Pix charges (server/pix): a guest's balance (`ticket_id`) or a share of a split bill
 * (`share_id`) charged at the store's Pix provider, whose webhook, signed, books the payment once
 * (`payment_id`; a share's first payment) when the guest's bank pays it. Without a
 * provider there are none: the static code of `GET …/pix` is confirmed by hand ('Dar baixa').
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    order_id: integer('order_id').notNull(),
    /** What it charges: a guest's balance, or a share of the split bill. */
    ticket_id: integer('ticket_id'),
    share_id: integer('share_id').references(() => billShares.id, { onDelete: 'cascade' }),
    /** The charge's id at the provider (26–35 letters and digits, the Pix API's txid). */
    txid: text('txid').notNull(),
    amount: integer('amount').notNull(),
    /** Its "Pix copia e cola", as the provider made it. */
    code: text('code').notNull(),
    status: text('status', { enum: PIX_CHARGE_STATUS }).notNull().default('ACTIVE'),
    /** The payment's id in the Pix system, from the webhook: one payment is booked once. */
    end_to_end_id: text('end_to_end_id'),
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pix_charges_txid_key').on(t.txid),
    uniqueIndex('pix_charges_end_to_end_key').on(t.end_to_end_id),
    // A guest's waiting charge, reused while the balance is the same.
    index('pix_charges_ticket_idx').on(t.ticket_id, t.status),
    index('pix_charges_share_idx')
      .on(t.share_id, t.status)
      .where(sql`${t.share_id} is not null`),
    foreignKey({
      name: 'pix_charges_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pix_charges_ticket_fk',
      columns: [t.ticket_id, t.order_id],
      foreignColumns: [tickets.id, tickets.order_id],
    }).onDelete('cascade'),
    check('pix_charges_status_check', oneOf(t.status, PIX_CHARGE_STATUS)),
    check('pix_charges_amount_check', sql`${t.amount} > 0`),
    check('pix_charges_txid_check', sql`${t.txid} ~ '^[A-Za-z0-9]{26,35}$'`),
    check('pix_charges_charges_check', sql`(${t.ticket_id} is null) <> (${t.share_id} is null)`),
    check('pix_charges_paid_check', sql`(${t.status} = 'PAID') = (${t.paid_at} is not null)`),
  ],
);
