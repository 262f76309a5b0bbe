import fp from 'fastify-plugin';
import { badRequest } from '../http-errors';

export const FORBIDDEN_CHARACTERS = 'O texto enviado contém caracteres não permitidos.';

/**
 * What PostgreSQL cannot take as sent: a NUL character, or a UTF-16 surrogate without its pair
 * (which `isWellFormed` finds natively; it runs on every request's every string).
 */
const unstorable = (text: string) => text.includes('\u0000') || !(text as WellFormed).isWellFormed();
/** ES2024's `String.prototype.isWellFormed` (Node 20 has it; the server's types are ES2022's). */
type WellFormed = string & { isWellFormed(): boolean };

/**
 * Whether a parsed body, query or path holds text the database cannot take, at any depth: in a
 * value or a key, in objects and arrays. Walked with a list rather than by recursion, so that a
 * body nested a hundred thousand levels deep is read to its end without overflowing the stack.
 */
export function holdsForbiddenText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (unstorable(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const key of Object.keys(next)) {
        if (unstorable(key)) return true;
        pending.push((next as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL refuses the NUL character in text and in jsonb, and a lone surrogate in jsonb (a
 * text column would silently keep U+FFFD instead); either would fail deep in a query. They are
 * refused here instead, for every route at once, after the access check and before validation.
 * Other control characters are stored as sent, and need nothing.
 */
export default fp(
  async (app) => {
    // A callback, not an async function: it runs on every request, and needs no promise.
    app.addHook('preValidation', (request, _reply, done) => {
      const refused =
        holdsForbiddenText(request.params) ||
        holdsForbiddenText(request.query) ||
        holdsForbiddenText(request.body);
      done(refused ? badRequest(FORBIDDEN_CHARACTERS) : undefined);
    });
  },
  { name: 'input-guard' },
);
