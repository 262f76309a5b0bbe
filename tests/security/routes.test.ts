import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import type { RouteEntry } from '../../server/app';
import {
  accounts,
  bankAccounts,
  categories,
  checkins,
  complementGroupProducts,
  complementGroups,
  customers,
  integrations,
  kitchens,
  memberships,
  orderItems,
  orders,
  payments,
  printJobs,
  products,
  reservations,
  reviews,
  tables,
  tickets,
  wallPosts,
} from '../../server/db/schema';
import { permissionOf, isStoreAccess, type Access } from '../../contract/define';
import { DEFAULT_PERMISSIONS, permissionName } from '../../contract/permissions';
import { accessProblems, expectedAccess, OTHER_ROUTES, routeKey } from './expected-access';
import { createSecurityApp, IDENTITIES, type Identity, type SecurityApp } from './identities';
import { as, createAccount, login } from '../server/helpers';
import { GUEST_MESSAGES, GUEST_PATHS } from '../../contract/resources/guest/paths';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const ADMIN_ONLY = { error: { message: 'Acesso restrito aos administradores da plataforma.' } };
const MANAGERS_ONLY = { error: { message: 'Acesso restrito aos gerentes do restaurante.' } };
const PASSWORD_ONLY = { error: { message: 'Defina sua nova senha para continuar.' } };
const lacking = (permission: Parameters<typeof permissionName>[0]) => ({
  error: {
    message: `Sua função não tem a permissão "${permissionName(permission)}". Peça a um gerente do restaurante.`,
  },
});

let t: SecurityApp;
let routes: readonly RouteEntry[];

beforeAll(async () => {
  t = await createSecurityApp();
  // Signing out ends the walking identity's session: it is walked last.
  routes = [...t.app.routeTable].sort(
    (a, b) => Number(routeKey(a) === 'POST /auth/logout') - Number(routeKey(b) === 'POST /auth/logout'),
  );
});

afterAll(async () => {
  await t?.close();
});

/** A concrete request for a route: every path parameter (and wildcard) becomes 1. */
/** Routes that answer a stream that stays open: the walk reads their status, then lets go. */
const STREAMS = new Set(['GET /api/live']);

/**
 * The guest page's routes: public, but the table's code is their key, and the walk sends none:
 * every identity, an administrator's session too, gets the code's refusal. Each from an address of
 * its own, so the walk's many refusals never reach the limit of wrong codes per address.
 */
const GUEST_ROUTES = new Set<string>(Object.values(GUEST_PATHS));
const BAD_CODE = { error: { message: GUEST_MESSAGES.badCode } };
let guestAddresses = 0;

function requestFor(route: RouteEntry): InjectOptions {
  const url = route.url.replace(/:[A-Za-z_]\w*/g, '1').replace(/\*/g, '1');
  const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const n = ++guestAddresses;
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...(withBody ? { payload: {} } : {}),
    ...(STREAMS.has(routeKey(route)) ? { payloadAsStream: true } : {}),
    ...(GUEST_ROUTES.has(route.url) ? { remoteAddress: `10.7.${n >> 8}.${n & 255}` } : {}),
  };
}

/** The message of a refusal, read from a body or from a stream's. */
async function bodyOf(response: { body: string; stream(): NodeJS.ReadableStream }, streamed: boolean) {
  if (!streamed) return response.body;
  let text = '';
  for await (const chunk of response.stream()) text += String(chunk);
  return text;
}

/** What an identity must get from a route of this access: a refusal, or to be let through. */
function refusalFor(access: Access, identity: Identity): { status: number; body: unknown } | null {
  if (access === 'public') return null;
  if (identity === 'anonymous' || identity === 'disabled') return { status: 401, body: SESSION_ENDED };
  if (identity === 'administrator') return null;
  if (access === 'admin') return { status: 403, body: ADMIN_ONLY };
  if (access === 'manager' && identity === 'waiterA') return { status: 403, body: MANAGERS_ONLY };
  // The waiter holds the waiter role's default permissions; the managers hold every one.
  const permission = permissionOf(access);
  if (permission && identity === 'waiterA' && !DEFAULT_PERMISSIONS.WAITER.includes(permission)) {
    return { status: 403, body: lacking(permission) };
  }
  return null;
}

