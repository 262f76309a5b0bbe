import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { categories, integrations, products } from '../../server/db/schema';
import { CANTINA_BELLA_CATALOGUE, type StandInCategory } from '../../server/opdv/catalogue';
import { startStandIn, type StandIn } from '../../server/opdv/stand-in';
import { CATEGORY_NAME_REQUIRED } from '../../contract/resources/categories/definition';
import type { ImportResult, Integration, SyncChange } from '../../contract/resources/integrations/definition';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * The OPDV import through the API (restaurant spec 3 "Imported product / category", 4, 5, 9, 8):
 * a category imported whole, chosen items into an existing category, an item linked to a product,
 * the rules an imported product follows (a 6-character code, cents, ratio 1, the placeholder for a
 * broken picture, two spaces for an empty description, origin opdv), idempotence (twice, or after
 * an import cut off halfway), and Sincronizar.
 */

type Call = ReturnType<typeof as>;
const TOKEN = 'opdv-cantina-import-5e1d';

/** The local OPDV's menu, copied: the sync tests change prices and names in it. */
const catalogue: StandInCategory[] = structuredClone(CANTINA_BELLA_CATALOGUE);
const antipasti = catalogue[0]!;
const primi = catalogue[1]!;

let t: TestApp;
let standIn: StandIn;
let cantina: Call;
let sertao: Call;
let cantinaId: number;
let integrationId: number;

const url = (what: string) => `/api/stores/integration/${integrationId}${what}`;
const importCategory = (code: string, call: Call = cantina) =>
  call({ method: 'POST', url: url('/import/category'), payload: { code } });
const importProducts = (category_id: number, codes: string[]) =>
  cantina({ method: 'POST', url: url('/import/products'), payload: { category_id, codes } });
const resultOf = (response: { json(): unknown }) => (response.json() as { data: ImportResult }).data;

/** The store's products imported from the OPDV, by their OPDV code. */
async function imported() {
  const rows = await t.database.db
    .select()
    .from(products)
    .where(and(eq(products.store_id, cantinaId), sql`${products.integration_code} is not null`));
  return new Map(rows.map((row) => [row.integration_code!, row]));
}

