import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stores } from '../../server/db/schema';
import { groupHours, groupProblems, ungroupHours } from '../../contract/lib/hours';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/**
 * The settings and links screens save through PATCH /api/stores/id/{id}: the save rules of
 * restaurant spec 5 (links, site, default links) and the rules of a store's hours are the API's,
 * so any client gets them.
 */
describe("a store's settings (PATCH /api/stores/id/{id})", () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let manager: ReturnType<typeof as>;
  let waiter: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;

  beforeAll(async () => {
    t = await createTestApp();
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
    admin = as(t.app, await login(t.app, demo.admin));
    manager = as(t.app, await login(t.app, demo.cantina));
    await createAccount(t.database.db, {
      email: 'garcom@cantinabella.com.br',
      password: 'Garcom@2026',
      role: 'WAITER',
      store_id: cantinaId,
    });
    waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' }));
  });
  afterAll(() => t?.close());

  const patch = (call: ReturnType<typeof as>, payload: unknown, id = cantinaId) =>
    call({ method: 'PATCH', url: `/api/stores/id/${id}`, payload: payload as Record<string, unknown> });
  const row = async (id = cantinaId) =>
    (await t.database.db.select().from(stores).where(eq(stores.id, id)))[0]!;

  describe('links (spec 5)', () => {
    it('drops links without a title or an address and gives https:// to those without a scheme', async () => {
      const response = await patch(manager, {
        info: {
          links: [
            { title: 'Instagram', url: 'instagram.com/cantinabella', active: true, icon: 'instagram' },
            { title: '  ', url: 'https://sem-titulo.com.br', active: true },
            { title: 'Sem endereço', url: '', active: true },
            { title: 'Sem nada' },
            { title: 'Site antigo', url: 'HTTP://cantinabella.net', active: false },
            { title: 'Loja', url: 'HttpS://loja.cantinabella.com.br', active: true, icon: '' },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = [
        { title: 'Instagram', url: 'https://instagram.com/cantinabella', active: true, icon: 'instagram' },
        { title: 'Site antigo', url: 'HTTP://cantinabella.net', active: false },
        { title: 'Loja', url: 'HttpS://loja.cantinabella.com.br', active: true },
      ];
      // The answer shows what was kept, as the screens show it after saving.
      expect(response.json().data.info.links).toEqual(expected);
      expect((await row()).links).toEqual(expected);
    });

    it('normalises the site the same way, and empties it when sent blank', async () => {
      const typed = await patch(manager, { info: { site: 'www.cantinabella.com.br' } });
      expect(typed.json().data.info.site).toBe('https://www.cantinabella.com.br');
      const schemed = await patch(manager, { info: { site: 'Http://cantinabella.com.br' } });
      expect(schemed.json().data.info.site).toBe('Http://cantinabella.com.br');
      const blank = await patch(manager, { info: { site: '   ' } });
      expect(blank.statusCode, blank.body).toBe(200);
      expect(blank.json().data.info.site).toBeNull();
      expect((await row()).site).toBeNull();
    });

    it('falls back to the default title, address and state of a default link', async () => {
      const response = await patch(manager, {
        info: {
          default_links: {
            menu: { title: '', url: '', active: 'sim' },
            reservations: { title: 'Reserve sua mesa', url: 'cantinabella.com.br/reservas', active: false },
          },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = {
        menu: { title: 'Cardápio', url: 'https://app.painel.com.br/cantinabella/cardapio', active: true },
        reservations: {
          title: 'Reserve sua mesa',
          url: 'https://cantinabella.com.br/reservas',
          active: false,
        },
      };
      expect(response.json().data.info.default_links).toEqual(expected);
      expect((await row()).default_links).toEqual(expected);

      const nulls = await patch(manager, {
        info: { default_links: { reservations: { title: null, url: null, active: null } } },
      });
      expect(nulls.statusCode, nulls.body).toBe(200);
      expect(nulls.json().data.info.default_links).toEqual({
        // The menu link, not sent, stays as it was.
        menu: expected.menu,
        reservations: {
          title: 'Reservas',
          url: 'https://app.painel.com.br/cantinabella/reservas',
          active: true,
        },
      });
    });

    it('refuses an address that is no URL, and changes nothing', async () => {
      const before = await row();
      for (const info of [
        { links: [{ title: 'Quebrado', url: 'cantina bella', active: true }] },
        { default_links: { menu: { title: 'Cardápio', url: 'http://', active: true } } },
        { address: { maps_url: 'mapa da cantina' } },
      ]) {
        const response = await patch(manager, { name: 'Cantina Nova', info });
        expect(response.statusCode, JSON.stringify(info)).toBe(400);
        expect(errorOf(response)).toContain('Informe uma URL válida');
      }
      expect(await row()).toEqual(before);
    });

    it("keeps another store's links out of reach", async () => {
      const before = await row(sertaoId);
      const response = await patch(
        manager,
        { info: { default_links: { menu: { title: 'x', url: 'x.com', active: true } } } },
        sertaoId,
      );
      expect(response.statusCode).toBe(404);
      expect(await row(sertaoId)).toEqual(before);
      const byAdmin = await patch(
        admin,
        { info: { default_links: { menu: { title: '', url: 'sertao.com.br/menu', active: true } } } },
        sertaoId,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().data.info.default_links.menu).toEqual({
        title: 'Cardápio',
        url: 'https://sertao.com.br/menu',
        active: true,
      });
    });
  });

  describe('hours', () => {
    const day = (day_of_week: number, ...periods: [string, string][]) => ({
      day_of_week,
      time_periods: periods.map(([start_time, end_time]) => ({ start_time, end_time })),
    });

    it('saves periods that follow each other, and one that ends at midnight', async () => {
      const hours = [day(1, ['11:00', '15:00'], ['15:00', '18:00']), day(5, ['18:00', '00:00'])];
      const response = await patch(manager, { info: { opening_hours: hours, reservation_hours: hours } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.info.opening_hours).toEqual(hours);
      expect((await row()).reservation_hours).toEqual(hours);
    });

    it('refuses a period that ends before it starts, or two that overlap on one day, and changes nothing', async () => {
      const before = await row();
      const cases: [unknown[], string][] = [
        [[day(2, ['18:00', '02:00'])], 'Terça-feira: o período das 18:00 às 02:00 termina antes de começar.'],
        [[day(0, ['11:00', '11:00'])], 'O horário de início e o de fim precisam ser diferentes.'],
        [
          [day(1, ['11:00', '15:00'], ['14:30', '18:00'])],
          'Segunda-feira: os períodos das 11:00 às 15:00 e das 14:30 às 18:00 se sobrepõem.',
        ],
        // The same day listed twice is one day.
        [
          [day(6, ['19:00', '23:00']), day(6, ['12:00', '20:00'])],
          'Sábado: os períodos das 19:00 às 23:00 e das 12:00 às 20:00 se sobrepõem.',
        ],
        [[day(3, ['12:00', '15:00'], ['12:00', '15:00'])], 'Quarta-feira: os períodos'],
        [[day(1, ['25:00', '26:00'])], 'Horário inválido (HH:mm)'],
        [[day(7, ['11:00', '15:00'])], 'Dia da semana inválido'],
      ];
      for (const [hours, message] of cases) {
        for (const key of ['opening_hours', 'reservation_hours']) {
          // With a change that is fine on its own: the whole request is refused.
          const response = await patch(manager, { name: 'Cantina Nova', info: { [key]: hours } });
          expect(response.statusCode, `${key} ${JSON.stringify(hours)}`).toBe(400);
          expect(errorOf(response)).toContain(message);
          expect(errorOf(response)).toContain(`campo info.${key}`);
        }
      }
      expect(await row()).toEqual(before);
    });
  });

  describe('who changes what', () => {
    it('refuses the status and the fees to staff with a clear message, and changes nothing', async () => {
      const before = await row();
      for (const payload of [
        { status: 'CLOSED' },
        { financial: { feedme_physical_tax: 0 } },
        { name: 'Cantina Nova', financial: { feedme_digital_tax: '1,5' } },
      ]) {
        const response = await patch(manager, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(403);
        expect(errorOf(response)).toBe(
          'Somente a administração da plataforma altera a situação e as taxas do restaurante.',
        );
      }
      expect(await row()).toEqual(before);
      const byAdmin = await patch(admin, { financial: { feedme_physical_tax: '2,5' } });
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      expect(byAdmin.json().data.financial.feedme_physical_tax).toBe(2.5);
    });

    it("lets the store's manager change the rest of the settings, with the form's messages", async () => {
      const response = await patch(manager, {
        name: 'Cantina Bella',
        description: 'Massas frescas no Bixiga',
        info: {
          whatsapp: '(11) 98765-4321',
          phone: '(11) 3333-4444',
          service_charge: '12,5',
          address: { zip_code: '01327-000', uf: 'sp', city: 'São Paulo', maps_url: 'maps.google.com/?q=1' },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        description: 'Massas frescas no Bixiga',
        info: {
          whatsapp: '11987654321',
          phone: '1133334444',
          service_charge: 12.5,
          address: { zip_code: '01327000', uf: 'SP', maps_url: 'https://maps.google.com/?q=1' },
        },
      });
      for (const [info, message] of [
        [{ address: { uf: 'S' } }, 'Informe uma UF válida'],
        [{ address: { uf: 'XX' } }, 'Informe uma UF válida'],
        [{ address: { zip_code: '0132' } }, 'Informe um CEP válido XXXXX-XXX'],
        [{ whatsapp: '1234' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
        [{ address: { street: '' } }, 'Campo obrigatório'],
      ] as const) {
        const refused = await patch(manager, { info });
        expect(refused.statusCode, JSON.stringify(info)).toBe(400);
        expect(errorOf(refused)).toContain(message);
      }
    });

    it("refuses the settings to the store's other roles, who still read them", async () => {
      const before = await row();
      const response = await patch(waiter, { info: { links: [] } });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(
        'Sua função não tem a permissão "Configurações". Peça a um gerente do restaurante.',
      );
      expect(await row()).toEqual(before);
      const read = await waiter({ method: 'GET', url: `/api/stores/id/${cantinaId}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.info.default_links.menu.title).toBeTruthy();
    });
  });
});

describe('opening hours as the settings form edits them (contract/lib/hours.ts)', () => {
  const week = [
    { day_of_week: 6, time_periods: [{ start_time: '18:30', end_time: '23:59' }] },
    { day_of_week: 0, time_periods: [{ start_time: '11:30', end_time: '17:00' }] },
    ...[2, 3].map((day_of_week) => ({
      day_of_week,
      time_periods: [
        { start_time: '18:30', end_time: '23:59' },
        { start_time: '11:30', end_time: '15:30' },
      ],
    })),
  ];

  it('groups the days sharing a period, every period of a day, and gives the per-day list back', () => {
    const groups = groupHours(week);
    expect(groups).toEqual([
      { days: [0], start_time: '11:30', end_time: '17:00' },
      { days: [2, 3], start_time: '11:30', end_time: '15:30' },
      { days: [2, 3, 6], start_time: '18:30', end_time: '23:59' },
    ]);
    expect(ungroupHours(groups)).toEqual([
      { day_of_week: 0, time_periods: [{ start_time: '11:30', end_time: '17:00' }] },
      ...[2, 3].map((day_of_week) => ({
        day_of_week,
        time_periods: [
          { start_time: '11:30', end_time: '15:30' },
          { start_time: '18:30', end_time: '23:59' },
        ],
      })),
      { day_of_week: 6, time_periods: [{ start_time: '18:30', end_time: '23:59' }] },
    ]);
    expect(groupHours([])).toEqual([]);
    expect(ungroupHours([{ days: [], start_time: '11:00', end_time: '12:00' }])).toEqual([]);
  });

  it('places each broken rule on the group that breaks it, and what is missing on its field', () => {
    expect(
      groupProblems([
        { days: [1, 2], start_time: '11:00', end_time: '15:00' },
        { days: [], start_time: '', end_time: '15:00' },
        { days: [2, 5], start_time: '14:00', end_time: '18:00' },
        { days: [4], start_time: '20:00', end_time: '19:00' },
        { days: [1], start_time: '11:00', end_time: '15:00' },
        { days: [6], start_time: '18:00', end_time: '00:00' },
        { days: [0], start_time: '09:00', end_time: '09:00' },
      ]),
    ).toEqual([
      {},
      { days: 'Selecione ao menos um dia.', start_time: 'Informe o horário (HH:mm).' },
      { end_time: 'Terça-feira: os períodos das 11:00 às 15:00 e das 14:00 às 18:00 se sobrepõem.' },
      { end_time: 'Quinta-feira: o período das 20:00 às 19:00 termina antes de começar.' },
      // The same period twice on one day: the later group is told.
      { end_time: 'Segunda-feira: os períodos das 11:00 às 15:00 e das 11:00 às 15:00 se sobrepõem.' },
      {},
      { end_time: 'O horário de início e o de fim precisam ser diferentes.' },
    ]);
  });
});
