import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LISTENER_NAME } from '../../server/db/client';
import { accounts, orderItems } from '../../server/db/schema';
import type { LiveChange, LiveReady } from '../../contract/live';
import { as, createAccount, demo, errorOf, login, type TestApp } from './helpers';
import { newGuests, openService, seatAndOrder, type Floor } from './service-fixtures';
import { data, named, open, type Stream } from './live-streams';

let t: TestApp;
let floor: Floor;
let other: Floor;
let cantinaToken: string;
let sertaoToken: string;
let adminToken: string;
/** A second API instance on the same database. */
let second: FastifyInstance;

const changes = (stream: Stream) =>
  stream.events.filter(named('change')).map((event) => data<LiveChange>(event));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let itemId: number;
let otherItemId: number;

beforeAll(async () => {
  ({ t, floor, other } = await openService([1, 2]));
  cantinaToken = await login(t.app, demo.cantina);
  sertaoToken = await login(t.app, demo.sertao);
  adminToken = await login(t.app, demo.admin);
  second = await t.instance();
  const [ana, bia] = await newGuests(t.app.db, 2);
  const orderId = await seatAndOrder(t.app.db, floor, 1, [
    { customerId: ana!, items: [{ productId: floor.dish }, { productId: floor.drink }] },
  ]);
  const otherOrder = await seatAndOrder(t.app.db, other, 1, [
    { customerId: bia!, items: [{ productId: other.dish }] },
  ]);
  const itemOf = async (order: number) =>
    (await t.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, order)))[0]!
      .id;
  itemId = await itemOf(orderId);
  otherItemId = await itemOf(otherOrder);
});

afterAll(async () => {
  await t?.close();
});

const advance = (token: string, id: number, status: string) =>
  as(t.app, token)({ method: 'PATCH', url: `/api/orders/items/id/${id}/status`, payload: { status } });

