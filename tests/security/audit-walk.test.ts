import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { bankAccounts } from '../../server/db/schema';
import type { RouteEntry } from '../../server/app';
import { routeKey } from './expected-access';
import {
  administrator,
  anonymous,
  cannotSucceedHere,
  closeWriteWalk,
  created,
  db,
  device,
  managerA,
  newBankAccount,
  newCategory,
  newPrintJob,
  newComplementGroup,
  newCuisine,
  newCustomer,
  newKitchen,
  newMember,
  newProduct,
  newReservation,
  newWallPost,
  opdvIntegration,
  openTab,
  openWriteWalk,
  pathOf,
  promoCode,
  story,
  successfulWrites,
  t,
  tableCode,
  uploaded,
  type Caller,
} from './successful-writes';

/**
 * The audit walk (docs/ARCHITECTURE.md, "The audit trail"): every write route of the route table,
 * made to succeed, leaves exactly one row in `audit_events`, naming the route's resource (or its
 * area) and, when the caller is staff, their store; every read route leaves none.
 *
 * A new write route fails the coverage test until it has an entry in `successfulWrites`
 * (successful-writes.ts): who sends it, with which path parameters and body, against records its
 * entry makes for itself.
 */

beforeAll(openWriteWalk, 60_000);
afterAll(closeWriteWalk);

// ---------------------------------------------------------------------------------------------
// The read table: read routes that need a record, a file, or another caller than the default
// (an administrator for the platform's routes, store A's manager for a store's).

interface ReadRequest {
  by?: Caller;
  params?: (number | string)[];
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A guest page's read: the table's code in the query. */
const guestRead = async (): Promise<ReadRequest> => {
  const { s, t: number, k } = await tableCode();
  return { by: anonymous, query: { s: String(s), t: String(number), k }, headers: device() };
};

/** Store A's Pix key, on a bank account of its own: its tabs can be charged by Pix. */
async function givePixKey() {
  await db()
    .update(bankAccounts)
    .set({ pix_key: 'pix@cantinabella.com.br', pix_key_type: 'EMAIL' })
    .where(eq(bankAccounts.id, await newBankAccount()));
}

const readRequests: Record<string, () => Promise<ReadRequest>> = {
  '/api/guest/menu': guestRead,
  '/api/guest/tab': guestRead,
  '/api/orders/id/:id/tickets/:ticket_id/draft': async () => {
    const tab = await openTab(t.storeA, false);
    return { params: [tab.order, tab.ticket] };
  },
  '/api/orders/id/:id/tickets/:ticket_id/pix': async () => {
    // A guest who owes, in a store with a Pix key.
    await givePixKey();
    const tab = await openTab(t.storeA);
    return { params: [tab.order, tab.ticket] };
  },
  '/api/orders/id/:id/shares/:share_id/pix': async () => {
    // An open share of a tab, in a store with a Pix key.
    await givePixKey();
    const tab = await openTab(t.storeA);
    const [share] = rows<{ id: number }>(
      await db().execute(sql`
        insert into bill_shares (store_id, order_id, label, amount)
        values (${t.storeA}, ${tab.order}, 'Parte 1 de 2', 100) returning id`),
    );
    return { params: [tab.order, share!.id] };
  },
  '/api/admins/id/:id': async () => ({ params: [(await newMember()).id] }),
  '/api/audit-events/id/:id': async () => {
    const [event] = rows<{ id: number }>(
      await db().execute(sql`select max(id) as id from audit_events where store_id = ${t.storeA}`),
    );
    return { params: [Number(event!.id)] };
  },
  '/api/categories/id/:id': async () => ({ params: [await newCategory()] }),
  '/api/print-jobs/id/:id': async () => ({ params: [await newPrintJob()] }),
  '/api/orders/id/:id/shares': async () => ({ params: [(await openTab()).order] }),
  '/api/complement-groups/id/:id': async () => ({ params: [await newComplementGroup()] }),
  '/api/cousines/id/:id': async () => ({ params: [await newCuisine()] }),
  '/api/customers/id/:id': async () => ({ by: administrator, params: [await newCustomer()] }),
  '/api/faqs/id/:id': async () => ({
    params: [
      await created(administrator, '/api/faqs', { title: 'Lida', category: 'MERCHANT', text: 'Sim.' }),
    ],
  }),
  '/api/financial/bank-accounts/id/:id': async () => ({ params: [await newBankAccount()] }),
  '/api/kitchens/id/:id': async () => ({ params: [await newKitchen()] }),
  '/api/orders/id/:id': async () => ({ params: [(await openTab()).order] }),
  '/api/posts/id/:id': async () => ({ params: [await newWallPost()] }),
  '/api/products/id/:id': async () => ({ params: [await newProduct()] }),
  '/api/promocodes/id/:id': async () => ({
    params: [await created(administrator, '/api/promocodes', promoCode())],
  }),
  '/api/push-notifications/id/:id': async () => ({
    params: [await created(administrator, '/api/push-notifications', { title: 'Oi', body: 'Olá!' })],
  }),
  '/api/reservations/id/:id': async () => ({ params: [await newReservation()] }),
  '/api/statistics/store/id/:id/overview': async () => ({ params: [t.storeA] }),
  '/api/stores/id/:id': async () => ({ params: [t.storeA] }),
  '/api/stores/integration/:id/catalog': async () => ({ params: [await opdvIntegration()] }),
  '/api/stores/integration/:id/sync': async () => ({ params: [await opdvIntegration()] }),
  '/api/stories/id/:id': async () => ({
    params: [await created(administrator, '/api/stories', await story())],
  }),
  '/api/docs/static/*': async () => ({ params: ['swagger-ui.css'] }),
  '/assets/*': async () => ({ params: ['1'] }),
  '/icons/:file': async () => ({ params: ['painel-192.png'] }),
  '/uploads/*': async () => ({ params: [(await uploaded(managerA)).slice('/uploads/'.length)] }),
};

/** The answer streams while it is open: the walk reads its status, then lets go. */
const STREAMS = new Set(['GET /api/live']);

// ---------------------------------------------------------------------------------------------
// The walk.

/** What the audit row names when the route serves no definition: `/auth/email` → `auth`. */
function areaOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  return (parts[0] === 'api' ? parts[1] : parts[0]) ?? 'api';
}

