import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attemptCounters } from '../db/schema';
import { countAttempt, forgetAttempts, uncount } from './attempts';

/**
 * Login throttling, counted in the database (attempt_counters) so that restarts and several
 * instances share it. Three counters per try in one 15-minute window, and a fourth over a day:
 *
 * - per address and e-mail: five wrong passwords lock that pair; the owner, elsewhere, still
 *   signs in, so nobody can lock anybody out from their own address;
 * - per address, across e-mails: thirty wrong passwords stop that address (password spraying);
 * - per e-mail, across addresses: past twenty, every answer on that e-mail waits a few seconds,
 *   right password included — a distributed guess slows to a crawl while the owner still gets in;
 * - per e-mail, across addresses, over 24 hours: a hard cap of fifty passwords checked. Past it
 *   the e-mail takes no password at all, right one included, until the owner proves themselves
 *   through the e-mailed token (which lifts it) or the day is over. Only tries that were checked
 *   count toward it: tries a pair or an address lock already refused guess nothing, and counting
 *   them would let one address push anybody into the token-only state in a minute.
 *
 * The counters are keyed by the e-mail as typed, whether or not an account has it, and every try
 * does the same work (the account read and one argon2id computation), so neither the answers nor
 * their timing tell which e-mails exist.
 */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_PER_PAIR = 5;
export const LOGIN_MAX_PER_ADDRESS = 30;
export const LOGIN_MAX_PER_EMAIL = 20;
export const LOGIN_SLOW_ANSWER_MS = 3_000;
export const LOGIN_CAP_WINDOW_MINUTES = 24 * 60;
export const LOGIN_CAP_PER_EMAIL = 50;

const emailKey = (email: string) => `login:email:${email}`;
const capKey = (email: string) => `login:cap:${email}`;
/** Counts the owner's warnings about the cap, so that one day's attack sends one e-mail. */
const capNoticeKey = (email: string) => `login:cap-notice:${email}`;
const pairPrefix = (email: string) => `login:pair:${email}\n`;

export interface LoginTry {
  /** This try is over a limit of its pair or its address: answer 429 whatever the password. */
  refused: boolean;
  /** The e-mail is past its daily cap: only the e-mailed token signs it in now. */
  capped: boolean;
  /** This try is the one that found the cap reached and the owner has not been told today. */
  tellOwner: boolean;
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
  const refused = count(keys.pair) > LOGIN_MAX_PER_PAIR || count(keys.address) > LOGIN_MAX_PER_ADDRESS;
  let capped = false;
  let tellOwner = false;
  if (!refused) {
    const cap = (await countAttempt(db, [capKey(email)], LOGIN_CAP_WINDOW_MINUTES)).get(capKey(email)) ?? 0;
    capped = cap > LOGIN_CAP_PER_EMAIL;
    if (cap === LOGIN_CAP_PER_EMAIL + 1) {
      // Counted too, not only read: of two tries that both see the cap reached, one tells.
      const notices = await countAttempt(db, [capNoticeKey(email)], LOGIN_CAP_WINDOW_MINUTES);
      tellOwner = notices.get(capNoticeKey(email)) === 1;
    }
  }
  return {
    refused,
    capped,
    tellOwner,
    slowed: count(keys.email) > LOGIN_MAX_PER_EMAIL,
    async succeeded() {
      await forgetAttempts(db, [keys.pair]);
      await uncount(db, [keys.address, keys.email, capKey(email)]);
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
        inArray(attemptCounters.key, [emailKey(address), capKey(address), capNoticeKey(address)]),
        sql`starts_with(${attemptCounters.key}, ${pairPrefix(address)})`,
      ),
    );
}
