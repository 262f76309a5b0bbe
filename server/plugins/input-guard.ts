import fp from 'fastify-plugin';
import { badRequest } from '../http-errors';

export const FORBIDDEN_CHARACTER = 'O texto enviado contém um caractere não permitido (nulo).';

/** Whether a parsed body, query or path holds a NUL character anywhere, at any depth. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL refuses the NUL character in text, so a NUL anywhere in a request would fail deep in a
 * query; it is refused here instead, for every route at once, after the access check and before
 * validation. (Lone UTF-16 surrogates need nothing: they reach the database as U+FFFD.)
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
        throw badRequest(FORBIDDEN_CHARACTER);
      }
    });
  },
  { name: 'input-guard' },
);
