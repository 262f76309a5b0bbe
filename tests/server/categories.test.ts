import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { firebaseFilePrefix, trustFilePrefixes } from '../../contract/lib/fileUrls';
import {
  admin,
  cantina,
  cantinaId,
  expectError,
  foreign,
  own,
  sertaoId,
  t,
  useMenuApp,
  type Category,
} from './menu-fixtures';

useMenuApp();

const FIREBASE_PICTURE =
  'https://firebasestorage.googleapis.com/v0/b/painel-teste.appspot.com/o/images%2F1-massas.webp?alt=media&token=abc';

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
    // The sorts the screens use, and the visibility filter.
    for (const sort of ['name', 'list_order', 'created_at', 'id']) {
      const sorted = await cantina({
        method: 'GET',
        url: `/api/categories?sort_field=${sort}&sort_order=DESC`,
      });
      expect(sorted.statusCode, sort).toBe(200);
    }
    expectError(
      await cantina({ method: 'GET', url: '/api/categories?sort_field=image' }),
      400,
      'Campo de ordenação inválido.',
    );
    const hidden = await cantina({ method: 'GET', url: '/api/categories?available=false' });
    expect(hidden.json<{ data: { results: Category[] } }>().data.results.every((c) => !c.available)).toBe(
      true,
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
    // A picture in the deployment's Firebase Storage, which it trusts.
    trustFilePrefixes([firebaseFilePrefix('painel-teste.appspot.com')]);
    onTestFinished(() => trustFilePrefixes([]));
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
        image: FIREBASE_PICTURE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Category }>().data).toMatchObject({
      name: 'Editada',
      display: 'LIST',
      available: false,
      image: FIREBASE_PICTURE,
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
