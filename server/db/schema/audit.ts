import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per write made through the API (and by the demo's guests), append
 * only. Who (account, the name and e-mail they had, session, address), which store, what
 * (resource, record, action, the rows it changed with their fields before and after), when and
 * why. Each store's rows, and the platform's, form a hash chain: every row carries the hash of
 * the one before it, so that a row edited, removed or slipped in is found by `npm run
 * audit:verify`. The rows name accounts and stores without foreign keys: the trail outlives them.
 * Migration 0016 writes it: `audit_append()`, the change capture and the guard against changes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `store:<id>` or `platform`: whose chain the row is in. */
    chain: text('chain').notNull(),
    /** Its place in the chain, from 1. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    store_id: integer('store_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    account_id: integer('account_id'),
    /** Who, as they were then: 'Nome <e-mail>'; the demo's guests are 'Cliente (app)'. */
    actor: text('actor'),
    session_id: uuid('session_id'),
    address: text('address'),
    /** The definition's name (`commands`, `products`…), or the area (`auth`, `account`, `uploads`). */
    resource: text('resource').notNull(),
    record_id: text('record_id'),
    /** `create`, `update`, `delete`, or the domain's word (`settle`, `move`, `sign-in`…). */
    action: text('action').notNull(),
    summary: text('summary'),
    reason: text('reason'),
    /** The rows the write changed: `[{ t, id, op, before, after }]` (secrets never). */
    changes: jsonb('changes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** `table:id` of every row changed, for a record's own history. */
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_events_chain_seq_key').on(t.chain, t.seq),
    // Histórico: a store's (or the platform's, store_id null) rows by time, by who, by what.
    index('audit_events_store_at_idx').on(t.store_id, t.at, t.id),
    index('audit_events_store_account_idx').on(t.store_id, t.account_id, t.at),
    index('audit_events_store_resource_idx').on(t.store_id, t.resource, t.at),
    index('audit_events_store_action_idx').on(t.store_id, t.action, t.at),
    index('audit_events_at_idx').on(t.at, t.id),
    // A record's own history: the rows that name it.
    index('audit_events_subjects_idx').using('gin', t.subjects),
  ],
);

/** The last row of each chain: appending locks it, so a chain grows one row at a time. */
export const auditChains = pgTable('audit_chains', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
