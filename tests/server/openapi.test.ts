import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteEntry } from '../../server/app';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
  };
}

const documented = (route: RouteEntry) =>
  route.method !== 'HEAD' &&
  /^\/(api|auth)\//.test(route.url) &&
  !route.url.startsWith('/api/docs') &&
  route.url !== '/api/openapi.json';

/** Fastify's `/id/:id` is OpenAPI's `/id/{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

describe('the API reference', () => {
  let document: Document;

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the API with its access, and what it answers', () => {
    const routes = t.app.routeTable.filter(documented);
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(operation!['x-access'], key).toBe(route.access);
      expect(operation!.summary, key).toBeTruthy();
      expect(operation!.security, key).toEqual(route.access === 'public' ? [] : [{ bearer: [] }]);
      const success = Object.entries(operation!.responses).find(([status]) => status.startsWith('2'));
      // An answer with no content (204, signing out) has nothing to describe.
      if (success?.[0] === '204') continue;
      expect(
        success?.[1].content?.['application/json']?.schema,
        `${key}: resposta sem esquema`,
      ).toBeDefined();
    }
  });

  it('names every operation once, from its resource where it has one', () => {
    const ids = new Map<string, string>();
    for (const route of t.app.routeTable.filter(documented)) {
      const key = `${route.method} ${route.url}`;
      const id = document.paths[openapiPath(route.url)]![route.method.toLowerCase()]!.operationId;
      expect(id, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.get(id!), `${key} repete o operationId de outra rota`).toBeUndefined();
      ids.set(id!, key);
    }
    const idOf = (path: string, method: string) => document.paths[path]![method]!.operationId;
    expect(idOf('/api/cousines', 'get')).toBe('listCuisines');
    expect(idOf('/api/cousines/id/{id}', 'get')).toBe('getCuisine');
    expect(idOf('/api/cousines', 'post')).toBe('createCuisine');
    expect(idOf('/api/categories/reorder', 'patch')).toBe('reorderCategories');
    expect(idOf('/api/orders/id/{id}/settle', 'post')).toBe('settleOrder');
    expect(idOf('/api/orders/id/{id}/waiter/dismiss', 'post')).toBe('dismissOrderWaiter');
    expect(idOf('/api/usage-policy/acceptances', 'get')).toBe('listUsagePolicyAcceptances');
    expect(idOf('/api/account', 'get')).toBe('getAccount');
    expect(idOf('/auth/email', 'post')).toBe('signIn');
  });

  it('lists the 4xx answers each route can give, in the one error envelope', () => {
    const statuses = (route: RouteEntry) =>
      Object.keys(document.paths[openapiPath(route.url)]![route.method.toLowerCase()]!.responses).filter(
        (status) => status.startsWith('4'),
      );
    for (const route of t.app.routeTable.filter(documented)) {
      const key = `${route.method} ${route.url}`;
      const errors = statuses(route);
      expect(errors, key).toContain('400');
      if (route.access === 'public') {
        // The guest page's routes take the table's code instead of a session: a wrong one is a 403.
        if (route.url.startsWith('/api/guest/')) expect(errors, key).toContain('403');
        else expect(errors, key).not.toContain('403');
        // Signing in with a wrong password is the one 401 a public route gives.
        if (route.url !== '/auth/email') expect(errors, key).not.toContain('401');
      } else {
        expect(errors, key).toContain('401');
      }
      if (route.url.includes(':')) expect(errors, key).toContain('404');
    }
    const reservations = document.paths['/api/reservations']!.post!.responses;
    expect(reservations['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(reservations['422']).toEqual({ $ref: '#/components/responses/IdempotencyKeyReused' });
    expect(document.paths['/api/health']!.get!.responses['401']).toBeUndefined();
    expect(document.components.responses.NotFound!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(document.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['message'] } },
    });
  });

  it("describes a resource's body, query and record from its definition", () => {
    const list = document.paths['/api/kitchens']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'page',
        'page_size',
        'sort_field',
        'sort_order',
        'search',
        'store_id',
        'format',
      ]),
    );
    expect(Object.keys(list.responses['200']!.content!)).toEqual(['application/json', 'text/csv']);
    const record = (
      document.paths['/api/kitchens/id/{id}']!.get!.responses['200']!.content!['application/json']!
        .schema as {
        properties: { data: { properties: Record<string, { type: unknown; format?: string }> } };
      }
    ).properties.data.properties;
    expect(Object.keys(record)).toEqual([
      'id',
      'store_id',
      'name',
      'available',
      'printer',
      'printer_fallback',
      'paper_width',
      'auto_print',
      'n_products',
      'created_at',
      'updated_at',
    ]);
    expect(record.created_at).toMatchObject({ type: 'string', format: 'date-time' });
    const create = document.paths['/api/kitchens']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('"name"');
  });

  it('opens as a browsable reference at /api/docs, without signing in', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
  });
});
