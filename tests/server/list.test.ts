import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { kitchens, promoCodes } from '../../server/db/schema';
import { createList } from '../../server/resources/list';
import { defineResource } from '../../src/resources/define';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Promo codes listed by a nullable column with ties: the hard case of keyset paging. */
const codes = defineResource({
  name: 'codes',
  endpoint: '/api/codes',
  label: { one: 'Código', many: 'Códigos' },
  access: { list: 'admin' },
  envelope: { list: 'data.results', one: 'data' },
  fields: {
    code: { label: 'Código', kind: 'text', list: true, sortable: true },
    origin: { label: 'Origem', kind: 'text', list: true, sortable: true },
  },
  input: z.strictObject({}),
  record: z.object({ id: z.int(), code: z.string(), origin: z.string().nullable() }),
  list: { perPage: 1000, sort: { field: 'origin', order: 'ASC' } },
  messages: { created: '', updated: '', deleted: '' },
});

describe('the list implementation', () => {
  beforeAll(async () => {
    const expires_at = new Date(Date.now() + 86_400_000);
    const origins = [
      null,
      'INDOOR',
      'DELIVERY',
      null,
      'INDOOR',
      null,
      'DELIVERY',
      'INDOOR',
      null,
      null,
      'INDOOR',
    ];
    await t.app.db.insert(promoCodes).values(
      origins.map((origin, i) => ({
        code: `LOTE${i}`,
        description: 'Lote',
        discount: 10,
        n_available: 1,
        expires_at,
        origin: origin as 'INDOOR' | 'DELIVERY' | null,
      })),
    );
  });

  it('walks a list in batches in exactly the order of its pages, NULLs and ties included', async () => {
    const list = createList(t.app.db, codes, { table: promoCodes });
    const request = {} as FastifyRequest;
    for (const sort_order of ['ASC', 'DESC'] as const) {
      for (const sort_field of ['origin', 'code', 'id']) {
        const query = { page: 1, page_size: 1000, sort_field, sort_order };
        const { rows, total } = await list.page(request, query);
        expect(total).toBe(rows.length);
        const walked: unknown[] = [];
        for await (const batch of list.batches(request, query, 2)) {
          expect(batch.length).toBeLessThanOrEqual(2);
          walked.push(...batch);
        }
        expect(walked, `${sort_field} ${sort_order}`).toEqual(rows);
      }
    }
  });
});

describe('CSV export of a list', () => {
  it("streams the list with its filters, in the caller's scope, titled in Portuguese", async () => {
    const cantina = await storeId(t.app.db, 'Cantina Bella');
    const sertao = await storeId(t.app.db, 'Sabor do Sertão');
    await t.app.db.insert(kitchens).values([
      { store_id: cantina, name: 'Forno; lenha', available: true },
      { store_id: cantina, name: 'Confeitaria "da Nonna"', available: false },
      { store_id: sertao, name: 'Churrasqueira', available: true },
    ]);
    const staff = as(t.app, await login(t.app, demo.cantina));
    const response = await staff({ method: 'GET', url: '/api/kitchens?format=csv&sort_field=name' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cozinhas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNome;Produtos;Criada em;Disponível');
    expect(
      lines.slice(1, -1).map((line) => line.replace(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/, ';<data>;')),
    ).toEqual(['"Confeitaria ""da Nonna""";0;<data>;Não', '"Forno; lenha";0;<data>;Sim']);
    expect(lines.at(-1)).toBe('');
    // Another store's kitchen never appears, nor a column the list does not show.
    expect(response.body).not.toContain('Churrasqueira');
    expect(response.body).not.toContain('store_id');

    // The same through Accept: text/csv, with a search.
    const searched = await staff({
      method: 'GET',
      url: '/api/kitchens?search=forno',
      headers: { accept: 'text/csv' },
    });
    expect(searched.body.split('\r\n').slice(1, -1)).toEqual([expect.stringMatching(/^"Forno; lenha";/)]);

    const admin = as(t.app, await login(t.app, demo.admin));
    const all = await admin({ method: 'GET', url: `/api/kitchens?format=csv&store_id=${sertao}` });
    expect(all.body).toContain('Churrasqueira');
    expect(all.body).not.toContain('Forno; lenha');
  });

  it('refuses an unknown format and answers JSON by default', async () => {
    const staff = as(t.app, await login(t.app, demo.cantina));
    const bad = await staff({ method: 'GET', url: '/api/kitchens?format=xlsx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { message: 'Formato inválido: use json ou csv. (campo format)' } });
    const json = await staff({ method: 'GET', url: '/api/kitchens', headers: { accept: '*/*' } });
    expect(json.headers['content-type']).toMatch(/application\/json/);
  });
});
