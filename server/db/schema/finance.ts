import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';
import { DEPOSIT_STATUS, STATEMENT_KINDS } from './enums';
import { bankAccounts, stores } from './platform';
import { payments } from './service';

/** Transfers of a store's balance to its bank account (financial history). */
export const deposits = pgTable(
  'deposits',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    bank_account_id: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    status: text('status', { enum: DEPOSIT_STATUS }).notNull().default('PENDING'),
    message: text('message').notNull().default(''),
    deposit_date: date('deposit_date', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('deposits_store_date_idx').on(t.store_id, t.deposit_date),
    check('deposits_status_check', oneOf(t.status, DEPOSIT_STATUS)),
    check('deposits_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The store's statement (extrato): every movement of its balance, in cents (signed). */
export const statementEntries = pgTable(
  'statement_entries',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    payment_id: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    deposit_id: integer('deposit_id').references(() => deposits.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: STATEMENT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    /** When the money can be withdrawn: digital payments are released within 31 days. */
    available_on: date('available_on', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('statement_entries_store_created_idx').on(t.store_id, t.created_at),
    index('statement_entries_store_available_idx').on(t.store_id, t.available_on),
    check('statement_entries_kind_check', oneOf(t.kind, STATEMENT_KINDS)),
    check('statement_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
