import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkins, customers, pushDeliveries, pushNotifications } from '../../server/db/schema';
import { rows } from '../../server/db/client';
import { as, createTestApp, demo, login, storeId, type TestApp } from './helpers';

/**
 * The audience of these tests, ages relative to today in São Paulo so that the counts never drift:
 * a birthday today counts, a birthday tomorrow does not yet.
 */
const PEOPLE = [
  { name: 'Ana', gender: 'F', born: "interval '25 years 10 days'", status: 'ACTIVE', visits: ['cantina'] },
  { name: 'Bruno', gender: 'M', born: "interval '18 years'", status: 'ACTIVE', visits: ['sertao'] },
  {
    name: 'Carla',
    gender: 'F',
    born: "interval '31 years'",
    status: 'ACTIVE',
    visits: ['cantina', 'cantina'],
  },
  { name: 'Davi', gender: 'M', born: "interval '40 years 3 months'", status: 'ACTIVE', visits: [] },
  { name: 'Elis', gender: 'O', born: "interval '22 years 1 month'", status: 'ACTIVE', visits: ['cantina'] },
  { name: 'Fabio', gender: null, born: null, status: 'ACTIVE', visits: [] },
  { name: 'Gina', gender: 'F', born: "interval '25 years 10 days'", status: 'BLOCKED', visits: ['cantina'] },
  // 30 today, 31 tomorrow.
  {
    name: 'Hugo',
    gender: 'M',
    born: "interval '31 years' - interval '1 day'",
    status: 'ACTIVE',
    visits: ['sertao'],
  },
] as const;