const isWrite = (route: RouteEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

interface AuditRow {
  id: number;
  store_id: number | null;
  resource: string;
  action: string;
}

async function lastAuditId(): Promise<number> {
  const [row] = rows<{ id: number | null }>(await db().execute(sql`select max(id) as id from audit_events`));
  return Number(row?.id ?? 0);
}

async function auditRowsAfter(id: number): Promise<AuditRow[]> {
  return rows<AuditRow>(
    await db().execute(
      sql`select id, store_id, resource, action from audit_events where id > ${id} order by id`,
    ),
  ).map((row) => ({ ...row, id: Number(row.id) }));
}

function registered(key: string): RouteEntry {
  const route = t.app.routeTable.find((entry) => routeKey(entry) === key);
  if (!route) throw new Error(`${key} is not a registered route`);
  return route;
}

describe('every write route, when it succeeds, leaves exactly one audit row', () => {
  for (const [key, write] of Object.entries(successfulWrites)) {
    it(key, async () => {
      const route = registered(key);
      const request = await write();
      const before = await lastAuditId();
      const response = await request.by.call({
        method: route.method as InjectOptions['method'],
        url: pathOf(route.url, request.params),
        query: request.query,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, response.body).toBeLessThan(300);
      const added = await auditRowsAfter(before);
      expect(added, 'audit rows written').toHaveLength(1);
      const [row] = added;
      expect(row!.resource, 'the resource or area of the row').toBe(
        request.resource ?? route.resource ?? areaOf(route.url),
      );
      const store = request.store !== undefined ? request.store : request.by.store;
      if (store !== null) expect(row!.store_id, 'the store of the row').toBe(store);
    });
  }
});

describe('every read route leaves none', () => {
  it('walks every GET and HEAD of the route table', async () => {
    const reads = t.app.routeTable.filter((route) => !isWrite(route));
    expect(reads.length).toBeGreaterThan(100);
    for (const route of reads) {
      const key = routeKey(route);
      const read: ReadRequest = (await readRequests[route.url]?.()) ?? {};
      const by =
        read.by ?? (['public', 'signed-in', 'admin'].includes(route.access ?? '') ? administrator : managerA);
      const streamed = STREAMS.has(key);
      const before = await lastAuditId();
      const response = await by.call({
        method: route.method as InjectOptions['method'],
        url: pathOf(route.url, read.params),
        query: read.query,
        headers: read.headers,
        ...(streamed ? { payloadAsStream: true } : {}),
      });
      if (streamed) response.stream().destroy();
      expect(response.statusCode, `${key}: ${streamed ? '' : response.body.slice(0, 300)}`).toBeLessThan(400);
      expect(await auditRowsAfter(before), key).toEqual([]);
    }
  });
});

describe('the tables cover the route table', () => {
  it('has a successful request for every write route, or the reason it cannot succeed here', () => {
    const writes = t.app.routeTable.filter(isWrite).map(routeKey).sort();
    const covered = [...Object.keys(successfulWrites), ...Object.keys(cannotSucceedHere)].sort();
    expect(covered, 'add the new write route to successfulWrites').toEqual(writes);
    console.log(
      `audit walk: ${Object.keys(successfulWrites).length} of ${writes.length} write routes succeed ` +
        `with one audit row each; ${t.app.routeTable.length - writes.length} read routes leave none`,
    );
  });

  it('names no route twice, and no route that does not exist', () => {
    const keys = new Set(t.app.routeTable.map(routeKey));
    const urls = new Set(t.app.routeTable.filter((route) => !isWrite(route)).map((route) => route.url));
    expect(Object.keys(successfulWrites).filter((key) => key in cannotSucceedHere)).toEqual([]);
    expect(Object.keys(cannotSucceedHere).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(readRequests).filter((url) => !urls.has(url))).toEqual([]);
  });

  it('gives every read route with a parameter the record it reads', () => {
    const needing = t.app.routeTable
      .filter((route) => !isWrite(route) && /[:*]/.test(route.url))
      .map((route) => route.url);
    expect([...new Set(needing)].filter((url) => !(url in readRequests))).toEqual([]);
  });
});
