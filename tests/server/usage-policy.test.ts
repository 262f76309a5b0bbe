import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  accounts,
  memberships,
  stores,
  usagePolicyAcceptances,
  usagePolicyTexts,
} from '../../server/db/schema';
import { buildDemo } from '../../server/seed/build';
import { DEMO_ACCOUNTS } from '../../server/seed/demo';
import {
  DEFAULT_USAGE_POLICY_TITLE,
  USAGE_POLICY_CHANGED,
  USAGE_POLICY_MANAGERS_ACCEPT,
  USAGE_POLICY_NOT_PUBLISHED,
  type AcceptanceRow,
  type UsagePolicy,
} from '../../contract/resources/usagePolicy/definition';
import { as, createAccount, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';

const ADMIN_ONLY = 'Acesso restrito aos administradores da plataforma.';
const MANAGERS_ONLY = 'Acesso restrito aos gerentes do restaurante.';
const SESSION_ENDED = 'Sessão expirada ou inválida. Entre novamente.';

let t: TestApp;
let admin: ReturnType<typeof as>;
let cantina: ReturnType<typeof as>;
let sertao: ReturnType<typeof as>;
let waiter: ReturnType<typeof as>;
let cantinaId: number;
let sertaoId: number;

beforeAll(async () => {
  t = await createTestApp();
  cantinaId = await storeId(t.app.db, 'Cantina Bella');
  sertaoId = await storeId(t.app.db, 'Sabor do Sertão');
  await createAccount(t.app.db, {
    email: 'garcom@cantinabella.com.br',
    password: 'Garcom@2026',
    role: 'WAITER',
    store_id: cantinaId,
    fullname: 'Paulo Garçom',
  });
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  waiter = as(t.app, await login(t.app, { email: 'garcom@cantinabella.com.br', password: 'Garcom@2026' }));
});

afterAll(async () => {
  await t?.close();
});

const TERMS = {
  title: 'Termos de uso para estabelecimentos',
  version: '1.0',
  text: '# 1. Pagamentos\n\nLiberados para saque em até 31 dias.',
};

async function read(call: ReturnType<typeof as>) {
  const response = await call({ method: 'GET', url: '/api/usage-policy' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: UsagePolicy }>().data;
}
const publish = (payload: Record<string, unknown>, call = admin) =>
  call({ method: 'PATCH', url: '/api/usage-policy', payload });
const accept = (version: unknown, call = cantina) =>
  call({ method: 'POST', url: '/api/usage-policy/accept', payload: { version } });
const storedAcceptances = () =>
  t.app.db.select().from(usagePolicyAcceptances).orderBy(usagePolicyAcceptances.id);
const storedTexts = () => t.app.db.select().from(usagePolicyTexts);

async function acceptances(query = '') {
  const response = await admin({ method: 'GET', url: `/api/usage-policy/acceptances${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: AcceptanceRow[]; total: number } }>().data;
}

describe('before the platform publishes the terms', () => {
  it('answers the unpublished default to staff and administrators', async () => {
    const expected = {
      title: DEFAULT_USAGE_POLICY_TITLE,
      text: '',
      version: null,
      updated_at: null,
      acceptance: null,
    };
    expect(await read(cantina)).toEqual(expected);
    expect(await read(admin)).toEqual(expected);
  });

  it('refuses an acceptance, recording nothing', async () => {
    const response = await accept('1.0');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe(USAGE_POLICY_NOT_PUBLISHED);
    expect(await storedAcceptances()).toEqual([]);
  });
});

describe('publishing (PATCH /api/usage-policy, administrators)', () => {
  it('refuses a blank or over-long title, version or text and unknown fields, changing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...TERMS, title: '  ' }, 'Campo obrigatório (campo title)'],
      [{ ...TERMS, version: '' }, 'Campo obrigatório (campo version)'],
      [{ title: TERMS.title, text: TERMS.text }, 'Campo obrigatório (campo version)'],
      [{ ...TERMS, text: '\n\n' }, 'Campo obrigatório (campo text)'],
      [{ ...TERMS, version: 'v'.repeat(21) }, 'Limite máximo de 20 caracteres. (campo version)'],
      [{ ...TERMS, title: 't'.repeat(201) }, 'Limite máximo de 200 caracteres. (campo title)'],
      [{ ...TERMS, text: 'x'.repeat(50_001) }, 'Limite máximo de 50000 caracteres. (campo text)'],
    ];
    for (const [payload, message] of cases) {
      const response = await publish(payload);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response), message).toBe(message);
    }
    const unknown = await publish({ ...TERMS, active: true });
    expect(unknown.statusCode).toBe(400);
    expect(await storedTexts()).toEqual([]);
  });

  it('is refused to staff (managers included) and to anonymous callers', async () => {
    for (const call of [cantina, waiter]) {
      const response = await publish(TERMS, call);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(ADMIN_ONLY);
    }
    const anonymous = await publish(TERMS, as(t.app, null));
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toBe(SESSION_ENDED);
    expect(await storedTexts()).toEqual([]);
  });

  it('publishes the trimmed text into the single row, which every store reads', async () => {
    const response = await publish({ ...TERMS, title: `  ${TERMS.title} `, version: ' 1.0 ' });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ data: UsagePolicy }>().data;
    expect(saved).toMatchObject({ ...TERMS, acceptance: null });
    expect(Date.parse(saved.updated_at!)).not.toBeNaN();
    expect(await read(admin)).toEqual(saved);
    expect(await read(waiter)).toEqual(saved);
    expect(await read(sertao)).toEqual(saved);
    expect(await storedTexts()).toHaveLength(1);
  });
});

describe('accepting (POST /api/usage-policy/accept, store managers)', () => {
  it("records the store, the manager and the version, and shows it to the store's whole team", async () => {
    const before = Date.now();
    const response = await accept('1.0');
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json<{ data: UsagePolicy }>().data;
    expect(answered.acceptance).toEqual({
      version: '1.0',
      account_name: 'Giulia Romano',
      accepted_at: expect.any(String),
    });
    expect(Date.parse(answered.acceptance!.accepted_at)).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await storedAcceptances();
    const [giulia] = await t.app.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, demo.cantina.email));
    expect(row).toMatchObject({ store_id: cantinaId, account_id: giulia!.id, version: '1.0' });
    // The waiter of the store reads the store's acceptance; another store has none.
    expect((await read(waiter)).acceptance).toEqual(answered.acceptance);
    expect((await read(sertao)).acceptance).toBeNull();
    expect((await read(admin)).acceptance).toBeNull();
  });

  it('answers the existing acceptance when the version is accepted again, keeping who and when', async () => {
    const [first] = await storedAcceptances();
    const again = await accept('1.0');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: UsagePolicy }>().data.acceptance).toEqual({
      version: '1.0',
      account_name: 'Giulia Romano',
      accepted_at: first!.accepted_at.toISOString(),
    });
    expect(await storedAcceptances()).toEqual([first]);
  });

  it('refuses a version other than the current one, and refuses waiters and administrators', async () => {
    const before = await storedAcceptances();
    for (const version of ['0.9', '1.1']) {
      const response = await accept(version, sertao);
      expect(response.statusCode, version).toBe(409);
      expect(errorOf(response)).toBe(USAGE_POLICY_CHANGED);
    }
    const byWaiter = await accept('1.0', waiter);
    expect(byWaiter.statusCode).toBe(403);
    expect(errorOf(byWaiter)).toBe(MANAGERS_ONLY);
    const byAdmin = await accept('1.0', admin);
    expect(byAdmin.statusCode).toBe(403);
    expect(errorOf(byAdmin)).toBe(USAGE_POLICY_MANAGERS_ACCEPT);
    for (const payload of [{}, { version: '' }, { version: 10 }, { version: '1.0', store_id: sertaoId }]) {
      const response = await sertao({ method: 'POST', url: '/api/usage-policy/accept', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await storedAcceptances()).toEqual(before);
  });

  it('keeps acceptances through a correction under the same version, and asks again for a new version', async () => {
    const corrected = await publish({ ...TERMS, text: `${TERMS.text}\n\nCorreção de redação.` });
    expect(corrected.statusCode).toBe(200);
    expect((await read(cantina)).acceptance?.version).toBe('1.0');

    expect((await publish({ ...TERMS, version: '1.1' })).statusCode).toBe(200);
    const outdated = await read(cantina);
    expect(outdated.version).toBe('1.1');
    expect(outdated.acceptance?.version).toBe('1.0');

    expect((await accept('1.1')).statusCode).toBe(201);
    expect((await read(cantina)).acceptance?.version).toBe('1.1');

    // A version brought back counts again for the stores that accepted it then.
    expect((await publish({ ...TERMS, version: '1.0' })).statusCode).toBe(200);
    expect((await read(cantina)).acceptance?.version).toBe('1.0');
    expect((await publish({ ...TERMS, version: '1.1' })).statusCode).toBe(200);
  });
});

describe("the stores' acceptances (GET /api/usage-policy/acceptances, administrators)", () => {
  it('lists every store with the acceptance that counts and its situation', async () => {
    const { results, total } = await acceptances();
    expect(total).toBe(2);
    expect(results).toEqual([
      {
        id: cantinaId,
        name: 'Cantina Bella',
        version: '1.1',
        account_name: 'Giulia Romano',
        accepted_at: expect.any(String),
        situation: 'CURRENT',
      },
      {
        id: sertaoId,
        name: 'Sabor do Sertão',
        version: null,
        account_name: null,
        accepted_at: null,
        situation: 'PENDING',
      },
    ]);
  });

  it('filters by situation, searches by name and pages, each with its total', async () => {
    expect((await acceptances('?situation=CURRENT')).results.map((row) => row.name)).toEqual([
      'Cantina Bella',
    ]);
    expect((await acceptances('?situation=PENDING')).results.map((row) => row.name)).toEqual([
      'Sabor do Sertão',
    ]);
    expect(await acceptances('?situation=OUTDATED')).toEqual({ results: [], total: 0 });
    expect((await acceptances('?search=sertao')).results.map((row) => row.name)).toEqual(['Sabor do Sertão']);
    const page = await acceptances('?page=2&page_size=1');
    expect(page.total).toBe(2);
    expect(page.results.map((row) => row.name)).toEqual(['Sabor do Sertão']);

    // A new version: Cantina Bella's acceptance is now of a previous one.
    expect((await publish({ ...TERMS, version: '2.0' })).statusCode).toBe(200);
    const outdated = await acceptances('?situation=OUTDATED');
    expect(outdated.results).toEqual([
      expect.objectContaining({ name: 'Cantina Bella', version: '1.1', situation: 'OUTDATED' }),
    ]);
    expect((await acceptances('?situation=CURRENT')).total).toBe(0);
  });

  it('keeps an acceptance whose account was removed, without its name', async () => {
    const managerId = await createAccount(t.app.db, {
      email: 'gerente2@sabordosertao.com.br',
      password: 'Gerente@2026',
      role: 'MANAGER',
      store_id: sertaoId,
      fullname: 'Rita Gerente',
    });
    const manager = as(
      t.app,
      await login(t.app, { email: 'gerente2@sabordosertao.com.br', password: 'Gerente@2026' }),
    );
    expect((await accept('2.0', manager)).statusCode).toBe(201);
    await t.app.db.delete(accounts).where(eq(accounts.id, managerId));
    const [row] = (await acceptances('?situation=CURRENT')).results;
    expect(row).toMatchObject({
      name: 'Sabor do Sertão',
      version: '2.0',
      account_name: null,
      situation: 'CURRENT',
    });
    expect((await read(sertao)).acceptance).toMatchObject({ version: '2.0', account_name: null });
  });

  it('exports the list as CSV with the labels of its columns', async () => {
    const response = await admin({ method: 'GET', url: '/api/usage-policy/acceptances?format=csv' });
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('Restaurante;Versão aceita;Aceito por;Aceito em;Situação');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^Cantina Bella;1\.1;Giulia Romano;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Aceitou versão anterior$/,
    );
  });

  it('refuses staff and a situation it does not know', async () => {
    for (const call of [cantina, waiter]) {
      const response = await call({ method: 'GET', url: '/api/usage-policy/acceptances' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(ADMIN_ONLY);
    }
    const bad = await admin({ method: 'GET', url: '/api/usage-policy/acceptances?situation=TODOS' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^Situação inválida: use CURRENT, OUTDATED ou PENDING\./);
    const unsorted = await admin({ method: 'GET', url: '/api/usage-policy/acceptances?sort_field=name' });
    expect(unsorted.statusCode).toBe(400);
  });
});

describe('the demo', () => {
  const plan = buildDemo(new Date('2026-03-12T15:00:00Z'), 'full', DEMO_ACCOUNTS);
  const rowsOf = <Row>(table: unknown) => plan.steps.find((step) => step.table === table)!.rows as Row[];

  it('publishes terms with the figures of the platform spec, in numbered clauses', () => {
    const [terms] = rowsOf<{ title: string; version: string; text: string }>(usagePolicyTexts);
    expect(terms).toMatchObject({ title: 'Termos de uso para estabelecimentos', version: '1.0' });
    for (const figure of ['31 dias', '60 dias', '2 anos', '3 meses', '10 dias', '24 horas', '100 MB']) {
      expect(terms!.text, figure).toContain(figure);
    }
    expect(terms!.text.match(/^# \d+\. /gm)?.length).toBeGreaterThanOrEqual(8);
  });

  it('leaves Cantina Bella on the previous version and Sabor do Sertão on the current one', () => {
    const storeRows = rowsOf<{ id: number; name: string; created_at: Date }>(stores);
    const accountRows = rowsOf<{ id: number; created_at: Date }>(accounts);
    const placeRows = rowsOf<{ account_id: number; store_id: number; role: string }>(memberships);
    const published = rowsOf<{ updated_at: Date }>(usagePolicyTexts)[0]!.updated_at;
    const acceptanceRows = rowsOf<{
      store_id: number;
      account_id: number;
      version: string;
      accepted_at: Date;
    }>(usagePolicyAcceptances);
    const versionsOf = (name: string) => {
      const store = storeRows.find((row) => row.name === name)!;
      return acceptanceRows.filter((row) => row.store_id === store.id).map((row) => row.version);
    };
    expect(versionsOf('Cantina Bella')).toEqual(['0.9']);
    expect(versionsOf('Sabor do Sertão')).toEqual(['0.9', '1.0']);
    expect(new Set(acceptanceRows.map((row) => row.version))).toEqual(new Set(['0.9', '1.0']));
    // Some stores never accepted; each acceptance is a manager of its store, after the account existed.
    expect(new Set(acceptanceRows.map((row) => row.store_id)).size).toBeLessThan(storeRows.length);
    for (const acceptance of acceptanceRows) {
      const manager = accountRows.find((row) => row.id === acceptance.account_id)!;
      expect(
        placeRows.find((row) => row.account_id === manager.id && row.store_id === acceptance.store_id)?.role,
      ).toBe('MANAGER');
      expect(acceptance.accepted_at.getTime()).toBeGreaterThan(manager.created_at.getTime());
      expect(acceptance.accepted_at.getTime()).toBeLessThan(Date.parse('2026-03-12T15:00:00Z'));
      // The previous version was accepted before the current one came out, the current one after.
      if (acceptance.version === '0.9') expect(acceptance.accepted_at < published).toBe(true);
      else expect(acceptance.accepted_at > published).toBe(true);
    }
  });
});
