import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  accounts,
  attemptCounters,
  categories,
  products,
  sessions,
  storedFiles,
  stores,
} from '../../server/db/schema';
import database from '../../server/plugins/database';
import housekeeping from '../../server/plugins/housekeeping';
import { UPLOAD_LIMITS } from '../../server/storage/file-records';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

let t: TestApp;
let cantinaId: number;

beforeAll(async () => {
  t = await createTestApp();
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
});

afterAll(async () => {
  await t?.close();
});

const GRACE = UPLOAD_LIMITS.orphanGraceHours;

/**
 * A file as an upload leaves it: on disk under the store's folder, and recorded `hoursAgo`.
 * Returns its URL.
 */
async function uploaded(hoursAgo: number, folder = 'images'): Promise<string> {
  const relative = `${folder}/${cantinaId}/${Date.now()}-${crypto.randomBytes(6).toString('hex')}.webp`;
  fs.mkdirSync(path.dirname(onDisk(relative)), { recursive: true });
  fs.writeFileSync(onDisk(relative), 'webp');
  await t.app.db.insert(storedFiles).values({
    path: relative,
    owner: String(cantinaId),
    bytes: 4,
    created_at: sql`now() - make_interval(hours => ${hoursAgo})`,
  });
  return `/uploads/${relative}`;
}

