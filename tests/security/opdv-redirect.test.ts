import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, demo, login, storeId, type TestApp } from '../server/helpers';

/**
 * The OPDV catalogue is fetched by the server, token in hand, from the address an administrator
 * gave the integration. A point of sale that redirects elsewhere — a machine inside the network,
 * a cloud's metadata service — must not lead the server there and show what it answered.
 */

let t: TestApp;
let internal: http.Server;
let internalCalls = 0;
let pos: http.Server;
let posUrl: string;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  internal = http.createServer((_request, response) => {
    internalCalls++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: [{ code: 'x', name: 'credenciais-da-nuvem', items: [] }] }));
  });
  const internalUrl = await listen(internal);
  pos = http.createServer((_request, response) => {
    response.writeHead(302, { location: `${internalUrl}/latest/meta-data/` });
    response.end();
  });
  posUrl = await listen(pos);
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => internal.close(resolve));
  await new Promise((resolve) => pos.close(resolve));
});

describe('an OPDV that redirects elsewhere', () => {
  it('is answered 502, without following the redirect or showing what is there', async () => {
    const admin = as(t.app, await login(t.app, demo.admin));
    const store = await storeId(t.database.db, 'Sabor do Sertão');
    const created = await admin({
      method: 'POST',
      url: '/api/stores/integration/create',
      payload: {
        payload: { integration_type: 'OPDV', token: 'um-token-qualquer-1234', base_url: posUrl },
        store_id: store,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { id: number } }>().data.id;
    for (const url of [`/api/stores/integration/${id}/catalog`, `/api/stores/integration/${id}/sync`]) {
      const answer = await admin({ method: 'GET', url: `${url}?store_id=${store}` });
      expect(answer.statusCode, url).toBe(502);
      expect(answer.json(), url).toEqual({
        error: { message: 'Não foi possível falar com o OPDV. Tente novamente.' },
      });
      expect(answer.body).not.toContain('credenciais-da-nuvem');
    }
    expect(internalCalls).toBe(0);
  });
});
