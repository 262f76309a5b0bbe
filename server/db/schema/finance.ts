import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
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
    bank_account_id: integer('bank_account_id'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: DEPOSIT_STATUS }).notNull().default('PENDING'),
    message: text('message').notNull().default(''),
    deposit_date: date('deposit_date', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'deposits_bank_account_fk',
      columns: [t.bank_account_id, t.store_id],
      foreignColumns: [bankAccounts.id, bankAccounts.store_id],
    }).onDelete('set null (bank_account_id)' as 'set null'),
    unique('deposits_id_store_key').on(t.id, t.store_id),
    index('deposits_bank_account_idx').on(t.bank_account_id),
    index('deposits_store_date_idx').on(t.store_id, t.deposit_date),
    // The platform's history (an administrator's, every store), newest first.
    index('deposits_date_idx').on(t.deposit_date, t.id),
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
    payment_id: integer('payment_id'),
    deposit_id: integer('deposit_id'),
    kind: text('kind', { enum: STATEMENT_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    /** When the money can be withdrawn: digital payments are released within 31 days. */
    available_on: date('available_on', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'statement_entries_payment_fk',
      columns: [t.payment_id, t.store_id],
      foreignColumns: [payments.id, payments.store_id],
    }).onDelete('set null (payment_id)' as 'set null'),
    foreignKey({
      name: 'statement_entries_deposit_fk',
      columns: [t.deposit_id, t.store_id],
      foreignColumns: [deposits.id, deposits.store_id],
    }).onDelete('set null (deposit_id)' as 'set null'),
    index('statement_entries_payment_idx').on(t.payment_id),
    index('statement_entries_deposit_idx').on(t.deposit_id),
    index('statement_entries_store_created_idx').on(t.store_id, t.created_at),
    // The platform's statement (an administrator's, every store), newest first.
    index('statement_entries_created_idx').on(t.created_at, t.id),
    index('statement_entries_store_available_idx').on(t.store_id, t.available_on),
    check('statement_entries_kind_check', oneOf(t.kind, STATEMENT_KINDS)),
    check('statement_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);
