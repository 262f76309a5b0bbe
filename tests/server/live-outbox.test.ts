import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { ELECTION_NAME, rows, type Session } from '../../server/db/client';
import { lookAtEvents, RELAY_LOCK } from '../../server/plugins/live';
import type { LiveChange, LiveReady } from '../../contract/live';
import { createTestApp, demo, login, storeId, type TestApp } from './helpers';
import { data, named, open } from './live-streams';

/**
 * The live notices' outbox (migration 0025, server/plugins/live.ts): writes append store events in
 * their own transaction, a relay elected per database sends them, and a stream that reconnects
 * reads what it missed from the table, on any instance.
 */
let t: TestApp;
let cantina: number;
let sertao: number;
let token: string;
let tableNumber = 900;

beforeAll(async () => {
  t = await createTestApp();
  cantina = await storeId(t.app.db, 'Cantina Bella');
  sertao = await storeId(t.app.db, 'Sabor do Sertão');
  token = await login(t.app, demo.cantina);
});

afterAll(async () => {
  await t?.close();
});

const onPostgres = process.env.TEST_DATABASE === 'postgres';

/** A write to the floor of `store` (a new table: its topic is the floor only), in a transaction of its own. */
const addTable = (store: number) =>
  t.app.db.execute(
    sql`insert into tables (store_id, number, name) values (${store}, ${++tableNumber}, ${`Mesa ${tableNumber}`})`,
  );

const versionOf = async (store: number) =>
  Number(
    rows<{ version: string }>(
      await t.app.db.execute(sql`select version from floor_versions where store_id = ${store}`),
    )[0]?.version ?? 0,
  );

/** The test's own session on the database (PGlite's one, or the pool's), for the relay's looks. */
const session = (): Session => {
  const client = (t.database.db as unknown as { $client: pg.Pool }).$client;
  return { query: async (text, params) => (await client.query(text, params)).rows as never[] };
};

