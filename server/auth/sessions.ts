import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberships, sessions } from '../db/schema';
import type { Db } from '../db/client';
import { ADMIN } from './roles';
import { PASSWORD_TTL_SECONDS, passwordGeneration, SESSION_TTL_SECONDS, type TokenScope } from './tokens';

/** What a token is issued from: the account as it is now. */
export interface SessionAccount {
  id: number;
  /** ADMIN or MEMBER. */
  role: string;
  /** The store the member worked in last: a new session works there when it still may. */
  last_store_id: number | null;
  password_changed_at: Date | null;
}

/** A store a member works in, with their role there. */
export interface WorkPlace {
  storeId: number;
  role: string;
}

/**
 * Where a member's new session works: the store asked for, else the one they used last, else
 * the first they joined; null for an administrator or an account that belongs to no store.
 */
export async function workPlaceOf(
  db: Db,
  account: Pick<SessionAccount, 'id' | 'role' | 'last_store_id'>,
  wanted?: number,
): Promise<WorkPlace | null> {
  if (account.role === ADMIN) return null;
  const places = await db
    .select({ storeId: memberships.store_id, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.account_id, account.id))
    .orderBy(asc(memberships.created_at), asc(memberships.store_id));
  return (
    places.find((place) => place.storeId === wanted) ??
    places.find((place) => place.storeId === account.last_store_id) ??
    places[0] ??
    null
  );
}

/**
 * Opens a session for the account and returns its token. The row is what signing out ends; the
 * token's `pv` is what a later password change ends. A member's session works in one store
 * (`workPlaceOf`); the token names it and the role there, for the client's menus — the server
 * reads both from the session on every call, never from the token.
 */
export async function openSession(
  app: FastifyInstance,
  account: SessionAccount,
  scope: TokenScope,
  wanted?: number,
): Promise<string> {
  return (await startSession(app, account, scope, wanted)).token;
}

/** Opens a session (as `openSession`) and says which it is and where it works: for its audit row. */
export async function startSession(
  app: FastifyInstance,
  account: SessionAccount,
  scope: TokenScope,
  wanted?: number,
): Promise<{ token: string; sessionId: string; storeId: number | null }> {
  const place = await workPlaceOf(app.db, account, wanted);
  const sid = crypto.randomUUID();
  const ttl = scope === 'password' ? PASSWORD_TTL_SECONDS : SESSION_TTL_SECONDS;
  await app.db.insert(sessions).values({
    id: sid,
    account_id: account.id,
    scope,
    store_id: place?.storeId ?? null,
    expires_at: sql`now() + make_interval(secs => ${ttl})`,
  });
  const token = await sessionToken(app, account, scope, sid, place);
  return { token, sessionId: sid, storeId: place?.storeId ?? null };
}

/** The token of an open session, whose claims say where it works now. */
export function sessionToken(
  app: FastifyInstance,
  account: Pick<SessionAccount, 'id' | 'role' | 'password_changed_at'>,
  scope: TokenScope,
  sid: string,
  place: WorkPlace | null,
): Promise<string> {
  return app.tokens.sign({
    sub: String(account.id),
    role: account.role === ADMIN ? ADMIN : (place?.role ?? account.role),
    store_id: place?.storeId ?? null,
    scope,
    pv: passwordGeneration(account.password_changed_at),
    sid,
  });
}

/** Ends one session (signing out): its token answers 401 from then on, on every instance. */
export async function endSession(app: FastifyInstance, sid: string): Promise<void> {
  await app.db
    .update(sessions)
    .set({ ended_at: sql`now()` })
    .where(and(eq(sessions.id, sid), isNull(sessions.ended_at)));
}
