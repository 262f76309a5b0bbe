import { or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attemptCounters } from '../db/schema';
import { countAttempt, forgetAttempts, uncount } from './attempts';

/**
 * Login throttling, counted in the database (attempt_counters) so that restarts and several
 * instances share it. Three counters per try, all in one fixed window:
 *
 * - per address and e-mail: five wrong passwords lock that pair; the owner, elsewhere, still
 *   signs in, so nobody can lock anybody out from their own address;
 * - per address, across e-mails: thirty wrong passwords stop that address (password spraying);
 * - per e-mail, across addresses: past twenty, every answer on that e-mail waits a few seconds,
 *   right password included — a distributed guess slows to a crawl while the owner still gets in.
 *
 * The counters are keyed by the e-mail as typed, whether or not an account has it, and every try
 * does the same work (the account read and one argon2id computation), so neither the answers nor
 * their timing tell which e-mails exist. Setting a new password through the e-mailed token lifts
 * the e-mail's counters.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_PER_PAIR = 5;
export const LOGIN_MAX_PER_ADDRESS = 30;
export const LOGIN_MAX_PER_EMAIL = 20;
export const LOGIN_SLOW_ANSWER_MS = 3_000;

const emailKey = (email: string) => `login:email:${email}`;
const pairPrefix = (email: string) => `login:pair:${email}\n`;

export interface LoginTry {
  /** This try is over a limit of its pair or its address: answer 429 whatever the password. */
  refused: boolean;
  /** The e-mail is under attack from many addresses: answer only after LOGIN_SLOW_ANSWER_MS. */
  slowed: boolean;
  /** The try was legitimate: take it back from the counters. */
  succeeded(): Promise<void>;
}

/** Counts a login try before its password is checked, so tries sent at once cannot all pass. */
export async function countLoginTry(db: Db, email: string, address: string): Promise<LoginTry> {
  const keys = {
    address: `login:address:${address}`,
    email: emailKey(email),
    pair: `${pairPrefix(email)}${address}`,
  };
  const counts = await countAttempt(db, Object.values(keys), LOGIN_WINDOW_MINUTES);
  const count = (key: string) => counts.get(key) ?? 0;
  return {
    refused: count(keys.pair) > LOGIN_MAX_PER_PAIR || count(keys.address) > LOGIN_MAX_PER_ADDRESS,
    slowed: count(keys.email) > LOGIN_MAX_PER_EMAIL,
    async succeeded() {
      await forgetAttempts(db, [keys.pair]);
      await uncount(db, [keys.address, keys.email]);
    },
  };
}

/** A password set through the e-mailed token proves the owner: the e-mail's locks are lifted. */
export async function liftLoginLocks(db: Db, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db
    .delete(attemptCounters)
    .where(
      or(
        sql`${attemptCounters.key} = ${emailKey(address)}`,
        sql`starts_with(${attemptCounters.key}, ${pairPrefix(address)})`,
      ),
    );
}
