/**
 * Statements compiled once per shape. drizzle compiles a query by walking its whole tree on every
 * call; a list's page has the same columns, joins and order on every request, and only its
 * condition's values change. On a short list, compiling the page and its count took more CPU
 * than the rest of the request (`npm run bench:api`, CPU profile). Here a request compiles its
 * condition alone (a few nodes), and the statement around it is compiled once per condition text,
 * with the condition's values (and the page's limit and offset) as placeholders filled on each run.
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** The same dialect as the databases' (server/db/client.ts: no casing). */
const dialect = new PgDialect();

/** A condition of one request, compiled. */
export interface Condition {
  /** Its text, with $1…$n where its values go: what a statement's shape is known by. */
  text: string;
  /** Its values, under the placeholders' names (w1…wn). */
  values: Record<string, unknown>;
  /** The same condition with placeholders for its values, to compile a statement around it. */
  placeheld(): SQL | undefined;
}

const NONE: Condition = { text: '', values: {}, placeheld: () => undefined };
/** A parameter's place, `$n` (split ignores a global expression's position: it may be shared). */
const PARAMETERS = /\$(\d+)/g;

/**
 * A condition compiled on its own, or null when its text holds a `$n` that is not one of its own
 * values in order (written in a literal): such a condition is compiled with its statement each time.
 */
export function conditionOf(condition: SQL | undefined): Condition | null {
  if (!condition) return NONE;
  const { sql: text, params } = dialect.sqlToQuery(condition);
  // With the capturing group, the numbers sit at the odd places: text, 1, text, 2, text…
  const pieces = text.split(PARAMETERS);
  if ((pieces.length - 1) / 2 !== params.length) return null;
  const values: Record<string, unknown> = {};
  for (let i = 1; i < pieces.length; i += 2) {
    const n = (i + 1) / 2;
    if (pieces[i] !== String(n)) return null;
    values[`w${n}`] = params[n - 1];
  }
  return {
    text,
    values,
    placeheld: () =>
      sql.join(pieces.map((piece, i) => (i % 2 === 1 ? sql.placeholder(`w${piece}`) : sql.raw(piece)))),
  };
}

/** A statement's text and its parameters, placeholders among them. */
export interface Compiled {
  sql: string;
  params: unknown[];
}

/** Statements by shape, compiled on first use; a bounded number (shapes are few, but not fixed). */
export class Statements {
  private readonly compiled = new Map<string, Compiled>();

  constructor(private readonly most = 256) {}

  of(shape: string, build: () => { toSQL(): Compiled }): Compiled {
    let found = this.compiled.get(shape);
    if (!found) {
      if (this.compiled.size >= this.most) this.compiled.clear();
      found = build().toSQL();
      this.compiled.set(shape, found);
    }
    return found;
  }
}

/** A compiled statement's parameters, its placeholders filled with `values`. */
export const parametersOf = (statement: Compiled, values: Record<string, unknown>): unknown[] =>
  fillPlaceholders(statement.params, values);
