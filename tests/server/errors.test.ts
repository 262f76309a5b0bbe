import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { faqs } from '../../server/db/schema';
import { HttpError } from '../../server/http-errors';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

const UNEXPECTED = { error: { message: 'Ocorreu um erro inesperado. Tente novamente.' } };
const INVALID_JSON = { error: { message: 'O corpo da requisição não é um JSON válido.' } };

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({
    // Routes that fail on purpose, added before the app is ready.
    beforeReady: (app) => {
      const config = { access: 'public' as const };
      app.get('/api/test/falha', { config }, async () => {
        throw new Error('segredo: senha do banco é hunter2');
      });
      app.get('/api/test/sql', { config }, async () => {
        await app.db.execute(sql`select * from tabela_secreta_inexistente`);
        return { data: null };
      });
      app.get('/api/test/http', { config }, async () => {
        throw new HttpError(409, 'Conflito explicado ao usuário.');
      });
      app.get('/api/test/quatrocentos', { config }, async () => {
        throw Object.assign(new Error('detalhe interno de biblioteca'), { statusCode: 418 });
      });
    },
  });
  admin = as(t.app, await login(t.app, demo.admin));
});

afterAll(async () => {
  await t?.close();
});

const faqCount = async () => (await t.app.db.select({ n: count() }).from(faqs))[0]!.n;

describe('bad input', () => {
  it('answers malformed JSON with 400 and a Portuguese message', async () => {
    const before = await faqCount();
    const response = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "Pergunta", "text": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(INVALID_JSON);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/email',
      headers: { 'content-type': 'application/json' },
      payload: "{'email': 'a@b.c'}",
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual(INVALID_JSON);

    const empty = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(INVALID_JSON);
    expect(await faqCount()).toBe(before);
  });

  it('answers a body over 1 MiB with 400 and writes nothing', async () => {
    const before = await faqCount();
    const response = await admin({
      method: 'POST',
      url: '/api/faqs',
      payload: { title: 'Grande', category: 'MERCHANT', text: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: 'O corpo da requisição é grande demais.' } });
    expect(await faqCount()).toBe(before);
  });

  it('answers wrong types with 400 and writes nothing', async () => {
    const before = await faqCount();
    const cases: [unknown, string][] = [
      [{ title: 123, text: 'r', category: 'MERCHANT' }, 'Campo obrigatório (campo title)'],
      [{ title: ['p'], text: 'r', category: 'MERCHANT' }, 'Campo obrigatório (campo title)'],
      [{ title: 'p', text: { a: 1 }, category: 'MERCHANT' }, 'Campo obrigatório (campo text)'],
      [{ title: 'p', text: 'r', category: 1 }, 'Escolha Restaurante ou Usuário (campo category)'],
      [['p', 'r', 'MERCHANT'], 'Entrada inválida: esperava um objeto, recebeu um vetor'],
    ];
    for (const [payload, message] of cases) {
      const response = await admin({ method: 'POST', url: '/api/faqs', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ error: { message } });
    }
    const page = await admin({ method: 'GET', url: '/api/faqs?page=abc' });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ error: { message: 'Página inválida. (campo page)' } });
    const size = await admin({ method: 'GET', url: '/api/faqs?page_size=2.5' });
    expect(size.statusCode).toBe(400);
    expect(size.json()).toEqual({ error: { message: 'Tamanho de página inválido. (campo page_size)' } });
    expect(await faqCount()).toBe(before);
  });

  it('answers an unsupported content type with 400, and plain text with the validation message', async () => {
    const xml = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/xml' },
      payload: '<faq><title>x</title></faq>',
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toEqual({ error: { message: 'Tipo de conteúdo não suportado.' } });

    const text = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      error: { message: 'Entrada inválida: esperava um objeto, recebeu um texto' },
    });
  });
});

describe('unknown routes', () => {
  it('answer 404 in the error shape, signed in or not', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/nada?segredo=1' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ error: { message: 'Rota não encontrada: GET /api/nada' } });

    const wrongMethod = await admin({ method: 'PUT', url: '/api/faqs', payload: {} });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ error: { message: 'Rota não encontrada: PUT /api/faqs' } });
  });
});

describe('server errors', () => {
  it('never leak their message or stack', async () => {
    for (const url of ['/api/test/falha', '/api/test/sql']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toEqual(UNEXPECTED);
      expect(response.body).not.toMatch(/segredo|hunter2|tabela_secreta|stack|at .*\.ts/);
    }
  });

  it('pass a user-facing HttpError through, and hide the text of other 4xx errors', async () => {
    const http = await t.app.inject({ method: 'GET', url: '/api/test/http' });
    expect(http.statusCode).toBe(409);
    expect(http.json()).toEqual({ error: { message: 'Conflito explicado ao usuário.' } });

    const other = await t.app.inject({ method: 'GET', url: '/api/test/quatrocentos' });
    expect(other.statusCode).toBe(418);
    expect(other.json()).toEqual({ error: { message: 'Requisição inválida.' } });
  });

  it('keep answering after a failure', async () => {
    await t.app.inject({ method: 'GET', url: '/api/test/sql' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: 'ok', database: t.database.kind } });
  });
});
