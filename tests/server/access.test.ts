import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyRequest, InjectOptions } from 'fastify';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import type { RouteEntry } from '../../server/app';
import { HttpError } from '../../server/http-errors';
import { callerOf, storeCondition, writableStoreId, type Caller } from '../../server/plugins/access';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const ADMIN_ONLY = { error: { message: 'Acesso restrito aos administradores da plataforma.' } };
const PASSWORD_ONLY = { error: { message: 'Defina sua nova senha para continuar.' } };
const ACCESS_KINDS = ['public', 'signed-in', 'admin', 'store'];

let t: TestApp;
let webRoot: string;
let routes: readonly RouteEntry[];

beforeAll(async () => {
  // A stand-in for the built web app, so that its routes are registered and walked too.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Painel</title>');
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

/** A concrete request for a route: every path parameter (and wildcard) becomes 1. */
function requestFor(route: RouteEntry): InjectOptions {
  const url = route.url.replace(/:[A-Za-z_]\w*/g, '1').replace(/\*/g, '1');
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return { method: route.method as InjectOptions['method'], url, ...(withBody ? { payload: {} } : {}) };
}

/** HEAD answers carry no body; every other answer must be the error shape. */
function expectError(
  route: RouteEntry,
  response: { statusCode: number; body: string },
  status: number,
  body: unknown,
) {
  expect(response.statusCode, keyOf(route)).toBe(status);
  if (route.method !== 'HEAD') expect(JSON.parse(response.body), keyOf(route)).toEqual(body);
}

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

describe('walking every registered route', () => {
  const covered = { anonymous: new Set<string>(), staff: new Set<string>(), password: new Set<string>() };

  it('answers 401 to anonymous callers on every non-public route', async () => {
    const call = as(t.app, null);
    for (const route of routes) {
      const response = await call(requestFor(route));
      if (route.access === 'public') {
        expect(response.statusCode, keyOf(route)).not.toBe(401);
        expect(response.statusCode, keyOf(route)).not.toBe(403);
        expect(response.statusCode, keyOf(route)).toBeLessThan(500);
      } else {
        expectError(route, response, 401, SESSION_ENDED);
      }
      covered.anonymous.add(keyOf(route));
    }
  });

  it('answers 403 to restaurant staff on every admin-only route, and lets them through the others', async () => {
    const call = as(t.app, await login(t.app, demo.cantina));
    for (const route of routes) {
      const response = await call(requestFor(route));
      if (route.access === 'admin') {
        expectError(route, response, 403, ADMIN_ONLY);
      } else {
        expect([401, 403], keyOf(route)).not.toContain(response.statusCode);
        expect(response.statusCode, keyOf(route)).toBeLessThan(500);
      }
      covered.staff.add(keyOf(route));
    }
  });

  it('lets the password-only token through PATCH /api/account alone', async () => {
    const request = await t.app.inject({
      method: 'POST',
      url: '/auth/token/request',
      payload: { email: demo.sertao.email },
    });
    expect(request.statusCode).toBe(200);
    const key = request.json<{ data: { key: string } }>().data.key;
    const token = /\b(\d{5})\b/.exec(t.outbox.at(-1)?.text ?? '')?.[1];
    const exchange = await t.app.inject({ method: 'POST', url: '/auth/token', payload: { key, token } });
    expect(exchange.statusCode).toBe(200);
    const call = as(t.app, exchange.json<{ data: { access_token: string } }>().data.access_token);

    for (const route of routes) {
      const response = await call(requestFor(route));
      if (route.access === 'public') {
        expect(response.statusCode, keyOf(route)).toBeLessThan(500);
      } else if (route.passwordScope) {
        // Reached the handler: the empty body is refused by validation.
        expect(response.statusCode, keyOf(route)).toBe(400);
      } else {
        expectError(route, response, 403, PASSWORD_ONLY);
      }
      covered.password.add(keyOf(route));
    }
  });

  it('lets an administrator through every route', async () => {
    const call = as(t.app, await login(t.app, demo.admin));
    for (const route of routes) {
      const response = await call(requestFor(route));
      expect([401, 403], keyOf(route)).not.toContain(response.statusCode);
      expect(response.statusCode, keyOf(route)).toBeLessThan(500);
    }
  });

  it('covered 100% of the registered routes', () => {
    const all = routes.map(keyOf);
    for (const set of Object.values(covered)) expect([...set].sort()).toEqual([...all].sort());
    console.log(`route-access walk: ${all.length} of ${all.length} registered routes covered (100%)`);
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
    scope: 'session',
  });
  const admin: Caller = { accountId: 1, role: 'ADMIN', storeId: null, scope: 'session' };

  const expectHttpError = (fn: () => unknown, status: number, message: string) => {
    let thrown: unknown;
    try {
      fn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).statusCode).toBe(status);
    expect((thrown as HttpError).message).toBe(message);
  };

  it("keeps staff inside their store's rows", () => {
    const query = dialect.sqlToQuery(storeCondition(requestOf(staff(42)), things.store_id));
    expect({ sql: query.sql, params: query.params }).toEqual({
      sql: '"things"."store_id" = $1',
      params: [42],
    });
  });

  it('fails closed for staff without a store', () => {
    expectHttpError(
      () => storeCondition(requestOf(staff(null)), things.store_id),
      403,
      'Sua conta não está vinculada a um restaurante.',
    );
    expectHttpError(
      () => writableStoreId(requestOf(staff(null)), 3),
      403,
      'Sua conta não está vinculada a um restaurante.',
    );
  });

  it('lets an administrator see every store', () => {
    const query = dialect.sqlToQuery(storeCondition(requestOf(admin), things.store_id));
    expect({ sql: query.sql, params: query.params }).toEqual({ sql: 'true', params: [] });
  });

  it('refuses a request without a caller', () => {
    expectHttpError(() => storeCondition(requestOf(null), things.store_id), 401, SESSION_ENDED.error.message);
    expectHttpError(() => writableStoreId(requestOf(null), 1), 401, SESSION_ENDED.error.message);
    expectHttpError(() => callerOf(requestOf(null)), 401, SESSION_ENDED.error.message);
  });

  it('writes staff records into their own store, whatever store_id the body sends', () => {
    expect(writableStoreId(requestOf(staff(42)), 99)).toBe(42);
    expect(writableStoreId(requestOf(staff(42)), '99')).toBe(42);
    expect(writableStoreId(requestOf(staff(42)), undefined)).toBe(42);
  });

  it("writes an administrator's records into the store named, when it is a valid id", () => {
    expect(writableStoreId(requestOf(admin), 99)).toBe(99);
    expect(writableStoreId(requestOf(admin), '12')).toBe(12);
    for (const bad of [undefined, null, 0, -1, 1.5, 'abc', '', Number.MAX_SAFE_INTEGER + 2]) {
      expect(writableStoreId(requestOf(admin), bad), String(bad)).toBeNull();
    }
  });
});
