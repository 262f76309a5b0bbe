import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { OutboxEntry, OutboxRequest } from '../../src/offline/entry';
import { createOutbox, type Outbox, type OutboxDeps } from '../../src/offline/outbox';
import { memoryStorage, type OutboxStorage } from '../../src/offline/storage';

const request = (n: number): OutboxRequest => ({
  method: 'PATCH',
  path: `/api/orders/items/id/${n}/status`,
  body: { status: 'READY' },
  label: `Item ${n} pronto`,
  effect: { kind: 'itemStatus', items: [{ id: n, status: 'READY' }] },
});

/** A server whose answer to each path the test decides; the calls are recorded in order. */
function fakeServer() {
  const calls: { path: string; key: string }[] = [];
  const answers = new Map<string, () => unknown>();
  let reachable = true;
  const send = vi.fn(async (entry: OutboxEntry) => {
    await Promise.resolve();
    if (!reachable) throw new HttpError('Não foi possível conectar ao servidor.', 0);
    calls.push({ path: entry.path, key: entry.key });
    const answer = answers.get(entry.path);
    return answer ? answer() : { data: { path: entry.path } };
  });
  return {
    calls,
    send,
    answer: (path: string, answer: () => unknown) => answers.set(path, answer),
    setReachable: (value: boolean) => (reachable = value),
  };
}

const made: Outbox[] = [];
afterEach(() => {
  for (const outbox of made.splice(0)) outbox.stop();
});

function outboxOf(
  server: ReturnType<typeof fakeServer>,
  storage: OutboxStorage,
  extra: Partial<OutboxDeps> = {},
) {
  const outbox = createOutbox({
    storage,
    send: server.send,
    session: () => ({ account: 'garcom@cantinabella.com.br', store: 2 }),
    browserOffline: () => false,
    onNetworkFailure: () => {},
    onAnswer: () => {},
    // The tests drive every attempt themselves.
    probeMs: 3_600_000,
    retryMs: { first: 3_600_000, max: 3_600_000 },
    ...extra,
  });
  made.push(outbox);
  return outbox;
}

