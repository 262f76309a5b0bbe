import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { promoCodes } from '../../server/db/schema';
import {
  DISCOUNT_FORMAT,
  DISCOUNT_RANGE,
  DUPLICATE_CODE,
  EXPIRY_FORMAT,
  EXPIRY_PAST,
  USES_MIN,
  type PromoCode,
} from '../../contract/resources/promoCodes/definition';
import { discountString, promoCodePayload } from '../../src/resources/promoCodes/payload';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const ADMIN_ONLY = { error: { message: 'Acesso restrito aos administradores da plataforma.' } };

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
const anonymous = () => as(t.app, null);

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  staff = as(t.app, await login(t.app, demo.cantina));
});

afterAll(async () => {
  await t?.close();
});

interface Page<T> {
  data: { results: T[]; total: number };
}

/** A date `days` from today in São Paulo (UTC-3), as the form's date input sends it. */
const dayFromNow = (days: number) =>
  new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The body the web form sends (spec 7: POST /api/promocodes/). */
const body = (overrides: Record<string, unknown> = {}) => ({
  description: '15% na primeira comanda',
  code: 'bemvindo15',
  discount: '15.00',
  max_discount: 25,
  n_available: 100,
  active: true,
  expires_at: dayFromNow(30),
  origin: null,
  type: 'FIRST_USE',
  ...overrides,
});

const create = (overrides: Record<string, unknown> = {}) =>
  admin({ method: 'POST', url: '/api/promocodes/', payload: body(overrides) });

const rows = async () => {
  const [row] = await t.app.db.select({ n: count() }).from(promoCodes);
  return row!.n;
};

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { message: string } }).error.message;