describe('the live stream (GET /api/live)', () => {
  it('opens with the store and its version, then tells a change made on another instance, with its topics', async () => {
    const stream = await open(second, cantinaToken);
    const ready = data<LiveReady>(await stream.next(named('ready')));
    expect(ready.store).toBe(floor.storeId);
    expect(ready.version).toBeGreaterThan(0);

    // Written through the first instance (its own connection): the stream lives on the second.
    expect((await advance(cantinaToken, itemId, 'PREPARING')).statusCode).toBe(200);
    const change = data<LiveChange>(await stream.next(named('change')));
    expect(change.store).toBe(floor.storeId);
    expect(change.version).toBeGreaterThan(ready.version);
    expect(change.topics).toEqual(expect.arrayContaining(['board', 'floor', 'tab']));
    // One action's several writes (the item, the ticket, the tab's totals) come as one notice.
    await pause(200);
    expect(changes(stream)).toHaveLength(1);
    stream.close();
  });

  it("never sends another store's changes", async () => {
    const stream = await open(t.app, cantinaToken);
    await stream.next(named('ready'));
    expect((await advance(sertaoToken, otherItemId, 'PREPARING')).statusCode).toBe(200);
    await pause(300);
    expect(changes(stream)).toEqual([]);
    // The stream is alive: its own store's next change arrives, and only that one.
    expect((await advance(cantinaToken, itemId, 'READY')).statusCode).toBe(200);
    await stream.next(named('change'));
    expect(changes(stream).map((change) => change.store)).toEqual([floor.storeId]);
    stream.close();
  });

  it('keeps staff on their own store whatever they name; an administrator names one, and must', async () => {
    const staff = await open(t.app, cantinaToken, { query: `?store_id=${other.storeId}` });
    expect(data<LiveReady>(await staff.next(named('ready'))).store).toBe(floor.storeId);
    staff.close();

    const admin = await open(t.app, adminToken, { query: `?store_id=${other.storeId}` });
    expect(data<LiveReady>(await admin.next(named('ready'))).store).toBe(other.storeId);
    admin.close();

    const unnamed = await open(t.app, adminToken);
    expect(await unnamed.end).toEqual({
      kind: 'refused',
      status: 400,
      message: 'Informe o restaurante (store_id).',
    });
    const missing = await open(t.app, adminToken, { query: '?store_id=999999' });
    expect(await missing.end).toEqual({
      kind: 'refused',
      status: 404,
      message: 'Restaurante não encontrado.',
    });
  });

  it('refuses a call without a token, and a token in the URL is no way in', async () => {
    const anonymous = await open(t.app, null);
    expect(await anonymous.end).toMatchObject({ kind: 'refused', status: 401 });
    const inUrl = await open(t.app, null, { query: `?token=${cantinaToken}` });
    expect(await inUrl.end).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('tells a client that reconnects what it missed, at once', async () => {
    const first = await open(t.app, cantinaToken);
    const seen = data<LiveReady>(await first.next(named('ready'))).version;
    first.close();
    // Changed while the client was away.
    expect((await advance(cantinaToken, itemId, 'PREPARING')).statusCode).toBe(200);
    const again = await open(t.app, cantinaToken, { lastEventId: seen });
    await again.next(named('ready'));
    const missed = data<LiveChange>(await again.next(named('change'), 500));
    expect(missed.version).toBeGreaterThan(seen);
    expect(missed.topics).toEqual(['floor', 'tab', 'board']);
    // Up to date: nothing is told.
    const current = await open(t.app, cantinaToken, { lastEventId: missed.version });
    await current.next(named('ready'));
    await pause(200);
    expect(changes(current)).toEqual([]);
    again.close();
    current.close();
  });

  it("ends a signed-out session's stream, on another instance too", async () => {
    const token = await login(t.app, demo.cantina);
    const here = await open(t.app, token);
    const there = await open(second, token);
    await here.next(named('ready'));
    await there.next(named('ready'));
    const response = await as(t.app, token)({ method: 'POST', url: '/auth/logout' });
    expect(response.statusCode).toBe(204);
    for (const stream of [here, there]) {
      const ended = await stream.next(named('ended'));
      expect(data<{ message: string }>(ended).message).toBe('Sessão expirada ou inválida. Entre novamente.');
      expect(await stream.end).toEqual({ kind: 'closed' });
    }
    // And it cannot be opened again.
    const after = await open(t.app, token);
    expect(await after.end).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('ends the stream of an account that is disabled', async () => {
    const id = await createAccount(t.app.db, {
      email: 'garcom.live@exemplo.com.br',
      password: 'Senha@2026',
      role: 'WAITER',
      store_id: floor.storeId,
    });
    const token = await login(t.app, { email: 'garcom.live@exemplo.com.br', password: 'Senha@2026' });
    const stream = await open(t.app, token);
    await stream.next(named('ready'));
    await t.app.db.update(accounts).set({ status: 'INACTIVE' }).where(eq(accounts.id, id));
    await stream.next(named('ended'));
    expect(await stream.end).toEqual({ kind: 'closed' });
  });

  it('answers a bad store_id with a Portuguese message', async () => {
    const response = await as(t.app, adminToken)({ method: 'GET', url: '/api/live?store_id=abc' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatch(/store_id/);
  });

  it('ends its streams when the server closes, so that closing never waits on them', async () => {
    // An instance that closes as in production: connections are left to end, not destroyed.
    const extra = await t.instance({ forceCloseConnections: false });
    const stream = await open(extra, cantinaToken);
    await stream.next(named('ready'));
    // Without the streams ended first, closing would wait on them until the test timed out.
    await extra.close();
    expect(await stream.end).toEqual({ kind: 'closed' });
  });

  // PostgreSQL only: PGlite's notices come in process and are never lost.
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'tells the streams to read everything when the lost notices connection is back',
    async () => {
      const stream = await open(t.app, cantinaToken);
      const seen = data<LiveReady>(await stream.next(named('ready'))).version;
      await t.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = ${LISTENER_NAME}`,
      );
      // Changed while no instance hears the notices.
      expect((await advance(cantinaToken, itemId, 'READY')).statusCode).toBe(200);
      const missed = data<LiveChange>(await stream.next(named('change'), 5000));
      expect(missed.version).toBeGreaterThan(seen);
      expect(missed.topics).toEqual(['floor', 'tab', 'board']);
      await expect.poll(() => t.app.live.noticesFlow()).toBe(true);
      stream.close();
    },
  );
});
