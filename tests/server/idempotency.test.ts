import crypto from 'node:crypto';
import fs from 'node:fs';
import { inTransaction } from '../../server/db/scope';
import { recordAudit } from '../../server/plugins/audit';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../../server/app';
import { idempotencyKeys, reservations, storedFiles, stores } from '../../server/db/schema';
import { KEY_APPLIED, KEY_IN_FLIGHT, KEY_INVALID, KEY_REUSED } from '../../server/plugins/idempotency';
import { saoPauloClock, saoPauloInstant } from '../../contract/resources/reservations/rules';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * The Idempotency-Key of the write routes (server/plugins/idempotency.ts): a request sent again
 * with its key gets the first answer and is done once, even ten at once, or after its server died
 * between its write and its answer; another body with the same key is refused; a failure releases
 * the key; keys belong to their caller and route. Every write route is walked in
 * idempotency-walk.test.ts.
 */

type Call = ReturnType<typeof as>;

let t: TestApp;
let cantina: Call;
let sertao: Call;
let cantinaId: number;

/** Another instance on the same database, with routes of its own whose handlers the test holds. */
let gated: FastifyInstance;
let impatient: FastifyInstance;
let uploadsDir: string;
let runs = 0;
let failNext = false;
let open: () => void = () => {};
let gate = Promise.resolve();
const closeGate = () => {
  gate = new Promise((resolve) => {
    open = resolve;
  });
};

/** An app whose POST /api/test/lento runs once per request it lets through, held until the gate opens. */
async function appWithHeldRoute(waitMs?: number): Promise<FastifyInstance> {
  const app = await buildApp({
    database: t.database,
    jwtSecret: 'i'.repeat(48),
    uploadsDir,
    idempotencyWaitMs: waitMs,
  });
  // Held outside any transaction (the test reads the database meanwhile), its audit row written once
  // it is let through, as a route that waits on something else does (server/plugins/audit.ts).
  app.post(
    '/api/test/lento',
    { config: { access: 'public', idempotent: true, audit: 'manual' } },
    async (request, reply) => {
      runs++;
      await gate;
      if (failNext) {
        failNext = false;
        throw new Error('falha de propósito');
      }
      await inTransaction(app.db, (tx) => recordAudit(tx, request, { resource: 'teste', storeId: null }));
      return reply.status(201).send({ data: { run: runs, body: request.body } });
    },
  );
  // Headers whose schema is no zod object: the key cannot join it, and is checked by the plugin.
  app.post(
    '/api/test/cabecalhos',
    {
      config: { access: 'public', audit: 'manual' },
      schema: {
        headers: z.union([
          z.looseObject({ 'x-lado': z.literal('a') }),
          z.looseObject({ 'x-lado': z.literal('b') }),
        ]),
      },
    },
    async (request, reply) => {
      runs++;
      await inTransaction(app.db, (tx) => recordAudit(tx, request, { resource: 'teste', storeId: null }));
      return reply.status(201).send({ data: { run: runs } });
    },
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-uploads-'));
  gated = await appWithHeldRoute();
  impatient = await appWithHeldRoute(300);
});

