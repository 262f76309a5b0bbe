import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { firebaseFilePrefix, trustFilePrefixes } from '../../contract/lib/fileUrls';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  categories,
  complementGroupProducts,
  complementGroups,
  kitchens,
  productComplementGroups,
  products,
} from '../../server/db/schema';
import {
  admin,
  anonymous,
  cantina,
  cantinaId,
  expectError,
  foreign,
  own,
  sertaoId,
  t,
  useMenuApp,
  type Category,
  type Product,
} from './menu-fixtures';

const FIREBASE_PICTURE =
  'https://firebasestorage.googleapis.com/v0/b/painel-teste.appspot.com/o/images%2F1-remoto.webp?alt=media&token=abc';
const SESSION_ENDED = 'Sessão expirada ou inválida. Entre novamente.';

useMenuApp();

/**
 * Each of these tests goes through the four route modules of the menu at once (categories,
 * products, complement groups, kitchens), over the store scope they share
 * (server/resources/scope.ts); they stay whole here.
 */
describe('menu API: who may call it', () => {
  it('answers 401 to anonymous callers on every menu endpoint', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/categories'],
      ['GET', '/api/categories/id/1'],
      ['POST', '/api/categories'],
      ['PATCH', '/api/categories/id/1'],
      ['DELETE', '/api/categories/id/1'],
      ['PATCH', '/api/categories/reorder'],
      ['GET', '/api/products'],
      ['GET', '/api/products/simplelist'],
      ['GET', '/api/products/id/1'],
      ['POST', '/api/products'],
      ['PATCH', '/api/products/id/1'],
      ['DELETE', '/api/products/id/1'],
      ['PATCH', '/api/products/reorder'],
      ['GET', '/api/complement-groups'],
      ['GET', '/api/complement-groups/id/1'],
      ['POST', '/api/complement-groups'],
      ['PATCH', '/api/complement-groups/id/1'],
      ['DELETE', '/api/complement-groups/id/1'],
      ['DELETE', '/api/complement-groups/id/1/products/1'],
      ['GET', '/api/kitchens'],
      ['GET', '/api/kitchens/id/1'],
      ['POST', '/api/kitchens'],
      ['PATCH', '/api/kitchens/id/1'],
      ['DELETE', '/api/kitchens/id/1'],
    ];
    for (const [method, url] of calls) {
      const response = await anonymous({
        method: method as 'GET',
        url,
        ...(method === 'POST' || method === 'PATCH' ? { payload: { name: 'x', ids: [1] } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toEqual({ error: { message: SESSION_ENDED } });
    }
  });

  it("answers 404 to Cantina Bella's staff on every Sabor do Sertão record", async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/categories/id/${foreign.category}`],
      ['PATCH', `/api/categories/id/${foreign.category}`, { name: 'Invadida' }],
      ['PATCH', `/api/categories/id/${foreign.category}`, { available: false }],
      ['DELETE', `/api/categories/id/${foreign.category}`],
      ['PATCH', '/api/categories/reorder', { ids: [own.category, foreign.category] }],
      ['GET', `/api/products/id/${foreign.product}`],
      ['PATCH', `/api/products/id/${foreign.product}`, { available: false }],
      ['DELETE', `/api/products/id/${foreign.product}`],
      ['PATCH', '/api/products/reorder', { ids: [own.products[0], foreign.product] }],
      ['GET', `/api/complement-groups/id/${foreign.group}`],
      ['PATCH', `/api/complement-groups/id/${foreign.group}`, { name: 'Invadido' }],
      ['DELETE', `/api/complement-groups/id/${foreign.group}`],
      ['GET', `/api/kitchens/id/${foreign.kitchen}`],
      ['PATCH', `/api/kitchens/id/${foreign.kitchen}`, { available: false }],
      ['DELETE', `/api/kitchens/id/${foreign.kitchen}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await cantina({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    const [link] = await t.database.db
      .select()
      .from(complementGroupProducts)
      .where(eq(complementGroupProducts.group_id, foreign.group));
    const unlink = await cantina({
      method: 'DELETE',
      url: `/api/complement-groups/id/${foreign.group}/products/${link!.product_id}`,
    });
    expect(unlink.statusCode).toBe(404);

    // Nothing of theirs changed.
    const db = t.database.db;
    const [category] = await db.select().from(categories).where(eq(categories.id, foreign.category));
    expect(category).toMatchObject({ store_id: sertaoId, available: true });
    expect(category!.name).not.toBe('Invadida');
    const [product] = await db.select().from(products).where(eq(products.id, foreign.product));
    expect(product).toMatchObject({ available: true });
    const [group] = await db.select().from(complementGroups).where(eq(complementGroups.id, foreign.group));
    expect(group!.name).not.toBe('Invadido');
    expect(
      await db
        .select()
        .from(complementGroupProducts)
        .where(
          and(
            eq(complementGroupProducts.group_id, foreign.group),
            eq(complementGroupProducts.product_id, link!.product_id),
          ),
        ),
    ).toHaveLength(1);
    const [kitchen] = await db.select().from(kitchens).where(eq(kitchens.id, foreign.kitchen));
    expect(kitchen).toMatchObject({ available: true });
  });

  it("lists only the caller's store; an administrator picks a store with store_id", async () => {
    for (const url of [
      '/api/categories',
      '/api/products',
      '/api/products/simplelist',
      '/api/complement-groups',
      '/api/kitchens',
    ]) {
      // A staff member's store_id is ignored.
      const mine = await cantina({ method: 'GET', url: `${url}?store_id=${sertaoId}` });
      expect(mine.statusCode, url).toBe(200);
      const results = mine.json<{ data: { results: { store_id: number }[]; total: number } }>().data;
      expect(results.results.length, url).toBeGreaterThan(0);
      expect(
        results.results.every((r) => r.store_id === cantinaId),
        url,
      ).toBe(true);

      const theirs = await admin({ method: 'GET', url: `${url}?store_id=${sertaoId}` });
      expect(theirs.statusCode, url).toBe(200);
      const rows = theirs.json<{ data: { results: { store_id: number }[] } }>().data.results;
      expect(rows.length, url).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.store_id === sertaoId),
        url,
      ).toBe(true);

      const every = await admin({ method: 'GET', url });
      const stores = new Set(
        every.json<{ data: { results: { store_id: number }[] } }>().data.results.map((r) => r.store_id),
      );
      expect(stores.has(cantinaId) && stores.has(sertaoId), url).toBe(true);
    }
  });
});

describe('products', () => {
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Lasanha da nonna',
    description: 'Camadas de massa fresca, ragu e bechamel.',
    price: '5890',
    external_code: 'LASN01',
    category_id: own.category,
    ...overrides,
  });

  it('serves the light simple list of the store', async () => {
    const response = await cantina({ method: 'GET', url: '/api/products/simplelist' });
    expect(response.statusCode).toBe(200);
    const { results, total } = response.json<{
      data: { results: Record<string, unknown>[]; total: number };
    }>().data;
    expect(total).toBe(own.products.length);
    expect(Object.keys(results[0]!).sort()).toEqual(
      ['available', 'category_id', 'complement_only', 'id', 'name', 'price', 'store_id', 'thumbnail'].sort(),
    );
    // The whole store at once, by name: a picker has no paging nor sorting of its own.
    const byName = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.store_id, cantinaId))
      .orderBy(asc(products.name), asc(products.id));
    expect(results.map((p) => p.id)).toEqual(byName.map((p) => p.id));
    expectError(await cantina({ method: 'GET', url: '/api/products/simplelist?sort_field=price' }), 400, '');
    const search = await cantina({ method: 'GET', url: '/api/products/simplelist?complement_only=true' });
    expect(
      search
        .json<{ data: { results: { complement_only: boolean }[] } }>()
        .data.results.every((p) => p.complement_only),
    ).toBe(true);
  });

  it('exports the list as CSV: its columns titled in Portuguese, the price in reais, the filters applied', async () => {
    const category = (
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: 'Exportação' } })
    ).json<{ data: { data: Category } }>().data.data;
    for (const payload of [
      { name: 'Prato; exportado', price: 123456, external_code: 'CSV01' },
      { name: 'Prato "escondido"', price: 990, external_code: 'CSV02', available: false },
    ]) {
      const created = await cantina({
        method: 'POST',
        url: '/api/products',
        payload: { ...payload, category_id: category.id },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const csv = async (call: typeof cantina, query: string) => {
      const response = await call({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('\uFEFFImagem;Nome;Preço;Código;Visível');
      expect(lines.at(-1)).toBe('');
      return { response, rows: lines.slice(1, -1) };
    };
    const exported = ';"Prato; exportado";1.234,56;CSV01;Sim';
    const hidden = ';"Prato ""escondido""";9,90;CSV02;Não';

    const { response, rows } = await csv(
      cantina,
      `format=csv&category_id=${category.id}&sort_field=price&sort_order=DESC`,
    );
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // No thumbnail: an empty cell; cents read as reais; a separator or a quote is quoted.
    expect(rows).toEqual([exported, hidden]);

    // Every product of the store, past a page, and none of another store's (its store_id is ignored).
    const [theirs] = await t.database.db.select().from(products).where(eq(products.id, foreign.product));
    const mine = await csv(cantina, `format=csv&page_size=10&store_id=${sertaoId}`);
    const [counted] = await t.database.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.store_id, cantinaId));
    expect(mine.rows).toHaveLength(counted!.n);
    expect(counted!.n).toBeGreaterThan(10);
    expect(mine.response.body).not.toContain(`;${theirs!.external_code};`);

    // The boolean filter and the search, through Accept: text/csv.
    const searched = await cantina({
      method: 'GET',
      url: '/api/products?available=false&search=csv0',
      headers: { accept: 'text/csv' },
    });
    expect(searched.body.split('\r\n').slice(1, -1)).toEqual([hidden]);

    // An administrator exports the store asked for.
    const sertao = await csv(admin, `format=csv&store_id=${sertaoId}`);
    expect(sertao.response.body).toContain(`;${theirs!.external_code};`);
    expect(sertao.response.body).not.toContain('CSV01');
  });

  it('returns a product with its complement groups', async () => {
    const [link] = await t.database.db
      .select()
      .from(productComplementGroups)
      .where(eq(productComplementGroups.store_id, cantinaId));
    const response = await cantina({ method: 'GET', url: `/api/products/id/${link!.product_id}` });
    expect(response.statusCode).toBe(200);
    const product = response.json<{ data: Product }>().data;
    expect(product.complements).toContain(link!.group_id);
    expect(product.complement_groups.map((g) => g.id)).toEqual(product.complements);
    expect(product.complement_groups[0]!.name).toEqual(expect.any(String));
  });

  it('creates a product with complements, kitchen, images and icon', async () => {
    const response = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: valid({
        complements: [own.groups[1], own.groups[0]],
        kitchen_id: own.kitchen,
        image_aspect_ratio: 0.8,
        images: ['/uploads/images/1/1-aa.webp', '/uploads/images/1/2-bb.webp'],
        image: '/uploads/images/1/1-aa.webp',
        thumbnail: '/uploads/images/1/1-aa.webp',
        icon: 'WINE',
        complement_only: false,
        allow_observations: false,
        store_id: sertaoId,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json<{ data: Product & Record<string, unknown> }>().data;
    expect(product).toMatchObject({
      name: 'Lasanha da nonna',
      price: 5890,
      external_code: 'LASN01',
      store_id: cantinaId,
      category_id: own.category,
      kitchen_id: own.kitchen,
      image_aspect_ratio: 0.8,
      icon: 'WINE',
      allow_observations: false,
      available: true,
      complements: [own.groups[1], own.groups[0]],
    });
    expect(product.images).toHaveLength(2);
    expect(product.complement_groups.map((g) => g.id)).toEqual([own.groups[1], own.groups[0]]);
    // At the end of its category.
    const category = (await cantina({ method: 'GET', url: `/api/categories/id/${own.category}` })).json<{
      data: Category;
    }>().data;
    expect(category.products!.at(-1)!.id).toBe(product.id);
    // An integer price is taken as cents too.
    const second = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: valid({ external_code: 'LASN02', price: 0 }),
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<{ data: Product }>().data.price).toBe(0);
  });

  it('refuses a product without its required fields, with the messages of the spec', async () => {
    const post = (payload: Record<string, unknown>) =>
      cantina({ method: 'POST', url: '/api/products', payload });
    const without = (field: string) => {
      const body: Record<string, unknown> = valid({ external_code: 'NOVO99' });
      delete body[field];
      return body;
    };
    expectError(await post(without('name')), 400, 'Você precisa informar o nome do produto');
    expectError(
      await post(valid({ name: ' ', external_code: 'NOVO99' })),
      400,
      'Você precisa informar o nome do produto',
    );
    expectError(await post(without('price')), 400, 'Você precisa informar o preço do produto');
    expectError(
      await post(valid({ price: '', external_code: 'NOVO99' })),
      400,
      'Você precisa informar o preço do produto',
    );
    expectError(await post(without('external_code')), 400, 'Você precisa informar o código do produto');
    expectError(
      await post(without('category_id')),
      400,
      'Você precisa selecionar uma categoria para o produto',
    );
    expectError(
      await post(valid({ category_id: '', external_code: 'NOVO99' })),
      400,
      'Você precisa selecionar uma categoria para o produto',
    );
    expectError(
      await post(valid({ price: '12,50', external_code: 'NOVO99' })),
      400,
      'Informe o preço em centavos, somente números.',
    );
    expectError(
      await post(valid({ price: -1, external_code: 'NOVO99' })),
      400,
      'O preço não pode ser negativo.',
    );
    expectError(
      await post(valid({ image_aspect_ratio: 0.5, external_code: 'NOVO99' })),
      400,
      'A proporção da imagem deve ser 1 ou 0.8.',
    );
    expectError(await post(valid({ icon: 'COFFEE', external_code: 'NOVO99' })), 400, 'Ícone inválido');
    expectError(
      await post(valid({ complements: [own.groups[0], own.groups[0]], external_code: 'NOVO99' })),
      400,
      'Complemento já selecionado.',
    );
    const [row] = await t.database.db.select().from(products).where(eq(products.external_code, 'NOVO99'));
    expect(row).toBeUndefined();
  });

  it('refuses a code already used in the store, but not one used by another store', async () => {
    expectError(
      await cantina({ method: 'POST', url: '/api/products', payload: valid() }),
      409,
      'Já existe um produto com esse código.',
    );
    const [theirs] = await t.database.db.select().from(products).where(eq(products.store_id, sertaoId));
    const response = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: valid({ external_code: theirs!.external_code }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: Product }>().data.id;
    expectError(
      await cantina({ method: 'PATCH', url: `/api/products/id/${id}`, payload: { external_code: 'LASN01' } }),
      409,
      'Já existe um produto com esse código.',
    );
  });

  it('refuses a point-of-sale item imported twice into the store', async () => {
    const imported = (code: string) =>
      cantina({
        method: 'POST',
        url: '/api/products',
        payload: valid({ external_code: code, origin: 'opdv', integration_code: 'OPDV-77' }),
      });
    const first = await imported('OPDV01');
    expect(first.statusCode, first.body).toBe(201);
    expectError(await imported('OPDV02'), 409, 'Produto já importado');
  });

  it("refuses another store's category, complement group or kitchen, on create and on update", async () => {
    const post = (overrides: Record<string, unknown>) =>
      cantina({
        method: 'POST',
        url: '/api/products',
        payload: valid({ external_code: 'ALHEIO', ...overrides }),
      });
    expectError(await post({ category_id: foreign.category }), 404, 'Categoria não encontrada.');
    expectError(
      await post({ complements: [own.groups[0], foreign.group] }),
      404,
      'Grupo de complementos não encontrado.',
    );
    expectError(await post({ kitchen_id: foreign.kitchen }), 404, 'Cozinha não encontrada.');
    const id = own.products.at(-1)!;
    const patch = (payload: Record<string, unknown>) =>
      cantina({ method: 'PATCH', url: `/api/products/id/${id}`, payload });
    expectError(await patch({ category_id: foreign.category }), 404, 'Categoria não encontrada.');
    expectError(await patch({ complements: [foreign.group] }), 404, 'Grupo de complementos não encontrado.');
    expectError(await patch({ kitchen_id: foreign.kitchen }), 404, 'Cozinha não encontrada.');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.store_id).toBe(cantinaId);
    expect(row!.kitchen_id).not.toBe(foreign.kitchen);
  });

  it('updates a product: visibility toggle, complements replaced, kitchen cleared, moved to another category', async () => {
    const created = (
      await cantina({
        method: 'POST',
        url: '/api/products',
        payload: valid({ external_code: 'EDIT01', complements: [own.groups[0]], kitchen_id: own.kitchen }),
      })
    ).json<{ data: Product }>().data;
    const hidden = await cantina({
      method: 'PATCH',
      url: `/api/products/id/${created.id}`,
      payload: { available: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<{ data: Product }>().data).toMatchObject({
      available: false,
      name: 'Lasanha da nonna',
    });

    const response = await cantina({
      method: 'PATCH',
      url: `/api/products/id/${created.id}`,
      payload: {
        name: 'Lasanha verde',
        price: '6190',
        complements: [own.groups[2], own.groups[1]],
        kitchen_id: null,
        category_id: own.otherCategory,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const read = (await cantina({ method: 'GET', url: `/api/products/id/${created.id}` })).json<{
      data: Product;
    }>().data;
    expect(read).toMatchObject({
      name: 'Lasanha verde',
      price: 6190,
      kitchen_id: null,
      category_id: own.otherCategory,
      available: false,
      complements: [own.groups[2], own.groups[1]],
    });
    const other = (await cantina({ method: 'GET', url: `/api/categories/id/${own.otherCategory}` })).json<{
      data: Category;
    }>().data;
    expect(other.products!.at(-1)!.id).toBe(created.id);

    const cleared = await cantina({
      method: 'PATCH',
      url: `/api/products/id/${created.id}`,
      payload: { complements: [] },
    });
    expect(cleared.json<{ data: Product }>().data.complements).toEqual([]);
    expectError(
      await cantina({ method: 'PATCH', url: `/api/products/id/${created.id}`, payload: { name: '' } }),
      400,
      'Você precisa informar o nome do produto',
    );
    expectError(
      await cantina({ method: 'PATCH', url: `/api/products/id/${created.id}`, payload: {} }),
      400,
      'Informe ao menos um campo',
    );
  });

  it("saves the new order of a category's products", async () => {
    const category = (await cantina({ method: 'GET', url: `/api/categories/id/${own.otherCategory}` })).json<{
      data: Category;
    }>().data;
    const ids = category.products!.map((p) => p.id).reverse();
    expect(ids.length).toBeGreaterThan(1);
    const response = await cantina({ method: 'PATCH', url: '/api/products/reorder', payload: { ids } });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await cantina({ method: 'GET', url: `/api/categories/id/${own.otherCategory}` })).json<{
      data: Category;
    }>().data;
    expect(after.products!.map((p) => p.id)).toEqual(ids);
    expect(after.products!.map((p) => p.list_priority)).toEqual(ids.map((_, i) => i + 1));

    const refused = await cantina({
      method: 'PATCH',
      url: '/api/products/reorder',
      payload: { ids: [...ids].reverse().concat(foreign.product) },
    });
    expect(refused.statusCode).toBe(404);
    const unchanged = (
      await cantina({ method: 'GET', url: `/api/categories/id/${own.otherCategory}` })
    ).json<{ data: Category }>().data;
    expect(unchanged.products!.map((p) => p.id)).toEqual(ids);
  });

  it('deletes a product', async () => {
    const created = (
      await cantina({
        method: 'POST',
        url: '/api/products',
        payload: valid({ external_code: 'DEL001', complements: [own.groups[0]] }),
      })
    ).json<{ data: Product }>().data;
    const response = await cantina({ method: 'DELETE', url: `/api/products/id/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: created.id } });
    expect((await cantina({ method: 'GET', url: `/api/products/id/${created.id}` })).statusCode).toBe(404);
    expect((await cantina({ method: 'DELETE', url: `/api/products/id/${created.id}` })).statusCode).toBe(404);
  });

  it('lets an administrator create a product in the store of its category', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/products',
      payload: valid({ external_code: 'ADM001', category_id: foreign.category }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ data: Product }>().data.store_id).toBe(sertaoId);
    expectError(
      await admin({
        method: 'POST',
        url: '/api/products',
        payload: valid({ external_code: 'ADM002', category_id: foreign.category, store_id: cantinaId }),
      }),
      404,
      'Categoria não encontrada.',
    );
  });

  it('removes the stored images a product no longer shows, and all of them when it is deleted', async () => {
    // A picture in the deployment's Firebase Storage, which it trusts: not ours to remove.
    trustFilePrefixes([firebaseFilePrefix('painel-teste.appspot.com')]);
    onTestFinished(() => trustFilePrefixes([]));
    const folder = path.join(t.uploadsDir, 'images', String(cantinaId));
    fs.mkdirSync(folder, { recursive: true });
    const names = ['1700000000002-0d0e0f.webp', '1700000000003-101112.webp'];
    for (const name of names) fs.writeFileSync(path.join(folder, name), 'RIFF....WEBPVP8 ');
    const urls = names.map((name) => `/uploads/images/${cantinaId}/${name}`);
    const category = (
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: 'Fotos' } })
    ).json<{ data: { data: Category } }>().data.data;
    const created = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Prato com fotos',
        price: 2500,
        external_code: 'FOTO01',
        category_id: category.id,
        image_aspect_ratio: 0.8,
        images: [...urls, FIREBASE_PICTURE],
        image: urls[0],
        thumbnail: urls[0],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;

    // Saved without its second image: that file goes, the first stays.
    const edited = await cantina({
      method: 'PATCH',
      url: `/api/products/id/${id}`,
      payload: { images: [urls[0], FIREBASE_PICTURE] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(fs.existsSync(path.join(folder, names[0]!))).toBe(true);
    expect(fs.existsSync(path.join(folder, names[1]!))).toBe(false);

    const removed = await cantina({ method: 'DELETE', url: `/api/products/id/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: { id } });
    for (const name of names) expect(fs.existsSync(path.join(folder, name))).toBe(false);
    expect((await cantina({ method: 'DELETE', url: `/api/products/id/${id}` })).statusCode).toBe(404);
  });
});
