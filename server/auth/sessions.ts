import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../db/schema';
import { PASSWORD_TTL_SECONDS, passwordGeneration, SESSION_TTL_SECONDS, type TokenScope } from './tokens';

/** What a token is issued from: the account as it is now. */
export interface SessionAccount {
  id: number;
  role: string;
  store_id: number | null;
  password_changed_at: Date | null;
}

/**
 * Opens a session for the account and returns its token. The row is what signing out ends; the
 * token's `pv` is what a later password change ends.
 */
export async function openSession(
  app: FastifyInstance,
  account: SessionAccount,
  scope: TokenScope,
): Promise<string> {
  const sid = crypto.randomUUID();
  const ttl = scope === 'password' ? PASSWORD_TTL_SECONDS : SESSION_TTL_SECONDS;
  await app.db.insert(sessions).values({
    id: sid,
    account_id: account.id,
    scope,
    expires_at: sql`now() + make_interval(secs => ${ttl})`,
  });
  return app.tokens.sign({
    sub: String(account.id),
    role: account.role,
    store_id: account.store_id,
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
