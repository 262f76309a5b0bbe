/**
 * The live notices of the restaurants' service, for the streams of `GET /api/live`.
 *
 * The database says what changed: every write to a store's tables, tabs, tickets, items,
 * payments or reservations moves its floor version and NOTIFYs `painel_floor` on commit
 * (migrations 0009, 0010), and an ended session or an account whose access changed NOTIFYs `painel_access`. Each instance listens
 * on one connection (PGlite: in process) and hands the notices to the streams it holds, so a
 * change made through any instance, the simulator or a script reaches every screen; nothing but
 * the open streams lives in the instance.
 *
 * A store's notices are gathered for a moment before they go out: one action writes several rows
 * (items, tickets, the tab's totals), and the screens should read again once.
 *
 * The notices also keep each store's floor version at hand, so that a poll's validator costs no
 * query: while notices flow, a version is read once and then moved by them; while they may be
 * missed (the listening connection is lost, found within about two seconds), it is read again
 * every second. A write through this instance forgets its store's at once (its own client reads
 * again before the notice is back).
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { ADMIN } from '../auth/roles';
import { LIVE_TOPICS, type LiveChange, type LiveTopic } from '../../contract/live';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** Gathering time of a store's notices: well under what a person notices, over one action's writes. */
export const GATHER_MS = 30;
/** How long a store's version is trusted without a notice or a read while notices may be missed. */
export const VERSION_FRESH_MS = 1_000;

/** Which screens a write to each table concerns. */
const TOPICS_OF: Record<string, readonly LiveTopic[]> = {
  tables: ['floor'],
  orders: ['floor', 'tab', 'board'], // the board shows the table, which a move changes
  tickets: ['floor', 'tab'],
  order_items: ['floor', 'tab', 'board'],
  payments: ['floor', 'tab'],
  reservations: ['floor'], // a table's card shows its reservation as the time nears
  // The menu and the store move the version only for the guest page's validators (migration 0024):
  // no staff screen reads again.
  stores: [],
  categories: [],
  products: [],
  complement_groups: [],
  complement_group_products: [],
  product_complement_groups: [],
};

export interface LiveHub {
  /** Calls `listener` with each change of `storeId` from now on; returns what stops it. */
  watchStore(storeId: number, listener: (change: LiveChange) => void): () => void;
  /** Calls `listener` when the account's access or the session may have ended. */
  watchAccess(accountId: number, sessionId: string, listener: () => void): () => void;
  /** The store's version now (0 before its first change), at most a second old without notices. */
  versionOf(storeId: number): Promise<number>;
  /** Forgets the versions held for `storeId` (null: every store): a write was just made. */
  forgetVersion(storeId: number | null): void;
  /** Calls `listener` on every access notice, and when notices may have been missed. */
  onAnyAccessChange(listener: () => void): void;
  /** Whether notices flow now: what is known from them may be trusted until the next one. */
  noticesFlow(): boolean;
}

/** A set per key, whose empty sets are dropped. */
class Listeners<K, L> {
  private readonly byKey = new Map<K, Set<L>>();
  add(key: K, listener: L): () => void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }
  has(key: K): boolean {
    return this.byKey.has(key);
  }
  keys(): K[] {
    return [...this.byKey.keys()];
  }
  call(key: K, invoke: (listener: L) => void): void {
    for (const listener of [...(this.byKey.get(key) ?? [])]) invoke(listener);
  }
}

async function versionsOf(db: Db, storeIds: number[]): Promise<Map<number, number>> {
  const found = rows<{ store_id: number; version: string | number }>(
    await db.execute(
      sql`select store_id, version from floor_versions where store_id = any(${`{${storeIds.join(',')}}`}::int[])`,
    ),
  );
  return new Map(found.map((row) => [row.store_id, Number(row.version)]));
}

/** A floor notice's payload: `{"s": store, "v": version, "k": table}`; null when malformed. */
function parseFloorNotice(payload: string): { store: number; version: number; table: string } | null {
  try {
    const { s, v, k } = JSON.parse(payload) as { s?: unknown; v?: unknown; k?: unknown };
    if (typeof s !== 'number' || typeof v !== 'number' || typeof k !== 'string') return null;
    return { store: s, version: v, table: k };
  } catch {
    return null;
  }
}

