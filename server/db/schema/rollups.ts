import { bigint, date, foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stores } from './platform';
import { products } from './menu';

/**
 * Daily figures for the statistics and finance dashboards, kept current by triggers in the same
 * transaction as the payment, ticket, order, check-in, customer or order item they count
 * (migration 0013, `rollup_*` functions); `rebuild_rollups()` recomputes them from the raw rows.
 * Days are the stores' calendar days (America/Sao_Paulo). Money in cents.
 */
const dayFigures = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  /** Payments not cancelled: their amounts, the platform's fees on them, and how many. */
  gross: bigint('gross', { mode: 'number' }).notNull().default(0),
  fees: bigint('fees', { mode: 'number' }).notNull().default(0),
  payments: integer('payments').notNull().default(0),
  /** Of the gross, what paid the tickets' service charge (payments.service): sales are the rest. */
  service: bigint('service', { mode: 'number' }).notNull().default(0),
  /** Payments cancelled (refunded), by the day they were made. */
  cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
  /** Gross by payment method. */
  credit_card: bigint('credit_card', { mode: 'number' }).notNull().default(0),
  debit_card: bigint('debit_card', { mode: 'number' }).notNull().default(0),
  pix: bigint('pix', { mode: 'number' }).notNull().default(0),
  cash: bigint('cash', { mode: 'number' }).notNull().default(0),
  meal_voucher: bigint('meal_voucher', { mode: 'number' }).notNull().default(0),
  /** Gross by hour of the day: element 1 is 00:00–00:59. */
  by_hour: bigint('by_hour', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`array_fill(0::bigint, array[24])`),
  /** Tickets (a customer's part of a tab) and tabs opened that day. */
  tickets: integer('tickets').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  /** Check-ins by the app's platform. */
  checkins_ios: integer('checkins_ios').notNull().default(0),
  checkins_android: integer('checkins_android').notNull().default(0),
});

/** A store's day. */
export const storeDays = pgTable(
  'store_days',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    ...dayFigures(),
  },
  (t) => [primaryKey({ name: 'store_days_pkey', columns: [t.store_id, t.day] })],
);

/** The whole platform's day (every store), plus the customers who signed up. */
export const platformDays = pgTable('platform_days', {
  ...dayFigures(),
  day: date('day', { mode: 'string' }).primaryKey(),
  signups: integer('signups').notNull().default(0),
});

/** What a store sold of each product in a day (items neither saved nor cancelled). */
export const productDays = pgTable(
  'product_days',
  {
    store_id: integer('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    product_id: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    /** Price times quantity, complements left out. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_days_pkey', columns: [t.store_id, t.day, t.product_id] }),
    foreignKey({
      name: 'product_days_product_fk',
      columns: [t.product_id, t.store_id],
      foreignColumns: [products.id, products.store_id],
    }).onDelete('cascade'),
    index('product_days_product_idx').on(t.product_id),
  ],
);

/** What a store's statement lines of a day (or month, or the whole statement) add up to. */
const statementFigures = () => ({
  /** Lines written, every kind. */
  entries: integer('entries').notNull().default(0),
  /** The signed sums of the lines of each kind (money out is negative). */
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  canceled: bigint('canceled', { mode: 'number' }).notNull().default(0),
  taxes: bigint('taxes', { mode: 'number' }).notNull().default(0),
  deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
});

/**
 * A store's statement (statement_entries) by São Paulo day, month and whole, kept by triggers in
 * the same transaction as each line (migration 0017, `rollup_statement`), so that the balance's
 * cards and the statement's total read a few rows per store, never the lines: the whole statement
 * is one row, a period its whole months and the days at its ends, the balance of today the days
 * after it. There is no platform row: the platform's figures are the stores' summed, so that no
 * row is written by every store's payments.
 */
export const statementDays = pgTable(
  'statement_days',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The lines written this day (`created_at`). */
    ...statementFigures(),
    /** The lines that become available this day (`available_on`), every kind: the available card
     * is what they add up to until today. */
    available: bigint('available', { mode: 'number' }).notNull().default(0),
    /** The same but deposits: what they add up to after today is the card of what is to receive. */
    receivable: bigint('receivable', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'statement_days_pkey', columns: [t.store_id, t.day] }),
    // The platform's days of a period, and those after today: every store's rows of those days.
    index('statement_days_day_idx').on(t.day),
  ],
);

/** A store's statement lines by the month they were written in (`month`, its first day). */
export const statementMonths = pgTable(
  'statement_months',
  {
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    ...statementFigures(),
  },
  (t) => [
    primaryKey({ name: 'statement_months_pkey', columns: [t.store_id, t.month] }),
    index('statement_months_month_idx').on(t.month),
  ],
);

/** A store's whole statement. */
export const statementTotals = pgTable('statement_totals', {
  store_id: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  ...statementFigures(),
});
