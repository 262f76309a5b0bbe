import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../server/db/client';
import { auditEvents, kitchens, printJobs, tickets } from '../../server/db/schema';
import { startPrinterStandIn, type PrinterStandIn } from '../../server/printing/stand-in';
import { as, createAccount, createTestApp, demo, login, storeId, type TestApp } from './helpers';
import { buildFloor, newGuests, seatAndOrder, type Floor } from './service-fixtures';

/**
 * Kitchen tickets on paper (restaurant spec 4; server/printing): each send of items to a station
 * that prints becomes a print job in the same transaction, sent as ESC/POS to the station's
 * printer (here the local printer stand-in), tried again and then on the fallback printer when it
 * does not answer, and printed once — by the sender, or by an agent that claims and acknowledges
 * it — whatever restarts. On both databases: the `pg` project runs this file on PostgreSQL.
 */
let t: TestApp;
let floor: Floor;
let tab: number;
let ticket: number;
let printer: PrinterStandIn;
let waiter: ReturnType<typeof as>;
let cook: ReturnType<typeof as>;
let otherStore: ReturnType<typeof as>;

/** A port nothing listens on: a printer switched off. */
let deadPrinter: string;

beforeAll(async () => {
  t = await createTestApp();
  floor = await buildFloor(t.app.db, await storeId(t.app.db, 'Cantina Bella'), [1]);
  const other = await buildFloor(t.app.db, await storeId(t.app.db, 'Sabor do Sertão'), [1], 0);
  const [guest] = (await newGuests(t.app.db, 1)) as [number];
  tab = await seatAndOrder(t.app.db, floor, 1, [{ customerId: guest, items: [] }]);
  [{ id: ticket }] = (await t.app.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.order_id, tab))) as [{ id: number }];
  const password = 'Garcom@2026';
  await createAccount(t.app.db, {
    email: 'garcom@cantinabella.com.br',
    password,
    role: 'WAITER',
    store_id: floor.storeId,
  });
  await createAccount(t.app.db, {
    email: 'cozinha@cantinabella.com.br',
    password,
    role: 'KITCHEN',
    store_id: floor.storeId,
  });
  await createAccount(t.app.db, {
    email: 'caixa@sabordosertao.com.br',
    password,
    role: 'MANAGER',
    store_id: other.storeId,
  });
  waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password }));
  cook = as(t.app, await login(t.app, { email: 'cozinha@cantinabella.com.br', password }));
  otherStore = as(t.app, await login(t.app, { email: 'caixa@sabordosertao.com.br', password }));
  printer = await startPrinterStandIn();
  const dead = await startPrinterStandIn();
  deadPrinter = dead.address;
  await dead.close();
});

afterAll(async () => {
  await printer?.close();
  await t?.close();
});

beforeEach(async () => {
  await t.app.db.delete(printJobs);
  await setStation(floor.kitchen, { printer: printer.address, printer_fallback: null, auto_print: true });
  await setStation(floor.bar, { printer: null, printer_fallback: null, auto_print: false });
});

const setStation = (id: number, values: Partial<typeof kitchens.$inferInsert>) =>
  t.app.db.update(kitchens).set(values).where(eq(kitchens.id, id));

const send = (items: object[]) =>
  waiter({ method: 'POST', url: `/api/orders/id/${tab}/items`, payload: { ticket_id: ticket, items } });

const jobs = () =>
  t.app.db
    .select({
      id: printJobs.id,
      status: printJobs.status,
      printer: printJobs.printer,
      error: printJobs.error,
      kitchen_id: printJobs.kitchen_id,
    })
    .from(printJobs)
    .orderBy(printJobs.id);

/** Lets the next try of every waiting job be now (what the sender's clock would do). */
const dueNow = () =>
  t.app.db.execute(sql`update print_jobs set next_try_at = now() where status = 'PENDING'`);

