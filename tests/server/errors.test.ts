import net from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { faqs } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { HttpError } from '../../server/http-errors';
import { forTheLog } from '../../server/plugins/errors';
import { FORBIDDEN_CHARACTERS } from '../../server/plugins/input-guard';
import { EXPIRY_FORMAT } from '../../contract/resources/promoCodes/definition';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

const UNEXPECTED = { error: { message: 'Ocorreu um erro inesperado. Tente novamente.' } };
const INVALID_JSON = { error: { message: 'O corpo da requisição não é um JSON válido.' } };

let t: TestApp;
let admin: ReturnType<typeof as>;
/** The app's log, one JSON line each. */
const logLines: string[] = [];
/** A password's hash and a session token, fresh, sent as a query's values by /api/test/segredos. */
let hash: string;
const token = 'eyJhbGciOiJIUzI1NiJ9.token-de-sessao-secreto.assinatura';

beforeAll(async () => {
  hash = await hashPassword('Senha@Secreta2026');
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line) => logLines.push(line) } },
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
      app.get('/api/test/fora-do-intervalo', { config }, async () => {
        await app.db.execute(sql`select make_date(0, 1, 1)`);
        return { data: null };
      });
      app.get('/api/test/segredos', { config }, async () => {
        await app.db.execute(
          sql`select * from contas_inexistentes where hash = ${hash} and token = ${token}`,
        );
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

describe('text and values the database would refuse', () => {
  const FORBIDDEN = { error: { message: FORBIDDEN_CHARACTERS } };

  it('refuses a NUL character in a body, a search, a filter or a path, and writes nothing', async () => {
    const before = await faqCount();
    const cases: [string, string, unknown?][] = [
      ['POST', '/api/faqs', { title: 'Per\u0000gunta', text: 'r', category: 'MERCHANT' }],
      ['POST', '/api/faqs', { title: 'Pergunta', text: ['ok', { fundo: '\u0000' }], category: 'MERCHANT' }],
      ['POST', '/api/faqs', { title: 'Pergunta', text: 'r', category: 'MERCHANT', 'cha\u0000ve': 1 }],
      ['GET', '/api/faqs?search=%00'],
      ['GET', '/api/stores?city=a%00b'],
      ['GET', '/api/faqs/id/1%00'],
      ['PATCH', '/api/account', { fullname: 'Ana\u0000' }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await admin({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual(FORBIDDEN);
    }
    expect(await faqCount()).toBe(before);
    // Anonymous callers learn nothing more than before: the access check comes first.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/faqs?search=%00' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('finds a NUL however deep the body nests it', async () => {
    // 20,000 levels of objects and arrays: more than a recursive walk's stack would take.
    const deep = `${'{"a":['.repeat(10_000)}"\\u0000"${']}'.repeat(10_000)}`;
    const response = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: `{"title":"Pergunta","text":"r","category":"MERCHANT","fundo":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('refuses a lone surrogate, which a jsonb column cannot take, and keeps whole pairs and controls', async () => {
    const loneInText = await admin({
      method: 'POST',
      url: '/api/faqs',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"Meia \\ud800 letra","text":"r","category":"MERCHANT"}',
    });
    expect(loneInText.statusCode).toBe(400);
    expect(loneInText.json()).toEqual(FORBIDDEN);
    const store = (await admin({ method: 'GET', url: '/api/stores?page_size=1' })).json().data.results[0].id;
    const loneInJsonb = await admin({
      method: 'PATCH',
      url: `/api/stores/id/${store}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"info":{"links":[{"title":"\\udc00","url":"https://exemplo.com.br"}]}}',
    });
    expect(loneInJsonb.statusCode).toBe(400);
    expect(loneInJsonb.json()).toEqual(FORBIDDEN);

    // PostgreSQL stores every other character as sent: an emoji's pair, tabs, escapes.
    const title = 'Pergunta 😀 \u0001\t\u001b\u007f\uffff';
    const created = await admin({
      method: 'POST',
      url: '/api/faqs',
      payload: { title, text: 'r', category: 'MERCHANT' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.title).toBe(title);
    const links = await admin({
      method: 'PATCH',
      url: `/api/stores/id/${store}`,
      payload: { info: { links: [{ title: 'Cardápio 😀 \u0001', url: 'https://exemplo.com.br' }] } },
    });
    expect(links.statusCode, links.body).toBe(200);
  });

  it('refuses impossible days in the date filters with a Portuguese message', async () => {
    for (const day of ['0000-01-01', '2025-13-01', '2025-02-30', '2023-02-29', '10000-01-01', '2025-1-1']) {
      for (const filter of ['start_at', 'end_at']) {
        const response = await admin({ method: 'GET', url: `/api/stories?${filter}=${day}` });
        expect(response.statusCode, `${filter}=${day}`).toBe(400);
        expect(response.json(), `${filter}=${day}`).toEqual({
          error: { message: `Data inválida: use o formato aaaa-mm-dd. (campo ${filter})` },
        });
      }
    }
    for (const day of ['2024-02-29', '0001-01-01', '9999-12-31']) {
      const response = await admin({ method: 'GET', url: `/api/stories?start_at=${day}&end_at=${day}` });
      expect(response.statusCode, day).toBe(200);
    }
  });

  it("refuses impossible days and instants in a promo code's expiry", async () => {
    const create = (expires_at: string) =>
      admin({
        method: 'POST',
        url: '/api/promocodes',
        payload: {
          description: 'Cupom de teste',
          code: `DATA${Math.random().toString(36).slice(2, 8)}`,
          discount: 10,
          max_discount: 10,
          n_available: 5,
          expires_at,
          origin: null,
          type: null,
        },
      });
    for (const expiry of [
      '2030-02-30',
      '2030-02-30T10:00Z',
      '2030-13-01T10:00:00Z',
      '2030-00-10T10:00:00Z',
      '2030-04-31T10:00:00-03:00',
      '2030-06-01T25:00:00Z',
      '9999-12-31',
      '9999-12-31T23:00:00-03:00',
    ]) {
      const response = await create(expiry);
      expect(response.statusCode, expiry).toBe(400);
      expect(response.json(), expiry).toEqual({ error: { message: `${EXPIRY_FORMAT} (campo expires_at)` } });
    }
    const lastDay = await create('9999-12-31T20:00:00-03:00');
    expect(lastDay.statusCode, lastDay.body).toBe(201);
    expect(lastDay.json().data.expires_at).toBe('9999-12-31T23:00:00.000Z');
  });

  it('answers a value the database refuses with 400, never 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/fora-do-intervalo' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Dados inválidos/);
  });
});

describe('refusals before any route runs', () => {
  it('answers an over-long path parameter and a malformed URL in the envelope', async () => {
    const long = await admin({ method: 'GET', url: `/api/faqs/id/${'1'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { message: 'O endereço pedido é longo demais.' } });
    const bad = await admin({ method: 'GET', url: '/api/stores/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { message: 'O endereço pedido é inválido.' } });
    // A lone surrogate, percent-encoded in a path, is a malformed URL too.
    const lone = await admin({ method: 'GET', url: '/api/faqs/id/%ED%A0%80' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual({ error: { message: 'O endereço pedido é inválido.' } });
  });

  it("answers headers too large for Node's parser with 431 in the envelope", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Grande: ${'x'.repeat(40_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      error: { message: 'Os cabeçalhos da requisição são grandes demais.' },
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

  it('log the failure without the values its query carried', async () => {
    logLines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/segredos' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(UNEXPECTED);
    const failures = logLines.map((line) => JSON.parse(line)).filter((line) => line.level === 50);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure.msg).toBe('erro não tratado');
    expect(failure.err.message).toContain('from contas_inexistentes where hash = $1 and token = $2');
    expect(failure.err.message).toMatch(/\nparams: \[omitidos\]$/);
    expect(failure.err.stack).toContain('params: [omitidos]');
    expect(failure.err.cause.code).toBe('42P01');
    const line = JSON.stringify(failure);
    expect(line).not.toContain(hash);
    expect(line).not.toContain('$argon2id');
    expect(line).not.toContain('token-de-sessao-secreto');
    expect(line).not.toMatch(/"(params|parameters|detail)":/);
  });

  it('cut the value a data exception quotes, in its message and its stack', async () => {
    const error = await t.app.db.execute(sql`select ${hash}::int`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(hash);
    const logged = forTheLog(error);
    expect(JSON.stringify(logged)).not.toContain('$argon2id');
    expect(logged.message).toBe('Failed query: select $1::int\nparams: [omitidos]');
    expect(logged.stack).toMatch(/^\w+: Failed query: select \$1::int\nparams: \[omitidos\]\n\s+at /);
    expect((logged.cause as { message: string }).message).toMatch(/"\[omitido\]"/);
  });

  it('leave secrets out of any line that logs them', () => {
    logLines.length = 0;
    t.app.log.info(
      {
        req: { headers: { authorization: `Bearer ${token}` } },
        account: { email: 'ana@exemplo.com.br', password: 'Senha@Secreta2026', password_hash: hash },
        access_token: token,
      },
      'linha com segredos',
    );
    const line = logLines.join('');
    expect(line).toContain('ana@exemplo.com.br');
    for (const secret of [token, 'Senha@Secreta2026', hash]) expect(line).not.toContain(secret);
  });

  it('log one line per write, refusal and failure, and none per successful read', async () => {
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/nada' });
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'x@y.com', password: 'errada' },
    });
    const requests = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'requisição');
    expect(requests.map(({ method, url, status }) => `${method} ${url} ${status}`)).toEqual([
      'GET /api/nada 404',
      expect.stringMatching(/^POST \/auth\/login 4\d\d$/),
    ]);
    for (const line of requests) {
      expect(line.level).toBe(30);
      expect(typeof line.ms).toBe('number');
      expect(line.reqId).toBeDefined();
      // Nothing of the body: the password stays out.
      expect(JSON.stringify(line)).not.toContain('errada');
    }
  });

  it('keep answering after a failure', async () => {
    await t.app.inject({ method: 'GET', url: '/api/test/sql' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ data: { status: 'ok', database: t.database.kind } });
  });
});
