import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../contract/define';
import type { Constraints } from './write-errors';

/** What the server adds to a definition to serve it: its table and any derived columns. */
export interface CrudResource {
  definition: ResourceDefinition;
  table: PgTable;
  /** Fills derived columns before an insert or update. */
  beforeWrite?: (values: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Numbers of related rows answered with each record, by field name: the column of the other
   * table that holds this table's id (e.g. `n_products: products.kitchen_id`). Counted with one
   * grouped query per answer (a list page, a record), never one per row; that column needs an index.
   */
  counts?: Readonly<Record<string, AnyPgColumn>>;
  /** The answers to the table's constraints, beyond the definition's `duplicate`. */
  constraints?: Constraints;
}

export function crud(
  definition: ResourceDefinition,
  table: PgTable,
  extra: Omit<CrudResource, 'definition' | 'table'> = {},
): CrudResource {
  return { definition, table, ...extra };
}

/** Lower-case, accent-free, single-spaced: two spellings of one city are one city. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name that must be unique however it is spelled: its key is written beside it. */
export const nameKeyed = {
  beforeWrite: (values: Record<string, unknown>) =>
    typeof values.name === 'string' ? { ...values, name_key: nameKey(values.name) } : values,
} as const;
