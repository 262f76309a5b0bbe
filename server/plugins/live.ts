/**
 * The live notices of the restaurants' service, for the streams of `GET /api/live`.
 *
 * The database says what changed, from an outbox: every write to a store's tables, tabs, tickets,
 * items, payments, reservations, menu or its own row moves its floor version and appends a row to
 * `store_events` in the writer's transaction (migration 0026: the store, the version, the screens
 * it concerns). A relay, one per database (whoever holds an advisory lock; any instance takes over
 * when its holder's connection closes), reads the rows committed since its last tick and sends at
 * most one `NOTIFY painel_floor` per store per tick, outside the writers' commits. An ended
 * session or an account whose access changed NOTIFYs `painel_access` from its trigger (rare
 * writes). Each instance listens on one direct connection (PGlite: in process) and hands the
 * notices to the streams it holds, so a change made through any instance, the simulator or a
 * script reaches every screen; a stream that reconnects is told what it missed from the table.
 *
 * The notices also keep each store's floor version at hand, so that a poll's validator costs no
 * query: while notices flow, a version is read once and then moved by them; while they may be
 * missed (the listening connection is lost, found within about two seconds; no relay heard for
 * three seconds; or live push is off), it is read again every second. A write through this instance marks its store's unread at once
 * (its own client reads again before the notice is back, and a late notice of an older write is
 * never trusted over it).
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { rows, type Db, type Session } from '../db/client';
import { ADMIN } from '../auth/roles';
import { onSendOfWrites } from '../write-routes';
import { LIVE_TOPICS, type LiveChange, type LiveTopic } from '../../contract/live';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * The relay's tick: a change reaches the streams at most this long after its commit (a tenth of
 * a second: a screen still shows it well before a person at another tablet could look up), and
 * the rows committed meanwhile leave in one notice per store. A tick is one query on an index
 * whatever the writes, so it is the relay's whole cost: at 30 ms its looks took about 2 % of one
 * core of PostgreSQL's time during bench:live's writes (pg_stat_statements), and kept an idle
 * database answering 33 queries a second.
 */
export const RELAY_TICK_MS = 100;
/** How often an instance that is not the relay asks for its lock: a dead relay is replaced within this. */
export const RELAY_RETRY_MS = 500;
/**
 * The relay says it is alive this often (`NOTIFY painel_relay`), and an instance that has not
 * heard it for RELAY_SILENT_MS stops trusting the versions its notices moved: a relay whose
 * ticks fail, or the moment between one relay and the next, leaves no poll answering 304 from a
 * version that no longer holds.
 */
export const RELAY_BEAT_MS = 1_000;
export const RELAY_SILENT_MS = 3_000;
/** The relay's advisory lock (one bigint key; the simulator's are pairs, another key space). */
export const RELAY_LOCK = 2_900_029;
/**
 * A relay that takes over also sends the rows of the last seconds (whose notices its predecessor
 * may not have sent before it went); a notice sent twice tells a stream nothing new.
 */
const TAKEOVER_LOOKBACK_S = 5;
/**
 * How long the events stay for a reconnecting stream (housekeeping removes older ones): a tablet
 * back from a dropped Wi-Fi or a sleep within the hour reads only what changed; one away longer
 * gets `reset` and reads everything, as it would on opening, which costs one read per screen. An
 * hour of a busy floor's writes is a small table.
 */
export const EVENTS_KEEP_MINUTES = 60;
/** How long a store's version is trusted without a notice or a read while notices may be missed. */
export const VERSION_FRESH_MS = 1_000;

/** What a stream that reconnects missed since the version it saw, and the store's version now. */
export type Missed =
  | { kind: 'nothing'; version: number }
  | { kind: 'change'; version: number; topics: LiveTopic[] }
  /** Its cursor is older than the events kept (or the store's version went back): read everything. */
  | { kind: 'reset'; version: number };

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
  /** Whether this instance is the database's relay now (holds its lock). */
  relaying(): boolean;
  /** What the store's streams told up to `since` missed, from the events kept. */
  missedSince(storeId: number, since: number): Promise<Missed>;
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

/** A floor notice's payload: `{"s": store, "v": version, "t": topics}`; null when malformed. */
function parseFloorNotice(payload: string): LiveChange | null {
  try {
    const { s, v, t } = JSON.parse(payload) as { s?: unknown; v?: unknown; t?: unknown };
    if (typeof s !== 'number' || typeof v !== 'number' || !Array.isArray(t)) return null;
    return { store: s, version: v, topics: LIVE_TOPICS.filter((topic) => t.includes(topic)) };
  } catch {
    return null;
  }
}

