import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PrintDocument } from '../../../contract/resources/printing/documents';
import { createdAt, id, oneOf, updatedAt } from './columns';
import { PRINT_JOB_KINDS, PRINT_JOB_STATUS } from './enums';
import { kitchens } from './menu';
import { accounts, stores } from './platform';
import { orders } from './service';

/**
 * What is to be printed, and whether it was (server/printing/jobs.ts). A job keeps its document
 * as it was made, so a reprint is the same paper; it goes to a network printer (`printer`, sent by
 * whichever instance claims it) or, with none, waits for a printer-side agent to claim and
 * acknowledge it (/api/print-jobs). Printed once: a job is claimed under a lease, acknowledged
 * once, and never sent again on its own after its bytes may have left (a reprint is a new job).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: id(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRINT_JOB_KINDS }).notNull(),
    /** The station of a kitchen ticket, or the station whose printer a pre-bill was sent to. */
    kitchen_id: integer('kitchen_id'),
    order_id: integer('order_id'),
    document: jsonb('document').$type<PrintDocument>().notNull(),
    paper_width: smallint('paper_width').$type<58 | 80>().notNull().default(80),
    /** The network printer the server sends it to, 'host:port'; null: an agent's to claim. */
    printer: text('printer'),
    /** The printer tried when `printer` does not answer. */
    fallback: text('fallback'),
    status: text('status', { enum: PRINT_JOB_STATUS }).notNull().default('PENDING'),
    /** Sends tried on the current printer (connections refused or timed out: nothing left). */
    attempts: smallint('attempts').notNull().default(0),
    /** When a waiting job may be tried (again). */
    next_try_at: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds a SENDING job, and until when: a sender's or an agent's claim. */
    lease: uuid('lease'),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    /** The printer (or agent) it came out of. */
    printed_on: text('printed_on'),
    printed_at: timestamp('printed_at', { withTimezone: true }),
    /** Why it failed, in the staff's words. */
    error: text('error'),
    /** The job this one prints again ('Reimprimir'). */
    reprint_of: integer('reprint_of'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The list, newest first, whole or by status, kind or station.
    index('print_jobs_store_idx').on(t.store_id, t.id),
    index('print_jobs_store_status_idx').on(t.store_id, t.status, t.id),
    index('print_jobs_store_kitchen_idx').on(t.store_id, t.kitchen_id, t.id),
    // The senders' pick: network jobs due, oldest first; and the SENDING ones whose lease ran out.
    index('print_jobs_due_idx')
      .on(t.next_try_at, t.id)
      .where(sql`status = 'PENDING' and printer is not null`),
    index('print_jobs_leased_idx')
      .on(t.lease_until)
      .where(sql`status = 'SENDING'`),
    // An agent's claim: its store's waiting jobs for agents, oldest first.
    index('print_jobs_agent_idx')
      .on(t.store_id, t.id)
      .where(sql`status = 'PENDING' and printer is null`),
    foreignKey({
      name: 'print_jobs_kitchen_fk',
      columns: [t.kitchen_id, t.store_id],
      foreignColumns: [kitchens.id, kitchens.store_id],
    }).onDelete('set null (kitchen_id)' as 'set null'),
    foreignKey({
      name: 'print_jobs_order_fk',
      columns: [t.order_id, t.store_id],
      foreignColumns: [orders.id, orders.store_id],
    }).onDelete('set null (order_id)' as 'set null'),
    foreignKey({
      name: 'print_jobs_reprint_fk',
      columns: [t.reprint_of],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    check('print_jobs_kind_check', oneOf(t.kind, PRINT_JOB_KINDS)),
    check('print_jobs_status_check', oneOf(t.status, PRINT_JOB_STATUS)),
    check('print_jobs_paper_width_check', sql`${t.paper_width} in (58, 80)`),
    check('print_jobs_attempts_check', sql`${t.attempts} >= 0`),
    check('print_jobs_printed_check', sql`(${t.status} = 'PRINTED') = (${t.printed_at} is not null)`),
    check(
      'print_jobs_lease_check',
      sql`(${t.status} = 'SENDING') = (${t.lease} is not null and ${t.lease_until} is not null)`,
    ),
  ],
);
