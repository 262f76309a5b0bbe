import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { privacyTexts } from '../../server/db/schema';
import { DEFAULT_PRIVACY_TEXT, type PrivacyText } from '../../contract/resources/privacy/definition';
import { as, createTestApp, demo, login, type TestApp } from './helpers';

const SESSION_ENDED = { error: { message: 'Sessão expirada ou inválida. Entre novamente.' } };
const ADMIN_ONLY = { error: { message: 'Acesso restrito aos administradores da plataforma.' } };

let t: TestApp;
let admin: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  staff = as(t.app, await login(t.app, demo.cantina));
});

afterAll(async () => {
  await t?.close();
});

const read = async (call = admin) => {
  const response = await call({ method: 'GET', url: '/api/privacy' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: PrivacyText }>().data;
};
const save = (payload: Record<string, unknown>, call = admin) =>
  call({ method: 'PATCH', url: '/api/privacy', payload });
const storedRows = () => t.app.db.select().from(privacyTexts);

describe('privacy text (GET and PATCH /api/privacy)', () => {
  it('answers the default text before anyone saved one', async () => {
    expect(await storedRows()).toEqual([]);
    expect(await read()).toEqual(DEFAULT_PRIVACY_TEXT);
  });

  it('saves the text into its single row, then updates the same row', async () => {
    const first = await save({ title: '  Privacidade ', text: 'Coletamos o mínimo.', active: false });
    expect(first.statusCode).toBe(200);
    const saved = first.json<{ data: PrivacyText }>().data;
    expect(saved).toMatchObject({ title: 'Privacidade', text: 'Coletamos o mínimo.', active: false });
    expect(Date.parse(saved.updated_at!)).not.toBeNaN();
    expect(await read()).toEqual(saved);

    // Without active, the text keeps its state.
    const second = await save({ title: 'Política de Privacidade', text: 'Texto novo.\n\nCom parágrafos.' });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ data: PrivacyText }>().data).toMatchObject({
      title: 'Política de Privacidade',
      text: 'Texto novo.\n\nCom parágrafos.',
      active: false,
    });
    const third = await save({ title: 'Política de Privacidade', text: 'Texto novo.', active: true });
    expect(third.json<{ data: PrivacyText }>().data.active).toBe(true);

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, text: 'Texto novo.', active: true });
  });

  it('lets every signed-in user read it', async () => {
    expect((await read(staff)).text).toBe('Texto novo.');
  });

  it('refuses a blank title or text, a non-boolean active and unknown fields, changing nothing', async () => {
    const before = await storedRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', text: 'x' }, 'Campo obrigatório (campo title)'],
      [{ title: 'x', text: '   ' }, 'Campo obrigatório (campo text)'],
      [{ title: 'x' }, 'Campo obrigatório (campo text)'],
      [{ title: 'x', text: 'y', active: 'sim' }, 'Ativo deve ser verdadeiro ou falso. (campo active)'],
      [{ title: 'x'.repeat(201), text: 'y' }, 'Limite máximo de 200 caracteres. (campo title)'],
      [{ title: 'x', text: 'y'.repeat(50_001) }, 'Limite máximo de 50000 caracteres. (campo text)'],
    ];
    for (const [payload, message] of cases) {
      const response = await save(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ error: { message } });
    }
    const unknown = await save({ title: 'x', text: 'y', id: 2 });
    expect(unknown.statusCode).toBe(400);
    expect(await storedRows()).toEqual(before);
  });

  it('answers 403 to staff writing and 401 to anonymous callers', async () => {
    const before = await storedRows();
    const byStaff = await save({ title: 'Invasão', text: 'Não.' }, staff);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual(ADMIN_ONLY);
    const nobody = as(t.app, null);
    for (const request of [
      { method: 'GET' as const, url: '/api/privacy' },
      { method: 'PATCH' as const, url: '/api/privacy', payload: { title: 'a', text: 'b' } },
    ]) {
      const response = await nobody(request);
      expect(response.statusCode, request.method).toBe(401);
      expect(response.json()).toEqual(SESSION_ENDED);
    }
    expect(await storedRows()).toEqual(before);
  });
});