/**
 * The events committed since the relay's previous look, and the snapshot of this look. A
 * transaction's rows are new to a look when its id was, at the previous snapshot, still running
 * (`xip`) or not yet begun (at or past `xmax`): so every committed row is read once, whatever
 * order the transactions commit in, and a long transaction holds nothing back. The first look of
 * a relay reads the last seconds' rows instead.
 */
const FIRST_LOOK = `select pg_current_snapshot()::text as snapshot,
  (select json_agg(json_build_array(store_id, version, topics)) from store_events
    where created_at > now() - interval '${TAKEOVER_LOOKBACK_S} seconds') as events`;
const NEXT_LOOK = `select pg_current_snapshot()::text as snapshot,
  (select json_agg(json_build_array(store_id, version, topics)) from store_events
    where tx >= pg_snapshot_xmax($1::pg_snapshot)
       or tx = any(array(select pg_snapshot_xip($1::pg_snapshot)))) as events`;
const BEAT = `select pg_notify('painel_relay', '')`;
/** One statement, so one commit and one turn at PostgreSQL's notify lock per tick. */
const SEND_NOTICES = `select pg_notify('painel_floor', notice::text) from json_array_elements($1::json) notice`;

/** A floor notice as the relay sends it: the store, its newest version, the topics of its rows. */
export interface FloorNotice {
  s: number;
  v: number;
  t: LiveTopic[];
}

/** One notice per store: its newest version and every topic its rows name. */
function noticesOf(events: [number, number | string, string[]][]): FloorNotice[] {
  const byStore = new Map<number, { v: number; t: Set<string> }>();
  for (const [store, version, topics] of events) {
    const held = byStore.get(store) ?? { v: 0, t: new Set<string>() };
    held.v = Math.max(held.v, Number(version));
    for (const topic of topics) held.t.add(topic);
    byStore.set(store, held);
  }
  return [...byStore].map(([s, { v, t }]) => ({ s, v, t: LIVE_TOPICS.filter((topic) => t.has(topic)) }));
}

/**
 * One look of the relay: the notices of the events committed since the look of `snapshot` (null:
 * the relay's first), and this look's snapshot for the next.
 */
export async function lookAtEvents(
  session: Session,
  snapshot: string | null,
): Promise<{ snapshot: string; notices: FloorNotice[] }> {
  const [look] = await session.query<{
    snapshot: string;
    events: [number, number | string, string[]][] | null;
  }>(snapshot === null ? FIRST_LOOK : NEXT_LOOK, snapshot === null ? [] : [snapshot]);
  if (!look) throw new Error('pg_current_snapshot() não respondeu');
  return { snapshot: look.snapshot, notices: noticesOf(look.events ?? []) };
}

