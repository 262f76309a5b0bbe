import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** A plain positive int4 in a path or query: no '1e3', '0x10', ' 7' or '+7'. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Identificador inválido.')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Identificador inválido.'));

/** `/id/:id` parameters. */
export const idParams = z.object({ id: idParam });

/** `{ ids }` of a reorder: the records in their new order, each once. */
export const reorderBody = z.strictObject({
  ids: z
    .array(z.coerce.number().int().positive('Identificador inválido.'), { error: 'Informe a lista de ids.' })
    .min(1, 'Informe a lista de ids.')
    .max(5000, 'Lista de ids grande demais.')
    .refine((ids) => new Set(ids).size === ids.length, 'A lista de ids tem repetições.'),
});

/** A store named in a query or body (`?store_id`): a positive int4. */
export const storeIdParam = z.coerce
  .number({ error: 'Restaurante inválido.' })
  .int('Restaurante inválido.')
  .positive('Restaurante inválido.')
  .max(2_147_483_647, 'Restaurante inválido.');

/** `true`/`false` in a query string. */
export const queryBoolean = z
  .enum(['true', 'false'], { error: 'Use true ou false.' })
  .transform((value) => value === 'true');

/** A search term: trimmed, at most 200 characters. */
export const searchTerm = z.string().trim().max(200, 'Busca muito longa.');

/**
 * Accent- and case-insensitive "contains" over columns (or expressions), matching the
 * immutable_unaccent(lower(…)) expression indexes; the term's wildcards are taken literally.
 */
export function containsTerm(term: string, ...targets: (AnyPgColumn | SQL)[]): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = targets.map(
    (target) => sql`immutable_unaccent(lower(${target})) like immutable_unaccent(lower(${pattern}))`,
  );
  return sql`(${sql.join(conditions, sql` or `)})`;
}
