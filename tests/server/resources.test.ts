import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { cuisines, faqs, operations } from '../../server/db/schema';
import { as, createTestApp, demo, login, type TestApp } from './helpers';
import { cuisines as cuisineDefinition } from '../../contract/resources/cuisines/definition';
import type { RecordOf } from '../../contract/define';
import { faqs as faqDefinition } from '../../contract/resources/faqs/definition';

const NOT_FOUND = { error: { message: 'Registro não encontrado.' } };
const ADMIN_ONLY = { error: { message: 'Acesso restrito aos administradores da plataforma.' } };
const BAD_ID = { error: { message: 'Identificador inválido. (campo id)' } };

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  staff = as(t.app, await login(t.app, demo.cantina));
});

afterAll(async () => {
  await t?.close();
});

type Named = RecordOf<typeof cuisineDefinition>;
type Faq = RecordOf<typeof faqDefinition>;
interface Page<T> {
  data: { results: T[]; total: number };
}

const rowCount = async (table: typeof cuisines | typeof operations | typeof faqs) => {
  const [row] = await t.app.db.select({ n: count() }).from(table);
  return row!.n;
};

describe('cuisines (/api/cousines)', () => {
  it('lists every cuisine without internal columns', async () => {
    const response = await admin({ method: 'GET', url: '/api/cousines' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<Page<Named>>();
    expect(data.total).toBe(7);
    expect(data.results).toHaveLength(7);
    expect(data.results.map((c) => c.name)).toContain('Italiana');
    expect(Object.keys(data.results[0]!).sort()).toEqual(['created_at', 'id', 'name']);
    // Default sort: name ascending (the accent-free names, whose order no collation changes).
    const plain = data.results.map((c) => c.name).filter((n) => /^[A-Za-z]+$/.test(n));
    expect(plain).toEqual([...plain].sort());
  });

  it('creates, reads, updates and deletes as an administrator', async () => {
    const created = await admin({ method: 'POST', url: '/api/cousines', payload: { name: '  Mexicana ' } });
    expect(created.statusCode).toBe(201);
    const record = created.json<{ data: Named }>().data;
    expect(record).toMatchObject({ name: 'Mexicana' });
    expect(record.id).toBeTypeOf('number');
    expect(Object.keys(record).sort()).toEqual(['created_at', 'id', 'name']);

    const one = await admin({ method: 'GET', url: `/api/cousines/id/${record.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: record });

    const updated = await admin({
      method: 'PATCH',
      url: `/api/cousines/id/${record.id}`,
      payload: { name: 'Tex-Mex' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ data: { ...record, name: 'Tex-Mex' } });
    const [row] = await t.app.db.select().from(cuisines).where(eq(cuisines.id, record.id));
    expect(row).toMatchObject({ name: 'Tex-Mex', name_key: 'tex-mex' });

    const deleted = await admin({ method: 'DELETE', url: `/api/cousines/id/${record.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { id: record.id } });

    const gone = await admin({ method: 'GET', url: `/api/cousines/id/${record.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(NOT_FOUND);
    const again = await admin({ method: 'DELETE', url: `/api/cousines/id/${record.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('lets staff read but not write', async () => {
    const list = await staff({ method: 'GET', url: '/api/cousines' });
    expect(list.statusCode).toBe(200);
    const id = list.json<Page<Named>>().data.results[0]!.id;
    expect((await staff({ method: 'GET', url: `/api/cousines/id/${id}` })).statusCode).toBe(200);

    const before = await rowCount(cuisines);
    for (const request of [
      { method: 'POST', url: '/api/cousines', payload: { name: 'Tailandesa' } },
      { method: 'PATCH', url: `/api/cousines/id/${id}`, payload: { name: 'Tailandesa' } },
      { method: 'DELETE', url: `/api/cousines/id/${id}` },
    ] as const) {
      const response = await staff(request);
      expect(response.statusCode, request.method).toBe(403);
      expect(response.json()).toEqual(ADMIN_ONLY);
    }
    expect(await rowCount(cuisines)).toBe(before);
    const [row] = await t.app.db.select().from(cuisines).where(eq(cuisines.id, id));
    expect(row!.name).not.toBe('Tailandesa');
  });

  it('refuses a duplicate name whatever its case, accents or spacing', async () => {
    const before = await rowCount(cuisines);
    for (const name of ['italiana', 'ITALIANA', 'arabe', '  Árabe  ', 'Japonêsa']) {
      const response = await admin({ method: 'POST', url: '/api/cousines', payload: { name } });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({ error: { message: 'Já existe uma cozinha com esse nome.' } });
    }
    expect(await rowCount(cuisines)).toBe(before);

    const list = await admin({ method: 'GET', url: '/api/cousines?search=vegetariana' });
    const vegetariana = list.json<Page<Named>>().data.results[0]!;
    const rename = await admin({
      method: 'PATCH',
      url: `/api/cousines/id/${vegetariana.id}`,
      payload: { name: 'NORDESTINA' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ error: { message: 'Já existe uma cozinha com esse nome.' } });
    const [row] = await t.app.db.select().from(cuisines).where(eq(cuisines.id, vegetariana.id));
    expect(row!.name).toBe('Vegetariana');
  });

  it('validates the name', async () => {
    const empty = await admin({ method: 'POST', url: '/api/cousines', payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: { message: 'Campo obrigatório (campo name)' } });
    const long = await admin({ method: 'POST', url: '/api/cousines', payload: { name: 'x'.repeat(61) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: { message: 'Limite máximo de 60 caracteres. (campo name)' } });
  });
});

describe('operations (/api/operations)', () => {
  it('lists and creates cities', async () => {
    const list = await staff({ method: 'GET', url: '/api/operations' });
    expect(list.statusCode).toBe(200);
    expect(list.json<Page<Named>>().data.total).toBe(5);

    const created = await admin({ method: 'POST', url: '/api/operations', payload: { name: 'Salvador' } });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: Named }>().data).toMatchObject({ name: 'Salvador' });
    const after = await admin({ method: 'GET', url: '/api/operations?search=salvador' });
    expect(after.json<Page<Named>>().data.results.map((c) => c.name)).toEqual(['Salvador']);
  });

  it("answers 'Já existe operação nessa cidade' to a second city with the same name", async () => {
    const before = await rowCount(operations);
    for (const name of ['são paulo', 'SAO PAULO', 'Sao  Paulo', 'São Paulo']) {
      const response = await admin({ method: 'POST', url: '/api/operations', payload: { name } });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({ error: { message: 'Já existe operação nessa cidade' } });
    }
    expect(await rowCount(operations)).toBe(before);
  });

  it('is created by administrators only', async () => {
    const response = await staff({ method: 'POST', url: '/api/operations', payload: { name: 'Natal' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(ADMIN_ONLY);
  });

  it('has no detail, update or delete routes', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await admin({
        method,
        url: '/api/operations/id/1',
        ...(method === 'PATCH' ? { payload: { name: 'Outra' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({
        error: { message: `Rota não encontrada: ${method} /api/operations/id/1` },
      });
    }
    const [row] = await t.app.db.select().from(operations).where(eq(operations.id, 1));
    expect(row!.name).toBe('São Paulo');
  });
});

describe('FAQ (/api/faqs)', () => {
  const faq = { title: 'Como cadastro um garçom?', text: 'Em Equipe, toque em Novo.', category: 'MERCHANT' };

  it('creates a question and answers 201 with its id and dates', async () => {
    const response = await admin({ method: 'POST', url: '/api/faqs', payload: faq });
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: Faq }>();
    expect(data).toMatchObject(faq);
    expect(data.id).toBeTypeOf('number');
    expect(new Date(data.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(data.updated_at).toBeTypeOf('string');
  });

  it('validates the body and writes nothing on bad input', async () => {
    const before = await rowCount(faqs);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: 'r', category: 'MERCHANT' }, 'Campo obrigatório (campo title)'],
      [{ title: '  ', text: 'r', category: 'MERCHANT' }, 'Campo obrigatório (campo title)'],
      [{ title: 'p', category: 'MERCHANT' }, 'Campo obrigatório (campo text)'],
      [{ title: 'p', text: 'r', category: 'OUTRO' }, 'Escolha Restaurante ou Usuário (campo category)'],
      [{ title: 'p', text: 'r' }, 'Escolha Restaurante ou Usuário (campo category)'],
      [
        { title: 'x'.repeat(301), text: 'r', category: 'MERCHANT' },
        'Limite máximo de 300 caracteres. (campo title)',
      ],
      [{ ...faq, id: 77 }, 'Chave inválida: "id"'],
      [{ ...faq, created_at: '2020-01-01', views: 1 }, 'Chaves inválidas: "created_at", "views"'],
    ];
    for (const [payload, message] of cases) {
      const response = await admin({ method: 'POST', url: '/api/faqs', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: { message } });
    }
    expect(await rowCount(faqs)).toBe(before);
  });

  it('updates and deletes a question', async () => {
    const created = (await admin({ method: 'POST', url: '/api/faqs', payload: faq })).json<{ data: Faq }>()
      .data;
    const updated = await admin({
      method: 'PATCH',
      url: `/api/faqs/id/${created.id}`,
      payload: { title: 'Como cadastro um garçom novo?', category: 'CUSTOMER' },
    });
    expect(updated.statusCode).toBe(200);
    const data = updated.json<{ data: Faq }>().data;
    expect(data).toMatchObject({
      id: created.id,
      title: 'Como cadastro um garçom novo?',
      category: 'CUSTOMER',
      text: faq.text,
    });
    expect(data.created_at).toBe(created.created_at);
    expect(new Date(data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updated_at).getTime(),
    );

    const unknown = await admin({
      method: 'PATCH',
      url: `/api/faqs/id/${created.id}`,
      payload: { title: 'x', id: 5 },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await admin({ method: 'PATCH', url: `/api/faqs/id/${created.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: { message: 'Informe ao menos um campo para alterar.' } });
    const badCategory = await admin({
      method: 'PATCH',
      url: `/api/faqs/id/${created.id}`,
      payload: { category: 'X' },
    });
    expect(badCategory.statusCode).toBe(400);
    const [row] = await t.app.db.select().from(faqs).where(eq(faqs.id, created.id));
    expect(row).toMatchObject({ title: 'Como cadastro um garçom novo?', category: 'CUSTOMER' });

    const deleted = await admin({ method: 'DELETE', url: `/api/faqs/id/${created.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { id: created.id } });
    expect(await t.app.db.select().from(faqs).where(eq(faqs.id, created.id))).toEqual([]);
  });

  it('answers 404 for a missing id and 400 for a malformed one', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const payload = method === 'PATCH' ? { payload: { title: 'x' } } : {};
      const missing = await admin({ method, url: '/api/faqs/id/999999', ...payload });
      expect(missing.statusCode, method).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
      for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999', '1e3', '0x10', '+7', '%207']) {
        const bad = await admin({ method, url: `/api/faqs/id/${id}`, ...payload });
        expect(bad.statusCode, `${method} ${id}`).toBe(400);
        expect(bad.json(), `${method} ${id}`).toEqual(BAD_ID);
      }
    }
  });

  it('is read by staff and written by administrators only', async () => {
    expect((await staff({ method: 'GET', url: '/api/faqs' })).statusCode).toBe(200);
    const response = await staff({ method: 'POST', url: '/api/faqs', payload: faq });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(ADMIN_ONLY);
  });

  describe('list', () => {
    const titles = ['Lista alfa', 'Lista bravo', 'Lista charlie', 'Lista delta', 'Lista eco'];
    let total: number;

    beforeAll(async () => {
      for (const [i, title] of titles.entries()) {
        const response = await admin({
          method: 'POST',
          url: '/api/faqs',
          payload: { title, text: `Resposta ${i}`, category: i % 2 ? 'CUSTOMER' : 'MERCHANT' },
        });
        expect(response.statusCode).toBe(201);
      }
      await admin({
        method: 'POST',
        url: '/api/faqs',
        payload: { title: 'Tenho uma dúvida sobre o cardápio', text: 'Fale conosco.', category: 'CUSTOMER' },
      });
      total = await rowCount(faqs);
    });

    const list = (query: string) => admin({ method: 'GET', url: `/api/faqs${query}` });

    it('answers data.results and data.total, newest first by default', async () => {
      const response = await list('');
      expect(response.statusCode).toBe(200);
      const { data } = response.json<Page<Faq>>();
      expect(Object.keys(data).sort()).toEqual(['results', 'total']);
      expect(data.total).toBe(total);
      const dates = data.results.map((f) => new Date(f.created_at).getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('pages with page and page_size', async () => {
      const seen: number[] = [];
      const pages = Math.ceil(total / 3);
      for (let page = 1; page <= pages; page++) {
        const { data } = (await list(`?page=${page}&page_size=3`)).json<Page<Faq>>();
        expect(data.total).toBe(total);
        expect(data.results.length).toBe(page < pages ? 3 : total - 3 * (pages - 1));
        seen.push(...data.results.map((f) => f.id));
      }
      expect(new Set(seen).size).toBe(total);
      const beyond = (await list(`?page=${pages + 1}&page_size=3`)).json<Page<Faq>>();
      expect(beyond.data).toEqual({ results: [], total });
    });

    it('sorts by an allowed field in either order', async () => {
      const asc = (await list('?search=lista&sort_field=title&sort_order=ASC')).json<Page<Faq>>();
      expect(asc.data.results.map((f) => f.title)).toEqual(titles);
      const desc = (await list('?search=lista&sort_field=title&sort_order=desc')).json<Page<Faq>>();
      expect(desc.data.results.map((f) => f.title)).toEqual([...titles].reverse());
    });

    it('filters by category', async () => {
      const response = await list('?category=MERCHANT&page_size=100');
      expect(response.statusCode).toBe(200);
      const { data } = response.json<Page<Faq>>();
      const [merchant] = await t.app.db
        .select({ n: count() })
        .from(faqs)
        .where(eq(faqs.category, 'MERCHANT'));
      expect(data.total).toBe(merchant!.n);
      expect(data.results.length).toBe(merchant!.n);
      expect(data.results.every((f) => f.category === 'MERCHANT')).toBe(true);
      const both = (await list('?category=MERCHANT&search=lista')).json<Page<Faq>>();
      expect(both.data.results.map((f) => f.title)).toEqual(['Lista eco', 'Lista charlie', 'Lista alfa']);
    });

    it('searches title and text without regard to case or accents', async () => {
      const accent = (await list('?search=DUVIDA')).json<Page<Faq>>();
      expect(accent.data.total).toBe(1);
      expect(accent.data.results[0]!.title).toBe('Tenho uma dúvida sobre o cardápio');
      const inText = (await list('?search=fale%20CONOSCO')).json<Page<Faq>>();
      expect(inText.data.results.map((f) => f.title)).toEqual(['Tenho uma dúvida sobre o cardápio']);
      const garcom = (await list('?search=GARCOM')).json<Page<Faq>>();
      expect(garcom.data.total).toBeGreaterThanOrEqual(1);
      expect(garcom.data.results.every((f) => /garçom/i.test(f.title + f.text))).toBe(true);
      // LIKE wildcards are searched for literally.
      for (const term of ['%25', '_', '%5C']) {
        const literal = (await list(`?search=${term}`)).json<Page<Faq>>();
        expect(literal.data, term).toEqual({ results: [], total: 0 });
      }
    });

    it('refuses bad paging, sorting and filtering parameters', async () => {
      const cases: [string, string][] = [
        ['?sort_field=text', 'Campo de ordenação inválido. (campo sort_field)'],
        ['?sort_field=password_hash', 'Campo de ordenação inválido. (campo sort_field)'],
        ['?sort_order=UP', 'Ordem inválida: use ASC ou DESC. (campo sort_order)'],
        ['?page=0', 'Página inválida. (campo page)'],
        ['?page_size=1001', 'No máximo 1000 registros por página. (campo page_size)'],
        ['?category=OUTRA', 'Valor inválido para Categoria: use MERCHANT, CUSTOMER. (campo category)'],
        ['?filtro=1', 'Chave inválida: "filtro"'],
      ];
      for (const [query, message] of cases) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toEqual({ error: { message } });
      }
    });
  });
});
