import type { FastifyInstance } from 'fastify';
import { readEventStream, type StreamEnd, type StreamEvent } from '../../src/dataProvider/liveEvents';

/** An open stream of `GET /api/live`: the events so far, waiting for one, and its end. */
export interface Stream {
  events: StreamEvent[];
  next(match: (event: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  end: Promise<StreamEnd>;
  close(): void;
}

const origins = new Map<FastifyInstance, string>();

async function origin(app: FastifyInstance): Promise<string> {
  if (!origins.has(app)) origins.set(app, await app.listen({ port: 0, host: '127.0.0.1' }));
  return origins.get(app)!;
}

/** Opens the stream on `app` (listening on a port of its own), as the web app reads it. */
export async function open(
  app: FastifyInstance,
  token: string | null,
  { query = '', lastEventId }: { query?: string; lastEventId?: number } = {},
): Promise<Stream> {
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const end = readEventStream(
    `${await origin(app)}/api/live${query}`,
    headers,
    (event) => {
      events.push(event);
      for (const wake of [...waiters]) wake();
    },
    abort.signal,
  ).catch(() => ({ kind: 'closed' }) as StreamEnd);
  const next = (match: (event: StreamEvent) => boolean, ms = 3000) =>
    new Promise<StreamEvent>((resolve, reject) => {
      const seen = () => events.find(match);
      const found = seen();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such event within ${ms} ms; got ${JSON.stringify(events)}`));
      }, ms);
      const check = () => {
        const event = seen();
        if (!event) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(event);
      };
      waiters.add(check);
    });
  return { events, next, end, close: () => abort.abort() };
}

export const named = (name: string) => (event: StreamEvent) => event.event === name;
export const data = <T>(event: StreamEvent) => JSON.parse(event.data) as T;
