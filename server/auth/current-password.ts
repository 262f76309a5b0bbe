import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { badRequest, tooManyRequests } from '../http-errors';
import { countAttempt, forgetAttempts } from './attempts';
import { hashPassword, verifyPassword } from './passwords';

/** Wrong current passwords a signed-in account may send in a window before it must wait. */
export const CURRENT_PASSWORD_TRIES = 5;
const WINDOW_MINUTES = 15;

/**
 * Changing one's own password asks for the current one; a stolen session must not be able to
 * guess it, so wrong answers are counted per account, in the database.
 */
export async function checkCurrentPassword(
  db: Db,
  accountId: number,
  passwordHash: string | null,
  given: string,
  wrongMessage: string,
): Promise<void> {
  const key = `password-check:${accountId}`;
  const counts = await countAttempt(db, [key], WINDOW_MINUTES);
  if ((counts.get(key) ?? 0) > CURRENT_PASSWORD_TRIES) {
    throw tooManyRequests(
      `Muitas tentativas com a senha atual. Tente novamente em ${WINDOW_MINUTES} minutos.`,
    );
  }
  if (!(await verifyPassword(passwordHash, given))) throw badRequest(wrongMessage);
  await forgetAttempts(db, [key]);
}

/**
 * The columns of a new password: its hash (computed before, never inside, the write) and the
 * instant it was set, which ends every token issued before.
 */
export async function newPassword(password: string) {
  return {
    password_hash: await hashPassword(password),
    password_changed_at: sql`date_trunc('milliseconds', now())`,
  };
}
