import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/request-log';
import { createTestApp, demo, login, type TestApp } from '../server/helpers';

/**
 * Tokens never reach the log: not those a client puts in a URL's query, nor the Authorization
 * header, on any line — the request's own, an error's, a line a route writes about its request.
 */

const lines: string[] = [];
let t: TestApp;
let session: string;

beforeAll(async () => {
  t = await createTestApp({
    // debug: successful reads' lines too.
    logger: { level: 'debug', stream: { write: (line) => void lines.push(line) } },
    beforeReady: (app) => {
      const config = { access: 'public' as const };
      app.get('/api/test/registra', { config }, async (request) => {
        request.log.info({ req: request, headers: request.headers }, 'pedido registrado por uma rota');
        return { data: null };
      });
      app.get('/api/test/falha', { config }, async () => {
        throw new Error('falha de propósito');
      });
    },
  });
  session = await login(t.app, demo.admin);
});

afterAll(async () => {
  await t?.close();
});

const SECRETS = {
  token: 'segredo-token-0001',
  access_token: 'segredo-acesso-0002',
  key: '5f0e7f9c-2f4e-4a8e-9d7b-segredo00003',
  authorization: 'segredo-autorizacao-0004',
  header: 'segredo-cabecalho-0005',
};
const query =
  `token=${SECRETS.token}&Access_Token=${SECRETS.access_token}&key=${SECRETS.key}` +
  `&authorization=Bearer%20${SECRETS.authorization}&page=2`;

describe('the log', () => {
  it("keeps no token of a URL's query or of the Authorization header, on any line", async () => {
    lines.length = 0;
    const headers = { authorization: `Bearer ${SECRETS.header}` };
    const answers = [
      await t.app.inject({ method: 'GET', url: `/api/account?${query}`, headers }),
      await t.app.inject({
        method: 'GET',
        url: `/api/account?${query}`,
        headers: { authorization: `Bearer ${session}` },
      }),
      await t.app.inject({ method: 'POST', url: `/auth/token?${query}`, payload: {}, headers }),
      await t.app.inject({ method: 'GET', url: `/api/nada?${query}`, headers }),
      await t.app.inject({ method: 'GET', url: `/api/test/registra?${query}`, headers }),
      await t.app.inject({ method: 'GET', url: `/api/test/falha?${query}`, headers }),
      await t.app.inject({ method: 'GET', url: `/api/stores/%E0%A4%A?${query}`, headers }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 200, 400, 404, 200, 500, 400]);
    const log = lines.join('');
    for (const secret of [...Object.values(SECRETS), session]) expect(log).not.toContain(secret);
    // The lines are still there, and say what they need to.
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const urls = requests.filter((line) => line.msg === 'requisição').map((line) => String(line.url));
    // Every request but the malformed address, which the router refuses before any request line.
    expect(urls).toHaveLength(answers.length - 1);
    for (const url of urls) {
      expect(url).toContain(
        'token=[omitido]&Access_Token=[omitido]&key=[omitido]&authorization=[omitido]&page=2',
      );
    }
    const routeLine = requests.find((line) => line.msg === 'pedido registrado por uma rota')!;
    expect(routeLine).toMatchObject({ headers: { authorization: '[omitido]' } });
    expect(String((routeLine.req as { url: string }).url)).toContain('token=[omitido]');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/live', '/api/live'],
    ['/api/live?store=1', '/api/live?store=1'],
    ['/api/live?access_token=abc&store=1', '/api/live?access_token=[omitido]&store=1'],
    ['/x?%74oken=abc', '/x?%74oken=[omitido]'],
    ['/x?token[]=abc&token[0]=def', '/x?token[]=[omitido]&token[0]=[omitido]'],
    ['/x?TOKEN=abc&Key=def&password=ghi', '/x?TOKEN=[omitido]&Key=[omitido]&password=[omitido]'],
    [
      '/x?proxy-authorization=abc&x_authorization=def',
      '/x?proxy-authorization=[omitido]&x_authorization=[omitido]',
    ],
    ['/x?token', '/x?token=[omitido]'],
    ['/x?%E0%A4%A=1&token=abc', '/x?%E0%A4%A=1&token=[omitido]'],
    ['/x?tokens=1&monkey=2', '/x?tokens=1&monkey=2'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
