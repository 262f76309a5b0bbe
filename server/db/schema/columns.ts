import { sql, type SQL } from 'drizzle-orm';
import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `column in ('A', 'B')`: enumerations are text guarded by a CHECK, readable in SQL and JSON alike. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/** Money is integer cents and never negative. */
export function nonNegative(column: AnyPgColumn): SQL {
  return sql`${column} >= 0`;
}
