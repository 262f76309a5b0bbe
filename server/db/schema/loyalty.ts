import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from './columns';
import { ORDER_ORIGINS } from './enums';
import { stores } from './platform';
import { customers } from './customers';

/** A store's loyalty program: spend `consumption` cents, earn `discount` percent off. */
export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .unique('loyalty_programs_store_key')
      .references(() => stores.id, { onDelete: 'cascade' }),
    consumption: integer('consumption').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('loyalty_programs_consumption_check', sql`${t.consumption} > 0`),
    check('loyalty_programs_discount_check', sql`${t.discount} > 0 and ${t.discount} <= 100`),
  ],
);

/** Each customer's progress in a program. */
export const loyaltyProgress = pgTable(
  'loyalty_progress',
  {
    program_id: integer('program_id')
      .notNull()
      .references(() => loyaltyPrograms.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    order_type: text('order_type', { enum: ORDER_ORIGINS }).notNull().default('INDOOR'),
    current_consumption: integer('current_consumption').notNull().default(0),
    total_consumption: integer('total_consumption').notNull().default(0),
    n_uses: integer('n_uses').notNull().default(0),
    last_redeemed_at: timestamp('last_redeemed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.program_id, t.customer_id] }),
    index('loyalty_progress_total_idx').on(t.program_id, t.total_consumption),
    index('loyalty_progress_customer_idx').on(t.customer_id),
    check('loyalty_progress_type_check', oneOf(t.order_type, ORDER_ORIGINS)),
    check(
      'loyalty_progress_amounts_check',
      sql`${t.current_consumption} >= 0 and ${t.total_consumption} >= ${t.current_consumption} and ${t.n_uses} >= 0`,
    ),
  ],
);
