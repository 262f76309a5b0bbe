import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkins, customers, reservations, reviews, tickets } from '../../server/db/schema';
import { formatDateTime, maskCpf } from '../../contract/lib/format';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';
import type { Customer } from '../../contract/resources/customers/definition';

describe('customers API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let cantina: ReturnType<typeof as>;
  let anonymous: ReturnType<typeof as>;
  let cantinaId: number;

  const list = async (query: string) => {
    const response = await admin({ method: 'GET', url: `/api/customers?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { results: Customer[]; total: number } }>().data;
  };
  const count = async (where: ReturnType<typeof sql>) => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customers)
      .where(where);
    return row!.n;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: 'full' });
    admin = as(t.app, await login(t.app, demo.admin));
    cantina = as(t.app, await login(t.app, demo.cantina));
    anonymous = as(t.app, null);
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
  }, 120_000);
  afterAll(() => t?.close());

  it('pages 200 at a time by default, newest first, with the total', async () => {
    const first = await list('');
    expect(first.total).toBe(2000);
    expect(first.results).toHaveLength(200);
    const dates = first.results.map((c) => c.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page = await list('page=10&page_size=200');
    expect(page.results).toHaveLength(200);
    expect(page.results[0]!.id).not.toBe(first.results[0]!.id);
    expect((await list('page=11&page_size=200')).results).toHaveLength(0);
    const row = first.results[0]!;
    expect(row.info).toEqual({ gender: row.gender, birthdate: row.birthdate });
    expect(typeof row.age).toBe('number');
  });

  it('sorts by the allowed columns only', async () => {
    // The database's collation decides the order; the API must follow it, ties broken by id.
    const expected = async (order: ReturnType<typeof sql>) =>
      (await t.database.db.select({ id: customers.id }).from(customers).orderBy(order).limit(50)).map(
        (r) => r.id,
      );
    const byName = await list('sort_field=fullname&sort_order=asc&page_size=50');
    expect(byName.results.map((c) => c.id)).toEqual(await expected(sql`fullname asc, id asc`));
    const byUsername = await list('sort_field=username&sort_order=DESC&page_size=50');
    expect(byUsername.results.map((c) => c.id)).toEqual(await expected(sql`username desc, id desc`));
    const byBirth = await list('sort_field=birthdate&sort_order=ASC&page_size=50');
    expect(byBirth.results.map((c) => c.id)).toEqual(await expected(sql`birthdate asc, id asc`));
    const bad = await admin({ method: 'GET', url: '/api/customers?sort_field=password' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Campo de ordenação inválido.');
    expect((await admin({ method: 'GET', url: '/api/customers?page_size=1001' })).statusCode).toBe(400);
  });

  it('filters by gender, O being anything neither M nor F', async () => {
    const female = await list('gender=F&page_size=1000');
    expect(female.total).toBe(await count(sql`gender = 'F'`));
    expect(female.results.every((c) => c.gender === 'F')).toBe(true);
    const other = await list('gender=o&page_size=1000');
    expect(other.total).toBe(await count(sql`gender is null or gender = 'O'`));
    expect(other.total).toBeGreaterThan(0);
    expect(other.results.some((c) => c.gender === null)).toBe(true);
    expect(other.results.every((c) => c.gender !== 'M' && c.gender !== 'F')).toBe(true);
    const bad = await admin({ method: 'GET', url: '/api/customers?gender=X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Gênero inválido');
  });

  it('filters by FeedHunter: yes, no, all, true and false', async () => {
    const hunters = await count(sql`feedhunter`);
    expect(hunters).toBeGreaterThan(0);
    expect((await list('feedhunter=yes')).total).toBe(hunters);
    expect((await list('feedhunter=true')).total).toBe(hunters);
    expect((await list('feedhunter=no')).total).toBe(2000 - hunters);
    expect((await list('feedhunter=false')).total).toBe(2000 - hunters);
    expect((await list('feedhunter=all')).total).toBe(2000);
    const both = await list('feedhunter=yes&gender=M&page_size=1000');
    expect(both.results.every((c) => c.feedhunter && c.gender === 'M')).toBe(true);
    expect((await admin({ method: 'GET', url: '/api/customers?feedhunter=talvez' })).statusCode).toBe(400);
  });

  it('searches name, username, e-mail and CPF, without accents or case', async () => {
    const [someone] = await t.database.db
      .select()
      .from(customers)
      .where(sql`fullname ~ '[áéíóúãõç]'`)
      .limit(1);
    expect(someone).toBeDefined();
    const accented = someone!.fullname.split(' ').find((w) => /[áéíóúãõç]/i.test(w))!;
    const plain = accented
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase();
    const byName = await list(`search=${encodeURIComponent(plain)}&page_size=1000`);
    expect(byName.results.map((c) => c.id)).toContain(someone!.id);
    expect(byName.total).toBe(
      await count(
        sql`immutable_unaccent(lower(fullname || ' ' || username || ' ' || email)) like ${`%${plain.toLowerCase()}%`}`,
      ),
    );

    const byEmail = await list(`search=${encodeURIComponent(someone!.email.toUpperCase())}`);
    expect(byEmail.results.map((c) => c.id)).toEqual([someone!.id]);

    const cpf = someone!.cpf!;
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect((await list(`search=${encodeURIComponent(masked)}`)).results.map((c) => c.id)).toEqual([
      someone!.id,
    ]);
    expect((await list(`search=${cpf}`)).results.map((c) => c.id)).toEqual([someone!.id]);

    // Wildcards are taken literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('pages searches and filters in the sort order, every page with the whole total', async () => {
    // The search's page is sorted apart from its matches, the filters' page comes from the sort's
    // index: both must page exactly as one ordered query would.
    const cases = [
      { query: 'search=a&gender=F&sort_field=fullname&sort_order=ASC', where: sql`search_text like '%a%' and gender = 'F'`, order: sql`fullname asc, id asc` },
      { query: 'search=SIL&sort_field=created_at&sort_order=DESC', where: sql`search_text like '%sil%'`, order: sql`created_at desc, id desc` },
      { query: 'gender=O&feedhunter=no&sort_field=fullname&sort_order=DESC', where: sql`(gender is null or gender = 'O') and not feedhunter`, order: sql`fullname desc, id desc` },
      { query: 'gender=M&sort_field=username&sort_order=ASC', where: sql`gender = 'M'`, order: sql`username asc, id asc` },
    ]; // prettier-ignore
    for (const { query, where, order } of cases) {
      const expected = (
        await t.database.db.select({ id: customers.id }).from(customers).where(where).orderBy(order)
      ).map((r) => r.id);
      expect(expected.length, query).toBeGreaterThan(10);
      const size = Math.ceil(expected.length / 3);
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => list(`${query}&page=${page}&page_size=${size}`)),
      );
      const ids = pages.flatMap((p) => p.results.map((c) => c.id));
      expect(ids, query).toEqual(expected);
      expect(new Set(pages.map((p) => p.total)), query).toEqual(new Set([expected.length]));
    }
  });

  describe('CSV export', () => {
    const HEADER = 'Nome;Username;E-mail;CPF;Gênero;FeedHunter;Criado em';
    const csv = async (query: string) => {
      const response = await admin({ method: 'GET', url: `/api/customers?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    /** The data lines of an export (its header and the empty tail after the last CRLF apart). */
    const linesOf = (body: string) => {
      const lines = body.split('\r\n');
      expect(lines[0]).toBe(`\uFEFF${HEADER}`);
      expect(lines.at(-1)).toBe('');
      return lines.slice(1, -1);
    };

    it("exports the list's columns as a Brazilian spreadsheet reads them: BOM, ';', accents intact", async () => {
      const response = await csv('format=csv');
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      // The BOM is the file's first bytes, so that spreadsheets open it as UTF-8.
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // Every customer, not a page: past the page size and the export's batch of 1000.
      const lines = linesOf(response.body);
      expect(lines).toHaveLength(2000);
      for (const line of lines) expect(line.split(';'), line).toHaveLength(7);
      // Only the list's columns: nothing the list does not show.
      const [someone] = await t.database.db
        .select()
        .from(customers)
        .where(sql`fullname ~ '[áéíóúãõç]' and phone is not null and cpf is not null`)
        .limit(1);
      const line = lines.find((l) => l.includes(someone!.email))!;
      expect(line.startsWith(`${someone!.fullname};${someone!.username};${someone!.email};`)).toBe(true);
      expect(line).toContain(maskCpf(someone!.cpf));
      expect(line.endsWith(`;${formatDateTime(someone!.created_at)}`)).toBe(true);
      expect(response.body).not.toContain(someone!.phone!);
      expect(response.body).not.toMatch(/profile_picture|search_text|"info"/);
    });

    it('exports what the filters and the search find, in the order asked', async () => {
      const [someone] = await t.database.db
        .select()
        .from(customers)
        .where(sql`gender = 'F' and fullname ~ '[áéíóúãõç]'`)
        .limit(1);
      const accented = someone!.fullname.split(' ').find((w) => /[áéíóúãõç]/i.test(w))!;
      const plain = accented
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toUpperCase();
      const expected = await t.database.db
        .select()
        .from(customers)
        .where(sql`gender = 'F' and search_text like ${`%${plain.toLowerCase()}%`}`)
        .orderBy(sql`fullname asc, id asc`);
      expect(expected.length).toBeGreaterThan(0);
      const response = await csv(
        `format=csv&gender=f&search=${encodeURIComponent(plain)}&sort_field=fullname&sort_order=ASC&page_size=1`,
      );
      expect(linesOf(response.body)).toEqual(
        expected.map((c) =>
          [
            c.fullname,
            c.username,
            c.email,
            maskCpf(c.cpf),
            'Feminino',
            c.feedhunter ? 'Sim' : 'Não',
            formatDateTime(c.created_at),
          ].join(';'),
        ),
      );
      // The accented name, as typed, although the search had no accent.
      expect(response.body).toContain(someone!.fullname);

      // Through Accept: text/csv too, with the FeedHunter and the "other" gender filters.
      const hunters = await admin({
        method: 'GET',
        url: '/api/customers?feedhunter=yes',
        headers: { accept: 'text/csv' },
      });
      const rows = linesOf(hunters.body);
      expect(rows).toHaveLength(await count(sql`feedhunter`));
      expect(rows.every((row) => row.split(';')[5] === 'Sim')).toBe(true);
      const others = linesOf((await csv('format=csv&gender=O')).body);
      expect(others).toHaveLength(await count(sql`gender is null or gender not in ('M', 'F')`));
      // Only F and M have a name (spec 3): any other gender is a blank cell.
      expect(others.every((row) => row.split(';')[4] === '')).toBe(true);
    });

    it('is for administrators, as the list is', async () => {
      expect((await cantina({ method: 'GET', url: '/api/customers?format=csv' })).statusCode).toBe(403);
      expect((await anonymous({ method: 'GET', url: '/api/customers?format=csv' })).statusCode).toBe(401);
    });
  });

  it('shows one customer with age, info and, on request, the stats', async () => {
    const [visitor] = await t.database.db
      .select({ id: checkins.customer_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(checkins)
      .groupBy(checkins.customer_id)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const plainResponse = await admin({ method: 'GET', url: `/api/customers/id/${visitor!.id}` });
    expect(plainResponse.statusCode).toBe(200);
    const plain = plainResponse.json().data;
    expect(plain.stats).toBeUndefined();
    expect(plain.info).toEqual({ gender: plain.gender, birthdate: plain.birthdate });
    if (plain.birthdate) expect(plain.age).toBeGreaterThanOrEqual(17);

    const response = await admin({ method: 'GET', url: `/api/customers/id/${visitor!.id}?include=stats` });
    expect(response.statusCode).toBe(200);
    const { stats } = response.json().data;
    expect(stats.visits).toBe(visitor!.n);
    expect(stats.lastTicket).toMatchObject({ created_at: expect.any(String), total: expect.any(Number) });
    expect(stats.lastTicket.items.length).toBeGreaterThan(0);
    expect(stats.lastTicket.items[0]).toEqual({
      name: expect.any(String),
      quantity: expect.any(Number),
      product_price: expect.any(Number),
    });

    expect((await admin({ method: 'GET', url: '/api/customers/id/999999' })).statusCode).toBe(404);
    expect(
      (await admin({ method: 'GET', url: `/api/customers/id/${visitor!.id}?include=x` })).statusCode,
    ).toBe(400);
  });

  it('lets staff open only the customers related to their store, with their store stats and no personal data', async () => {
    const [regular] = await t.database.db
      .select({ id: checkins.customer_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(checkins)
      .where(eq(checkins.store_id, cantinaId))
      .groupBy(checkins.customer_id)
      .limit(1);
    const response = await cantina({ method: 'GET', url: `/api/customers/id/${regular!.id}?include=stats` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.stats.visits).toBe(regular!.n);
    if (data.stats.lastTicket) expect(data.stats.lastTicket.store_id).toBe(cantinaId);
    // What the restaurant screens need, and nothing personal.
    expect(Object.keys(data).sort()).toEqual(
      [
        'created_at',
        'email',
        'feedhunter',
        'fullname',
        'id',
        'profile_picture',
        'stats',
        'status',
        'username',
      ].sort(),
    );
    const plain = await cantina({ method: 'GET', url: `/api/customers/id/${regular!.id}` });
    expect(plain.body).not.toMatch(/cpf|phone|birthdate|gender|"age"|"info"/);
    // Administrators keep the full record.
    const full = (await admin({ method: 'GET', url: `/api/customers/id/${regular!.id}` })).json().data;
    expect(Object.keys(full)).toEqual(
      expect.arrayContaining(['cpf', 'phone', 'birthdate', 'gender', 'age', 'info']),
    );

    // A review is a relation too, without any visit.
    const relation = (table: typeof checkins | typeof tickets | typeof reviews | typeof reservations) =>
      sql`exists (select 1 from ${table} where ${table.customer_id} = ${customers.id} and ${table.store_id} = ${cantinaId})`;
    const [reviewer] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(relation(reviews), sql`not ${relation(checkins)}`))
      .limit(1);
    if (reviewer) {
      expect((await cantina({ method: 'GET', url: `/api/customers/id/${reviewer.id}` })).statusCode).toBe(
        200,
      );
    }

    const [stranger] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(
        sql`not (${relation(checkins)} or ${relation(tickets)} or ${relation(reviews)} or ${relation(reservations)})`,
      )
      .limit(1);
    const hidden = await cantina({ method: 'GET', url: `/api/customers/id/${stranger!.id}?include=stats` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: { message: 'Usuário não encontrado.' } });
  });

  it('switches the FeedHunter flag, and nothing else', async () => {
    const [target] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.feedhunter, false))
      .limit(1);
    const url = `/api/customers/id/${target!.id}`;
    const on = await admin({ method: 'PATCH', url, payload: { feedhunter: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ id: target!.id, feedhunter: true });
    const hunters = await admin({ method: 'GET', url: '/api/feedhunters' });
    expect(hunters.statusCode).toBe(200);
    const found = hunters.json().data.results.find((h: { id: number }) => h.id === target!.id);
    expect(found).toEqual({ id: target!.id, username: expect.any(String), fullname: expect.any(String) });

    const unknown = await admin({ method: 'PATCH', url, payload: { feedhunter: false, status: 'BLOCKED' } });
    expect(unknown.statusCode).toBe(400);
    const notBoolean = await admin({ method: 'PATCH', url, payload: { feedhunter: 'sim' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().error.message).toContain('Informe se o usuário é FeedHunter');
    expect((await admin({ method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
    const [stored] = await t.database.db
      .select({ feedhunter: customers.feedhunter, status: customers.status })
      .from(customers)
      .where(eq(customers.id, target!.id));
    expect(stored).toEqual({ feedhunter: true, status: expect.not.stringMatching('BLOCKED') });

    const off = await admin({ method: 'PATCH', url, payload: { feedhunter: false } });
    expect(off.json().data.feedhunter).toBe(false);
    expect(
      (await admin({ method: 'PATCH', url: '/api/customers/id/999999', payload: { feedhunter: true } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a save with the stats when asked, as the detail reads them', async () => {
    const [visitor] = await t.database.db
      .select({ id: checkins.customer_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(checkins)
      .groupBy(checkins.customer_id)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const url = `/api/customers/id/${visitor!.id}`;
    const read = (await admin({ method: 'GET', url: `${url}?include=stats` })).json().data;

    const saved = await admin({
      method: 'PATCH',
      url: `${url}?include=stats`,
      payload: { feedhunter: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ ...read, feedhunter: true });
    expect(saved.json().data.stats.visits).toBe(visitor!.n);

    const plain = await admin({ method: 'PATCH', url, payload: { feedhunter: false } });
    expect(plain.json().data.stats).toBeUndefined();
    expect(
      (await admin({ method: 'PATCH', url: `${url}?include=x`, payload: { feedhunter: false } })).statusCode,
    ).toBe(400);
  });

  it('keeps the list, the changes and the analytics for administrators', async () => {
    for (const [method, url] of [
      ['GET', '/api/customers'],
      ['PATCH', '/api/customers/id/1'],
      ['GET', '/api/feedhunters'],
      ['GET', '/api/statistics/users'],
    ] as const) {
      const payload = method === 'PATCH' ? { feedhunter: true } : undefined;
      expect((await cantina({ method, url, payload })).statusCode, url).toBe(403);
      expect((await anonymous({ method, url, payload })).statusCode, url).toBe(401);
    }
    expect((await anonymous({ method: 'GET', url: '/api/customers/id/1' })).statusCode).toBe(401);
  });

  it('counts sign-ups by period and by weekday', async () => {
    const response = await admin({ method: 'GET', url: '/api/statistics/users' });
    expect(response.statusCode).toBe(200);
    const { by_periods, by_week } = response.json().data as {
      by_periods: { label: string; current: number; past: number; variation: number | null }[];
      by_week: { label: string; current: number; past: number }[];
    };
    expect(by_periods.map((p) => p.label)).toEqual(['Hoje', 'Semana', 'Mês', 'Ano']);
    expect(by_week.map((d) => d.label)).toEqual(['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']);
    const week = by_periods[1]!;
    expect(week.current).toBe(by_week.reduce((s, d) => s + d.current, 0));
    expect(week.past).toBe(by_week.reduce((s, d) => s + d.past, 0));
    const today = by_periods[0]!;
    expect(today.current).toBe(
      await count(
        sql`(created_at at time zone 'America/Sao_Paulo')::date = (now() at time zone 'America/Sao_Paulo')::date`,
      ),
    );
    // The demo has sign-ups today.
    expect(today.current).toBeGreaterThan(0);
    for (const p of by_periods) {
      const expected = p.past === 0 ? null : Math.round(((p.current - p.past) / p.past) * 1000) / 10;
      expect(p.variation, p.label).toBe(expected);
    }
    const year = by_periods[3]!;
    expect(year.current).toBeGreaterThanOrEqual(by_periods[2]!.current);
  });
});