describe('the route table', () => {
  it('gives every registered route an expected access, and every route follows it', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(accessProblems(routes)).toEqual([]);
  });

  it('fails on a route added without an expected access, or registered with another one', () => {
    const added: RouteEntry = {
      ...routes[0]!,
      method: 'POST',
      url: '/api/reports/export',
      resource: undefined,
    };
    const drifted = routes.map((route) =>
      routeKey(route) === 'PATCH /api/stores/id/:id' ? { ...route, access: 'store' as const } : route,
    );
    expect(accessProblems([...routes, added])).toEqual([
      'POST /api/reports/export: sem acesso esperado (declare-o na definição do recurso ou em OTHER_ROUTES)',
    ]);
    expect(accessProblems(drifted)).toEqual([
      'PATCH /api/stores/id/:id: esperado store:settings, registrado store',
    ]);
  });

  it('lists no route in OTHER_ROUTES that does not exist', () => {
    const registered = new Set(routes.map(routeKey));
    expect(Object.keys(OTHER_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });
});

describe('the guest routes (the table’s QR code)', () => {
  it('open the one table whose code they carry, with nothing of another store or another guest', async () => {
    const db = t.app.db;
    const made = await db
      .insert(tables)
      .values([
        { store_id: t.storeA, number: 61, name: 'Mesa 61' },
        { store_id: t.storeA, number: 62, name: 'Mesa 62' },
        { store_id: t.storeB, number: 61, name: 'Mesa 61' },
      ])
      .returning({ store_id: tables.store_id, number: tables.number, token: tables.token });
    const [a61, a62, b61] = made.map((table) => ({ s: table.store_id, t: table.number, k: table.token }));
    const read = (code: { s: number; t: number; k: string }, device = 'aparelho-da-seguranca-01') =>
      t.app.inject({
        method: 'GET',
        url: '/api/guest/tab',
        query: { s: String(code.s), t: String(code.t), k: code.k },
        headers: { 'x-painel-device': device },
        remoteAddress: '10.6.0.1',
      });
    for (const wrong of [
      { ...a62!, k: a61!.k },
      { ...b61!, k: a61!.k },
      { ...a61!, s: t.storeB },
    ]) {
      const refused = await read(wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(403);
      expect(refused.json()).toEqual(BAD_CODE);
    }

    // A guest orders at store A's table; another phone there sees a count, never a name or an item.
    const [category] = await db
      .insert(categories)
      .values({ store_id: t.storeA, name: 'Da mesa' })
      .returning();
    const [dish] = await db
      .insert(products)
      .values({
        store_id: t.storeA,
        category_id: category!.id,
        name: 'Lasanha da mesa',
        price: 3900,
        external_code: 'QR61',
      })
      .returning();
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/guest/orders',
      payload: { ...a61, name: 'Paula Segura', items: [{ product_id: dish!.id }] },
      headers: { 'x-painel-device': 'aparelho-da-paula-0001' },
      remoteAddress: '10.6.0.1',
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const other = await read(a61!);
    expect(other.json().data).toMatchObject({ name: null, items: [], others: 1 });
    expect(other.body).not.toMatch(/Paula|Lasanha/);

    // The menu is store A's alone: its products, none of store B's.
    const menu = await t.app.inject({
      method: 'GET',
      url: '/api/guest/menu',
      query: { s: String(a61!.s), t: String(a61!.t), k: a61!.k },
      remoteAddress: '10.6.0.1',
    });
    const ids = (menu.json().data.products as { id: number }[]).map((product) => product.id);
    const storeOf = await db.select({ id: products.id, store_id: products.store_id }).from(products);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => storeOf.find((row) => row.id === id)?.store_id === t.storeA)).toBe(true);
  });
});