afterAll(async () => {
  await gated?.close();
  await impatient?.close();
  await t?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

/** Next Tuesday at 20:00 São Paulo, inside Cantina Bella's reservation hours. */
function nextTuesday(): string {
  for (let days = 1; days <= 7; days++) {
    const day = saoPauloClock(new Date(Date.now() + days * 86_400_000));
    if (day.weekday === 2) return saoPauloInstant(day.day, '20:00')!.toISOString();
  }
  throw new Error('no Tuesday');
}

let serial = 0;
const booking = () => ({
  fullname: `Convidado Repetido ${++serial}`,
  phone: '(11) 98765-4321',
  n_persons: 4,
  date: nextTuesday(),
});
const reserve = (call: Call, payload: unknown, key?: string) =>
  call({
    method: 'POST',
    url: '/api/reservations',
    payload: payload as Record<string, unknown>,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const namedCount = async (fullname: string) =>
  (
    await t.app.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.fullname, fullname))
  ).length;

describe('POST /api/reservations with an Idempotency-Key', () => {
  it('creates one reservation for ten identical requests sent at once, and gives all ten the same answer', async () => {
    const body = booking();
    const key = 'reserva-0001-toque-duplo';
    const answers = await Promise.all(Array.from({ length: 10 }, () => reserve(cantina, body, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await namedCount(body.fullname)).toBe(1);

    // Sent again later (an answer lost on the way): the first answer, nothing done.
    const again = await reserve(cantina, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(answers[0]!.body);
    expect(await namedCount(body.fullname)).toBe(1);
  });

  it('refuses the same key with another request, and does nothing', async () => {
    const body = booking();
    const key = 'reserva-0002-outro-pedido';
    expect((await reserve(cantina, body, key)).statusCode).toBe(201);
    const other = { ...body, n_persons: 8 };
    const refused = await reserve(cantina, other, key);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toBe(KEY_REUSED);
    expect(await namedCount(body.fullname)).toBe(1);
  });

  it("keeps each caller's keys apart: another store's manager with the same key books for their own store", async () => {
    const body = booking();
    const key = 'reserva-0003-mesma-chave';
    const mine = await reserve(cantina, body, key);
    const theirs = await reserve(sertao, body, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).not.toBe(422);
    expect(theirs.body).not.toBe(mine.body);
  });

  it('releases the key of a request that failed, so that the same request may be tried again', async () => {
    const body = booking();
    const key = 'reserva-0004-depois-da-falha';
    await t.app.db.update(stores).set({ reservations: false }).where(eq(stores.id, cantinaId));
    try {
      const refused = await reserve(cantina, body, key);
      expect(refused.statusCode).toBe(400);
    } finally {
      await t.app.db.update(stores).set({ reservations: true }).where(eq(stores.id, cantinaId));
    }
    const retried = await reserve(cantina, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await namedCount(body.fullname)).toBe(1);
  });

  it.each([
    ['too short', 'curta'],
    ['too long', 'x'.repeat(129)],
    ['with a space', 'chave com espaço'],
    ['with an accent', 'reserva-número-1'],
    ['empty', ''],
  ])('refuses a key %s with a Portuguese message, and books nothing', async (_, key) => {
    const body = booking();
    const refused = await reserve(cantina, body, key);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(`${KEY_INVALID} (campo idempotency-key)`);
    expect(await namedCount(body.fullname)).toBe(0);
  });

  it('leaves a request without the header as it was: sent twice, it books twice', async () => {
    const body = booking();
    expect((await reserve(cantina, body)).statusCode).toBe(201);
    expect((await reserve(cantina, body)).statusCode).toBe(201);
    expect(await namedCount(body.fullname)).toBe(2);
  });

  it('documents the header in the API reference of the routes that take it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; description?: string }[] }>
      >;
    }>();
    const header = (operation?: { parameters?: { name: string; in: string }[] }) =>
      operation?.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
    expect(header(document.paths['/api/reservations']?.post)).toMatchObject({
      description: expect.stringContaining('recebe a primeira resposta'),
    });
    expect(header(document.paths['/api/reservations/id/{id}']?.patch)).toBeDefined();
    // Its answer is a session's token, which is never kept.
    expect(header(document.paths['/api/account']?.patch)).toBeUndefined();
  });
});

describe('a first request whose server died between its write and its answer', () => {
  /** The key's row as the crash leaves it: no answer stored, and two minutes and more old. */
  const crashAfterTheWrite = (key: string) =>
    t.app.db
      .update(idempotencyKeys)
      .set({ status_code: null, response: null, created_at: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, key));

  it('is not run again once its write committed: the retry is told it was done (409)', async () => {
    const body = booking();
    const key = 'reserva-0007-queda-depois';
    expect((await reserve(cantina, body, key)).statusCode).toBe(201);
    const [row] = await t.app.db
      .select({ applied: idempotencyKeys.applied_at })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.applied, 'marked applied in the write transaction').not.toBeNull();
    await crashAfterTheWrite(key);

    const retried = await reserve(cantina, body, key);
    expect(retried.statusCode).toBe(409);
    expect(errorOf(retried)).toBe(KEY_APPLIED);
    expect(await namedCount(body.fullname)).toBe(1);
  });

  it('is taken over when its write never committed, and done once', async () => {
    const body = booking();
    const key = 'reserva-0008-queda-antes';
    expect((await reserve(cantina, body, key)).statusCode).toBe(201);
    // As if the transaction had rolled back with the server: no booking, no mark.
    await t.app.db.delete(reservations).where(eq(reservations.fullname, body.fullname));
    await crashAfterTheWrite(key);
    await t.app.db.update(idempotencyKeys).set({ applied_at: null }).where(eq(idempotencyKeys.key, key));

    const retried = await reserve(cantina, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await namedCount(body.fullname)).toBe(1);
  });
});

describe('a repeated request while the first is still running', () => {
  const send = (app: FastifyInstance, key: string, body: unknown, remoteAddress = '10.20.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/test/lento',
      payload: body as Record<string, unknown>,
      headers: { 'idempotency-key': key },
      remoteAddress,
    });

  it('waits for the first answer and gets it, the work done once', async () => {
    closeGate();
    const before = runs;
    const first = send(gated, 'lento-0001-espera', { n: 1 });
    await expect.poll(() => runs).toBe(before + 1);
    const second = send(gated, 'lento-0001-espera', { n: 1 });
    // The second is waiting on the key's row, not running.
    await expect
      .poll(async () => {
        const [row] = await t.app.db
          .select({ status: idempotencyKeys.status_code })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, 'lento-0001-espera'));
        return row && row.status === null;
      })
      .toBe(true);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.body).toBe(a.body);
    expect(runs).toBe(before + 1);
  });

  it('is told to try again in Portuguese (409) when the first takes longer than the wait', async () => {
    closeGate();
    const before = runs;
    const first = send(impatient, 'lento-0002-demora', { n: 2 });
    await expect.poll(() => runs).toBe(before + 1);
    const second = await send(impatient, 'lento-0002-demora', { n: 2 });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe(KEY_IN_FLIGHT);
    open();
    expect((await first).statusCode).toBe(201);
    // Once answered, the same request gets that answer.
    const later = await send(impatient, 'lento-0002-demora', { n: 2 });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('lets a waiting request run when the first one fails, and answers it with its own result', async () => {
    closeGate();
    failNext = true;
    const before = runs;
    const first = send(gated, 'lento-0003-falha', { n: 3 });
    await expect.poll(() => runs).toBe(before + 1);
    const second = send(gated, 'lento-0003-falha', { n: 3 });
    open();
    expect((await first).statusCode).toBe(500);
    const retried = await second;
    expect(retried.statusCode).toBe(201);
    expect(runs).toBe(before + 2);
  });

  it("keeps public routes' keys per address", async () => {
    gate = Promise.resolve();
    const here = await send(gated, 'lento-0004-endereco', { n: 4 }, '10.20.0.7');
    const there = await send(gated, 'lento-0004-endereco', { n: 4 }, '10.20.0.8');
    expect(there.body).not.toBe(here.body);
    expect(there.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('requests the plugin reads differently', () => {
  /** A one-pixel PNG (and `extra` bytes after it) as a browser's FormData sends it, with a boundary of its own. */
  function pictureForm(extra = 0) {
    const png = Buffer.concat([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
      Buffer.alloc(extra),
    ]);
    const boundary = `----painelchave${crypto.randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (form: ReturnType<typeof pictureForm>, key: string) =>
    cantina({
      method: 'POST',
      url: '/api/uploads',
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': key },
    });
  const storedCount = async () =>
    (await t.app.db.select({ path: storedFiles.path }).from(storedFiles)).length;

  it('knows a multipart upload sent again by its type and length, whatever its boundary', async () => {
    const key = 'envio-0001-mesma-foto';
    const before = await storedCount();
    const first = await upload(pictureForm(), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(pictureForm(), key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await storedCount()).toBe(before + 1);

    const another = await upload(pictureForm(16), key);
    expect(another.statusCode).toBe(422);
    expect(errorOf(another)).toBe(KEY_REUSED);
    expect(await storedCount()).toBe(before + 1);
  });

  it('checks the key of a route whose headers schema is no zod object, and answers it once', async () => {
    const send = (key: string) =>
      gated.inject({
        method: 'POST',
        url: '/api/test/cabecalhos',
        payload: {},
        headers: { 'x-lado': 'a', 'idempotency-key': key },
      });
    const before = runs;
    const refused = await send('curta');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(`${KEY_INVALID} (campo idempotency-key)`);
    const first = await send('cabecalhos-0001');
    const again = await send('cabecalhos-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(runs).toBe(before + 1);
  });
});

describe('housekeeping', () => {
  it('removes keys older than a day', async () => {
    await reserve(cantina, booking(), 'reserva-0005-antiga');
    await reserve(cantina, booking(), 'reserva-0006-recente');
    await t.app.db
      .update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'reserva-0005-antiga'));
    await t.app.housekeeping();
    const keys = (await t.app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('reserva-0005-antiga');
    expect(keys).toContain('reserva-0006-recente');
  });
});
