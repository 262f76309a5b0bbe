import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, stores } from './platform';

/**
 * One row per signed-in token. The token carries the row's id; signing out ends the row, so the
 * token dies on every instance at once, while the API itself keeps no session in memory.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** `session` (the back-office) or `password` (only sets a new password). */
    scope: text('scope').notNull(),
    /** The store the session works in (a member's choice among their stores); null for administrators. */
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by signing out; the token answers 401 from then on. */
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.account_id), index('sessions_expires_idx').on(t.expires_at)],
);

/**
 * Attempts counted per key in a fixed window (login throttling, current-password checks, upload
 * rate). Kept in the database so that restarts and several instances share them.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    /** What is counted, e.g. `login:address:<ip>`. */
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attempt_counters_window_idx').on(t.window_started_at)],
);

/**
 * Every file the API's own storage received: whose it is (a store's id or `platform`), who sent
 * it and its size. Quotas and rates are sums over it; files no record points to are found in it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** Under the uploads folder: `images/<owner>/<name>`. */
    path: text('path').primaryKey(),
    owner: text('owner').notNull(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.owner),
    index('stored_files_account_created_idx').on(t.account_id, t.created_at),
    index('stored_files_created_idx').on(t.created_at),
  ],
);

/**
 * The first answer to a write sent with an `Idempotency-Key` header, so that the same request sent
 * again (a retry after a lost answer, a double tap, a tablet's queue replayed) gets that answer
 * instead of being done twice. Keyed by who sent it and where, so that one caller's key never
 * answers another's request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who and where: the account (or `public`), the method and the route. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** A digest of the body: the same key with another body is refused. */
    request_hash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    status_code: smallint('status_code'),
    response: text('response'),
    /**
     * Set in the transaction of the request's write, so that it commits with the write: a first
     * request that died after its write and before its answer is never run again by a retry.
     */
    applied_at: timestamp('applied_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
);
