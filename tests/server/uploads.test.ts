import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileType } from '../../server/storage/file-types';
import { LocalStorage } from '../../server/storage/local-storage';
import { eq, sql } from 'drizzle-orm';
import { accounts, attemptCounters, storedFiles } from '../../server/db/schema';
import { quotaOf, storedBytes, UPLOAD_LIMITS } from '../../server/storage/file-records';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const INVALID_IMAGE = 'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP.';
const INVALID_VIDEO = 'Arquivo inválido: envie um vídeo MP4.';

// Real files of one pixel (and the start of a real MP4), small enough to read here.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const MP4 = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')),
  box('free', Buffer.alloc(0)),
  box('mdat', Buffer.from('not really frames, but the server only reads the header')),
]);

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A file of the given size that starts like `head`. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body written by hand, as a browser's FormData would send it. */
function form(parts: Part[], { cut = 0 } = {}) {
  const boundary = `----painel${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers =
      'data' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks).subarray(0, cut ? -cut : undefined);
  return {
    // In pieces, as the network delivers it, so that a file arrives over several reads.
    payload: Readable.from(
      Array.from({ length: Math.ceil(body.length / CHUNK) }, (_, i) =>
        body.subarray(i * CHUNK, (i + 1) * CHUNK),
      ),
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (data: Buffer, filename = 'foto.webp', type = 'image/webp') => ({
  name: 'file',
  filename,
  type,
  data,
});
const folder = (value: string) => ({ name: 'folder', value });

/** Every file under a folder, dot folders included, so that a left-over temp file shows. */
function listing(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((entry) => {
    return fs.statSync(path.join(dir, entry)).isFile();
  });
}

let t: TestApp;
let adminToken: string;
let cantinaToken: string;
let sertaoToken: string;
let cantinaId: number;
let sertaoId: number;

beforeAll(async () => {
  t = await createTestApp();
  [adminToken, cantinaToken, sertaoToken] = await Promise.all([
    login(t.app, demo.admin),
    login(t.app, demo.cantina),
    login(t.app, demo.sertao),
  ]);
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
});

afterAll(async () => {
  await t?.close();
});

async function upload(token: string | null, parts: Part[], options?: { cut?: number }) {
  return as(t.app, token)({ method: 'POST', url: '/api/uploads', ...form(parts, options) });
}

/** Uploads a file that must be accepted and returns its URL. */
async function stored(token: string, parts: Part[]): Promise<string> {
  const response = await upload(token, parts);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

function expectRefused(response: { statusCode: number; body: string }, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toEqual({ error: { message } });
}

const onDisk = (url: string) => path.join(t.uploadsDir, url.replace(/^\/uploads\//, ''));

describe('POST /api/uploads', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
    ['WebP', WEBP, 'webp', 'image/webp'],
  ])('stores a %s image in the store folder and serves it back', async (_name, data, extension, mime) => {
    const before = Date.now();
    const url = await stored(cantinaToken, [folder('images'), file(data, 'qualquer-nome.bin', 'x/y')]);

    expect(url).toMatch(new RegExp(`^/uploads/images/${cantinaId}/\\d+-[0-9a-f]{12}\\.${extension}$`));
    const timestamp = Number(/\/(\d+)-/.exec(url)?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(fs.readFileSync(onDisk(url))).toEqual(data);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.rawPayload).toEqual(data);
  });

  it('stores an MP4 video in the videos folder', async () => {
    const url = await stored(cantinaToken, [folder('videos'), file(MP4, 'promo.mp4', 'video/mp4')]);
    expect(url).toMatch(new RegExp(`^/uploads/videos/${cantinaId}/\\d+-[0-9a-f]{12}\\.mp4$`));
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload).toEqual(MP4);
  });

  it("files an administrator's uploads under platform", async () => {
    const url = await stored(adminToken, [folder('images'), file(PNG)]);
    expect(url).toMatch(/^\/uploads\/images\/platform\/\d+-[0-9a-f]{12}\.png$/);
  });

  it('takes the folder after the file too, and the folder from the content when none is sent', async () => {
    expect(await stored(cantinaToken, [file(WEBP), folder('images')])).toMatch(/^\/uploads\/images\//);
    expect(await stored(cantinaToken, [file(MP4, 'v.mp4', 'video/mp4')])).toMatch(/^\/uploads\/videos\//);
  });

  it('gives every upload a name of its own', async () => {
    const urls = await Promise.all(
      Array.from({ length: 5 }, () => stored(sertaoToken, [folder('images'), file(PNG)])),
    );
    expect(new Set(urls).size).toBe(5);
  });

  describe('refuses, and stores nothing', () => {
    let before: string[];
    const expectNothingStored = () => expect(listing(t.uploadsDir)).toEqual(before);

    beforeAll(() => {
      before = listing(t.uploadsDir);
    });

    it('a text file renamed foto.png and declared image/png', async () => {
      const text = Buffer.from('Isto não é uma imagem, apenas um texto com nome de foto.\n'.repeat(50));
      const response = await upload(cantinaToken, [folder('images'), file(text, 'foto.png', 'image/png')]);
      expectRefused(response, INVALID_IMAGE);
      expectNothingStored();
    });

    it('other types dressed as images or videos: HTML, SVG, GIF, HEIC, QuickTime, a truncated header', async () => {
      const fakes: Array<[string, Buffer]> = [
        ['images', Buffer.from('<!doctype html><script>alert(1)</script>')],
        ['images', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
        ['images', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
        ['images', box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'))],
        ['videos', box('ftyp', Buffer.from('qt  \0\0\x02\0qt  ', 'latin1'))],
        ['images', PNG.subarray(0, 10)],
      ];
      for (const [target, data] of fakes) {
        const response = await upload(cantinaToken, [folder(target), file(data, 'x.png', 'image/png')]);
        expectRefused(response, target === 'images' ? INVALID_IMAGE : INVALID_VIDEO);
      }
      expectNothingStored();
    });

    it('an image sent as a video and a video sent as an image, whatever order the fields come in', async () => {
      expectRefused(await upload(cantinaToken, [folder('videos'), file(PNG)]), INVALID_VIDEO);
      expectRefused(await upload(cantinaToken, [folder('images'), file(MP4)]), INVALID_IMAGE);
      expectRefused(await upload(cantinaToken, [file(PNG), folder('videos')]), INVALID_VIDEO);
      expectRefused(await upload(cantinaToken, [file(MP4), folder('images')]), INVALID_IMAGE);
      expectNothingStored();
    });

    it('an unknown file with no folder', async () => {
      const response = await upload(cantinaToken, [file(Buffer.from('%PDF-1.7\n% documento qualquer'))]);
      expectRefused(response, 'Arquivo inválido: envie uma imagem PNG, JPEG ou WebP, ou um vídeo MP4.');
      expectNothingStored();
    });

    it('an image over 5 MB, and a video over 50 MB', async () => {
      expectRefused(
        await upload(cantinaToken, [folder('images'), file(sized(PNG, 5 * MiB + 1))]),
        'Arquivo grande demais: o limite é 5 MB.',
      );
      expectRefused(
        await upload(cantinaToken, [file(sized(JPEG, 5 * MiB + 1)), folder('images')]),
        'Arquivo grande demais: o limite é 5 MB.',
      );
      expectRefused(
        await upload(cantinaToken, [folder('videos'), file(sized(MP4, 50 * MiB + 1), 'v.mp4', 'video/mp4')]),
        'Arquivo grande demais: o limite é 50 MB.',
      );
      expectNothingStored();
    });

    it('a request without a file', async () => {
      const call = as(t.app, cantinaToken);
      expectRefused(
        await call({ method: 'POST', url: '/api/uploads', payload: {} }),
        'Nenhum arquivo enviado.',
      );
      expectRefused(await upload(cantinaToken, [folder('images')]), 'Nenhum arquivo enviado.');
      expectRefused(
        await upload(cantinaToken, [folder('images'), file(Buffer.alloc(0), '', 'application/octet-stream')]),
        'Nenhum arquivo enviado.',
      );
      expectRefused(
        await upload(cantinaToken, [folder('images'), { ...file(PNG), name: 'imagem' }]),
        'Nenhum arquivo enviado.',
      );
      expectNothingStored();
    });

    it('two files at once, an unknown folder, a body cut short', async () => {
      expectRefused(
        await upload(cantinaToken, [folder('images'), file(PNG), file(WEBP)]),
        'Envie um arquivo por vez.',
      );
      expectRefused(
        await upload(cantinaToken, [folder('../../etc'), file(PNG)]),
        'Pasta inválida: use images ou videos.',
      );
      expectRefused(
        await upload(cantinaToken, [file(PNG), folder('documentos')]),
        'Pasta inválida: use images ou videos.',
      );
      expectRefused(
        await upload(cantinaToken, [folder('images'), file(sized(PNG, 64 * 1024))], { cut: 1000 }),
        'Envio inválido: o arquivo não chegou completo.',
      );
      expectNothingStored();
    });

    it('anonymous callers, with 401', async () => {
      const response = await upload(null, [folder('images'), file(PNG)]);
      expect(response.statusCode).toBe(401);
      expectNothingStored();
    });
  });

  it('accepts an image of exactly 5 MB', async () => {
    const url = await stored(cantinaToken, [folder('images'), file(sized(WEBP, 5 * MiB))]);
    expect(fs.statSync(onDisk(url)).size).toBe(5 * MiB);
  });

  it('does not serve files still arriving', async () => {
    fs.writeFileSync(path.join(t.uploadsDir, '.incoming', 'abc.part'), 'meio arquivo');
    const response = await t.app.inject({ method: 'GET', url: '/uploads/.incoming/abc.part' });
    expect(response.statusCode).toBe(404);
    fs.rmSync(path.join(t.uploadsDir, '.incoming', 'abc.part'));
  });
});

describe('DELETE /api/uploads', () => {
  const remove = (token: string | null, url: unknown) =>
    as(t.app, token)({ method: 'DELETE', url: '/api/uploads', payload: { url } });
  const NOT_FOUND = { error: { message: 'Arquivo não encontrado.' } };

  it('lets staff remove their own store’s file', async () => {
    const url = await stored(cantinaToken, [folder('images'), file(PNG)]);
    const response = await remove(cantinaToken, url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { url } });
    expect(fs.existsSync(onDisk(url))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Gone is gone.
    expect((await remove(cantinaToken, url)).json()).toEqual(NOT_FOUND);
  });

  it("answers 404 to staff for another store's file, and for the platform's, and keeps them", async () => {
    const theirs = await stored(sertaoToken, [folder('images'), file(PNG)]);
    const platform = await stored(adminToken, [folder('videos'), file(MP4)]);
    for (const url of [theirs, platform]) {
      const response = await remove(cantinaToken, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(fs.existsSync(onDisk(url))).toBe(true);
    }
    expect(theirs).toContain(`/images/${sertaoId}/`);
  });

  it('lets an administrator remove any stored file, also by its absolute URL', async () => {
    const cantina = await stored(cantinaToken, [folder('images'), file(JPEG)]);
    const own = await stored(adminToken, [folder('images'), file(WEBP)]);
    expect((await remove(adminToken, cantina)).statusCode).toBe(200);
    expect((await remove(adminToken, `https://api.painel.com.br${own}?v=1`)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk(cantina))).toBe(false);
    expect(fs.existsSync(onDisk(own))).toBe(false);
  });

  it('removes nothing outside the stored files', async () => {
    const secret = path.join(t.uploadsDir, 'segredo.txt');
    fs.writeFileSync(secret, 'não apague');
    const own = await stored(cantinaToken, [folder('images'), file(PNG)]);
    const name = path.basename(own);
    for (const url of [
      '/uploads/segredo.txt',
      `/uploads/images/${cantinaId}/../../segredo.txt`,
      `/uploads/images/${cantinaId}/%2e%2e/${name}`,
      `/uploads/images/${cantinaId}//${name}`,
      `/uploads/.incoming/${name}`,
      `ftp://painel.com.br${own}`,
      '//painel.com.br/uploads/segredo.txt',
      'https://firebasestorage.googleapis.com/v0/b/x/o/images%2F1.webp',
      'não é url',
    ]) {
      const response = await remove(adminToken, url);
      expect(response.statusCode, url).toBe(404);
    }
    expect(fs.existsSync(secret)).toBe(true);
    expect(fs.existsSync(onDisk(own))).toBe(true);
  });

  it('validates the body, and answers 401 to anonymous callers', async () => {
    const missing = await as(t.app, cantinaToken)({ method: 'DELETE', url: '/api/uploads', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await remove(cantinaToken, '')).json()).toEqual({
      error: { message: 'Informe o endereço do arquivo. (campo url)' },
    });
    expect((await remove(null, '/uploads/images/1/1-ab.png')).statusCode).toBe(401);
  });
});

