import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attemptCounters } from '../db/schema';

/**
 * Counts one attempt on each key, in one statement, and returns each key's count in its current
 * window (this attempt included). A window of `minutes` starts at a key's first attempt; once it
 * is over, the next attempt starts a new one. Counting before acting is what keeps attempts sent
 * in parallel from all reading the same count.
 */
export async function countAttempt(
  db: Db,
  keys: readonly string[],
  minutes: number,
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const expired = sql`${attemptCounters.window_started_at} <= now() - make_interval(mins => ${minutes})`;
  const rows = await db
    .insert(attemptCounters)
    .values(keys.map((key) => ({ key, count: 1 })))
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
        window_started_at: sql`case when ${expired} then now() else ${attemptCounters.window_started_at} end`,
      },
    })
    .returning({ key: attemptCounters.key, count: attemptCounters.count });
  return new Map(rows.map((row) => [row.key, row.count]));
}

/** Takes back one counted attempt of each key (one that turned out legitimate). */
export async function uncount(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(attemptCounters)
    .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
    .where(inArray(attemptCounters.key, [...keys]));
}

/** Forgets the keys' attempts altogether. */
export async function forgetAttempts(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(attemptCounters).where(inArray(attemptCounters.key, [...keys]));
}

/** Counters whose window ended long ago: removed by the housekeeping job. */
export async function removeStaleCounters(db: Db, olderThanMinutes: number): Promise<void> {
  await db
    .delete(attemptCounters)
    .where(sql`${attemptCounters.window_started_at} < now() - make_interval(mins => ${olderThanMinutes})`);
}
