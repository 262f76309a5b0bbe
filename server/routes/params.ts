import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** `/id/:id` parameters: plain positive int4, nothing else (no 1e3, 0x10 or +7). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Identificador inválido.')
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, 'Identificador inválido.')),
});

/** `{ ids }` of a reorder: the records in their new order, each once. */
export const reorderBody = z.strictObject({
  ids: z
    .array(z.coerce.number().int().positive('Identificador inválido.'), { error: 'Informe a lista de ids.' })
    .min(1, 'Informe a lista de ids.')
    .max(5000, 'Lista de ids grande demais.')
    .refine((ids) => new Set(ids).size === ids.length, 'A lista de ids tem repetições.'),
});

/** Page parameters shared by the lists. */
export const paging = (defaultSize: number) => ({
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .default(1),
  page_size: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int('Tamanho de página inválido.')
    .min(1, 'Tamanho de página inválido.')
    .max(1000, 'No máximo 1000 registros por página.')
    .default(defaultSize),
});

export const sortOrder = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'Ordem inválida: use ASC ou DESC.' }))
  .default('ASC');

/**
 * Accent- and case-insensitive "contains" over columns (or expressions), matching the
 * immutable_unaccent(lower(…)) expression indexes; the term's wildcards are taken literally.
 */
export function containsTerm(term: string, ...targets: (AnyPgColumn | SQL)[]): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = targets.map(
    (target) => sql`immutable_unaccent(lower(${target})) like immutable_unaccent(lower(${pattern}))`,
  );
  return sql.join(conditions, sql` or `);
}
