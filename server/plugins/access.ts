import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { permissionOf, type Access } from '../../contract/define';
import { permissionName, permissionsOf, type Permission } from '../../contract/permissions';
import { accounts, membershipPermissions, memberships, rolePermissions, sessions } from '../db/schema';
import { forbidden, unauthorized } from '../http-errors';
import { passwordGeneration, type TokenScope } from '../auth/tokens';
import { ADMIN, MANAGER_ROLE } from '../auth/roles';
import { HeldCallers } from '../auth/held-callers';
import { onSendOfWrites } from '../write-routes';
import { preparedRead } from '../db/rows';

export interface Caller {
  accountId: number;
  /** ADMIN, or the member's role in the store the session works in (MEMBER when none). */
  role: string;
  /** The store the session works in; null for a platform administrator (or a member of none). */
  storeId: number | null;
  /** What the role may do in that store (every permission for administrators and managers). */
  permissions: ReadonlySet<Permission>;
  scope: TokenScope;
  /** The session the token belongs to; signing out ends it. */
  sessionId: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

/**
 * Where a write may change someone's access: the sign-in routes, one's account (and its store),
 * the teams and the roles' permissions.
 */
const ENDS_ACCESS = /^\/(auth\/|api\/account|api\/admins|api\/team\/)/;

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

/** Administrators, and the managers of a store, set its roles' permissions and change roles. */
export function isManager(caller: Pick<Caller, 'role'>): boolean {
  return caller.role === ADMIN || caller.role === MANAGER_ROLE;
}

/** Whether the caller may act on an area of their store (administrators on every store). */
export function holds(caller: Pick<Caller, 'role' | 'permissions'>, permission: Permission): boolean {
  return caller.role === ADMIN || caller.permissions.has(permission);
}

/** The refusal of a call the caller's role may not make. */
export function lacking(permission: Permission) {
  return forbidden(
    `Sua função não tem a permissão "${permissionName(permission)}". Peça a um gerente do restaurante.`,
  );
}

/**
 * Authentication and authorization in one place, run before validation so that an anonymous
 * caller learns nothing about a route's input. Each route declares its access in `config.access`.
 */
export default fp(
  async (app) => {
    app.decorateRequest('caller', null);
    app.decorate('callerOfToken', callerOfToken);

    // Another instance can end a session only on a shared PostgreSQL: there every call reads the
    // session, so a signed-out token is refused everywhere from the moment sign-out answers. The
    // embedded database has one server, which forgets its held callers before such a write answers.
    const held =
      app.database.kind === 'pglite'
        ? new HeldCallers<Caller>({
            read: (token) => callerOfToken(token),
            noticesFlow: () => app.live.noticesFlow(),
            onReadFailed: (error) =>
              app.log.warn({ err: error }, 'caller read again after the answer failed'),
          })
        : null;
    if (held) app.live.onAnyAccessChange(() => held.forgetAll());
    // A write to accounts through this instance (signing out, a password, a teammate disabled or
    // removed) is not held past, even before its notice is back.
    onSendOfWrites(app, async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && ENDS_ACCESS.test(request.url)) {
        held?.forgetAll();
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
      const permission = permissionOf(access);
      if (
        (access === 'store' || access === 'manager' || permission) &&
        caller.role !== ADMIN &&
        caller.storeId === null
      ) {
        throw forbidden('Sua conta não está vinculada a um restaurante.');
      }
      if (access === 'manager' && !isManager(caller)) throw forbidden(MANAGERS_ONLY);
      if (permission && !holds(caller, permission)) throw lacking(permission);
      request.caller = caller;
    });

    function authenticate(request: FastifyRequest): Promise<Caller | null> {
      const token = bearerToken(request);
      if (token === null) return Promise.resolve(null);
      return held ? held.callerOf(token) : callerOfToken(token);
    }

    // Built once and prepared (on PostgreSQL, parsed and planned once per connection where no
    // pooler stands between): on a shared database it runs for every call, and building and
    // planning it each time cost the server and PostgreSQL more than running it.
    const callerFields = {
      role: accounts.role,
      status: accounts.status,
      password_changed_at: accounts.password_changed_at,
      store_id: sessions.store_id,
      member_role: memberships.role,
      chosen: rolePermissions.permissions,
    };
    const callerSelect = app.database.db
      .select(callerFields)
      .from(accounts)
      .innerJoin(sessions, eq(sessions.account_id, accounts.id))
      .leftJoin(
        memberships,
        and(eq(memberships.account_id, accounts.id), eq(memberships.store_id, sessions.store_id)),
      )
      .leftJoin(rolePermissions, membershipPermissions)
      .where(
        and(
          eq(accounts.id, sql.placeholder('account')),
          eq(sessions.id, sql.placeholder('session')),
          isNull(sessions.ended_at),
          gt(sessions.expires_at, sql`now()`),
        ),
      );
    type CallerRow = Awaited<typeof callerSelect>[number];
    // On the database itself, as drizzle's prepared statement was: never a write's transaction.
    const callerQuery = preparedRead(
      app.database.db,
      callerFields,
      callerSelect,
      app.database.statementName('caller_of_token'),
    );

    async function callerOfToken(token: string): Promise<Caller | null> {
      const claims = await app.tokens.verify(token);
      if (!claims) return null;
      const accountId = Number(claims.sub);
      if (!Number.isSafeInteger(accountId)) return null;
      // The account, the session, the session's store membership and the role's permissions there
      // are read in one primary-key join, so that disabling the account, changing its password,
      // signing out, leaving the store or losing a permission ends what the token opens at once.
      const [row] = (await callerQuery.execute({ account: accountId, session: claims.sid })) as CallerRow[];
      if (!row || row.status !== 'ACTIVE') return null;
      if (claims.pv !== passwordGeneration(row.password_changed_at)) return null;
      const role = row.role === ADMIN ? ADMIN : (row.member_role ?? row.role);
      return {
        accountId,
        role,
        storeId: row.role === ADMIN || row.member_role === null ? null : row.store_id,
        permissions: new Set(permissionsOf(role, row.chosen)),
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