const onDisk = (url: string) => path.join(t.uploadsDir, url.replace(/^\/uploads\//, ''));
const relativeOf = (url: string) => url.replace(/^\/uploads\//, '');

async function recorded(urls: string[]): Promise<string[]> {
  const found = await t.app.db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(inArray(storedFiles.path, urls.map(relativeOf)));
  return found.map((row) => `/uploads/${row.path}`).sort();
}

describe('housekeeping: files no record points to', () => {
  it('removes an orphan older than the grace period with its row, and keeps every file in use', async () => {
    const orphan = await uploaded(GRACE + 1);
    const young = await uploaded(GRACE - 1);
    const [logo, cover, category, photo, linked, video] = await Promise.all([
      uploaded(GRACE + 1),
      uploaded(GRACE + 1),
      uploaded(GRACE + 1),
      uploaded(GRACE + 1),
      uploaded(GRACE + 1),
      uploaded(GRACE + 1, 'videos'),
    ]);
    // Relative and absolute URLs, plain columns, a text array and JSON.
    await t.app.db
      .update(stores)
      .set({
        logo_white: logo,
        bg_image: `https://api.painel.com.br${cover}?v=2`,
        links: [
          { title: 'Cardápio', url: `http://192.168.0.10:3000${linked}`, active: true },
          { title: 'Vídeo', url: video, active: false },
        ],
      })
      .where(eq(stores.id, cantinaId));
    const [menu] = await t.app.db
      .insert(categories)
      .values({ store_id: cantinaId, name: 'Massas', image: category })
      .returning({ id: categories.id });
    await t.app.db.insert(products).values({
      store_id: cantinaId,
      category_id: menu!.id,
      name: 'Lasanha',
      price: 5900,
      external_code: 'LAS-1',
      images: ['https://cdn.exemplo.com/outra.webp', photo],
    });
    // Files the demo wrote, and any file no upload recorded, are never the job's.
    const demoFile = path.join(t.uploadsDir, 'demo', 'lasanha.svg');
    const unrecorded = path.join(t.uploadsDir, 'images', String(cantinaId), '1700000000000-abcdef.webp');
    for (const file of [demoFile, unrecorded]) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'x');
    }

    expect(await t.app.housekeeping()).toEqual({ orphans: 1 });

    expect(fs.existsSync(onDisk(orphan))).toBe(false);
    expect(await recorded([orphan])).toEqual([]);
    const kept = [young, logo, cover, category, photo, linked, video];
    for (const url of kept) expect(fs.existsSync(onDisk(url)), url).toBe(true);
    expect(await recorded(kept)).toEqual([...kept].sort());
    expect(fs.existsSync(demoFile)).toBe(true);
    expect(fs.existsSync(unrecorded)).toBe(true);

    // Once no record shows it, a file in use becomes an orphan like any other.
    await t.app.db.update(stores).set({ logo_white: null }).where(eq(stores.id, cantinaId));
    expect(await t.app.housekeeping()).toEqual({ orphans: 1 });
    expect(fs.existsSync(onDisk(logo))).toBe(false);
    expect(await recorded([logo])).toEqual([]);
  });

  it('forgets the row of an orphan whose file is already gone', async () => {
    const gone = await uploaded(GRACE + 1);
    fs.rmSync(onDisk(gone));
    expect(await t.app.housekeeping()).toEqual({ orphans: 1 });
    expect(await recorded([gone])).toEqual([]);
  });

  it('removes each orphan once when rounds run at the same time, as on several instances', async () => {
    const orphans = await Promise.all(Array.from({ length: 3 }, () => uploaded(GRACE + 1)));
    const rounds = await Promise.all([t.app.housekeeping(), t.app.housekeeping()]);
    expect(rounds.reduce((sum, round) => sum + round.orphans, 0)).toBe(3);
    for (const url of orphans) expect(fs.existsSync(onDisk(url))).toBe(false);
    expect(await recorded(orphans)).toEqual([]);
  });
});

describe('housekeeping: sessions and counters', () => {
  /** Moves the expiry of the account's sessions to `hoursAgo` hours ago. */
  const expire = (email: string, hoursAgo: number) =>
    t.app.db
      .update(sessions)
      .set({ expires_at: sql`now() - make_interval(hours => ${hoursAgo})` })
      .where(
        eq(
          sessions.account_id,
          sql`(select ${accounts.id} from ${accounts} where ${accounts.email} = ${email})`,
        ),
      );
  const sessionsOf = async (email: string) =>
    (
      await t.app.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.account_id))
        .where(eq(accounts.email, email))
    ).length;

  it('forgets sessions expired for a day and counters whose window ended a day ago, and no others', async () => {
    const [expiredLong, expiredToday, current] = await Promise.all([
      login(t.app, demo.cantina),
      login(t.app, demo.admin),
      login(t.app, demo.sertao),
    ]);
    await expire(demo.cantina.email, 25);
    await expire(demo.admin.email, 23);
    await t.app.db.insert(attemptCounters).values([
      { key: 'login:address:192.0.2.1', count: 3, window_started_at: sql`now() - interval '25 hours'` },
      { key: 'login:address:192.0.2.2', count: 3, window_started_at: sql`now() - interval '23 hours'` },
    ]);

    await t.app.housekeeping();

    expect(await sessionsOf(demo.cantina.email)).toBe(0);
    expect(await sessionsOf(demo.admin.email)).toBe(1);
    expect(await sessionsOf(demo.sertao.email)).toBe(1);
    for (const [token, status] of [
      [expiredLong, 401],
      [expiredToday, 401],
      [current, 200],
    ] as const) {
      expect((await as(t.app, token)({ method: 'GET', url: '/api/account' })).statusCode).toBe(status);
    }
    const counters = await t.app.db
      .select({ key: attemptCounters.key })
      .from(attemptCounters)
      .where(inArray(attemptCounters.key, ['login:address:192.0.2.1', 'login:address:192.0.2.2']));
    expect(counters).toEqual([{ key: 'login:address:192.0.2.2' }]);
  });
});

describe('housekeeping: the timer', () => {
  it('runs rounds one after another once the app is ready, and none once it is closed', async () => {
    const app = Fastify();
    await app.register(database, { database: t.database });
    // 60 ms between rounds: minutes are what production configures, fractions are for here.
    await app.register(housekeeping, { uploadsDir: t.uploadsDir, everyMinutes: 0.001 });
    await app.ready();
    let running = 0;
    let rounds = 0;
    const round = app.housekeeping;
    app.housekeeping = async () => {
      expect(running++).toBe(0); // never two at once on one instance
      try {
        return await round();
      } finally {
        running--;
        rounds++;
      }
    };
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(2), { timeout: 60_000 });
    await app.close();
    const done = rounds;
    expect(running).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rounds).toBe(done);
  });
});