beforeAll(async () => {
  standIn = await startStandIn({ catalogue, callsPerMinute: 1_000 });
  t = await createTestApp();
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  // The store's OPDV is the one this file starts.
  await t.database.db.update(integrations).set({ active: false }).where(eq(integrations.store_id, cantinaId));
  const created = await cantina({
    method: 'POST',
    url: '/api/stores/integration/create',
    payload: { payload: { integration_type: 'OPDV', token: TOKEN } },
  });
  expect(created.statusCode, created.body).toBe(201);
  integrationId = created.json<{ data: Integration }>().data.id;
  // Its point of sale is the local one this file starts, as an administrator would set it.
  await t.database.db
    .update(integrations)
    .set({ base_url: standIn.url })
    .where(eq(integrations.id, integrationId));
}, 60_000);
afterEach(() => standIn.setMode('ok'));
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('a category imported whole', () => {
  let result: ImportResult;

  beforeAll(async () => {
    const response = await importCategory(antipasti.code);
    expect(response.statusCode, response.body).toBe(200);
    result = resultOf(response);
  });

  it('creates the category: the OPDV name, display ALL, available, with a picture', async () => {
    expect(result).toMatchObject({
      category_created: true,
      created: antipasti.items.length,
      linked: 0,
      skipped: 0,
      failed: [],
    });
    const [category] = await t.database.db
      .select()
      .from(categories)
      .where(eq(categories.id, result.category_id));
    expect(category).toMatchObject({
      store_id: cantinaId,
      name: 'Antipasti',
      display: 'ALL',
      available: true,
      integration_category_id: antipasti.code,
    });
    expect(category!.image).toMatch(/^\/uploads\//);
  });

  it('makes each item a product as spec 3 and 9 say', async () => {
    const byCode = await imported();
    const codes = new Set<string>();
    for (const item of antipasti.items) {
      const product = byCode.get(item.code)!;
      expect(product, item.code).toBeDefined();
      expect(product).toMatchObject({
        category_id: result.category_id,
        name: item.name,
        price: Math.round(Number(item.price) * 100),
        image_aspect_ratio: 1,
        available: true,
        origin: 'opdv',
        integration_name: item.name,
        integration_category_id: antipasti.code,
        integration_category_name: 'Antipasti',
      });
      expect(product.external_code).toMatch(/^[A-Z0-9]{6}$/);
      codes.add(product.external_code!);
      // An empty description becomes two spaces.
      expect(product.description).toBe(item.description === '' ? '  ' : item.description);
      // A broken picture, or none, is the placeholder; a good one is stored like an upload.
      if (item.picture === 'ok') {
        expect(product.image).toMatch(/^\/uploads\/images\//);
        expect(fs.existsSync(path.join(t.uploadsDir, product.image!.slice('/uploads/'.length)))).toBe(true);
      } else {
        expect(product.image).toBe('/uploads/defaults/opdv-placeholder.png');
      }
      expect(product.thumbnail).toBe(product.image);
      expect(product.images).toEqual([product.image]);
    }
    expect(codes.size).toBe(antipasti.items.length);
    expect(byCode.get('OP-1001')!.price).toBe(2490);
  });

  it('says so in the catalogue: each item with the product that carries its code', async () => {
    const response = await cantina({ method: 'GET', url: url('/catalog') });
    const items = response.json<{ data: { data: { items: { code: string; imported: unknown }[] }[] } }>().data
      .data[0]!.items;
    expect(items.every((item) => item.imported !== null)).toBe(true);
    expect(items[0]!.imported).toMatchObject({
      category_id: result.category_id,
      name: 'Bruschetta al pomodoro',
    });
  });

  it('creates nothing the second time: the same category, every item skipped', async () => {
    const before = (await imported()).size;
    const again = resultOf(await importCategory(antipasti.code));
    expect(again).toEqual({
      category_id: result.category_id,
      category_created: false,
      created: 0,
      linked: 0,
      skipped: 7,
      failed: [],
    });
    expect((await imported()).size).toBe(before);
    const named = await t.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.store_id, cantinaId), eq(categories.integration_category_id, antipasti.code)));
    expect(named).toHaveLength(1);
  });

  it('completes an import cut off halfway, without duplicates', async () => {
    // As if the server had died after the first three products: the rest were never written.
    const rest = antipasti.items.slice(3).map((item) => item.code);
    await t.database.db
      .delete(products)
      .where(and(eq(products.store_id, cantinaId), inArray(products.integration_code, rest)));
    const resumed = resultOf(await importCategory(antipasti.code));
    expect(resumed).toMatchObject({ created: rest.length, skipped: 3, failed: [] });
    const byCode = await imported();
    expect(antipasti.items.every((item) => byCode.get(item.code)?.category_id === result.category_id)).toBe(
      true,
    );
  });

  it('brings a category’s sub-categories along, and two imports at once create each product once', async () => {
    const [first, second] = await Promise.all([importCategory(primi.code), importCategory(primi.code)]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    const total = primi.items.length + primi.categories[0]!.items.length;
    const [a, b] = [resultOf(first!), resultOf(second!)];
    expect(a.category_id).toBe(b.category_id);
    expect(a.created + b.created).toBe(total);
    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    const inPrimi = [...(await imported()).values()].filter(
      (product) => product.category_id === a.category_id,
    );
    expect(inPrimi).toHaveLength(total);
    expect(inPrimi.find((product) => product.integration_code === 'OP-2101')).toMatchObject({
      integration_category_id: 'CAT-PRI-FRE',
      integration_category_name: 'Paste fresche',
    });
  });
});

