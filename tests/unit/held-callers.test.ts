import { describe, it, expect } from 'vitest';
import { CALLER_HELD_MS, HeldCallers } from '../../server/auth/held-callers';

interface TestCaller {
  name: string;
  expiresAt: number;
}

/** A database read the test answers when it wants to. */
interface PendingRead {
  token: string;
  answer: (caller: TestCaller | null) => void;
  fail: (error: Error) => void;
}

function setup() {
  let now = 1_000_000;
  let flowing = true;
  const reads: PendingRead[] = [];
  const failures: unknown[] = [];
  const callers = new HeldCallers<TestCaller>({
    read: (token) =>
      new Promise((answer, fail) => {
        reads.push({ token, answer, fail });
      }),
    noticesFlow: () => flowing,
    onReadFailed: (error) => failures.push(error),
    now: () => now,
  });
  return {
    callers,
    reads,
    failures,
    caller: (name: string): TestCaller => ({ name, expiresAt: now + 3_600_000 }),
    advance: (ms: number) => (now += ms),
    setFlowing: (value: boolean) => (flowing = value),
  };
}

/** A setup in which token 'a' was read once, and Ana held. */
async function heldAna() {
  const s = setup();
  const first = s.callers.callerOf('a');
  s.reads[0]!.answer(s.caller('Ana'));
  await first;
  return s;
}

/** Lets the reads' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** What `call` answered without waiting for a read the test has not answered: 'waiting' if none. */
async function answeredNow<T>(call: Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([call, settle().then(() => 'waiting' as const)]);
}

describe('held callers', () => {
  it('reads a token once, shares the read among the calls that wait for it, and holds what it found', async () => {
    const s = setup();
    const first = s.callers.callerOf('a');
    const second = s.callers.callerOf('a');
    expect(s.reads).toHaveLength(1);
    s.reads[0]!.answer(s.caller('Ana'));
    expect((await first)?.name).toBe('Ana');
    expect((await second)?.name).toBe('Ana');
    s.advance(CALLER_HELD_MS.flowing - 1);
    expect((await s.callers.callerOf('a'))?.name).toBe('Ana');
    expect(s.reads).toHaveLength(1);
  });

  it('past a minute with notices flowing, answers with the held caller at once and reads it again after', async () => {
    const s = await heldAna();
    s.advance(CALLER_HELD_MS.flowing + 1);
    // Answered before the read is: the database is not on the call's path.
    expect(await answeredNow(s.callers.callerOf('a'))).toMatchObject({ name: 'Ana' });
    expect(await answeredNow(s.callers.callerOf('a'))).toMatchObject({ name: 'Ana' });
    expect(s.reads).toHaveLength(2);
    // The read finds the session ended: the next call waits for a read of its own, and is refused.
    s.reads[1]!.answer(null);
    await settle();
    const next = s.callers.callerOf('a');
    expect(s.reads).toHaveLength(3);
    s.reads[2]!.answer(null);
    expect(await next).toBeNull();
  });

  it('past a minute, a read after the answer that fails forgets the caller and says so', async () => {
    const s = await heldAna();
    s.advance(CALLER_HELD_MS.flowing + 1);
    expect(await answeredNow(s.callers.callerOf('a'))).toMatchObject({ name: 'Ana' });
    s.reads[1]!.fail(new Error('banco indisponível'));
    await settle();
    expect(s.failures).toHaveLength(1);
    expect(await answeredNow(s.callers.callerOf('a'))).toBe('waiting');
    expect(s.reads).toHaveLength(3);
  });

  it('waits for the read when notices may have been missed (past a second), or the caller is too old', async () => {
    const s = await heldAna();
    s.setFlowing(false);
    s.advance(CALLER_HELD_MS.missed + 1);
    const missed = s.callers.callerOf('a');
    expect(await answeredNow(missed)).toBe('waiting');
    s.reads[1]!.answer(s.caller('Ana'));
    expect((await missed)?.name).toBe('Ana');

    s.setFlowing(true);
    s.advance(CALLER_HELD_MS.servedWhileRead + 1);
    const old = s.callers.callerOf('a');
    expect(await answeredNow(old)).toBe('waiting');
    s.reads[2]!.answer(null);
    expect(await old).toBeNull();
  });

  it('never serves a caller past its token’s expiry', async () => {
    const s = setup();
    const first = s.callers.callerOf('a');
    s.reads[0]!.answer({ name: 'Ana', expiresAt: 1_000_000 + 10_000 });
    await first;
    s.advance(10_000);
    void s.callers.callerOf('a');
    expect(s.reads).toHaveLength(2);
  });

  it('after forgetAll, neither holds nor shares what a read begun before it found', async () => {
    const s = setup();
    const before = s.callers.callerOf('a');
    // Sign-out answers (its write forgets every caller) while that read is under way.
    s.callers.forgetAll();
    const after = s.callers.callerOf('a');
    expect(s.reads).toHaveLength(2);
    s.reads[1]!.answer(null);
    expect(await after).toBeNull();
    s.reads[0]!.answer(s.caller('Ana'));
    expect((await before)?.name).toBe('Ana');
    // The first read's caller was not held: the next call reads again.
    void s.callers.callerOf('a');
    expect(s.reads).toHaveLength(3);
  });
});
