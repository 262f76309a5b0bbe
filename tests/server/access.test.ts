import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { stores } from '../../server/db/schema';
import type { RouteEntry } from '../../server/app';
import { HttpError } from '../../server/http-errors';
import { callerOf, type Caller } from '../../server/plugins/access';
import { operationRoute } from '../../server/resources/routes';
import { STORE_NOT_FOUND, STORE_REQUIRED, storeCondition, targetStore } from '../../server/resources/scope';
import { callPath, type Operation, type ResourceDefinition } from '../../contract/define';
import { definitions } from '../../contract/definitions';
import { PERMISSION_IDS } from '../../contract/permissions';
import { createTestApp, type TestApp } from './helpers';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const ACCESS_KINDS = [
  'public',
  'signed-in',
  'admin',
  'store',
  'manager',
  ...PERMISSION_IDS.map((permission) => `store:${permission}`),
];

let t: TestApp;
let webRoot: string;
let routes: readonly RouteEntry[];

beforeAll(async () => {
  // A stand-in for the built web app, so that its routes are registered and walked too.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Painel</title>');
  fs.writeFileSync(path.join(webRoot, 'mesa.html'), '<!doctype html><title>Cardápio</title>');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webRoot, 'assets', '1'), 'console.log(1)');
  t = await createTestApp({ webRoot });
  routes = t.app.routeTable;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

describe('route table', () => {
  it('declares who may call every route', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(ACCESS_KINDS, keyOf(route)).toContain(route.access);
    // The table has every route once.
    expect(new Set(routes.map(keyOf)).size).toBe(routes.length);
    // Known routes are in it, with their access.
    const find = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url);
    expect(find('POST', '/auth/email')?.access).toBe('public');
    expect(find('GET', '/api/account')?.access).toBe('signed-in');
    expect(find('POST', '/api/faqs')?.access).toBe('admin');
    expect(find('GET', '/')?.access).toBe('public');
    expect(find('GET', '/mesa')?.access).toBe('public');
    // Only PATCH /api/account takes the password-only token.
    expect(routes.filter((r) => r.passwordScope).map(keyOf)).toEqual(['PATCH /api/account']);
  });

  it('refuses to start with a route that declares no access', async () => {
    await expect(
      createTestApp({
        seed: false,
        beforeReady: (app) => {
          app.get('/api/sem-declaracao', async () => ({ data: 1 }));
        },
      }),
    ).rejects.toThrow('A rota GET /api/sem-declaracao não declara quem pode acessá-la (config.access).');

    // Also from inside an encapsulated plugin.
    await expect(
      createTestApp({
        seed: false,
        beforeReady: async (app) => {
          await app.register(async (child) => {
            child.post('/api/plugin-sem-declaracao', async () => ({ data: 1 }));
          });
        },
      }),
    ).rejects.toThrow(
      'A rota POST /api/plugin-sem-declaracao não declara quem pode acessá-la (config.access).',
    );
  });
});

