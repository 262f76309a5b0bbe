/**
 * What a store's statement adds up to — or the platform's, every store's summed — read from the
 * statement's rollups (migration 0017: statement_days, statement_months, statement_totals), never
 * from its lines: the balance's five cards and the statement's total. A store reads a handful of
 * its own rows; the platform the same rows of every store, so that its cost follows the number of
 * stores and the months of the period, never the number of lines, and no platform-wide row exists
 * for every payment to update.
 */
import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { statementDays, statementMonths, statementTotals } from '../db/schema';

/** São Paulo days (yyyy-MM-dd), both included; either may be open. */
export interface Period {
  start?: string;
  end?: string;
}

/** A store's rows, or every store's for the platform (null). */
const ofStore = (column: AnyPgColumn, storeId: number | null) =>
  storeId === null ? undefined : eq(column, storeId);

/** The sum of a column of cents, 0 over no rows (as text: PostgreSQL sums bigints as numeric). */
const sumOf = (expression: SQLWrapper) => sql<string>`coalesce(sum(${expression}), 0)::text`;

/** The first day of the month of `day`, or of the month `later` months after it. */
function monthStart(day: string, later = 0): string {
  const months = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + later;
  const year = String(Math.floor(months / 12)).padStart(4, '0');
  return `${year}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/** The day `days` days after `day` (before, if negative). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A period as the rollups read it: the whole months inside it (`from` ≤ month < `until`; either
 * open where the period is) and the days at its ends, outside those months (at most 30 at each).
 * A period within one month, or across two without a whole one, is its days.
 */
export function periodParts({ start, end }: Period): {
  months?: { from?: string; until?: string };
  days: { from?: string; to?: string }[];
} {
  const from = start && (start.endsWith('-01') ? start : monthStart(start, 1));
  const until = end && monthStart(addDays(end, 1));
  if (from && until && from >= until) return { days: [{ from: start, to: end }] };
  const days: { from?: string; to?: string }[] = [];
  if (start && start !== from) days.push({ from: start, to: addDays(from!, -1) });
  if (end && until !== addDays(end, 1)) days.push({ from: until, to: end });
  return { months: { from, until }, days };
}

type Figures = Record<'entries' | 'received' | 'canceled' | 'taxes', SQLWrapper>;

const sums = (rows: Figures) => ({
  entries: sumOf(rows.entries).as('entries'),
  received: sumOf(rows.received).as('received'),
  canceled: sumOf(rows.canceled).as('canceled'),
  taxes: sumOf(rows.taxes).as('taxes'),
});

/**
 * The rollup rows of a period's lines, by month: its whole months' rows, and its days at the ends
 * (at most 61 rows per store, and one per month between them).
 */
function periodRows(db: Db, storeId: number | null, period: Period) {
  const { months, days } = periodParts(period);
  const ofMonths =
    months &&
    db
      .select({
        month: sql<string>`${statementMonths.month}`.as('month'),
        entries: statementMonths.entries,
        received: statementMonths.received,
        canceled: statementMonths.canceled,
        taxes: statementMonths.taxes,
      })
      .from(statementMonths)
      .where(
        and(
          ofStore(statementMonths.store_id, storeId),
          months.from ? gte(statementMonths.month, months.from) : undefined,
          months.until ? lt(statementMonths.month, months.until) : undefined,
        ),
      );
  const inDays = days.map(({ from, to }) =>
    and(from ? gte(statementDays.day, from) : undefined, to ? lte(statementDays.day, to) : undefined),
  );
  const ofDays =
    days.length > 0
      ? db
          .select({
            month: sql<string>`date_trunc('month', ${statementDays.day})::date`.as('month'),
            entries: statementDays.entries,
            received: statementDays.received,
            canceled: statementDays.canceled,
            taxes: statementDays.taxes,
          })
          .from(statementDays)
          .where(and(ofStore(statementDays.store_id, storeId), or(...inDays)))
      : undefined;
  return (ofMonths && ofDays ? unionAll(ofMonths, ofDays) : (ofMonths ?? ofDays)!).as('rows');
}

/**
 * The lines of a period, or of the whole statement: how many, and each kind's signed sum. Per
 * store, the whole statement is one row; a period its whole months and the days at its ends.
 */
export function statementSums(db: Db, storeId: number | null, period: Period) {
  if (!period.start && !period.end) {
    return db
      .select(sums(statementTotals))
      .from(statementTotals)
      .where(ofStore(statementTotals.store_id, storeId));
  }
  const rows = periodRows(db, storeId, period);
  return db.select(sums(rows)).from(rows);
}

/** The number of lines of a period, or of the whole statement: the statement's total. */
export async function statementCount(db: Db, storeId: number | null, period: Period): Promise<number> {
  const [row] = await statementSums(db, storeId, period);
  return Number(row?.entries ?? 0);
}

/**
 * The five cards. Available and to receive are today's balance whatever the period (the money
 * that can be withdrawn now, and what is still held); received, canceled and taxes are the
 * period's (by when the movement happened), or the whole statement's without one. So the table
 * without dates adds up: Σ amounts = available + to receive, and each kind's sum is its card.
 * Available is the whole statement but what becomes available after today: the store's totals
 * and its days to come (at most the 31 days a payment is held).
 */
export async function statementBalance(db: Db, storeId: number | null, period: Period) {
  const inPeriod = db.$with('in_period').as(statementSums(db, storeId, period));
  const total = statementTotals;
  const whole = db.$with('whole').as(
    db
      .select({
        amount: sumOf(sql`${total.received} + ${total.canceled} + ${total.taxes} + ${total.deposits}`).as(
          'amount',
        ),
      })
      .from(total)
      .where(ofStore(total.store_id, storeId)),
  );
  const later = db.$with('later').as(
    db
      .select({
        available: sumOf(statementDays.available).as('available'),
        receivable: sumOf(statementDays.receivable).as('receivable'),
      })
      .from(statementDays)
      .where(and(ofStore(statementDays.store_id, storeId), gt(statementDays.day, sql`rollup_day(now())`))),
  );
  const [row] = await db
    .with(inPeriod, whole, later)
    .select({
      received: inPeriod.received,
      canceled: inPeriod.canceled,
      taxes: inPeriod.taxes,
      whole: whole.amount,
      later: later.available,
      preview: later.receivable,
    })
    .from(inPeriod)
    .crossJoin(whole)
    .crossJoin(later);
  const cents = (text: string | undefined) => Number(text ?? 0);
  return {
    amount_received: cents(row?.received),
    amount_available: cents(row?.whole) - cents(row?.later),
    amount_preview: cents(row?.preview),
    amount_canceled: Math.abs(cents(row?.canceled)),
    amount_taxes: Math.abs(cents(row?.taxes)),
  };
}

/** The first of `counts` (lines by month or day, in the pages' order) where line `offset` lies. */
function landing(counts: { key: string; entries: string }[], offset: number) {
  let before = 0;
  for (const { key, entries } of counts) {
    if (before + Number(entries) > offset) return { key, before };
    before += Number(entries);
  }
  return undefined;
}

/**
 * Where line `offset` of the statement's pages lies (newest first, or oldest first): its São
 * Paulo day, and how many lines of the period the pages show before that day. A deep page can then
 * be read from that day on, walking at most one day's lines (every store's, for the platform)
 * rather than `offset` of them: the months are counted first, then the days of the one it lies
 * in. Undefined past the last line.
 */
export async function statementSeek(
  db: Db,
  storeId: number | null,
  period: Period,
  offset: number,
  newestFirst: boolean,
): Promise<{ day: string; before: number } | undefined> {
  const order = newestFirst ? desc : asc;
  const rows = periodRows(db, storeId, period);
  const month = landing(
    await db
      .select({ key: rows.month, entries: sumOf(rows.entries) })
      .from(rows)
      .groupBy(rows.month)
      .orderBy(order(rows.month)),
    offset,
  );
  if (!month) return undefined;
  // The month's days within the period.
  const monthEnd = addDays(monthStart(month.key, 1), -1);
  const first = period.start && period.start > month.key ? period.start : month.key;
  const last = period.end && period.end < monthEnd ? period.end : monthEnd;
  const day = landing(
    await db
      .select({ key: statementDays.day, entries: sumOf(statementDays.entries) })
      .from(statementDays)
      .where(
        and(
          ofStore(statementDays.store_id, storeId),
          gte(statementDays.day, first),
          lte(statementDays.day, last),
        ),
      )
      .groupBy(statementDays.day)
      .orderBy(order(statementDays.day)),
    offset - month.before,
  );
  return day && { day: day.key, before: month.before + day.before };
}
