import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinanceDashboard } from '../../src/custom-pages/statistics/FinanceDashboard';
import { analytics, fakeApi, renderAs } from './StatisticsFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTES = { '/financial': <FinanceDashboard /> };
const region = (name: string) => screen.getByRole('region', { name });

describe('/financial for restaurant staff', () => {
  it('shows whose figures they are, the charts, the monthly carousels and the ways to the finance pages', async () => {
    const api = fakeApi((path) => (path === '/api/financial/analytics' ? analytics() : undefined));
    renderAs('MANAGER', '/financial', ROUTES);

    expect(await screen.findByTestId('finance-scope')).toHaveTextContent('Valores de: Cantina Bella');
    // Staff's store is the API's to know: nothing is sent, and there is no restaurant filter.
    expect(api.reads('/api/financial/analytics')[0]!.query).toEqual({});
    expect(screen.queryByRole('combobox', { name: 'Restaurante' })).not.toBeInTheDocument();

    const pie = screen.getByRole('img', { name: 'Gráfico das formas de pagamento' });
    expect(pie.querySelectorAll('.recharts-pie-sector')).toHaveLength(4);
    expect(pie).toHaveTextContent('24,3%');
    const accumulated = screen.getByRole('img', {
      name: 'Gráfico da receita acumulada nos últimos 12 meses',
    });
    expect(accumulated.querySelector('.recharts-area-area')).not.toBeNull();
    expect(
      [
        ...accumulated.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      ].map((tick) => tick.textContent)[0],
    ).toBe('nov/25');

    const incomes = within(region('Receita líquida por mês')).getAllByRole('listitem');
    expect(incomes).toHaveLength(12);
    expect(incomes[0]).toHaveTextContent('nov/25R$ 1.000,00');
    expect(incomes[11]).toHaveTextContent('out/26R$ 12.000,00');
    const tickets = within(region('Ticket médio por usuário')).getAllByRole('listitem');
    expect(tickets[11]).toHaveTextContent('out/26R$ 50,11');

    expect(screen.getByRole('link', { name: 'Histórico' })).toHaveAttribute('href', '/financial/history');
    expect(screen.getByRole('link', { name: 'Extrato' })).toHaveAttribute('href', '/financial/extracts');
    expect(screen.getByRole('link', { name: 'Contas bancárias' })).toHaveAttribute(
      'href',
      '/financial/bank-accounts',
    );
  });

  it('shows skeletons while the figures load', async () => {
    fakeApi(() => undefined);
    renderAs('MANAGER', '/financial', ROUTES);
    await waitFor(() => expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0));
    expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Extrato' })).toBeInTheDocument();
  });

  it('says when nothing was paid instead of an empty pie', async () => {
    const paid = analytics();
    fakeApi(() =>
      analytics({ methods: paid.methods.map((method) => ({ ...method, amount: 0, percentage: 0 })) }),
    );
    renderAs('MANAGER', '/financial', ROUTES);
    expect(await screen.findByText('Nenhuma venda no período.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Gráfico das formas de pagamento' })).not.toBeInTheDocument();
  });
});

describe('/financial for an administrator', () => {
  it('shows the platform by default and one restaurant chosen in the filter, kept in the address', async () => {
    const api = fakeApi((path, query) =>
      path === '/api/financial/analytics'
        ? analytics({
            scope: query.store_id
              ? { store_id: Number(query.store_id), name: 'Sabor do Sertão' }
              : { store_id: null, name: 'Plataforma' },
          })
        : undefined,
    );
    const { user, location } = renderAs('ADMIN', '/financial', ROUTES);

    expect(await screen.findByTestId('finance-scope')).toHaveTextContent('Valores de: Plataforma');
    expect(api.reads('/api/financial/analytics')[0]!.query).toEqual({});

    await user.click(screen.getByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    await waitFor(() =>
      expect(screen.getByTestId('finance-scope')).toHaveTextContent('Valores de: Sabor do Sertão'),
    );
    expect(api.reads('/api/financial/analytics').at(-1)!.query).toEqual({ store_id: '7' });
    expect(location()?.search).toBe('?store_id=7');
    // The filter is this page's: the restaurant chosen for the board is not changed.
    expect(localStorage.getItem('painel.board.store')).toBeNull();
  });
});
