import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import {
  bankAccounts,
  categories,
  complementGroupProducts,
  complementGroups,
  cuisines,
  customers,
  integrations,
  kitchens,
  memberships,
  operations,
  printJobs,
  orderItems,
  products,
  reservations,
  reviews,
  stores,
  tables,
  tickets,
  wallPosts,
} from '../../server/db/schema';
import { startStandIn, type StandIn } from '../../server/opdv/stand-in';
import { placeItems, seatGuests } from '../../server/service/guests';
import { DEFAULT_PERMISSIONS } from '../../contract/permissions';
import { saoPauloClock, saoPauloInstant } from '../../contract/resources/reservations/rules';
import { as, createAccount, login } from '../server/helpers';
import { WALK_PIX_PROVIDER, createSecurityApp, type Call, type SecurityApp } from './identities';
import { signature } from '../../server/pix/provider';

/**
 * The walks' write table (the audit walk, tests/security/audit-walk.test.ts, and the
 * Idempotency-Key walk, tests/server/idempotency-walk.test.ts): for every write route of the
 * route table, a request that succeeds, against records its entry makes for itself, on an app of
 * the walk's own (`openWriteWalk`, in a file's `beforeAll`; `closeWriteWalk` in its `afterAll`).
 *
 * A new write route fails both walks' coverage tests until it has an entry in `successfulWrites`:
 * who sends it, with which path parameters and body.
 */

/** The walk's app: the security suite's, with the demo's stores and callers. */
export let t: SecurityApp;
let standIn: StandIn;

/** Who sends a request, and the store whose chain a staff member's writes join. */
export interface Caller {
  call: Call;
  /** The session's store for staff; null for administrators and for nobody. */
  store: number | null;
}
export let administrator: Caller;
export let managerA: Caller;
export let managerB: Caller;
export let waiterA: Caller;
export let anonymous: Caller;

/** The walk's app, its callers, and store A's point of sale (a local OPDV stand-in). */
export async function openWriteWalk(): Promise<void> {
  standIn = await startStandIn({ callsPerMinute: 1_000 });
  t = await createSecurityApp();
  opdvOfA = undefined;
  administrator = { call: await t.signIn('administrator'), store: null };
  managerA = { call: await t.signIn('managerA'), store: t.storeA };
  managerB = { call: await t.signIn('managerB'), store: t.storeB };
  waiterA = { call: await t.signIn('waiterA'), store: t.storeA };
  anonymous = { call: await t.signIn('anonymous'), store: null };
}

export async function closeWriteWalk(): Promise<void> {
  await t?.close();
  await standIn?.close();
}

/** The route's path with its parameters (and wildcard) in order. */
export function pathOf(url: string, params: readonly (number | string)[] = []): string {
  let index = 0;
  const path = url.replace(/:[A-Za-z_]\w*|\*/g, (name) => {
    if (index >= params.length) throw new Error(`${url}: no value for ${name}`);
    return String(params[index++]);
  });
  if (index !== params.length) throw new Error(`${url}: more values than parameters`);
  return path;
}

// ---------------------------------------------------------------------------------------------
// Fixtures: each request's records, written straight into the database (no audit row) or, where
// the API is the simpler way to make one, through it before the walk counts.

let serial = 0;
const next = () => ++serial;
export const db = () => t.app.db;

export async function newKitchen(store = t.storeA) {
  const [row] = await db()
    .insert(kitchens)
    .values({ store_id: store, name: `Estação ${next()}` })
    .returning();
  return row!.id;
}

/** A kitchen ticket of `store` waiting for a printer-side agent. */
export async function newPrintJob(store = t.storeA) {
  const [row] = await db()
    .insert(printJobs)
    .values({
      store_id: store,
      kind: 'KITCHEN',
      kitchen_id: await newKitchen(store),
      document: { title: 'Estação · Mesa 1', lines: [{ kind: 'title', text: 'Estação' }] },
    })
    .returning();
  return row!.id;
}