describe('limits and records', () => {
  const pathOf = (url: string) => url.replace(/^\/uploads\//, '');
  const rowOf = async (url: string) =>
    (
      await t.app.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.path, pathOf(url)))
    )[0];
  const rowCount = async () => (await t.app.db.select({ path: storedFiles.path }).from(storedFiles)).length;
  const QUOTA_REACHED =
    'O limite de armazenamento do restaurante foi atingido (500 MB). Remova arquivos que não usa mais.';

  /** Fills an owner's quota with a row of no file, leaving `room` bytes; returns its removal. */
  async function fillQuota(owner: string, room: number) {
    const used = await storedBytes(t.app.db, owner);
    const filler = `images/${owner}/0-enchimento.png`;
    await t.app.db.insert(storedFiles).values({ path: filler, owner, bytes: quotaOf(owner) - used - room });
    return () => t.app.db.delete(storedFiles).where(eq(storedFiles.path, filler));
  }

  it('records who sent each file, its owner and size, and forgets it when the file is removed', async () => {
    const url = await stored(cantinaToken, [folder('images'), file(PNG)]);
    const row = await rowOf(url);
    const [cantinaAccount] = await t.app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, demo.cantina.email));
    expect(row).toMatchObject({
      owner: String(cantinaId),
      account_id: cantinaAccount?.id,
      bytes: PNG.length,
    });
    expect((await rowOf(await stored(adminToken, [folder('videos'), file(MP4)])))?.owner).toBe('platform');

    const removed = await as(
      t.app,
      cantinaToken,
    )({ method: 'DELETE', url: '/api/uploads', payload: { url } });
    expect(removed.statusCode).toBe(200);
    expect(await rowOf(url)).toBeUndefined();
  });

  it("forgets the rows of the files a record's removal takes with it", async () => {
    const cantina = as(t.app, cantinaToken);
    const image = await stored(cantinaToken, [folder('images'), file(WEBP)]);
    const created = await cantina({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Efêmera', image },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: { id: number } }>().data;
    expect(await rowOf(image)).toBeDefined();

    expect((await cantina({ method: 'DELETE', url: `/api/categories/id/${id}` })).statusCode).toBe(200);
    expect(fs.existsSync(onDisk(image))).toBe(false);
    expect(await rowOf(image)).toBeUndefined();
  });

  it("takes a file that fills the store's quota exactly, and refuses the next one, storing nothing", async () => {
    const owner = String(sertaoId);
    const release = await fillQuota(owner, PNG.length);
    await stored(sertaoToken, [folder('images'), file(PNG)]);
    expect(await storedBytes(t.app.db, owner)).toBe(quotaOf(owner));

    const [files, rowsBefore] = [listing(t.uploadsDir), await rowCount()];
    const response = await upload(sertaoToken, [folder('images'), file(PNG)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { message: QUOTA_REACHED } });
    expect(listing(t.uploadsDir)).toEqual(files);
    expect(await rowCount()).toBe(rowsBefore);
    // Another store's quota is its own.
    await stored(cantinaToken, [folder('images'), file(PNG)]);
    await release();
  });

  it('holds the quota exactly against uploads racing each other', async () => {
    const owner = String(sertaoId);
    const release = await fillQuota(owner, 2 * PNG.length);
    const files = listing(t.uploadsDir).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(sertaoToken, [folder('images'), file(PNG)])),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 413, 413, 413, 413]);
    expect(await storedBytes(t.app.db, owner)).toBe(quotaOf(owner));
    expect(listing(t.uploadsDir).length).toBe(files + 2);
    await release();
  });

  it("names the platform's own quota to administrators", async () => {
    const release = await fillQuota('platform', 0);
    const response = await upload(adminToken, [folder('images'), file(PNG)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: {
        message:
          'O limite de armazenamento da plataforma foi atingido (5 GB). Remova arquivos que não usa mais.',
      },
    });
    await release();
  });

  it('limits the uploads of one account in a window, with 429, and takes them again once it is over', async () => {
    const email = 'envios@cantinabella.com.br';
    const id = await createAccount(t.app.db, {
      email,
      password: 'Envios@2026',
      role: 'WAITER',
      store_id: cantinaId,
    });
    const token = await login(t.app, { email, password: 'Envios@2026' });
    const key = `upload:account:${id}`;
    await t.app.db.insert(attemptCounters).values({ key, count: UPLOAD_LIMITS.uploadsPerWindow - 1 });
    await stored(token, [folder('images'), file(PNG)]); // the window's last

    const files = listing(t.uploadsDir);
    const response = await upload(token, [folder('images'), file(PNG)]);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { message: 'Muitos envios de arquivos. Tente novamente em alguns minutos.' },
    });
    expect(listing(t.uploadsDir)).toEqual(files);
    // Others keep sending; and the account too, once its window is over.
    await stored(cantinaToken, [folder('images'), file(PNG)]);
    await t.app.db
      .update(attemptCounters)
      .set({ window_started_at: sql`now() - make_interval(mins => ${UPLOAD_LIMITS.windowMinutes})` })
      .where(eq(attemptCounters.key, key));
    await stored(token, [folder('images'), file(PNG)]);
  });
});

