/**
 * Print jobs (table `print_jobs`, migration 0028): made in the transaction of what they print
 * (items sent to a station, a pre-bill asked for), then printed once.
 *
 * - A job with a network printer is claimed by whichever instance's sender finds it due (`FOR
 *   UPDATE SKIP LOCKED`, under a lease), sent as ESC/POS (./sender.ts), and marked printed.
 * - A printer that does not answer (nothing was sent) is tried again twice, then the station's
 *   fallback printer; with none left the job fails, and the items stay on the board.
 * - A job without a printer waits for a printer-side agent (or a second tablet) to claim it and
 *   acknowledge it (`/api/print-jobs`).
 * - Printed once: a job whose bytes may have left (the connection broke mid-send, or the lease ran
 *   out with the sender or agent gone) is failed, never sent again on its own; 'Reimprimir' makes
 *   a new job, recorded in the audit trail.
 */
import { sql } from 'drizzle-orm';
import {
  kitchenTicketDocument,
  preBillDocument,
  type PrintDocument,
} from '../../contract/resources/printing/documents';
import type { Order } from '../../contract/resources/tabs/definition';
import { PRINT_JOB_MESSAGES } from '../../contract/resources/printing/definition';
import { PRINTER_PORT } from '../../contract/resources/kitchens/definition';
import { rows, type Db, type Tx } from '../db/client';
import type { ItemComplement } from '../db/schema/service';

/** How long a claim holds a job: a sender's send, an agent's print. */
export const SEND_LEASE_S = 30;
export const AGENT_LEASE_S = 120;
/** Tries of one printer before its fallback: the first and two more, 1 s and 3 s later. */
export const MAX_ATTEMPTS = 3;
const RETRY_DELAYS_S = [1, 3];

/** 'host' or 'host:port' as the sender connects to it. */
export function printerTarget(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return colon < 0
    ? { host: address, port: PRINTER_PORT }
    : { host: address.slice(0, colon), port: Number(address.slice(colon + 1)) };
}

/** A job as a sender or an agent takes it. */
export interface ClaimedJob {
  id: number;
  store_id: number;
  kind: string;
  document: PrintDocument;
  paper_width: 58 | 80;
  printer: string | null;
  fallback: string | null;
  attempts: number;
  lease: string;
}

/**
 * Queues the kitchen tickets of items just sent to the kitchen (`itemIds`, PLACED in `tx`): one
 * per station that prints its orders (`auto_print`) and guest, to its printer (or, with none, for
 * an agent). Items of stations that do not print are the board's alone.
 */
