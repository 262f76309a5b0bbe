/**
 * The one list implementation: every list route of the API (the generic engine's and the
 * hand-written ones) is a definition plus a `ListSource`, and gets from here its query schema
 * (paging, the sort whitelist of the definition's sortable fields, search, choice filters, store
 * scope, CSV), its SQL (one page and its total), its answer in the definition's envelope, and its
 * CSV export, streamed in keyset batches so that a million rows take as little memory as a thousand.
 */
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  sql,
  type Placeholder,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DAY_RANGE_INVALID, listDay } from '../../contract/lib/fields';
import { listAnswer, rowOf } from '../../contract/answers';
import type { ResourceDefinition } from '../../contract/define';
import type { Db } from '../db/client';
import { rowReader, together } from '../db/rows';
import { conditionOf, parametersOf, Statements } from '../db/statements';
import { badRequest } from '../http-errors';
import { sendCsv } from './csv';
import { containsTerm, searchTerm, storeIdParam } from './params';
import { served } from './routes';
import { listScope, targetStore } from './scope';
import { ADMIN, callerOf } from '../plugins/access';

type Row = Record<string, unknown>;

/** A filter beyond the definition's choice fields: its query parameter's schema and its condition. */
export interface ListFilter<Value = never> {
  schema: z.ZodType<Value | undefined>;
  where: (value: Value) => SQL | undefined;
}

/** Declares a filter with its value typed from its schema. */
export function filter<Value>(
  schema: z.ZodType<Value | undefined>,
  where: (value: Value) => SQL | undefined,
): ListFilter<Value> {
  return { schema, where };
}

/** The day a yyyy-MM-dd date starts in São Paulo, as an instant. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'America/Sao_Paulo')`;
const nextDayStart = (date: string) => sql`((${date}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`;

/**
 * A period filter over an instant column: `start_at` and `end_at`, São Paulo days, both
 * included; a start after the end is refused. Spread into a source: `...betweenDays(column)`.
 */
export function betweenDays(column: AnyPgColumn): Pick<ListSource, 'filters' | 'check'> {
  return {
    filters: {
      start_at: filter(listDay.optional(), (date) => sql`${column} >= ${dayStart(date)}`),
      end_at: filter(listDay.optional(), (date) => sql`${column} < ${nextDayStart(date)}`),
    },
    check: ({ start_at, end_at }) =>
      typeof start_at === 'string' && typeof end_at === 'string' && start_at > end_at
        ? DAY_RANGE_INVALID
        : undefined,
  };
}

/** What a list reads, beyond what its definition says. */
export interface ListSource {
  /** The table whose rows are listed, counted and paged. */
  table: PgTable;
  /**
   * Rows computed for the request instead of the table's own (a store's loyalty figures, from its
   * tabs and coupons): a query read as a CTE under `table`'s name, `table` then being declared for
   * its columns alone (never migrated). Not with `idsFirst` or `seek`.
   */
  from?: (context: { request: FastifyRequest; query: Row; db: Db }) => Promise<SQL>;
  /**
   * The total counted in the page's own statement (`count(*) over ()`), where computing the rows
   * costs more than counting them (`from`): one statement a page; a page past the end counts alone.
   */
  totalInPage?: boolean;
  /** NULLs last whichever the direction (a customer who never redeemed has no date). */
  nullsLast?: boolean;
  /** What a row carries; by default the table's columns that the row schema names. */
  columns?: Record<string, AnyPgColumn | SQL.Aliased | SQL>;
  /** The joins the columns need (left joins: they never change the count). */
  join?: (query: PgSelect) => PgSelect;
  /** Sort expressions of sortable fields that are not columns of the table (a joined name). */
  sorts?: Record<string, AnyPgColumn | SQL>;
  /** The search condition; by default "contains" over the definition's search fields. */
  search?: (term: string) => SQL;
  /** Filters beyond the definition's choice fields, by query parameter. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each filter types its own value
  filters?: Record<string, ListFilter<any>>;
  /** The column that holds the store, for store-scoped lists: staff see theirs, administrators may pick. */
  store?: AnyPgColumn;
  /**
   * A list of one store at a time: an administrator must name it (`store_id`; without it, 400 with
   * this message) and it must exist (404 'Restaurante não encontrado.'), as a write's target store.
   */
  chooseStore?: string;
  /** Conditions of who may see which rows, beyond the store (an audience). */
  scope?: (request: FastifyRequest, query: Row) => SQL[];
  /** Query parameters that shape the answer, not the rows (`include=products`). */
  options?: z.ZodRawShape;
  /** Adds nested or counted data to a page of rows: a query per page, never one per row. */
  decorate?: (rows: Row[], context: { request: FastifyRequest; query: Row; db: Db }) => Promise<Row[]>;
  /**
   * Reads a page's ids first (from the sort's index alone where it can), then only those rows; a
   * search's matches are then fenced in a subquery the planner may not flatten (see searchPage).
   */
  idsFirst?: boolean;
  /** The answer's row schema; by default the definition's row (or record). */
  row?: z.ZodObject;
  /** Rules between query parameters (a start before an end): a message for a query that breaks one. */
  check?: (query: Row) => string | undefined;
  /**
   * The total from somewhere cheaper than counting the rows (a rollup's sums), for a table too
   * large to count on every page. It must be exactly what `count(*)` of the list's scope and
   * filters would give: its tests compare the two.
   */
  count?: (context: { request: FastifyRequest; query: Row; db: Db }) => Promise<number>;
  /**
   * Where a deep page begins, found without walking the rows before it (from a rollup's counts):
   * a condition that leaves out only rows before the page in its order, and how many it leaves
   * out. Undefined walks the rows as usual. Asked only for pages past `SEEK_FROM` rows.
   */
  seek?: (context: {
    request: FastifyRequest;
    query: Row;
    db: Db;
    offset: number;
  }) => Promise<{ where: SQL; before: number } | undefined>;
}

