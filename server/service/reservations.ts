/**
 * What is done to reservations (restaurant spec 4, and the no-show and the table beyond it): made
 * within the store's reservation hours with a code of their own, confirmed, cancelled, marked as a
 * no-show, given a table. The rules themselves are contract/resources/reservations/rules.ts, which the
 * screens follow too; here they are held against the locked row, so two tablets acting on one
 * reservation at once are served one after the other.
 */
import crypto from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RESERVATION_MESSAGES as M,
  type reservationCreateInput,
  type reservationUpdateInput,
} from '../../contract/resources/reservations/definition';
import {
  reservationTimeProblem,
  saoPauloClock,
  statusChange,
} from '../../contract/resources/reservations/rules';
import type { Tx } from '../db/client';
import { reservations, stores, tables } from '../db/schema';
import { badRequest, conflict, notFound } from '../http-errors';
import { inScope } from '../resources/scope';
import type { StoreScope } from './tabs';

/** Codes are read aloud and typed: no 0/O, 1/I. The demo's codes use the same letters. */
export const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

/** Two confirmed reservations closer than this may not hold the same table. */
export const TABLE_HOLD_MINUTES = 120;

export function reservationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_LETTERS[crypto.randomInt(CODE_LETTERS.length)];
  return code;
}

/**
 * A new reservation of `storeId`, waiting for the store (CREATED), with a code no other
 * reservation has. Refused with the reason when the store takes no reservations or the time is
 * outside its reservation hours (São Paulo time), already past, or more than a year away.
 */
export async function createReservation(
  tx: Tx,
  storeId: number,
  input: z.output<typeof reservationCreateInput>,
  now = new Date(),
): Promise<number> {
  const [store] = await tx
    .select({ reservations: stores.reservations, reservation_hours: stores.reservation_hours })
    .from(stores)
    .where(eq(stores.id, storeId));
  const date = new Date(input.date);
  const problem = store ? reservationTimeProblem(store, date, now) : M.disabled;
  if (problem) throw badRequest(problem);
  // 32⁶ codes: a collision is rare, and answered with another code.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await tx
      .insert(reservations)
      .values({
        store_id: storeId,
        code: reservationCode(),
        fullname: input.fullname,
        phone: input.phone,
        n_persons: input.n_persons,
        date,
        observations: input.observations ?? null,
      })
      .onConflictDoNothing({ target: reservations.code })
      .returning({ id: reservations.id });
    if (created) return created.id;
  }
  throw new Error('Nenhum código de reserva livre em 5 tentativas.');
}

/**
 * Changes a reservation's status and/or its table, and says (`info`) when the status asked for is
 * the one it already has — which changes nothing. Refusals are 409 with the spec's words; another
 * store's reservation (or table) is a 404.
 */
export async function changeReservation(
  tx: Tx,
  store: StoreScope,
  id: number,
  change: z.output<typeof reservationUpdateInput>,
  now = new Date(),
): Promise<{ info?: string }> {
  const [current] = await tx
    .select({
      id: reservations.id,
      store_id: reservations.store_id,
      status: reservations.status,
      date: reservations.date,
      table_id: reservations.table_id,
    })
    .from(reservations)
    .where(and(eq(reservations.id, id), inScope(reservations.store_id, store)))
    .for('update');
  if (!current) throw notFound(M.notFound);

  let status = current.status;
  let tableId = current.table_id;
  let info: string | undefined;
  if (change.status) {
    const outcome = statusChange(current.status, change.status, current.date, now);
    if (outcome.kind === 'refused') throw conflict(outcome.message);
    if (outcome.kind === 'same') info = outcome.info;
    else status = change.status;
    // A party that did not come frees the table kept for it.
    if (status === 'NO_SHOW') tableId = null;
  }
  if (change.table_id === null) tableId = null;
  else if (change.table_id !== undefined && change.table_id !== current.table_id) {
    if (status !== 'CONFIRMED') throw conflict(M.tableNeedsConfirmed);
    tableId = await holdTable(tx, current, change.table_id);
  }

  if (status !== current.status || tableId !== current.table_id) {
    await tx
      .update(reservations)
      .set({ status, table_id: tableId, updated_at: sql`now()` })
      .where(eq(reservations.id, current.id));
  }
  return info === undefined ? {} : { info };
}

/**
 * The table `tableId` of the reservation's store, for it: locked, so two reservations cannot take
 * it at once, and refused while another confirmed reservation holds it within two hours.
 */
async function holdTable(
  tx: Tx,
  reservation: { id: number; store_id: number; date: Date },
  tableId: number,
): Promise<number> {
  const [table] = await tx
    .select({ id: tables.id, number: tables.number })
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.store_id, reservation.store_id)))
    .for('update');
  if (!table) throw notFound(M.tableNotFound);
  const [taken] = await tx
    .select({ fullname: reservations.fullname, date: reservations.date })
    .from(reservations)
    .where(
      and(
        eq(reservations.table_id, table.id),
        eq(reservations.status, 'CONFIRMED'),
        ne(reservations.id, reservation.id),
        sql`abs(extract(epoch from ${reservations.date} - ${reservation.date.toISOString()}::timestamptz)) < ${TABLE_HOLD_MINUTES * 60}`,
      ),
    )
    .orderBy(asc(reservations.date))
    .limit(1);
  if (taken) {
    const at = saoPauloClock(taken.date);
    throw conflict(`A mesa ${table.number} já está reservada para ${taken.fullname} às ${at.time}.`);
  }
  return table.id;
}
