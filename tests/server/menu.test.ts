import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  categories,
  complementGroupProducts,
  complementGroups,
  kitchens,
  productComplementGroups,
  products,
} from '../../server/db/schema';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

type Call = ReturnType<typeof as>;
interface Category {
  id: number;
  store_id: number;
  name: string;
  display: string;
  available: boolean;
  image: string | null;
  list_order: number;
  products?: { id: number; name: string; list_priority: number; category_id: number }[];
}

const SESSION_ENDED = 'Sessão expirada ou inválida. Entre novamente.';

/** The answer is the error shape with this status, and its message starts with `message`. */
function expectError(response: { statusCode: number; body: string }, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { error: { message: string } };
  expect(body.error.message.startsWith(message), body.error.message).toBe(true);
}

let t: TestApp;
let admin: Call;
let cantina: Call;
let anonymous: Call;
let cantinaId: number;
let sertaoId: number;
/** Sabor do Sertão's records, that Cantina Bella's staff must never reach. */
const foreign = { category: 0, product: 0, group: 0, kitchen: 0 };
/** Some of Cantina Bella's own. */
const own = { category: 0, otherCategory: 0, kitchen: 0, groups: [] as number[], products: [] as number[] };

beforeAll(async () => {
  t = await createTestApp({ seed: 'full' });
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  anonymous = as(t.app, null);
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  const db = t.database.db;
  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
  foreign.category = await first(
    db.select({ id: categories.id }).from(categories).where(eq(categories.store_id, sertaoId)),
  );
  foreign.product = await first(
    db.select({ id: products.id }).from(products).where(eq(products.store_id, sertaoId)),
  );
  foreign.group = await first(
    db
      .select({ id: complementGroups.id })
      .from(complementGroups)
      .where(eq(complementGroups.store_id, sertaoId)),
  );
  foreign.kitchen = await first(
    db.select({ id: kitchens.id }).from(kitchens).where(eq(kitchens.store_id, sertaoId)),
  );
  const ownCategories = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.store_id, cantinaId))
    .orderBy(asc(categories.list_order));
  own.category = ownCategories[0]!.id;
  own.otherCategory = ownCategories[1]!.id;
  own.kitchen = await first(
    db.select({ id: kitchens.id }).from(kitchens).where(eq(kitchens.store_id, cantinaId)),
  );
  own.groups = (
    await db
      .select({ id: complementGroups.id })
      .from(complementGroups)
      .where(eq(complementGroups.store_id, cantinaId))
      .orderBy(asc(complementGroups.id))
  ).map((g) => g.id);
  own.products = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.store_id, cantinaId))
      .orderBy(asc(products.id))
  ).map((p) => p.id);
}, 120_000);
afterAll(() => t?.close());

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

