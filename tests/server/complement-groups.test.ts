import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { complementGroups } from '../../server/db/schema';
import { cantina, cantinaId, expectError, foreign, own, sertaoId, t, useMenuApp } from './menu-fixtures';
import type { ComplementGroup } from '../../contract/resources/complementGroups/definition';

type Group = ComplementGroup;

useMenuApp();

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

  it('exports the list as CSV: name and limits titled in Portuguese, the search applied', async () => {
    for (const payload of [
      { name: 'Coberturas exportáveis', min_items: 1, max_items: 3 },
      { name: 'Caldas; exportáveis', min_items: 0, max_items: 10 },
    ]) {
      const created = await cantina({ method: 'POST', url: '/api/complement-groups', payload });
      expect(created.statusCode, created.body).toBe(201);
    }
    const response = await cantina({
      method: 'GET',
      url: '/api/complement-groups?format=csv&search=EXPORTAVEIS&sort_field=name',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="complementos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFNome;Mínimo;Máximo',
      '"Caldas; exportáveis";0;10',
      'Coberturas exportáveis;1;3',
      '',
    ]);

    // The whole store's list and nothing more, whatever store_id a staff member sends.
    const all = await cantina({
      method: 'GET',
      url: `/api/complement-groups?format=csv&store_id=${sertaoId}`,
    });
    expect(all.body.split('\r\n').slice(1, -1)).toHaveLength(own.groups.length + 2);
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