describe('walking every registered route', () => {
  const covered = Object.fromEntries(IDENTITIES.map((identity) => [identity, new Set<string>()])) as Record<
    Identity | 'password' | 'otherStore',
    Set<string>
  >;
  covered.password = new Set();
  covered.otherStore = new Set();

  /**
   * Records of store A for the cross-store walk, which runs first: the later walks call
   * DELETE …/1 and may remove them.
   */
  const own = {} as Record<
    | 'store'
    | 'kitchen'
    | 'account'
    | 'category'
    | 'product'
    | 'group'
    | 'customer'
    | 'table'
    | 'order'
    | 'payment'
    | 'item'
    | 'review'
    | 'reservation'
    | 'post'
    | 'bank'
    | 'integration'
    | 'auditEvent'
    | 'printJob',
    number
  >;
  beforeAll(async () => {
    const db = t.app.db;
    const store = t.storeA;
    const [kitchen] = await db.insert(kitchens).values({ store_id: store, name: 'Forno' }).returning();
    const [category] = await db.insert(categories).values({ store_id: store, name: 'Massas' }).returning();
    const [product] = await db
      .insert(products)
      .values({
        store_id: store,
        category_id: category!.id,
        name: 'Lasanha',
        price: 4590,
        external_code: 'LAS',
      })
      .returning();
    const [group] = await db.insert(complementGroups).values({ store_id: store, name: 'Molhos' }).returning();
    await db
      .insert(complementGroupProducts)
      .values({ group_id: group!.id, product_id: product!.id, store_id: store });
    const [account] = await db
      .insert(accounts)
      .values({
        fullname: 'Rita Souza',
        email: 'rita@cantinabella.com.br',
        role: 'MEMBER',
        last_store_id: store,
      })
      .returning();
    await db.insert(memberships).values({ account_id: account!.id, store_id: store, role: 'STAFF' });
    // A customer who has been to store A and never to store B.
    const [customer] = await db
      .insert(customers)
      .values({
        fullname: 'Cliente da Cantina',
        username: 'cliente.cantina',
        email: 'cliente@exemplo.com.br',
      })
      .returning();
    await db.insert(checkins).values({ store_id: store, customer_id: customer!.id, platform: 'IOS' });
    const [table] = await db
      .insert(tables)
      .values({ store_id: store, number: 7, name: 'Mesa 7' })
      .returning();
    // An open tab at another table, with the customer's ticket.
    const [occupied] = await db
      .insert(tables)
      .values({ store_id: store, number: 8, name: 'Mesa 8', status: 'OCCUPIED' })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({ store_id: store, table_id: occupied!.id, waiter_requested: true })
      .returning();
    const [ticket] = await db
      .insert(tickets)
      .values({ store_id: store, order_id: order!.id, customer_id: customer!.id })
      .returning();
    const [item] = await db
      .insert(orderItems)
      .values({
        store_id: store,
        order_id: order!.id,
        ticket_id: ticket!.id,
        product_id: product!.id,
        name: 'Lasanha',
        product_price: 4590,
      })
      .returning();
    // A payment received at that table ('Dar baixa'), which staff may take back.
    const [payment] = await db
      .insert(payments)
      .values({
        store_id: store,
        order_id: order!.id,
        ticket_id: ticket!.id,
        customer_id: customer!.id,
        kind: 'PHYSICAL',
        method: 'CASH',
        amount: 1000,
      })
      .returning();
    const [reservation] = await db
      .insert(reservations)
      .values({
        store_id: store,
        code: 'SEGUR1',
        fullname: 'Reserva da Cantina',
        phone: '11987654321',
        n_persons: 2,
        date: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const [post] = await db
      .insert(wallPosts)
      .values({ store_id: store, title: 'Música ao vivo', body: 'Sexta e sábado.' })
      .returning();
    const [review] = await db
      .insert(reviews)
      .values({ store_id: store, customer_id: customer!.id, rating: 4, text: 'Gostei da lasanha.' })
      .returning();
    const [bank] = await db
      .insert(bankAccounts)
      .values({
        store_id: store,
        bank_code: '341',
        bank_name: 'Itaú Unibanco S.A.',
        agency: '0001',
        account: '12345',
        account_digit: '6',
        account_type: 'CHECKING',
        holder_name: 'Loja A',
        holder_document: '11222333000181',
      })
      .returning();
    // Deactivated: the walks that follow never reach a point of sale (only the store's own, active
    // integration would call one), and the cross-store walk finds the record all the same.
    const [integration] = await db
      .insert(integrations)
      .values({ store_id: store, integration_type: 'OPDV', token: 'opdv-token-da-loja-a', active: false })
      .returning();
    // A row of store A's audit trail.
    const [event] = rows<{ id: number }>(
      await db.execute(
        sql`select audit_append(${store}::integer, null, 'Teste', false, null, null, 'kitchens', null, 'create', null, null) as id`,
      ),
    );
    // A kitchen ticket of store A waiting for an agent.
    const [job] = await db
      .insert(printJobs)
      .values({
        store_id: store,
        kind: 'KITCHEN',
        kitchen_id: kitchen!.id,
        document: { title: 'Forno · Mesa 1', lines: [{ kind: 'title', text: 'Forno' }] },
      })
      .returning();
    Object.assign(own, {
      printJob: job!.id,
      auditEvent: Number(event!.id),
      integration: integration!.id,
      bank: bank!.id,
      review: review!.id,
      post: post!.id,
      reservation: reservation!.id,
      item: item!.id,
      order: order!.id,
      payment: payment!.id,
      store,
      kitchen: kitchen!.id,
      account: account!.id,
      category: category!.id,
      product: product!.id,
      group: group!.id,
      customer: customer!.id,
      table: table!.id,
    });
  });

  /**
   * For each store-scoped route that names a record: store A's record (and, for a write, a body
   * that passes validation). A new such route must be added here or the walk fails: that is how
   * the walk stays at 100%.
   */
  const recordsOfA: Record<string, () => { params: (number | string)[]; payload?: unknown }> = {
    '/api/stores/id/:id': () => ({ params: [own.store], payload: { name: 'Invadido' } }),
    '/api/statistics/store/id/:id/overview': () => ({ params: [own.store] }),
    '/api/kitchens/id/:id': () => ({ params: [own.kitchen], payload: { name: 'Invadida' } }),
    '/api/admins/id/:id': () => ({ params: [own.account], payload: { fullname: 'Invadido' } }),
    '/api/categories/id/:id': () => ({ params: [own.category], payload: { name: 'Invadida' } }),
    '/api/products/id/:id': () => ({ params: [own.product], payload: { name: 'Invadido' } }),
    '/api/complement-groups/id/:id': () => ({ params: [own.group], payload: { name: 'Invadido' } }),
    '/api/complement-groups/id/:group_id/products/:prod_id': () => ({ params: [own.group, own.product] }),
    '/api/customers/id/:id': () => ({ params: [own.customer] }),
    '/api/tables/id/:id': () => ({ params: [own.table] }),
    '/api/tables/id/:id/status/:status': () => ({ params: [own.table, 'OCCUPIED'] }),
    '/api/orders/id/:id': () => ({ params: [own.order], payload: { settle: true } }),
    '/api/orders/id/:id/settle': () => ({ params: [own.order] }),
    '/api/orders/id/:id/close': () => ({ params: [own.order] }),
    '/api/orders/id/:id/waiter/dismiss': () => ({ params: [own.order] }),
    '/api/orders/id/:id/tickets/:ticket_id/draft': () => ({ params: [own.order, 1], payload: { items: [] } }),
    '/api/orders/id/:id/tickets': () => ({ params: [own.order], payload: { guest_name: 'Invasor' } }),
    '/api/orders/id/:id/tickets/:ticket_id/pix': () => ({ params: [own.order, 1] }),
    '/api/orders/id/:id/shares': () => ({ params: [own.order], payload: { mode: 'equal', parts: 2 } }),
    '/api/orders/id/:id/shares/:share_id/pay': () => ({ params: [own.order, 1], payload: { method: 'PIX' } }),
    '/api/orders/id/:id/shares/:share_id/pix': () => ({ params: [own.order, 1] }),
    '/api/orders/id/:id/prebill': () => ({
      params: [own.order],
      payload: { shares: 1, kitchen_id: own.kitchen },
    }),
    '/api/orders/id/:id/tickets/:ticket_id/service': () => ({
      params: [own.order, 1],
      payload: { charged: false, reason: 'Invadido' },
    }),
    '/api/tables/id/:id/open': () => ({ params: [own.table], payload: { guest_name: 'Invasor' } }),
    '/api/tables/id/:id/token': () => ({ params: [own.table], payload: {} }),
    '/api/orders/id/:id/held/approve': () => ({ params: [own.order], payload: { item_ids: [own.item] } }),
    '/api/orders/id/:id/held/reject': () => ({
      params: [own.order],
      payload: { item_ids: [own.item], reason: 'Invadido' },
    }),
    '/api/orders/id/:id/items': () => ({
      params: [own.order],
      payload: { ticket_id: 1, items: [{ product_id: own.product }] },
    }),
    '/api/orders/id/:id/move': () => ({ params: [own.order], payload: { table_id: own.table } }),
    '/api/orders/id/:id/merge': () => ({ params: [own.order], payload: { table_id: own.table } }),
    '/api/orders/id/:id/move/undo': () => ({ params: [own.order], payload: { token: 'a.b' } }),
    '/api/orders/id/:id/merge/undo': () => ({ params: [own.order], payload: { token: 'a.b' } }),
    '/api/payments/id/:id': () => ({ params: [own.payment], payload: { reason: 'Invadido' } }),
    '/api/payments/id/:id/receipt': () => ({ params: [own.payment], payload: { kitchen_id: own.kitchen } }),
    '/api/orders/items/id/:id': () => ({ params: [own.item], payload: { reason: 'Invadido' } }),
    '/api/orders/items/id/:id/status': () => ({ params: [own.item], payload: { status: 'READY' } }),
    '/api/reservations/id/:id': () => ({ params: [own.reservation], payload: { status: 'CANCELLED' } }),
    '/api/posts/id/:id': () => ({ params: [own.post], payload: { title: 'Invadido' } }),
    '/api/reviews/id/:id': () => ({ params: [own.review], payload: { answer: 'Invadido' } }),
    '/api/financial/bank-accounts/id/:id': () => ({
      params: [own.bank],
      payload: { holder_name: 'Invadido' },
    }),
    '/api/stores/integration/:id/deactivate': () => ({ params: [own.integration] }),
    '/api/audit-events/id/:id': () => ({ params: [own.auditEvent] }),
    '/api/print-jobs/id/:id': () => ({ params: [own.printJob] }),
    '/api/print-jobs/id/:id/ack': () => ({
      params: [own.printJob],
      payload: { lease: '6f1f7c1e-2a33-4c2e-9d0e-b5b1c7a05f43' },
    }),
    '/api/print-jobs/id/:id/release': () => ({
      params: [own.printJob],
      payload: { lease: '6f1f7c1e-2a33-4c2e-9d0e-b5b1c7a05f43' },
    }),
    '/api/print-jobs/id/:id/reprint': () => ({ params: [own.printJob] }),
    '/api/stores/integration/:id/catalog': () => ({ params: [own.integration] }),
    '/api/stores/integration/:id/sync': () => ({
      params: [own.integration],
      payload: { product_ids: [own.product] },
    }),
    '/api/stores/integration/:id/import/category': () => ({
      params: [own.integration],
      payload: { code: 'OP-1' },
    }),
    '/api/stores/integration/:id/import/products': () => ({
      params: [own.integration],
      payload: { category_id: own.category, codes: ['OP-1'] },
    }),
    '/api/stores/integration/:id/link': () => ({
      params: [own.integration],
      payload: { code: 'OP-1', product_id: own.product },
    }),
  };
  const storeScoped = (route: RouteEntry) =>
    route.access !== undefined && isStoreAccess(route.access) && route.url.includes(':');

  it("answers 404 to store B's manager on every record of store A, and changes nothing", async () => {
    const managerB = await t.signIn('managerB');
    const managerA = await t.signIn('managerA');
    const named = routes.filter(storeScoped);
    expect(named.length).toBeGreaterThan(10);
    for (const route of named) {
      const records = recordsOfA[route.url];
      expect(records, `${routeKey(route)} needs a record of store A in recordsOfA`).toBeDefined();
      const { params, payload } = records!();
      let index = 0;
      const url = route.url.replace(/:[A-Za-z_]\w*/g, () => String(params[index++]));
      // A removal that says why (a payment, an item) carries its reason too.
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || payload !== undefined;
      const response = await managerB({
        method: route.method as InjectOptions['method'],
        url,
        ...(withBody ? { payload: payload ?? {} } : {}),
      });
      expect(response.statusCode, routeKey(route)).toBe(404);
      if (route.method !== 'HEAD')
        expect(JSON.parse(response.body).error.message, routeKey(route)).toBeTruthy();
      // Still there, unchanged, for its own store.
      if (route.method === 'DELETE' || route.method === 'PATCH') {
        // Read back where the record can be read: its own route, or its list.
        const readUrl = route.url.includes(':prod_id')
          ? '/api/complement-groups/id/' + params[0]
          : route.url.startsWith('/api/tables/')
            ? '/api/tables'
            : route.url.startsWith('/api/orders/items/')
              ? '/api/orders/items'
              : route.url.startsWith('/api/payments/')
                ? `/api/orders/id/${own.order}?include=payments`
                : route.url.startsWith('/api/reviews/')
                  ? '/api/reviews'
                  : route.url.startsWith('/api/stores/integration/')
                    ? '/api/stores/integration'
                    : url;
        const mine = await managerA({ method: 'GET', url: readUrl });
        expect(mine.statusCode, `${routeKey(route)} then GET ${readUrl}`).toBe(200);
        expect(mine.body, routeKey(route)).not.toMatch(/Invadid[oa]/);
        if (readUrl === '/api/orders/items') {
          const item = (mine.json().data as { id: number; status: string }[]).find(
            (row) => row.id === own.item,
          );
          expect(item?.status, routeKey(route)).toBe('PLACED');
        }
        if (readUrl.includes('include=payments')) {
          const tickets = mine.json().data.tickets as { payments: { id: number }[] }[];
          expect(
            tickets.some((ticket) => ticket.payments.some((p) => p.id === own.payment)),
            routeKey(route),
          ).toBe(true);
        }
        if (readUrl === '/api/tables') {
          const table = (mine.json().data.results as { id: number; status: string }[]).find(
            (row) => row.id === own.table,
          );
          expect(table?.status, routeKey(route)).toBe('AVAILABLE');
        }
      }
      covered.otherStore.add(routeKey(route));
    }
  });

  it('answers 404 to someone on both teams, working in store B, on every record of store A', async () => {
    // The same person manages both stores; their session works in store B: nothing of store A is
    // theirs there, whatever they ask for.
    const email = 'gerente.das.duas@painel.com.br';
    const id = await createAccount(t.database.db, {
      email,
      password: 'Duas@2026x',
      role: 'MANAGER',
      store_id: t.storeA,
    });
    await t.database.db.insert(memberships).values({ account_id: id, store_id: t.storeB, role: 'MANAGER' });
    const both = as(t.app, await login(t.app, { email, password: 'Duas@2026x' }));
    const switched = await both({
      method: 'POST',
      url: '/api/account/store',
      payload: { store_id: t.storeB },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    for (const route of routes.filter(storeScoped)) {
      const { params, payload } = recordsOfA[route.url]!();
      let index = 0;
      const url = route.url.replace(/:[A-Za-z_]\w*/g, () => String(params[index++]));
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method) || payload !== undefined;
      const response = await both({
        method: route.method as InjectOptions['method'],
        url,
        ...(withBody ? { payload: payload ?? {} } : {}),
      });
      expect(response.statusCode, routeKey(route)).toBe(404);
    }
    // And its lists are store B's only.
    for (const url of [
      '/api/tables',
      '/api/kitchens',
      '/api/products',
      '/api/orders/items',
      '/api/reservations',
    ]) {
      const answer = await both({ method: 'GET', url });
      const data = answer.json().data as { results?: { store_id: number }[] } | { store_id: number }[];
      const rows = Array.isArray(data) ? data : (data.results ?? []);
      expect(
        rows.filter((row) => row.store_id !== t.storeB),
        url,
      ).toEqual([]);
    }
  });

  // The administrator walks last: its DELETE …/1 calls may remove store A itself.
  for (const identity of IDENTITIES) {
    it(`answers ${identity} on every route as the route's expected access says`, async () => {
      const call = await t.signIn(identity);
      for (const route of routes) {
        const request = requestFor(route);
        const response = await call(request);
        const refusal = GUEST_ROUTES.has(route.url)
          ? { status: 403, body: BAD_CODE }
          : refusalFor(expectedAccess(route)!, identity);
        if (refusal) {
          expect(response.statusCode, routeKey(route)).toBe(refusal.status);
          if (route.method !== 'HEAD') {
            const body = await bodyOf(response, request.payloadAsStream === true);
            expect(JSON.parse(body), routeKey(route)).toEqual(refusal.body);
          }
        } else {
          expect([401, 403], routeKey(route)).not.toContain(response.statusCode);
          expect(response.statusCode, routeKey(route)).toBeLessThan(500);
        }
        covered[identity].add(routeKey(route));
      }
    });
  }

  it('lets the password-only token through PATCH /api/account alone', async () => {
    const request = await t.app.inject({
      method: 'POST',
      url: '/auth/token/request',
      payload: { email: 'gerente@sabordosertao.com.br' },
    });
    expect(request.statusCode).toBe(200);
    const key = request.json<{ data: { key: string } }>().data.key;
    const token = /\b(\d{5})\b/.exec(t.outbox.at(-1)?.text ?? '')?.[1];
    const exchange = await t.app.inject({ method: 'POST', url: '/auth/token', payload: { key, token } });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const access_token = exchange.json<{ data: { access_token: string } }>().data.access_token;
    for (const route of routes) {
      const request = requestFor(route);
      const response = await t.app.inject({
        ...request,
        headers: { authorization: `Bearer ${access_token}` },
      });
      if (route.access === 'public') {
        expect(response.statusCode, routeKey(route)).toBeLessThan(500);
      } else if (route.passwordScope) {
        // Reached the handler: the empty body is refused by validation.
        expect(response.statusCode, routeKey(route)).toBe(400);
      } else {
        expect(response.statusCode, routeKey(route)).toBe(403);
        if (route.method !== 'HEAD') {
          const body = await bodyOf(response, request.payloadAsStream === true);
          expect(JSON.parse(body), routeKey(route)).toEqual(PASSWORD_ONLY);
        }
      }
      covered.password.add(routeKey(route));
    }
  });

  it('covered 100% of the registered routes', () => {
    const all = routes.map(routeKey).sort();
    const { otherStore, ...everyRoute } = covered;
    for (const [who, set] of Object.entries(everyRoute)) expect([...set].sort(), who).toEqual(all);
    // Every store-scoped route that names a record was also tried on another store's record.
    expect([...otherStore].sort()).toEqual(routes.filter(storeScoped).map(routeKey).sort());
    console.log(
      `security walk: ${all.length} of ${all.length} registered routes × ${IDENTITIES.length} identities ` +
        `and the password-only token (100%); ${otherStore.size} store-scoped record routes tried across stores`,
    );
  });
});
