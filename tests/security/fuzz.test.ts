import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../../server/app';
import { routeKey } from './expected-access';
import { createSecurityApp, type Call, type SecurityApp } from './identities';
import { tables } from '../../server/db/schema';

/**
 * Sends malformed input to every route and fails on any 5xx, or on an error answer outside
 * `{ "error": { "message" } }`. Each route's fields come from its own OpenAPI description, so a
 * new route is fuzzed without edits.
 */

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const HUGE = 'x'.repeat(100_000);
/** Bad values for any field: wrong types, text PostgreSQL refuses, sizes and numbers out of range. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  [{ a: '\u0000' }],
  '',
  '\u0000',
  'texto\u0000nulo',
  'a\ud800b',
  HUGE,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  Number.MAX_SAFE_INTEGER + 2,
  '0000-01-01',
  '2025-02-30',
  '9999-99-99T99:99:99Z',
  '-infinity',
  '1e309',
  'NaN',
];
/** Bad values for a query parameter or a path segment, as text. */
const BAD_TEXT = [
  '\u0000',
  'a\u0000b',
  HUGE.slice(0, 5_000),
  '0000-01-01',
  '2025-13-45',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '1.5',
  'NaN',
  '[]',
  '%',
  'ç',
];
/** Whole bodies that are not the object a route expects. */
const BAD_BODIES: unknown[] = [[], 'texto', 123, null, { a: { b: { c: { d: { e: '\u0000' } } } } }];

let t: SecurityApp;
let document: { paths: Record<string, Record<string, Operation>> };
/** A table's valid code: the guest routes refuse anything without one before reading the rest. */
let code: { s: number; t: number; k: string };

beforeAll(async () => {
  t = await createSecurityApp();
  document = t.app.swagger() as unknown as typeof document;
  const [table] = await t.app.db
    .insert(tables)
    .values({ store_id: t.storeA, number: 90, name: 'Mesa 90' })
    .returning({ number: tables.number, token: tables.token });
  code = { s: t.storeA, t: table!.number, k: table!.token };
});

afterAll(async () => {
  await t?.close();
});

const openapiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function bodyFields(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested.flatMap(bodyFields)])];
}

let guestAddresses = 0;

/**
 * A guest route's request carries a valid code and device (and a name) under each bad field, so
 * the bad value reaches the validator and the handler; each from an address of its own, so the
 * wrong codes the fuzz sends never reach the limit per address.
 */
function asGuest(request: InjectOptions): InjectOptions {
  const n = ++guestAddresses;
  const base = { s: String(code.s), t: String(code.t), k: code.k };
  const payload = request.payload;
  return {
    ...request,
    remoteAddress: `10.8.${n >> 8}.${n & 255}`,
    headers: { ...request.headers, 'x-painel-device': 'aparelho-do-fuzz-0001' },
    ...(request.method === 'GET' || request.method === 'HEAD'
      ? { query: { ...base, ...(request.query as Record<string, string> | undefined) } }
      : payload !== null && typeof payload === 'object' && !Array.isArray(payload)
        ? { payload: { ...code, name: 'Fuzz', ...payload } }
        : {}),
  };
}

/** The requests that fuzz one route. */
function requestsFor(route: RouteEntry): InjectOptions[] {
  const requests = routeRequests(route);
  return route.url.startsWith('/api/guest/') ? requests.map(asGuest) : requests;
}

function routeRequests(route: RouteEntry): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
  const url = (segment: string) => route.url.replace(/:[A-Za-z_]\w*/g, segment).replace(/\*/g, segment);
  const fine = url('1');
  const requests: InjectOptions[] = [];
  if (route.url.includes(':') || route.url.includes('*')) {
    for (const value of BAD_TEXT) requests.push({ method, url: url(encodeURIComponent(value)) });
    requests.push({ method, url: url('a'.repeat(300)) });
  }
  for (const parameter of (operation?.parameters ?? []).filter((p) => p.in === 'query')) {
    for (const value of BAD_TEXT) requests.push({ method, url: fine, query: { [parameter.name]: value } });
  }
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
    for (const body of BAD_BODIES) {
      requests.push({
        method,
        url: fine,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    }
    requests.push({ method, url: fine, payload: '{"a":', headers: { 'content-type': 'application/json' } });
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    for (const field of bodyFields(schema)) {
      for (const value of BAD_VALUES) requests.push({ method, url: fine, payload: { [field]: value } });
    }
  }
  return requests;
}

/** A 5xx, or an error answer that is not the envelope, is a finding. */
function findingOf(request: InjectOptions, response: LightMyRequestResponse): string | null {
  const payload =
    typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload ?? '');
  const label = [request.method, request.url, JSON.stringify(request.query ?? ''), payload]
    .map((part) => String(part).slice(0, 60))
    .join(' ');
  if (response.statusCode >= 500) return `${response.statusCode} ← ${label}`;
  if (response.statusCode < 400 || request.method === 'HEAD') return null;
  try {
    const body = JSON.parse(response.body) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message && Object.keys(body).length === 1)
      return null;
  } catch {
    // not JSON: reported below
  }
  return `${response.statusCode} fora do envelope (${response.body.slice(0, 60)}) ← ${label}`;
}

describe('fuzzing every route', () => {
  // Files and the API reference's static assets take no input worth fuzzing here.
  const fuzzed = (route: RouteEntry) =>
    !['/uploads/*', '/api/docs/static/*', '/assets/*'].includes(route.url);

  for (const identity of ['managerA', 'administrator'] as const) {
    it(`answers ${identity}'s malformed input with 4xx in the envelope, never a 5xx`, async () => {
      const call: Call = await t.signIn(identity);
      const routes = t.app.routeTable
        .filter(fuzzed)
        .filter((route) => routeKey(route) !== 'POST /auth/logout');
      const findings: string[] = [];
      let sent = 0;
      for (const route of routes) {
        for (const request of requestsFor(route)) {
          const response = await call(request);
          sent++;
          const finding = findingOf(request, response);
          if (finding) findings.push(finding);
        }
      }
      console.log(
        `fuzz (${identity}): ${sent} requests to ${routes.length} routes, ${findings.length} findings`,
      );
      expect(findings.slice(0, 40)).toEqual([]);
    });
  }
});
