import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preparedRead } from '../db/rows';
import { notFound } from '../http-errors';
import type { CrudResource } from '../resources/crud';
import { registerList } from '../resources/list';
import { served } from '../resources/routes';
import { storeCondition, storeScope, targetStore } from '../resources/scope';
import { failsWith } from '../resources/write-errors';

type Row = Record<string, unknown>;

/**
 * The generic engine: list, one, create, update and delete for each resource, as its definition
 * grants them. A record carries the columns its record schema names, plus its counts.
 */
const resourceRoutes: FastifyPluginAsync<{ resources: readonly CrudResource[] }> = async (
  base,
  { resources },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  for (const resource of resources) {
    const { definition, table } = resource;
    const routes = served(definition);
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const column = (name: string): AnyPgColumn => {
      const found = columns[name];
      if (!found) throw new Error(`${definition.name}: a tabela não tem a coluna ${name}`);
      return found;
    };
    const idColumn = column('id');
    const counted = new Set(Object.keys(resource.counts ?? {}));
    // What a record carries: the record schema's fields that are columns (the others are counts).
    const visible = Object.fromEntries(
      Object.keys(definition.record.shape)
        .filter((name) => !counted.has(name))
        .map((name) => [name, column(name)]),
    );
    const storeColumn = definition.storeScoped ? column('store_id') : undefined;
    const { access } = definition;
    const messages = {
      ...definition.messages,
      notFound: definition.messages.notFound ?? 'Registro não encontrado.',
    };
    const rejected = failsWith(definition, resource.constraints);

    const byId = (request: FastifyRequest, id: number): SQL | undefined =>
      and(eq(idColumn, id), storeColumn ? storeCondition(request, storeColumn) : undefined);
    const prepare = (values: Row) => (resource.beforeWrite ? resource.beforeWrite(values) : values);

    /** Adds the resource's counts of related rows to the records: one grouped query per count. */
    const withCounts = async (records: Row[]): Promise<Row[]> => {
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
    const withCount = async (record: Row): Promise<Row> => (await withCounts([record]))[0]!;

    if (access.list) {
      registerList(app, definition, {
        table,
        columns: visible,
        store: storeColumn,
        decorate: resource.counts ? withCounts : undefined,
      });
    }

    if (access.one) {
      // A record's read, built once and prepared (two where the rows are a store's: staff's own
      // store, and an administrator's any): opening a record costs no query building.
      const recordRead = (inStore: boolean) =>
        preparedRead(
          app.database.db,
          visible,
          app.database.db
            .select(visible)
            .from(table as PgTable)
            .where(
              and(
                eq(idColumn, sql.placeholder('id')),
                inStore && storeColumn ? eq(storeColumn, sql.placeholder('store')) : undefined,
              ),
            ),
          app.database.statementName(`${definition.name}_one${inStore ? '_in_store' : ''}`),
        );
      const readAny = recordRead(false);
      const readInStore = storeColumn ? recordRead(true) : readAny;
      app.route({
        ...routes.one(),
        handler: async (request) => {
          const store = storeColumn ? storeScope(request) : null;
          const [record] = await (store === null ? readAny : readInStore).execute({
            id: request.params.id,
            store,
          });
          if (!record) throw notFound(messages.notFound);
          return { data: await withCount(record) };
        },
      });
    }

    if (access.create) {
      app.route({
        ...routes.create(),
        handler: async (request, reply) => {
          const values: Row = { ...(request.body as Row) };
          if (storeColumn) values.store_id = await targetStore(app.db, request, values.store_id);
          const [record] = await app.db
            .insert(table)
            .values(prepare(values))
            .returning(visible)
            .catch(rejected);
          void reply.status(201);
          return { data: await withCount(record!) };
        },
      });
    }

    if (access.update) {
      app.route({
        ...routes.update(),
        handler: async (request) => {
          const values = prepare({ ...(request.body as Row) });
          delete values.store_id; // a record never moves to another store
          if ('updated_at' in columns) values.updated_at = sql`now()`;
          const [record] = await app.db
            .update(table)
            .set(values)
            .where(byId(request, request.params.id))
            .returning(visible)
            .catch(rejected);
          if (!record) throw notFound(messages.notFound);
          return { data: await withCount(record) };
        },
      });
    }

    if (access.delete) {
      app.route({
        ...routes.delete(),
        handler: async (request) => {
          const [record] = await app.db
            .delete(table)
            .where(byId(request, request.params.id))
            .returning({ id: idColumn })
            .catch(failsWith(definition, resource.constraints, 'delete'));
          if (!record) throw notFound(messages.notFound);
          return { data: { id: record.id as number } };
        },
      });
    }
  }
};

export default resourceRoutes;
