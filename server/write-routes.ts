/**
 * The routes that write, and hooks that only writes need. A hook added to the whole app runs on
 * every answer, reads included; what only follows a write (its audit check, the held callers and
 * live versions it makes stale) is hung on the write routes alone, so that a read pays nothing
 * for it.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';

export const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route (one method or several) writes. */
export const isWrite = (method: string | string[]) =>
  [method].flat().some((m) => WRITES.has(m.toUpperCase()));

/** A route's hooks of one kind, as a list (Fastify takes one or several). */
export function hooksOf<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Runs `hook` after every answer of a write route registered from now on: a route-level onSend,
 * so after the app's own onSend hooks and after the route's that came before it (compression,
 * the Idempotency-Key's kept answer). The payload may be compressed by then: such a hook only
 * passes it on.
 */
export function onSendOfWrites(app: FastifyInstance, hook: onSendHookHandler): void {
  app.addHook('onRoute', (route) => {
    if (isWrite(route.method)) route.onSend = [...hooksOf(route.onSend), hook];
  });
}
