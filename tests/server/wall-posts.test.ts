import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { wallPosts } from '../../server/db/schema';
import { FILE_URL_INVALID } from '../../contract/lib/fileUrls';
import type { WallPost } from '../../contract/resources/wall/definition';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * Wall posts (restaurant spec 2 "Wall (mural)", 3 Mural post, 7 Wall posts): the store scope both
 * ways, the app's order (pinned first) and its reorder, paging totals, the form's messages, and the
 * stored picture that goes with its post.
 */

type Call = ReturnType<typeof as>;

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let cantinaId: number;
let sertaoId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
});
afterAll(() => t?.close());

async function create(call: Call, payload: Record<string, unknown>): Promise<WallPost> {
  const response = await call({ method: 'POST', url: '/api/posts', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: WallPost }>().data;
}

async function list(call: Call, query: Record<string, string> = {}) {
  const response = await call({ method: 'GET', url: '/api/posts', query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: WallPost[]; total: number } }>().data;
}

const titles = async (call: Call, query: Record<string, string> = {}) =>
  (await list(call, query)).results.map((post) => post.title);

/** Removes every post of both stores, so each test starts from an empty wall. */
async function emptyWalls() {
  await t.database.db.delete(wallPosts);
}

describe('a store’s wall', () => {
  beforeAll(emptyWalls);

  it('creates a post active and unpinned by default, in the staff’s own store whatever the body names', async () => {
    const post = await create(cantina, {
      title: 'Música ao vivo',
      body: 'Sexta e sábado, a partir das 20h.',
      store_id: sertaoId,
    });
    expect(post).toMatchObject({
      title: 'Música ao vivo',
      body: 'Sexta e sábado, a partir das 20h.',
      image: null,
      active: true,
      pinned: false,
      n_views: 0,
      store_id: cantinaId,
    });
    expect(await titles(sertao)).toEqual([]);
    expect(await titles(cantina)).toEqual(['Música ao vivo']);
  });

  it('lists pinned posts first, and puts each new post at the top of its group', async () => {
    await create(cantina, { title: 'Horário de feriado', body: 'Das 12h às 17h.' });
    await create(cantina, { title: 'Festival de Nhoque', body: 'Todo dia 29.', pinned: true });
    await create(cantina, { title: 'Novo prato', body: 'Ravioli de búfala.' });
    await create(cantina, { title: 'Fidelidade', body: '10% a cada R$ 500.', pinned: true });
    expect(await titles(cantina)).toEqual([
      'Fidelidade',
      'Festival de Nhoque',
      'Novo prato',
      'Horário de feriado',
      'Música ao vivo',
    ]);
    // The CSV follows the same order.
    const csv = await cantina({ method: 'GET', url: '/api/posts', query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    const firstCells = csv.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(';')[0]);
    expect(firstCells).toEqual([
      'Fidelidade',
      'Festival de Nhoque',
      'Novo prato',
      'Horário de feriado',
      'Música ao vivo',
    ]);
  });

  it('pages with the total of the store’s posts', async () => {
    const first = await list(cantina, { page: '1', page_size: '2' });
    expect(first.total).toBe(5);
    expect(first.results.map((post) => post.title)).toEqual(['Fidelidade', 'Festival de Nhoque']);
    const last = await list(cantina, { page: '3', page_size: '2' });
    expect(last.total).toBe(5);
    expect(last.results.map((post) => post.title)).toEqual(['Música ao vivo']);
    expect((await list(sertao)).total).toBe(0);
  });

  it('keeps the order it is given, on the server, pinned posts still first', async () => {
    const posts = (await list(cantina)).results;
    const byTitle = new Map(posts.map((post) => [post.title, post.id]));
    const order = ['Festival de Nhoque', 'Fidelidade', 'Música ao vivo', 'Novo prato', 'Horário de feriado'];
    const response = await cantina({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: order.map((title) => byTitle.get(title)) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { updated: 5 } });
    expect(await titles(cantina)).toEqual(order);

    // An order that puts an unpinned post above the pinned ones is kept, and read pinned first.
    await cantina({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: [...order].reverse().map((title) => byTitle.get(title)) },
    });
    expect(await titles(cantina)).toEqual([
      'Fidelidade',
      'Festival de Nhoque',
      'Horário de feriado',
      'Novo prato',
      'Música ao vivo',
    ]);
  });

  it('moves a post to the top of its new group when it is pinned or unpinned', async () => {
    const posts = (await list(cantina)).results;
    const idOf = (title: string) => posts.find((post) => post.title === title)!.id;
    const pinned = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${idOf('Música ao vivo')}`,
      payload: { pinned: true },
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json().data).toMatchObject({ pinned: true, title: 'Música ao vivo' });
    expect(await titles(cantina)).toEqual([
      'Música ao vivo',
      'Fidelidade',
      'Festival de Nhoque',
      'Horário de feriado',
      'Novo prato',
    ]);
    await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${idOf('Fidelidade')}`,
      payload: { pinned: false },
    });
    expect(await titles(cantina)).toEqual([
      'Música ao vivo',
      'Festival de Nhoque',
      'Fidelidade',
      'Horário de feriado',
      'Novo prato',
    ]);
  });

  it('edits title, body and active, and reads the post back', async () => {
    const [post] = (await list(cantina)).results;
    const response = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${post!.id}`,
      payload: { title: '  Trio Bella Napoli  ', body: 'Clássicos italianos.', active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const one = await cantina({ method: 'GET', url: `/api/posts/id/${post!.id}` });
    expect(one.json().data).toMatchObject({
      id: post!.id,
      title: 'Trio Bella Napoli',
      body: 'Clássicos italianos.',
      active: false,
      pinned: true,
    });
  });
});

describe('what a post must be', () => {
  it.each([
    [{ body: 'Texto' }, 'Informe o título da publicação.'],
    [{ title: '   ', body: 'Texto' }, 'Informe o título da publicação.'],
    [{ title: 'Título' }, 'Informe o texto da publicação.'],
    [{ title: 'Título', body: '' }, 'Informe o texto da publicação.'],
    [{ title: 'a'.repeat(121), body: 'Texto' }, 'Limite máximo de 120 caracteres.'],
    [{ title: 'Título', body: 'a'.repeat(2001) }, 'Limite máximo de 2000 caracteres.'],
    [{ title: 'Título', body: 'Texto', image: 'javascript:alert(1)' }, FILE_URL_INVALID],
    [{ title: 'Título', body: 'Texto', image: 'https://atacante.example/foto.png' }, FILE_URL_INVALID],
    [{ title: 'Título', body: 'Texto', pinned: 'sim' }, 'Informe se a publicação está fixada.'],
    [{ title: 'Título', body: 'Texto', n_views: 9000 }, 'n_views'],
  ])('refuses %j and writes nothing', async (payload, message) => {
    const before = (await list(cantina)).total;
    const response = await cantina({ method: 'POST', url: '/api/posts', payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toContain(message);
    expect((await list(cantina)).total).toBe(before);
  });

  it('refuses an empty update and a bad one, and changes nothing', async () => {
    const [post] = (await list(cantina)).results;
    const empty = await cantina({ method: 'PATCH', url: `/api/posts/id/${post!.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toContain('Informe ao menos um campo para alterar.');
    const blank = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${post!.id}`,
      payload: { title: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toContain('Informe o título da publicação.');
    const moved = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${post!.id}`,
      payload: { store_id: sertaoId },
    });
    expect(moved.statusCode).toBe(400);
    const same = await cantina({ method: 'GET', url: `/api/posts/id/${post!.id}` });
    expect(same.json().data).toMatchObject({ title: post!.title, store_id: cantinaId });
  });

  it('refuses a reorder with a repeated id, an empty list or a post that is gone', async () => {
    const ids = (await list(cantina)).results.map((post) => post.id);
    for (const payload of [{ ids: [] }, { ids: [ids[0], ids[0]] }, {}]) {
      const response = await cantina({ method: 'PATCH', url: '/api/posts/reorder', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const gone = await cantina({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: [...ids, 999_999] },
    });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe('Alguma das publicações não existe mais. Recarregue a lista.');
    expect((await list(cantina)).results.map((post) => post.id)).toEqual(ids);
  });
});