/** Up to this many rows, walking the sort's index to a page costs less than seeking where it starts. */
export const SEEK_FROM = 1000;

const ORDER = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['ASC', 'DESC'], { error: 'Ordem inválida: use ASC ou DESC.' }));

const pageNumber = z.coerce
  .number({ error: 'Página inválida.' })
  .int('Página inválida.')
  .min(1, 'Página inválida.')
  .max(10_000_000, 'Página inválida.');
const pageSize = z.coerce
  .number({ error: 'Tamanho de página inválido.' })
  .int('Tamanho de página inválido.')
  .min(1, 'Tamanho de página inválido.')
  .max(1000, 'No máximo 1000 registros por página.');
const offsetParam = z.coerce
  .number({ error: 'Deslocamento inválido.' })
  .int('Deslocamento inválido.')
  .min(0, 'Deslocamento inválido.')
  .max(2_000_000_000, 'Deslocamento inválido.');

/** The choice fields of a definition that filter its list by equality. */
function choiceFilters(definition: ResourceDefinition) {
  return Object.entries(definition.fields).filter(
    ([, field]) => field.kind === 'select' && field.choices && field.filter !== false,
  );
}

/** The query a list accepts, from its definition and source: anything else is refused. */
export function listQuery(
  definition: ResourceDefinition,
  source: Pick<ListSource, 'filters' | 'store' | 'options'>,
) {
  const { list } = definition;
  const sortable = [
    'id',
    ...Object.keys(definition.fields).filter((name) => definition.fields[name]?.sortable),
  ];
  const paging =
    list.paging === 'offset'
      ? { offset: offsetParam.default(0), limit: pageSize.default(list.perPage) }
      : { page: pageNumber.default(1), page_size: pageSize.default(list.perPage) };
  const choices = Object.fromEntries(
    choiceFilters(definition)
      .filter(([name]) => !source.filters?.[name])
      .map(([name, field]) => [
        name,
        z
          .enum(field.choices!.map((choice) => choice.id) as [string, ...string[]], {
            error: `Valor inválido para ${field.label}: use ${field.choices!.map((choice) => choice.id).join(', ')}.`,
          })
          .optional(),
      ]),
  );
  const filters = Object.fromEntries(
    Object.entries(source.filters ?? {}).map(([name, f]) => [name, f.schema]),
  );
  return z.strictObject({
    ...paging,
    sort_field: z
      .enum(sortable as [string, ...string[]], { error: 'Campo de ordenação inválido.' })
      .default(list.sort.field),
    sort_order: ORDER.default(list.sort.order),
    ...(list.search?.length ? { search: searchTerm.optional() } : {}),
    ...(source.store ? { store_id: storeIdParam.optional() } : {}),
    ...choices,
    ...filters,
    ...source.options,
    format: z.enum(['json', 'csv'], { error: 'Formato inválido: use json ou csv.' }).optional(),
  });
}

