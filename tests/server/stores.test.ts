import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  accounts,
  memberships,
  cuisines,
  DEFAULT_KITCHEN_TIMERS,
  operations,
  stores,
} from '../../server/db/schema';
import { DEFAULT_KITCHEN_TIMERS as BOARD_DEFAULT_TIMERS } from '../../contract/resources/restaurants/definition';
import { FILE_URL_INVALID } from '../../contract/lib/fileUrls';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

/** A complete create form, as the admin screen sends it (masks included). */
function createBody(overrides: Record<string, unknown> = {}) {
  return {
    logo_black: '/uploads/images/platform/1700000000000-c0a1.webp',
    logo_white: '/uploads/images/platform/1700000000000-10c0.webp',
    bg_image: '/uploads/images/platform/1700000000000-4e3e.webp',
    operation_id: 1,
    cousine_id: 1,
    name: 'Trattoria Nonna',
    company_name: 'Trattoria Nonna Ltda',
    cnpj: '11.222.333/0001-81',
    description: 'Massas frescas todos os dias',
    full_description: 'Cozinha italiana de família desde 1987.',
    instagram: '@trattorianonna',
    phone: '(11) 3456-7890',
    whatsapp: '',
    site: 'trattorianonna.com.br',
    email_admin: 'Contato@TrattoriaNonna.com.br',
    zip_code: '01310-100',
    street: 'Avenida Paulista',
    street_number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    uf: 'sp',
    maps_url: '',
    name_responsible: 'Lucia Bianchi',
    cpf: '529.982.247-25',
    email: 'lucia@trattorianonna.com.br',
    phone_responsible: '(11) 98765-4321',
    feedme_physical_tax: '1,5',
    feedme_digital_tax: '',
    ...overrides,
  };
}

