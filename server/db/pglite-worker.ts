/**
 * The embedded database in a thread of its own (server/db/pglite-thread.ts starts it). PGlite
 * runs PostgreSQL as WebAssembly, and each statement runs to its end without yielding: in the
 * server's thread, a write's statements or a floor's reads held every other request back, polls
 * that need no query included. Here they hold back only this thread; the server's answers what it
 * can meanwhile.
 *
 * Each message from the server is one call with its id; the answer carries the id back. A
 * transaction is opened by `begin` and stays open (PGlite's own, holding its lock: the queries of
 * others wait, as in process) until `commit` or `rollback` names it. Notices of the channels
 * listened to are posted as they come, before the answer of the statement that committed them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { readDatesAsText } from './rows';
import type { ThreadCall, ThreadError, ThreadReply, ThreadStart } from './pglite-thread';

const port = parentPort!;
const start = workerData as ThreadStart;

const client = await PGlite.create({
  dataDir: start.dataDir,
  loadDataDir: start.from ? new Blob([start.from]) : undefined,
  extensions: { pg_trgm, unaccent },
});
readDatesAsText(client);

/** An open transaction: its handle, what ends it, and its end (committed, or rolled back). */
interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  ended: Promise<void>;
}
const open = new Map<number, OpenTransaction>();

/** Where a call's statements run: its transaction, or the session when it names none. */
function sessionOf(tx: number | undefined): PGlite | Transaction {
  const on = tx === undefined ? client : open.get(tx)?.tx;
  if (!on) throw new Error('transação já encerrada');
  return on;
}
const listening = new Map<string, () => Promise<void>>();

/** What a query answers, without what cannot cross to the server's thread. */
function plain(result: { rows: unknown[]; fields: unknown[]; affectedRows?: number }) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
}

/** An error as fields the other side can rebuild (PostgreSQL's code, constraint, detail…). */
function fieldsOf(error: unknown): ThreadError {
  const fields: Record<string, string | number | boolean | null> = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
        fields[key] = value as string | number | boolean | null;
    }
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    fields,
  };
}

async function run(call: ThreadCall): Promise<unknown> {
  switch (call.op) {
    case 'query':
      return plain(await sessionOf(call.tx).query(call.text, call.params, call.options));
    case 'batch': {
      const results = [];
      for (const query of call.queries)
        results.push(plain(await client.query(query.text, query.params, query.options)));
      return results;
    }
    case 'exec':
      return (await sessionOf(call.tx).exec(call.text)).map(plain);
    case 'begin':
      // PGlite's own transaction, held open (and its lock with it) until `commit` or `rollback`.
      return new Promise<number>((opened, failed) => {
        const entry = {} as OpenTransaction;
        entry.ended = client
          .transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                entry.tx = tx;
                entry.end = (yes) => (yes ? commit() : rollback(new RolledBack()));
                open.set(call.id, entry);
                opened(call.id);
              }),
          )
          .then(
            () => undefined,
            (error: unknown) => {
              if (!(error instanceof RolledBack)) throw error;
            },
          )
          .finally(() => open.delete(call.id));
        // A transaction PGlite could not begin answers this call; one begun answers its `commit`.
        entry.ended.catch((error: unknown) => {
          if (entry.tx === undefined) failed(error);
        });
      });
    case 'commit':
    case 'rollback': {
      const transaction = open.get(call.tx);
      if (!transaction) throw new Error('transação já encerrada');
      transaction.end(call.op === 'commit');
      return transaction.ended;
    }
    case 'listen': {
      if (!listening.has(call.channel)) {
        const channel = call.channel;
        listening.set(
          channel,
          await client.listen(channel, (payload) => port.postMessage({ notice: channel, payload })),
        );
      }
      return null;
    }
    case 'unlisten': {
      await listening.get(call.channel)?.();
      listening.delete(call.channel);
      return null;
    }
    case 'dump': {
      const dump = await client.dumpDataDir('none');
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'close':
      if (!client.closed) await client.close();
      return null;
  }
}

class RolledBack extends Error {}

port.on('message', (call: ThreadCall) => {
  run(call).then(
    (value) => {
      const reply: ThreadReply = { id: call.id, ok: true, value };
      port.postMessage(reply, value instanceof Uint8Array ? [value.buffer as ArrayBuffer] : []);
    },
    (error: unknown) =>
      port.postMessage({ id: call.id, ok: false, error: fieldsOf(error) } satisfies ThreadReply),
  );
});
port.postMessage({ ready: true });