describe('push notifications API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let staff: ReturnType<typeof as>;
  let anonymous: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;
  const ids: Record<string, number> = {};

  const count = async (table: typeof pushNotifications | typeof pushDeliveries) => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
    return row!.n;
  };
  const create = (payload: Record<string, unknown>) =>
    admin({
      method: 'POST',
      url: '/api/push-notifications',
      payload: { title: 'Oi', body: 'Olá!', ...payload },
    });
  const deliveredTo = async (notificationId: number) => {
    const found = await t.database.db
      .select({ name: customers.fullname })
      .from(pushDeliveries)
      .innerJoin(customers, eq(customers.id, pushDeliveries.customer_id))
      .where(eq(pushDeliveries.notification_id, notificationId))
      .orderBy(customers.fullname);
    return found.map((c) => c.name);
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    admin = as(t.app, await login(t.app, demo.admin));
    staff = as(t.app, await login(t.app, demo.cantina));
    anonymous = as(t.app, null);
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
    const storeOf = { cantina: cantinaId, sertao: sertaoId };
    for (const person of PEOPLE) {
      const birthdate = person.born
        ? sql.raw(`((now() at time zone 'America/Sao_Paulo')::date - (${person.born}))::date`)
        : sql`null`;
      const result = await t.database.db.execute(sql`
        insert into ${customers} (fullname, username, email, gender, birthdate, status)
        values (${person.name}, ${person.name.toLowerCase()}, ${`${person.name.toLowerCase()}@exemplo.com.br`},
                ${person.gender}, ${birthdate}, ${person.status})
        returning id`);
      ids[person.name] = rows<{ id: number }>(result)[0]!.id;
      for (const visit of person.visits) {
        await t.database.db
          .insert(checkins)
          .values({ store_id: storeOf[visit], customer_id: ids[person.name]!, platform: 'IOS' });
      }
    }
  });
  afterAll(() => t?.close());

  describe('create resolves the audience', () => {
    const cases: [string, () => Record<string, unknown>, string[]][] = [
      ['every active customer', () => ({}), ['Ana', 'Bruno', 'Carla', 'Davi', 'Elis', 'Fabio', 'Hugo']],
      ['women', () => ({ genders: ['F'] }), ['Ana', 'Carla']],
      ['men', () => ({ genders: ['M'] }), ['Bruno', 'Davi', 'Hugo']],
      ['men and women', () => ({ genders: ['M', 'F', 'M'] }), ['Ana', 'Bruno', 'Carla', 'Davi', 'Hugo']],
      [
        '18 to 30, birthdays included',
        () => ({ min_age: 18, max_age: 30 }),
        ['Ana', 'Bruno', 'Elis', 'Hugo'],
      ],
      ['31 or more', () => ({ min_age: '31' }), ['Carla', 'Davi']],
      ['up to 18', () => ({ max_age: 18 }), ['Bruno']],
      ['visitors of Cantina Bella', () => ({ stores: [cantinaId] }), ['Ana', 'Carla', 'Elis']],
      [
        'women up to 30 who visited either store',
        () => ({ stores: [cantinaId, sertaoId], genders: ['F'], max_age: 30 }),
        ['Ana'],
      ],
      ['nobody', () => ({ genders: ['M'], stores: [cantinaId] }), []],
    ];
    it.each(cases)('%s', async (_, payload, expected) => {
      const response = await create(payload());
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json().data;
      expect(created.total_sent).toBe(expected.length);
      expect(created.status).toBe('ACTIVE');
      expect(await deliveredTo(created.id)).toEqual(expected);
    });

    it('answers the notification as the list shows it', async () => {
      const response = await create({
        title: ' Promoção ',
        body: 'Hoje tem rodízio',
        genders: ['F'],
        stores: [sertaoId, cantinaId],
        min_age: 18,
        max_age: 40,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        title: 'Promoção',
        body: 'Hoje tem rodízio',
        genders: ['F'],
        stores: [sertaoId, cantinaId],
        store_names: ['Sabor do Sertão', 'Cantina Bella'],
        min_age: 18,
        max_age: 40,
        total_sent: 2,
        status: 'ACTIVE',
      });
      const id = response.json().data.id as number;
      const detail = await admin({ method: 'GET', url: `/api/push-notifications/id/${id}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toEqual(response.json().data);
      const [row] = await t.database.db
        .select({ created_by: pushNotifications.created_by })
        .from(pushNotifications)
        .where(eq(pushNotifications.id, id));
      expect(row!.created_by).not.toBeNull();
    });
  });

  describe('refuses bad input and writes nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['min above max', { min_age: 40, max_age: 30 }, 'A idade mínima não pode ser maior que a máxima.'],
      ['no title', { title: '  ' }, 'Campo obrigatório'],
      ['no body', { body: undefined }, 'Campo obrigatório'],
      ['an age over 120', { max_age: 121 }, 'Informe uma idade entre 0 e 120.'],
      ['a negative age', { min_age: -1 }, 'Informe uma idade entre 0 e 120.'],
      ['a gender other than M and F', { genders: ['O'] }, 'Gênero inválido: use M ou F.'],
      ['an unknown store', { stores: [999999] }, 'Restaurante inexistente: 999999.'],
      ['an unknown field', { status: 'CANCELLED' }, ''],
    ];
    it.each(cases)('%s', async (_, payload, message) => {
      const [notifications, deliveries] = [await count(pushNotifications), await count(pushDeliveries)];
      const response = await create(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(await count(pushNotifications)).toBe(notifications);
      expect(await count(pushDeliveries)).toBe(deliveries);
    });
  });

  it('cancels once: ACTIVE → CANCELLED, then 409', async () => {
    const id = (await create({ title: 'Para cancelar' })).json().data.id as number;
    const first = await admin({
      method: 'PATCH',
      url: `/api/push-notifications/id/${id}/cancel`,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id, status: 'CANCELLED' });
    const again = await admin({
      method: 'PATCH',
      url: `/api/push-notifications/id/${id}/cancel`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { message: 'Esta notificação já está desativada.' } });
    const missing = await admin({ method: 'PATCH', url: '/api/push-notifications/id/999999/cancel' });
    expect(missing.statusCode).toBe(404);
  });

  it('has no edit or delete route', async () => {
    const id = (await create({})).json().data.id as number;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await admin({ method, url: `/api/push-notifications/id/${id}`, payload: {} });
      expect(response.statusCode, method).toBe(404);
    }
  });

  describe('list', () => {
    let summer: number;
    let men: number;
    let everyone: number;
    beforeAll(async () => {
      summer = (
        await create({ title: 'Festival de Verão', body: 'Só hoje', genders: ['F'], stores: [sertaoId] })
      ).json().data.id;
      men = (
        await create({ title: 'Futebol', body: 'Promoção no telão', genders: ['M'], stores: [cantinaId] })
      ).json().data.id;
      everyone = (await create({ title: 'Novidade', body: 'Cardápio novo' })).json().data.id;
    });
    const list = async (query: Record<string, string> = {}) => {
      const response = await admin({ method: 'GET', url: '/api/push-notifications', query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { id: number; title: string }[];
    };

    it('answers a plain list in data, newest first', async () => {
      const all = await list();
      expect(Array.isArray(all)).toBe(true);
      expect(all.slice(0, 3).map((n) => n.id)).toEqual([everyone, men, summer]);
      expect(Object.keys(all[0]!).sort()).toEqual(
        [
          'body',
          'created_at',
          'genders',
          'id',
          'max_age',
          'min_age',
          'status',
          'store_names',
          'stores',
          'title',
          'total_sent',
          'updated_at',
        ].sort(),
      );
      expect((await list({ page_size: '2', page: '2' })).map((n) => n.id)).toEqual(
        all.slice(2, 4).map((n) => n.id),
      );
    });

    it('searches title and body, without accents or case', async () => {
      expect((await list({ search: 'VERAO' })).map((n) => n.id)).toEqual([summer]);
      expect((await list({ search: 'promocao' })).map((n) => n.id)).toContain(men);
      expect(await list({ search: '100%' })).toEqual([]);
    });

    it('filters by store and gender', async () => {
      const bySertao = (await list({ store_id: String(sertaoId) })).map((n) => n.id);
      expect(bySertao).toContain(summer);
      expect(bySertao).not.toContain(men);
      const women = await list({ gender: 'F' });
      expect(women.map((n) => n.id)).toContain(summer);
      expect(women.map((n) => n.id)).not.toContain(men);
      const all = await list({ gender: 'o' });
      expect(all.map((n) => n.id)).toContain(everyone);
      expect(all.map((n) => n.id)).not.toContain(summer);
      expect(
        (await list({ gender: 'M', store_id: String(cantinaId), search: 'telão' })).map((n) => n.id),
      ).toEqual([men]);
    });

    it('refuses unknown filters and values', async () => {
      const queries: Record<string, string>[] = [{ gender: 'X' }, { store_id: 'abc' }, { status: 'ACTIVE' }];
      for (const query of queries) {
        const response = await admin({ method: 'GET', url: '/api/push-notifications', query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
      }
    });

    it('exports the list as CSV, read as the list shows it, with its search and order', async () => {
      const summerRodizio = (
        await create({
          title: 'Rodízio de verão',
          body: 'Só; hoje',
          genders: ['M', 'F'],
          min_age: 18,
          max_age: 30,
        })
      ).json().data.id as number;
      await admin({ method: 'PATCH', url: `/api/push-notifications/id/${summerRodizio}/cancel` });
      const response = await admin({
        method: 'GET',
        url: '/api/push-notifications',
        query: { format: 'csv', search: 'verao', sort_field: 'title', sort_order: 'ASC' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="notificacoes-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body
        .split('\r\n')
        .map((line) => line.replace(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/, ';<data>;'));
      expect(lines).toEqual([
        '\uFEFFTítulo;Descrição;Gênero;Idade;Enviadas;Enviada em;Status',
        'Festival de Verão;Só hoje;Feminino;Todas;0;<data>;Ativo',
        // Men and women 18 to 30: Ana, Bruno and Hugo.
        'Rodízio de verão;"Só; hoje";Todos;18–30;3;<data>;Inativo',
        '',
      ]);
      const men = await admin({
        method: 'GET',
        url: '/api/push-notifications',
        query: { format: 'csv', search: 'verao', gender: 'M' },
      });
      expect(men.body.split('\r\n').slice(1, -1)).toEqual([expect.stringMatching(/^Rodízio de verão;/)]);
    });
  });

  it('is for platform administrators only', async () => {
    const requests = [
      { method: 'GET', url: '/api/push-notifications' },
      { method: 'GET', url: '/api/push-notifications/id/1' },
      { method: 'POST', url: '/api/push-notifications', payload: { title: 'x', body: 'y' } },
      { method: 'PATCH', url: '/api/push-notifications/id/1/cancel', payload: {} },
    ] as const;
    const before = await count(pushNotifications);
    for (const request of requests) {
      expect((await staff(request)).statusCode, request.url).toBe(403);
      expect((await anonymous(request)).statusCode, request.url).toBe(401);
    }
    expect(await count(pushNotifications)).toBe(before);
  });
});
