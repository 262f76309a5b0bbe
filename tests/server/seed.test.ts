import fs from 'node:fs';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { getTableName, sql, TransactionRollbackError } from 'drizzle-orm';
import { rows, type Db } from '../../server/db/client';
import { buildDemo } from '../../server/seed/build';
import { DEMO_ACCOUNTS, SHARED_STAFF_EMAIL, STAFF_PASSWORD } from '../../server/seed/demo';
import { cnpjCheckDigits, cpfCheckDigits } from '../../server/seed/documents';
import { isValidCnpj, isValidCpf, isValidPhone } from '../../contract/lib/validators';
import { as, createTestApp, login, type TestApp } from './helpers';

/**
 * A Friday, 20:00 in São Paulo: the demo's "real Friday night", the simulator's opening too
 * (tests/server/simulator.test.ts), so that the run seeds that night once for both.
 */
const NOW = new Date('2026-03-13T23:00:00Z');
const SP = 'America/Sao_Paulo';

let t: TestApp;
let db: Db;

const query = async <T = Record<string, unknown>>(text: string): Promise<T[]> =>
  rows<T>(await db.execute(sql.raw(text)));
const one = async <T = Record<string, unknown>>(text: string): Promise<T> => (await query<T>(text))[0]!;
const ts = (date: Date) => `'${date.toISOString()}'::timestamptz`;