describe('the outbox', () => {
  it('sends in order, each with a key of its own, and lets an entry go once the server answered it', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const outbox = outboxOf(server, storage);
    const outcomes = await Promise.all([1, 2, 3].map((n) => outbox.submit(request(n))));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['sent', 'sent', 'sent']);
    expect(outcomes[0]).toEqual({ kind: 'sent', body: { data: { path: '/api/orders/items/id/1/status' } } });
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/orders/items/id/1/status',
      '/api/orders/items/id/2/status',
      '/api/orders/items/id/3/status',
    ]);
    expect(new Set(server.calls.map((call) => call.key)).size).toBe(3);
    // Gone once the run ends (the screens read again then; see 'a long replay').
    await outbox.drain();
    expect(await storage.all()).toEqual([]);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a network failure keeps the entry, stops the run and says so; the next run sends all in order with the same keys', async () => {
    const server = fakeServer();
    const onNetworkFailure = vi.fn();
    const outbox = outboxOf(server, memoryStorage(), { onNetworkFailure });
    server.setReachable(false);
    expect(await outbox.submit(request(1))).toEqual({ kind: 'queued' });
    expect(await outbox.submit(request(2))).toEqual({ kind: 'queued' });
    expect(onNetworkFailure).toHaveBeenCalled();
    // The second was not tried past the first's failure: one attempt per run.
    expect(server.send.mock.calls.map(([entry]) => entry.path)).toEqual([
      '/api/orders/items/id/1/status',
      '/api/orders/items/id/1/status',
    ]);
    const waiting = outbox.snapshot().entries;
    expect(waiting.map((entry) => [entry.label, entry.state])).toEqual([
      ['Item 1 pronto', 'pending'],
      ['Item 2 pronto', 'pending'],
    ]);

    server.setReachable(true);
    await outbox.drain();
    expect(server.calls).toEqual(waiting.map((entry) => ({ path: entry.path, key: entry.key })));
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('nothing is tried while the browser says it is offline', async () => {
    const server = fakeServer();
    const outbox = outboxOf(server, memoryStorage(), { browserOffline: () => true });
    expect(await outbox.submit(request(1))).toEqual({ kind: 'queued' });
    await outbox.drain();
    expect(server.send).not.toHaveBeenCalled();
    expect(outbox.snapshot().entries).toHaveLength(1);
  });

  it('outlives a reload: the page loaded again sends what waited, with the key it got when queued', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const before = outboxOf(server, storage, { browserOffline: () => true });
    await before.submit(request(1));
    const [queued] = await storage.all();
    before.stop();

    const after = outboxOf(server, storage);
    await after.refresh();
    expect(after.snapshot().entries.map((entry) => entry.key)).toEqual([queued!.key]);
    await after.drain();
    expect(server.calls).toEqual([{ path: '/api/orders/items/id/1/status', key: queued!.key }]);
    expect(await storage.all()).toEqual([]);
  });

  it('a refusal on the replay is kept with the server’s words until dismissed, and the run goes on', async () => {
    const server = fakeServer();
    const outbox = outboxOf(server, memoryStorage());
    server.setReachable(false);
    await outbox.submit(request(1));
    await outbox.submit(request(2));
    const refusal = 'O item Tiramisù foi cancelado e não pode ser alterado.';
    server.answer('/api/orders/items/id/1/status', () => {
      throw new HttpError(refusal, 409, { error: { message: refusal } });
    });
    server.setReachable(true);
    await outbox.drain();
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/orders/items/id/1/status',
      '/api/orders/items/id/2/status',
    ]);
    const [refused, ...rest] = outbox.snapshot().entries;
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ label: 'Item 1 pronto', state: 'refused', refusal });

    // Never sent again, and gone only when dismissed.
    await outbox.drain();
    expect(server.calls).toHaveLength(2);
    await outbox.dismiss(refused!.id);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a refusal the screen waits for is told to it, and does not wait in the outbox too', async () => {
    const server = fakeServer();
    const outbox = outboxOf(server, memoryStorage());
    server.answer('/api/orders/items/id/1/status', () => {
      throw new HttpError('O item Pudim não pode ser atualizado pois já está pronto!', 409);
    });
    expect(await outbox.submit(request(1))).toEqual({
      kind: 'refused',
      message: 'O item Pudim não pode ser atualizado pois já está pronto!',
    });
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a server error keeps the entry for a later try', async () => {
    const server = fakeServer();
    const outbox = outboxOf(server, memoryStorage());
    let failing = true;
    server.answer('/api/orders/items/id/1/status', () => {
      if (failing) throw new HttpError('Erro interno', 503);
      return { data: 'ok' };
    });
    expect(await outbox.submit(request(1))).toEqual({ kind: 'queued' });
    expect(outbox.snapshot().entries).toMatchObject([{ state: 'pending' }]);
    failing = false;
    await outbox.drain();
    expect(outbox.snapshot().entries).toEqual([]);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.key).toBe(server.calls[0]!.key);
  });

  it('two tabs of one tablet never send an entry twice: one sends at a time, and the other finds it gone', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let chain = Promise.resolve();
    const exclusive = (work: () => Promise<void>) => {
      const run = chain.then(work);
      chain = run.catch(() => undefined);
      return run;
    };
    const offline = { value: true };
    const first = outboxOf(server, storage, { exclusive, browserOffline: () => offline.value });
    const second = outboxOf(server, storage, { exclusive, browserOffline: () => offline.value });
    for (let n = 1; n <= 5; n++) await (n % 2 ? first : second).submit(request(n));
    offline.value = false;
    await Promise.all([first.drain(), second.drain(), first.drain()]);
    expect(server.calls.map((call) => call.path)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/api/orders/items/id/${n}/status`),
    );
  });

  it('each account sends and sees only its own entries', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const account = { value: 'garcom@cantinabella.com.br' };
    const outbox = outboxOf(server, storage, {
      session: () => ({ account: account.value, store: 2 }),
      browserOffline: () => account.value === 'garcom@cantinabella.com.br',
    });
    await outbox.submit(request(1));
    account.value = 'cozinha@cantinabella.com.br';
    await outbox.refresh();
    expect(outbox.snapshot().entries).toEqual([]);
    await outbox.drain();
    expect(server.send).not.toHaveBeenCalled();
  });
});

describe('a long replay', () => {
  it('asks the screens to read again once a batch, not once an entry, and keeps what the server applied until they did', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let offline = true;
    const reads: string[][] = [];
    const outbox = outboxOf(server, storage, {
      browserOffline: () => offline,
      // What is still kept when the screens are asked to read: the applied, waiting for that read.
      afterSent: async () =>
        void reads.push(
          (await storage.all()).filter((entry) => entry.state === 'sent').map((entry) => entry.state),
        ),
    });
    for (let n = 1; n <= 25; n += 1) await outbox.submit(request(n));
    offline = false;
    await outbox.drain();
    expect(server.calls).toHaveLength(25);
    expect(reads.map((states) => states.length)).toEqual([20, 5]);
    expect(await storage.all()).toEqual([]);
  });
});