describe('categories', () => {
  it('lists the categories in their order, with their products in theirs (include=products)', async () => {
    const response = await cantina({ method: 'GET', url: '/api/categories?include=products' });
    expect(response.statusCode).toBe(200);
    const { results, total } = response.json<{ data: { results: Category[]; total: number } }>().data;
    expect(total).toBe(results.length);
    const orders = results.map((c) => c.list_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const withProducts = results.filter((c) => (c.products?.length ?? 0) > 1);
    expect(withProducts.length).toBeGreaterThan(0);
    for (const category of results) {
      expect(category.products).toBeDefined();
      const priorities = category.products!.map((p) => p.list_priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
      expect(category.products!.every((p) => p.category_id === category.id)).toBe(true);
    }
    const plain = await cantina({ method: 'GET', url: '/api/categories' });
    expect(plain.json<{ data: { results: Category[] } }>().data.results[0]).not.toHaveProperty('products');
    expectError(
      await cantina({ method: 'GET', url: '/api/categories?include=tudo' }),
      400,
      'Inclusão inválida',
    );
  });

  it('creates a category from { name } and answers it at data.data', async () => {
    const response = await cantina({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Sobremesas da casa' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ data: Category & { data: Category } }>();
    expect(body.data.data.id).toBeGreaterThan(0);
    expect(body.data.id).toBe(body.data.data.id);
    expect(body.data.data).toMatchObject({
      name: 'Sobremesas da casa',
      display: 'ALL',
      available: true,
      image: null,
      store_id: cantinaId,
      products: [],
    });
    // It goes to the end of the list.
    const list = await cantina({ method: 'GET', url: '/api/categories' });
    const results = list.json<{ data: { results: Category[] } }>().data.results;
    expect(results.at(-1)!.id).toBe(body.data.data.id);
  });

  it('creates a category from { display, name, available, image }, in the staff member store whatever store_id says', async () => {
    const response = await cantina({
      method: 'POST',
      url: '/api/categories',
      payload: {
        display: 'GRID',
        name: '  Petiscos ',
        available: false,
        image: '/uploads/images/1/1-ab.webp',
        store_id: sertaoId,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ data: { data: Category } }>().data.data;
    expect(created).toMatchObject({
      display: 'GRID',
      name: 'Petiscos',
      available: false,
      store_id: cantinaId,
    });
    const read = await cantina({ method: 'GET', url: `/api/categories/id/${created.id}` });
    expect(read.json<{ data: Category }>().data).toMatchObject({ id: created.id, products: [] });
  });

  it('refuses a category without a name or with an unknown display', async () => {
    expectError(
      await cantina({ method: 'POST', url: '/api/categories', payload: {} }),
      400,
      'Você precisa informar o nome da categoria',
    );
    expectError(
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: '   ' } }),
      400,
      'Você precisa informar o nome da categoria',
    );
    expectError(
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: 'X', display: 'GRADE' } }),
      400,
      'Modo de exibição inválido',
    );
    expectError(
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: 'X', cor: 'azul' } }),
      400,
      '',
    );
    expectError(
      await cantina({ method: 'PATCH', url: `/api/categories/id/${own.category}`, payload: {} }),
      400,
      'Informe ao menos um campo',
    );
  });

  it('needs a store from an administrator, and it must exist', async () => {
    expectError(
      await admin({ method: 'POST', url: '/api/categories', payload: { name: 'Sem loja' } }),
      400,
      'Informe o restaurante (store_id).',
    );
    expectError(
      await admin({
        method: 'POST',
        url: '/api/categories',
        payload: { name: 'Sem loja', store_id: 999_999 },
      }),
      404,
      'Restaurante não encontrado.',
    );
    const response = await admin({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Da administração', store_id: sertaoId },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: { data: Category } }>().data.data.store_id).toBe(sertaoId);
  });

  it('returns one category with its products', async () => {
    const response = await cantina({ method: 'GET', url: `/api/categories/id/${own.category}` });
    expect(response.statusCode).toBe(200);
    const category = response.json<{ data: Category }>().data;
    expect(category.id).toBe(own.category);
    expect(category.products!.length).toBeGreaterThan(0);
  });

  it('updates name, display, availability and image', async () => {
    const created = (
      await cantina({ method: 'POST', url: '/api/categories', payload: { name: 'Para editar' } })
    ).json<{ data: { data: Category } }>().data.data;
    const response = await cantina({
      method: 'PATCH',
      url: `/api/categories/id/${created.id}`,
      payload: {
        name: 'Editada',
        display: 'LIST',
        available: false,
        image: 'https://cdn.example.com/a.webp',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Category }>().data).toMatchObject({
      name: 'Editada',
      display: 'LIST',
      available: false,
      image: 'https://cdn.example.com/a.webp',
    });
    // The visibility toggle sends { available } alone; a blank image clears it.
    await cantina({
      method: 'PATCH',
      url: `/api/categories/id/${created.id}`,
      payload: { available: true, image: '' },
    });
    const read = await cantina({ method: 'GET', url: `/api/categories/id/${created.id}` });
    expect(read.json<{ data: Category }>().data).toMatchObject({
      available: true,
      image: null,
      name: 'Editada',
    });
  });

  it('saves the new order of the categories', async () => {
    const before = (await cantina({ method: 'GET', url: '/api/categories' })).json<{
      data: { results: Category[] };
    }>().data.results;
    const ids = before.map((c) => c.id).reverse();
    const response = await cantina({ method: 'PATCH', url: '/api/categories/reorder', payload: { ids } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { updated: ids.length } });
    const after = (await cantina({ method: 'GET', url: '/api/categories' })).json<{
      data: { results: Category[] };
    }>().data.results;
    expect(after.map((c) => c.id)).toEqual(ids);
    expect(after.map((c) => c.list_order)).toEqual(ids.map((_, i) => i + 1));

    // One of another store's categories in the list: 404, and nothing moves.
    const refused = await cantina({
      method: 'PATCH',
      url: '/api/categories/reorder',
      payload: { ids: [...ids].reverse().concat(foreign.category) },
    });
    expect(refused.statusCode).toBe(404);
    const unchanged = (await cantina({ method: 'GET', url: '/api/categories' })).json<{
      data: { results: Category[] };
    }>().data.results;
    expect(unchanged.map((c) => c.id)).toEqual(ids);
    expectError(
      await cantina({ method: 'PATCH', url: '/api/categories/reorder', payload: { ids: [] } }),
      400,
      'Informe a lista de ids.',
    );
  });

  it('deletes a category with its products and its stored image', async () => {
    const folder = path.join(t.uploadsDir, 'images', String(cantinaId));
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, '1700000000000-abcdef.webp');
    fs.writeFileSync(file, 'RIFF....WEBPVP8 ');
    // A file of another store named in the image is not ours to remove.
    const otherFolder = path.join(t.uploadsDir, 'images', String(sertaoId));
    fs.mkdirSync(otherFolder, { recursive: true });
    const otherFile = path.join(otherFolder, '1700000000000-fedcba.webp');
    fs.writeFileSync(otherFile, 'RIFF....WEBPVP8 ');

    const category = (
      await cantina({
        method: 'POST',
        url: '/api/categories',
        payload: { name: 'Temporária', image: `/uploads/images/${cantinaId}/1700000000000-abcdef.webp` },
      })
    ).json<{ data: { data: Category } }>().data.data;
    const photo = path.join(folder, '1700000000001-0a0b0c.webp');
    fs.writeFileSync(photo, 'RIFF....WEBPVP8 ');
    const photoUrl = `/uploads/images/${cantinaId}/1700000000001-0a0b0c.webp`;
    const product = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Prato temporário',
        price: '1000',
        external_code: 'TEMP01',
        category_id: category.id,
        images: [photoUrl],
        image: photoUrl,
        thumbnail: photoUrl,
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json<{ data: { id: number } }>().data.id;

    const removed = await cantina({ method: 'DELETE', url: `/api/categories/id/${category.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: { id: category.id } });
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(photo)).toBe(false);
    expect((await cantina({ method: 'GET', url: `/api/categories/id/${category.id}` })).statusCode).toBe(404);
    expect((await cantina({ method: 'GET', url: `/api/products/id/${productId}` })).statusCode).toBe(404);

    const second = (
      await cantina({
        method: 'POST',
        url: '/api/categories',
        payload: {
          name: 'Com imagem alheia',
          image: `/uploads/images/${sertaoId}/1700000000000-fedcba.webp`,
        },
      })
    ).json<{ data: { data: Category } }>().data.data;
    expect((await cantina({ method: 'DELETE', url: `/api/categories/id/${second.id}` })).statusCode).toBe(
      200,
    );
    expect(fs.existsSync(otherFile)).toBe(true);
    expect((await cantina({ method: 'DELETE', url: `/api/categories/id/${second.id}` })).statusCode).toBe(
      404,
    );
  });
});

interface Product {
  id: number;
  store_id: number;
  name: string;
  price: number;
  category_id: number;
  kitchen_id: number | null;
  available: boolean;
  list_priority: number;
  complements: number[];
  complement_groups: { id: number; name: string }[];
}

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
    const search = await cantina({ method: 'GET', url: '/api/products/simplelist?complement_only=true' });
    expect(
      search
        .json<{ data: { results: { complement_only: boolean }[] } }>()
        .data.results.every((p) => p.complement_only),
    ).toBe(true);
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
});

interface Group {
  id: number;
  store_id: number;
  name: string;
  min_items: number;
  max_items: number;
  allow_repeat: boolean;
  products: { id: number; name: string }[];
}

describe('complement groups', () => {
  const options = () => own.products.slice(0, 3);

  it('lists the groups with their products and limits', async () => {
    const response = await cantina({ method: 'GET', url: '/api/complement-groups' });
    expect(response.statusCode).toBe(200);
    const { results, total } = response.json<{ data: { results: Group[]; total: number } }>().data;
    expect(total).toBe(own.groups.length);
    for (const group of results) {
      expect(group).toMatchObject({
        min_items: expect.any(Number),
        max_items: expect.any(Number),
        store_id: cantinaId,
      });
      expect(group.products.length).toBeGreaterThan(0);
      expect(Object.keys(group.products[0]!).sort()).toEqual(['id', 'name']);
    }
  });

  it('creates a group with its products, in the caller store', async () => {
    const response = await cantina({
      method: 'POST',
      url: '/api/complement-groups',
      payload: {
        name: 'Molhos',
        min_items: 1,
        max_items: '2',
        allow_repeat: true,
        products: options(),
        store_id: sertaoId,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const group = response.json<{ data: Group }>().data;
    expect(group).toMatchObject({
      name: 'Molhos',
      min_items: 1,
      max_items: 2,
      allow_repeat: true,
      store_id: cantinaId,
    });
    expect(group.products.map((p) => p.id)).toEqual(options());
    const read = await cantina({ method: 'GET', url: `/api/complement-groups/id/${group.id}` });
    expect(read.json<{ data: Group }>().data).toEqual(group);
  });

  it('keeps minimum and maximum between 0 and 10, and the maximum at least the minimum', async () => {
    const post = (payload: Record<string, unknown>) =>
      cantina({
        method: 'POST',
        url: '/api/complement-groups',
        payload: { name: 'Limites', products: [], ...payload },
      });
    expectError(
      await post({ min_items: 11, max_items: 11 }),
      400,
      'O mínimo e o máximo devem estar entre 0 e 10.',
    );
    expectError(
      await post({ min_items: -1, max_items: 2 }),
      400,
      'O mínimo e o máximo devem estar entre 0 e 10.',
    );
    expectError(
      await post({ min_items: 0, max_items: 12 }),
      400,
      'O mínimo e o máximo devem estar entre 0 e 10.',
    );
    expectError(
      await post({ min_items: 1.5, max_items: 2 }),
      400,
      'O mínimo e o máximo devem estar entre 0 e 10.',
    );
    expectError(await post({ min_items: 3, max_items: 2 }), 400, 'O máximo não pode ser menor que o mínimo.');
    const edge = await post({ min_items: 10, max_items: 10 });
    expect(edge.statusCode, edge.body).toBe(201);
    const zero = await post({ min_items: 0, max_items: 0 });
    expect(zero.statusCode, zero.body).toBe(201);

    // An update of one limit is checked against the other as stored.
    const id = edge.json<{ data: Group }>().data.id;
    expectError(
      await cantina({ method: 'PATCH', url: `/api/complement-groups/id/${id}`, payload: { max_items: 5 } }),
      400,
      'O máximo não pode ser menor que o mínimo.',
    );
    expectError(
      await cantina({ method: 'PATCH', url: `/api/complement-groups/id/${id}`, payload: { min_items: 11 } }),
      400,
      'O mínimo e o máximo devem estar entre 0 e 10.',
    );
    const lowered = await cantina({
      method: 'PATCH',
      url: `/api/complement-groups/id/${id}`,
      payload: { min_items: 2, max_items: 5 },
    });
    expect(lowered.json<{ data: Group }>().data).toMatchObject({ min_items: 2, max_items: 5 });
  });

  it('refuses a group without a name, a product chosen twice, or another store product', async () => {
    expectError(
      await cantina({
        method: 'POST',
        url: '/api/complement-groups',
        payload: { min_items: 0, max_items: 1 },
      }),
      400,
      'Você precisa informar o nome do grupo de complementos',
    );
    const first = own.products[0]!;
    expectError(
      await cantina({
        method: 'POST',
        url: '/api/complement-groups',
        payload: { name: 'Repetido', products: [first, first] },
      }),
      400,
      'Produto já selecionado',
    );
    expectError(
      await cantina({
        method: 'POST',
        url: '/api/complement-groups',
        payload: { name: 'Alheio', products: [first, foreign.product] },
      }),
      404,
      'Produto não encontrado.',
    );
    const [row] = await t.database.db
      .select()
      .from(complementGroups)
      .where(eq(complementGroups.name, 'Alheio'));
    expect(row).toBeUndefined();
  });

  it('updates a group and replaces its products; removes one product; deletes the group', async () => {
    const group = (
      await cantina({
        method: 'POST',
        url: '/api/complement-groups',
        payload: { name: 'Bordas', products: options() },
      })
    ).json<{ data: Group }>().data;
    const [a, b, c] = options() as [number, number, number];
    const updated = await cantina({
      method: 'PATCH',
      url: `/api/complement-groups/id/${group.id}`,
      payload: { name: 'Bordas recheadas', allow_repeat: true, products: [c, a] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: Group }>().data).toMatchObject({
      name: 'Bordas recheadas',
      allow_repeat: true,
    });
    expect(updated.json<{ data: Group }>().data.products.map((p) => p.id)).toEqual([c, a]);
    expectError(
      await cantina({
        method: 'PATCH',
        url: `/api/complement-groups/id/${group.id}`,
        payload: { products: [b, foreign.product] },
      }),
      404,
      'Produto não encontrado.',
    );

    const unlink = await cantina({
      method: 'DELETE',
      url: `/api/complement-groups/id/${group.id}/products/${c}`,
    });
    expect(unlink.statusCode, unlink.body).toBe(200);
    expect(unlink.json<{ data: Group }>().data.products.map((p) => p.id)).toEqual([a]);
    expect(
      (await cantina({ method: 'DELETE', url: `/api/complement-groups/id/${group.id}/products/${c}` }))
        .statusCode,
    ).toBe(404);
    // The product itself stays.
    expect((await cantina({ method: 'GET', url: `/api/products/id/${c}` })).statusCode).toBe(200);

    const removed = await cantina({ method: 'DELETE', url: `/api/complement-groups/id/${group.id}` });
    expect(removed.json()).toEqual({ data: { id: group.id } });
    expect((await cantina({ method: 'GET', url: `/api/complement-groups/id/${group.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('kitchens', () => {
  it('lists, creates, toggles and removes a kitchen of the store', async () => {
    const list = await cantina({ method: 'GET', url: '/api/kitchens' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { results: unknown[] } }>().data.results.length).toBeGreaterThan(0);

    const created = await cantina({
      method: 'POST',
      url: '/api/kitchens',
      payload: { name: 'Confeitaria', store_id: sertaoId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const kitchen = created.json<{ data: { id: number; store_id: number; available: boolean } }>().data;
    expect(kitchen).toMatchObject({ name: 'Confeitaria', store_id: cantinaId, available: true });

    const toggled = await cantina({
      method: 'PATCH',
      url: `/api/kitchens/id/${kitchen.id}`,
      payload: { available: false },
    });
    expect(toggled.json<{ data: { available: boolean } }>().data.available).toBe(false);

    // A product routed to it loses only the route when the kitchen goes.
    const product = (
      await cantina({
        method: 'POST',
        url: '/api/products',
        payload: {
          name: 'Tiramisù',
          price: '2900',
          external_code: 'TIRA01',
          category_id: own.category,
          kitchen_id: kitchen.id,
        },
      })
    ).json<{ data: Product }>().data;
    expect(product.kitchen_id).toBe(kitchen.id);
    const removed = await cantina({ method: 'DELETE', url: `/api/kitchens/id/${kitchen.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const read = (await cantina({ method: 'GET', url: `/api/products/id/${product.id}` })).json<{
      data: Product;
    }>().data;
    expect(read.kitchen_id).toBeNull();
    expect((await cantina({ method: 'GET', url: `/api/kitchens/id/${kitchen.id}` })).statusCode).toBe(404);
  });

  it('requires the name of the kitchen', async () => {
    expectError(
      await cantina({ method: 'POST', url: '/api/kitchens', payload: {} }),
      400,
      'Você precisa informar o nome da cozinha!',
    );
    expectError(
      await cantina({ method: 'PATCH', url: `/api/kitchens/id/${own.kitchen}`, payload: { name: '  ' } }),
      400,
      'Você precisa informar o nome da cozinha!',
    );
  });

  it('removes the stored images a product no longer shows, and all of them when it is deleted', async () => {
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
        images: [...urls, 'https://example.com/remote.webp'],
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
      payload: { images: [urls[0], 'https://example.com/remote.webp'] },
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