describe('restaurants API', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let cantina: ReturnType<typeof as>;
  let anonymous: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = as(t.app, await login(t.app, demo.admin));
    cantina = as(t.app, await login(t.app, demo.cantina));
    anonymous = as(t.app, null);
    cantinaId = await storeId(t.database.db, 'Cantina Bella');
    sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  });
  afterAll(() => t?.close());

  it('creates a restaurant with the spec defaults and its staff account', async () => {
    const [cuisine] = await t.database.db.select({ id: cuisines.id }).from(cuisines).limit(1);
    const [city] = await t.database.db.select({ id: operations.id }).from(operations).limit(1);
    const response = await admin({
      method: 'POST',
      url: '/api/stores',
      payload: createBody({ cousine_id: cuisine!.id, operation_id: city!.id }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const store = response.json().data;
    expect(store).toMatchObject({
      name: 'Trattoria Nonna',
      slug: 'trattorianonna',
      status: 'OK',
      app_skin: 'WHITE',
      cnpj: '11222333000181',
      cpf: '52998224725',
      uf: 'SP',
      zip_code: '01310100',
      phone: '1134567890',
      site: 'https://trattorianonna.com.br',
      feedme_physical_tax: 1.5,
      feedme_digital_tax: 0,
      opening_hours: [{ day_of_week: 0, time_periods: [{ start_time: '11:00', end_time: '15:00' }] }],
      info: { responsible: { name: 'Lucia Bianchi', cpf: '52998224725' }, app_skin: 'WHITE' },
      financial: { feedme_physical_tax: 1.5, feedme_digital_tax: 0 },
    });
    expect(store.info.default_links.menu.title).toBe('Cardápio');
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'contato@trattorianonna.com.br'));
    expect(account).toMatchObject({ role: 'MEMBER', last_store_id: store.id, password_hash: null });
    const [membership] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.account_id, account!.id));
    expect(membership).toMatchObject({ store_id: store.id, role: 'MANAGER' });
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stores);
    const cases: [Record<string, unknown>, string][] = [
      [{ cnpj: '11.222.333/0001-00' }, 'Informe um CNPJ válido XX.XXX.XXX/XXXX-XX'],
      [{ cpf: '111.111.111-11' }, 'Informe um CPF válido XXX.XXX.XXX-XX'],
      [{ uf: 'XX' }, 'Informe uma UF válida'],
      [{ street_number: '10A' }, 'informe somente números'],
      [{ feedme_digital_tax: 'dez' }, 'Informe somente números ex: 1.2'],
      [{ name: '' }, 'Campo obrigatório'],
      [{ logo_white: '' }, 'Você precisa inserir imagens'],
      [{ logo_white: 'javascript:alert(1)' }, FILE_URL_INVALID],
      [{ logo_black: 'data:image/svg+xml,<svg onload=alert(1)>' }, FILE_URL_INVALID],
      [{ bg_image: 'https://atacante.example/rastreio.png' }, FILE_URL_INVALID],
      [
        { bg_image: 'http://localhost:3000/uploads/images/platform/1700000000000-4e3e.webp' },
        FILE_URL_INVALID,
      ],
      [{ logo_black: '/uploads/../api/account' }, FILE_URL_INVALID],
      [{ logo_black: '/uploads/demo/../../etc/passwd' }, FILE_URL_INVALID],
      [{ cousine_id: undefined }, 'Você precisa selecionar os campos "Cidade de Operação" e "Cozinha"'],
      [{ operation_id: undefined }, 'Você precisa selecionar os campos "Cidade de Operação" e "Cozinha"'],
      [{ street: undefined }, 'Campo obrigatório'],
      [{ zip_code: '0131' }, 'Informe um CEP válido XXXXX-XXX'],
      [{ phone: '123' }, 'Informe um número de telefone válido (XX) XXXXX-XXXX'],
      [{ email_admin: 'sem-arroba' }, 'Informe um email válido'],
    ];
    for (const [override, message] of cases) {
      const response = await admin({
        method: 'POST',
        url: '/api/stores',
        payload: createBody({ email_admin: 'outro@x.com.br', ...override }),
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stores);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("makes a responsible e-mail that already works in a restaurant this one's manager too", async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/stores',
      payload: createBody({
        email_admin: demo.cantina.email,
        name: 'Cantina Bella Pinheiros',
        cnpj: '11.444.777/0001-61',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const storeId = response.json().data.id as number;
    const places = await t.database.db
      .select({ store_id: memberships.store_id, role: memberships.role })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.account_id))
      .where(eq(accounts.email, demo.cantina.email));
    expect(places).toEqual(
      expect.arrayContaining([
        { store_id: storeId, role: 'MANAGER' },
        { store_id: cantinaId, role: 'MANAGER' },
      ]),
    );
  });

  it("refuses an administrator's e-mail as a restaurant's responsible", async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/stores',
      payload: createBody({ email_admin: demo.admin.email, name: 'Outra', cnpj: '45.997.418/0001-53' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain(demo.admin.email);
  });

  it('lists, searches accent-insensitively and filters by status', async () => {
    const all = await admin({ method: 'GET', url: '/api/stores?page_size=100' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.total).toBeGreaterThanOrEqual(3);
    const search = await admin({ method: 'GET', url: '/api/stores?search=SERTAO' });
    expect(search.json().data.results.map((s: { name: string }) => s.name)).toEqual(['Sabor do Sertão']);
    const inactive = await admin({ method: 'GET', url: '/api/stores?status=INACTIVE,CLOSED' });
    expect(inactive.json().data.results.every((s: { status: string }) => s.status !== 'OK')).toBe(true);
    const bad = await admin({ method: 'GET', url: '/api/stores?status=NOPE' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows staff their own store only', async () => {
    const list = await cantina({ method: 'GET', url: '/api/stores' });
    expect(list.json().data.results.map((s: { id: number }) => s.id)).toEqual([cantinaId]);
    expect((await cantina({ method: 'GET', url: `/api/stores/id/${sertaoId}` })).statusCode).toBe(404);
    expect((await cantina({ method: 'GET', url: `/api/stores/id/${cantinaId}` })).statusCode).toBe(200);
    const patch = await cantina({
      method: 'PATCH',
      url: `/api/stores/id/${sertaoId}`,
      payload: { name: 'x' },
    });
    expect(patch.statusCode).toBe(404);
  });

  it('lets staff edit their settings but not the status or the fees', async () => {
    const ok = await cantina({
      method: 'PATCH',
      url: `/api/stores/id/${cantinaId}`,
      payload: { info: { address: { city: 'São Paulo', uf: 'sp' }, site: 'cantinabella.com.br' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.info.address).toMatchObject({ city: 'São Paulo', uf: 'SP' });
    expect(ok.json().data.site).toBe('https://cantinabella.com.br');
    const status = await cantina({
      method: 'PATCH',
      url: `/api/stores/id/${cantinaId}`,
      payload: { status: 'CLOSED' },
    });
    expect(status.statusCode).toBe(403);
  });

  it("takes only this server's stored files, or the demo's and the defaults, in the logo and image fields of the settings", async () => {
    const before = await cantina({ method: 'GET', url: `/api/stores/id/${cantinaId}` });
    for (const url of [
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://atacante.example/logo.png',
      '//atacante.example/logo.png',
      '/api/account',
      '/uploads/images/1/../../../api/account',
    ]) {
      for (const field of ['logo_white', 'logo_black', 'bg_image']) {
        const response = await cantina({
          method: 'PATCH',
          url: `/api/stores/id/${cantinaId}`,
          payload: { [field]: url },
        });
        expect(response.statusCode, `${field} ${url}`).toBe(400);
        expect(errorOf(response)).toBe(`${FILE_URL_INVALID} (campo ${field})`);
      }
    }
    const after = await cantina({ method: 'GET', url: `/api/stores/id/${cantinaId}` });
    expect(after.json().data.logo_white).toBe(before.json().data.logo_white);
    for (const url of [
      `/uploads/images/${cantinaId}/1700000000000-ab12.png`,
      '/uploads/demo/stores/cantina-bella-logo-white.svg',
      '/uploads/defaults/opdv-placeholder.png',
    ]) {
      const ok = await cantina({
        method: 'PATCH',
        url: `/api/stores/id/${cantinaId}`,
        payload: { logo_white: url },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.logo_white).toBe(url);
    }
  });

  it('lets the admin set any status, approve and remove', async () => {
    const closed = await admin({
      method: 'PATCH',
      url: `/api/stores/id/${sertaoId}`,
      payload: { status: 'CLOSED' },
    });
    expect(closed.json().data.status).toBe('CLOSED');
    const approved = await admin({ method: 'PATCH', url: `/api/stores/id/${sertaoId}/approve` });
    expect(approved.json().data.status).toBe('OK');
    const again = await admin({ method: 'PATCH', url: `/api/stores/id/${sertaoId}/approve` });
    expect(again.statusCode).toBe(409);
    expect((await cantina({ method: 'PATCH', url: `/api/stores/id/${cantinaId}/approve` })).statusCode).toBe(
      403,
    );
  });

  it('saves a new order of the list', async () => {
    const list = await admin({ method: 'GET', url: '/api/stores?page_size=100' });
    const ids = list
      .json()
      .data.results.map((s: { id: number }) => s.id)
      .reverse();
    const saved = await admin({ method: 'PATCH', url: '/api/stores/reorder', payload: { ids } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await admin({ method: 'GET', url: '/api/stores?page_size=100' });
    expect(after.json().data.results.map((s: { id: number }) => s.id)).toEqual(ids);
    expect(
      (await admin({ method: 'PATCH', url: '/api/stores/reorder', payload: { ids: [ids[0], ids[0]] } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await cantina({ method: 'PATCH', url: '/api/stores/reorder', payload: { ids } })).statusCode,
    ).toBe(403);
    expect(
      (await anonymous({ method: 'PATCH', url: '/api/stores/reorder', payload: { ids } })).statusCode,
    ).toBe(401);
  });

  it('answers the dashboard and the overview', async () => {
    const dashboard = await admin({ method: 'GET', url: '/api/statistics/stores' });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.revenues.map((r: { label: string }) => r.label)).toEqual([
      'Hoje',
      'Últimos 7 dias',
      'Últimos 30 dias',
      'Últimos 12 meses',
    ]);
    // Nothing sold before: no percentage against it (never "+100 %").
    expect(dashboard.json().data.revenues.map((r: { variation: number | null }) => r.variation)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(Array.isArray(dashboard.json().data.trending)).toBe(true);
    const overview = await cantina({ method: 'GET', url: `/api/statistics/store/id/${cantinaId}/overview` });
    expect(overview.json().data).toEqual({
      visitors: expect.any(Number),
      revenues: expect.any(Number),
      paid_tickets: expect.any(Number),
    });
    expect(
      (await cantina({ method: 'GET', url: `/api/statistics/store/id/${sertaoId}/overview` })).statusCode,
    ).toBe(404);
  });

  it('suggests municipalities accent-insensitively', async () => {
    const response = await admin({ method: 'GET', url: '/api/municipalities?search=sao paulo' });
    expect(response.json().data.results[0]).toEqual({ code: '3550308', name: 'São Paulo', uf: 'SP' });
    const inState = await admin({ method: 'GET', url: '/api/municipalities?search=campinas&uf=SP' });
    expect(inState.json().data.results.map((m: { name: string }) => m.name)).toContain('Campinas');
  });

  it('removes a restaurant (admin only), with the files it was sent', async () => {
    // Files as uploads leave them: the team's under the store's id, the admin's under platform.
    const place = (relative: string) => {
      const file = path.join(t.uploadsDir, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'x');
      return file;
    };
    const teamImage = place(`images/${sertaoId}/1700000000000-aa11.webp`);
    const teamVideo = place(`videos/${sertaoId}/1700000000000-bb22.mp4`);
    const logo = place('images/platform/1700000000000-cc33.webp');
    const otherLogo = place('images/platform/1700000000000-dd44.webp');
    const otherStore = place(`images/${cantinaId}/1700000000000-ee55.webp`);
    await t.database.db
      .update(stores)
      .set({ logo_white: '/uploads/images/platform/1700000000000-cc33.webp' })
      .where(eq(stores.id, sertaoId));

    expect((await cantina({ method: 'DELETE', url: `/api/stores/id/${sertaoId}` })).statusCode).toBe(403);
    expect(fs.existsSync(teamImage)).toBe(true);
    const removed = await admin({ method: 'DELETE', url: `/api/stores/id/${sertaoId}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { id: sertaoId } });
    expect((await admin({ method: 'GET', url: `/api/stores/id/${sertaoId}` })).statusCode).toBe(404);
    expect(fs.existsSync(teamImage)).toBe(false);
    expect(fs.existsSync(teamVideo)).toBe(false);
    expect(fs.existsSync(path.join(t.uploadsDir, `images/${sertaoId}`))).toBe(false);
    expect(fs.existsSync(logo)).toBe(false);
    // Nobody else's files.
    expect(fs.existsSync(otherLogo)).toBe(true);
    expect(fs.existsSync(otherStore)).toBe(true);
  });

  it('refuses a CNPJ another restaurant has, on create and on edit', async () => {
    const [cantinaRow] = await t.database.db
      .select({ cnpj: stores.cnpj })
      .from(stores)
      .where(eq(stores.id, cantinaId));
    const created = await admin({
      method: 'POST',
      url: '/api/stores',
      payload: createBody({ name: 'Cópia', cnpj: cantinaRow!.cnpj, email_admin: 'copia@x.com.br' }),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ error: { message: 'Já existe um restaurante com esse CNPJ.' } });
    const [account] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, 'copia@x.com.br'));
    expect(account).toBeUndefined();

    const other = await admin({ method: 'GET', url: '/api/stores?search=trattoria' });
    const trattoria = other.json().data.results[0].id as number;
    const edited = await admin({
      method: 'PATCH',
      url: `/api/stores/id/${trattoria}`,
      payload: { info: { cnpj: cantinaRow!.cnpj } },
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.message).toBe('Já existe um restaurante com esse CNPJ.');
  });

  it('creates two restaurants of the same name at once, each with its own address', async () => {
    const [cuisine] = await t.database.db.select({ id: cuisines.id }).from(cuisines).limit(1);
    const [city] = await t.database.db.select({ id: operations.id }).from(operations).limit(1);
    const body = (cnpj: string, email: string) =>
      createBody({
        name: 'Bistrô Gêmeo',
        cnpj,
        email_admin: email,
        cousine_id: cuisine!.id,
        operation_id: city!.id,
      });
    const answers = await Promise.all([
      admin({ method: 'POST', url: '/api/stores', payload: body('45.723.174/0001-10', 'a@gemeo.com.br') }),
      admin({ method: 'POST', url: '/api/stores', payload: body('34.028.316/0001-03', 'b@gemeo.com.br') }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const slugs = answers.map((answer) => answer.json().data.slug as string).sort();
    expect(slugs).toEqual(['bistrogemeo', 'bistrogemeo-2']);
  });

  it('prefixes https:// to links typed without a scheme, and empties optional fields sent blank', async () => {
    const response = await cantina({
      method: 'PATCH',
      url: `/api/stores/id/${cantinaId}`,
      payload: {
        info: {
          site: 'cantinabella.com.br',
          links: [{ title: 'Cardápio', url: 'cantinabella.com.br/menu', active: true }],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json().data;
    expect(saved.site).toBe('https://cantinabella.com.br');
    expect(JSON.stringify(saved)).toContain('https://cantinabella.com.br/menu');

    const cleared = await cantina({
      method: 'PATCH',
      url: `/api/stores/id/${cantinaId}`,
      payload: { info: { site: '', whatsapp: null } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [row] = await t.database.db
      .select({ site: stores.site, whatsapp: stores.whatsapp })
      .from(stores)
      .where(eq(stores.id, cantinaId));
    expect(row).toEqual({ site: null, whatsapp: null });
  });
});

/**
 * A test app for a store's settings: the platform's administrator, Cantina Bella's manager and one
 * more of its team in `role`, signed in; both demo stores' ids.
 */
async function settingsTeam(role: string, email: string, password: string) {
  const t = await createTestApp();
  const cantinaId = await storeId(t.database.db, 'Cantina Bella');
  const sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  await createAccount(t.database.db, { email, password, role, store_id: cantinaId });
  return {
    t,
    cantinaId,
    sertaoId,
    admin: as(t.app, await login(t.app, demo.admin)),
    manager: as(t.app, await login(t.app, demo.cantina)),
    member: as(t.app, await login(t.app, { email, password })),
  };
}

describe("a store's kitchen timers (info.kitchen_timers)", () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let manager: ReturnType<typeof as>;
  let waiter: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;

  beforeAll(async () => {
    ({
      t,
      admin,
      manager,
      member: waiter,
      cantinaId,
      sertaoId,
    } = await settingsTeam('WAITER', 'garcom@cantinabella.com.br', 'Garcom@2026'));
  });
  afterAll(() => t?.close());

  const stored = async (id: number) =>
    (
      await t.database.db
        .select({ timers: stores.kitchen_timers, name: stores.name })
        .from(stores)
        .where(eq(stores.id, id))
    )[0]!;
  const patch = (call: ReturnType<typeof as>, id: number, payload: Record<string, unknown>) =>
    call({ method: 'PATCH', url: `/api/stores/id/${id}`, payload });

  it('reads the defaults of a store that never changed them, the same the board falls back to', async () => {
    expect(BOARD_DEFAULT_TIMERS).toEqual(DEFAULT_KITCHEN_TIMERS);
    for (const call of [manager, waiter]) {
      const response = await call({ method: 'GET', url: `/api/stores/id/${cantinaId}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.info.kitchen_timers).toEqual(DEFAULT_KITCHEN_TIMERS);
    }
  });

  it("lets the store's manager change them, and an administrator any store's", async () => {
    const timers = { placed: { warn: 3, late: 8 }, preparing: { warn: 15, late: 240 } };
    const response = await patch(manager, cantinaId, { info: { kitchen_timers: timers } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.info.kitchen_timers).toEqual(timers);
    expect((await stored(cantinaId)).timers).toEqual(timers);
    const read = await waiter({ method: 'GET', url: `/api/stores/id/${cantinaId}` });
    expect(read.json().data.info.kitchen_timers).toEqual(timers);

    const theirs = { placed: { warn: 1, late: 2 }, preparing: { warn: 30, late: 45 } };
    const byAdmin = await patch(admin, sertaoId, { info: { kitchen_timers: theirs } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await stored(sertaoId)).timers).toEqual(theirs);
    // Another store's manager reaches no other store's.
    expect((await patch(manager, sertaoId, { info: { kitchen_timers: timers } })).statusCode).toBe(404);
    expect((await stored(sertaoId)).timers).toEqual(theirs);
  });

  it('refuses red no later than amber, minutes out of 1..240, or not whole, and changes nothing', async () => {
    const before = await stored(cantinaId);
    const stage = (warn: unknown, late: unknown) => ({ warn, late });
    const ok = stage(5, 10);
    const cases: [unknown, string][] = [
      [{ placed: stage(10, 10), preparing: ok }, 'O tempo de atraso deve ser maior que o de atenção.'],
      [{ placed: ok, preparing: stage(30, 20) }, 'O tempo de atraso deve ser maior que o de atenção.'],
      [{ placed: stage(0, 10), preparing: ok }, 'Informe de 1 a 240 minutos.'],
      [{ placed: stage(-5, 10), preparing: ok }, 'Informe de 1 a 240 minutos.'],
      [{ placed: ok, preparing: stage(12, 241) }, 'Informe de 1 a 240 minutos.'],
      [{ placed: stage(2.5, 10), preparing: ok }, 'Informe os minutos em números inteiros.'],
      [{ placed: stage('5', 10), preparing: ok }, 'Informe os minutos em números inteiros.'],
      [{ placed: stage(null, 10), preparing: ok }, 'Informe os minutos em números inteiros.'],
      [{ placed: ok }, ''],
      [{ placed: ok, preparing: ok, ready: ok }, ''],
      [{ placed: { warn: 5, late: 10, red: 20 }, preparing: ok }, ''],
      ['5-10', ''],
    ];
    for (const [kitchen_timers, message] of cases) {
      // With a change that is fine on its own: the whole request is refused.
      const response = await patch(manager, cantinaId, { name: 'Cantina Nova', info: { kitchen_timers } });
      expect(response.statusCode, JSON.stringify(kitchen_timers)).toBe(400);
      if (message) expect(errorOf(response)).toContain(message);
    }
    expect(await stored(cantinaId)).toEqual(before);
  });

  it('refuses a waiter, who may not change the store settings, and changes nothing', async () => {
    const before = await stored(cantinaId);
    const response = await patch(waiter, cantinaId, {
      info: { kitchen_timers: { placed: { warn: 1, late: 2 }, preparing: { warn: 1, late: 2 } } },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toBe(
      'Sua função não tem a permissão "Configurações". Peça a um gerente do restaurante.',
    );
    expect(await stored(cantinaId)).toEqual(before);
  });
});

describe("how a store's kitchen board groups its cards (info.kitchen_grouping)", () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let manager: ReturnType<typeof as>;
  let kitchen: ReturnType<typeof as>;
  let cantinaId: number;
  let sertaoId: number;

  beforeAll(async () => {
    ({
      t,
      admin,
      manager,
      member: kitchen,
      cantinaId,
      sertaoId,
    } = await settingsTeam('KITCHEN', 'cozinha@cantinabella.com.br', 'Cozinha@2026'));
  });
  afterAll(() => t?.close());

  const stored = async (id: number) =>
    (
      await t.database.db.select({ grouping: stores.kitchen_grouping }).from(stores).where(eq(stores.id, id))
    )[0]!.grouping;
  const patch = (call: ReturnType<typeof as>, id: number, payload: Record<string, unknown>) =>
    call({ method: 'PATCH', url: `/api/stores/id/${id}`, payload });
  const read = async (call: ReturnType<typeof as>, id: number) =>
    (await call({ method: 'GET', url: `/api/stores/id/${id}` })).json().data.info.kitchen_grouping;

  it("reads per customer's ticket by default, for the whole team the board serves", async () => {
    expect(await read(manager, cantinaId)).toBe('ticket');
    expect(await read(kitchen, cantinaId)).toBe('ticket');
  });

  it('lets who holds Configurações choose per table, and an administrator any store', async () => {
    const response = await patch(manager, cantinaId, { info: { kitchen_grouping: 'table' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.info.kitchen_grouping).toBe('table');
    expect(await stored(cantinaId)).toBe('table');
    expect(await read(kitchen, cantinaId)).toBe('table');
    // With the timers, in one save (the board's 'Tempos' dialog).
    const both = await patch(manager, cantinaId, {
      info: {
        kitchen_grouping: 'ticket',
        kitchen_timers: { placed: { warn: 4, late: 9 }, preparing: { warn: 10, late: 20 } },
      },
    });
    expect(both.json().data.info).toMatchObject({
      kitchen_grouping: 'ticket',
      kitchen_timers: { placed: { warn: 4, late: 9 } },
    });
    expect((await patch(admin, sertaoId, { info: { kitchen_grouping: 'table' } })).statusCode).toBe(200);
    expect(await stored(sertaoId)).toBe('table');
    expect((await patch(manager, sertaoId, { info: { kitchen_grouping: 'ticket' } })).statusCode).toBe(404);
    expect(await stored(sertaoId)).toBe('table');
  });

  it('refuses another grouping, and the kitchen, who may not change the settings', async () => {
    for (const kitchen_grouping of ['customer', '', null, 1]) {
      const response = await patch(manager, cantinaId, { info: { kitchen_grouping } });
      expect(response.statusCode, String(kitchen_grouping)).toBe(400);
      expect(errorOf(response)).toContain('Agrupe os pedidos por cliente ou por mesa.');
    }
    const refused = await patch(kitchen, cantinaId, { info: { kitchen_grouping: 'table' } });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(
      'Sua função não tem a permissão "Configurações". Peça a um gerente do restaurante.',
    );
    expect(await stored(cantinaId)).toBe('ticket');
  });
});
