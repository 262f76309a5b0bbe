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
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
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