export async function queueKitchenTickets(tx: Tx, itemIds: readonly number[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const items = rows<{
    id: number;
    store_id: number;
    order_id: number;
    ticket_id: number;
    kitchen_id: number;
    product_id: number | null;
    name: string;
    product_price: number;
    quantity: number;
    complements: ItemComplement[];
    observations: string | null;
    station: string;
    printer: string | null;
    printer_fallback: string | null;
    paper_width: 58 | 80;
    table_number: number | null;
    guest: string | null;
    sent_at: string;
  }>(
    await tx.execute(sql`
      select i.id, i.store_id, i.order_id, i.ticket_id, i.kitchen_id, i.product_id, i.name, i.product_price,
             i.quantity, i.complements, i.observations, k.name as station, k.printer, k.printer_fallback,
             k.paper_width, t.number as table_number, coalesce(c.fullname, tk.guest_name) as guest,
             now()::text as sent_at
        from order_items i
        join kitchens k on k.id = i.kitchen_id and k.store_id = i.store_id and k.auto_print
        join orders o on o.id = i.order_id
        left join tables t on t.id = o.table_id
        join tickets tk on tk.id = i.ticket_id
        left join customers c on c.id = tk.customer_id
       where i.id = any(${`{${itemIds.join(',')}}`}::int[]) and i.status = 'PLACED'
       order by i.id`),
  );
  const batches = new Map<string, typeof items>();
  for (const item of items) {
    const key = `${item.kitchen_id}/${item.ticket_id}`;
    batches.set(key, [...(batches.get(key) ?? []), item]);
  }
  for (const batch of batches.values()) {
    const first = batch[0]!;
    const document = kitchenTicketDocument({
      station: first.station,
      orderId: first.order_id,
      tableNumber: first.table_number,
      guest: first.guest,
      sentAt: new Date(first.sent_at),
      items: batch.map((item) => ({ ...item, status: 'PLACED' as const })),
    });
    await tx.execute(sql`
      insert into print_jobs (store_id, kind, kitchen_id, order_id, document, paper_width, printer, fallback)
      values (${first.store_id}, 'KITCHEN', ${first.kitchen_id}, ${first.order_id}, ${JSON.stringify(document)}::jsonb,
              ${first.paper_width}, ${first.printer}, ${first.printer_fallback})`);
  }
  return batches.size;
}

const CLAIMED = sql`id, store_id, kind, document, paper_width, printer, fallback, attempts, lease::text`;

/** The oldest network job due, claimed for one send under a fresh lease; null when none is due. */
export async function claimDue(db: Db): Promise<ClaimedJob | null> {
  const [job] = rows<ClaimedJob>(
    await db.execute(sql`
      update print_jobs set status = 'SENDING', lease = gen_random_uuid(),
             lease_until = now() + make_interval(secs => ${SEND_LEASE_S}), attempts = attempts + 1, updated_at = now()
       where id = (select id from print_jobs
                    where status = 'PENDING' and printer is not null and next_try_at <= now()
                    order by next_try_at, id limit 1 for update skip locked)
      returning ${CLAIMED}`),
  );
  return job ?? null;
}

/** A sent job, printed: its lease ends, and it is never sent again. */
export async function markPrinted(
  db: Db | Tx,
  job: { id: number; lease: string },
  on: string,
): Promise<boolean> {
  const done = rows<{ id: number }>(
    await db.execute(sql`
      update print_jobs set status = 'PRINTED', printed_at = now(), printed_on = ${on}, lease = null,
             lease_until = null, error = null, updated_at = now()
       where id = ${job.id} and status = 'SENDING' and lease = ${job.lease}::uuid
      returning id`),
  );
  return done.length === 1;
}

/**
 * A printer that did not answer (nothing was sent): tried again soon, then the fallback printer,
 * then failed. Answers what became of the job.
 */
export async function markUnreachable(db: Db, job: ClaimedJob): Promise<'retry' | 'fallback' | 'failed'> {
  const printer = job.printer!;
  const outcome =
    job.attempts < MAX_ATTEMPTS ? 'retry' : job.fallback && job.fallback !== printer ? 'fallback' : 'failed';
  const common = sql`lease = null, lease_until = null, updated_at = now()`;
  const set =
    outcome === 'retry'
      ? sql`status = 'PENDING', next_try_at = now() + make_interval(secs => ${RETRY_DELAYS_S[job.attempts - 1] ?? 3}),
            error = ${PRINT_JOB_MESSAGES.unreachable(printer)}, ${common}`
      : outcome === 'fallback'
        ? sql`status = 'PENDING', next_try_at = now(), printer = fallback, fallback = null, attempts = 0,
              error = ${PRINT_JOB_MESSAGES.toFallback(printer)}, ${common}`
        : sql`status = 'FAILED', error = ${PRINT_JOB_MESSAGES.unreachable(printer)}, ${common}`;
  await db.execute(
    sql`update print_jobs set ${set} where id = ${job.id} and status = 'SENDING' and lease = ${job.lease}::uuid`,
  );
  return outcome;
}

/** A send broken after its bytes began to leave: failed, for a person to check and reprint. */
export async function markInterrupted(db: Db, job: { id: number; lease: string }): Promise<void> {
  await db.execute(sql`
    update print_jobs set status = 'FAILED', error = ${PRINT_JOB_MESSAGES.interrupted}, lease = null,
           lease_until = null, updated_at = now()
     where id = ${job.id} and status = 'SENDING' and lease = ${job.lease}::uuid`);
}

/**
 * Jobs whose claim ran out (a sender's instance stopped mid-send, an agent that never answered):
 * they may have printed, so they fail for a person to check, and are never sent again on their own.
 */
export async function failLapsed(db: Db): Promise<number> {
  return rows(
    await db.execute(sql`
      update print_jobs set status = 'FAILED', error = ${PRINT_JOB_MESSAGES.lapsed}, lease = null,
             lease_until = null, updated_at = now()
       where status = 'SENDING' and lease_until < now()
      returning id`),
  ).length;
}

/**
 * Queues a document of the tab `orderId` (a pre-bill, a receipt) on the printer of `kitchenId`, a
 * station of the store (or, with no printer, for its agent): `document` is made with the store's
 * name. Null when the store has no such station.
 */
export async function queueOnStation(
  db: Db,
  job: {
    storeId: number;
    orderId: number;
    kitchenId: number;
    kind: 'PREBILL' | 'RECEIPT';
    accountId: number | null;
  },
  document: (storeName: string) => PrintDocument,
): Promise<{ id: number; station: string } | null> {
  const [station] = rows<{
    name: string;
    printer: string | null;
    printer_fallback: string | null;
    paper_width: 58 | 80;
    store: string;
  }>(
    await db.execute(sql`
      select k.name, k.printer, k.printer_fallback, k.paper_width, s.name as store
        from kitchens k join stores s on s.id = k.store_id
       where k.id = ${job.kitchenId} and k.store_id = ${job.storeId}`),
  );
  if (!station) return null;
  const [queued] = rows<{ id: number }>(
    await db.execute(sql`
      insert into print_jobs (store_id, kind, kitchen_id, order_id, document, paper_width, printer, fallback, created_by)
      values (${job.storeId}, ${job.kind}, ${job.kitchenId}, ${job.orderId},
              ${JSON.stringify(document(station.store))}::jsonb, ${station.paper_width}, ${station.printer},
              ${station.printer_fallback}, ${job.accountId})
      returning id`),
  );
  return { id: queued!.id, station: station.name };
}

/**
 * Queues the pre-bill of `order` ("conferência de conta", its balance in `shares` equal parts, and
 * its split bill's shares) on the printer of `kitchenId` (`queueOnStation`).
 */
export function queuePreBill(
  db: Db,
  // The tab as readOrder answers it (its instants as dates, which the pre-bill does not read).
  order: Pick<Order, 'id' | 'store_id'>,
  kitchenId: number,
  shares: number,
  accountId: number | null,
  /** The tab's split bill, listed on the pre-bill. */
  split: Parameters<typeof preBillDocument>[4] = [],
): Promise<{ id: number; station: string } | null> {
  return queueOnStation(
    db,
    { storeId: order.store_id, orderId: order.id, kitchenId, kind: 'PREBILL', accountId },
    (store) => preBillDocument(order as unknown as Order, store, shares, new Date(), split),
  );
}