describe('detectFileType', () => {
  it('tells the accepted types by their first bytes', () => {
    expect(detectFileType(PNG)).toEqual({ kind: 'image', extension: 'png' });
    expect(detectFileType(JPEG)).toEqual({ kind: 'image', extension: 'jpg' });
    expect(detectFileType(WEBP)).toEqual({ kind: 'image', extension: 'webp' });
    expect(detectFileType(MP4)).toEqual({ kind: 'video', extension: 'mp4' });
    for (const brand of ['mp42', 'iso5', 'avc1', 'M4V ']) {
      expect(detectFileType(box('ftyp', Buffer.from(`${brand}\0\0\0\0isom`, 'latin1')))?.extension).toBe(
        'mp4',
      );
    }
  });

  it('refuses look-alikes', () => {
    const riffWave = Buffer.from('RIFF\x24\0\0\0WAVEfmt \x10\0\0\0', 'latin1');
    const webpWithoutChunk = Buffer.concat([WEBP.subarray(0, 12), Buffer.from('JUNK')]);
    const pngWithoutHeader = Buffer.concat([PNG.subarray(0, 12), Buffer.from('tEXt')]);
    const avif = box('ftyp', Buffer.from('avif\0\0\0\0mif1', 'latin1'));
    const oddFtyp = Buffer.concat([Buffer.from([0, 0, 0, 17]), Buffer.from('ftypisom\0\0\0\0\0', 'latin1')]);
    for (const bytes of [riffWave, webpWithoutChunk, pngWithoutHeader, avif, oddFtyp, Buffer.alloc(16)]) {
      expect(detectFileType(bytes)).toBeNull();
    }
  });
});