export default fp(
  async (app) => {
    const stores = new Listeners<number, (change: LiveChange) => void>();
    const accounts = new Listeners<string, () => void>();
    const anyAccess: (() => void)[] = [];
    const versions = new Map<number, { version: number; at: number }>();
    let flowing = true;
    const hold = (storeId: number, version: number) => {
      const held = versions.get(storeId);
      versions.set(storeId, { version: Math.max(held?.version ?? 0, version), at: Date.now() });
    };
    const gathering = new Map<number, { version: number; topics: Set<LiveTopic>; timer: NodeJS.Timeout }>();

    const send = (storeId: number) => {
      const gathered = gathering.get(storeId);
      gathering.delete(storeId);
      if (!gathered) return;
      const change: LiveChange = {
        store: storeId,
        version: gathered.version,
        topics: LIVE_TOPICS.filter((topic) => gathered.topics.has(topic)),
      };
      stores.call(storeId, (listener) => listener(change));
    };

    const gather = (storeId: number, version: number, topics: readonly LiveTopic[]) => {
      const gathered = gathering.get(storeId);
      if (gathered) {
        gathered.version = Math.max(gathered.version, version);
        for (const topic of topics) gathered.topics.add(topic);
        return;
      }
      gathering.set(storeId, {
        version,
        topics: new Set(topics),
        timer: setTimeout(() => send(storeId), GATHER_MS),
      });
    };

    const onNotice = (channel: string, payload: string) => {
      if (channel === 'painel_floor') {
        const notice = parseFloorNotice(payload);
        if (!notice) return;
        hold(notice.store, notice.version);
        if (!stores.has(notice.store)) return; // no screen of that store here
        gather(notice.store, notice.version, TOPICS_OF[notice.table] ?? LIVE_TOPICS);
      } else if (channel === 'painel_access') {
        for (const listener of anyAccess) listener();
        accounts.call(payload, (listener) => listener());
      }
    };

    // Notices may be missed from now on: nothing known from them is trusted past a second.
    const onLost = () => {
      flowing = false;
      versions.clear();
      for (const listener of anyAccess) listener();
    };
    // They flow again: whatever moved meanwhile is told as a change of everything, and every
    // stream checks its session again.
    const onBack = () => {
      flowing = true;
      versions.clear();
      for (const listener of anyAccess) listener();
      const watched = stores.keys();
      if (watched.length > 0) {
        versionsOf(app.database.db, watched).then(
          (found) => {
            for (const storeId of watched) gather(storeId, found.get(storeId) ?? 0, LIVE_TOPICS);
          },
          (error: unknown) => app.log.warn({ err: error }, 'versões das lojas não lidas após reconexão'),
        );
      }
      for (const key of accounts.keys()) accounts.call(key, (listener) => listener());
    };

    const stopListening = await app.database.listen(['painel_floor', 'painel_access'], {
      onNotice,
      onLost,
      onBack,
    });

    app.decorate('live', {
      watchStore: (storeId, listener) => stores.add(storeId, listener),
      watchAccess(accountId, sessionId, listener) {
        const stopAccount = accounts.add(`account:${accountId}`, listener);
        const stopSession = accounts.add(`session:${sessionId}`, listener);
        return () => {
          stopAccount();
          stopSession();
        };
      },
      async versionOf(storeId) {
        const held = versions.get(storeId);
        if (held && (flowing || Date.now() - held.at < VERSION_FRESH_MS)) return held.version;
        const version = (await versionsOf(app.database.db, [storeId])).get(storeId) ?? 0;
        hold(storeId, version);
        return version;
      },
      forgetVersion(storeId) {
        if (storeId === null) versions.clear();
        else versions.delete(storeId);
      },
      onAnyAccessChange(listener) {
        anyAccess.push(listener);
      },
      noticesFlow: () => flowing,
    } satisfies LiveHub);

    // A write answered by this instance: its client may read again before the notice is back.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.caller) {
        const { role, storeId } = request.caller;
        versions.delete(storeId ?? -1);
        if (role === ADMIN || storeId === null) versions.clear();
      }
      return payload;
    });

    app.addHook('onClose', async () => {
      for (const { timer } of gathering.values()) clearTimeout(timer);
      gathering.clear();
      await stopListening();
    });
  },
  { name: 'live', dependencies: ['database'] },
);