describe('store scope helpers', () => {
  const things = pgTable('things', { id: integer('id'), store_id: integer('store_id') });
  const dialect = new PgDialect();
  const requestOf = (caller: Caller | null) => ({ caller }) as unknown as FastifyRequest;
  const staff = (storeId: number | null): Caller => ({
    accountId: 7,
    role: 'MANAGER',
    storeId,
    permissions: new Set(PERMISSION_IDS),
    scope: 'session',
    sessionId: '00000000-0000-4000-8000-000000000007',
    expiresAt: Date.now() + 3_600_000,
  });
  const admin: Caller = {
    accountId: 1,
    role: 'ADMIN',
    storeId: null,
    permissions: new Set(PERMISSION_IDS),
    scope: 'session',
    sessionId: '00000000-0000-4000-8000-000000000001',
    expiresAt: Date.now() + 3_600_000,
  };

  async function errorOf(fn: () => unknown): Promise<HttpError> {
    let thrown: unknown;
    try {
      await fn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    return thrown as HttpError;
  }
  const expectHttpError = async (fn: () => unknown, status: number, message: string) => {
    const error = await errorOf(fn);
    expect({ status: error.statusCode, message: error.message }).toEqual({ status, message });
  };

  it("keeps staff inside their store's rows", () => {
    const query = dialect.sqlToQuery(storeCondition(requestOf(staff(42)), things.store_id));
    expect({ sql: query.sql, params: query.params }).toEqual({
      sql: '"things"."store_id" = $1',
      params: [42],
    });
  });

  it('fails closed for staff without a store', async () => {
    const message = 'Sua conta não está vinculada a um restaurante.';
    await expectHttpError(() => storeCondition(requestOf(staff(null)), things.store_id), 403, message);
    await expectHttpError(() => targetStore(t.app.db, requestOf(staff(null)), 3), 403, message);
  });

  it('lets an administrator see every store', () => {
    const query = dialect.sqlToQuery(storeCondition(requestOf(admin), things.store_id));
    expect({ sql: query.sql, params: query.params }).toEqual({ sql: 'true', params: [] });
  });

  it('refuses a request without a caller', async () => {
    const message = SESSION_ENDED.error.message;
    await expectHttpError(() => storeCondition(requestOf(null), things.store_id), 401, message);
    await expectHttpError(() => targetStore(t.app.db, requestOf(null), 1), 401, message);
    await expectHttpError(() => callerOf(requestOf(null)), 401, message);
  });

  it('writes staff records into their own store, whatever store_id the body sends', async () => {
    for (const named of [99, '99', undefined, 'abc']) {
      expect(await targetStore(t.app.db, requestOf(staff(42)), named), String(named)).toBe(42);
    }
  });

  it("writes an administrator's records into the store named, which must exist", async () => {
    // A store of its own: the walks above may have removed the demo's.
    const [store] = await t.app.db
      .insert(stores)
      .values({ name: 'Loja do teste', slug: 'lojadoteste' })
      .returning();
    const cantina = store!.id;
    expect(await targetStore(t.app.db, requestOf(admin), cantina)).toBe(cantina);
    expect(await targetStore(t.app.db, requestOf(admin), String(cantina))).toBe(cantina);
    expect(await targetStore(t.app.db, requestOf(admin), undefined, async () => cantina)).toBe(cantina);
    await expectHttpError(() => targetStore(t.app.db, requestOf(admin), 999_999), 404, STORE_NOT_FOUND);
    for (const bad of [undefined, null, 0, -1, 1.5, 'abc', '', Number.MAX_SAFE_INTEGER + 2]) {
      await expectHttpError(() => targetStore(t.app.db, requestOf(admin), bad), 400, STORE_REQUIRED);
    }
  });
});

/** Each way a route may disagree with the definition it serves, as a readable line. */
function disagreements(all: Record<string, ResourceDefinition>, table: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(table.map((route) => [keyOf(route), route]));
  const declared = new Set<string>();
  for (const [name, definition] of Object.entries(all)) {
    const expected: { method: string; url: string; access: string; operation: string }[] = [
      ...Object.entries(definition.access).map(([operation, access]) => ({
        ...operationRoute(definition, operation as Operation),
        access,
        operation,
      })),
      ...Object.entries(definition.calls ?? {}).map(([operation, call]) => ({
        method: call.method,
        url: callPath(definition, call),
        access: call.access,
        operation,
      })),
    ];
    for (const { method, url, access, operation } of expected) {
      const key = `${method} ${url}`;
      declared.add(key);
      const route = byKey.get(key);
      if (!route) problems.push(`${name}.${operation}: nenhuma rota ${key}`);
      else if (route.access !== access)
        problems.push(`${name}.${operation}: a definição diz ${access}, a rota ${key} diz ${route.access}`);
      else if (route.resource !== name || route.operation !== operation)
        problems.push(`${name}.${operation}: a rota ${key} serve ${route.resource}.${route.operation}`);
    }
  }
  // A route that says it serves a definition must be one the definition declares.
  for (const route of table) {
    if (route.method === 'HEAD' || !route.resource) continue;
    if (!declared.has(keyOf(route)))
      problems.push(`${keyOf(route)}: ${route.resource} não declara esta rota`);
  }
  // Every route under a definition's endpoint serves a definition.
  const endpoints = Object.values(all).map((definition) => definition.endpoint);
  for (const route of table) {
    if (route.method === 'HEAD' || route.resource) continue;
    const under = endpoints.find(
      (endpoint) => route.url === endpoint || route.url.startsWith(`${endpoint}/`),
    );
    if (under) problems.push(`${keyOf(route)}: está sob ${under} mas não serve a definição`);
  }
  return problems;
}

describe('definitions and the routes that serve them', () => {
  it('serve each operation and call at its path, with the access the definition declares', () => {
    expect(disagreements(definitions, routes)).toEqual([]);
  });

  it('would catch a route whose access drifted from its definition, or a route it does not declare', () => {
    const drifted = routes.map((route) =>
      route.method === 'DELETE' && route.url === '/api/kitchens/id/:id'
        ? { ...route, access: 'admin' as const }
        : route,
    );
    expect(disagreements(definitions, drifted)).toEqual([
      'kitchens.delete: a definição diz store:menu, a rota DELETE /api/kitchens/id/:id diz admin',
    ]);
    const undeclared = [...routes, { ...routes[0]!, method: 'POST', url: '/api/kitchens/id/:id/clone' }];
    expect(disagreements(definitions, undeclared).join('\n')).toMatch(/POST \/api\/kitchens\/id\/:id\/clone/);
    const { delete: _removed, ...access } = definitions.kitchens.access;
    expect(disagreements({ ...definitions, kitchens: { ...definitions.kitchens, access } }, routes)).toEqual([
      'DELETE /api/kitchens/id/:id: kitchens não declara esta rota',
    ]);
  });
});
