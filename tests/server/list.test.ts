import { gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { kitchens, promoCodes } from '../../server/db/schema';
import { createList, SEEK_FROM } from '../../server/resources/list';
import { defineResource } from '../../contract/define';
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

  it('walks a list with NULLs last either way (nullsLast) in batches as its pages order it', async () => {
    const list = createList(t.app.db, codes, { table: promoCodes, nullsLast: true });
    const request = {} as FastifyRequest;
    for (const sort_order of ['ASC', 'DESC'] as const) {
      const query = { page: 1, page_size: 1000, sort_field: 'origin', sort_order };
      const { rows } = await list.page(request, query);
      const origins = rows.map((row) => row.origin);
      // The NULLs close the list in both directions.
      expect(origins.slice(-5), sort_order).toEqual([null, null, null, null, null]);
      expect(origins.slice(0, -5), sort_order).not.toContain(null);
      const walked: unknown[] = [];
      for await (const batch of list.batches(request, query, 2)) walked.push(...batch);
      expect(walked, sort_order).toEqual(rows);
    }
  });

  it("reads rows computed for the request (from) under the table's name, counted in the page's statement", async () => {
    const list = createList(t.app.db, codes, {
      table: promoCodes,
      // Only the batch's codes, as a query the list reads in the table's place.
      from: async () => sql`select * from ${promoCodes} where ${promoCodes.code} like 'LOTE%'`,
      totalInPage: true,
    });
    const request = {} as FastifyRequest;
    const query = { page: 1, page_size: 4, sort_field: 'code', sort_order: 'ASC' };
    const first = await list.page(request, query);
    expect(first.total).toBe(11);
    expect(first.rows.map((row) => row.code)).toEqual(['LOTE0', 'LOTE1', 'LOTE10', 'LOTE2']);
    expect(first.rows[0]).not.toHaveProperty('__total');
    // A page past the end has no row to carry the count: it is counted apart.
    expect(await list.page(request, { ...query, page: 9 })).toEqual({ rows: [], total: 11 });
    const walked: unknown[] = [];
    for await (const batch of list.batches(request, { ...query, page_size: 1000 }, 4)) walked.push(...batch);
    expect(walked).toHaveLength(11);
  });

  it("takes the total from its source's count when it has one (a rollup), not from count(*)", async () => {
    const asked: unknown[] = [];
    const list = createList(t.app.db, codes, {
      table: promoCodes,
      count: async ({ query }) => {
        asked.push(query);
        return 1234;
      },
    });
    const query = { page: 1, page_size: 3, sort_field: 'code', sort_order: 'ASC' };
    const { rows, total } = await list.page({} as FastifyRequest, query);
    expect(rows).toHaveLength(3);
    expect(total).toBe(1234);
    expect(asked).toEqual([query]);
  });

  it("reads a deep page from where its source's seek says it starts, as walking to it would", async () => {
    await t.app.db.execute(sql`insert into promo_codes (code, description, discount, n_available, expires_at)
      select 'PROFUNDO' || g, 'Lote', 5, 1, now() + interval '1 day' from generate_series(1, ${SEEK_FROM + 100}) g`);
    const [cut] = await t.app.db
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .orderBy(promoCodes.id)
      .offset(SEEK_FROM - 50)
      .limit(1);
    // The rows before the cut, in id order, are left out and counted.
    const offsets: number[] = [];
    const seeking = createList(t.app.db, codes, {
      table: promoCodes,
      seek: async ({ offset }) => {
        offsets.push(offset);
        return { where: gte(promoCodes.id, cut!.id), before: SEEK_FROM - 50 };
      },
    });
    const walking = createList(t.app.db, codes, { table: promoCodes });
    const request = {} as FastifyRequest;
    const size = SEEK_FROM / 2 + 1;
    for (const page of [2, 3, 4]) {
      const query = { page, page_size: size, sort_field: 'id', sort_order: 'ASC' };
      expect(await seeking.page(request, query)).toEqual(await walking.page(request, query));
    }
    // A page within the first SEEK_FROM rows walks to them.
    expect(offsets).toEqual([2 * size, 3 * size]);
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