describe('the store scope', () => {
  let theirs: WallPost;
  beforeAll(async () => {
    theirs = await create(sertao, { title: 'Forró pé de serra', body: 'Toda sexta.' });
  });

  it("answers 404 to another store's staff on a post, and changes nothing", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { title: 'Invadido' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await cantina({ method, url: `/api/posts/id/${theirs.id}`, payload });
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response)).toBe('Publicação não encontrada.');
    }
    const mine = (await list(cantina)).results.map((post) => post.id);
    const reorder = await cantina({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: [theirs.id, ...mine] },
    });
    expect(reorder.statusCode).toBe(404);
    expect((await list(sertao)).results).toEqual([theirs]);
    // A store_id in the query changes nothing for staff.
    expect(await titles(cantina, { store_id: String(sertaoId) })).not.toContain('Forró pé de serra');
  });

  it('lets an administrator read every store, or the one named, and write into the one named', async () => {
    const all = await list(admin);
    expect(all.results.map((post) => post.store_id)).toEqual(expect.arrayContaining([cantinaId, sertaoId]));
    expect(await titles(admin, { store_id: String(sertaoId) })).toEqual(['Forró pé de serra']);

    const nowhere = await admin({
      method: 'POST',
      url: '/api/posts',
      payload: { title: 'Aviso', body: 'Texto' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(errorOf(nowhere)).toBe('Informe o restaurante (store_id).');
    const missing = await admin({
      method: 'POST',
      url: '/api/posts',
      payload: { title: 'Aviso', body: 'Texto', store_id: 999_999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Restaurante não encontrado.');

    const created = await create(admin, { title: 'Aviso da plataforma', body: 'Texto', store_id: sertaoId });
    expect(created.store_id).toBe(sertaoId);
    expect(await titles(sertao)).toEqual(['Aviso da plataforma', 'Forró pé de serra']);

    // One reorder never mixes two stores' posts.
    const cantinaPost = (await list(cantina)).results[0]!;
    const mixed = await admin({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: [theirs.id, cantinaPost.id] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed)).toBe('As publicações precisam ser do mesmo restaurante.');
    const reordered = await admin({
      method: 'PATCH',
      url: '/api/posts/reorder',
      payload: { ids: [theirs.id, created.id] },
    });
    expect(reordered.statusCode).toBe(200);
    expect(await titles(sertao)).toEqual(['Forró pé de serra', 'Aviso da plataforma']);
  });

  it('answers 401 to anonymous callers', async () => {
    const anonymous = as(t.app, null);
    for (const [method, url] of [
      ['GET', '/api/posts'],
      ['POST', '/api/posts'],
      ['GET', `/api/posts/id/${theirs.id}`],
      ['PATCH', `/api/posts/id/${theirs.id}`],
      ['DELETE', `/api/posts/id/${theirs.id}`],
      ['PATCH', '/api/posts/reorder'],
    ] as const) {
      expect((await anonymous({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('a post’s picture', () => {
  /** A file in the store's upload folder, as the upload route leaves it; its URL and its path. */
  function storedPicture(store: number, name: string) {
    const folder = path.join(t.uploadsDir, 'images', String(store));
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    fs.writeFileSync(file, 'RIFF....WEBPVP8 ');
    return { url: `/uploads/images/${store}/${name}`, file };
  }

  it('removes the picture a post no longer shows, and the one of a removed post', async () => {
    const first = storedPicture(cantinaId, '1700000000000-0a0a0a.webp');
    const second = storedPicture(cantinaId, '1700000000001-0b0b0b.webp');
    const post = await create(cantina, { title: 'Com foto', body: 'Texto', image: first.url });
    expect(post.image).toBe(first.url);

    // Another change keeps the picture.
    await cantina({ method: 'PATCH', url: `/api/posts/id/${post.id}`, payload: { title: 'Com foto nova' } });
    expect(fs.existsSync(first.file)).toBe(true);

    const replaced = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${post.id}`,
      payload: { image: second.url },
    });
    expect(replaced.json().data.image).toBe(second.url);
    expect(fs.existsSync(first.file)).toBe(false);
    expect(fs.existsSync(second.file)).toBe(true);

    const removed = await cantina({ method: 'DELETE', url: `/api/posts/id/${post.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: { id: post.id } });
    expect(fs.existsSync(second.file)).toBe(false);
    expect((await cantina({ method: 'GET', url: `/api/posts/id/${post.id}` })).statusCode).toBe(404);
  });

  it('clears a picture when the image is sent blank, and removes its file', async () => {
    const picture = storedPicture(cantinaId, '1700000000002-0c0c0c.webp');
    const post = await create(cantina, { title: 'Sem foto depois', body: 'Texto', image: picture.url });
    const cleared = await cantina({
      method: 'PATCH',
      url: `/api/posts/id/${post.id}`,
      payload: { image: '' },
    });
    expect(cleared.json().data.image).toBeNull();
    expect(fs.existsSync(picture.file)).toBe(false);
  });

  it("never removes another store's file named as a post's picture", async () => {
    const theirs = storedPicture(sertaoId, '1700000000003-0d0d0d.webp');
    const post = await create(cantina, { title: 'Foto alheia', body: 'Texto', image: theirs.url });
    expect((await cantina({ method: 'DELETE', url: `/api/posts/id/${post.id}` })).statusCode).toBe(200);
    expect(fs.existsSync(theirs.file)).toBe(true);
    const [row] = await t.database.db.select().from(wallPosts).where(eq(wallPosts.id, post.id));
    expect(row).toBeUndefined();
  });
});