describe('LocalStorage', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-storage-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves no partial file when the client stops mid-file', async () => {
    const storage = new LocalStorage(root, t.app.db);
    await storage.open();
    async function* cutShort() {
      yield sized(PNG, 1024);
      yield Buffer.alloc(1024);
      throw new Error('Part terminated early');
    }
    await expect(storage.receive(Readable.from(cutShort()), () => MiB)).rejects.toThrow(
      'multipart body failed',
    );
    expect(listing(root)).toEqual([]);
  });

  it('clears what a crashed process left arriving, once it is an hour old', async () => {
    const storage = new LocalStorage(root, t.app.db);
    await storage.open();
    const old = path.join(root, '.incoming', 'old.part');
    const fresh = path.join(root, '.incoming', 'fresh.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    fs.utimesSync(old, hourAgo, hourAgo);
    await storage.open();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });

  it('removes only files under its root', async () => {
    const storage = new LocalStorage(root, t.app.db);
    const outside = path.join(os.tmpdir(), `painel-outside-${crypto.randomBytes(4).toString('hex')}`);
    fs.writeFileSync(outside, 'x');
    expect(await storage.remove(path.relative(root, outside))).toBe(false);
    expect(fs.existsSync(outside)).toBe(true);
    fs.rmSync(outside);
  });
});
