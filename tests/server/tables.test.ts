import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client';
import { customers, orderItems, orders, tables, tickets } from '../../server/db/schema';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

let t: TestApp;
let cantina: ReturnType<typeof as>;
let sertao: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let cantinaId: number;
let sertaoId: number;

beforeAll(async () => {
  t = await createTestApp();
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  admin = as(t.app, await login(t.app, demo.admin));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
});

afterAll(async () => {
  await t?.close();
});

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string } }).error.message;
const createTable = (call: typeof cantina, payload: Record<string, unknown>) =>
  call({ method: 'POST', url: '/api/tables', payload });
const numbersOf = async (store: number) =>
  (await t.app.db.select({ number: tables.number }).from(tables).where(eq(tables.store_id, store)))
    .map((row) => row.number)
    .sort((a, b) => a - b);

/** An open order at the table, with one customer whose birthday is today and one whose is not. */
async function seatGuests(tableId: number, store: number) {
  const today = rows<{ d: string }>(
    await t.app.db.execute(sql`select to_char((now() at time zone 'America/Sao_Paulo')::date, 'MM-DD') as d`),
  );
  const [birthday, other] = await t.app.db
    .insert(customers)
    .values([
      {
        fullname: 'Aniversariante Hoje',
        username: `aniv${tableId}`,
        email: `aniv${tableId}@ex.com`,
        birthdate: `1990-${today[0]!.d}`,
      },
      {
        fullname: 'Outro Dia',
        username: `outro${tableId}`,
        email: `outro${tableId}@ex.com`,
        birthdate: '1985-01-01',
      },
    ])
    .returning({ id: customers.id });
  const [order] = await t.app.db
    .insert(orders)
    .values({
      store_id: store,
      table_id: tableId,
      subtotal: 5000,
      total: 5000,
      total_paid: 2000,
      payment_status: 'PARTIALLY_PAID',
      waiter_requested: true,
    })
    .returning({ id: orders.id });
  await t.app.db.insert(tickets).values([
    { order_id: order!.id, store_id: store, customer_id: birthday!.id, subtotal: 3000, total: 3000 },
    {
      order_id: order!.id,
      store_id: store,
      customer_id: other!.id,
      subtotal: 2000,
      total: 2000,
      total_paid: 2000,
    },
  ]);
  await t.app.db.update(tables).set({ status: 'OCCUPIED' }).where(eq(tables.id, tableId));
  return { orderId: order!.id, birthdayId: birthday!.id };
}

