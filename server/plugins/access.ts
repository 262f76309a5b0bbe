import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Access } from '../../src/resources/define';
import { accounts } from '../db/schema';
import { forbidden, unauthorized } from '../http-errors';
import { passwordGeneration, type TokenScope } from '../auth/tokens';

export interface Caller {
  accountId: number;
  role: string;
  /** The staff member's store; null for a platform administrator. */
  storeId: number | null;
  scope: TokenScope;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every route must say; the app refuses to start otherwise. */
    access?: Access;
    /** The route accepts the token that only sets a password (PATCH /api/account). */
    passwordScope?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const ADMIN = 'ADMIN';

/**
 * Authentication and authorization in one place, run before validation so that an anonymous
 * caller learns nothing about a route's input. Each route declares its access in `config.access`.
 */
export default fp(
  async (app) => {
    app.decorateRequest('caller', null);

    app.addHook('onRoute', (route) => {
      if (!route.config?.access) {
        throw new Error(
          `A rota ${String(route.method)} ${route.url} não declara quem pode acessá-la (config.access).`,
        );
      }
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      const access = config.access;
      if (!access || access === 'public') return; // no route matched, or a public one
      const caller = await authenticate(request);
      if (!caller) throw unauthorized();
      if (caller.scope === 'password' && !config.passwordScope) {
        throw forbidden('Defina sua nova senha para continuar.');
      }
      if (access === 'admin' && caller.role !== ADMIN) {
        throw forbidden('Acesso restrito aos administradores da plataforma.');
      }
      if (access === 'store' && caller.role !== ADMIN && caller.storeId === null) {
        throw forbidden('Sua conta não está vinculada a um restaurante.');
      }
      request.caller = caller;
    });

    async function authenticate(request: FastifyRequest): Promise<Caller | null> {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match?.[1]) return null;
      const claims = await app.tokens.verify(match[1]);
      if (!claims) return null;
      const accountId = Number(claims.sub);
      if (!Number.isSafeInteger(accountId)) return null;
      // The account is read on every call so that disabling it, or changing its password,
      // ends every token it was given.
      const [account] = await app.db
        .select({
          role: accounts.role,
          store_id: accounts.store_id,
          status: accounts.status,
          password_changed_at: accounts.password_changed_at,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account || account.status !== 'ACTIVE') return null;
      if (claims.pv !== passwordGeneration(account.password_changed_at)) return null;
      return { accountId, role: account.role, storeId: account.store_id, scope: claims.scope };
    }
  },
  { name: 'access', dependencies: ['database', 'tokens'] },
);

/** The caller of a route that declared an access other than public. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
