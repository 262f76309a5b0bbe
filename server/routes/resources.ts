import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pgErrorCode } from '../db/client';
import { idParams } from './params';
import { badRequest, conflict, notFound } from '../http-errors';
import { storeCondition, writableStoreId } from '../plugins/access';
import type { CrudResource } from '../resources/crud';

// Only a plain positive integer that fits the integer column: no '1e3', '0x10', ' 7' or '+7'.

/** Registers list, one, create, update and delete for each resource, as its definition says. */
const resourceRoutes: FastifyPluginAsync<{ resources: readonly CrudResource[] }> = async (
  base,
  { resources },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const resource of resources) {
    const { definition, table } = resource;
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const column = (name: string): AnyPgColumn => {
      const found = columns[name];
      if (!found) throw new Error(`${definition.name}: a tabela não tem a coluna ${name}`);
      return found;
    };
    const idColumn = column('id');
    // The route pattern of one record, as recordPath spells its URLs (recordPath would encode
    // the ':' of the parameter, registering a literal path that no request matches).
    const recordRoute = `${definition.endpoint}/id/:id`;
    const visible = Object.fromEntries(
      Object.entries(columns).filter(([name]) => !resource.hidden?.includes(name)),
    );
    const storeColumn = definition.storeScoped ? column('store_id') : undefined;
    const sortable = ['id', ...Object.keys(definition.fields).filter((f) => definition.fields[f]?.sortable)];
    const filterable = Object.entries(definition.fields).filter(([, f]) => f.kind === 'select' && f.choices);
    const { access } = definition;

    const scope = (request: FastifyRequest): SQL =>
      storeColumn ? storeCondition(request, storeColumn) : sql`true`;
    const byId = (request: FastifyRequest, id: number) => and(eq(idColumn, id), scope(request));

    const prepare = (values: Record<string, unknown>) =>
      resource.beforeWrite ? resource.beforeWrite(values) : values;
    /** Adds the resource's counts of related rows to the records: one grouped query per count. */
    const withCounts = async <R extends Record<string, unknown>>(records: R[]): Promise<R[]> => {
      const counts = Object.entries(resource.counts ?? {});
      if (counts.length === 0 || records.length === 0) return records;
      const ids = records.map((record) => record.id as number);
      const totals = await Promise.all(
        counts.map(async ([field, foreign]) => {
          const rows = await app.db
            .select({ id: foreign, n: sql<number>`count(*)`.mapWith(Number) })
            .from(foreign.table)
            .where(inArray(foreign, ids))
            .groupBy(foreign);
          return [field, new Map(rows.map((row) => [row.id as number, row.n]))] as const;
        }),
      );
      return records.map((record) => ({
        ...record,
        ...Object.fromEntries(totals.map(([field, byId]) => [field, byId.get(record.id as number) ?? 0])),
      }));
    };
    const withCount = async <R extends Record<string, unknown>>(record: R): Promise<R> =>
      (await withCounts([record]))[0]!;

    const translateWriteError = (error: unknown): never => {
      if (pgErrorCode(error) === '23505')
        throw conflict(definition.messages.duplicate ?? 'Já existe um registro com esses dados.');
      throw error;
    };

    if (access.list) {
      const query = z.strictObject({
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
          .default(definition.list.perPage),
        sort_field: z
          .enum(sortable as [string, ...string[]], { error: 'Campo de ordenação inválido.' })
          .default(definition.list.sort.field),
        sort_order: z
          .string()
          .transform((v) => v.toUpperCase())
          .pipe(z.enum(['ASC', 'DESC'], { error: 'Ordem inválida: use ASC ou DESC.' }))
          .default(definition.list.sort.order),
        search: z.string().trim().max(200, 'Busca muito longa.').optional(),
        ...(storeColumn ? { store_id: z.coerce.number().int().positive().optional() } : {}),
        ...Object.fromEntries(
          filterable.map(([name, field]) => [
            name,
            z.enum(field.choices!.map((c) => c.id) as [string, ...string[]]).optional(),
          ]),
        ),
      });
      app.get(
        definition.endpoint,
        { config: { access: access.list }, schema: { querystring: query } },
        async (request) => {
          const params = request.query as Record<string, unknown> & {
            page: number;
            page_size: number;
            sort_field: string;
            sort_order: 'ASC' | 'DESC';
            search?: string;
          };
          const conditions: SQL[] = [scope(request)];
          if (storeColumn && params.store_id !== undefined && request.caller?.role === 'ADMIN') {
            conditions.push(eq(storeColumn, params.store_id as number));
          }
          for (const [name] of filterable) {
            if (params[name] !== undefined) conditions.push(eq(column(name), params[name]));
          }
          if (params.search && definition.list.search?.length) {
            const term = `%${params.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            conditions.push(
              or(
                ...definition.list.search.map(
                  (f) => sql`immutable_unaccent(lower(${column(f)})) like immutable_unaccent(lower(${term}))`,
                ),
              )!,
            );
          }
          const where = and(...conditions);
          const order = params.sort_order === 'ASC' ? asc : desc;
          const [results, [count]] = await Promise.all([
            app.db
              .select(visible)
              .from(table as PgTable)
              .where(where)
              .orderBy(order(column(params.sort_field)), order(idColumn))
              .limit(params.page_size)
              .offset((params.page - 1) * params.page_size),
            app.db
              .select({ total: sql<number>`count(*)`.mapWith(Number) })
              .from(table as PgTable)
              .where(where),
          ]);
          return { data: { results: await withCounts(results), total: count?.total ?? 0 } };
        },
      );
    }

    if (access.one) {
      app.get(
        recordRoute,
        { config: { access: access.one }, schema: { params: idParams } },
        async (request) => {
          const [record] = await app.db
            .select(visible)
            .from(table as PgTable)
            .where(byId(request, request.params.id));
          if (!record) throw notFound();
          return { data: await withCount(record) };
        },
      );
    }

    if (access.create) {
      app.post(
        definition.endpoint,
        { config: { access: access.create }, schema: { body: definition.input } },
        async (request, reply) => {
          const values: Record<string, unknown> = { ...(request.body as Record<string, unknown>) };
          if (storeColumn) {
            const storeId = writableStoreId(request, values.store_id);
            if (storeId === null) throw badRequest('Informe o restaurante (store_id).');
            values.store_id = storeId;
          }
          const [record] = await app.db
            .insert(table)
            .values(prepare(values))
            .returning(visible)
            .catch(translateWriteError);
          void reply.status(201);
          return { data: await withCount(record!) };
        },
      );
    }

    if (access.update) {
      // An update takes the definition's own update body when it has one (a toggle-only PATCH).
      const body = (definition.updateInput ?? definition.input.partial()).refine(
        (v) => Object.keys(v).length > 0,
        'Informe ao menos um campo para alterar.',
      );
      app.patch(
        recordRoute,
        { config: { access: access.update }, schema: { params: idParams, body } },
        async (request) => {
          const values = prepare({ ...(request.body as Record<string, unknown>) });
          delete values.store_id; // a record never moves to another store
          if ('updated_at' in columns) values.updated_at = sql`now()`;
          const [record] = await app.db
            .update(table)
            .set(values)
            .where(byId(request, request.params.id))
            .returning(visible)
            .catch(translateWriteError);
          if (!record) throw notFound();
          return { data: await withCount(record) };
        },
      );
    }

    if (access.delete) {
      app.delete(
        recordRoute,
        { config: { access: access.delete }, schema: { params: idParams } },
        async (request) => {
          const [record] = await app.db
            .delete(table)
            .where(byId(request, request.params.id))
            .returning({ id: idColumn })
            .catch((error: unknown) => {
              if (pgErrorCode(error) === '23503') {
                throw conflict('Este registro está em uso e não pode ser excluído.');
              }
              throw error;
            });
          if (!record) throw notFound();
          return { data: record };
        },
      );
    }
  }
};

export default resourceRoutes;