describe('tables API', () => {
  it("creates a table per call, named 'Mesa N' and free, in the caller's store", async () => {
    for (const number of [1, 2, 3]) {
      const response = await createTable(cantina, { number, name: `Mesa ${number}`, status: 'AVAILABLE' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        number,
        name: `Mesa ${number}`,
        status: 'AVAILABLE',
        store_id: cantinaId,
        order_id: null,
        order: null,
      });
    }
    // Without a name the server gives the spec's; staff cannot write into another store.
    const unnamed = await createTable(cantina, { number: 4, store_id: sertaoId });
    expect(unnamed.json().data).toMatchObject({ name: 'Mesa 4', store_id: cantinaId });
    expect(await numbersOf(cantinaId)).toEqual([1, 2, 3, 4]);
    // The same numbers are free in another store.
    expect((await createTable(sertao, { number: 1 })).statusCode).toBe(201);
  });

  it('refuses a number already used in the store, and bad input, creating nothing', async () => {
    const twice = await createTable(cantina, { number: 2 });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('Já existe uma mesa com esse número neste restaurante.');
    const cases: [unknown, string][] = [
      [{ number: 'abc' }, 'Informe somente números. (campo number)'],
      [{ number: 2.5 }, 'Informe somente números. (campo number)'],
      [{ number: 0 }, 'O número da mesa começa em 1. (campo number)'],
      [{ number: 9, status: 'OCCUPIED' }, 'Uma mesa nova começa livre (AVAILABLE). (campo status)'],
      [{}, 'Informe somente números. (campo number)'],
    ];
    for (const [payload, message] of cases) {
      const response = await createTable(cantina, payload as Record<string, unknown>);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response), JSON.stringify(payload)).toBe(message);
    }
    expect(await numbersOf(cantinaId)).toEqual([1, 2, 3, 4]);
  });

  it("lists the store's tables by number, each with its open order, birthdays and waiter call", async () => {
    const [three] = await t.app.db
      .select({ id: tables.id })
      .from(tables)
      .where(eq(tables.number, 3))
      .limit(1);
    const { orderId, birthdayId } = await seatGuests(three!.id, cantinaId);
    const response = await cantina({ method: 'GET', url: '/api/tables' });
    expect(response.statusCode).toBe(200);
    const { results, total } = response.json().data;
    expect(total).toBe(4);
    expect(results.map((table: { number: number }) => table.number)).toEqual([1, 2, 3, 4]);
    expect(results[2]).toMatchObject({
      status: 'OCCUPIED',
      order_id: orderId,
      order: {
        id: orderId,
        status: 'OPENED',
        payment_status: 'PARTIALLY_PAID',
        subtotal: 5000,
        total: 5000,
        total_paid: 2000,
        waiter_requested: true,
        in_kitchen: 0,
        birthdays: [{ customer_id: birthdayId, fullname: 'Aniversariante Hoje' }],
      },
    });
    expect(results[0].order).toBeNull();
    // Another store's staff see only their own floor; an administrator names the store.
    const theirs = (await sertao({ method: 'GET', url: '/api/tables' })).json().data.results;
    expect(theirs.map((table: { store_id: number }) => table.store_id)).toEqual([sertaoId]);
    const named = await admin({ method: 'GET', url: `/api/tables?store_id=${cantinaId}` });
    expect(named.json().data.total).toBe(4);
  });

  it('takes and releases a table, but not one whose order is still open', async () => {
    const [one] = await t.app.db.select({ id: tables.id }).from(tables).where(eq(tables.number, 1)).limit(1);
    const status = (id: number, value: string, call = cantina) =>
      call({ method: 'PATCH', url: `/api/tables/id/${id}/status/${value}` });
    const taken = await status(one!.id, 'OCCUPIED');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.status).toBe('OCCUPIED');
    expect((await status(one!.id, 'AVAILABLE')).json().data.status).toBe('AVAILABLE');
    expect((await status(one!.id, 'FREE')).statusCode).toBe(400);

    const [three] = await t.app.db
      .select({ id: tables.id })
      .from(tables)
      .where(sql`${tables.number} = 3 and ${tables.store_id} = ${cantinaId}`);
    const refused = await status(three!.id, 'AVAILABLE');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(
      'A mesa 3 tem uma comanda aberta: feche a comanda antes de liberar a mesa.',
    );
    const removal = await cantina({ method: 'DELETE', url: `/api/tables/id/${three!.id}` });
    expect(removal.statusCode).toBe(409);
    expect(errorOf(removal)).toBe('A mesa 3 tem uma comanda aberta e não pode ser excluída.');
    // Another store's table answers as if it did not exist.
    expect((await status(three!.id, 'OCCUPIED', sertao)).statusCode).toBe(404);
    expect((await sertao({ method: 'DELETE', url: `/api/tables/id/${three!.id}` })).statusCode).toBe(404);

    await t.app.db
      .update(orders)
      .set({ status: 'CLOSED', closed_at: sql`now()` })
      .where(eq(orders.table_id, three!.id));
    expect((await status(three!.id, 'AVAILABLE')).json().data).toMatchObject({
      status: 'AVAILABLE',
      order: null,
    });
  });

  it('removes a table; its closed orders keep their history', async () => {
    const [three] = await t.app.db
      .select({ id: tables.id })
      .from(tables)
      .where(sql`${tables.number} = 3 and ${tables.store_id} = ${cantinaId}`);
    const removed = await cantina({ method: 'DELETE', url: `/api/tables/id/${three!.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { id: three!.id } });
    expect(await numbersOf(cantinaId)).toEqual([1, 2, 4]);
    const closed = await t.app.db
      .select({ table_id: orders.table_id })
      .from(orders)
      .where(eq(orders.store_id, cantinaId));
    expect(closed).toEqual([{ table_id: null }]);
    expect((await cantina({ method: 'DELETE', url: `/api/tables/id/${three!.id}` })).statusCode).toBe(404);
  });

  it('keeps a table whose kitchen still works on its tab: the floor counts the items, the release names them', async () => {
    const [two] = await t.app.db
      .select({ id: tables.id })
      .from(tables)
      .where(sql`${tables.number} = 2 and ${tables.store_id} = ${cantinaId}`);
    const { orderId } = await seatGuests(two!.id, cantinaId);
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.order_id, orderId));
    const statuses = [
      'PLACED',
      'PREPARING',
      'PLACED',
      'READY',
      'PLACED',
      'CANCELLED',
      'PLACED',
      'PLACED',
      'PREPARING',
    ];
    await t.app.db.insert(orderItems).values(
      statuses.map((status, i) => ({
        store_id: cantinaId,
        order_id: orderId,
        ticket_id: ticket!.id,
        name: `Prato ${i + 1}`,
        product_price: 1000,
        quantity: i === 1 ? 2 : 1,
        status: status as 'PLACED',
      })),
    );
    const floor = (await cantina({ method: 'GET', url: '/api/tables' })).json().data.results;
    expect(floor.find((table: { id: number }) => table.id === two!.id).order.in_kitchen).toBe(7);

    const release = () => cantina({ method: 'PATCH', url: `/api/tables/id/${two!.id}/status/AVAILABLE` });
    const refused = await release();
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(
      'A comanda ainda tem 7 itens na cozinha: Prato 1 (Aguardando), 2× Prato 2 (Preparando), Prato 3 (Aguardando), Prato 5 (Aguardando), Prato 7 (Aguardando) e mais 2. Marque-os como prontos ou cancele-os antes de liberar a mesa.',
    );
    // Once the kitchen is done, what is left is the tab itself.
    await t.app.db
      .update(orderItems)
      .set({ status: 'READY' })
      .where(sql`${orderItems.order_id} = ${orderId} and ${orderItems.status} in ('PLACED', 'PREPARING')`);
    expect(errorOf(await release())).toBe(
      'A mesa 2 tem uma comanda aberta: feche a comanda antes de liberar a mesa.',
    );
    await t.app.db
      .update(orders)
      .set({ status: 'CLOSED', closed_at: sql`now()` })
      .where(eq(orders.id, orderId));
    expect((await release()).statusCode).toBe(200);
  });
});

describe('floor polling', () => {
  const poll = (call: typeof cantina, etag?: string, url = '/api/tables') =>
    call({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });

  it('answers an unchanged floor with 304 and no body, and a changed one with the new list', async () => {
    const first = await poll(cantina);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"mesas-\d+-\d+-\d{8}-[0-9a-f]{10}"$/);
    const unchanged = await poll(cantina, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['cache-control']).toBe('no-store');

    // Any write to the store's floor moves the version: a table, an order, a ticket, an item, a payment.
    let previous = etag;
    // A write straight to the database (another instance, the simulator) is known from its notice,
    // within moments of its commit. The tag is awaited at the version the database holds now: a
    // write of several transactions (seatGuests) sends several notices, and moving on at the first
    // would leave the last one to arrive during a later step.
    const expectMoved = async (what: string) => {
      const [held] = rows<{ version: string }>(
        await t.app.db.execute(sql`select version::text from floor_versions where store_id = ${cantinaId}`),
      );
      const tag = `mesas-${cantinaId}-${held!.version}-`;
      expect(previous, what).not.toContain(tag);
      await expect
        .poll(async () => (await poll(cantina, previous)).headers.etag ?? previous, {
          interval: 20,
          message: what,
        })
        .toContain(tag);
      previous = (await poll(cantina)).headers.etag as string;
      expect(previous).toContain(tag);
    };
    await createTable(cantina, { number: 30 });
    await expectMoved('a new table');
    const [thirty] = await t.app.db
      .select({ id: tables.id })
      .from(tables)
      .where(sql`${tables.number} = 30 and ${tables.store_id} = ${cantinaId}`);
    const { orderId } = await seatGuests(thirty!.id, cantinaId);
    await expectMoved('an order with its tickets');
    await t.app.db.update(orders).set({ waiter_requested: false }).where(eq(orders.id, orderId));
    await expectMoved('the waiter released');
    await t.app.db.delete(tickets).where(eq(tickets.order_id, orderId));
    await expectMoved('tickets removed');
    // Another store's writes leave this floor's validator alone.
    await createTable(sertao, { number: 31 });
    expect((await poll(cantina, previous)).statusCode).toBe(304);
  });

  it('sends a kept floor as the bytes first sent, compressed as the compression plugin would', async () => {
    const decoded = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
      const encoding = response.headers['content-encoding'];
      const bytes =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? zlib.gunzipSync(response.rawPayload)
            : response.rawPayload;
      return JSON.parse(bytes.toString('utf8')) as unknown;
    };
    // A floor large enough to be compressed (the plugin leaves answers under 1 kB alone).
    for (let number = 100; number < 120; number++) {
      expect((await createTable(cantina, { number, name: `Varanda ${number}` })).statusCode).toBe(201);
    }
    const identity = await cantina({
      method: 'GET',
      url: '/api/tables',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    const plain = decoded(identity);
    for (const accept of [
      'gzip, deflate, br, zstd',
      'gzip',
      'br;q=0, gzip',
      'gzip;q=0.5, br',
      'identity',
      '',
    ]) {
      const headers = accept ? { 'accept-encoding': accept } : {};
      // The plugin's own choice, on an answer no tag applies to (every store's floor).
      const untagged = await admin({ method: 'GET', url: '/api/tables', headers });
      expect(untagged.headers.etag).toBeUndefined();
      for (const round of ['built', 'kept']) {
        const answer = await cantina({ method: 'GET', url: '/api/tables', headers });
        expect(answer.statusCode, `${accept} ${round}`).toBe(200);
        expect(answer.headers['content-encoding'], `${accept} ${round}`).toBe(
          untagged.headers['content-encoding'],
        );
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        if (answer.headers['content-encoding']) expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(answer), `${accept} ${round}`).toEqual(plain);
      }
    }
  });

  it('keeps a validator per query and per store, and none for a CSV or for all stores at once', async () => {
    const all = await poll(cantina);
    const sorted = await poll(cantina, undefined, '/api/tables?sort_field=name&sort_order=DESC');
    expect(sorted.headers.etag).not.toBe(all.headers.etag);
    expect(
      (await poll(cantina, all.headers.etag as string, '/api/tables?sort_field=name&sort_order=DESC'))
        .statusCode,
    ).toBe(200);
    const theirs = await poll(sertao);
    expect(theirs.headers.etag).not.toBe(all.headers.etag);
    const named = await poll(admin, undefined, `/api/tables?store_id=${cantinaId}`);
    expect(named.headers.etag).toBeDefined();
    expect((await poll(admin)).headers.etag).toBeUndefined();
    expect((await poll(cantina, undefined, '/api/tables?format=csv')).headers.etag).toBeUndefined();
  });
});
