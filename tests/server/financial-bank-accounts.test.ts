import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bankAccounts } from '../../server/db/schema';
import { as, createTestApp, demo, errorOf, login, storeId, type TestApp } from './helpers';
import type { BankAccount } from '../../contract/resources/financial/definition';

/**
 * A store's bank accounts (`/api/financial/bank-accounts`): the shared schema's rules and
 * messages, the bank's name from the shipped list, the PIX key by its type, one default per store
 * (first one, made default, removed default), and the store scope.
 */

type Call = ReturnType<typeof as>;

let t: TestApp;
let admin: Call;
let cantina: Call;
let sertao: Call;
let cantinaId: number;
let sertaoId: number;

const URL = '/api/financial/bank-accounts';
const valid = {
  bank_code: '260',
  agency: '0001',
  account: '12345678',
  account_digit: '9',
  account_type: 'CHECKING',
  holder_name: 'Cantina Bella Ltda.',
  holder_document: '11.222.333/0001-81',
};

async function create(call: Call, payload: Record<string, unknown>): Promise<BankAccount> {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: BankAccount }>().data;
}

async function list(call: Call, query = ''): Promise<BankAccount[]> {
  const response = await call({ method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { results: BankAccount[] } }>().data.results;
}

async function refused(call: Call, payload: Record<string, unknown>, status = 400): Promise<string> {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.statusCode, response.body).toBe(status);
  return withoutField(errorOf(response));
}

/** The message without the field the API names after it ('… (campo agency)'). */
const withoutField = (message: string) => message.replace(/ \(campo [\w.]+\)$/, '');

const defaults = async (store: number) =>
  (await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.store_id, store)))
    .filter((row) => row.is_default)
    .map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await login(t.app, demo.admin));
  cantina = as(t.app, await login(t.app, demo.cantina));
  sertao = as(t.app, await login(t.app, demo.sertao));
  cantinaId = await storeId(t.database.db, 'Cantina Bella');
  sertaoId = await storeId(t.database.db, 'Sabor do Sertão');
  // Each store starts without accounts: the rule of the first one is tested here.
  await t.database.db.delete(bankAccounts);
}, 60_000);
afterAll(() => t?.close());

