/**
 * Wrong logins on e-mails that have no account, counted in memory so that such an e-mail locks
 * after the same number of tries as a real one: otherwise the lock would tell who has an account.
 * Bounded: past `capacity` e-mails, the oldest entry is forgotten.
 */
export class UnknownLogins {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly lockMs: number,
    private readonly capacity = 10_000,
  ) {}

  /** Whether the e-mail is locked now; the lock ends by itself. */
  isLocked(email: string, now = Date.now()): boolean {
    const entry = this.entries.get(email);
    return entry !== undefined && entry.lockedUntil > now;
  }

  /** Counts a wrong try; returns true when it locks the e-mail. */
  fail(email: string, now = Date.now()): boolean {
    const entry = this.entries.get(email) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(email); // re-inserted below: the map's order is the order of last use
    if (entry.lockedUntil <= now && entry.lockedUntil !== 0) entry.lockedUntil = 0;
    entry.failures += 1;
    const locks = entry.failures >= this.maxFailures;
    if (locks) {
      entry.failures = 0;
      entry.lockedUntil = now + this.lockMs;
    }
    this.entries.set(email, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return locks;
  }
}
