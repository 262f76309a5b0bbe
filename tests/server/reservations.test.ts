import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reservations, stores, tables } from '../../server/db/schema';
import { buildDemo } from '../../server/seed/build';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import { CODE_LETTERS } from '../../server/service/reservations';
import { PHONE_MESSAGE } from '../../contract/lib/fields';
import type { Reservation } from '../../contract/resources/reservations/definition';
import { saoPauloClock, saoPauloInstant } from '../../contract/resources/reservations/rules';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * Reservations (restaurant spec 2, 3, 4, 5, 7, 8, 9): made within the store's reservation hours
 * (Cantina Bella: Tuesday to Saturday 12:00–14:30 and 19:00–22:30, Sunday 12:00–15:30, none on
 * Monday), listed with the spec's filters, and moved through the states of spec 4 on the server —
 * plus the no-show and the table set aside, which the floor's cards show as the time nears.
 */

type Call = ReturnType<typeof as>;

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let waiter: Call;
let cantinaId: number;
let sertaoId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  const waiterAccount = { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' };
  await createAccount(t.database.db, { ...waiterAccount, role: 'WAITER', store_id: cantinaId });
  waiter = as(t.app, await login(t.app, waiterAccount));
});

afterAll(async () => {
  await t?.close();
});

/** The next `weekday` (0 Sunday … 6 Saturday) after today, at `time` São Paulo, `weeks` weeks later. */
function next(weekday: number, time: string, weeks = 0): string {
  const now = Date.now();
  for (let days = 1; days <= 7; days++) {
    const day = saoPauloClock(new Date(now + days * 86_400_000));
    if (day.weekday === weekday) {
      const date = new Date(`${day.day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + weeks * 7);
      return saoPauloInstant(date.toISOString().slice(0, 10), time)!.toISOString();
    }
  }
  throw new Error('no such weekday');
}

const TUESDAY = 2;
let serial = 0;
const guest = (over: Record<string, unknown> = {}) => ({
  fullname: `Convidada ${++serial}`,
  phone: '(11) 98765-4321',
  n_persons: 4,
  date: next(TUESDAY, '20:00'),
  ...over,
});

async function create(call: Call, payload: Record<string, unknown>): Promise<Reservation> {
  const response = await call({ method: 'POST', url: '/api/reservations', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Reservation }>().data;
}

const patch = (call: Call, id: number, payload: Record<string, unknown>) =>
  call({ method: 'PATCH', url: `/api/reservations/id/${id}`, payload });

async function list(call: Call, query = ''): Promise<{ results: Reservation[]; total: number }> {
  const response = await call({ method: 'GET', url: `/api/reservations${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: Reservation[]; total: number } }>().data;
}

const countOf = async (store: number) =>
  (await t.app.db.select({ id: reservations.id }).from(reservations).where(eq(reservations.store_id, store)))
    .length;

/** A reservation written straight into the database (a time the API would refuse: today, the past). */
async function insert(values: Partial<typeof reservations.$inferInsert> & { date: Date }) {
  const [row] = await t.app.db
    .insert(reservations)
    .values({
      store_id: cantinaId,
      code: `T${String(++serial).padStart(5, '0')}`,
      fullname: `Direta ${serial}`,
      phone: '11987654321',
      n_persons: 2,
      ...values,
    })
    .returning({ id: reservations.id });
  return row!.id;
}

async function table(store: number, number: number): Promise<number> {
  const [row] = await t.app.db
    .insert(tables)
    .values({ store_id: store, number, name: `Mesa ${number}` })
    .returning({ id: tables.id });
  return row!.id;
}

describe('POST /api/reservations', () => {
  it("makes a waiting reservation in the staff's store, with a code of its own and the phone's digits", async () => {
    const date = next(TUESDAY, '19:00');
    const made = await create(cantina, {
      fullname: '  Maria Fernandes ',
      phone: '(11) 98765-4321',
      n_persons: '6',
      date,
      observations: 'Aniversário, mesa perto da janela',
      store_id: sertaoId,
    });
    expect(made).toMatchObject({
      store_id: cantinaId,
      fullname: 'Maria Fernandes',
      phone: '11987654321',
      n_persons: 6,
      date: new Date(date).toISOString(),
      observations: 'Aniversário, mesa perto da janela',
      status: 'CREATED',
      table_id: null,
      table_number: null,
      customer_id: null,
    });
    expect(made.code).toMatch(new RegExp(`^[${CODE_LETTERS}]{6}$`));
    const other = await create(cantina, guest());
    expect(other.code).not.toBe(made.code);
  });

  it("takes every role of the store's team, and an administrator naming the store", async () => {
    expect((await create(waiter, guest())).store_id).toBe(cantinaId);
    const refused = await admin({ method: 'POST', url: '/api/reservations', payload: guest() });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Informe o restaurante (store_id).');
    // Sabor do Sertão takes reservations every day, 11:30–14:30 and 18:00–21:30.
    const made = await create(admin, guest({ store_id: sertaoId, date: next(TUESDAY, '18:00') }));
    expect(made.store_id).toBe(sertaoId);
  });

  it('refuses a time outside the reservation hours of its weekday, São Paulo time, and makes nothing', async () => {
    const before = await countOf(cantinaId);
    const cases: [string, string][] = [
      [next(1, '20:00'), 'Não há horários de reserva na segunda-feira.'],
      [
        next(TUESDAY, '16:00'),
        'Fora do horário de reservas. Horários de reserva na terça-feira: 12:00 às 14:30 e 19:00 às 22:30.',
      ],
      // The end of a period is when the last table is left, not a time to book.
      [
        next(TUESDAY, '22:30'),
        'Fora do horário de reservas. Horários de reserva na terça-feira: 12:00 às 14:30 e 19:00 às 22:30.',
      ],
      [next(0, '18:00'), 'Fora do horário de reservas. Horários de reserva no domingo: 12:00 às 15:30.'],
      // Monday 22:00 in São Paulo is Tuesday 01:00 UTC: the weekday and the hour are São Paulo's.
      [next(1, '22:00'), 'Não há horários de reserva na segunda-feira.'],
      [new Date(Date.now() - 60_000).toISOString(), 'Escolha uma data e um horário que ainda não passaram.'],
      [next(TUESDAY, '20:00', 60), 'As reservas podem ser feitas com até um ano de antecedência.'],
    ];
    for (const [date, message] of cases) {
      const response = await cantina({ method: 'POST', url: '/api/reservations', payload: guest({ date }) });
      expect(response.statusCode, date).toBe(400);
      expect(errorOf(response), date).toBe(message);
    }
    // Its start is.
    await create(cantina, guest({ date: next(0, '12:00') }));
    expect(await countOf(cantinaId)).toBe(before + 1);
  });

  it('refuses every reservation while the store takes none', async () => {
    await t.app.db.update(stores).set({ reservations: false }).where(eq(stores.id, cantinaId));
    try {
      const response = await cantina({ method: 'POST', url: '/api/reservations', payload: guest() });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toBe('Este restaurante não está aceitando reservas no momento.');
    } finally {
      await t.app.db.update(stores).set({ reservations: true }).where(eq(stores.id, cantinaId));
    }
  });

  it('refuses bad fields with the words the form shows', async () => {
    const before = await countOf(cantinaId);
    const cases: [Record<string, unknown>, string][] = [
      [guest({ fullname: '   ' }), 'Informe o nome completo.'],
      [guest({ phone: '1234' }), PHONE_MESSAGE],
      [guest({ phone: undefined }), 'Campo obrigatório'],
      [guest({ n_persons: 0 }), 'Informe o número de pessoas (de 1 a 100).'],
      [guest({ n_persons: 2.5 }), 'Informe o número de pessoas (de 1 a 100).'],
      [guest({ n_persons: 101 }), 'Informe o número de pessoas (de 1 a 100).'],
      [guest({ date: '2026-05-01 20:00' }), 'Informe a data e o horário da reserva.'],
      [guest({ status: 'CONFIRMED' }), 'status'],
      [guest({ code: 'AAAAAA' }), 'code'],
    ];
    for (const [payload, message] of cases) {
      const response = await cantina({ method: 'POST', url: '/api/reservations', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toContain(message);
    }
    expect(await countOf(cantinaId)).toBe(before);
  });
});

describe('GET /api/reservations', () => {
  let night: Reservation;
  let lunch: Reservation;
  let later: Reservation;
  beforeAll(async () => {
    await t.app.db.delete(reservations);
    night = await create(cantina, {
      fullname: 'Júlia Araújo',
      phone: '11912345678',
      n_persons: 2,
      date: next(TUESDAY, '21:00'),
    });
    lunch = await create(cantina, {
      fullname: 'Pedro Lima',
      phone: '21987654321',
      n_persons: 3,
      date: next(TUESDAY, '12:30'),
    });
    later = await create(cantina, {
      fullname: 'Ana Julia Souza',
      phone: '11933334444',
      n_persons: 5,
      date: next(TUESDAY, '19:00', 1),
    });
    await create(sertao, guest({ fullname: 'Julia do Sertão', date: next(TUESDAY, '18:30') }));
  });
  const names = (page: { results: Reservation[] }) => page.results.map((r) => r.fullname);

  it("lists the store's own reservations by date, 50 at a time (offset, limit), with the total", async () => {
    const page = await list(cantina);
    expect(names(page)).toEqual(['Pedro Lima', 'Júlia Araújo', 'Ana Julia Souza']);
    expect(page.total).toBe(3);
    expect(names(await list(cantina, '?offset=1&limit=1'))).toEqual(['Júlia Araújo']);
    expect(names(await list(sertao))).toEqual(['Julia do Sertão']);
    expect((await list(admin)).total).toBe(4);
    expect(names(await list(admin, `?store_id=${sertaoId}`))).toEqual(['Julia do Sertão']);
    const pages = await cantina({ method: 'GET', url: '/api/reservations?page=1' });
    expect(pages.statusCode).toBe(400);
  });

  it("sorts as the spec's client asks (sort=1, sort=-1) and by sort_order", async () => {
    expect(names(await list(cantina, '?sort=1'))).toEqual(['Pedro Lima', 'Júlia Araújo', 'Ana Julia Souza']);
    expect(names(await list(cantina, '?sort=-1'))).toEqual(['Ana Julia Souza', 'Júlia Araújo', 'Pedro Lima']);
    expect(names(await list(cantina, '?sort_field=date&sort_order=DESC'))).toEqual([
      'Ana Julia Souza',
      'Júlia Araújo',
      'Pedro Lima',
    ]);
    const wrong = await cantina({ method: 'GET', url: '/api/reservations?sort=2' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toContain('Ordem inválida: use sort=1 (data crescente) ou sort=-1.');
  });

  it('searches name (without accents), phone (as typed) and code', async () => {
    expect(names(await list(cantina, '?search=julia'))).toEqual(['Júlia Araújo', 'Ana Julia Souza']);
    expect(names(await list(cantina, `?search=${encodeURIComponent('(21) 98765')}`))).toEqual(['Pedro Lima']);
    expect(names(await list(cantina, `?search=${later.code.toLowerCase()}`))).toEqual(['Ana Julia Souza']);
    expect((await list(cantina, '?search=Sert')).total).toBe(0);
  });

  it('filters São Paulo days (both included), the status, and the day (before 18h) or night', async () => {
    const day = saoPauloClock(new Date(night.date)).day;
    expect(names(await list(cantina, `?start_at=${day}&end_at=${day}`))).toEqual([
      'Pedro Lima',
      'Júlia Araújo',
    ]);
    expect(names(await list(cantina, `?start_at=${saoPauloClock(new Date(later.date)).day}`))).toEqual([
      'Ana Julia Souza',
    ]);
    expect(names(await list(cantina, '?period=night'))).toEqual(['Júlia Araújo', 'Ana Julia Souza']);
    expect(names(await list(cantina, '?period=day'))).toEqual(['Pedro Lima']);
    await patch(cantina, lunch.id, { status: 'CONFIRMED' });
    expect(names(await list(cantina, '?status=CONFIRMED'))).toEqual(['Pedro Lima']);
    expect(names(await list(cantina, '?status=CREATED&period=night&search=ana'))).toEqual([
      'Ana Julia Souza',
    ]);

    for (const [query, message] of [
      ['?period=evening', 'Período inválido'],
      ['?status=WAITING', 'Valor inválido para Status'],
      [`?start_at=${day}&end_at=2020-01-01`, 'A data inicial não pode ser depois da data final.'],
    ]) {
      const response = await cantina({ method: 'GET', url: `/api/reservations${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response)).toContain(message);
    }
  });

  it('exports what the list shows as CSV', async () => {
    const response = await cantina({ method: 'GET', url: '/api/reservations?format=csv&period=night' });
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('Data;Nome;Telefone;Pessoas;Código;Status;Mesa;Observações;E-mail;Criada em');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Júlia Araújo;(11) 91234-5678;2;');
  });

  it("reads one reservation, and answers 404 for another store's", async () => {
    const one = await cantina({ method: 'GET', url: `/api/reservations/id/${night.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.fullname).toBe('Júlia Araújo');
    const other = await sertao({ method: 'GET', url: `/api/reservations/id/${night.id}` });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other)).toBe('Reserva não encontrada.');
  });
});

describe('PATCH /api/reservations/id/{id}: the states of spec 4', () => {
  const statusOf = async (id: number) =>
    (await t.app.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  it('confirms a waiting reservation; confirming it again only says so, and changes nothing', async () => {
    const made = await create(cantina, guest());
    const confirmed = await patch(waiter, made.id, { status: 'CONFIRMED' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ id: made.id, status: 'CONFIRMED' });
    expect(confirmed.json().data.info).toBeUndefined();
    const stored = await statusOf(made.id);

    const again = await patch(cantina, made.id, { status: 'CONFIRMED' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      status: 'CONFIRMED',
      info: 'Esta reserva já está confirmada.',
    });
    expect(await statusOf(made.id)).toEqual(stored);
  });

  it('refuses to cancel a confirmed reservation, and to confirm a cancelled one, with the spec’s words', async () => {
    const confirmed = await create(cantina, guest());
    await patch(cantina, confirmed.id, { status: 'CONFIRMED' });
    const refused = await patch(cantina, confirmed.id, { status: 'CANCELLED' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('Não é possível cancelar uma reserva confirmada!');
    expect((await statusOf(confirmed.id)).status).toBe('CONFIRMED');

    const cancelled = await create(cantina, guest());
    const done = await patch(cantina, cancelled.id, { status: 'CANCELLED' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('CANCELLED');
    const confirm = await patch(cantina, cancelled.id, { status: 'CONFIRMED' });
    expect(confirm.statusCode).toBe(409);
    expect(errorOf(confirm)).toBe('Não é possível confirmar uma reserva cancelada!');
    const again = await patch(cantina, cancelled.id, { status: 'CANCELLED' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.info).toBe('Esta reserva já está cancelada.');
    expect((await statusOf(cancelled.id)).status).toBe('CANCELLED');
  });

  it('confirms or cancels one the store could not take (UNAVAILABLE)', async () => {
    const id = await insert({ date: new Date(next(TUESDAY, '20:00')), status: 'UNAVAILABLE' });
    expect((await patch(cantina, id, { status: 'CONFIRMED' })).json().data.status).toBe('CONFIRMED');
  });

  it('serves two tablets acting at once one after the other: one confirms, the other is refused', async () => {
    const made = await create(cantina, guest());
    const answers = await Promise.all([
      patch(cantina, made.id, { status: 'CONFIRMED' }),
      patch(waiter, made.id, { status: 'CANCELLED' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const final = (await statusOf(made.id)).status;
    expect(errorOf(answers.find((a) => a.statusCode === 409)!)).toBe(
      final === 'CONFIRMED'
        ? 'Não é possível cancelar uma reserva confirmada!'
        : 'Não é possível confirmar uma reserva cancelada!',
    );
  });

  it('marks a no-show only on a confirmed reservation whose time has passed, and frees its table', async () => {
    const tableId = await table(cantinaId, 31);
    const past = await insert({
      date: new Date(Date.now() - 45 * 60_000),
      status: 'CONFIRMED',
      table_id: tableId,
    });
    const future = await insert({ date: new Date(Date.now() + 45 * 60_000), status: 'CONFIRMED' });
    const waiting = await insert({ date: new Date(Date.now() - 45 * 60_000) });

    const early = await patch(cantina, future, { status: 'NO_SHOW' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe('O não comparecimento só pode ser registrado depois do horário da reserva.');
    const unconfirmed = await patch(cantina, waiting, { status: 'NO_SHOW' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(errorOf(unconfirmed)).toBe('Só uma reserva confirmada pode ser marcada como não compareceu.');

    const marked = await patch(cantina, past, { status: 'NO_SHOW' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ status: 'NO_SHOW', table_id: null, table_number: null });
    expect((await patch(cantina, past, { status: 'NO_SHOW' })).json().data.info).toBe(
      'O não comparecimento desta reserva já foi registrado.',
    );
    for (const status of ['CONFIRMED', 'CANCELLED']) {
      const closed = await patch(cantina, past, { status });
      expect(closed.statusCode).toBe(409);
      expect(errorOf(closed)).toBe(
        'Esta reserva foi encerrada como não compareceu e não pode mais ser alterada.',
      );
    }
  });

  it('refuses a change it does not know, or none, and another store’s reservation', async () => {
    const made = await create(cantina, guest());
    for (const [payload, message] of [
      [{ status: 'CREATED' }, 'Status inválido: use CONFIRMED, CANCELLED ou NO_SHOW.'],
      [{}, 'Informe o status ou a mesa da reserva.'],
      [{ fullname: 'Outro nome' }, 'fullname'],
    ] as const) {
      const response = await patch(cantina, made.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toContain(message);
    }
    const other = await patch(sertao, made.id, { status: 'CANCELLED' });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other)).toBe('Reserva não encontrada.');
    expect((await statusOf(made.id)).status).toBe('CREATED');
    const missing = await patch(cantina, 999_999, { status: 'CONFIRMED' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a table set aside for a confirmed reservation', () => {
  let five: number;
  let six: number;
  let sertaoTable: number;
  beforeAll(async () => {
    five = await table(cantinaId, 5);
    six = await table(cantinaId, 6);
    sertaoTable = await table(sertaoId, 5);
  });

  it('is given to a confirmed reservation only, of a table of its store, and released with null', async () => {
    const made = await create(cantina, guest());
    const waiting = await patch(cantina, made.id, { table_id: five });
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting)).toBe('Só uma reserva confirmada pode ter uma mesa reservada.');

    const confirmed = await patch(cantina, made.id, { status: 'CONFIRMED', table_id: five });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'CONFIRMED', table_id: five, table_number: 5 });

    const foreign = await patch(cantina, made.id, { table_id: sertaoTable });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Mesa não encontrada.');

    const moved = await patch(cantina, made.id, { table_id: six });
    expect(moved.json().data.table_number).toBe(6);
    const released = await patch(cantina, made.id, { table_id: null });
    expect(released.json().data).toMatchObject({ table_id: null, table_number: null, status: 'CONFIRMED' });
  });

  it('is not given to two confirmed reservations less than two hours apart', async () => {
    const first = await create(cantina, guest({ fullname: 'Helena Rocha', date: next(TUESDAY, '19:30', 2) }));
    const second = await create(cantina, guest({ date: next(TUESDAY, '21:00', 2) }));
    const third = await create(cantina, guest({ date: next(TUESDAY, '12:00', 2) }));
    for (const r of [first, second, third]) await patch(cantina, r.id, { status: 'CONFIRMED' });
    expect((await patch(cantina, first.id, { table_id: six })).statusCode).toBe(200);
    const taken = await patch(cantina, second.id, { table_id: six });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe('A mesa 6 já está reservada para Helena Rocha às 19:30.');
    expect((await patch(cantina, third.id, { table_id: six })).statusCode).toBe(200);
  });

  it("shows on the floor's read from today, and moves the floor's version", async () => {
    const tableId = await table(cantinaId, 40);
    const floor = async (etag?: string) =>
      cantina({ method: 'GET', url: '/api/tables', headers: etag ? { 'if-none-match': etag } : {} });
    // The table was written outside the app too: wait until the floor's tag holds (its notice read).
    let etag: string | undefined;
    await expect
      .poll(async () => {
        const response = await floor(etag);
        if (response.statusCode === 200) etag = response.headers.etag as string;
        return response.statusCode;
      })
      .toBe(304);

    const soon = new Date(Date.now() + 20 * 60_000);
    const id = await insert({ date: soon, status: 'CONFIRMED', fullname: 'Rafael Costa', n_persons: 3 });
    // Written outside the app: on PostgreSQL the instance learns the new version from the notice,
    // which arrives a moment after the commit.
    await expect.poll(async () => (await floor(etag)).statusCode).toBe(200);
    expect(await patch(cantina, id, { table_id: tableId })).toHaveProperty('statusCode', 200);
    // A cancelled one, and one of another day, are not the floor's.
    await insert({ date: soon, status: 'CANCELLED', table_id: tableId });
    await insert({ date: new Date(Date.now() + 3 * 86_400_000), status: 'CONFIRMED', table_id: tableId });

    const read = (await floor()).json<{ data: { results: { id: number; reservations: unknown[] }[] } }>();
    const card = read.data.results.find((row) => row.id === tableId)!;
    expect(card.reservations).toEqual([
      { id, fullname: 'Rafael Costa', n_persons: 3, date: soon.toISOString(), code: expect.any(String) },
    ]);
    expect(read.data.results.find((row) => row.id === five)!.reservations).toEqual([]);
  });
});

describe('the demo', () => {
  it('has no-shows among past confirmed reservations, and a table for each of today’s confirmed ones', () => {
    // Friday 16:00 in São Paulo: tonight's confirmed reservations are still to come.
    const now = new Date('2026-03-13T19:00:00.000Z');
    const plan = buildDemo(now, 'full', DEMO_ACCOUNTS);
    const rows = plan.steps
      .filter((step) => step.table === reservations)
      .flatMap((step) => step.rows) as (typeof reservations.$inferInsert)[];
    const tableStores = new Map(
      (
        plan.steps.filter((step) => step.table === tables).flatMap((step) => step.rows) as {
          id: number;
          store_id: number;
        }[]
      ).map((row) => [row.id, row.store_id]),
    );
    const noShows = rows.filter((row) => row.status === 'NO_SHOW');
    expect(noShows.length).toBeGreaterThan(0);
    expect(noShows.every((row) => row.date < now)).toBe(true);
    const held = rows.filter((row) => row.table_id != null);
    const today = saoPauloClock(now).day;
    expect(held.length).toBeGreaterThan(0);
    for (const row of held) {
      expect(row.status).toBe('CONFIRMED');
      expect(saoPauloClock(row.date).day).toBe(today);
      expect(tableStores.get(row.table_id!)).toBe(row.store_id);
    }
    expect(new Set(held.map((row) => row.table_id)).size).toBe(held.length);
    // The same day gives the same demo.
    const again = buildDemo(now, 'full', DEMO_ACCOUNTS)
      .steps.filter((step) => step.table === reservations)
      .flatMap((step) => step.rows);
    expect(again).toEqual(rows);
  });
});
