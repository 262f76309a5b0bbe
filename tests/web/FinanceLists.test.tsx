import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BankAccountList } from '../../src/resources/financial/BankAccountList';
import { FINANCIAL_MESSAGES } from '../../contract/resources/financial/definition';
import { DepositHistoryPage, StatementPage } from '../../src/resources/financial/FinanceLists';
import { fakeApi, renderAs } from './StatisticsFixtures';

/**
 * The statement, the deposits and the bank accounts as the engine lists them with the finance
 * overrides: the platform an administrator sees first and the restaurant filter (every call
 * carries it), the bank accounts' restaurant chosen first, the five cards over the table, the
 * period, what an empty period says, and the bank accounts' own paths.
 */

const BALANCE = {
  amount_received: 1_250_000,
  amount_available: 800_000,
  amount_preview: 450_000,
  amount_canceled: 12_000,
  amount_taxes: 30_000,
};

const entry = (id: number) => ({
  id,
  created_at: `2026-11-${String(10 + id).padStart(2, '0')}T15:00:00.000Z`,
  kind: id % 2 ? 'RECEIVED' : 'TAX',
  description: `Pagamento do pedido ${1000 + id}`,
  amount: id % 2 ? 4590 : -230,
  service: id % 2 ? 417 : null,
  available_on: '2026-12-20',
});