describe('kitchen tickets', () => {
  it("prints each send to a printing station once, on its printer, with the station's items only", async () => {
    const before = printer.received.length;
    const sent = await send([
      { product_id: floor.dish, quantity: 2, observations: 'sem cebola' },
      { product_id: floor.drink },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    // The bar does not print: one job, the kitchen's.
    expect(await jobs()).toMatchObject([
      { status: 'PENDING', printer: printer.address, kitchen_id: floor.kitchen },
    ]);
    expect(await t.app.printing.run()).toEqual({ printed: 1, failed: 0 });
    const [print] = (await printer.waitFor(before + 1)).slice(before);
    expect(print!.cuts).toBe(1);
    expect(print!.text).toContain('Cozinha');
    expect(print!.text).toMatch(/Mesa 1 +#\d+/);
    expect(print!.text).toContain('Obs.: sem cebola');
    expect(print!.text).not.toContain('Bar');
    expect(await jobs()).toMatchObject([{ status: 'PRINTED' }]);
    // Printed is printed: another round sends nothing.
    expect(await t.app.printing.run()).toEqual({ printed: 0, failed: 0 });
    expect(printer.received.length).toBe(before + 1);
  });

  it('tries a silent printer three times, then the fallback printer, and records where it printed', async () => {
    await setStation(floor.kitchen, { printer: deadPrinter, printer_fallback: printer.address });
    const before = printer.received.length;
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    for (let round = 1; round <= 2; round++) {
      expect(await t.app.printing.run()).toEqual({ printed: 0, failed: 0 });
      const [waiting] = await jobs();
      expect(waiting).toMatchObject({ status: 'PENDING', printer: deadPrinter });
      expect(waiting!.error).toBe(`A impressora ${deadPrinter} não respondeu.`);
      await dueNow();
    }
    // The third silence moves it to the fallback printer, which prints it in the same round.
    expect(await t.app.printing.run()).toEqual({ printed: 1, failed: 0 });
    expect((await printer.waitFor(before + 1)).length).toBe(before + 1);
    const [done] = await t.app.db.select().from(printJobs);
    expect(done).toMatchObject({ status: 'PRINTED', printer: printer.address, printed_on: printer.address });
  });

  it("fails a job no printer takes: the items stay on the board, and 'Reimprimir' sends a marked copy", async () => {
    await setStation(floor.kitchen, { printer: deadPrinter });
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    for (let round = 1; round <= 3; round++) {
      await dueNow();
      await t.app.printing.run();
    }
    const [failed] = await jobs();
    expect(failed).toMatchObject({ status: 'FAILED', error: `A impressora ${deadPrinter} não respondeu.` });
    const list = await cook({ method: 'GET', url: '/api/print-jobs?status=FAILED' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.results).toMatchObject([
      { id: failed!.id, title: 'Cozinha · Mesa 1', kind: 'KITCHEN' },
    ]);

    // The printer back on: a reprint goes to the station's printer as it is set now.
    await setStation(floor.kitchen, { printer: printer.address });
    const before = printer.received.length;
    const again = await cook({ method: 'POST', url: `/api/print-jobs/id/${failed!.id}/reprint` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({
      reprint_of: failed!.id,
      status: 'PENDING',
      printer: printer.address,
    });
    await t.app.printing.run();
    const [copy] = (await printer.waitFor(before + 1)).slice(before);
    expect(copy!.text).toContain('*** REIMPRESSÃO ***');
    const [audit] = await t.app.db
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'reprint'));
    expect(audit).toEqual({ action: 'reprint', summary: 'Cozinha · Mesa 1 impresso de novo' });
    // Another store's staff can neither see nor reprint it.
    expect(
      (await otherStore({ method: 'POST', url: `/api/print-jobs/id/${failed!.id}/reprint` })).statusCode,
    ).toBe(404);
    expect((await otherStore({ method: 'GET', url: '/api/print-jobs' })).json().data.results).toEqual([]);
  });

  it('never prints again, after a restart, a job printed or one whose send was cut short', async () => {
    const before = printer.received.length;
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    const first = await t.instance();
    expect(await first.printing.run()).toEqual({ printed: 1, failed: 0 });
    // An instance that died with a job in its hands: claimed, its lease run out.
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    await t.app.db.execute(sql`
      update print_jobs set status = 'SENDING', lease = gen_random_uuid(), lease_until = now() - interval '1 second'
       where status = 'PENDING'`);
    await first.close();

    const restarted: FastifyInstance = await t.instance();
    expect(await restarted.printing.run()).toEqual({ printed: 0, failed: 1 });
    expect(await restarted.printing.run()).toEqual({ printed: 0, failed: 0 });
    expect((await printer.waitFor(before + 1)).length).toBe(before + 1);
    expect((await jobs()).map((job) => [job.status, job.error])).toEqual([
      ['PRINTED', null],
      ['FAILED', 'A impressão não foi confirmada: confira a impressora e reimprima se preciso.'],
    ]);
  });
});

describe('an agent’s queue (/api/print-jobs/claim, ack, release)', () => {
  beforeEach(async () => {
    // A station without a network printer: its tickets wait for an agent (a tablet beside a USB printer).
    await setStation(floor.kitchen, { printer: null });
  });

  it('hands a job to one agent at a time, and takes its acknowledgement once', async () => {
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    expect(await t.app.printing.run()).toEqual({ printed: 0, failed: 0 });
    const claimed = await cook({
      method: 'POST',
      url: '/api/print-jobs/claim',
      payload: { kinds: ['KITCHEN'] },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const job = claimed.json().data;
    expect(job).toMatchObject({ kind: 'KITCHEN', status: 'SENDING', title: 'Cozinha · Mesa 1' });
    expect(job.document.lines[0]).toEqual({ kind: 'title', text: 'Cozinha' });
    // Nothing else for a second agent; nothing for another store.
    expect(
      (await cook({ method: 'POST', url: '/api/print-jobs/claim', payload: {} })).json().data,
    ).toBeNull();
    expect(
      (await otherStore({ method: 'POST', url: '/api/print-jobs/claim', payload: {} })).json().data,
    ).toBeNull();

    const ack = (lease: string) =>
      cook({ method: 'POST', url: `/api/print-jobs/id/${job.id}/ack`, payload: { lease } });
    expect((await ack('6f1f7c1e-2a33-4c2e-9d0e-b5b1c7a05f43')).json()).toEqual({
      error: {
        message:
          'Esta impressão não está com você (ou o prazo para confirmá-la acabou): peça a próxima de novo.',
      },
    });
    const done = await ack(job.lease);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'PRINTED', printed_on: 'agente', lease: null });
    const twice = await ack(job.lease);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Esta impressão já foi confirmada.');
    expect(
      (
        await cook({ method: 'POST', url: `/api/print-jobs/id/${job.id}/ack`, payload: { lease: 'x' } })
      ).json().error.message,
    ).toBe('Informe a reserva recebida ao pegar a impressão. (campo lease)');
  });

  it('puts back a job the agent could not print, for the next claim', async () => {
    expect((await send([{ product_id: floor.dish }])).statusCode).toBe(201);
    const job = (await cook({ method: 'POST', url: '/api/print-jobs/claim', payload: {} })).json().data;
    const back = await cook({
      method: 'POST',
      url: `/api/print-jobs/id/${job.id}/release`,
      payload: { lease: job.lease },
    });
    expect(back.json().data).toMatchObject({ status: 'PENDING' });
    const again = (await cook({ method: 'POST', url: '/api/print-jobs/claim', payload: {} })).json().data;
    expect(again.id).toBe(job.id);
    expect(again.lease).not.toBe(job.lease);
  });
});

describe('the pre-bill on a printer (POST /api/orders/id/:id/prebill)', () => {
  it("prints the table's pre-bill on a station's printer, split as asked, and only in the caller's store", async () => {
    expect((await send([{ product_id: floor.dish }, { product_id: floor.drink }])).statusCode).toBe(201);
    await t.app.db.delete(printJobs);
    await setStation(floor.bar, { printer: printer.address, paper_width: 58 });
    // The table has split part of its bill: the pre-bill lists the shares.
    const split = await waiter({
      method: 'POST',
      url: `/api/orders/id/${tab}/shares`,
      payload: { mode: 'amounts', shares: [{ label: 'Ana (vinho)', amount: 1_000 }] },
    });
    expect(split.statusCode, split.body).toBe(201);
    const before = printer.received.length;
    const sent = await waiter({
      method: 'POST',
      url: `/api/orders/id/${tab}/prebill`,
      payload: { shares: 2, kitchen_id: floor.bar },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ kitchen: 'Bar' });
    expect(await t.app.printing.run()).toEqual({ printed: 1, failed: 0 });
    const [print] = (await printer.waitFor(before + 1)).slice(before);
    const lines = print!.text.split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(32);
    expect(print!.text).toContain('CONFERÊNCIA DE CONTA');
    expect(print!.text).toContain('Não é documento fiscal');
    expect(print!.text).toContain('Dividido por 2');
    expect(print!.text).toMatch(/Parte 2 +R\$ [\d.,]+/);
    expect(print!.text).toContain('Partes da conta');
    expect(print!.text).toMatch(/Ana \(vinho\) +R\$ 10,00/);
    await waiter({ method: 'DELETE', url: `/api/orders/id/${tab}/shares` });
    // Another store's station, or another store's tab: not found.
    const [other] = rows<{ id: number }>(
      await t.app.db.execute(sql`select id from kitchens where store_id <> ${floor.storeId} limit 1`),
    );
    const elsewhere = await waiter({
      method: 'POST',
      url: `/api/orders/id/${tab}/prebill`,
      payload: { shares: 1, kitchen_id: other!.id },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe('Cozinha não encontrada.');
    const theirs = await otherStore({
      method: 'POST',
      url: `/api/orders/id/${tab}/prebill`,
      payload: { shares: 1, kitchen_id: floor.bar },
    });
    expect(theirs.statusCode).toBe(404);
    const bad = await waiter({
      method: 'POST',
      url: `/api/orders/id/${tab}/prebill`,
      payload: { shares: 21, kitchen_id: floor.bar },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/^Informe em quantas partes dividir \(de 1 a 20\)\./);
  });
});

describe("a payment's receipt on a printer (POST /api/payments/id/:id/receipt)", () => {
  it("prints the receipt of a payment at the table on a station's printer, once the payment stands, in the caller's store only", async () => {
    await setStation(floor.bar, { printer: printer.address, paper_width: 80 });
    const manager = as(t.app, await login(t.app, demo.cantina));
    const paid = await manager({
      method: 'POST',
      url: '/api/payments/physical',
      payload: { order_id: tab, ticket_id: ticket, amount: 1_000, method: 'CASH' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [payment] = rows<{ id: number }>(
      await t.app.db.execute(sql`select max(id) as id from payments where order_id = ${tab}`),
    );
    const before = printer.received.length;
    const sent = await waiter({
      method: 'POST',
      url: `/api/payments/id/${payment!.id}/receipt`,
      payload: { kitchen_id: floor.bar },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ kitchen: 'Bar' });
    expect(await t.app.printing.run()).toEqual({ printed: 1, failed: 0 });
    const [print] = (await printer.waitFor(before + 1)).slice(before);
    expect(Math.max(...print!.text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(48);
    expect(print!.text).toContain('COMPROVANTE DE PAGAMENTO');
    expect(print!.text).toContain('Não é documento fiscal');
    expect(print!.text).toMatch(/Dinheiro +R\$ 10,00/);
    const [job] = rows<{ kind: string }>(
      await t.app.db.execute(sql`select kind from print_jobs order by id desc limit 1`),
    );
    expect(job!.kind).toBe('RECEIPT');

    // Another store's, a payment that is not there, one taken back: nothing printed.
    const theirs = await otherStore({
      method: 'POST',
      url: `/api/payments/id/${payment!.id}/receipt`,
      payload: { kitchen_id: floor.bar },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe('Pagamento não encontrado.');
    const removed = await manager({
      method: 'DELETE',
      url: `/api/payments/id/${payment!.id}`,
      payload: { reason: 'Lançado por engano' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await waiter({
      method: 'POST',
      url: `/api/payments/id/${payment!.id}/receipt`,
      payload: { kitchen_id: floor.bar },
    });
    expect([gone.statusCode, gone.json().error.message]).toEqual([
      409,
      'Este pagamento foi removido: não tem comprovante.',
    ]);
    const bad = await waiter({
      method: 'POST',
      url: `/api/payments/id/${payment!.id}/receipt`,
      payload: {},
    });
    expect([bad.statusCode, bad.json().error.message]).toEqual([
      400,
      'Escolha a impressora. (campo kitchen_id)',
    ]);
  });
});

describe('the station’s printer setting', () => {
  it('takes an address on the network and the paper, and refuses anything else in Portuguese', async () => {
    const manager = as(t.app, await login(t.app, demo.cantina));
    const saved = await manager({
      method: 'PATCH',
      url: `/api/kitchens/id/${floor.bar}`,
      payload: {
        name: 'Bar',
        printer: ' 192.168.0.50:9100 ',
        printer_fallback: '',
        paper_width: 58,
        auto_print: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      printer: '192.168.0.50:9100',
      printer_fallback: null,
      paper_width: 58,
      auto_print: true,
    });
    for (const payload of [
      { printer: 'http://impressora' },
      { printer: '192.168.0.50:99999' },
      { paper_width: 76 },
    ]) {
      const refused = await manager({
        method: 'PATCH',
        url: `/api/kitchens/id/${floor.bar}`,
        payload: { name: 'Bar', ...payload },
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.message).toMatch(/impressora|papel/);
    }
    const [bar] = rows<{ printer: string }>(
      await t.app.db.execute(sql`select printer from kitchens where id = ${floor.bar}`),
    );
    expect(bar!.printer).toBe('192.168.0.50:9100');
  });
});
