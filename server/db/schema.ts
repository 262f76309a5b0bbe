import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Restaurants. Only the columns the foundation needs; the data-model work extends it. */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    status: text('status', { enum: ['OK', 'INACTIVE', 'CLOSED'] })
      .notNull()
      .default('OK'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('stores_status_check', sql`${t.status} in ('OK', 'INACTIVE', 'CLOSED')`)],
);

/**
 * Everyone who signs in to the back-office: platform administrators (role ADMIN, no store)
 * and restaurant staff (any other role, bound to one store).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash'),
    role: text('role').notNull(),
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<Record<string, number>>().notNull().default({}),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    failed_logins: smallint('failed_logins').notNull().default(0),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    /** Tokens issued before this instant no longer open anything. */
    password_changed_at: timestamp('password_changed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    index('accounts_store_idx').on(t.store_id),
    check('accounts_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
    // Staff always belong to a store; administrators never do.
    check(
      'accounts_role_store_check',
      sql`(${t.role} = 'ADMIN' and ${t.store_id} is null) or (${t.role} <> 'ADMIN' and ${t.store_id} is not null)`,
    ),
  ],
);

/**
 * One row per token request ("key"). Rows exist for unknown e-mails too, so that the answer
 * and the rate limits are the same whether or not the account exists.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    key: text('key').primaryKey(),
    email: text('email').notNull(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    requester_ip: text('requester_ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('password_tokens_email_idx').on(sql`lower(${t.email})`, t.created_at),
    index('password_tokens_ip_idx').on(t.requester_ip, t.created_at),
  ],
);

export const cuisines = pgTable(
  'cuisines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('cuisines_name_key').on(t.name_key), index('cuisines_name_idx').on(t.name)],
);

/** Cities where the platform operates. */
export const operations = pgTable(
  'operations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('operations_name_key').on(t.name_key), index('operations_name_idx').on(t.name)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    category: text('category', { enum: ['MERCHANT', 'CUSTOMER'] }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('faqs_category_check', sql`${t.category} in ('MERCHANT', 'CUSTOMER')`),
    index('faqs_created_at_idx').on(t.created_at),
    index('faqs_category_idx').on(t.category),
  ],
);