describe('promo codes: create (POST /api/promocodes/)', () => {
  it('creates a code upper-cased, with the discount string stored as a number', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const record = response.json<{ data: PromoCode }>().data;
    expect(record).toMatchObject({
      code: 'BEMVINDO15',
      description: '15% na primeira comanda',
      discount: 15,
      max_discount: 25,
      n_available: 100,
      n_uses: 0,
      origin: null,
      type: 'FIRST_USE',
      active: true,
    });
    // A date alone expires at the end of that day in São Paulo (UTC-3).
    expect(record.expires_at).toBe(new Date(`${dayFromNow(30)}T23:59:59.999-03:00`).toISOString());

    const one = await admin({ method: 'GET', url: `/api/promocodes/id/${record.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: record });
  });

  it('keeps two decimals of the discount, and takes a number or a comma too', async () => {
    const decimal = await create({ code: 'DEC1', discount: '12.5' });
    expect(decimal.statusCode).toBe(201);
    expect(decimal.json<{ data: PromoCode }>().data.discount).toBe(12.5);
    const number = await create({ code: 'DEC2', discount: 7.25 });
    expect(number.json<{ data: PromoCode }>().data.discount).toBe(7.25);
    const comma = await create({ code: 'DEC3', discount: '100,00', max_discount: 100 });
    expect(comma.json<{ data: PromoCode }>().data.discount).toBe(100);
  });

  it('refuses a code already taken, whatever its case', async () => {
    await create({ code: 'Sextou20' });
    const before = await rows();
    for (const code of ['SEXTOU20', 'sextou20', '  sExTou20 ']) {
      const response = await create({ code });
      expect(response.statusCode, code).toBe(409);
      expect(response.json()).toEqual({ error: { message: DUPLICATE_CODE } });
    }
    expect(await rows()).toBe(before);
  });

  it('refuses a discount that is not a percentage above 0 and up to 100', async () => {
    const before = await rows();
    const cases: [unknown, string][] = [
      ['0', DISCOUNT_RANGE],
      ['0.00', DISCOUNT_RANGE],
      ['101', DISCOUNT_RANGE],
      ['100.01', DISCOUNT_RANGE],
      [150, DISCOUNT_RANGE],
      [-5, DISCOUNT_RANGE],
      ['abc', DISCOUNT_FORMAT],
      ['15%', DISCOUNT_FORMAT],
      ['15.555', DISCOUNT_FORMAT],
      [true, DISCOUNT_FORMAT],
      ['', 'Campo obrigatório'],
    ];
    for (const [discount, message] of cases) {
      const response = await create({ code: 'NOVO', discount });
      expect(response.statusCode, String(discount)).toBe(400);
      expect(errorOf(response), String(discount)).toBe(`${message} (campo discount)`);
    }
    expect(await rows()).toBe(before);
  });

  it('refuses bad uses, expiry, origin, type and code with clear messages', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ n_available: 0 }, `${USES_MIN} (campo n_available)`],
      [{ n_available: '12a' }, 'Informe o número de usos somente com números. (campo n_available)'],
      [{ max_discount: 0 }, 'O desconto máximo deve ser maior que zero. (campo max_discount)'],
      // Spec 3: the maximum is a percentage off, like the discount, and no smaller than it.
      [{ max_discount: 2500 }, 'O desconto máximo deve ser no máximo 100%. (campo max_discount)'],
      [{ max_discount: 10 }, 'O desconto máximo não pode ser menor que o desconto. (campo max_discount)'],
      [{ max_discount: '20%' }, 'Informe o desconto máximo somente com números. (campo max_discount)'],
      [{ expires_at: dayFromNow(-1) }, `${EXPIRY_PAST} (campo expires_at)`],
      [{ expires_at: new Date(Date.now() - 60_000).toISOString() }, `${EXPIRY_PAST} (campo expires_at)`],
      [{ expires_at: '2030-02-30' }, `${EXPIRY_FORMAT} (campo expires_at)`],
      [{ expires_at: '31/12/2030' }, `${EXPIRY_FORMAT} (campo expires_at)`],
      [{ origin: 'PICKUP' }, 'Escolha Presencial, Delivery ou Todas. (campo origin)'],
      [{ type: 'VIP' }, 'Escolha Primeiro uso, Normal ou Todos. (campo type)'],
      [
        { code: 'PROMOÇÃO' },
        'Use apenas letras sem acento, números, hífen ou sublinhado no código. (campo code)',
      ],
      [{ code: '' }, 'Campo obrigatório (campo code)'],
      [{ description: ' ' }, 'Campo obrigatório (campo description)'],
    ];
    for (const [overrides, message] of cases) {
      const response = await create({ code: 'NOVO', ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorOf(response), JSON.stringify(overrides)).toBe(message);
    }
    const unknown = await create({ code: 'NOVO', n_uses: 50 });
    expect(unknown.statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('takes today (until midnight in São Paulo) or an instant with offset as the expiry', async () => {
    expect((await create({ code: 'HOJE', expires_at: dayFromNow(0) })).statusCode).toBe(201);
    const instant = new Date(Date.now() + 3_600_000).toISOString();
    const later = await create({ code: 'UMAHORA', expires_at: instant });
    expect(later.statusCode).toBe(201);
    expect(later.json<{ data: PromoCode }>().data.expires_at).toBe(instant);
  });

  it("takes '' or null for origin and type as every origin and type", async () => {
    const response = await create({ code: 'TODOS', origin: '', type: null, expires_at: undefined });
    expect(response.statusCode).toBe(400); // expires_at is required
    const ok = await create({ code: 'TODOS', origin: '', type: '', max_discount: '15' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ data: PromoCode }>().data).toMatchObject({
      origin: null,
      type: null,
      max_discount: 15,
    });
  });
});

describe('promo codes: active toggle (PATCH /api/promocodes/id/{id})', () => {
  it('switches a code off and on with { active }', async () => {
    const created = (await create({ code: 'TOGGLE1' })).json<{ data: PromoCode }>().data;
    const off = await admin({
      method: 'PATCH',
      url: `/api/promocodes/id/${created.id}`,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: PromoCode }>().data).toEqual({ ...created, active: false });
    const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, created.id));
    expect(row?.active).toBe(false);

    const on = await admin({
      method: 'PATCH',
      url: `/api/promocodes/id/${created.id}`,
      payload: { active: true },
    });
    expect(on.json<{ data: PromoCode }>().data.active).toBe(true);
  });

  it('changes nothing but active, and answers 404 for an unknown code', async () => {
    const created = (await create({ code: 'TOGGLE2' })).json<{ data: PromoCode }>().data;
    for (const payload of [{ code: 'OUTRO' }, { discount: '50.00' }, { active: 'sim' }, {}]) {
      const response = await admin({
        method: 'PATCH',
        url: `/api/promocodes/id/${created.id}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, created.id));
    expect(row).toMatchObject({ code: 'TOGGLE2', discount: 15, active: true });

    const missing = await admin({
      method: 'PATCH',
      url: '/api/promocodes/id/999999',
      payload: { active: false },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('has no delete', async () => {
    const response = await admin({ method: 'DELETE', url: '/api/promocodes/id/1' });
    expect(response.statusCode).toBe(404);
  });
});

describe('promo codes: list (GET /api/promocodes)', () => {
  let app: TestApp;
  let call: ReturnType<typeof as>;

  beforeAll(async () => {
    app = await createTestApp();
    call = as(app.app, await login(app.app, demo.admin));
    // 19 codes, created in this order: PAGE01 … PAGE19.
    for (let i = 1; i <= 19; i++) {
      const response = await call({
        method: 'POST',
        url: '/api/promocodes',
        payload: body({
          code: `PAGE${String(i).padStart(2, '0')}`,
          description: i % 2 ? `Desconto ímpar ${i}` : `Desconto par ${i}`,
          discount: `${i}.00`,
          expires_at: dayFromNow(i),
          origin: i % 3 === 0 ? 'DELIVERY' : 'INDOOR',
        }),
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = async (query: string) => {
    const response = await call({ method: 'GET', url: `/api/promocodes?${query}` });
    expect(response.statusCode, query).toBe(200);
    return response.json<Page<PromoCode>>().data;
  };

  it('pages 8 at a time by default, newest first, with the total', async () => {
    const first = await list('');
    expect(first.total).toBe(19);
    expect(first.results.map((r) => r.code)).toEqual(
      ['19', '18', '17', '16', '15', '14', '13', '12'].map((n) => `PAGE${n}`),
    );
    const third = await list('page=3');
    expect(third.total).toBe(19);
    expect(third.results.map((r) => r.code)).toEqual(['PAGE03', 'PAGE02', 'PAGE01']);
  });

  it('sorts by code, discount and expiry', async () => {
    expect((await list('sort_field=code&sort_order=ASC&page_size=3')).results.map((r) => r.code)).toEqual([
      'PAGE01',
      'PAGE02',
      'PAGE03',
    ]);
    expect(
      (await list('sort_field=discount&sort_order=DESC&page_size=2')).results.map((r) => r.discount),
    ).toEqual([19, 18]);
    expect((await list('sort_field=expires_at&sort_order=asc&page_size=1')).results[0]?.code).toBe('PAGE01');
    const bad = await call({ method: 'GET', url: '/api/promocodes?sort_field=max_discount' });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by origin and searches code and description', async () => {
    const delivery = await list('origin=DELIVERY');
    expect(delivery.total).toBe(6);
    expect(delivery.results.every((r) => r.origin === 'DELIVERY')).toBe(true);
    expect((await list('search=page1')).total).toBe(10);
    expect((await list('search=impar')).total).toBe(10);
  });
});

describe('promo codes: access', () => {
  it('answers 403 to restaurant staff and 401 to anonymous callers, writing nothing', async () => {
    const before = await rows();
    const calls = [
      { method: 'GET' as const, url: '/api/promocodes' },
      { method: 'GET' as const, url: '/api/promocodes/id/1' },
      { method: 'POST' as const, url: '/api/promocodes/', payload: body({ code: 'INTRUSO' }) },
      { method: 'PATCH' as const, url: '/api/promocodes/id/1', payload: { active: false } },
    ];
    for (const request of calls) {
      const asStaff = await staff(request);
      expect(asStaff.statusCode, request.method).toBe(403);
      expect(asStaff.json()).toEqual(ADMIN_ONLY);
      const asNobody = await anonymous()(request);
      expect(asNobody.statusCode, request.method).toBe(401);
      expect(asNobody.json()).toEqual(SESSION_ENDED);
    }
    expect(await rows()).toBe(before);
  });
});

describe('the add form payload (src/resources/promoCodes/payload.ts)', () => {
  it('sends the discount as a two-decimal string, whole numbers, null for "all" and a new code active', () => {
    expect(discountString('15')).toBe('15.00');
    expect(discountString('1a5%')).toBe('15.00');
    expect(discountString('')).toBeUndefined();
    expect(
      promoCodePayload({
        description: 'Teste',
        code: 'TESTE',
        discount: '7',
        max_discount: '25',
        n_available: '040',
        expires_at: '2030-01-31',
        origin: '',
        type: 'NORMAL',
      }),
    ).toEqual({
      description: 'Teste',
      code: 'TESTE',
      discount: '7.00',
      max_discount: 25,
      n_available: 40,
      active: true,
      expires_at: '2030-01-31',
      origin: null,
      type: 'NORMAL',
    });
  });

  it('is accepted by the API as the browser sends it', async () => {
    const payload = promoCodePayload({
      description: 'Do formulário',
      code: 'form10',
      discount: '10',
      max_discount: '15',
      n_available: '20',
      expires_at: dayFromNow(10),
      origin: 'INDOOR',
      type: '',
    });
    const response = await admin({ method: 'POST', url: '/api/promocodes/', payload });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: PromoCode }>().data).toMatchObject({
      code: 'FORM10',
      discount: 10,
      max_discount: 15,
      origin: 'INDOOR',
      type: null,
    });
  });
});
