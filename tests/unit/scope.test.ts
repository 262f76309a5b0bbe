import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { closingTransactionsWith, inTransaction, scoped } from '../../server/db/scope';

/** A database whose transactions are named, so that `scoped` shows which one it answers for. */
function named() {
  let opened = 0;
  const db = {
    name: 'base',
    transaction: (work: (tx: unknown) => Promise<unknown>) => work({ name: `tx${++opened}` }),
  } as unknown as Db;
  return { db, app: scoped(db) as unknown as { name: string } };
}

describe('the transaction a request runs in', () => {
  it('is the one each overlapping transaction opened, whichever ends first, and none after', async () => {
    const { db, app } = named();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = inTransaction(db, async () => {
      await gate;
      await null;
      return app.name;
    });
    // The second ends while the first still runs: the first keeps its own.
    const second = await inTransaction(db, async () => {
      await null;
      return app.name;
    });
    release();
    expect(second).toBe('tx2');
    expect(await first).toBe('tx1');
    expect(app.name).toBe('base');
    // And again after every storage was left: a new transaction is seen as before.
    expect(await inTransaction(db, async () => (await null, app.name))).toBe('tx3');
  });

  it('ends each outermost transaction with what the request adds, and a failed one leaves nothing open', async () => {
    const { db, app } = named();
    const closed: string[] = [];
    const result = await closingTransactionsWith(
      async (tx) => void closed.push((tx as unknown as { name: string }).name),
      () => inTransaction(db, async () => app.name),
    );
    expect(result).toBe('tx1');
    expect(closed).toEqual(['tx1']);
    await expect(
      inTransaction(db, async () => {
        throw new Error('falhou');
      }),
    ).rejects.toThrow('falhou');
    expect(app.name).toBe('base');
    expect(await inTransaction(db, async () => app.name)).toBe('tx3');
  });
});
