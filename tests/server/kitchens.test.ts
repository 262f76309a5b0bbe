import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { kitchens } from '../../server/db/schema';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';
import * as menu from './menu-fixtures';
import type { Kitchen } from '../../contract/resources/kitchens/definition';

/**
 * Kitchens (restaurant spec 2 "Kitchens", 3, 4, 5). The describe 'kitchens' at the end runs over the
 * full demo of menu-fixtures.ts (the store's list, the name on POST {} and PATCH '  ', one toggle,
 * the product's route cleared on removal), and products.test.ts checks the kitchens with the rest of
 * the menu API (anonymous 401, Cantina's staff 404 on Sertão's kitchens, the store's list). The
 * others, over the demo logins only: the number of products routed to each kitchen, the other
 * direction of the store scope, and the whole toggle.
 */

type Call = ReturnType<typeof as>;

const NAME_REQUIRED = 'Você precisa informar o nome da cozinha!';

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let cantinaId: number;
let sertaoId: number;
let cantinaCategory: number;
let sertaoCategory: number;

function errorOf(response: { statusCode: number; body: string }, status: number): string {
  expect(response.statusCode, response.body).toBe(status);
  return (JSON.parse(response.body) as { error: { message: string } }).error.message;
}

async function createKitchen(call: Call, payload: Record<string, unknown>): Promise<Kitchen> {
  const response = await call({ method: 'POST', url: '/api/kitchens', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Kitchen }>().data;
}

let code = 0;
async function createProduct(call: Call, category: number, kitchen: number | null): Promise<number> {
  code += 1;
  const response = await call({
    method: 'POST',
    url: '/api/products',
    payload: {
      name: `Produto ${code}`,
      price: '1990',
      external_code: `KIT${String(code).padStart(3, '0')}`,
      category_id: category,
      kitchen_id: kitchen,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

async function list(call: Call, query = ''): Promise<Kitchen[]> {
  const response = await call({ method: 'GET', url: `/api/kitchens${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: Kitchen[] } }>().data.results;
}

async function one(call: Call, id: number): Promise<Kitchen> {
  const response = await call({ method: 'GET', url: `/api/kitchens/id/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Kitchen }>().data;
}

const countsByName = (rows: Kitchen[]) => Object.fromEntries(rows.map((k) => [k.name, k.n_products]));

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  const category = async (call: Call, name: string) => {
    const response = await call({ method: 'POST', url: '/api/categories', payload: { name } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { data: { id: number } } }>().data.data.id;
  };
  cantinaCategory = await category(cantina, 'Massas');
  sertaoCategory = await category(sertao, 'Regionais');
}, 60_000);
afterAll(() => t?.close());

describe('products routed to each kitchen (n_products)', () => {
  it('answers how many of the store’s products each kitchen receives, in the list and the record', async () => {
    const hot = await createKitchen(cantina, { name: 'Cozinha quente' });
    const bar = await createKitchen(cantina, { name: 'Bar' });
    const pastry = await createKitchen(cantina, { name: 'Confeitaria' });
    expect(hot.n_products).toBe(0);
    await createProduct(cantina, cantinaCategory, hot.id);
    const moving = await createProduct(cantina, cantinaCategory, hot.id);
    await createProduct(cantina, cantinaCategory, bar.id);
    await createProduct(cantina, cantinaCategory, null);
    // Another store's kitchen with products of its own changes nothing here.
    const theirs = await createKitchen(sertao, { name: 'Cozinha quente' });
    await createProduct(sertao, sertaoCategory, theirs.id);
    await createProduct(sertao, sertaoCategory, theirs.id);
    await createProduct(sertao, sertaoCategory, theirs.id);

    const mine = await list(cantina);
    expect(mine.every((k) => k.store_id === cantinaId)).toBe(true);
    expect(countsByName(mine)).toEqual({ Bar: 1, Confeitaria: 0, 'Cozinha quente': 2 });
    expect(await one(cantina, hot.id)).toMatchObject({ name: 'Cozinha quente', n_products: 2 });
    expect(await one(cantina, pastry.id)).toMatchObject({ n_products: 0 });
    expect(countsByName(await list(sertao))).toEqual({ 'Cozinha quente': 3 });

    // A product moved to another kitchen counts there at once; a removed one no more.
    const moved = await cantina({
      method: 'PATCH',
      url: `/api/products/id/${moving}`,
      payload: { kitchen_id: pastry.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(countsByName(await list(cantina))).toEqual({ Bar: 1, Confeitaria: 1, 'Cozinha quente': 1 });
    expect((await cantina({ method: 'DELETE', url: `/api/products/id/${moving}` })).statusCode).toBe(200);
    expect((await one(cantina, pastry.id)).n_products).toBe(0);

    // The answers of a write carry the count too, so a row switched in the list keeps it.
    const toggled = await cantina({
      method: 'PATCH',
      url: `/api/kitchens/id/${hot.id}`,
      payload: { available: false },
    });
    expect(toggled.json<{ data: Kitchen }>().data).toMatchObject({ available: false, n_products: 1 });
    await cantina({ method: 'PATCH', url: `/api/kitchens/id/${hot.id}`, payload: { available: true } });

    // An administrator reading a store's kitchens gets the same counts.
    expect(countsByName(await list(admin, `?store_id=${sertaoId}`))).toEqual({ 'Cozinha quente': 3 });
  });

  it('counts a whole page with one query, not one per kitchen', async () => {
    for (let i = 1; i <= 12; i += 1)
      await createKitchen(cantina, { name: `Praça ${String(i).padStart(2, '0')}` });
    const select = vi.spyOn(t.database.db, 'select');
    try {
      const queriesFor = async (query: string) => {
        select.mockClear();
        const rows = await list(cantina, query);
        return { rows: rows.length, queries: select.mock.calls.length };
      };
      const small = await queriesFor('?page_size=1');
      const large = await queriesFor('?page_size=50');
      expect(small.rows).toBe(1);
      expect(small.queries).toBeGreaterThan(0);
      expect(large.rows).toBeGreaterThanOrEqual(12);
      expect(large.queries).toBe(small.queries);
    } finally {
      select.mockRestore();
    }
  });

  it('is read-only: a body carrying n_products is refused', async () => {
    const [kitchen] = await list(cantina);
    const message = errorOf(
      await cantina({ method: 'PATCH', url: `/api/kitchens/id/${kitchen!.id}`, payload: { n_products: 9 } }),
      400,
    );
    expect(message).toMatch(/n_products/);
    errorOf(
      await cantina({ method: 'POST', url: '/api/kitchens', payload: { name: 'X', n_products: 9 } }),
      400,
    );
  });
});

describe('store scope', () => {
  it("answers 404 to another store's staff on every call for a kitchen, and changes nothing", async () => {
    const kitchen = await createKitchen(cantina, { name: 'Forno a lenha' });
    const calls: [string, unknown?][] = [
      ['GET'],
      ['PATCH', { available: false }],
      ['PATCH', { name: 'Invadida' }],
      ['DELETE'],
    ];
    for (const [method, payload] of calls) {
      const response = await sertao({
        method: method as 'GET',
        url: `/api/kitchens/id/${kitchen.id}`,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${JSON.stringify(payload)}: ${response.body}`).toBe(404);
    }
    expect((await list(sertao)).some((k) => k.id === kitchen.id)).toBe(false);
    expect((await list(sertao, '?search=forno')).length).toBe(0);
    const [row] = await t.database.db.select().from(kitchens).where(eq(kitchens.id, kitchen.id));
    expect(row).toMatchObject({ name: 'Forno a lenha', available: true, store_id: cantinaId });
  });

  it('keeps a kitchen in its store whatever store_id a staff member sends', async () => {
    const created = await createKitchen(cantina, { name: 'Parrilla', store_id: sertaoId });
    expect(created.store_id).toBe(cantinaId);
    const moved = await cantina({
      method: 'PATCH',
      url: `/api/kitchens/id/${created.id}`,
      payload: { name: 'Parrilla e grelhados', store_id: sertaoId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: Kitchen }>().data).toMatchObject({
      name: 'Parrilla e grelhados',
      store_id: cantinaId,
    });
  });

  it('lets an administrator create a kitchen for a store named in the body, and requires it', async () => {
    const created = await createKitchen(admin, { name: 'Tapiocaria', store_id: sertaoId });
    expect(created.store_id).toBe(sertaoId);
    expect((await list(sertao)).some((k) => k.id === created.id)).toBe(true);
    expect(
      errorOf(await admin({ method: 'POST', url: '/api/kitchens', payload: { name: 'Sem loja' } }), 400),
    ).toBe('Informe o restaurante (store_id).');
  });
});

describe('name (restaurant spec 5)', () => {
  it('refuses a missing, empty, blank or null name with the spec message, on create and on update', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: null }, { available: true }]) {
      const response = await cantina({ method: 'POST', url: '/api/kitchens', payload });
      expect(errorOf(response, 400), JSON.stringify(payload)).toContain(NAME_REQUIRED);
    }
    const kitchen = await createKitchen(cantina, { name: 'Sushi bar' });
    for (const name of ['', '  ', null]) {
      const response = await cantina({
        method: 'PATCH',
        url: `/api/kitchens/id/${kitchen.id}`,
        payload: { name },
      });
      expect(errorOf(response, 400), JSON.stringify(name)).toContain(NAME_REQUIRED);
    }
    expect((await one(cantina, kitchen.id)).name).toBe('Sushi bar');
  });

  it('trims the name and limits it to 100 characters', async () => {
    const kitchen = await createKitchen(cantina, { name: '  Pizzaria  ' });
    expect(kitchen.name).toBe('Pizzaria');
    const long = await cantina({ method: 'POST', url: '/api/kitchens', payload: { name: 'x'.repeat(101) } });
    expect(errorOf(long, 400)).toContain('Limite máximo de 100 caracteres.');
    await createKitchen(cantina, { name: 'x'.repeat(100) });
  });
});

describe('available toggle (restaurant spec 4)', () => {
  it('creates kitchens available unless told otherwise, and switches them off and on', async () => {
    const on = await createKitchen(cantina, { name: 'Grelhados' });
    expect(on.available).toBe(true);
    const off = await createKitchen(cantina, { name: 'Sorveteria', available: false });
    expect(off.available).toBe(false);

    const patch = (available: unknown) =>
      cantina({ method: 'PATCH', url: `/api/kitchens/id/${on.id}`, payload: { available } });
    expect((await patch(false)).json<{ data: Kitchen }>().data).toMatchObject({
      name: 'Grelhados',
      available: false,
    });
    expect((await one(cantina, on.id)).available).toBe(false);
    expect((await list(cantina, '?search=grelhados'))[0]).toMatchObject({ id: on.id, available: false });
    expect((await patch(true)).json<{ data: Kitchen }>().data.available).toBe(true);
    expect((await one(cantina, on.id)).available).toBe(true);
  });

  it('refuses anything but true or false, and an empty update', async () => {
    const kitchen = await createKitchen(cantina, { name: 'Churrasqueira' });
    for (const available of ['false', 0, null]) {
      const response = await cantina({
        method: 'PATCH',
        url: `/api/kitchens/id/${kitchen.id}`,
        payload: { available },
      });
      expect(errorOf(response, 400), JSON.stringify(available)).toContain(
        'Informe se a cozinha está disponível.',
      );
    }
    const empty = await cantina({ method: 'PATCH', url: `/api/kitchens/id/${kitchen.id}`, payload: {} });
    expect(errorOf(empty, 400)).toContain('Informe ao menos um campo para alterar.');
    expect((await one(cantina, kitchen.id)).available).toBe(true);
  });

  it('sorts by availability, as the list column offers', async () => {
    const rows = await list(cantina, '?sort_field=available&sort_order=ASC&page_size=100');
    const firstOn = rows.findIndex((k) => k.available);
    expect(firstOn).toBeGreaterThan(0);
    expect(rows.slice(firstOn).every((k) => k.available)).toBe(true);
  });
});

describe('kitchens', () => {
  menu.useMenuApp();

  it('lists, creates, toggles and removes a kitchen of the store', async () => {
    const list = await menu.cantina({ method: 'GET', url: '/api/kitchens' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { results: unknown[] } }>().data.results.length).toBeGreaterThan(0);

    const created = await menu.cantina({
      method: 'POST',
      url: '/api/kitchens',
      payload: { name: 'Confeitaria', store_id: menu.sertaoId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const kitchen = created.json<{ data: { id: number; store_id: number; available: boolean } }>().data;
    expect(kitchen).toMatchObject({ name: 'Confeitaria', store_id: menu.cantinaId, available: true });

    const toggled = await menu.cantina({
      method: 'PATCH',
      url: `/api/kitchens/id/${kitchen.id}`,
      payload: { available: false },
    });
    expect(toggled.json<{ data: { available: boolean } }>().data.available).toBe(false);

    // A product routed to it loses only the route when the kitchen goes.
    const product = (
      await menu.cantina({
        method: 'POST',
        url: '/api/products',
        payload: {
          name: 'Tiramisù',
          price: '2900',
          external_code: 'TIRA01',
          category_id: menu.own.category,
          kitchen_id: kitchen.id,
        },
      })
    ).json<{ data: menu.Product }>().data;
    expect(product.kitchen_id).toBe(kitchen.id);
    const removed = await menu.cantina({ method: 'DELETE', url: `/api/kitchens/id/${kitchen.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const read = (await menu.cantina({ method: 'GET', url: `/api/products/id/${product.id}` })).json<{
      data: menu.Product;
    }>().data;
    expect(read.kitchen_id).toBeNull();
    expect((await menu.cantina({ method: 'GET', url: `/api/kitchens/id/${kitchen.id}` })).statusCode).toBe(
      404,
    );
  });

  it('requires the name of the kitchen', async () => {
    menu.expectError(
      await menu.cantina({ method: 'POST', url: '/api/kitchens', payload: {} }),
      400,
      'Você precisa informar o nome da cozinha!',
    );
    menu.expectError(
      await menu.cantina({
        method: 'PATCH',
        url: `/api/kitchens/id/${menu.own.kitchen}`,
        payload: { name: '  ' },
      }),
      400,
      'Você precisa informar o nome da cozinha!',
    );
  });
});