describe('replay from the store events', () => {
  it('tells a stream opened after a restart, on another instance, what it missed, with the topics written', async () => {
    const before = await open(t.app, token);
    const seen = data<LiveReady>(await before.next(named('ready'))).version;
    before.close();

    // Written while no stream listens (as a script would), then an instance that was not running.
    await addTable(cantina);
    const fresh = await t.instance();
    const stream = await open(fresh, token, { lastEventId: seen });
    await stream.next(named('ready'));
    const missed = data<LiveChange>(await stream.next(named('change')));
    // From the table: the floor alone, not "everything".
    expect(missed).toEqual({ store: cantina, version: seen + 1, topics: ['floor'] });
    stream.close();
    await fresh.close();
  });

  it('answers a cursor older than the events kept with reset, and a kept one with what it missed', async () => {
    const first = await open(t.app, token);
    const seen = data<LiveReady>(await first.next(named('ready'))).version;
    first.close();
    await addTable(cantina);
    await addTable(cantina);
    // The first of the two is past the retention: housekeeping removes it.
    await t.app.db.execute(
      sql`update store_events set created_at = now() - interval '2 hours'
          where store_id = ${cantina} and version = ${seen + 1}`,
    );
    await t.app.housekeeping();
    expect(
      rows(
        await t.app.db.execute(
          sql`select 1 from store_events where store_id = ${cantina} and version = ${seen + 1}`,
        ),
      ),
    ).toEqual([]);

    const old = await open(t.app, token, { lastEventId: seen });
    const reset = await old.next(named('reset'));
    expect(reset.id).toBe(String(seen + 2));
    expect(data<LiveReady>(reset)).toEqual({ store: cantina, version: seen + 2 });
    expect(old.events.filter(named('change'))).toEqual([]);
    old.close();

    const kept = await open(t.app, token, { lastEventId: seen + 1 });
    expect(data<LiveChange>(await kept.next(named('change')))).toEqual({
      store: cantina,
      version: seen + 2,
      topics: ['floor'],
    });
    kept.close();

    // A cursor ahead of the store (a database restored from a copy): read everything.
    const ahead = await open(t.app, token, { lastEventId: seen + 1000 });
    expect(data<LiveReady>(await ahead.next(named('reset'))).version).toBe(seen + 2);
    ahead.close();
  });

  it('with live push off, moves the version but appends no event (and a stream that missed it resets)', async () => {
    const before = await versionOf(cantina);
    const events = async () =>
      rows(await t.app.db.execute(sql`select 1 from store_events where store_id = ${cantina}`)).length;
    const count = await events();
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('painel.live_push', 'off', true)`);
      await tx.execute(
        sql`insert into tables (store_id, number, name) values (${cantina}, ${++tableNumber}, 'Mesa sem aviso')`,
      );
    });
    expect(await versionOf(cantina)).toBe(before + 1);
    expect(await events()).toBe(count);
    const stream = await open(t.app, token, { lastEventId: before });
    expect(data<LiveReady>(await stream.next(named('reset'))).version).toBe(before + 1);
    stream.close();
  });
});

describe('the relay', () => {
  it('reads each committed event once, and sends one notice per store for a burst of writes', async () => {
    const { snapshot } = await lookAtEvents(session(), null);
    const writes = [...Array(10).keys()].map((n) => addTable(n % 3 === 0 ? sertao : cantina));
    await Promise.all(writes);
    const look = await lookAtEvents(session(), snapshot);
    expect(look.notices.sort((a, b) => a.s - b.s)).toEqual(
      [
        { s: cantina, v: await versionOf(cantina), t: ['floor'] },
        { s: sertao, v: await versionOf(sertao), t: ['floor'] },
      ].sort((a, b) => a.s - b.s),
    );
    // Told once: the next look has nothing.
    expect((await lookAtEvents(session(), look.snapshot)).notices).toEqual([]);
  });

  // PostgreSQL only: PGlite runs one transaction at a time.
  it.runIf(onPostgres)('sends a transaction that commits after a look at the next one, once', async () => {
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const writer = await pool.connect();
    try {
      const { snapshot } = await lookAtEvents(session(), null);
      await writer.query('begin');
      await writer.query(`insert into tables (store_id, number, name) values ($1, $2, 'Mesa longa')`, [
        sertao,
        ++tableNumber,
      ]);
      // A later transaction commits first.
      await addTable(cantina);
      const during = await lookAtEvents(session(), snapshot);
      expect(during.notices.map((notice) => notice.s)).toEqual([cantina]);
      await writer.query('commit');
      const after = await lookAtEvents(session(), during.snapshot);
      expect(after.notices).toEqual([{ s: sertao, v: await versionOf(sertao), t: ['floor'] }]);
      expect((await lookAtEvents(session(), after.snapshot)).notices).toEqual([]);
    } finally {
      writer.release();
    }
  });

  it('sends no NOTIFY from the writers of the floor: their triggers append to the outbox', async () => {
    const triggers = rows<{ written: string; fn: string; notifies: boolean }>(
      await t.app.db.execute(sql`
        select t.tgrelid::regclass::text as written, p.proname as fn, p.prosrc ~* 'notify' as notifies
        from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and t.tgrelid in (
          select tgrelid from pg_trigger where tgfoid in ('bump_floor_version'::regproc, 'bump_store_floor_version'::regproc))`),
    );
    const floor = new Set(triggers.map((trigger) => trigger.written));
    expect([...floor].sort()).toEqual(
      [
        'categories',
        'complement_group_products',
        'complement_groups',
        'order_items',
        'orders',
        'payments',
        'product_complement_groups',
        'products',
        'reservations',
        'stores',
        'tables',
        'tickets',
      ].sort(),
    );
    expect(triggers.filter((trigger) => trigger.notifies)).toEqual([]);
    const bumps = rows<{ source: string }>(
      await t.app.db.execute(
        sql`select prosrc as source from pg_proc where proname in ('bump_floor_version', 'bump_store_floor_version')`,
      ),
    );
    expect(bumps).toHaveLength(2);
    for (const { source } of bumps) expect(source).toContain('INSERT INTO store_events');
  });

  // PostgreSQL only: the test holds the relay's lock from a session of its own.
  it.runIf(onPostgres)(
    'leaves no version trusted while no relay is heard, and tells the streams everything changed when one is back',
    async () => {
      const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
      const holder = await pool.connect();
      try {
        const changes: LiveChange[] = [];
        const stop = t.app.live.watchStore(cantina, (change) => changes.push(change));
        await expect.poll(() => t.app.live.relaying()).toBe(true);
        // The earlier tests' notices may still be on their way (a late tick under load). One relay
        // session sends in order, so once a write of this test's own is told, none is left behind.
        await addTable(cantina);
        const caughtUp = await versionOf(cantina);
        await expect.poll(() => changes.some((change) => change.version === caughtUp)).toBe(true);
        changes.length = 0;
        await t.app.live.versionOf(cantina);
        // The relay's connection goes, and this session takes the lock before any instance does.
        await holder.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = $1`,
          [ELECTION_NAME],
        );
        await holder.query('select pg_advisory_lock($1)', [RELAY_LOCK]);
        await expect.poll(() => t.app.live.relaying()).toBe(false);
        await addTable(cantina);
        const version = await versionOf(cantina);
        // No notice comes; the version held is read again once the relay is silent.
        await expect.poll(() => t.app.live.versionOf(cantina)).toBe(version);
        expect(changes).toEqual([]);

        await holder.query('select pg_advisory_unlock($1)', [RELAY_LOCK]);
        await expect.poll(() => t.app.live.relaying()).toBe(true);
        await expect
          .poll(() => changes.find((change) => change.topics.length === 3))
          .toEqual({ store: cantina, version, topics: ['floor', 'tab', 'board'] });
        stop();
      } finally {
        holder.release();
      }
    },
  );

  it('is taken over by another instance when the one that holds it goes', async () => {
    const other = await t.instance();
    // The first app took the lock when it started; the other waits for it.
    await expect.poll(() => t.app.live.relaying()).toBe(true);
    expect(other.live.relaying()).toBe(false);
    const holders = async () =>
      rows<{ pid: number }>(
        await t.app.database.db.execute(
          sql`select pid from pg_locks where locktype = 'advisory' and granted and objid = ${RELAY_LOCK} and objsubid = 1
              and database = (select oid from pg_database where datname = current_database())`,
        ),
      ).map((row) => row.pid);
    const before = onPostgres ? await holders() : [];
    if (onPostgres) expect(before).toHaveLength(1);

    const changes: LiveChange[] = [];
    other.live.watchStore(cantina, (change) => changes.push(change));
    // As an instance stops (the test app's close() finds it closed).
    await t.app.close();
    await expect.poll(() => other.live.relaying()).toBe(true);
    if (onPostgres) {
      const after = await holders();
      expect(after).toHaveLength(1);
      expect(after).not.toEqual(before);
    }
    // Notices flow through the new relay.
    await addTable(cantina);
    const version = await versionOf(cantina);
    await expect.poll(() => changes.some((change) => change.version === version)).toBe(true);
  });
});