const ROUTES = {
  '/financial/extracts': <StatementPage />,
  '/financial/history': <DepositHistoryPage />,
  '/financial/bank-accounts': <BankAccountList />,
  '*': <p>Outra página</p>,
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:extrato');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The API of one store: eight lines of the statement a page, unless a period has none. */
function financeApi({ emptyPeriod = false } = {}) {
  return fakeApi((path, query) => {
    if (path === '/api/financial/balance') return BALANCE;
    if (path === '/api/financial/extracts') {
      if (query.format === 'csv') return 'Data;Tipo';
      if (emptyPeriod && query.start) return { results: [], total: 0 };
      return { results: [1, 2, 3, 4, 5, 6, 7, 8].map(entry), total: 20 };
    }
    if (path === '/api/financial/bank-accounts') {
      return {
        results: [
          {
            id: 4,
            bank_code: '341',
            bank_name: 'Itaú Unibanco',
            agency: '1234',
            account: '56789',
            account_digit: '0',
            account_type: 'CHECKING',
            holder_name: 'Cantina Bella Ltda',
            is_default: true,
          },
        ],
        total: 1,
      };
    }
    return undefined;
  });
}

describe('the statement, for restaurant staff', () => {
  it('shows the five cards over 8 rows, with no restaurant to choose, and asks for the store of the session', async () => {
    const api = financeApi();
    renderAs('MANAGER', '/financial/extracts', ROUTES);
    const row = (await screen.findByText('Pagamento do pedido 1001')).closest('tr')!;
    expect(within(row).getByText('R$ 45,90')).toBeInTheDocument();
    // Of the payment, what paid the service charge.
    expect(within(row).getByText('R$ 4,17')).toBeInTheDocument();
    expect(within(row).getByText('Recebido')).toBeInTheDocument();
    expect(within(row).getByText('20/12/2026')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(9);
    const cards = screen.getByRole('region', { name: 'Resumo financeiro' });
    expect(await within(cards).findByText('R$ 12.500,00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();
    expect(api.reads('/api/financial/extracts')[0]!.query).toMatchObject({ page: '1', page_size: '8' });
    expect(api.reads('/api/financial/extracts')[0]!.query.store_id).toBeUndefined();
    expect(api.reads('/api/financial/balance')[0]!.query).toEqual({});
  });

  it('keeps the cards and the period when a period has no entry, and says so in the table’s place', async () => {
    const api = financeApi({ emptyPeriod: true });
    const { user } = renderAs('MANAGER', '/financial/extracts', ROUTES);
    await screen.findByText('Pagamento do pedido 1001');
    await user.type(screen.getByLabelText('Data inicial'), '01112026');
    await user.type(screen.getByLabelText('Data final'), '15112026');
    expect(await screen.findByText(FINANCIAL_MESSAGES.noEntries)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.reads('/api/financial/extracts').at(-1)!.query).toMatchObject({
        start: '2026-11-01',
        end: '2026-11-15',
      }),
    );
    await waitFor(() =>
      expect(api.reads('/api/financial/balance').at(-1)!.query).toEqual({
        start: '2026-11-01',
        end: '2026-11-15',
      }),
    );
    expect(screen.getByRole('region', { name: 'Resumo financeiro' })).toBeInTheDocument();
    expect(screen.getByLabelText('Data inicial')).toHaveValue('01/11/2026');
  });
});

describe('the statement and the deposits, for an administrator', () => {
  it("shows the platform's at once, then one restaurant's chosen in the filter, and says whose", async () => {
    const api = financeApi();
    const { user, location } = renderAs('ADMIN', '/financial/extracts', ROUTES);
    // The platform's, without choosing: no store asked of the API, and the screen says so.
    await screen.findByText('Pagamento do pedido 1001');
    expect(screen.queryByText(FINANCIAL_MESSAGES.chooseStoreNotice)).not.toBeInTheDocument();
    expect(await screen.findByText('Valores de: Plataforma')).toBeInTheDocument();
    expect(api.reads('/api/financial/extracts')[0]!.query.store_id).toBeUndefined();
    await waitFor(() => expect(api.reads('/api/financial/balance')[0]!.query).toEqual({}));
    expect(await screen.findByRole('combobox', { name: 'Restaurante' })).toHaveAttribute(
      'placeholder',
      'Plataforma',
    );

    // One restaurant, as a filter of the list: the table, the cards and Exportar follow it.
    await user.click(screen.getByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    expect(await screen.findByText('Valores de: Sabor do Sertão')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.reads('/api/financial/extracts').at(-1)!.query).toMatchObject({ store_id: '7' }),
    );
    await waitFor(() => expect(api.reads('/api/financial/balance').at(-1)!.query).toEqual({ store_id: '7' }));
    expect(location()?.search).toContain(encodeURIComponent('"store_id":7'));
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(
        api.reads('/api/financial/extracts').find((call) => call.query.format === 'csv')?.query,
      ).toMatchObject({ store_id: '7', format: 'csv' }),
    );

    // Cleared, the platform's again.
    await user.clear(screen.getByRole('combobox', { name: 'Restaurante' }));
    expect(await screen.findByText('Valores de: Plataforma')).toBeInTheDocument();
    await waitFor(() => expect(api.reads('/api/financial/balance').at(-1)!.query).toEqual({}));
  });

  it('opens the deposits on the restaurant the address names', async () => {
    const api = fakeApi((path) =>
      path === '/api/financial/deposits'
        ? { results: [], total: 0 }
        : path === '/api/financial/balance'
          ? BALANCE
          : undefined,
    );
    const filter = encodeURIComponent(JSON.stringify({ store_id: 2 }));
    renderAs('ADMIN', `/financial/history?filter=${filter}`, ROUTES);
    expect(await screen.findByText('Valores de: Cantina Bella')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.reads('/api/financial/deposits')[0]!.query).toMatchObject({ store_id: '2' }),
    );
    await waitFor(() => expect(api.reads('/api/financial/balance')[0]!.query).toEqual({ store_id: '2' }));
  });

  it('still asks for the restaurant before its bank accounts', async () => {
    const api = financeApi();
    renderAs('ADMIN', '/financial/bank-accounts', ROUTES);
    expect(await screen.findByText(FINANCIAL_MESSAGES.chooseStoreNotice)).toBeInTheDocument();
    expect(api.reads('/api/financial/bank-accounts')).toHaveLength(0);
  });
});

describe('the deposits and the bank accounts', () => {
  it('leads from the deposits to the bank accounts and to a new one', async () => {
    fakeApi((path) =>
      path === '/api/financial/deposits'
        ? { results: [], total: 0 }
        : path === '/api/financial/balance'
          ? BALANCE
          : undefined,
    );
    renderAs('MANAGER', '/financial/history', ROUTES);
    expect(await screen.findByText(FINANCIAL_MESSAGES.noDeposits)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contas bancárias' })).toHaveAttribute(
      'href',
      '/financial/bank-accounts',
    );
    expect(screen.getByRole('link', { name: FINANCIAL_MESSAGES.addAccount })).toHaveAttribute(
      'href',
      '/financial/bank-accounts/new',
    );
  });

  it('marks the default account, creates at /new and opens an account at its own path', async () => {
    financeApi();
    const { user, location } = renderAs('MANAGER', '/financial/bank-accounts', ROUTES);
    const row = (await screen.findByText('Cantina Bella Ltda')).closest('tr')!;
    expect(within(row).getByText('Padrão')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FINANCIAL_MESSAGES.addAccount })).toHaveAttribute(
      'href',
      '/financial/bank-accounts/new',
    );
    await user.click(row);
    await waitFor(() => expect(location()?.pathname).toBe('/financial/bank-accounts/4'));
  });
});