beforeAll(async () => {
  t = await createTestApp({ seed: 'full', seedNow: NOW });
  db = t.app.db;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo seed', () => {
  it('keeps every foreign key (the seed skips the row-by-row checks)', async () => {
    const keys = await query<{ name: string; child: string; parent: string; cc: string[]; pc: string[] }>(
      `select conname as name, conrelid::regclass::text as child, confrelid::regclass::text as parent,
              array(select a.attname::text from unnest(conkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = conrelid and a.attnum = k.num order by k.ord) as cc,
              array(select a.attname::text from unnest(confkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = confrelid and a.attnum = k.num order by k.ord) as pc
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1`,
    );
    expect(keys.length).toBeGreaterThan(30);
    const broken: string[] = [];
    for (const key of keys) {
      const present = key.cc.map((c) => `c."${c}" is not null`).join(' and ');
      const match = key.cc.map((c, i) => `p."${key.pc[i]}" = c."${c}"`).join(' and ');
      const { n } = await one<{ n: number }>(
        `select count(*)::int as n from ${key.child} c
          where ${present} and not exists (select 1 from ${key.parent} p where ${match})`,
      );
      if (n > 0) broken.push(`${key.name}: ${n}`);
    }
    expect(broken).toEqual([]);
  });

  it('signs in every demo account, with the right store for staff', async () => {
    const stores = await query<{ id: number; slug: string }>('select id, slug from stores');
    const idOf = (slug: string) => stores.find((s) => s.slug === slug)!.id;
    const expected = [null, idOf('cantinabella'), idOf('sabordosertao')];
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const token = await login(t.app, account);
      const response = await as(t.app, token)({ method: 'GET', url: '/api/account' });
      expect(response.statusCode, account.email).toBe(200);
      const { data } = response.json<{ data: { role: string; roles: { store_id: number | null }[] } }>();
      expect(data.roles[0]!.store_id).toBe(expected[i]);
      expect(data.role).toBe(i === 0 ? 'ADMIN' : 'MANAGER');
    }
    // The team shares one password (one argon2 hash for all of them keeps the seed fast).
    const member = await one<{ email: string; store_id: number }>(
      `select a.email, m.store_id from accounts a join memberships m on m.account_id = a.id
        where m.store_id = ${idOf('cantinabella')} and a.status = 'ACTIVE'
          and a.email <> '${DEMO_ACCOUNTS[1].email}' order by a.id limit 1`,
    );
    const token = await login(t.app, { email: member.email, password: STAFF_PASSWORD });
    const account = await as(t.app, token)({ method: 'GET', url: '/api/account' });
    expect(account.json().data.roles[0].store_id).toBe(member.store_id);
    // One person works in both restaurants, with a role in each.
    const shared = await as(
      t.app,
      await login(t.app, { email: SHARED_STAFF_EMAIL, password: STAFF_PASSWORD }),
    )({
      method: 'GET',
      url: '/api/account',
    });
    expect(
      shared
        .json()
        .data.roles.map((place: { store_name: string; role: string }) => [place.store_name, place.role]),
    ).toEqual([
      ['Cantina Bella', 'CASHIER'],
      ['Sabor do Sertão', 'WAITER'],
    ]);
  });

  it('has the live floor of a Friday night at Cantina Bella', async () => {
    const store = `(select id from stores where slug = 'cantinabella')`;
    const tables = await query<{ number: number; name: string; status: string; open: number }>(
      `select t.number, t.name, t.status,
              (select count(*)::int from orders o where o.table_id = t.id and o.status = 'OPENED') as open
         from tables t where t.store_id = ${store} order by t.number`,
    );
    expect(tables.map((x) => x.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(tables.every((x) => x.name === `Mesa ${x.number}`)).toBe(true);
    const occupied = tables.filter((x) => x.status === 'OCCUPIED');
    expect(occupied.length).toBeGreaterThanOrEqual(5);
    // Occupied exactly when an open tab sits on the table.
    expect(tables.every((x) => (x.status === 'OCCUPIED') === (x.open === 1))).toBe(true);

    const overlapping = await one<{ n: number }>(
      `select count(*)::int as n from orders o join orders c on c.table_id = o.table_id and c.status = 'CLOSED'
        where o.status = 'OPENED' and c.closed_at > o.created_at`,
    );
    expect(overlapping.n).toBe(0);

    const customers = await query<{ n: number }>(
      `select count(*)::int as n from tickets k join orders o on o.id = k.order_id
        where o.store_id = ${store} and o.status = 'OPENED' group by o.id`,
    );
    expect(Math.min(...customers.map((c) => c.n))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...customers.map((c) => c.n))).toBe(4);

    // Every kitchen shows every status on its board, and a cart holds a saved item.
    const board = await query<{ kitchen: string; statuses: string }>(
      `select k.name as kitchen, string_agg(distinct i.status, ',' order by i.status) as statuses
         from kitchens k
         left join order_items i on i.kitchen_id = k.id
              and i.order_id in (select id from orders where status = 'OPENED')
        where k.store_id = ${store} group by k.name order by k.name`,
    );
    expect(board.length).toBeGreaterThanOrEqual(2);
    for (const { kitchen, statuses } of board) {
      for (const status of ['PLACED', 'PREPARING', 'READY', 'CANCELLED'])
        expect(statuses.split(','), kitchen).toContain(status);
    }
    const saved = await one<{ n: number }>(
      `select count(*)::int as n from order_items i join orders o on o.id = i.order_id
        where o.store_id = ${store} and o.status = 'OPENED' and i.status = 'SAVED'`,
    );
    expect(saved.n).toBeGreaterThan(0);

    const waiter = await one<{ n: number }>(
      `select count(*)::int as n from orders where store_id = ${store} and status = 'OPENED' and waiter_requested
          and waiter_requested_at between ${ts(NOW)} - interval '15 minutes' and ${ts(NOW)}`,
    );
    expect(waiter.n).toBeGreaterThanOrEqual(1);

    const birthdays = await one<{ n: number }>(
      `select count(*)::int as n from orders o join tickets k on k.order_id = o.id join customers c on c.id = k.customer_id
        where o.store_id = ${store} and o.status = 'OPENED'
          and to_char(c.birthdate, 'MM-DD') = to_char(${ts(NOW)} at time zone '${SP}', 'MM-DD')`,
    );
    expect(birthdays.n).toBeGreaterThanOrEqual(1);

    const payment = await query<{ payment_status: string }>(
      `select distinct payment_status from orders where store_id = ${store} and status = 'OPENED'`,
    );
    expect(payment.map((p) => p.payment_status).sort()).toEqual(['OPEN', 'PAID', 'PARTIALLY_PAID']);
  });

  it('leaves nothing in the kitchen of a closed tab, nor of a paid ticket', async () => {
    // A tab closes only once the kitchen is done with it, and guests pay for food already served.
    const left = await one<{ closed: number; paid: number }>(
      `select count(*) filter (where o.status = 'CLOSED')::int as closed,
              count(*) filter (where o.status = 'OPENED' and k.total > 0 and k.total_paid >= k.total)::int as paid
         from order_items i join orders o on o.id = i.order_id join tickets k on k.id = i.ticket_id
        where i.status in ('PLACED', 'PREPARING')`,
    );
    expect(left).toEqual({ closed: 0, paid: 0 });
  });

  it('has closed tabs since each store joined, the last 90 days in full, with real curves', async () => {
    // Every store's first tab on its first open day as a partner (the platform's "Parceiro desde").
    const starts = await query<{ slug: string; joined: string; first: string; late: number }>(
      `select s.slug, (s.created_at at time zone '${SP}')::date::text as joined,
              (min(o.created_at) at time zone '${SP}')::date::text as first,
              count(*) filter (where o.closed_at > ${ts(NOW)})::int as late
         from stores s join orders o on o.store_id = s.id and o.status = 'CLOSED'
        group by s.id order by s.id`,
    );
    expect(starts.length).toBeGreaterThanOrEqual(12);
    for (const store of starts) {
      const wait = (Date.parse(store.first) - Date.parse(store.joined)) / 86_400_000;
      expect(wait, store.slug).toBeGreaterThanOrEqual(0);
      expect(wait, store.slug).toBeLessThan(7);
      expect(store.late, store.slug).toBe(0);
    }
    expect(starts[0]).toMatchObject({ slug: 'cantinabella', joined: '2023-12-14' }); // 820 days before NOW

    const store = `(select id from stores where slug = 'cantinabella')`;
    const span = await one<{ days: number; last: number }>(
      `select count(distinct (created_at at time zone '${SP}')::date)::int as days,
              extract(epoch from ${ts(NOW)} - max(closed_at))::int / 60 as last
         from orders where store_id = ${store} and status = 'CLOSED' and created_at >= ${ts(NOW)} - interval '90 days'`,
    );
    expect(span.days).toBeGreaterThanOrEqual(70); // closed on Mondays
    expect(span.last).toBeLessThan(24 * 60);

    const byDay = await query<{ dow: number; avg: number }>(
      `select dow, avg(n)::float as avg from (
          select extract(dow from (created_at at time zone '${SP}'))::int as dow,
                 (created_at at time zone '${SP}')::date as day, count(*) as n
            from orders where store_id = ${store} and status = 'CLOSED'
              and created_at < ${ts(NOW)} - interval '1 day'
           group by 1, 2) d group by dow`,
    );
    const avg = (dow: number) => byDay.find((d) => d.dow === dow)?.avg ?? 0;
    expect(Math.min(avg(5), avg(6))).toBeGreaterThan(Math.max(avg(2), avg(3)));

    const growth = await one<{ year: number; early: number; late: number }>(
      `select count(*) filter (where created_at between ${ts(NOW)} - interval '395 days' and ${ts(NOW)} - interval '365 days')::int as year,
              count(*) filter (where created_at between ${ts(NOW)} - interval '90 days' and ${ts(NOW)} - interval '60 days')::int as early,
              count(*) filter (where created_at >= ${ts(NOW)} - interval '30 days')::int as late
         from orders where store_id = ${store} and status = 'CLOSED'`,
    );
    expect(growth.late).toBeGreaterThan(growth.early * 1.15);
    expect(growth.early).toBeGreaterThan(growth.year * 2);
    expect(growth.year).toBeGreaterThan(0);

    const evening = await one<{ share: number }>(
      `select avg(case when extract(hour from created_at at time zone '${SP}') >= 18 then 1 else 0 end)::float as share
         from orders where store_id = ${store} and status = 'CLOSED'`,
    );
    expect(evening.share).toBeGreaterThan(0.5);

    // Only when it opens: closed on Mondays, and on Sundays it serves lunch until 17:00, so no
    // Sunday dinners, and no payment on a Monday (the statistics' weekday bars read payments).
    const shut = await one<{ monday: number; sunday_night: number; monday_paid: number }>(
      `select count(*) filter (where extract(dow from o.created_at at time zone '${SP}') = 1)::int as monday,
              count(*) filter (where extract(dow from o.created_at at time zone '${SP}') = 0
                                 and extract(hour from o.created_at at time zone '${SP}') >= 17)::int as sunday_night,
              (select count(*) from payments p where p.store_id = ${store}
                  and extract(dow from p.created_at at time zone '${SP}') = 1)::int as monday_paid
         from orders o where o.store_id = ${store}`,
    );
    expect(shut).toEqual({ monday: 0, sunday_night: 0, monday_paid: 0 });
  });

  it("fills every month of the demo stores' 12-month charts, from the daily figures they read", async () => {
    // The months of the 12-month period ending today (365 days: 13 calendar months, the first and
    // the last partial), as GET /api/statistics?period=12m and the finance dashboard sum them.
    for (const slug of ['cantinabella', 'sabordosertao']) {
      const months = await query<{ month: string; gross: number; tickets: number }>(
        `with today as (select (${ts(NOW)} at time zone '${SP}')::date as d)
         select to_char(m, 'YYYY-MM') as month,
                coalesce(sum(sd.gross), 0)::float8 as gross, coalesce(sum(sd.tickets), 0)::int as tickets
           from today cross join generate_series(date_trunc('month', today.d - 364), today.d, interval '1 month') m
           left join store_days sd on sd.store_id = (select id from stores where slug = '${slug}')
                and sd.day between greatest(m::date, today.d - 364) and least((m + interval '1 month')::date - 1, today.d)
          group by m order by m`,
      );
      expect(months, slug).toHaveLength(13);
      expect(months[0]!.month).toBe('2025-03');
      expect(
        months.filter((m) => m.gross <= 0 || m.tickets <= 0).map((m) => m.month),
        slug,
      ).toEqual([]);
    }
  });

  it('adds up: items, tickets, orders, payments, fees, ratings', async () => {
    const tickets = await one<{ bad: number }>(
      `select count(*)::int as bad from tickets k
        where k.subtotal <> coalesce((
          select sum((i.product_price + coalesce((select sum((c->>'price')::int * (c->>'quantity')::int)
                                                   from jsonb_array_elements(i.complements) c), 0)) * i.quantity)
            from order_items i where i.ticket_id = k.id and i.status not in ('CANCELLED', 'SAVED')), 0)
           or k.total_paid <> coalesce((select sum(p.amount) from payments p where p.order_id = k.order_id
                 and p.customer_id = k.customer_id and p.cancelled_at is null), 0)`,
    );
    expect(tickets.bad).toBe(0);
    const orders = await one<{ bad: number; unpaid: number }>(
      `select count(*) filter (where o.subtotal <> s.subtotal or o.total <> s.total or o.total_paid <> s.paid
                 or o.total <> o.subtotal + o.service_charge - o.discount)::int as bad,
              count(*) filter (where o.status = 'CLOSED' and o.payment_status <> 'PAID')::int as unpaid
         from orders o join (select order_id, sum(subtotal) as subtotal, sum(total) as total, sum(total_paid) as paid
                               from tickets group by order_id) s on s.order_id = o.id`,
    );
    expect(orders).toEqual({ bad: 0, unpaid: 0 });
    const fees = await one<{ bad: number; kinds: string; methods: number }>(
      `select count(*) filter (where p.fee <> round(p.amount * case p.kind when 'DIGITAL' then s.feedme_digital_tax
                                                                   else s.feedme_physical_tax end / 100))::int as bad,
              string_agg(distinct p.kind, ',' order by p.kind) as kinds, count(distinct p.method)::int as methods
         from payments p join stores s on s.id = p.store_id`,
    );
    expect(fees).toEqual({ bad: 0, kinds: 'DIGITAL,PHYSICAL', methods: 5 });
    // What of each payment paid its ticket's service: the plan reckons it as the API does, and
    // migration 0032's rebuild_payment_services() (the same in SQL) would change none of it. The
    // function runs in a transaction rolled back, which leaves the demo as it was.
    let services: { changed: number; serviced: number } | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`create temp table kept on commit drop as select id, service from payments`);
        await tx.execute(sql`select rebuild_payment_services()`);
        [services] = rows<{ changed: number; serviced: number }>(
          await tx.execute(sql`select count(*) filter (where p.service <> k.service)::int as changed,
                                      count(*) filter (where k.service > 0)::int as serviced
                                 from payments p join kept k using (id)`),
        );
        tx.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(services!.changed).toBe(0);
    expect(services!.serviced).toBeGreaterThan(10_000);
    const ratings = await one<{ bad: number }>(
      `select count(*)::int as bad from stores s
        where s.n_ratings <> (select count(*) from reviews r where r.store_id = s.id)
           or s.rating <> coalesce((select round(avg(rating), 2) from reviews r where r.store_id = s.id), 0)`,
    );
    expect(ratings.bad).toBe(0);
    const balance = await query<{ store_id: number; balance: number }>(
      `select store_id, sum(amount)::int as balance from statement_entries group by store_id`,
    );
    expect(balance.length).toBeGreaterThanOrEqual(12);
  });

  it('has the restaurants, customers and platform content the screens need', async () => {
    const stores = await query<{
      name: string;
      cnpj: string;
      cpf: string;
      zip_code: string;
      phone: string;
      status: string;
      city: string;
      cuisine: number;
      banks: number;
      hours: unknown[];
      logo_black: string;
    }>(
      `select s.name, s.cnpj, s.cpf, s.zip_code, s.phone, s.status, s.city, s.cousine_id as cuisine, s.opening_hours as hours,
              s.logo_black, (select count(*)::int from bank_accounts b where b.store_id = s.id and b.is_default) as banks
         from stores s order by s.list_order`,
    );
    expect(stores.length).toBeGreaterThanOrEqual(12);
    expect(new Set(stores.map((s) => s.city)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(stores.map((s) => s.cuisine)).size).toBeGreaterThanOrEqual(6);
    expect(stores.filter((s) => s.status === 'INACTIVE')).toHaveLength(1);
    expect(stores.filter((s) => s.status === 'CLOSED')).toHaveLength(1);
    for (const s of stores) {
      expect(isValidCnpj(s.cnpj), s.name).toBe(true);
      expect(isValidCpf(s.cpf), s.name).toBe(true);
      expect(isValidPhone(s.phone), s.name).toBe(true);
      expect(s.zip_code, s.name).toMatch(/^\d{8}$/);
      expect(s.banks, s.name).toBe(1);
      expect(s.hours.length, s.name).toBeGreaterThan(0);
    }

    const customers = await query<{ cpf: string; phone: string; gender: string | null; platform: string }>(
      'select cpf, phone, gender, platform from customers',
    );
    expect(customers).toHaveLength(2000);
    expect(customers.every((c) => isValidCpf(c.cpf) && isValidPhone(c.phone))).toBe(true);
    expect(new Set(customers.map((c) => c.gender))).toEqual(new Set(['M', 'F', 'O', null]));
    expect(new Set(customers.map((c) => c.platform))).toEqual(new Set(['IOS', 'ANDROID']));
    const hunters = await one<{ n: number; videos: number; posts: number }>(
      `select (select count(*)::int from customers where feedhunter) as n,
              (select count(*)::int from stories where media_type = 'VIDEO' and video_url is not null) as videos,
              (select count(*)::int from stories s join customers c on c.id = s.customer_id where c.feedhunter) as posts`,
    );
    expect(hunters.n).toBe(40);
    expect(hunters.videos).toBeGreaterThanOrEqual(1);
    expect(hunters.posts).toBeGreaterThanOrEqual(40);

    const content = await one<Record<string, number>>(
      `select (select count(*)::int from push_notifications where status = 'CANCELLED') as cancelled,
              (select count(*)::int from push_notifications n where total_sent =
                 (select count(*) from push_deliveries d where d.notification_id = n.id)) as consistent,
              (select count(*)::int from push_notifications) as notifications,
              (select count(*)::int from promo_codes where active) as active_codes,
              (select count(*)::int from promo_codes where not active) as inactive_codes,
              (select count(*)::int from promo_codes p where n_uses =
                 (select count(*) from coupons c where c.promo_code_id = p.id)) as counted_codes,
              (select count(*)::int from promo_codes) as codes,
              (select count(*)::int from faqs) as faqs,
              (select count(*)::int from privacy_texts) as privacy`,
    );
    expect(content.cancelled).toBe(1);
    expect(content.consistent).toBe(content.notifications);
    expect(content.active_codes).toBeGreaterThan(0);
    expect(content.inactive_codes).toBeGreaterThan(0);
    expect(content.counted_codes).toBe(content.codes);
    expect(content.faqs).toBeGreaterThan(4);
    expect(content.privacy).toBe(1);
  });

  it('gives the two demo stores a menu, a team, reservations, loyalty and a wall', async () => {
    for (const slug of ['cantinabella', 'sabordosertao']) {
      const store = `(select id from stores where slug = '${slug}')`;
      const menu = await one<Record<string, number>>(
        `select (select count(*)::int from products where store_id = ${store} and not complement_only) as products,
                (select count(*)::int from categories where store_id = ${store} and image is not null) as categories,
                (select count(*)::int from complement_groups where store_id = ${store}) as groups,
                (select count(*)::int from product_complement_groups where store_id = ${store}) as offered,
                (select count(*)::int from kitchens where store_id = ${store}) as kitchens,
                (select count(*)::int from products where store_id = ${store} and not complement_only
                    and (kitchen_id is null or image is null or price <= 0 or description = '')) as incomplete,
                (select count(*)::int from memberships where store_id = ${store}) as team,
                (select count(*)::int from wall_posts where store_id = ${store} and pinned) as pinned,
                (select count(*)::int from wall_posts where store_id = ${store} and not active) as hidden,
                (select count(*)::int from loyalty_programs where store_id = ${store} and active) as programs,
                (select count(*)::int from loyalty_progress p join loyalty_programs l on l.id = p.program_id
                   where l.store_id = ${store} and p.n_uses > 0) as redeemed`,
      );
      expect(menu.products, slug).toBeGreaterThanOrEqual(20);
      expect(menu.products, slug).toBeLessThanOrEqual(30);
      expect(menu.categories, slug).toBeGreaterThanOrEqual(5);
      expect(menu.groups, slug).toBeGreaterThanOrEqual(3);
      expect(menu.offered, slug).toBeGreaterThanOrEqual(5);
      expect(menu.kitchens, slug).toBeGreaterThanOrEqual(2);
      expect(menu.incomplete, slug).toBe(0);
      expect(menu.team, slug).toBeGreaterThanOrEqual(3);
      expect(menu.team, slug).toBeLessThanOrEqual(5);
      expect(menu.pinned, slug).toBe(1);
      expect(menu.programs, slug).toBe(1);
      expect(menu.redeemed, slug).toBeGreaterThan(0);

      const reservations = await query<{ status: string; night: boolean }>(
        `select status, extract(hour from date at time zone '${SP}') >= 18 as night from reservations
          where store_id = ${store} and date between ${ts(NOW)} and ${ts(NOW)} + interval '7 days'`,
      );
      expect(new Set(reservations.map((r) => r.status)), slug).toEqual(
        new Set(['CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE']),
      );
      expect(new Set(reservations.map((r) => r.night)), slug).toEqual(new Set([true, false]));
    }
  });

  it('serves the generated images and the video from the uploads folder', async () => {
    const urls = await one<{ logo: string; product: string; video: string; avatar: string }>(
      `select (select logo_white from stores order by id limit 1) as logo,
              (select image from products where image is not null order by id limit 1) as product,
              (select video_url from stories where video_url is not null limit 1) as video,
              (select profile_picture from customers where profile_picture is not null order by id limit 1) as avatar`,
    );
    for (const url of Object.values(urls)) {
      expect(url).toMatch(/^\/uploads\/demo\/.+\.(svg|mp4)$/);
      expect(fs.existsSync(path.join(t.uploadsDir, url.slice('/uploads/'.length))), url).toBe(true);
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(
        url.endsWith('.mp4') ? /video\/mp4/ : /image\/svg\+xml/,
      );
    }
    const remote = await one<{ n: number }>(
      `select count(*)::int as n from (
         select logo_white as u from stores union all select bg_image from stores union all select image from products
         union all select image from categories union all select profile_picture from customers
         union all select image_url from stories union all select image from wall_posts) x
        where u is not null and u not like '/uploads/demo/%'`,
    );
    expect(remote.n).toBe(0);
  });
});