describe('chosen items, and an item linked to a product', () => {
  let dolci: number;

  beforeAll(async () => {
    const created = await cantina({
      method: 'POST',
      url: '/api/categories',
      payload: { name: 'Sobremesas da casa' },
    });
    expect(created.statusCode, created.body).toBe(201);
    dolci = created.json<{ data: { data: { id: number } } }>().data.data.id;
  });

  it('imports the items chosen into an existing category; an unknown code fails with its reason', async () => {
    const response = await importProducts(dolci, ['OP-5002', 'OP-5003', 'OP-1001', 'OP-9999']);
    expect(response.statusCode, response.body).toBe(200);
    expect(resultOf(response)).toEqual({
      category_id: dolci,
      category_created: false,
      created: 2,
      linked: 0,
      skipped: 1,
      failed: [{ code: 'OP-9999', name: '', reason: 'Produto não encontrado no OPDV.' }],
    });
    const byCode = await imported();
    expect(byCode.get('OP-5003')).toMatchObject({ category_id: dolci, price: 2690, description: '  ' });
  });

  it('refuses what cannot be imported, in Portuguese, and writes nothing', async () => {
    const before = (await imported()).size;
    const cases: [Record<string, unknown>, string][] = [
      [{ category_id: dolci, codes: [] }, 'Escolha ao menos um produto para importar.'],
      [{ category_id: 999_999, codes: ['OP-5004'] }, 'Categoria não encontrada.'],
    ];
    for (const [payload, message] of cases) {
      const response = await cantina({ method: 'POST', url: url('/import/products'), payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorOf(response)).toContain(message);
    }
    const unknown = await importCategory('CAT-NADA');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe('Categoria não encontrada no OPDV.');
    // A category the store cannot hold (no name): spec 8's 'Erro ao criar categoria', and why.
    catalogue.push({ code: 'CAT-SEM-NOME', name: '', categories: [], items: [] });
    try {
      const nameless = await importCategory('CAT-SEM-NOME');
      expect(nameless.statusCode).toBe(400);
      expect(errorOf(nameless)).toBe(`Erro ao criar categoria: ${CATEGORY_NAME_REQUIRED}`);
    } finally {
      catalogue.pop();
    }
    expect((await imported()).size).toBe(before);
  });

  it('links an item to a product of the menu: its name, price and origin stay', async () => {
    const created = await cantina({
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Tiramisù da nonna', price: 3500, external_code: 'TIR001', category_id: dolci },
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ data: { id: number } }>().data.id;
    const link = (product_id: number) =>
      cantina({ method: 'POST', url: url('/link'), payload: { code: 'OP-5001', product_id } });
    expect((await link(productId)).statusCode).toBe(200);
    const [linked] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(linked).toMatchObject({
      name: 'Tiramisù da nonna',
      price: 3500,
      external_code: 'TIR001',
      origin: null,
      integration_code: 'OP-5001',
      integration_name: 'Tiramisù',
      integration_category_id: 'CAT-DOL',
    });
    // The code on another product is 'Produto já importado'; importing it again skips it.
    const other = (await imported()).get('OP-5002')!.id;
    const twice = await link(other);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('Produto já importado');
    expect(resultOf(await importProducts(dolci, ['OP-5001']))).toMatchObject({ created: 0, skipped: 1 });
  });

  it('keeps another store out: its calls on this integration answer 404 and change nothing', async () => {
    const before = (await imported()).size;
    const response = await importCategory('CAT-SEC', sertao);
    expect(response.statusCode).toBe(404);
    expect((await imported()).size).toBe(before);
  });

  it('imports nothing while the point of sale rate-limits, and says so', async () => {
    standIn.setMode('rate-limit');
    const response = await importCategory('CAT-SEC');
    expect(response.statusCode).toBe(429);
    expect(errorOf(response)).toBe('Limite de chamadas alcançado. Tente novamente em alguns minutos');
    const secondi = [...(await imported()).values()].filter(
      (product) => product.integration_category_id === 'CAT-SEC',
    );
    expect(secondi).toEqual([]);
  });
});

describe('Sincronizar', () => {
  const preview = async () => {
    const response = await cantina({ method: 'GET', url: url('/sync') });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SyncChange[] }>().data;
  };

  it('finds only the linked product, whose own name and price differ from the OPDV’s', async () => {
    const linked = (await imported()).get('OP-5001')!;
    expect(await preview()).toEqual([
      {
        product_id: linked.id,
        code: 'OP-5001',
        name: 'Tiramisù da nonna',
        price: 3500,
        new_name: 'Tiramisù',
        new_price: 3290,
      },
    ]);
  });

  it('shows the names and prices changed in the OPDV, and applies only those chosen', async () => {
    const byCode = await imported();
    antipasti.items[0]!.price = '26.50';
    antipasti.items[1]!.name = 'Carpaccio di manzo al tartufo';
    const changes = (await preview()).filter((change) => change.code !== 'OP-5001');
    expect(changes).toEqual([
      {
        product_id: byCode.get('OP-1001')!.id,
        code: 'OP-1001',
        name: 'Bruschetta al pomodoro',
        price: 2490,
        new_name: 'Bruschetta al pomodoro',
        new_price: 2650,
      },
      {
        product_id: byCode.get('OP-1002')!.id,
        code: 'OP-1002',
        name: 'Carpaccio di manzo',
        price: 4290,
        new_name: 'Carpaccio di manzo al tartufo',
        new_price: 4290,
      },
    ]);
    const applied = await cantina({
      method: 'POST',
      url: url('/sync'),
      payload: { product_ids: [byCode.get('OP-1001')!.id] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ data: { updated: number } }>().data.updated).toBe(1);
    const after = await imported();
    expect(after.get('OP-1001')!.price).toBe(2650);
    expect(after.get('OP-1002')!.name).toBe('Carpaccio di manzo');
    expect((await preview()).map((change) => change.code).sort()).toEqual(['OP-1002', 'OP-5001']);
  });
});
