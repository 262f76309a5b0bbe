/**
 * The live notices of a store's service (restaurant spec 9 asks the floor and the board to stay
 * current): what the server's stream sends and the screens read, shared by both sides.
 *
 * `GET /api/live` (staff: their own store; an administrator names `?store_id`) answers a
 * `text/event-stream`, authenticated by the usual `Authorization` header, never a token in the
 * URL. Its events:
 *   - `ready`: `{ store, version }`, first, once connected;
 *   - `change`: `{ store, version, topics }`, a few tens of ms after writes commit, naming which
 *     screens should read again; every event's `id` is the store's version, so a client that
 *     reconnects with `Last-Event-ID` is told at once what it missed (one change naming every topic
 *     it missed);
 *   - `reset`: `{ store, version }`, instead of the changes a reconnecting client missed when its
 *     `Last-Event-ID` is older than what the server keeps (an hour): every screen reads again;
 *   - `ended`: `{ message }`, just before the server ends a stream whose session no longer holds
 *     (signed out, password changed, account disabled): the client must not reconnect.
 */
export const LIVE_PATH = '/api/live';

/** Which screens a change concerns: the floor's tables, an open tab, the kitchen board. */
export const LIVE_TOPICS = ['floor', 'tab', 'board'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveReady {
  store: number;
  version: number;
}

export interface LiveChange extends LiveReady {
  topics: LiveTopic[];
}

export const LIVE_EVENTS = { ready: 'ready', change: 'change', reset: 'reset', ended: 'ended' } as const;

/**
 * A notice reaches every tablet of the store at once; each reads again at a random moment within
 * this spread rather than all in the same millisecond, so the server answers them one after
 * another instead of queueing the whole floor's reads behind each other.
 */
export const LIVE_SPREAD_MS = 250;
