import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Access } from '../../src/resources/define';
import { accounts, sessions } from '../db/schema';
import { forbidden, unauthorized } from '../http-errors';
import { passwordGeneration, type TokenScope } from '../auth/tokens';
import { ADMIN, MANAGER_ROLE } from '../auth/roles';

export interface Caller {
  accountId: number;
  role: string;
  /** The staff member's store; null for a platform administrator. */
  storeId: number | null;
  scope: TokenScope;
  /** The session the token belongs to; signing out ends it. */
  sessionId: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * How long a token's caller is held without reading the account and the session again: a minute
 * while the database's notices flow (any change to its access forgets it at once), a second while
 * they may be missed.
 */
export const CALLER_HELD_MS = { flowing: 60_000, missed: 1_000 } as const;
const MAX_HELD_CALLERS = 20_000;
/** Where a write may end someone's access: the sign-in routes, one's account, the teams. */
const ENDS_ACCESS = /^\/(auth\/|api\/account|api\/admins)/;

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
  interface FastifyInstance {
    /**
     * Who a bearer token speaks for now, or null when it no longer does (signed out, password
     * changed, account disabled, expired): what a long-lived stream checks again.
     */
    callerOfToken(token: string): Promise<Caller | null>;
  }
}

export { ADMIN };
export const MANAGERS_ONLY = 'Acesso restrito aos gerentes do restaurante.';

/** Administrators, and the managers of a store, manage its team and its settings. */
export function isManager(caller: Pick<Caller, 'role'>): boolean {
  return caller.role === ADMIN || caller.role === MANAGER_ROLE;
}

/**
 * Authentication and authorization in one place, run before validation so that an anonymous
 * caller learns nothing about a route's input. Each route declares its access in `config.access`.
 */
export default fp(
  async (app) => {
    app.decorateRequest('caller', null);
    app.decorate('callerOfToken', callerOfToken);

    // Who each token spoke for a moment ago. A poll every second per tablet would otherwise verify
    // the token and read the account and the session on every call. Held callers are forgotten as
    // soon as any session ends or any account's access changes (on every instance, through the
    // database's notices) and whenever notices may have been missed, so a signed-out or disabled
    // caller never gets through for long: moments with notices, a second or two without.
    const held = new Map<string, { caller: Caller; at: number; expires: number }>();
    app.live.onAnyAccessChange(() => held.clear());
    // A write to accounts through this instance (signing out, a password, a teammate disabled or
    // removed) is not held past, even before its notice is back.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && ENDS_ACCESS.test(request.url)) {
        held.clear();
      }
      return payload;
    });

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
      if ((access === 'store' || access === 'manager') && caller.role !== ADMIN && caller.storeId === null) {
        throw forbidden('Sua conta não está vinculada a um restaurante.');
      }
      if (access === 'manager' && !isManager(caller)) throw forbidden(MANAGERS_ONLY);
      request.caller = caller;
    });

    async function authenticate(request: FastifyRequest): Promise<Caller | null> {
      const token = bearerToken(request);
      if (token === null) return null;
      const now = Date.now();
      const known = held.get(token);
      const holdFor = app.live.noticesFlow() ? CALLER_HELD_MS.flowing : CALLER_HELD_MS.missed;
      if (known && now - known.at < holdFor && now < known.expires) return known.caller;
      const caller = await callerOfToken(token);
      if (caller) {
        if (held.size >= MAX_HELD_CALLERS) held.clear();
        held.set(token, { caller, at: now, expires: caller.expiresAt });
      } else {
        held.delete(token);
      }
      return caller;
    }

    async function callerOfToken(token: string): Promise<Caller | null> {
      const claims = await app.tokens.verify(token);
      if (!claims) return null;
      const accountId = Number(claims.sub);
      if (!Number.isSafeInteger(accountId)) return null;
      // The account and the session are read on every call (one primary-key join), so that
      // disabling the account, changing its password or signing out ends the token at once,
      // on every instance.
      const [account] = await app.db
        .select({
          role: accounts.role,
          store_id: accounts.store_id,
          status: accounts.status,
          password_changed_at: accounts.password_changed_at,
        })
        .from(accounts)
        .innerJoin(sessions, eq(sessions.account_id, accounts.id))
        .where(
          and(
            eq(accounts.id, accountId),
            eq(sessions.id, claims.sid),
            isNull(sessions.ended_at),
            gt(sessions.expires_at, sql`now()`),
          ),
        );
      if (!account || account.status !== 'ACTIVE') return null;
      if (claims.pv !== passwordGeneration(account.password_changed_at)) return null;
      return {
        accountId,
        role: account.role,
        storeId: account.store_id,
        scope: claims.scope,
        sessionId: claims.sid,
        expiresAt: (claims.exp ?? 0) * 1000,
      };
    }
  },
  { name: 'access', dependencies: ['database', 'tokens', 'live'] },
);

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The caller of a route that declared an access other than public. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
