/**
 * `npm run bench -- --explain`: the SQL a request sends, caught at the driver, and its
 * EXPLAIN (ANALYZE, BUFFERS) summed up: which scan of which index, what was sorted, how long.
 * Both drivers take `query(text | { text }, params, …)`: PGlite's client and node-postgres' Pool.
 */
import type { Database } from '../../server/db/client';

interface Query {
  text: string;
  params: unknown[];
}

interface Client {
  query(query: unknown, params?: unknown[], ...rest: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

function clientOf(database: Database): Client {
  return (database.db as unknown as { $client: Client }).$client;
}

/** Runs `request` and returns the statements it sent (the account lookup of the access hook included). */
export async function captureQueries(database: Database, request: () => Promise<unknown>): Promise<Query[]> {
  const client = clientOf(database);
  const original = client.query;
  const seen: Query[] = [];
  client.query = function (this: Client, query: unknown, params?: unknown[], ...rest: unknown[]) {
    const text = typeof query === 'string' ? query : (query as { text?: string }).text;
    if (text) seen.push({ text, params: params ?? [] });
    return original.call(this, query, params, ...rest);
  };
  try {
    await request();
  } finally {
    client.query = original;
  }
  return seen;
}

/** The plan lines worth reading in a summary: nodes, indexes, filters that threw rows away, timing. */
const KEEP =
  /(Scan|Sort|Limit|Aggregate|Join|Nested Loop|Hash|Unique|BitmapAnd|Subquery|Rows Removed|Heap Fetches|Buffers: shared|Execution Time|Planning Time)/;

export async function explain(database: Database, query: Query): Promise<string[]> {
  const result = await clientOf(database).query(`explain (analyze, buffers) ${query.text}`, query.params);
  return result.rows
    .map((row) => String(Object.values(row)[0]))
    .filter((line) => KEEP.test(line))
    .map((line) => (line.length > 150 ? `${line.slice(0, 149)}…` : line));
}