/** A print job of store A claimed by an agent (managerA), with its lease. */
/** A payment received at the table ('Dar baixa', R$ 10,00) on a new tab of store A: its id. */
async function paymentAtTable(method: 'CASH' | 'PIX'): Promise<number> {
  const tab = await openTab();
  const paid = await managerA.call({
    method: 'POST',
    url: '/api/payments/physical',
    payload: { order_id: tab.order, customer_id: tab.customer, amount: 1000, method },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const [payment] = rows<{ id: number }>(
    await db().execute(sql`select id from payments where order_id = ${tab.order} order by id desc limit 1`),
  );
  return payment!.id;
}

async function claimedPrintJob() {
  await newPrintJob();
  const claimed = await managerA.call({ method: 'POST', url: '/api/print-jobs/claim', payload: {} });
  expect(claimed.statusCode, claimed.body).toBe(200);
  const job = claimed.json().data as { id: number; lease: string };
  return job;
}

export async function newCategory(store = t.storeA) {
  const [row] = await db()
    .insert(categories)
    .values({ store_id: store, name: `Categoria ${next()}` })
    .returning();
  return row!.id;
}

export async function newProduct(store = t.storeA, extra: Partial<typeof products.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(products)
    .values({
      store_id: store,
      category_id: await newCategory(store),
      name: `Prato ${n}`,
      price: 4590,
      external_code: `WALK${n}`,
      ...extra,
    })
    .returning();
  return row!.id;
}

/** A complement group of the store, offering `product` when given. */
export async function newComplementGroup(store = t.storeA, product?: number) {
  const [group] = await db()
    .insert(complementGroups)
    .values({ store_id: store, name: `Complementos ${next()}` })
    .returning();
  if (product !== undefined) {
    await db()
      .insert(complementGroupProducts)
      .values({ group_id: group!.id, product_id: product, store_id: store });
  }
  return group!.id;
}

/** A free table, numbered past the demo's. */
export async function newTable(store = t.storeA) {
  const number = 500 + next();
  const [row] = await db()
    .insert(tables)
    .values({ store_id: store, number, name: `Mesa ${number}` })
    .returning();
  return row!.id;
}

export async function newCustomer(extra: Partial<typeof customers.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(customers)
    .values({
      fullname: `Cliente ${n}`,
      username: `cliente.walk${n}`,
      email: `cliente.walk${n}@exemplo.com.br`,
      ...extra,
    })
    .returning();
  return row!.id;
}

/**
 * An open tab at a new table: a customer's ticket and, unless `ordered` is false, one item of a
 * new product (R$ 45,90), placed as a guest's phone places it.
 */
export async function openTab(store = t.storeA, ordered = true) {
  const table = await newTable(store);
  const customer = await newCustomer();
  const product = await newProduct(store);
  return db().transaction(async (tx) => {
    const order = await seatGuests(tx, store, table, [customer]);
    const items = ordered ? await placeItems(tx, store, order, customer, [{ productId: product }]) : [];
    const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.order_id, order));
    return { order, table, customer, ticket: ticket!.id, item: items[0]! };
  });
}

/** The QR code of a new free table of store A: `s`, `t`, `k`, as the guest page sends them. */
export async function tableCode() {
  const [table] = await db()
    .select({ number: tables.number, token: tables.token })
    .from(tables)
    .where(eq(tables.id, await newTable()));
  return { s: t.storeA, t: table!.number, k: table!.token };
}

/** A phone at a table: its id in the header. */
export const device = () => ({ 'x-painel-device': `aparelho-da-auditoria-${next()}` });

/** An open tab with a guest's order from the QR code waiting for the staff's approval. */
async function heldTab() {
  const tab = await openTab(t.storeA, false);
  const [item] = await db()
    .insert(orderItems)
    .values({
      store_id: t.storeA,
      order_id: tab.order,
      ticket_id: tab.ticket,
      product_id: await newProduct(),
      name: 'Pedido da mesa',
      product_price: 1000,
      status: 'SAVED',
      held_at: new Date(),
    })
    .returning({ id: orderItems.id });
  return { ...tab, held: item!.id };
}

/** An open tab whose item the kitchen has made: a tab closes only once its kitchen is done. */
async function servedTab() {
  const tab = await openTab();
  await db().update(orderItems).set({ status: 'READY' }).where(eq(orderItems.id, tab.item));
  return tab;
}