/** A list, ready to answer: what `registerList` serves, and what a route may call by itself. */
export interface List {
  /** The rows of one page and, where the envelope carries it, the total. */
  page(request: FastifyRequest, query: Row): Promise<{ rows: Row[]; total: number }>;
  /** Every matching row, in the list's order, a batch at a time. */
  batches(request: FastifyRequest, query: Row, size?: number): AsyncGenerator<Row[]>;
  /** The list's answer in its envelope. */
  answer(request: FastifyRequest, query: Row): Promise<unknown>;
}

/** Builds the list of a definition over its source; errors in the source stop the server at start. */
export function createList(db: Db, definition: ResourceDefinition, source: ListSource): List {
  const table = source.table;
  const tableColumns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const idColumn = tableColumns.id;
  if (!idColumn) throw new Error(`${definition.name}: a tabela da lista não tem coluna id.`);
  if (source.from && (source.idsFirst || source.seek))
    throw new Error(`${definition.name}: uma lista calculada (from) não lê ids primeiro nem salta páginas.`);
  const row = source.row ?? rowOf(definition);
  const columns =
    source.columns ??
    Object.fromEntries(
      Object.keys(row.shape).map((name) => {
        const column = tableColumns[name];
        if (!column) throw new Error(`${definition.name}: a tabela não tem a coluna ${name} da linha.`);
        return [name, column];
      }),
    );
  const sortable = Object.keys(definition.fields).filter((name) => definition.fields[name]?.sortable);
  const sorts: Record<string, AnyPgColumn | SQL> = { id: idColumn };
  for (const name of sortable) {
    const expression = source.sorts?.[name] ?? tableColumns[name];
    if (!expression)
      throw new Error(`${definition.name}: o campo ordenável ${name} não tem coluna nem expressão.`);
    sorts[name] = expression;
  }
  const searchColumns = (definition.list.search ?? []).map((name) => {
    const column = tableColumns[name];
    if (!column && !source.search)
      throw new Error(`${definition.name}: a busca usa ${name}, que não é coluna.`);
    return column!;
  });
  const search = source.search ?? ((term: string) => containsTerm(term, ...searchColumns));
  const choices = choiceFilters(definition)
    .filter(([name]) => !source.filters?.[name])
    .map(([name]) => {
      const column = tableColumns[name];
      if (!column) throw new Error(`${definition.name}: o filtro ${name} não é coluna da tabela.`);
      return [name, column] as const;
    });
  const withCount = definition.envelope.list === 'data.results';

  const where = (request: FastifyRequest, query: Row): SQL | undefined => {
    const conditions: SQL[] = [];
    if (source.store)
      conditions.push(...listScope(request, source.store, query.store_id as number | undefined));
    if (source.scope) conditions.push(...source.scope(request, query));
    if (typeof query.search === 'string' && query.search !== '') conditions.push(search(query.search));
    for (const [name, column] of choices) {
      if (query[name] !== undefined) conditions.push(eq(column, query[name]));
    }
    for (const [name, { where: condition }] of Object.entries(source.filters ?? {})) {
      if (query[name] === undefined) continue;
      const found = condition(query[name] as never);
      if (found) conditions.push(found);
    }
    return conditions.length ? and(...conditions) : undefined;
  };

  const ordering = (query: Row) => {
    const direction = query.sort_order === 'DESC' ? desc : asc;
    const expression = sorts[query.sort_field as string] ?? sorts.id!;
    const first = source.nullsLast
      ? sql`${expression} ${query.sort_order === 'DESC' ? sql`desc` : sql`asc`} nulls last`
      : direction(expression);
    return { expression, direction, sorting: [first, direction(idColumn)] };
  };

  /** The rows computed for the request (`from`), as a CTE that takes the table's name; else none. */
  const origin = async (request: FastifyRequest, query: Row): Promise<WithSubquery | undefined> =>
    source.from ? db.$with(getTableName(table), {}).as(await source.from({ request, query, db })) : undefined;
  const reading = (computed: WithSubquery | undefined) => (computed ? db.with(computed) : db);

  // A page's rows skip drizzle's generic mapping (server/db/rows.ts); the CSV's batches keep it.
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  const readPage = rowReader(source.totalInPage ? { ...columns, __total: total } : columns);
  const select = <Extra extends Record<string, AnyPgColumn | SQL>>(
    computed: WithSubquery | undefined,
    extra?: Extra,
  ) => {
    const query = reading(computed)
      .select({ ...columns, ...extra } as Record<string, AnyPgColumn>)
      .from(table)
      .$dynamic();
    return source.join ? source.join(query) : query;
  };

  const decorate = async (rows: Row[], request: FastifyRequest, query: Row) =>
    source.decorate && rows.length ? source.decorate(rows, { request, query, db }) : rows;

  // The page and its count, compiled once per shape (server/db/statements.ts); a list computed
  // for the request (`from`) is compiled with it each time.
  const statements = new Statements();
  const countAll = sql<number>`count(*)`.mapWith(Number);
  const readCount = rowReader({ total: countAll });
  const LIMIT = sql.placeholder('limit');
  const OFFSET = sql.placeholder('offset');

  /** The page's ids (idsFirst), or its rows, under `pageCondition`. */
  const pageQuery = (
    computed: WithSubquery | undefined,
    query: Row,
    pageCondition: SQL | undefined,
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) => {
    const { sorting } = ordering(query);
    if (source.idsFirst) {
      const fenced = typeof query.search === 'string' && query.search !== '';
      const pageIds = fenced
        ? searchPage(table, idColumn, pageCondition!, sorting, limit, offset)
        : db
            .select({ id: idColumn })
            .from(table)
            .where(pageCondition)
            .orderBy(...sorting)
            .limit(limit)
            .offset(offset);
      return select(computed)
        .where(inArray(idColumn, pageIds))
        .orderBy(...sorting);
    }
    return select(computed, source.totalInPage ? { __total: total } : undefined)
      .where(pageCondition)
      .orderBy(...sorting)
      .limit(limit)
      .offset(offset);
  };

  const countQuery = (computed: WithSubquery | undefined, condition: SQL | undefined) =>
    reading(computed).select({ total: countAll }).from(table).where(condition);

  const list: List = {
    async page(request, query) {
      const from = await origin(request, query);
      const condition = where(request, query);
      const limit = (query.page_size ?? query.limit) as number;
      let offset =
        query.offset !== undefined ? (query.offset as number) : ((query.page as number) - 1) * limit;
      let pageCondition = condition;
      const sought =
        source.seek && offset > SEEK_FROM ? await source.seek({ request, query, db, offset }) : undefined;
      if (sought) {
        pageCondition = and(condition, sought.where);
        offset -= sought.before;
      }
      const counts = withCount && !source.count;
      const whole = from ? null : conditionOf(condition);
      const paged = from ? null : sought ? conditionOf(pageCondition) : whole;
      let rows: Promise<Row[]>;
      let counted: () => Promise<number>;
      if (whole && paged) {
        const shape = `${String(query.sort_field)} ${String(query.sort_order)} ${String(query.search ? 1 : 0)} `;
        const page = statements.of(`page ${shape}${paged.text}`, () =>
          pageQuery(undefined, query, paged.placeheld(), LIMIT, OFFSET),
        );
        const pageStatement = {
          reader: readPage,
          text: page.sql,
          params: parametersOf(page, { ...paged.values, limit, offset }),
        };
        const count = () => {
          const compiled = statements.of(`count ${whole.text}`, () =>
            countQuery(undefined, whole.placeheld()),
          );
          return { reader: readCount, text: compiled.sql, params: parametersOf(compiled, whole.values) };
        };
        const totalIn = (found: Row[]) => (found[0]?.total as number | undefined) ?? 0;
        if (counts && !source.totalInPage) {
          // The page and its count asked together (on PGlite's thread, one message each way).
          const both = together(db, [pageStatement, count()]);
          rows = both.then(([found]) => found!);
          counted = () => both.then(([, found]) => totalIn(found!));
        } else {
          rows = readPage.run(db, pageStatement.text, pageStatement.params);
          counted = async () => {
            const { text, params } = count();
            return totalIn(await readCount.run(db, text, params));
          };
        }
      } else {
        rows = readPage(db, pageQuery(from, query, pageCondition, limit, offset));
        counted = () => countQuery(from, condition).then(([found]) => found?.total ?? 0);
      }
      const totalOf = () => (counts ? counted() : source.count!({ request, query, db }));
      if (source.totalInPage) {
        const found = await rows;
        const inPage = found.length > 0 ? Number(found[0]!.__total) : 0;
        for (const row of found) delete row.__total;
        // A page past the end has no row to carry the count.
        const all = withCount && found.length === 0 && offset > 0 ? await totalOf() : inPage;
        return { rows: await decorate(found, request, query), total: withCount ? all : found.length };
      }
      // PostgreSQL runs both at once, on two connections; PGlite one after the other.
      const [found, counting] = await Promise.all([rows, withCount ? totalOf() : Promise.resolve(-1)]);
      return {
        rows: await decorate(found, request, query),
        total: counting === -1 ? found.length : counting,
      };
    },

    async *batches(request, query, size = 1000) {
      const condition = where(request, query);
      const { expression, direction, sorting } = ordering(query);
      const nullable = !('notNull' in expression && expression.notNull === true);
      let last: { value: unknown; id: unknown } | undefined;
      const ascending = direction === asc;
      for (;;) {
        const after = last
          ? keysetAfter(expression, idColumn, ascending, nullable, last, source.nullsLast ?? false)
          : undefined;
        const found = await select(await origin(request, query), { __sort: expression, __id: idColumn })
          .where(and(condition, after))
          .orderBy(...sorting)
          .limit(size);
        if (found.length === 0) return;
        const tail = found[found.length - 1]!;
        last = { value: tail.__sort, id: tail.__id };
        for (const entry of found) {
          delete entry.__sort;
          delete entry.__id;
        }
        yield await decorate(found, request, query);
        if (found.length < size) return;
      }
    },

    async answer(request, query) {
      const { rows, total } = await list.page(request, query);
      switch (definition.envelope.list) {
        case 'data.results':
          return { data: { results: rows, total } };
        case 'data.data':
          return { data: { data: rows } };
        case 'data':
          return { data: rows };
      }
    },
  };
  return list;
}

