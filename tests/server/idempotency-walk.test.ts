import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import type { RouteEntry } from '../../server/app';
import { idempotencyKeys } from '../../server/db/schema';
import { KEY_INVALID } from '../../server/plugins/idempotency';
import { routeKey } from '../security/expected-access';
import {
  cannotSucceedHere,
  closeWriteWalk,
  db,
  openWriteWalk,
  pathOf,
  successfulWrites,
  t,
  type WriteRequest,
} from '../security/successful-writes';
import { errorOf } from './helpers';

/**
 * The Idempotency-Key walk (docs/engine.md, "Idempotent writes"): every write route of the route
 * table takes the key — a malformed one is refused with 400 before anything is done, and its
 * OpenAPI entry names the header — but the few whose answer carries a secret, listed below; and
 * each, sent twice with one key, answers the second time with the first answer and writes nothing
 * more. The requests are the audit walk's (tests/security/successful-writes.ts), so a new write
 * route fails here until it has one there.
 */

/** Write routes that take no key, each with why (their routes say so with `idempotent: false`). */
const EXEMPT: Record<string, string> = {
  'POST /auth/email': "its answer is a session's token, which must not be kept at rest",
  'POST /auth/token/request': "its answer's key is half of the e-mailed token's secret",
  'POST /auth/token': "its answer is a session's token, which must not be kept at rest",
  'PATCH /api/account': "a new password's answer is a session's token",
  'POST /api/account/store': "its answer is a session's token",
  'POST /api/pix/webhook':
    "the provider's own ids make it idempotent: a charge is booked once, however often its Pix comes",
};

/** Routes that take the key but whose replay this walk cannot show, each with why. */
const REPLAY_UNPROVABLE: Record<string, string> = {
  'POST /auth/logout': 'the first request ends the session the second one is sent with (401 before the key)',
};

const MALFORMED_KEY = 'chave com espaço';
const KEY_REFUSED = `${KEY_INVALID} (campo idempotency-key)`;

beforeAll(openWriteWalk, 60_000);
afterAll(closeWriteWalk);

const walked = new Set<string>();
const replayed = new Set<string>();

let serial = 0;
const freshKey = () => `walk-${++serial}-${Math.random().toString(36).slice(2, 12)}`;

function registered(key: string): RouteEntry {
  const route = t.app.routeTable.find((entry) => routeKey(entry) === key);
  if (!route) throw new Error(`${key} is not a registered route`);
  return route;
}

function send(route: RouteEntry, request: WriteRequest, key: string): Promise<LightMyRequestResponse> {
  return request.by.call({
    method: route.method as InjectOptions['method'],
    url: pathOf(route.url, request.params),
    query: request.query,
    headers: { ...request.headers, 'idempotency-key': key },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

/** What a write leaves behind in every case: the audit trail's last row, and every store's floor version. */
async function footprint(): Promise<string> {
  const [audit] = rows<{ id: number | null }>(
    await db().execute(sql`select max(id) as id from audit_events`),
  );
  const floors = rows<{ store_id: number; version: number }>(
    await db().execute(sql`select store_id, version from floor_versions order by store_id`),
  );
  return JSON.stringify({ audit: audit?.id ?? null, floors });
}

const succeeded = (response: LightMyRequestResponse) =>
  response.statusCode >= 200 && response.statusCode < 300;

describe('every write route takes the Idempotency-Key and answers a repeated request once', () => {
  for (const [key, write] of Object.entries(successfulWrites)) {
    it(key, async () => {
      const route = registered(key);
      const request = await write();
      walked.add(key);

      const before = await footprint();
      const malformed = await send(route, request, MALFORMED_KEY);
      if (key in EXEMPT) {
        // The header is not read: the request runs as an ordinary one.
        expect(succeeded(malformed), `${key} is exempt and should ignore the key: ${malformed.body}`).toBe(
          true,
        );
        return;
      }
      expect(malformed.statusCode, `${key} should refuse a malformed key: ${malformed.body}`).toBe(400);
      expect(errorOf(malformed), `${key} should refuse a malformed key with KEY_INVALID`).toBe(KEY_REFUSED);
      expect(await footprint(), `${key} wrote something for a malformed key`).toBe(before);

      const idempotencyKey = freshKey();
      const first = await send(route, request, idempotencyKey);
      expect(succeeded(first), `${key} first request: ${first.statusCode} ${first.body}`).toBe(true);
      expect(first.headers['idempotent-replayed'], `${key} first request`).toBeUndefined();
      const [row] = await db()
        .select({ status: idempotencyKeys.status_code, applied: idempotencyKeys.applied_at })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, idempotencyKey));
      expect(row?.status, `${key} should keep its first answer`).toBe(first.statusCode);
      expect(row?.applied, `${key} should mark its key applied in its write's transaction`).not.toBeNull();
      if (key in REPLAY_UNPROVABLE) return;

      const afterFirst = await footprint();
      const second = await send(route, request, idempotencyKey);
      expect(second.headers['idempotent-replayed'], `${key} second request: ${second.body}`).toBe('true');
      expect(second.statusCode, `${key} second request's status`).toBe(first.statusCode);
      expect(second.body, `${key} second request's body`).toBe(first.body);
      expect(await footprint(), `${key} wrote again on the second request`).toBe(afterFirst);
      replayed.add(key);
    });
  }
});

describe('the walk covers the route table', () => {
  const isWrite = (route: RouteEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

  it('documents the header in the API reference of every write route but the exempt ones', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    const problems: string[] = [];
    for (const route of t.app.routeTable.filter(isWrite)) {
      const key = routeKey(route);
      const path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: no entry in the API reference`);
        continue;
      }
      const documented = (operation.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
      if (documented === key in EXEMPT) {
        problems.push(`${key}: ${documented ? 'exempt, yet documents' : 'does not document'} the header`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('walks every write route, and names no route that does not exist', () => {
    const writes = t.app.routeTable.filter(isWrite).map(routeKey).sort();
    const covered = [...Object.keys(successfulWrites), ...Object.keys(cannotSucceedHere)].sort();
    expect(
      covered,
      'add the new write route to successfulWrites (tests/security/successful-writes.ts)',
    ).toEqual(writes);
    const known = new Set(writes);
    expect(
      [...Object.keys(EXEMPT), ...Object.keys(REPLAY_UNPROVABLE)].filter((key) => !known.has(key)),
    ).toEqual([]);
    const exempt = Object.keys(EXEMPT).length;
    const unprovable = Object.keys(REPLAY_UNPROVABLE).length;
    // Every route the walk sent that takes the key was replayed, but the unprovable ones.
    expect(replayed.size, 'routes replay-proven').toBe(walked.size - exempt - unprovable);
    console.log(
      `idempotency walk: ${walked.size} of ${writes.length} write routes walked; ` +
        `${walked.size - exempt} take the key, ${replayed.size} of them replay-proven ` +
        `(${unprovable} not provable: ${Object.keys(REPLAY_UNPROVABLE).join(', ')}); ${exempt} exempt`,
    );
  });
});