/** A reservation waiting for confirmation, tomorrow. */
export async function newReservation(store = t.storeA) {
  const [row] = await db()
    .insert(reservations)
    .values({
      store_id: store,
      code: `WALK${String(next()).padStart(2, '0')}`,
      fullname: 'Reserva do Histórico',
      phone: '11987654321',
      n_persons: 2,
      date: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!.id;
}

/** A review of the store by a customer who has been there. */
async function newReview(store = t.storeA) {
  const [row] = await db()
    .insert(reviews)
    .values({ store_id: store, customer_id: await newCustomer(), rating: 5, text: 'Ótimo atendimento.' })
    .returning();
  return row!.id;
}

export async function newWallPost(store = t.storeA) {
  const [row] = await db()
    .insert(wallPosts)
    .values({ store_id: store, title: `Aviso ${next()}`, body: 'Cozinha aberta até as 23h.' })
    .returning();
  return row!.id;
}

export async function newBankAccount(store = t.storeA) {
  const [row] = await db()
    .insert(bankAccounts)
    .values({
      store_id: store,
      bank_code: '341',
      bank_name: 'Itaú Unibanco S.A.',
      agency: '0001',
      account: String(10_000 + next()),
      account_digit: '6',
      account_type: 'CHECKING',
      holder_name: 'Cantina Bella Ltda.',
      holder_document: '11222333000181',
    })
    .returning();
  return row!.id;
}

/** A member of `store`'s team (and of `alsoIn`'s), with a password of their own. */
export async function newMember(store = t.storeA, role = 'STAFF', alsoIn?: number) {
  const n = next();
  const credentials = { email: `equipe${n}@walk.com.br`, password: `Equipe@${2000 + n}` };
  const id = await createAccount(db(), { ...credentials, role, store_id: store, fullname: `Equipe ${n}` });
  if (alsoIn !== undefined) {
    await db().insert(memberships).values({ account_id: id, store_id: alsoIn, role });
  }
  return { id, ...credentials };
}

/** A member signed in on a session of their own. */
async function signedIn(member: { email: string; password: string }, store = t.storeA): Promise<Caller> {
  return { call: as(t.app, await login(t.app, member)), store };
}

/** A restaurant nobody works in (for its approval and its removal). */
async function newStore(status: 'OK' | 'CLOSED' = 'OK') {
  const n = next();
  const [row] = await db()
    .insert(stores)
    .values({ name: `Restaurante ${n}`, slug: `restaurante-walk-${n}`, status })
    .returning();
  return row!.id;
}

/** A cuisine, through the API (its route keeps the name's unique key). */
export const newCuisine = () => created(administrator, '/api/cousines', { name: `Culinária ${next()}` });

/** A record made through the API (for records whose rules live in their route): its id. */
export async function created(by: Caller, url: string, payload: unknown): Promise<number> {
  const response = await by.call({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  expect(response.statusCode, `POST ${url}: ${response.body}`).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

/** A one-pixel PNG as a browser's FormData sends it. */
function pictureForm() {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const boundary = `----painelwalk${next()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A file the caller's store sent: its URL. */
export async function uploaded(by: Caller): Promise<string> {
  const response = await by.call({ method: 'POST', url: '/api/uploads', ...pictureForm() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

/**
 * Store A's OPDV, the local one this file starts (as an administrator would set its address):
 * the one active integration of the store, made once.
 */
let opdvOfA: number | undefined;
export async function opdvIntegration(): Promise<number> {
  if (opdvOfA === undefined) {
    await db().update(integrations).set({ active: false }).where(eq(integrations.store_id, t.storeA));
    const [row] = await db()
      .insert(integrations)
      .values({
        store_id: t.storeA,
        integration_type: 'OPDV',
        token: 'opdv-walk-cantina',
        token_hint: 'tina',
        base_url: standIn.url,
        active: true,
      })
      .returning();
    opdvOfA = row!.id;
  }
  return opdvOfA;
}

/** Store B without an active integration (only one OPDV is active per store). */
const noActiveIntegrationInB = () =>
  db()
    .update(integrations)
    .set({ active: false })
    .where(and(eq(integrations.store_id, t.storeB), eq(integrations.active, true)));

/** The next `weekday` (0 Sunday … 6 Saturday) after today, at `time` in São Paulo. */
function nextWeekday(weekday: number, time: string): string {
  for (let days = 1; days <= 7; days++) {
    const day = saoPauloClock(new Date(Date.now() + days * 86_400_000));
    if (day.weekday === weekday) return saoPauloInstant(day.day, time)!.toISOString();
  }
  throw new Error('no such weekday');
}

/** A date `days` from today in São Paulo, as the promo code form sends it. */
const dayFromNow = (days: number) =>
  new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// The write table.

/** A request that succeeds: its caller, the route's path parameters in order, its query and body. */
export interface WriteRequest {
  by: Caller;
  params?: (number | string)[];
  query?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** The store the row must name, where it is not the caller's (signing in, switching stores). */
  store?: number | null;
  /** The resource the row must name, where it is not the route's (a guest's order is the tab's). */
  resource?: string;
}

export type WriteKey = `${'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/**
 * For every write route, a request that succeeds against records of its own. Store A is Cantina
 * Bella, store B Sabor do Sertão; their managers, store A's waiter and the platform's
 * administrator send them. Each entry makes what it needs, so that the order does not matter.
 */
export const successfulWrites: Record<WriteKey, () => Promise<WriteRequest>> = {
  // Signing in and out, and the e-mailed token (first access, recovery).
  'POST /auth/email': async () => {
    const member = await newMember();
    return {
      by: anonymous,
      payload: { email: member.email, password: member.password, role: 'ADMIN' },
      store: t.storeA,
    };
  },
  'POST /auth/logout': async () => ({ by: await signedIn(await newMember()) }),
  'POST /auth/token/request': async () => {
    const member = await newMember();
    return { by: anonymous, payload: { email: member.email }, store: t.storeA };
  },
  'POST /auth/token': async () => {
    const member = await newMember();
    const asked = await anonymous.call({
      method: 'POST',
      url: '/auth/token/request',
      payload: { email: member.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const key = asked.json<{ data: { key: string } }>().data.key;
    const mail = t.outbox.filter((message) => message.to === member.email).at(-1);
    const token = /\b(\d{5})\b/.exec(mail?.text ?? '')?.[1];
    return { by: anonymous, payload: { key, token }, store: t.storeA };
  },

  // One's own account: the password, and the store a member of two works in.
  'PATCH /api/account': async () => {
    const member = await newMember();
    return {
      by: await signedIn(member),
      payload: { current_password: member.password, password: 'NovaSenha2026' },
    };
  },
  'POST /api/account/store': async () => {
    const member = await newMember(t.storeA, 'WAITER', t.storeB);
    return { by: await signedIn(member), payload: { store_id: t.storeB }, store: t.storeB };
  },

  // Files.
  'POST /api/uploads': async () => ({ by: managerA, ...pictureForm() }),
  'DELETE /api/uploads': async () => ({ by: managerA, payload: { url: await uploaded(managerA) } }),

  // The platform's catalogues: cuisines, cities, FAQ, privacy text, terms of use.
  'POST /api/cousines': async () => ({ by: administrator, payload: { name: `Culinária ${next()}` } }),
  'PATCH /api/cousines/id/:id': async () => ({
    by: administrator,
    params: [await newCuisine()],
    payload: { name: `Culinária ${next()}` },
  }),
  'DELETE /api/cousines/id/:id': async () => ({ by: administrator, params: [await newCuisine()] }),
  'POST /api/operations': async () => ({ by: administrator, payload: { name: `Cidade ${next()}` } }),
  'POST /api/faqs': async () => ({
    by: administrator,
    payload: { title: 'Como troco a senha?', category: 'MERCHANT', text: 'Em Minha conta.' },
  }),
  'PATCH /api/faqs/id/:id': async () => ({
    by: administrator,
    params: [
      await created(administrator, '/api/faqs', { title: 'Dúvida', category: 'CUSTOMER', text: 'Sim.' }),
    ],
    payload: { title: 'Dúvida frequente' },
  }),
  'DELETE /api/faqs/id/:id': async () => ({
    by: administrator,
    params: [
      await created(administrator, '/api/faqs', { title: 'Antiga', category: 'CUSTOMER', text: 'Não.' }),
    ],
  }),
  'PATCH /api/privacy': async () => ({
    by: administrator,
    payload: { title: 'Política de Privacidade', text: 'Coletamos o mínimo.' },
  }),
  'PATCH /api/usage-policy': async () => ({
    by: administrator,
    payload: { title: 'Termos de uso', version: `walk-${next()}`, text: 'Pagamentos em até 31 dias.' },
  }),
  'POST /api/usage-policy/accept': async () => {
    const version = `walk-${next()}`;
    const published = await administrator.call({
      method: 'PATCH',
      url: '/api/usage-policy',
      payload: { title: 'Termos de uso', version, text: 'Pagamentos em até 31 dias.' },
    });
    expect(published.statusCode, published.body).toBe(200);
    return { by: managerA, payload: { version } };
  },

  // The app's customers, promotions, notifications and featured posts.
  'PATCH /api/customers/id/:id': async () => ({
    by: administrator,
    params: [await newCustomer()],
    payload: { feedhunter: true },
  }),
  'POST /api/promocodes': async () => ({ by: administrator, payload: promoCode() }),
  'PATCH /api/promocodes/id/:id': async () => ({
    by: administrator,
    params: [await created(administrator, '/api/promocodes', promoCode())],
    payload: { active: false },
  }),
  'POST /api/push-notifications': async () => ({
    by: administrator,
    payload: { title: 'Sexta tem música', body: 'A partir das 20h.' },
  }),
  'PATCH /api/push-notifications/id/:id/cancel': async () => ({
    by: administrator,
    params: [await created(administrator, '/api/push-notifications', { title: 'Oi', body: 'Olá!' })],
    payload: {},
  }),
  'POST /api/stories': async () => ({ by: administrator, payload: await story() }),
  'PATCH /api/stories/id/:id': async () => ({
    by: administrator,
    params: [await created(administrator, '/api/stories', await story())],
    payload: { title: 'O melhor nhoque da cidade' },
  }),
  'DELETE /api/stories/id/:id': async () => ({
    by: administrator,
    params: [await created(administrator, '/api/stories', await story())],
  }),

  // Restaurants.
  'POST /api/stores': async () => ({ by: administrator, payload: await restaurant() }),
  'PATCH /api/stores/id/:id': async () => ({
    by: managerA,
    params: [t.storeA],
    payload: { info: { site: 'cantinabella.com.br' } },
  }),
  'PATCH /api/stores/id/:id/approve': async () => ({
    by: administrator,
    params: [await newStore('CLOSED')],
  }),
  'DELETE /api/stores/id/:id': async () => ({ by: administrator, params: [await newStore()] }),
  'PATCH /api/stores/reorder': async () => ({
    by: administrator,
    payload: { ids: [t.storeB, t.storeA] },
  }),

  // The team and what each role may do.
  'POST /api/admins': async () => {
    const n = next();
    return {
      by: managerA,
      payload: {
        fullname: `Colaborador ${n}`,
        email: `colaborador${n}@cantinabella.com.br`,
        phone: '11977771234',
        password: 'abcdefgh',
        role: 'STAFF',
      },
    };
  },
  'PATCH /api/admins/id/:id': async () => ({
    by: managerA,
    params: [(await newMember()).id],
    payload: { fullname: 'Colaboradora Renomeada', role: 'CASHIER' },
  }),
  'DELETE /api/admins/id/:id': async () => ({ by: managerA, params: [(await newMember()).id] }),
  'POST /api/admins/include-collaborator': async () => ({
    by: managerA,
    payload: { email: (await newMember(t.storeB)).email, role: 'WAITER' },
  }),
  'PATCH /api/team/permissions': async () => ({
    by: managerA,
    payload: { role: 'WAITER', permissions: DEFAULT_PERMISSIONS.WAITER },
  }),

  // The menu: kitchens, categories, products, complement groups.
  'POST /api/kitchens': async () => ({ by: managerA, payload: { name: 'Forno a lenha' } }),
  'PATCH /api/kitchens/id/:id': async () => ({
    by: managerA,
    params: [await newKitchen()],
    payload: { name: 'Chapa', available: false },
  }),
  'DELETE /api/kitchens/id/:id': async () => ({ by: managerA, params: [await newKitchen()] }),
  'POST /api/categories': async () => ({ by: managerA, payload: { name: 'Sobremesas da casa' } }),
  'PATCH /api/categories/id/:id': async () => ({
    by: managerA,
    params: [await newCategory()],
    payload: { name: 'Massas frescas' },
  }),
  'DELETE /api/categories/id/:id': async () => ({ by: managerA, params: [await newCategory()] }),
  'PATCH /api/categories/reorder': async () => ({
    by: managerA,
    payload: { ids: [await newCategory(), await newCategory()] },
  }),
  'POST /api/products': async () => ({
    by: managerA,
    payload: {
      name: 'Lasanha da nonna',
      description: 'Camadas de massa fresca, ragu e bechamel.',
      price: '5890',
      external_code: `LAS${next()}`,
      category_id: await newCategory(),
    },
  }),
  'PATCH /api/products/id/:id': async () => ({
    by: managerA,
    params: [await newProduct()],
    payload: { name: 'Lasanha verde' },
  }),
  'DELETE /api/products/id/:id': async () => ({ by: managerA, params: [await newProduct()] }),
  'PATCH /api/products/reorder': async () => {
    const category = await newCategory();
    return {
      by: managerA,
      payload: {
        ids: [
          await newProduct(t.storeA, { category_id: category }),
          await newProduct(t.storeA, { category_id: category }),
        ],
      },
    };
  },
  'POST /api/complement-groups': async () => ({
    by: managerA,
    payload: { name: 'Molhos', min_items: 0, max_items: 2, products: [] },
  }),
  'PATCH /api/complement-groups/id/:id': async () => ({
    by: managerA,
    params: [await newComplementGroup()],
    payload: { name: 'Molhos da casa' },
  }),
  'DELETE /api/complement-groups/id/:id': async () => ({
    by: managerA,
    params: [await newComplementGroup()],
  }),
  'DELETE /api/complement-groups/id/:group_id/products/:prod_id': async () => {
    const product = await newProduct();
    return { by: managerA, params: [await newComplementGroup(t.storeA, product), product] };
  },

  // The floor: tables, tabs, the kitchen board, payments.
  'POST /api/tables': async () => ({ by: managerA, payload: { number: 500 + next() } }),
  'PATCH /api/tables/id/:id/status/:status': async () => ({
    by: waiterA,
    params: [await newTable(), 'OCCUPIED'],
  }),
  'DELETE /api/tables/id/:id': async () => ({ by: managerA, params: [await newTable()] }),
  'PATCH /api/orders/id/:id': async () => ({
    by: managerA,
    params: [(await servedTab()).order],
    payload: { settle: true, method: 'PIX', reason: 'A mesa pagou no caixa' },
  }),
  'POST /api/orders/id/:id/settle': async () => ({
    by: managerA,
    params: [(await servedTab()).order],
    payload: { method: 'CASH', reason: 'A mesa pagou no caixa' },
  }),
  'POST /api/orders/id/:id/close': async () => ({
    by: managerA,
    params: [(await openTab(t.storeA, false)).order],
    payload: {},
  }),
  'POST /api/tables/id/:id/open': async () => ({
    by: waiterA,
    params: [await newTable()],
    payload: { guest_name: 'Cliente sem app', guest_phone: '11987654321' },
  }),
  'POST /api/orders/id/:id/tickets': async () => ({
    by: waiterA,
    params: [(await openTab(t.storeA, false)).order],
    payload: { guest_name: 'Cliente sem app' },
  }),
  'POST /api/orders/id/:id/items': async () => {
    const tab = await openTab(t.storeA, false);
    return {
      by: waiterA,
      params: [tab.order],
      payload: { ticket_id: tab.ticket, items: [{ product_id: await newProduct(), quantity: 2 }] },
    };
  },
  'PUT /api/orders/id/:id/tickets/:ticket_id/draft': async () => {
    const tab = await openTab(t.storeA, false);
    return {
      by: waiterA,
      params: [tab.order, tab.ticket],
      payload: { items: [{ product_id: await newProduct() }] },
    };
  },
  'POST /api/tables/id/:id/token': async () => ({ by: managerA, params: [await newTable()], payload: {} }),
  'POST /api/tables/tokens': async () => ({ by: managerA, payload: {} }),
  'PUT /api/tables/guest-settings': async () => ({ by: managerA, payload: { approval: false } }),
  'POST /api/orders/id/:id/held/approve': async () => {
    const tab = await heldTab();
    return { by: waiterA, params: [tab.order], payload: { item_ids: [tab.held] } };
  },
  'POST /api/orders/id/:id/held/reject': async () => {
    const tab = await heldTab();
    return {
      by: waiterA,
      params: [tab.order],
      payload: { item_ids: [tab.held], reason: 'Acabou o produto' },
    };
  },
  // The guest page: no session, the table's code; the row joins the store's chain, on the tab.
  'POST /api/guest/orders': async () => ({
    by: anonymous,
    headers: device(),
    payload: { ...(await tableCode()), name: 'Cliente do QR', items: [{ product_id: await newProduct() }] },
    store: t.storeA,
    resource: 'commands',
  }),
  'POST /api/guest/waiter': async () => ({
    by: anonymous,
    headers: device(),
    payload: { ...(await tableCode()), name: 'Cliente do QR' },
    store: t.storeA,
    resource: 'commands',
  }),
  'POST /api/orders/id/:id/waiter/dismiss': async () => ({
    by: waiterA,
    params: [(await openTab()).order],
    payload: {},
  }),
  'POST /api/orders/id/:id/move': async () => ({
    by: managerA,
    params: [(await openTab()).order],
    payload: { table_id: await newTable() },
  }),
  'POST /api/orders/id/:id/merge': async () => ({
    by: managerA,
    params: [(await openTab()).order],
    payload: { table_id: (await openTab()).table },
  }),
  'POST /api/payments/physical': async () => {
    const tab = await openTab();
    return {
      by: managerA,
      payload: { order_id: tab.order, customer_id: tab.customer, amount: 1000, method: 'PIX' },
    };
  },
  'PATCH /api/orders/items/id/:id/status': async () => ({
    by: waiterA,
    params: [(await openTab()).item],
    payload: { status: 'PREPARING' },
  }),
  'PATCH /api/orders/items/status': async () => ({
    by: waiterA,
    payload: { items: [{ id: (await openTab()).item, from: 'PLACED' }] },
  }),
  'PATCH /api/orders/items/recall': async () => {
    const { item } = await openTab();
    const ready = await waiterA.call({
      method: 'PATCH',
      url: `/api/orders/items/id/${item}/status`,
      payload: { status: 'READY' },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    return { by: waiterA, payload: { ids: [item] } };
  },
  'DELETE /api/orders/items/id/:id': async () => ({
    by: managerA,
    params: [(await openTab()).item],
    payload: { reason: 'O cliente desistiu do prato' },
  }),
  // A Pix the provider says was paid, of a charge this store never made: signed, answered, booked nothing.
  'POST /api/pix/webhook': async () => {
    const body = JSON.stringify({
      pix: [{ endToEndId: `E2EWALK${next()}`, txid: 'PAINEL1C1X00000000000000000', valor: '10.00' }],
    });
    return {
      by: anonymous,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-pix-signature': signature(body, WALK_PIX_PROVIDER.webhookSecret),
      },
      store: null,
    };
  },
  'POST /api/orders/id/:id/shares': async () => ({
    by: managerA,
    params: [(await openTab()).order],
    payload: { mode: 'equal', parts: 2 },
  }),
  'POST /api/orders/id/:id/shares/:share_id/pay': async () => {
    const { order } = await openTab();
    const split = await managerA.call({
      method: 'POST',
      url: `/api/orders/id/${order}/shares`,
      payload: { mode: 'equal', parts: 2 },
    });
    expect(split.statusCode, split.body).toBe(201);
    const share = (split.json().data as { shares: { id: number }[] }).shares[0]!;
    return { by: managerA, params: [order, share.id], payload: { method: 'CASH' } };
  },
  'DELETE /api/orders/id/:id/shares': async () => ({ by: managerA, params: [(await openTab()).order] }),
  'POST /api/orders/id/:id/prebill': async () => ({
    by: waiterA,
    params: [(await openTab()).order],
    payload: { shares: 2, kitchen_id: await newKitchen() },
  }),
  'POST /api/print-jobs/claim': async () => {
    await newPrintJob();
    return { by: managerA, payload: { kinds: ['KITCHEN'] } };
  },
  'POST /api/print-jobs/id/:id/ack': async () => {
    const job = await claimedPrintJob();
    return { by: managerA, params: [job.id], payload: { lease: job.lease } };
  },
  'POST /api/print-jobs/id/:id/release': async () => {
    const job = await claimedPrintJob();
    return { by: managerA, params: [job.id], payload: { lease: job.lease } };
  },
  'POST /api/print-jobs/id/:id/reprint': async () => ({ by: waiterA, params: [await newPrintJob()] }),
  'POST /api/orders/id/:id/tickets/:ticket_id/service': async () => {
    const tab = await openTab();
    return {
      by: managerA,
      params: [tab.order, tab.ticket],
      payload: { charged: false, reason: 'Demora no atendimento' },
    };
  },
  'POST /api/payments/id/:id/receipt': async () => ({
    by: waiterA,
    params: [await paymentAtTable('CASH')],
    payload: { kitchen_id: await newKitchen() },
  }),
  'DELETE /api/payments/id/:id': async () => ({
    by: managerA,
    params: [await paymentAtTable('PIX')],
    payload: { reason: 'Baixa lançada na mesa errada' },
  }),
  'POST /api/orders/id/:id/move/undo': async () => {
    const tab = await openTab();
    const moved = await managerA.call({
      method: 'POST',
      url: `/api/orders/id/${tab.order}/move`,
      payload: { table_id: await newTable() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return { by: managerA, params: [tab.order], payload: { token: moved.json().data.undo.token as string } };
  },
  'POST /api/orders/id/:id/merge/undo': async () => {
    const [leaving, staying] = [await openTab(), await openTab()];
    const merged = await managerA.call({
      method: 'POST',
      url: `/api/orders/id/${leaving.order}/merge`,
      payload: { table_id: staying.table },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const { id, undo } = merged.json().data as { id: number; undo: { token: string } };
    return { by: managerA, params: [id], payload: { token: undo.token } };
  },

  // Reservations, reviews, the wall, the loyalty program.
  'POST /api/reservations': async () => ({
    by: waiterA,
    // Cantina Bella takes reservations from Tuesday to Saturday, 19:00–22:30 among others.
    payload: { fullname: 'Ana Souza', phone: '(11) 98765-4321', n_persons: 4, date: nextWeekday(2, '20:00') },
  }),
  'PATCH /api/reservations/id/:id': async () => ({
    by: waiterA,
    params: [await newReservation()],
    payload: { status: 'CONFIRMED' },
  }),
  'PATCH /api/reviews/id/:id': async () => ({
    by: managerA,
    params: [await newReview()],
    payload: { answer: 'Obrigado pela visita!' },
  }),
  'POST /api/posts': async () => ({
    by: managerA,
    payload: { title: 'Música ao vivo', body: 'Sexta e sábado, a partir das 20h.' },
  }),
  'PATCH /api/posts/id/:id': async () => ({
    by: managerA,
    params: [await newWallPost()],
    payload: { pinned: true },
  }),
  'DELETE /api/posts/id/:id': async () => ({ by: managerA, params: [await newWallPost()] }),
  'PATCH /api/posts/reorder': async () => ({
    by: managerA,
    payload: { ids: [await newWallPost(), await newWallPost()] },
  }),
  'PATCH /api/loyalty-programs': async () => ({
    by: managerA,
    payload: { consumption: 50000, discount: 10, active: true },
  }),

  // Money: bank accounts.
  'POST /api/financial/bank-accounts': async () => ({
    by: managerA,
    payload: {
      bank_code: '260',
      agency: '0001',
      account: '12345678',
      account_digit: '9',
      account_type: 'CHECKING',
      holder_name: 'Cantina Bella Ltda.',
      holder_document: '11.222.333/0001-81',
    },
  }),
  'PATCH /api/financial/bank-accounts/id/:id': async () => ({
    by: managerA,
    params: [await newBankAccount()],
    payload: { holder_name: 'Cantina Bella Restaurante Ltda.' },
  }),
  'DELETE /api/financial/bank-accounts/id/:id': async () => ({
    by: managerA,
    params: [await newBankAccount()],
  }),

  // The point of sale: store B's integration comes and goes; store A's talks to the local OPDV.
  'POST /api/stores/integration/create': async () => {
    await noActiveIntegrationInB();
    return {
      by: managerB,
      payload: { payload: { integration_type: 'OPDV', token: 'opdv-walk-sertao' } },
    };
  },
  'PATCH /api/stores/integration/:id/deactivate': async () => {
    await noActiveIntegrationInB();
    const [row] = await db()
      .insert(integrations)
      .values({ store_id: t.storeB, integration_type: 'OPDV', token: 'opdv-walk-sertao', token_hint: 'rtao' })
      .returning();
    return { by: managerB, params: [row!.id] };
  },
  'POST /api/stores/integration/:id/import/category': async () => ({
    by: managerA,
    params: [await opdvIntegration()],
    payload: { code: 'CAT-DOL' },
  }),
  'POST /api/stores/integration/:id/import/products': async () => ({
    by: managerA,
    params: [await opdvIntegration()],
    payload: { category_id: await newCategory(), codes: ['OP-6001'] },
  }),
  'POST /api/stores/integration/:id/link': async () => ({
    by: managerA,
    params: [await opdvIntegration()],
    payload: { code: 'OP-6002', product_id: await newProduct() },
  }),
  'POST /api/stores/integration/:id/sync': async () => {
    // Linked to the OPDV's Chinotto, under another name and price: Sincronizar brings them over.
    const linked = await newProduct(t.storeA, { integration_code: 'OP-6003', origin: 'opdv' });
    return { by: managerA, params: [await opdvIntegration()], payload: { product_ids: [linked] } };
  },
};

/**
 * Write routes that cannot succeed in a test, each with why: none, and meant to stay so (every
 * route above succeeds here, the point of sale's through the local OPDV). A route listed here is
 * no longer proven by this walk, only by the plugin's check in its own tests.
 */
export const cannotSucceedHere: Record<string, string> = {};

export function promoCode() {
  return {
    description: '15% na primeira comanda',
    code: `WALK${next()}`,
    discount: '15.00',
    max_discount: 25,
    n_available: 100,
    active: true,
    expires_at: dayFromNow(30),
    origin: null,
    type: 'FIRST_USE',
  };
}

/** A featured post of a feed hunter about a product of store A. */
export async function story() {
  return {
    title: 'O melhor risoto da cidade',
    customer_id: await newCustomer({ feedhunter: true }),
    product_id: await newProduct(),
    media_type: 'PHOTO',
    image_url: '/uploads/images/platform/1700000000000-abc123.webp',
  };
}

/** The admin screen's create form for a new restaurant (and its manager's account). */
async function restaurant() {
  const [cuisine] = await db().select({ id: cuisines.id }).from(cuisines).limit(1);
  const [city] = await db().select({ id: operations.id }).from(operations).limit(1);
  return {
    logo_black: '/uploads/images/platform/1700000000000-c0a1.webp',
    logo_white: '/uploads/images/platform/1700000000000-c0a2.webp',
    bg_image: '/uploads/images/platform/1700000000000-c0a3.webp',
    operation_id: city!.id,
    cousine_id: cuisine!.id,
    name: 'Trattoria Nonna',
    company_name: 'Trattoria Nonna Ltda',
    cnpj: '45.723.174/0001-10',
    description: 'Massas frescas todos os dias',
    full_description: 'Cozinha italiana de família desde 1987.',
    instagram: '@trattorianonna',
    phone: '(11) 3456-7890',
    whatsapp: '',
    site: 'trattorianonna.com.br',
    email_admin: 'contato@trattorianonna.com.br',
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
    maps_url: '',
    name_responsible: 'Lucia Bianchi',
    cpf: '529.982.247-25',
    email: 'lucia@trattorianonna.com.br',
    phone_responsible: '(11) 98765-4321',
    feedme_physical_tax: '1,5',
    feedme_digital_tax: '',
  };
}
