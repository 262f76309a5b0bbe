import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, products, stories } from '../../server/db/schema';
import { firebaseFilePrefix, trustFilePrefixes } from '../../contract/lib/fileUrls';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

const IMAGE = '/uploads/images/platform/1700000000000-abc123.webp';
const VIDEO = 'https://firebasestorage.googleapis.com/v0/b/painel/o/videos%2F1-post.mp4?alt=media';

describe('featured posts API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let cantina: ReturnType<typeof as>;
  let anonymous: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;
  let hunter: { id: number; fullname: string; username: string };
  let notHunterId: number;
  let cantinaProduct: { id: number; name: string };
  let sertaoProduct: { id: number; name: string };

  const countStories = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stories))[0]!.n;

  const postBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'O melhor risoto da cidade',
    customer_id: hunter.id,
    product_id: cantinaProduct.id,
    media_type: 'PHOTO',
    image_url: IMAGE,
    ...overrides,
  });

  beforeAll(async () => {
    // The deployment keeps its videos in Firebase Storage, which it trusts.
    trustFilePrefixes([firebaseFilePrefix('painel')]);
    t = await createTestApp({ seed: 'full' });
    admin = as(t.app, await login(t.app, demo.admin));
    cantina = as(t.app, await login(t.app, demo.cantina));
    anonymous = as(t.app, null);
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
    const db = t.database.db;
    [hunter] = (await db
      .select({ id: customers.id, fullname: customers.fullname, username: customers.username })
      .from(customers)
      .where(eq(customers.feedhunter, true))
      .limit(1)) as [typeof hunter];
    notHunterId = (
      await db.select({ id: customers.id }).from(customers).where(eq(customers.feedhunter, false)).limit(1)
    )[0]!.id;
    const productOf = async (store: number) =>
      (
        await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(eq(products.store_id, store))
          .orderBy(products.id)
          .limit(1)
      )[0]!;
    cantinaProduct = await productOf(cantinaId);
    sertaoProduct = await productOf(sertaoId);
  });
  afterAll(async () => {
    trustFilePrefixes([]);
    await t?.close();
  });

  describe('create', () => {
    it('creates a photo post of a product; the store is the product’s', async () => {
      const response = await admin({ method: 'POST', url: '/api/stories', payload: postBody() });
      expect(response.statusCode, response.body).toBe(201);
      const story = response.json().data;
      expect(story).toMatchObject({
        title: 'O melhor risoto da cidade',
        customer_id: hunter.id,
        product_id: cantinaProduct.id,
        store_id: cantinaId,
        media_type: 'PHOTO',
        image_url: IMAGE,
        video_url: null,
        feedhunter: { fullname: hunter.fullname, nickname: hunter.username },
        product: { id: cantinaProduct.id, name: cantinaProduct.name, store_id: cantinaId },
      });
      expect(typeof story.created_at).toBe('string');
    });

    it('creates a video post without a product', async () => {
      const response = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: {
          title: 'Tour pela cozinha',
          customer_id: String(hunter.id),
          media_type: 'VIDEO',
          video_url: VIDEO,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        media_type: 'VIDEO',
        video_url: VIDEO,
        image_url: null,
        product_id: null,
        store_id: null,
        product: null,
      });
    });

    it('refuses bad input with a clear message and writes nothing', async () => {
      const before = await countStories();
      const cases: [Record<string, unknown>, string][] = [
        [postBody({ title: '  ' }), 'Campo obrigatório (campo title)'],
        [postBody({ customer_id: undefined }), 'Escolha um FeedHunter. (campo customer_id)'],
        [postBody({ image_url: undefined }), 'Envie a imagem do post. (campo image_url)'],
        [postBody({ image_url: '' }), 'Envie a imagem do post. (campo image_url)'],
        [
          postBody({ media_type: 'VIDEO', image_url: IMAGE }),
          'Envie o vídeo do post (MP4). (campo video_url)',
        ],
        [postBody({ media_type: 'GIF' }), 'Escolha imagem ou vídeo. (campo media_type)'],
        [
          postBody({ image_url: 'javascript:alert(1)' }),
          'Endereço de arquivo inválido: envie o arquivo pelo painel. (campo image_url)',
        ],
        [
          postBody({ image_url: 'http://example.com/foto.png' }),
          'Endereço de arquivo inválido: envie o arquivo pelo painel. (campo image_url)',
        ],
        [
          postBody({ image_url: 'https://example.com/foto.png' }),
          'Endereço de arquivo inválido: envie o arquivo pelo painel. (campo image_url)',
        ],
        [
          // Another deployment's bucket on the same host.
          postBody({
            media_type: 'VIDEO',
            video_url: 'https://firebasestorage.googleapis.com/v0/b/outro/o/videos%2F1.mp4?alt=media',
          }),
          'Endereço de arquivo inválido: envie o arquivo pelo painel. (campo video_url)',
        ],
        [postBody({ product_id: 'abc' }), 'Escolha um produto do cardápio. (campo product_id)'],
      ];
      for (const [payload, message] of cases) {
        const response = await admin({ method: 'POST', url: '/api/stories', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.message, JSON.stringify(payload)).toBe(message);
      }
      // Unknown fields (store_id comes from the product, never from the body).
      const extra = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: postBody({ store_id: sertaoId }),
      });
      expect(extra.statusCode).toBe(400);
      expect(await countStories()).toBe(before);
    });

    it('takes only feed hunters as authors, and only existing products', async () => {
      const before = await countStories();
      const notHunter = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: postBody({ customer_id: notHunterId }),
      });
      expect(notHunter.statusCode).toBe(400);
      expect(notHunter.json()).toEqual({ error: { message: 'Escolha um FeedHunter.' } });
      const unknownCustomer = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: postBody({ customer_id: 2_000_000_000 }),
      });
      expect(unknownCustomer.json()).toEqual({ error: { message: 'Escolha um FeedHunter.' } });
      const unknownProduct = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: postBody({ product_id: 2_000_000_000 }),
      });
      expect(unknownProduct.statusCode).toBe(400);
      expect(unknownProduct.json()).toEqual({ error: { message: 'Escolha um produto do cardápio.' } });
      expect(await countStories()).toBe(before);
    });
  });

  describe('read, update and delete', () => {
    let id: number;
    beforeAll(async () => {
      const response = await admin({
        method: 'POST',
        url: '/api/stories',
        payload: postBody({ title: 'Editável' }),
      });
      id = response.json().data.id as number;
    });

    it('reads one post, and answers 404 for an unknown one', async () => {
      const response = await admin({ method: 'GET', url: `/api/stories/id/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, title: 'Editável', store_id: cantinaId });
      const missing = await admin({ method: 'GET', url: '/api/stories/id/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { message: 'Post não encontrado.' } });
    });

    it('moves the post to another store’s product: the store follows the product', async () => {
      const response = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { product_id: sertaoProduct.id, title: 'Baião de dois' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        title: 'Baião de dois',
        product_id: sertaoProduct.id,
        store_id: sertaoId,
        product: { id: sertaoProduct.id, name: sertaoProduct.name, store_id: sertaoId },
      });
      const cleared = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { product_id: null },
      });
      expect(cleared.json().data).toMatchObject({ product_id: null, store_id: null, product: null });
    });

    it('checks the media rule on the updated post', async () => {
      const noVideo = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { media_type: 'VIDEO' },
      });
      expect(noVideo.statusCode).toBe(400);
      expect(noVideo.json().error.message).toBe('Envie o vídeo do post (MP4). (campo video_url)');
      const noImage = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { image_url: null },
      });
      expect(noImage.json().error.message).toBe('Envie a imagem do post. (campo image_url)');
      const video = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { media_type: 'VIDEO', video_url: '/uploads/videos/platform/1700000000000-abc.mp4' },
      });
      expect(video.statusCode, video.body).toBe(200);
      expect(video.json().data).toMatchObject({ media_type: 'VIDEO', image_url: IMAGE });
    });

    it('refuses a non-feed-hunter author, an empty change and an unknown post', async () => {
      const author = await admin({
        method: 'PATCH',
        url: `/api/stories/id/${id}`,
        payload: { customer_id: notHunterId },
      });
      expect(author.json()).toEqual({ error: { message: 'Escolha um FeedHunter.' } });
      const empty = await admin({ method: 'PATCH', url: `/api/stories/id/${id}`, payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Informe ao menos um campo para alterar.');
      const missing = await admin({
        method: 'PATCH',
        url: '/api/stories/id/999999',
        payload: { title: 'x' },
      });
      expect(missing.statusCode).toBe(404);
      const [row] = await t.database.db.select().from(stories).where(eq(stories.id, id));
      expect(row).toMatchObject({ customer_id: hunter.id, title: 'Baião de dois' });
    });

    it('deletes a post', async () => {
      const response = await admin({ method: 'DELETE', url: `/api/stories/id/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { id } });
      expect((await admin({ method: 'GET', url: `/api/stories/id/${id}` })).statusCode).toBe(404);
      expect((await admin({ method: 'DELETE', url: `/api/stories/id/${id}` })).statusCode).toBe(404);
    });
  });

  describe('list', () => {
    const titles = (body: { data: { title: string }[] }) => body.data.map((s) => s.title);

    beforeAll(async () => {
      // Around 10 March 2024 in São Paulo (UTC−3, no daylight saving since 2019).
      await t.database.db.insert(stories).values(
        [
          ['antes', '2024-03-10T02:59:59Z'], // 9 Mar, 23:59:59 in São Paulo
          ['meia-noite', '2024-03-10T03:00:00Z'], // 10 Mar, 00:00
          ['fim do dia', '2024-03-11T02:59:59Z'], // 10 Mar, 23:59:59
          ['depois', '2024-03-11T03:00:00Z'], // 11 Mar, 00:00
        ].map(([title, at]) => ({
          title: title!,
          customer_id: hunter.id,
          media_type: 'PHOTO' as const,
          image_url: IMAGE,
          created_at: new Date(at!),
        })),
      );
    });

    it('lists the newest first with the spec’s shape', async () => {
      const response = await admin({ method: 'GET', url: '/api/stories/' });
      expect(response.statusCode).toBe(200);
      const data = response.json().data as { created_at: string }[];
      expect(data.length).toBeGreaterThan(10);
      const times = data.map((s) => Date.parse(s.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(data[0]).toHaveProperty('feedhunter.nickname');
      expect(data[0]).toHaveProperty('product');
    });

    it('filters by São Paulo dates, both ends included', async () => {
      const day = await admin({ method: 'GET', url: '/api/stories?start_at=2024-03-10&end_at=2024-03-10' });
      expect(titles(day.json())).toEqual(['fim do dia', 'meia-noite']);
      const until = await admin({ method: 'GET', url: '/api/stories?end_at=2024-03-09' });
      expect(titles(until.json())).toEqual(['antes']);
      const from = await admin({ method: 'GET', url: '/api/stories?start_at=2024-03-11&end_at=2024-03-11' });
      expect(titles(from.json())).toEqual(['depois']);
      const page = await admin({
        method: 'GET',
        url: '/api/stories?start_at=2024-03-09&end_at=2024-03-11&offset=1&limit=2',
      });
      expect(titles(page.json())).toEqual(['fim do dia', 'meia-noite']);
    });

    it('refuses bad parameters', async () => {
      const cases: [string, string][] = [
        ['start_at=2024-02-30', 'Data inválida: use o formato aaaa-mm-dd. (campo start_at)'],
        ['end_at=10/03/2024', 'Data inválida: use o formato aaaa-mm-dd. (campo end_at)'],
        // A rule between two parameters (the list's check) names no single field.
        ['start_at=2024-03-11&end_at=2024-03-10', 'A data inicial não pode ser depois da data final.'],
        ['limit=1001', 'No máximo 1000 registros por página. (campo limit)'],
        ['offset=-1', 'Deslocamento inválido. (campo offset)'],
      ];
      for (const [query, message] of cases) {
        const response = await admin({ method: 'GET', url: `/api/stories?${query}` });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.message, query).toBe(message);
      }
    });

    it('exports the list as CSV, with the same filters and order', async () => {
      const response = await admin({
        method: 'GET',
        url: '/api/stories?format=csv&start_at=2024-03-10&end_at=2024-03-10',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="feedhunters-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const author = `${hunter.fullname} (@${hunter.username})`;
      expect(response.body.split('\r\n')).toEqual([
        '\uFEFFTítulo;Usuário;Data',
        `fim do dia;${author};10/03/2024 23:59`,
        `meia-noite;${author};10/03/2024 00:00`,
        '',
      ]);
      const refused = await admin({
        method: 'GET',
        url: '/api/stories?format=csv&start_at=2024-03-11&end_at=2024-03-10',
      });
      expect(refused.statusCode).toBe(400);
    });
  });

  describe('access', () => {
    it('is for platform administrators only', async () => {
      const [any] = await t.database.db.select({ id: stories.id }).from(stories).limit(1);
      const calls = [
        { method: 'GET', url: '/api/stories' },
        { method: 'GET', url: `/api/stories/id/${any!.id}` },
        { method: 'POST', url: '/api/stories', payload: postBody() },
        { method: 'PATCH', url: `/api/stories/id/${any!.id}`, payload: { title: 'x' } },
        { method: 'DELETE', url: `/api/stories/id/${any!.id}` },
      ] as const;
      for (const call of calls) {
        const staff = await cantina(call);
        expect(staff.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(staff.json()).toEqual({
          error: { message: 'Acesso restrito aos administradores da plataforma.' },
        });
        expect((await anonymous(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      }
      expect((await admin({ method: 'GET', url: `/api/stories/id/${any!.id}` })).statusCode).toBe(200);
    });
  });

  describe('product names', () => {
    type Name = { id: number; name: string; store_id: number; store_name: string };

    it('lets an administrator search every store', async () => {
      const response = await admin({ method: 'GET', url: '/api/products/names?limit=50' });
      expect(response.statusCode).toBe(200);
      const data = response.json().data as Name[];
      expect(data).toHaveLength(50);
      expect(new Set(data.map((p) => p.store_id)).size).toBeGreaterThan(1);
      const term = sertaoProduct.name.slice(0, 6).toUpperCase();
      const found = (
        await admin({ method: 'GET', url: `/api/products/names?search=${encodeURIComponent(term)}` })
      ).json().data as Name[];
      expect(found).toContainEqual({
        id: sertaoProduct.id,
        name: sertaoProduct.name,
        store_id: sertaoId,
        store_name: 'Sabor do Sertão',
      });
      const ofStore = (await admin({ method: 'GET', url: `/api/products/names?store_id=${sertaoId}` })).json()
        .data as Name[];
      expect(ofStore.length).toBeGreaterThan(0);
      expect(ofStore.every((p) => p.store_id === sertaoId)).toBe(true);
    });

    it('shows staff only their own store’s products', async () => {
      const own = (await cantina({ method: 'GET', url: '/api/products/names?limit=50' })).json()
        .data as Name[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((p) => p.store_id === cantinaId)).toBe(true);
      const other = await cantina({ method: 'GET', url: `/api/products/names?store_id=${sertaoId}` });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({ data: [] });
      const search = await cantina({
        method: 'GET',
        url: `/api/products/names?search=${encodeURIComponent(sertaoProduct.name)}`,
      });
      expect((search.json().data as Name[]).every((p) => p.store_id === cantinaId)).toBe(true);
    });

    it('refuses bad parameters and anonymous callers', async () => {
      const tooMany = await admin({ method: 'GET', url: '/api/products/names?limit=51' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.message).toBe('No máximo 50 produtos por busca. (campo limit)');
      expect((await anonymous({ method: 'GET', url: '/api/products/names' })).statusCode).toBe(401);
    });
  });

  it('keeps the feed hunter flag the only way in', async () => {
    // Turning the flag off does not remove existing posts, but blocks new ones by that author.
    await t.database.db.update(customers).set({ feedhunter: false }).where(eq(customers.id, hunter.id));
    const response = await admin({ method: 'POST', url: '/api/stories', payload: postBody() });
    expect(response.json()).toEqual({ error: { message: 'Escolha um FeedHunter.' } });
    const [still] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stories)
      .where(eq(stories.customer_id, hunter.id));
    expect(still!.n).toBeGreaterThan(0);
    await t.database.db.update(customers).set({ feedhunter: true }).where(eq(customers.id, hunter.id));
  });
});
