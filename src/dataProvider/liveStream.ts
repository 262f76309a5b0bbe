import { readSession } from '../lib/session';
import { liveEnabled } from '../config';
import {
  LIVE_EVENTS,
  LIVE_PATH,
  LIVE_SPREAD_MS,
  LIVE_TOPICS,
  type LiveChange,
  type LiveTopic,
} from '../../contract/live';
import { buildUrl } from './httpClient';
import { readEventStream } from './liveEvents';

/**
 * One live stream per store for the whole browser tab, shared by every screen that watches it
 * (the floor and its open tab, the board). It reconnects on its own after a drop, saying the last
 * version it saw (`Last-Event-ID`) so that the server tells at once what was missed; meanwhile
 * the screens poll at the spec's rates. A stream the server refuses or ends (signed out) is not
 * opened again: polling carries on and the next call meets the sign-in.
 */

/** Waits between reconnections: 1 s, doubling, at most 30 s. */
export const RECONNECT_MS = { first: 1_000, max: 30_000 };

interface Watcher {
  topic: LiveTopic;
  onChange: () => void;
  onStatus: (connected: boolean) => void;
}

interface Channel {
  watchers: Set<Watcher>;
  connected: boolean;
  abort: AbortController;
}

const channels = new Map<string, Channel>();

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Statuses a new attempt would only meet again. */
const FINAL = new Set([400, 401, 403, 404]);

async function run(channel: Channel, storeId: number | undefined): Promise<void> {
  const { signal } = channel.abort;
  const setConnected = (connected: boolean) => {
    if (channel.connected === connected) return;
    channel.connected = connected;
    for (const watcher of [...channel.watchers]) watcher.onStatus(connected);
  };
  const tell = (topics: readonly LiveTopic[]) => {
    for (const watcher of [...channel.watchers]) {
      if (!topics.includes(watcher.topic)) continue;
      setTimeout(() => {
        if (channel.watchers.has(watcher)) watcher.onChange();
      }, Math.random() * LIVE_SPREAD_MS);
    }
  };
  let lastSeen: number | null = null;
  let wait = RECONNECT_MS.first;
  while (!signal.aborted) {
    const token = readSession()?.token;
    if (!token) return;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (lastSeen !== null) headers['Last-Event-ID'] = String(lastSeen);
    let ended = false;
    const end = await readEventStream(
      buildUrl(LIVE_PATH, { store_id: storeId }),
      headers,
      ({ event, id, data }) => {
        if (id !== undefined && /^\d+$/.test(id)) lastSeen = Number(id);
        if (event === LIVE_EVENTS.ready) {
          setConnected(true);
          wait = RECONNECT_MS.first;
          // Whatever moved between the screen's last read and this moment is read again now.
          tell(LIVE_TOPICS);
        } else if (event === LIVE_EVENTS.reset) {
          // Missed more than the server keeps: every screen reads everything again.
          tell(LIVE_TOPICS);
        } else if (event === LIVE_EVENTS.change) {
          tell((JSON.parse(data) as LiveChange).topics);
        } else if (event === LIVE_EVENTS.ended) {
          ended = true;
        }
      },
      signal,
    ).catch(() => null);
    setConnected(false);
    if (signal.aborted || ended || (end?.kind === 'refused' && FINAL.has(end.status))) return;
    await pause(wait, signal);
    wait = Math.min(wait * 2, RECONNECT_MS.max);
  }
}

/**
 * Calls `onChange` whenever the store's stream names `topic`, and `onStatus` when the stream comes
 * up or goes down. `storeId`: the store an administrator watches; staff watch their own. Returns
 * what stops watching; the stream closes with its last watcher.
 */
export function watchLive(
  storeId: number | undefined,
  topic: LiveTopic,
  onChange: () => void,
  onStatus: (connected: boolean) => void,
): () => void {
  if (!liveEnabled()) return () => {};
  const key = String(storeId ?? 'own');
  let channel = channels.get(key);
  if (!channel) {
    channel = { watchers: new Set(), connected: false, abort: new AbortController() };
    channels.set(key, channel);
    const opened = channel;
    void run(opened, storeId).finally(() => {
      if (channels.get(key) === opened) channels.delete(key);
    });
  }
  const watcher: Watcher = { topic, onChange, onStatus };
  channel.watchers.add(watcher);
  if (channel.connected) onStatus(true);
  const watched = channel;
  return () => {
    watched.watchers.delete(watcher);
    if (watched.watchers.size > 0) return;
    watched.abort.abort();
    if (channels.get(key) === watched) channels.delete(key);
  };
}
