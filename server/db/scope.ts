import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

/**
 * The transaction a request's write runs in (server/plugins/audit.ts opens it around the
 * handler). Code that asks `app.db` for a query while one is open gets the transaction: the whole
 * handler — its helpers and the services it calls — writes atomically with its audit row, and on
 * the embedded database, which has one connection, never waits for a connection its own
 * transaction holds.
 */
const current = new AsyncLocalStorage<Tx>();

/**
 * What a request adds at the end of every transaction it opens, in that transaction: the
 * Idempotency-Key's mark that its write was applied (server/plugins/idempotency.ts), which then
 * commits, or rolls back, with the write.
 */
const closing = new AsyncLocalStorage<(tx: Tx) => Promise<void>>();

/**
 * How many runs of either storage are under way. On Node 20 a storage that has run once keeps
 * Node's promise hooks on for every promise of the process, reads included (about 0.2 µs each: a
 * tenth of a short read's CPU). When no run is under way, no code can be inside one, and both
 * storages are disabled, which turns the hooks off until the next run turns them on again.
 */
let running = 0;

function counted<T>(run: () => T): T {
  running++;
  let result: T;
  try {
    result = run();
  } catch (error) {
    ended();
    throw error;
  }
  if (result instanceof Promise) return result.finally(ended) as T;
  ended();
  return result;
}

function ended(): void {
  running--;
  if (running > 0) return;
  current.disable();
  closing.disable();
}

/** Runs `run` so that each outermost transaction it opens with `inTransaction` ends with `close`. */
export function closingTransactionsWith<T>(close: (tx: Tx) => Promise<void>, run: () => T): T {
  return counted(() => closing.run(close, run));
}

/** Runs `work` in a transaction of `db` (a savepoint inside an open one) that `app.db` then answers for. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const close = current.getStore() === undefined ? closing.getStore() : undefined;
  if (!close) return counted(() => db.transaction((tx) => current.run(tx, () => work(tx))));
  return counted(() =>
    db.transaction((tx) =>
      current.run(tx, async () => {
        const result = await work(tx);
        await close(tx);
        return result;
      }),
    ),
  );
}

/** `db`, or the transaction open around the code that uses it. */
export function scoped(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const base = (current.getStore() as Db | undefined) ?? target;
      const value: unknown = Reflect.get(base, property, base);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    },
  });
}
