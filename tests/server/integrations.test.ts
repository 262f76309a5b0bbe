import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrations } from '../../server/db/schema';
import { startStandIn, type StandIn } from '../../server/opdv/stand-in';
import type { Integration } from '../../contract/resources/integrations/definition';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * Integrations (platform spec 2.15, 3–4 Integration, 7, 8): one active OPDV per store (409), the
 * store scope (staff their own store, administrators with store_id), the token never shown or
 * logged whole, deactivation, and the catalogue's answers when the point of sale refuses or fails.
 */

type Call = ReturnType<typeof as>;
const TOKEN = 'opdv-cantina-token-f9a2';
const SERTAO_TOKEN = 'opdv-sertao-token-77b1';

let t: TestApp;
let standIn: StandIn;
let admin: Call;
let cantina: Call;
let sertao: Call;
let waiter: Call;
let cantinaId: number;
let sertaoId: number;
const logLines: string[] = [];

async function create(call: Call, payload: Record<string, unknown>, store_id?: number) {
  return call({ method: 'POST', url: '/api/stores/integration/create', payload: { payload, store_id } });
}
async function list(call: Call, query = ''): Promise<Integration[]> {
  const response = await call({ method: 'GET', url: `/api/stores/integration${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Integration[] }>().data;
}
const deactivate = (call: Call, id: number, query = '') =>
  call({ method: 'PATCH', url: `/api/stores/integration/${id}/deactivate${query}` });
const catalog = (call: Call, id: number, query = '') =>
  call({ method: 'GET', url: `/api/stores/integration/${id}/catalog${query}` });

beforeAll(async () => {
  standIn = await startStandIn({ callsPerMinute: 1_000 });
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  const waiterAccount = { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' };
  await createAccount(t.database.db, { ...waiterAccount, role: 'WAITER', store_id: cantinaId });
  waiter = as(t.app, await login(t.app, waiterAccount));
}, 60_000);
afterEach(() => standIn.setMode('ok'));
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('adding an integration', () => {
  let added: Integration;

  it('adds the store’s OPDV, sealed at rest, showing only the token’s last 4 characters', async () => {
    const response = await create(cantina, { integration_type: 'OPDV', token: TOKEN });
    expect(response.statusCode, response.body).toBe(201);
    added = response.json<{ data: Integration }>().data;
    expect(added).toMatchObject({
      store_id: cantinaId,
      integration_type: 'OPDV',
      token: '••••••••f9a2',
      base_url: null,
      active: true,
      created_by: { fullname: 'Giulia Romano' },
    });
    // This file's point of sale is the local one it started, as an administrator would set it.
    await t.database.db
      .update(integrations)
      .set({ base_url: standIn.url })
      .where(eq(integrations.id, added.id));
    expect(response.body).not.toContain(TOKEN);
    const [row] = await t.database.db.select().from(integrations).where(eq(integrations.id, added.id));
    expect(row!.token).toMatch(/^v1\./);
    expect(row!.token).not.toContain(TOKEN);
    expect(row!.token_hint).toBe('f9a2');
  });

  it('leaves the OPDV’s address to administrators: the server calls it', async () => {
    const response = await create(sertao, {
      integration_type: 'OPDV',
      token: 'opdv-sertao-own-address',
      base_url: 'http://10.0.0.8:8080',
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toBe('Somente os administradores da plataforma informam o endereço do OPDV.');
    expect(await list(sertao)).toEqual([]);
  });

  it('refuses a second active OPDV for the store with 409 and the rule in Portuguese', async () => {
    const response = await create(cantina, { integration_type: 'OPDV', token: 'opdv-another-one-0000' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe('Já existe uma integração OPDV ativa para esta loja');
    expect(await list(cantina)).toHaveLength(1);
  });

  it('refuses bad input with Portuguese messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ integration_type: 'OPDV', token: 'short' }, 'O token deve ter entre 8 e 200 caracteres.', 'token'],
      [{ integration_type: 'OPDV' }, 'Informe o token da integração.', 'token'],
      [
        { integration_type: 'IFOOD', token: 'a-long-enough-token' },
        'Tipo de integração inválido: use OPDV.',
        'integration_type',
      ],
      [
        { integration_type: 'OPDV', token: 'a-long-enough-token', base_url: 'ftp://pos.example' },
        'Informe um endereço http:// ou https:// válido.',
        'base_url',
      ],
    ];
    for (const [payload, message, field] of cases) {
      const response = await create(sertao, payload);
      expect(response.statusCode, response.body).toBe(400);
      // The field follows the message when it sits inside `payload`.
      expect(errorOf(response)).toBe(`${message} (campo payload.${field})`);
    }
    expect(await list(sertao)).toEqual([]);
  });

  it('is for the roles that hold "Integrações" (the managers by default): a waiter neither reads nor adds', async () => {
    const response = await create(waiter, { integration_type: 'OPDV', token: 'opdv-waiter-token-1234' });
    expect(response.statusCode).toBe(403);
    const reading = await waiter({ method: 'GET', url: '/api/stores/integration' });
    expect(reading.statusCode).toBe(403);
    expect(errorOf(reading)).toBe(
      'Sua função não tem a permissão "Integrações". Peça a um gerente do restaurante.',
    );
    expect((await list(cantina)).map((row) => row.id)).toEqual([added.id]);
  });

  it('keeps each store apart: another store sees none, and its calls on this one answer 404', async () => {
    expect(await list(sertao)).toEqual([]);
    const other = await deactivate(sertao, added.id);
    expect(other.statusCode).toBe(404);
    const reading = await catalog(sertao, added.id);
    expect(reading.statusCode).toBe(404);
    expect(errorOf(reading)).toBe('Integração não encontrada.');
    // A store_id sent by staff does not take them elsewhere.
    expect(await list(sertao, `?store_id=${cantinaId}`)).toEqual([]);
  });

  it('asks an administrator to choose a restaurant, and serves the one chosen', async () => {
    const without = await admin({ method: 'GET', url: '/api/stores/integration' });
    expect(without.statusCode).toBe(400);
    expect(errorOf(without)).toBe('Escolha um restaurante');
    const adding = await create(admin, { integration_type: 'OPDV', token: 'opdv-admin-token-9999' });
    expect(errorOf(adding)).toBe('Escolha um restaurante');
    expect((await list(admin, `?store_id=${cantinaId}`)).map((row) => row.id)).toEqual([added.id]);
    const forSertao = await create(
      admin,
      { integration_type: 'OPDV', token: SERTAO_TOKEN, base_url: standIn.url },
      sertaoId,
    );
    expect(forSertao.statusCode, forSertao.body).toBe(201);
    expect(forSertao.json<{ data: Integration }>().data).toMatchObject({
      store_id: sertaoId,
      token: '••••••••77b1',
      created_by: { fullname: expect.any(String) },
    });
    expect(await list(sertao)).toHaveLength(1);
    const missing = await admin({ method: 'GET', url: '/api/stores/integration?store_id=999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('never writes a whole token to the log', () => {
    const log = logLines.join('\n');
    expect(log).toContain('integração adicionada');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(SERTAO_TOKEN);
  });

  it('answers 401 to anyone not signed in', async () => {
    const anonymous = as(t.app, null);
    expect((await anonymous({ method: 'GET', url: '/api/stores/integration' })).statusCode).toBe(401);
    expect((await create(anonymous, { integration_type: 'OPDV', token: TOKEN })).statusCode).toBe(401);
  });
});

describe('the catalogue through the API', () => {
  let id: number;
  beforeAll(async () => {
    id = (await list(cantina))[0]!.id;
  });

  it('answers data.data: nested categories with items, none imported yet', async () => {
    const response = await catalog(cantina, id);
    expect(response.statusCode, response.body).toBe(200);
    const categories = response.json<{
      data: {
        data: { name: string; categories: unknown[]; items: { imported: unknown; price: string }[] }[];
      };
    }>().data.data;
    expect(categories).toHaveLength(6);
    expect(categories[1]!.categories).toHaveLength(1);
    expect(categories[0]!.items[0]).toMatchObject({ code: 'OP-1001', price: '24.90', imported: null });
    // Only the contract's fields: the point of sale's options stay on the server.
    expect(Object.keys(categories[0]!.items[0]!).sort()).toEqual(
      ['code', 'description', 'image_url', 'imported', 'name', 'price'].sort(),
    );
  });

  it('serves an administrator with the store chosen, and refuses another store’s id', async () => {
    expect((await catalog(admin, id, `?store_id=${cantinaId}`)).statusCode).toBe(200);
    const wrong = await catalog(admin, id, `?store_id=${sertaoId}`);
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong)).toBe('Integração não encontrada.');
  });

  it('answers the spec’s message when the point of sale rate-limits (429)', async () => {
    standIn.setMode('rate-limit');
    const response = await catalog(cantina, id);
    expect(response.statusCode).toBe(429);
    expect(errorOf(response)).toBe('Limite de chamadas alcançado. Tente novamente em alguns minutos');
  });

  it('answers 502 when the point of sale keeps failing', async () => {
    standIn.setMode('fail');
    const response = await catalog(cantina, id);
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toBe('Não foi possível falar com o OPDV. Tente novamente.');
  });

  it('answers 400 when the point of sale knows no store with the token', async () => {
    const [row] = await t.database.db
      .select({ id: integrations.id })
      .from(integrations)
      .where(eq(integrations.store_id, sertaoId));
    const strict = await startStandIn({ knows: (token) => token === TOKEN });
    try {
      await t.database.db
        .update(integrations)
        .set({ base_url: strict.url })
        .where(eq(integrations.id, row!.id));
      const response = await catalog(sertao, row!.id);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toBe('Não há integração configurada para esta loja');
    } finally {
      await strict.close();
    }
  });
});

describe('deactivating', () => {
  it('deactivates, refuses to do it twice, and then lets the store add another', async () => {
    const [current] = await list(cantina);
    expect((await deactivate(waiter, current!.id)).statusCode).toBe(403);
    const response = await deactivate(cantina, current!.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Integration }>().data).toMatchObject({ id: current!.id, active: false });
    expect(response.body).not.toContain(TOKEN);
    const again = await deactivate(cantina, current!.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Esta integração já está desativada.');
    expect(await list(cantina)).toEqual([]);
    const reading = await catalog(cantina, current!.id);
    expect(reading.statusCode).toBe(400);
    expect(errorOf(reading)).toBe('Não há integração configurada para esta loja');
    const added = await create(cantina, { integration_type: 'OPDV', token: 'opdv-second-token-abcd' });
    expect(added.statusCode, added.body).toBe(201);
    expect(await list(cantina)).toHaveLength(1);
  });
});
