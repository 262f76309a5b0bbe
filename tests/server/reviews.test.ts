import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { customers, reviews } from '../../server/db/schema';
import { placeItems } from '../../server/service/guests';
import {
  ANSWER_MAX,
  REVIEW_MESSAGES,
  type Review,
  type ReviewSummary,
} from '../../contract/resources/reviews/definition';
import { as, createAccount, errorOf, login } from './helpers';
import { newGuests, openService, seatAndOrder, type ServiceApp } from './service-fixtures';

/**
 * Reviews (restaurant spec 2 "Reviews", 3 Review and Customer detail, 6, 7, 9): the list by
 * offset and limit 50, newest first, in the caller's store whatever it sends (an administrator
 * names one), its filters, the summary that heads the screen, the restaurant's answer, and the
 * customer screen a review opens (its stats without SAVED items, and nothing staff may not see).
 */

type Call = ReturnType<typeof as>;
type Page = { results: Review[]; total: number };

const HOUR = 3_600_000;
const MANAGERS_ONLY = 'Sua função não tem a permissão "Avaliações". Peça a um gerente do restaurante.';

let s: ServiceApp;
let waiter: Call;
let cantinaId: number;
let sertaoId: number;
/** Cantina Bella's guests: the first sat, ordered and left a cart; each reviewed. */
let guests: number[];
/** A customer who reviewed Cantina Bella and never visited it. */
let reviewerOnly: number;
/** Cantina Bella's seven recent reviews, newest first, by rating. */
const recent: { id: number; rating: number }[] = [];
let sertaoReviews: number[];