/** Ticks while elected: reads the new events and sends their notices. Returns what stops it. */
function relay(session: Session, onError: (error: unknown) => void, onTick: () => void): () => void {
  let snapshot: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let beaten = 0;
  const tick = async () => {
    const look = await lookAtEvents(session, snapshot);
    snapshot = look.snapshot;
    if (look.notices.length > 0) await session.query(SEND_NOTICES, [JSON.stringify(look.notices)]);
    if (Date.now() - beaten >= RELAY_BEAT_MS) {
      await session.query(BEAT);
      beaten = Date.now();
    }
  };
  const plan = () => {
    timer = setTimeout(() => {
      tick()
        // A tick cut short by stopping (the session closing with the instance) is no failure.
        .then(onTick, (error: unknown) => stopped || onError(error))
        .finally(() => {
          if (!stopped) plan();
        });
    }, RELAY_TICK_MS);
  };
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export default fp(
  async (app) => {
    const { livePush } = app.database;
    const stores = new Listeners<number, (change: LiveChange) => void>();
    const accounts = new Listeners<string, () => void>();
    const anyAccess: (() => void)[] = [];
    /**
     * Each store's version as this instance knows it. `unread`: a write through this instance made
     * it out of date; the notices of older writes may still come (the relay's tick) and must not be
     * trusted over it, so the next answer reads it from the database first.
     */
    const versions = new Map<number, { version: number; at: number; unread?: boolean }>();
    /** Writes through this instance that forgot a version, counted. */
    let forgets = 0;
    let flowing = true;
    /** When the relay was last heard (a silent relay is found by reading, below). */
    let heard = Date.now();
    const relayHeard = () => Date.now() - heard < RELAY_SILENT_MS;
    const hold = (storeId: number, version: number, read = false) => {
      const held = versions.get(storeId);
      versions.set(storeId, {
        version: Math.max(held?.version ?? 0, version),
        at: Date.now(),
        unread: !read && held?.unread === true,
      });
    };
    const tell = (change: LiveChange) => stores.call(change.store, (listener) => listener(change));

    const onNotice = (channel: string, payload: string) => {
      if (channel === 'painel_floor') {
        const notice = parseFloorNotice(payload);
        if (!notice) return;
        hold(notice.store, notice.version);
        tell(notice);
      } else if (channel === 'painel_relay') {
        const silent = !relayHeard();
        heard = Date.now();
        // Notices may have been missed while no relay was heard: the streams read everything.
        if (silent) everythingChanged();
      } else if (channel === 'painel_access') {
        for (const listener of anyAccess) listener();
        accounts.call(payload, (listener) => listener());
      }
    };

    /** Every watched store's streams are told that everything changed, at its version now. */
    function everythingChanged() {
      const watched = stores.keys();
      if (watched.length === 0) return;
      versionsOf(app.database.db, watched).then(
        (found) => {
          for (const storeId of watched)
            tell({ store: storeId, version: found.get(storeId) ?? 0, topics: [...LIVE_TOPICS] });
        },
        (error: unknown) => app.log.warn({ err: error }, 'versões das lojas não lidas após reconexão'),
      );
    }

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
      everythingChanged();
      for (const key of accounts.keys()) accounts.call(key, (listener) => listener());
    };

    const stopListening = await app.database.listen(
      livePush ? ['painel_floor', 'painel_relay', 'painel_access'] : ['painel_access'],
      { onNotice, onLost, onBack },
    );

    // The relay, while this instance holds its lock. A failing tick is said once, until one works.
    let stopTicking: (() => void) | undefined;
    let failing = false;
    const stopCompeting = livePush
      ? await app.database.elect(RELAY_LOCK, RELAY_RETRY_MS, {
          onElected(session) {
            stopTicking?.();
            stopTicking = relay(
              session,
              (error) => {
                if (!failing) app.log.warn({ err: error }, 'avisos ao vivo não repassados');
                failing = true;
              },
              () => {
                failing = false;
              },
            );
          },
          onDeposed() {
            stopTicking?.();
            stopTicking = undefined;
          },
        })
      : async () => {};

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
        const trusted = flowing && livePush && relayHeard();
        if (held && !held.unread && (trusted || Date.now() - held.at < VERSION_FRESH_MS)) return held.version;
        // A read begun before a write here forgot the version may not vouch for it.
        const forgotten = forgets;
        const version = (await versionsOf(app.database.db, [storeId])).get(storeId) ?? 0;
        hold(storeId, version, forgets === forgotten);
        return versions.get(storeId)!.version;
      },
      forgetVersion(storeId) {
        forgets += 1;
        if (storeId === null) versions.clear();
        else versions.set(storeId, { version: versions.get(storeId)?.version ?? 0, at: 0, unread: true });
      },
      onAnyAccessChange(listener) {
        anyAccess.push(listener);
      },
      noticesFlow: () => flowing,
      relaying: () => stopTicking !== undefined,
      async missedSince(storeId, since) {
        const [found] = rows<{
          version: string | number | null;
          n: number;
          first: string | number | null;
          topics: string[];
        }>(
          await app.database.db.execute(sql`
            select (select version from floor_versions where store_id = ${storeId}) as version,
              count(*)::int as n, min(version) as first,
              coalesce((select array_agg(distinct topic) from store_events, unnest(topics) topic
                where store_id = ${storeId} and version > ${since}), '{}') as topics
            from store_events where store_id = ${storeId} and version > ${since}`),
        );
        const version = Number(found?.version ?? 0);
        hold(storeId, version);
        if (since === version) return { kind: 'nothing', version };
        // Every version after the cursor has its event (each move of the version appends one):
        // otherwise some were removed (older than kept), or written with live push off.
        const whole = since < version && Number(found?.first) === since + 1 && found?.n === version - since;
        if (!whole) return { kind: 'reset', version };
        const topics = found?.topics ?? [];
        return { kind: 'change', version, topics: LIVE_TOPICS.filter((topic) => topics.includes(topic)) };
      },
    } satisfies LiveHub);

    // A write answered by this instance: its client may read again before the notice is back.
    onSendOfWrites(app, async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.caller) {
        const { role, storeId } = request.caller;
        versions.delete(storeId ?? -1);
        if (role === ADMIN || storeId === null) versions.clear();
      }
      return payload;
    });

    app.addHook('onClose', async () => {
      stopTicking?.();
      stopTicking = undefined;
      await stopCompeting();
      await stopListening();
    });
  },
  { name: 'live', dependencies: ['database'] },
);
