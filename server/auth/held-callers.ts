/**
 * Who each token spoke for a moment ago, on the embedded database. A tablet polls every second,
 * and with live push reads again every 30 s: without this, every call would verify the token and
 * read the account and the session. What is held is forgotten as soon as any session ends or any
 * account's access changes (on every instance, through the database's notices) and whenever
 * notices may have been missed, so a signed-out or disabled caller never gets through for long:
 * moments with notices, a second or two without.
 */

/**
 * How long a caller is held without reading it again: a minute while notices flow (any change to
 * its access forgets it at once), a second while they may be missed. Past the minute, while
 * notices flow and for up to `servedWhileRead`, the held caller still answers and is read again
 * after: the embedded database serves one statement at a time, so a read on the call's path waits
 * behind every write under way (a tablet on live push, which calls every 30 s, would otherwise
 * wait on every other call). A caller the read no longer finds is refused from the next call.
 */
export const CALLER_HELD_MS = { flowing: 60_000, missed: 1_000, servedWhileRead: 10 * 60_000 } as const;
const MAX_HELD_CALLERS = 20_000;

interface Held<C> {
  caller: C;
  /** When the read that found it began. */
  at: number;
}

export interface HeldCallersOptions<C> {
  /** Reads a token's caller from the database (null: the token opens nothing). */
  read: (token: string) => Promise<C | null>;
  /** Whether the database's notices flow now, so that a change of access would have been heard. */
  noticesFlow: () => boolean;
  /** A read made after a call answered failed: the caller is forgotten, the next call reads. */
  onReadFailed: (error: unknown) => void;
  now?: () => number;
}

export class HeldCallers<C extends { expiresAt: number }> {
  private readonly held = new Map<string, Held<C>>();
  /** Reads under way, shared by the calls of the same token made since the last `forgetAll`. */
  private reading = new Map<string, Promise<C | null>>();
  /** Moves on every `forgetAll`: a read begun before it may not hold what it found. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: HeldCallersOptions<C>) {
    this.now = options.now ?? Date.now;
  }

  /** The caller of `token`: held, or read (and held). */
  callerOf(token: string): Promise<C | null> {
    const now = this.now();
    const known = this.held.get(token);
    if (known && now < known.caller.expiresAt) {
      const age = now - known.at;
      const flowing = this.options.noticesFlow();
      if (age < (flowing ? CALLER_HELD_MS.flowing : CALLER_HELD_MS.missed))
        return Promise.resolve(known.caller);
      if (flowing && age < CALLER_HELD_MS.servedWhileRead) {
        this.read(token).catch((error: unknown) => {
          this.held.delete(token);
          this.options.onReadFailed(error);
        });
        return Promise.resolve(known.caller);
      }
    }
    return this.read(token);
  }

  /** Forgets every caller held, and every read under way: an access may have changed. */
  forgetAll(): void {
    this.generation += 1;
    this.held.clear();
    this.reading = new Map();
  }

  private read(token: string): Promise<C | null> {
    const pending = this.reading.get(token);
    if (pending) return pending;
    const generation = this.generation;
    const at = this.now();
    const reading = this.reading;
    const read = this.options
      .read(token)
      .then((caller) => {
        if (generation === this.generation) {
          if (!caller) this.held.delete(token);
          else {
            if (this.held.size >= MAX_HELD_CALLERS) this.held.clear();
            this.held.set(token, { caller, at });
          }
        }
        return caller;
      })
      .finally(() => {
        if (reading.get(token) === read) reading.delete(token);
      });
    reading.set(token, read);
    return read;
  }
}
