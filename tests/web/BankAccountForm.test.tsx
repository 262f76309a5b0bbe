import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankAccountCreate, BankAccountEdit } from '../../src/resources/financial/BankAccountForm';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import { messageOf } from './renderScreen';
import { fakeApi, refusal, renderAs } from './TeamWallScreen';

const ACCOUNT = {
  id: 4,
  store_id: 2,
  bank_code: '341',
  bank_name: 'Itaú Unibanco S.A.',
  agency: '1234',
  agency_digit: null,
  account: '12345678',
  account_digit: '9',
  account_type: 'CHECKING',
  holder_name: 'Cantina Bella Ltda.',
  holder_document: '11222333000181',
  pix_key: null,
  pix_key_type: null,
  is_default: true,
  created_at: '2026-03-10T15:00:00.000Z',
};

/** The bank accounts API: a write answers the account as saved. */
function accountsApi() {
  return fakeApi((call) => {
    if (call.path === '/api/stores')
      return { data: { results: [{ id: 7, name: 'Sabor do Sertão' }], total: 1 } };
    if (call.method === 'POST') return { data: { ...ACCOUNT, id: 9, ...(call.body as object) } };
    if (call.method === 'PATCH') return { data: { ...ACCOUNT, ...(call.body as object) } };
    if (call.path === '/api/financial/bank-accounts/id/4') return { data: ACCOUNT };
    return refusal(404, 'Conta bancária não encontrada.');
  });
}

const routes = {
  '/financial/bank-accounts': <p>Lista de contas</p>,
  '/financial/bank-accounts/new': <BankAccountCreate />,
  '/financial/bank-accounts/:id': <BankAccountEdit />,
};

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Salvar' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('new bank account (/financial/bank-accounts/new)', () => {
  it('says what each field needs, in Portuguese, and sends nothing', async () => {
    const api = accountsApi();
    const { user } = renderAs('MANAGER', '/financial/bank-accounts/new', routes);
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(messageOf(screen.getByRole('combobox', { name: /^Banco/ }))).toBe('Escolha o banco da lista.'),
    );
    expect(messageOf(textbox(/^Agência/))).toBe('Informe a agência com 4 dígitos.');
    expect(messageOf(textbox(/^Conta$/))).toBe('Informe a conta com até 12 dígitos, sem o dígito.');
    expect(messageOf(textbox(/^Nome do titular/))).toBe('Informe o nome do titular.');
    expect(messageOf(textbox(/^CPF\/CNPJ do titular/))).toBe('Informe um CPF ou CNPJ válido do titular.');
    expect(api.writes()).toEqual([]);
  });

  it('refuses a wrong CPF and a PIX key that is not of its type', async () => {
    const api = accountsApi();
    const { user } = renderAs('MANAGER', '/financial/bank-accounts/new', routes);
    await user.type(await screen.findByRole('textbox', { name: /^CPF\/CNPJ do titular/ }), '12345678900');
    expect(textbox(/^CPF\/CNPJ do titular/)).toHaveValue('123.456.789-00');
    await user.click(screen.getByRole('combobox', { name: /^Tipo da chave PIX/ }));
    await user.click(await screen.findByRole('option', { name: 'Telefone' }));
    await user.type(textbox(/^Chave PIX/), '+1 212 555 0100');
    await user.click(save());
    await waitFor(() =>
      expect(messageOf(textbox(/^Chave PIX/))).toBe(
        'Informe um celular válido como chave PIX: +55, DDD e número.',
      ),
    );
    expect(messageOf(textbox(/^CPF\/CNPJ do titular/))).toBe('Informe um CPF ou CNPJ válido do titular.');
    expect(api.writes()).toEqual([]);
  });

  it('finds the bank by its name, sends the account and opens the list', async () => {
    const api = accountsApi();
    const { user, location } = renderAs('MANAGER', '/financial/bank-accounts/new', routes);
    await user.type(await screen.findByRole('combobox', { name: /^Banco/ }), 'Nu Pag');
    await user.click(await screen.findByRole('option', { name: '260 · Nu Pagamentos S.A.' }));
    await user.type(textbox(/^Agência/), '0001');
    await user.type(textbox(/^Conta$/), '98765-43');
    await user.type(screen.getAllByRole('textbox', { name: /^Dígito/ })[1]!, 'x');
    await user.click(screen.getByRole('combobox', { name: /^Tipo de conta/ }));
    await user.click(await screen.findByRole('option', { name: 'Poupança' }));
    await user.type(textbox(/^Nome do titular/), 'Cantina Bella Ltda.');
    await user.type(textbox(/^CPF\/CNPJ do titular/), '11222333000181');
    expect(textbox(/^CPF\/CNPJ do titular/)).toHaveValue('11.222.333/0001-81');
    await user.click(screen.getByRole('combobox', { name: /^Tipo da chave PIX/ }));
    await user.click(await screen.findByRole('option', { name: 'E-mail' }));
    await user.type(textbox(/^Chave PIX/), 'financeiro@cantinabella.com.br');
    await user.click(save());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/financial/bank-accounts',
      body: {
        bank_code: '260',
        agency: '0001',
        account: '9876543',
        account_digit: 'X',
        account_type: 'SAVINGS',
        holder_name: 'Cantina Bella Ltda.',
        holder_document: '11222333000181',
        pix_key_type: 'EMAIL',
        pix_key: 'financeiro@cantinabella.com.br',
        is_default: false,
      },
    });
    expect(await screen.findByText('Conta bancária cadastrada com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/financial/bank-accounts'));
  });

  it('asks an administrator for the restaurant, then sends it with the account', async () => {
    accountsApi();
    const first = renderAs('ADMIN', '/financial/bank-accounts/new', routes);
    expect(await screen.findByText('Escolha um restaurante para ver as finanças dele.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    first.unmount();
    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = accountsApi();
    const { user } = renderAs('ADMIN', '/financial/bank-accounts/new', routes);
    await user.type(await screen.findByRole('combobox', { name: /^Banco/ }), '001');
    await user.click(await screen.findByRole('option', { name: '001 · Banco do Brasil S.A.' }));
    await user.type(textbox(/^Agência/), '1234');
    await user.type(textbox(/^Conta$/), '55555');
    await user.type(screen.getAllByRole('textbox', { name: /^Dígito/ })[1]!, '1');
    await user.type(textbox(/^Nome do titular/), 'Maria Souza');
    await user.type(textbox(/^CPF\/CNPJ do titular/), '52998224725');
    await user.click(save());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({
      bank_code: '001',
      holder_document: '52998224725',
      store_id: 7,
    });
  });
});

describe('edit a bank account (/financial/bank-accounts/:id)', () => {
  it('shows the account masked and sends only what changed', async () => {
    const api = accountsApi();
    const { user } = renderAs('MANAGER', '/financial/bank-accounts/4', routes);
    expect(await screen.findByDisplayValue('11.222.333/0001-81')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Banco/ })).toHaveValue('341 · Itaú Unibanco S.A.');
    await user.click(screen.getByRole('combobox', { name: /^Tipo da chave PIX/ }));
    await user.click(await screen.findByRole('option', { name: 'CNPJ' }));
    await user.type(textbox(/^Chave PIX/), '11.222.333/0001-81');
    await user.click(save());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/financial/bank-accounts/id/4',
      body: { pix_key_type: 'CNPJ', pix_key: '11.222.333/0001-81' },
    });
    expect(await screen.findByText('Conta bancária atualizada com sucesso!')).toBeInTheDocument();
  });
});