/**
 * The condition of the rows that come after `last` in the order (expression, id), both in the same
 * direction, as PostgreSQL sorts them: NULLs last when ascending, first when descending (unless
 * `nullsLast`: last either way).
 */
function keysetAfter(
  expression: AnyPgColumn | SQL,
  id: AnyPgColumn,
  ascending: boolean,
  nullable: boolean,
  last: { value: unknown; id: unknown },
  nullsLast: boolean,
): SQL {
  const after = ascending ? sql`>` : sql`<`;
  const tuple = sql`(${expression}, ${id}) ${after} (${last.value}, ${last.id})`;
  if (!nullable) return tuple;
  if (ascending || nullsLast) {
    return last.value === null
      ? sql`(${expression} is null and ${id} ${after} ${last.id})`
      : sql`(${tuple} or ${expression} is null)`;
  }
  return last.value === null
    ? sql`((${expression} is null and ${id} < ${last.id}) or ${expression} is not null)`
    : tuple;
}

/**
 * The ids of one page of a search's matches, sorted. The matches are a subquery the planner may
 * not flatten (`offset 0`): flattened, a search sorted by a column may be planned as a walk along
 * that column's index, testing row after row, on the bet that matches are spread evenly along
 * it; but a name searched and sorted by name sits in one stretch of the index (every "Maria"
 * after every "Ana"): on 1,000,000 customers that walk read 630,000 rows for one page (12 s).
 * Fenced, the matches come from the trigram index, at a cost that follows their number as the
 * count's does, and are then sorted. The subquery takes the table's name, so columns refer to it.
 */