describe('the demo plan at other hours', () => {
  it.each([
    ['a Monday at 00:10 (Cantina Bella closed, nothing sold yet today)', '2026-05-18T03:10:00Z'],
    ['the 29th of February, at lunch', '2028-02-29T15:30:00Z'],
    ['a Saturday a minute and a half past midnight', '2026-11-28T03:01:30Z'],
  ])('builds for %s', (_label, iso) => {
    const now = new Date(iso);
    const plan = buildDemo(now, 'full', DEMO_ACCOUNTS);
    const table = (name: string) =>
      plan.steps.find((step) => getTableName(step.table) === name)!.rows as Record<string, unknown>[];
    const orders = table('orders');
    expect(
      orders.every((o) => (o.created_at as Date) <= now && (!o.closed_at || (o.closed_at as Date) <= now)),
    ).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: SP, month: '2-digit', day: '2-digit' }).format(
      now,
    );
    const open = new Set(orders.filter((o) => o.status === 'OPENED').map((o) => o.id));
    const inOpen = new Set(
      table('tickets')
        .filter((k) => open.has(k.order_id))
        .map((k) => k.customer_id),
    );
    const birthdays = table('customers').filter(
      (c) => inOpen.has(c.id) && (c.birthdate as string).slice(5) === today,
    );
    expect(birthdays.length).toBeGreaterThanOrEqual(2);
    // The platform's users screen counts today's sign-ups: the demo has some at any hour.
    const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: SP });
    const signedUpToday = table('customers').filter(
      (c) => dayOf.format(c.created_at as Date) === dayOf.format(now) && (c.created_at as Date) <= now,
    );
    expect(signedUpToday.length).toBeGreaterThanOrEqual(8);
    // A real date: born on a 29th of February only in a leap year.
    for (const { birthdate } of birthdays as { birthdate: string }[]) {
      const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
      expect(new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10)).toBe(birthdate);
    }
  });

  it('computes CPF and CNPJ check digits', () => {
    expect(cpfCheckDigits('529982247')).toBe('25'); // 529.982.247-25
    expect(cnpjCheckDigits('112223330001')).toBe('81'); // 11.222.333/0001-81
  });
});