async function list(call: Call, query = ''): Promise<Page> {
  const response = await call({ method: 'GET', url: `/api/reviews${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Page }>().data;
}

async function summary(call: Call, query = ''): Promise<ReviewSummary> {
  const response = await call({ method: 'GET', url: `/api/reviews/summary${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ReviewSummary }>().data;
}

const answer = (call: Call, id: number, payload: unknown) =>
  call({ method: 'PATCH', url: `/api/reviews/id/${id}`, payload: payload as Record<string, unknown> });

async function stored(id: number) {
  const [row] = await s.t.app.db.select().from(reviews).where(eq(reviews.id, id));
  return row!;
}

beforeAll(async () => {
  s = await openService([1, 2]);
  const db = s.t.app.db;
  cantinaId = s.floor.storeId;
  sertaoId = s.other.storeId;
  const account = { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' };
  await createAccount(db, { ...account, role: 'WAITER', store_id: cantinaId });
  waiter = as(s.t.app, await login(s.t.app, account));

  guests = await newGuests(db, 3);
  reviewerOnly = (await newGuests(db, 1))[0]!;
  await db
    .update(customers)
    .set({ profile_picture: '/uploads/demo/customers/1.svg', phone: '11987654321' })
    .where(inArray(customers.id, [...guests, reviewerOnly]));
  // The first guest's tab: a dish ordered, a drink still in the cart (SAVED).
  const tab = await seatAndOrder(db, s.floor, 1, [
    { customerId: guests[0]!, items: [{ productId: s.floor.dish, quantity: 2 }] },
  ]);
  await db.transaction((tx) =>
    placeItems(tx, cantinaId, tab, guests[0]!, [{ productId: s.floor.drink }], 'SAVED'),
  );

  const now = Date.now();
  // Fifty older four-star reviews, then seven recent ones (newest first: 5, 5, 4, 3, 1, 5, 2).
  await db.insert(reviews).values(
    Array.from({ length: 50 }, (_, i) => ({
      store_id: cantinaId,
      customer_id: guests[i % 3]!,
      rating: 4,
      text: `Avaliação antiga ${i + 1}`,
      created_at: new Date(now - (10 * 24 + i) * HOUR),
    })),
  );
  const ratings = [5, 5, 4, 3, 1, 5, 2];
  for (const [i, rating] of ratings.entries()) {
    const [row] = await db
      .insert(reviews)
      .values({
        store_id: cantinaId,
        customer_id: i === 4 ? reviewerOnly : guests[i % 3]!,
        rating,
        text: i === 3 ? '' : `Comentário ${i + 1}`,
        created_at: new Date(now - (i + 1) * HOUR),
      })
      .returning({ id: reviews.id });
    recent.push({ id: row!.id, rating });
  }
  sertaoReviews = (
    await db
      .insert(reviews)
      .values([
        { store_id: sertaoId, customer_id: guests[1]!, rating: 4, text: 'Baião de dois ótimo' },
        { store_id: sertaoId, customer_id: guests[2]!, rating: 1, text: 'Demorou demais' },
      ])
      .returning({ id: reviews.id })
  ).map((row) => row.id);
});

afterAll(async () => {
  await s?.t.close();
});

describe('GET /api/reviews', () => {
  it("lists staff's own store newest first, 50 a page by offset and limit, whatever store they send", async () => {
    const page = await list(s.cantina);
    expect(page.total).toBe(57);
    expect(page.results).toHaveLength(50);
    expect(page.results.slice(0, 7).map((review) => review.id)).toEqual(recent.map((review) => review.id));
    expect(page.results.every((review) => review.store_id === cantinaId)).toBe(true);

    const next = await list(s.cantina, '?offset=50&limit=50');
    expect(next.total).toBe(57);
    expect(next.results.map((review) => review.text)).toEqual(
      Array.from({ length: 7 }, (_, i) => `Avaliação antiga ${44 + i}`),
    );
    const middle = await list(s.cantina, '?offset=2&limit=3');
    expect(middle.results.map((review) => review.id)).toEqual(recent.slice(2, 5).map((review) => review.id));

    // Another store's id changes nothing for staff.
    const asked = await list(s.cantina, `?store_id=${sertaoId}`);
    expect(asked.total).toBe(57);
    expect((await list(s.sertao)).results.map((review) => review.id).sort()).toEqual(
      [...sertaoReviews].sort(),
    );
  });

  it('gives each review its author without what staff may not see, and no answer yet', async () => {
    const [first] = (await list(waiter, '?limit=1')).results;
    expect(first).toEqual({
      id: recent[0]!.id,
      store_id: cantinaId,
      store_name: 'Cantina Bella',
      rating: 5,
      text: 'Comentário 1',
      created_at: expect.any(String),
      customer: {
        id: guests[0],
        name: expect.stringMatching(/^Convidado \d+$/),
        username: expect.stringMatching(/^convidado\d+$/),
        profile_picture: '/uploads/demo/customers/1.svg',
      },
      answer: null,
      answered_at: null,
      answered_by: null,
    });
  });

  it('lets an administrator see every store, or the one named', async () => {
    expect((await list(s.admin)).total).toBe(59);
    const sertao = await list(s.admin, `?store_id=${sertaoId}`);
    expect(sertao.total).toBe(2);
    expect(sertao.results.map((review) => review.store_name)).toEqual(['Sabor do Sertão', 'Sabor do Sertão']);
    const refused = await s.admin({ method: 'GET', url: '/api/reviews?store_id=abc' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('Restaurante inválido. (campo store_id)');
  });

  it('filters by rating, by answer and by customer, and refuses a filter it cannot read', async () => {
    const fives = await list(s.cantina, '?rating=5');
    expect(fives.total).toBe(3);
    expect(fives.results.every((review) => review.rating === 5)).toBe(true);
    expect((await list(s.cantina, '?answered=no')).total).toBe(57);
    expect((await list(s.cantina, '?answered=yes')).total).toBe(0);
    const byReviewer = await list(s.cantina, `?customer_id=${reviewerOnly}`);
    expect(byReviewer.results.map((review) => review.id)).toEqual([recent[4]!.id]);

    for (const [query, message] of [
      ['rating=6', `${REVIEW_MESSAGES.ratingInvalid} (campo rating)`],
      ['rating=cinco', `${REVIEW_MESSAGES.ratingInvalid} (campo rating)`],
      ['answered=talvez', `${REVIEW_MESSAGES.answeredInvalid} (campo answered)`],
      ['sort_field=rating', 'Campo de ordenação inválido. (campo sort_field)'],
    ] as const) {
      const refused = await s.cantina({ method: 'GET', url: `/api/reviews?${query}` });
      expect(refused.statusCode, query).toBe(400);
      expect(errorOf(refused), query).toBe(message);
    }
  });

  it('exports the filtered list as CSV with the author and the answer', async () => {
    const response = await s.cantina({ method: 'GET', url: '/api/reviews?format=csv&rating=1' });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nota;Comentário;Cliente;Data;Resposta;Respondida em;Restaurante');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^1;Comentário 5;Convidado \d+;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};;;Cantina Bella$/,
    );
  });
});

describe('GET /api/reviews/summary', () => {
  it("gives the average and the distribution of the caller's store, whatever store staff send", async () => {
    const cantina = await summary(s.cantina, `?store_id=${sertaoId}`);
    // 50 × 4 + (5 + 5 + 4 + 3 + 1 + 5 + 2) = 225 over 57.
    expect(cantina).toEqual({
      total: 57,
      average: 3.95,
      distribution: [
        { rating: 5, total: 3 },
        { rating: 4, total: 51 },
        { rating: 3, total: 1 },
        { rating: 2, total: 1 },
        { rating: 1, total: 1 },
      ],
      unanswered: 57,
    });
    expect(await summary(waiter)).toEqual(cantina);
  });

  it('gives an administrator the store named, every store, or nothing for a store without reviews', async () => {
    expect(await summary(s.admin, `?store_id=${sertaoId}`)).toMatchObject({ total: 2, average: 2.5 });
    expect((await summary(s.admin)).total).toBe(59);
    expect(await summary(s.admin, '?store_id=999999')).toEqual({
      total: 0,
      average: null,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, total: 0 })),
      unanswered: 0,
    });
  });
});

describe('PATCH /api/reviews/id/{id}: the restaurant answers', () => {
  it('publishes the answer trimmed, with who answered and when, and the list and summary show it', async () => {
    const target = recent[4]!.id; // the one-star review
    const before = Date.now();
    const response = await answer(s.cantina, target, {
      answer: '  Sentimos muito. Vamos ligar para você.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<{ data: Review }>().data;
    expect(answered).toMatchObject({
      id: target,
      rating: 1,
      answer: 'Sentimos muito. Vamos ligar para você.',
      answered_by: { id: expect.any(Number), name: 'Giulia Romano' },
    });
    expect(Date.parse(answered.answered_at!)).toBeGreaterThanOrEqual(before - 1000);

    expect((await list(s.cantina, '?answered=yes')).results.map((review) => review.id)).toEqual([target]);
    expect((await summary(s.cantina)).unanswered).toBe(56);
  });

  it('replaces the answer and its time when answered again, and removes it when empty or null', async () => {
    const target = recent[0]!.id;
    await answer(s.cantina, target, { answer: 'Obrigado!' });
    const first = await stored(target);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await answer(s.cantina, target, { answer: 'Obrigado pela visita!' });
    expect(again.statusCode).toBe(200);
    const second = await stored(target);
    expect(second.answer).toBe('Obrigado pela visita!');
    expect(second.answered_at!.getTime()).toBeGreaterThan(first.answered_at!.getTime());

    for (const removal of [{ answer: '' }, { answer: '   ' }, { answer: null }]) {
      await answer(s.cantina, target, { answer: 'De novo' });
      const removed = await answer(s.cantina, target, removal);
      expect(removed.statusCode, JSON.stringify(removal)).toBe(200);
      expect(removed.json<{ data: Review }>().data).toMatchObject({
        answer: null,
        answered_at: null,
        answered_by: null,
      });
      expect(await stored(target)).toMatchObject({ answer: null, answered_at: null, answered_by: null });
    }
  });

  it('takes up to 2000 characters and refuses anything else with a clear message, changing nothing', async () => {
    const target = recent[1]!.id;
    const longest = 'a'.repeat(ANSWER_MAX);
    expect((await answer(s.cantina, target, { answer: longest })).statusCode).toBe(200);
    for (const [payload, message] of [
      [{ answer: 'a'.repeat(ANSWER_MAX + 1) }, REVIEW_MESSAGES.answerTooLong],
      [{}, REVIEW_MESSAGES.answerInvalid],
      [{ answer: 5 }, REVIEW_MESSAGES.answerInvalid],
    ] as const) {
      const refused = await answer(s.cantina, target, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(refused)).toBe(`${message} (campo answer)`);
    }
    const extra = await answer(s.cantina, target, { answer: 'Oi', rating: 5 });
    expect(extra.statusCode).toBe(400);
    expect(await stored(target)).toMatchObject({ answer: longest, rating: 5 });
  });

  it("is the store's managers': a waiter is refused, another store's manager finds nothing", async () => {
    const target = recent[2]!.id;
    const refused = await answer(waiter, target, { answer: 'Valeu!' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(MANAGERS_ONLY);

    const elsewhere = await answer(s.sertao, target, { answer: 'Invadido' });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(REVIEW_MESSAGES.notFound);
    expect((await answer(s.cantina, 999_999, { answer: 'Oi' })).statusCode).toBe(404);
    expect(await stored(target)).toMatchObject({ answer: null, answered_at: null });

    // An administrator answers any store's review, in their own name.
    const byAdmin = await answer(s.admin, sertaoReviews[1]!, { answer: 'Vamos verificar.' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<{ data: Review }>().data.answered_by?.name).toBe('Administrador Painel');
  });
});

describe('the customer screen a review opens (GET /api/customers/id/{id}?include=stats)', () => {
  it("shows staff the author's picture, name, e-mail, username and their store's stats, SAVED items left out", async () => {
    const response = await s.cantina({ method: 'GET', url: `/api/customers/id/${guests[0]}?include=stats` });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    for (const hidden of ['phone', 'cpf', 'gender', 'birthdate', 'age', 'info'])
      expect(data, hidden).not.toHaveProperty(hidden);
    expect(data).toMatchObject({
      profile_picture: '/uploads/demo/customers/1.svg',
      email: expect.any(String),
    });
    const stats = data.stats as { visits: number; lastTicket: { store_id: number; items: unknown[] } };
    expect(stats.visits).toBe(1);
    expect(stats.lastTicket.store_id).toBe(cantinaId);
    expect(stats.lastTicket.items).toEqual([
      { name: 'Risoto de cogumelos', quantity: 2, product_price: 5000 },
    ]);
  });

  it('opens for staff a customer whose only tie to the store is a review, and no other store', async () => {
    const url = `/api/customers/id/${reviewerOnly}?include=stats`;
    const own = await s.cantina({ method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: { stats: unknown } }>().data.stats).toEqual({ lastTicket: null, visits: 0 });
    expect((await s.sertao({ method: 'GET', url })).statusCode).toBe(404);
  });
});