describe('bank accounts', () => {
  it('makes the first account the default, names the bank from the list and keeps the digits', async () => {
    const first = await create(cantina, {
      ...valid,
      agency_digit: 'x',
      account_digit: 'x',
      store_id: sertaoId,
    });
    expect(first).toMatchObject({
      store_id: cantinaId,
      bank_code: '260',
      bank_name: 'Nu Pagamentos S.A.',
      agency_digit: 'X',
      account_digit: 'X',
      holder_document: '11222333000181',
      pix_key: null,
      pix_key_type: null,
      is_default: true,
    });
    const second = await create(cantina, { ...valid, bank_code: '341', account: '998877' });
    expect(second).toMatchObject({ bank_name: 'Itaú Unibanco S.A.', is_default: false });
    expect(await defaults(cantinaId)).toEqual([first.id]);
  });

  it('moves the default in one write, refuses to leave none, and passes it on when the default is removed', async () => {
    const [first, second] = await list(cantina);
    const third = await create(cantina, { ...valid, account: '555', is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaults(cantinaId)).toEqual([third.id]);

    const made = await cantina({
      method: 'PATCH',
      url: `${URL}/id/${second!.id}`,
      payload: { is_default: true },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(await defaults(cantinaId)).toEqual([second!.id]);

    const unset = await cantina({
      method: 'PATCH',
      url: `${URL}/id/${second!.id}`,
      payload: { is_default: false },
    });
    expect(unset.statusCode).toBe(409);
    expect(errorOf(unset)).toBe('O restaurante precisa de uma conta padrão: marque outra conta como padrão.');

    const removed = await cantina({ method: 'DELETE', url: `${URL}/id/${second!.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    // The oldest account left.
    expect(await defaults(cantinaId)).toEqual([first!.id]);
    expect((await list(cantina)).map((account) => account.id)).toEqual([first!.id, third.id]);
  });

  it('validates every field with the shared schema’s Portuguese messages', async () => {
    expect(await refused(cantina, { ...valid, bank_code: '999' })).toBe('Escolha o banco da lista.');
    expect(await refused(cantina, { ...valid, agency: '12' })).toBe('Informe a agência com 4 dígitos.');
    expect(await refused(cantina, { ...valid, agency_digit: '12' })).toBe(
      'O dígito da agência é um número de 0 a 9 ou X.',
    );
    expect(await refused(cantina, { ...valid, account: '1234567890123' })).toBe(
      'Informe a conta com até 12 dígitos, sem o dígito.',
    );
    expect(await refused(cantina, { ...valid, account_digit: 'Y' })).toBe(
      'Informe o dígito da conta: um número de 0 a 9 ou X.',
    );
    expect(await refused(cantina, { ...valid, account_type: 'GOLD' })).toBe('Escolha o tipo de conta.');
    expect(await refused(cantina, { ...valid, holder_name: '  ' })).toBe('Informe o nome do titular.');
    expect(await refused(cantina, { ...valid, holder_document: '111.111.111-11' })).toBe(
      'Informe um CPF ou CNPJ válido do titular.',
    );
    expect(await refused(cantina, { ...valid, pix_key: 'a@b.com.br' })).toBe('Escolha o tipo da chave PIX.');
    expect(await refused(cantina, { ...valid, pix_key_type: 'EMAIL' })).toBe('Informe a chave PIX.');
    expect(await refused(cantina, { ...valid, pix_key_type: 'CPF', pix_key: '123.456.789-00' })).toBe(
      'Informe um CPF válido como chave PIX.',
    );
    expect(await refused(cantina, { ...valid, pix_key_type: 'CNPJ', pix_key: '11.222.333/0001-00' })).toBe(
      'Informe um CNPJ válido como chave PIX.',
    );
    expect(await refused(cantina, { ...valid, pix_key_type: 'EMAIL', pix_key: 'financeiro@' })).toBe(
      'Informe um e-mail válido como chave PIX.',
    );
    expect(await refused(cantina, { ...valid, pix_key_type: 'PHONE', pix_key: '+1 212 555 0100' })).toBe(
      'Informe um celular válido como chave PIX: +55, DDD e número.',
    );
    expect(await refused(cantina, { ...valid, pix_key_type: 'RANDOM', pix_key: 'abc' })).toBe(
      'Informe a chave aleatória como o banco a mostra (32 letras e números com hifens).',
    );
    // Nothing was written.
    expect(await list(cantina)).toHaveLength(2);
  });

  it('stores each PIX key as its type writes it', async () => {
    const key = async (pix_key_type: string, pix_key: string) =>
      (await create(sertao, { ...valid, pix_key_type, pix_key })).pix_key;
    expect(await key('CPF', '529.982.247-25')).toBe('52998224725');
    expect(await key('CNPJ', '11.222.333/0001-81')).toBe('11222333000181');
    expect(await key('EMAIL', ' Financeiro@Sertao.com.br ')).toBe('financeiro@sertao.com.br');
    expect(await key('PHONE', '(81) 98765-4321')).toBe('+5581987654321');
    expect(await key('PHONE', '+55 81 98765-4321')).toBe('+5581987654321');
    expect(await key('RANDOM', '123E4567-E89B-42D3-A456-426614174000')).toBe(
      '123e4567-e89b-42d3-a456-426614174000',
    );
  });

  it('checks a change on the account as it will be', async () => {
    const [account] = await list(sertao);
    const typeOnly = await sertao({
      method: 'PATCH',
      url: `${URL}/id/${account!.id}`,
      payload: { pix_key_type: 'EMAIL' },
    });
    // The stored key is a CPF: as an e-mail it is refused.
    expect(typeOnly.statusCode).toBe(400);
    expect(errorOf(typeOnly)).toBe('Informe um e-mail válido como chave PIX. (campo pix_key)');
    const keyOnly = await sertao({
      method: 'PATCH',
      url: `${URL}/id/${account!.id}`,
      payload: { pix_key_type: null },
    });
    expect(withoutField(errorOf(keyOnly))).toBe('Escolha o tipo da chave PIX.');
    const changed = await sertao({
      method: 'PATCH',
      url: `${URL}/id/${account!.id}`,
      payload: { bank_code: '001', pix_key_type: 'EMAIL', pix_key: 'caixa@sertao.com.br' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: BankAccount }>().data).toMatchObject({
      bank_name: 'Banco do Brasil S.A.',
      pix_key: 'caixa@sertao.com.br',
    });
    const cleared = await sertao({
      method: 'PATCH',
      url: `${URL}/id/${account!.id}`,
      payload: { pix_key_type: null, pix_key: null },
    });
    expect(cleared.json<{ data: BankAccount }>().data).toMatchObject({ pix_key: null, pix_key_type: null });
  });

  it('keeps each store to its own accounts; an administrator names the store', async () => {
    const [mine] = await list(cantina);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await sertao({
        method,
        url: `${URL}/id/${mine!.id}`,
        ...(method === 'PATCH' ? { payload: { holder_name: 'Invadido' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(errorOf(response)).toBe('Conta bancária não encontrada.');
    }
    expect((await list(cantina)).find((account) => account.id === mine!.id)?.holder_name).toBe(
      valid.holder_name,
    );
    expect((await list(sertao)).every((account) => account.store_id === sertaoId)).toBe(true);
    expect(await refused(admin, valid)).toBe('Informe o restaurante (store_id).');
    const made = await create(admin, { ...valid, store_id: cantinaId });
    expect(made.store_id).toBe(cantinaId);
    expect((await list(admin, `?store_id=${cantinaId}`)).map((account) => account.id)).toContain(made.id);
  });
});