function searchPage(
  table: PgTable,
  id: AnyPgColumn,
  where: SQL,
  sorting: SQL[],
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  return sql`(select ${id} from (select * from ${table} where ${where} offset 0) as ${table}
    order by ${sql.join(sorting, sql`, `)} limit ${limit} offset ${offset})`;
}

/**
 * Registers `GET {endpoint}` for a definition's list: JSON pages in its envelope, or with
 * `format=csv` (or `Accept: text/csv`) the whole list as CSV, with the same filters and order.
 */
export function registerList(app: FastifyInstance, definition: ResourceDefinition, source: ListSource): List {
  // Without the zod type provider: the rows are generic here, their shape is the response schema's.
  const list = createList(app.db, definition, source);
  const querystring = listQuery(definition, source);
  const row = source.row ?? rowOf(definition);
  app.route({
    ...served(definition).list({
      querystring,
      response: { 200: listAnswer(definition.envelope.list, row) },
      // The store named may not exist.
      ...(source.chooseStore ? { errors: [404] } : {}),
    }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const query = request.query as Row;
      const problem = source.check?.(query);
      if (problem) throw badRequest(problem);
      if (source.chooseStore) {
        if (callerOf(request).role === ADMIN && query.store_id === undefined)
          throw badRequest(source.chooseStore);
        await targetStore(app.db, request, query.store_id);
      }
      if (query.format === 'csv' || (query.format === undefined && wantsCsv(request))) {
        return sendCsv(reply, definition, list.batches(request, query));
      }
      return list.answer(request, query);
    },
  });
  return list;
}

/** A browser's download asks with `Accept: text/csv` only when it means it; `*\/*` is not a CSV. */
export function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/csv/i.test(accept) && !/application\/json/i.test(accept);
}
