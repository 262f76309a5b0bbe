import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartTooltip, dayOrLabel } from '../../src/custom-pages/statistics/charts';
import { StatisticsDashboard } from '../../src/custom-pages/statistics/StatisticsDashboard';
import { formatCents } from '../../contract/lib/format';
import { fakeApi, general, renderAs, storeFigures } from './StatisticsFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTES = { '/statistics': <StatisticsDashboard /> };

const card = (label: string) => screen.getByRole('region', { name: label });
const chart = (name: string) => screen.getByRole('img', { name });
const tickTexts = (element: HTMLElement, axis: 'xAxis' | 'yAxis' = 'xAxis') =>
  [...element.querySelectorAll(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`)].map(
    (t) => t.textContent,
  );

describe('/statistics for restaurant staff', () => {
  it("shows the store's cards in reais with their variation, the ranking and the charts of the last 30 days", async () => {
    const api = fakeApi((path) => (path === '/api/statistics' ? storeFigures() : undefined));
    renderAs('MANAGER', '/statistics', ROUTES);

    await screen.findByText('R$ 1.234,56');
    expect(api.reads('/api/statistics')).toHaveLength(1);
    // Staff never send a store: the API knows theirs.
    expect(api.reads('/api/statistics')[0]!.query).toEqual({ period: '30d' });

    const paid = card('Valor adicionado aos carrinhos');
    expect(paid).toHaveTextContent('R$ 1.234,56');
    expect(paid).toHaveTextContent('+23,5%');
    expect(within(paid).getByTitle('Alta')).toBeInTheDocument();
    expect(paid).toHaveTextContent('R$ 1.000,00 no período anterior');
    const users = card('Total de usuários');
    expect(users).toHaveTextContent('80');
    expect(users).toHaveTextContent('-20%');
    expect(within(users).getByTitle('Queda')).toBeInTheDocument();
    expect(card('Ticket médio')).toHaveTextContent('R$ 15,43');
    expect(card('Ticket médio')).toHaveTextContent('+54,3%');
    // The service charge apart from the sales.
    expect(card('Vendas (sem o serviço)')).toHaveTextContent('R$ 1.122,33');
    expect(card('Vendas (sem o serviço)')).toHaveTextContent('+21,4%');
    expect(card('Taxa de serviço')).toHaveTextContent('R$ 112,23');
    expect(card('Taxa de serviço')).toHaveTextContent('—');

    const ranking = within(card('Mais pedidos')).getAllByRole('listitem');
    expect(ranking.map((item) => item.textContent)).toEqual(['1ºLasanha à bolonhesa42', '2ºTiramisù30']);
    expect(within(ranking[0]!).getByRole('img', { name: 'Lasanha à bolonhesa' })).toHaveAttribute(
      'src',
      '/uploads/demo/lasanha.webp',
    );

    expect(screen.getByTestId('period-range')).toHaveTextContent(
      '27/10/2026 a 25/11/2026 · comparado a 27/09/2026 a 26/10/2026',
    );
    // The charts are drawn: an area over the period, 24 hourly bars, 7 weekday bars, a pie.
    const period = chart('Gráfico da receita no período');
    expect(period.querySelector('.recharts-area-area')).not.toBeNull();
    const hours = chart('Gráfico da receita por hora do dia');
    // Bars of hours without sales are not drawn: 11h to 23h sold.
    expect(hours.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(13);
    expect(tickTexts(hours)).toContain('00h');
    expect(tickTexts(hours)).toContain('23h');
    expect(tickTexts(chart('Gráfico da receita por dia da semana'))).toEqual([
      'dom',
      'seg',
      'ter',
      'qua',
      'qui',
      'sex',
      'sáb',
    ]);
    const pie = chart('Gráfico das formas de pagamento');
    // Vale-refeição sold nothing: four slices, labelled with their percentages.
    expect(pie.querySelectorAll('.recharts-pie-sector')).toHaveLength(4);
    expect(pie).toHaveTextContent('48,6%');
    expect(pie).toHaveTextContent('Cartão de crédito');
    expect(pie).toHaveTextContent('Pix');
  });

  it('changes the period from the selector, keeps it in the address and reads it from there', async () => {
    const api = fakeApi((path, query) =>
      path === '/api/statistics'
        ? storeFigures(
            query.period === '7d'
              ? {
                  financial: {
                    ...storeFigures().financial,
                    paid_amount: 55500,
                    previous: storeFigures().financial.previous,
                  },
                }
              : {},
          )
        : undefined,
    );
    const { user, location } = renderAs('MANAGER', '/statistics?period=12m', ROUTES);

    await screen.findByText('R$ 1.234,56');
    expect(api.reads('/api/statistics')[0]!.query).toEqual({ period: '12m' });
    expect(screen.getByRole('button', { name: '12 meses' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Receita no período' })).toHaveTextContent(
      'Valor pago por mês',
    );

    await user.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(card('Valor adicionado aos carrinhos')).toHaveTextContent('R$ 555,00'));
    expect(api.reads('/api/statistics').at(-1)!.query).toEqual({ period: '7d' });
    expect(location()?.search).toBe('?period=7d');
  });

  it('asks a custom period as dd/mm/aaaa, refuses a wrong one with its reason and sends the days', async () => {
    const api = fakeApi((path) => (path === '/api/statistics' ? storeFigures() : undefined));
    const { user, location } = renderAs('MANAGER', '/statistics', ROUTES);
    await screen.findByText('R$ 1.234,56');

    await user.click(screen.getByRole('button', { name: 'Personalizado' }));
    const start = screen.getByRole('textbox', { name: 'Início' });
    const end = screen.getByRole('textbox', { name: 'Fim' });
    // It starts from the days shown.
    expect(start).toHaveValue('27/10/2026');
    expect(end).toHaveValue('25/11/2026');

    await user.clear(start);
    await user.type(start, '31022026');
    expect(start).toHaveValue('31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Data inválida: use dd/mm/aaaa.')).toBeInTheDocument();

    await user.clear(start);
    await user.type(start, '10112026');
    await user.clear(end);
    await user.type(end, '01112026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(
      await screen.findByText('O fim do período deve ser igual ou posterior ao início.'),
    ).toBeInTheDocument();

    await user.clear(start);
    await user.type(start, '01012025');
    await user.clear(end);
    await user.type(end, '10112026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('O período pode ter no máximo 366 dias.')).toBeInTheDocument();
    expect(api.reads('/api/statistics')).toHaveLength(1);

    await user.clear(start);
    await user.type(start, '01112026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(api.reads('/api/statistics').at(-1)!.query).toEqual({
        period: 'custom',
        start: '2026-11-01',
        end: '2026-11-10',
      }),
    );
    expect(location()?.search).toBe('?period=custom&start=2026-11-01&end=2026-11-10');
  });

  it('says an empty period has no sales instead of drawing empty charts', async () => {
    const empty = storeFigures();
    fakeApi((path) =>
      path === '/api/statistics'
        ? storeFigures({
            financial: {
              ...empty.financial,
              paid_amount: 0,
              total_tickets: 0,
              avg_ticket: 0,
            },
            products: [],
            by_hour: empty.by_hour.map((hour) => ({ ...hour, amount: 0 })),
            by_weekday: empty.by_weekday.map((day) => ({ ...day, amount: 0 })),
            methods: empty.methods.map((method) => ({ ...method, amount: 0, percentage: 0 })),
            series: empty.series.map((day) => ({ ...day, amount: 0, tickets: 0 })),
          })
        : undefined,
    );
    renderAs('MANAGER', '/statistics?period=today', ROUTES);

    expect(await screen.findByText('Nenhuma venda no período.')).toBeInTheDocument();
    expect(card('Valor adicionado aos carrinhos')).toHaveTextContent('R$ 0,00');
    expect(card('Valor adicionado aos carrinhos')).toHaveTextContent('-100%');
    expect(screen.queryByRole('img', { name: /^Gráfico/ })).not.toBeInTheDocument();
  });

  it('shows "—", never "+100 %", against a previous period without sales', async () => {
    const figures = storeFigures();
    fakeApi((path) =>
      path === '/api/statistics'
        ? storeFigures({
            financial: {
              ...figures.financial,
              gross: { amount: figures.financial.gross.amount, variation: null },
              liquid: { amount: figures.financial.liquid.amount, variation: null },
              previous: { paid_amount: 0, total_tickets: 0, avg_ticket: 0 },
            },
          })
        : undefined,
    );
    renderAs('MANAGER', '/statistics', ROUTES);

    await screen.findByText('R$ 1.234,56');
    for (const label of ['Valor adicionado aos carrinhos', 'Total de usuários', 'Ticket médio']) {
      const figure = card(label);
      expect(figure, label).toHaveTextContent('—');
      expect(figure, label).toHaveTextContent('sem dados no período anterior para comparar');
      expect(figure, label).not.toHaveTextContent('%');
      expect(within(figure).queryByTitle('Alta'), label).not.toBeInTheDocument();
    }
    expect(card('Valor adicionado aos carrinhos')).toHaveTextContent('R$ 0,00 no período anterior');
  });

  it('shows skeletons while the figures load', async () => {
    fakeApi(() => undefined);
    renderAs('MANAGER', '/statistics', ROUTES);

    expect(await screen.findAllByTestId('card-skeleton')).toHaveLength(5);
    expect(screen.getAllByTestId('chart-skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(/R\$/)).not.toBeInTheDocument();
  });
});

describe('/statistics for an administrator', () => {
  it("shows the platform's revenue with its variation, users, average ticket and the two charts", async () => {
    const api = fakeApi((path) => (path === '/api/statistics/general' ? general() : undefined));
    renderAs('ADMIN', '/statistics', ROUTES);

    await screen.findByText('R$ 123.456,78');
    expect(api.reads('/api/statistics/general')[0]!.query).toEqual({ period: '30d' });
    const gross = card('Receita bruta');
    expect(gross).toHaveTextContent('R$ 123.456,78');
    expect(gross).toHaveTextContent('+12,5%');
    expect(within(gross).getByTitle('Alta')).toBeInTheDocument();
    const liquid = card('Receita líquida');
    expect(liquid).toHaveTextContent('R$ 111.111,00');
    expect(liquid).toHaveTextContent('-3,2%');
    expect(within(liquid).getByTitle('Queda')).toBeInTheDocument();
    expect(card('Total de usuários')).toHaveTextContent('4.321');
    expect(card('Ticket médio')).toHaveTextContent('R$ 123,46');

    const orders = chart('Gráfico dos pedidos dos últimos 15 dias');
    expect(orders.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(15);
    expect(tickTexts(orders)[0]).toBe('11/11');
    expect(tickTexts(orders).at(-1)).toBe('25/11');

    const platforms = chart('Gráfico do uso da plataforma por mês, iOS e Android');
    expect(platforms.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(24);
    expect(tickTexts(platforms)).toEqual([
      'jan',
      'fev',
      'mar',
      'abr',
      'mai',
      'jun',
      'jul',
      'ago',
      'set',
      'out',
      'nov',
      'dez',
    ]);
    expect([...platforms.querySelectorAll('.recharts-legend-item-text')].map((t) => t.textContent)).toEqual([
      'iOS',
      'Android',
    ]);
  });

  it('shows "—" for a revenue whose previous period had none', async () => {
    fakeApi((path) =>
      path === '/api/statistics/general'
        ? general({
            financial: {
              ...general().financial,
              gross: { amount: 12345678, variation: null },
              liquid: { amount: 11111100, variation: null },
            },
          })
        : undefined,
    );
    renderAs('ADMIN', '/statistics', ROUTES);

    await screen.findByText('R$ 123.456,78');
    for (const label of ['Receita bruta', 'Receita líquida']) {
      expect(card(label), label).toHaveTextContent('—');
      expect(card(label), label).not.toHaveTextContent('%');
      expect(within(card(label)).queryByTitle('Alta'), label).not.toBeInTheDocument();
    }
  });

  it('asks the financial cards again for the period chosen', async () => {
    const api = fakeApi((path, query) =>
      path === '/api/statistics/general'
        ? general(
            query.period === 'today'
              ? { financial: { ...general().financial, gross: { amount: 98700, variation: -50 } } }
              : {},
          )
        : undefined,
    );
    const { user, location } = renderAs('ADMIN', '/statistics', ROUTES);
    await screen.findByText('R$ 123.456,78');

    await user.click(screen.getByRole('button', { name: 'Hoje' }));
    await waitFor(() => expect(card('Receita bruta')).toHaveTextContent('R$ 987,00'));
    expect(card('Receita bruta')).toHaveTextContent('-50%');
    expect(api.reads('/api/statistics/general').at(-1)!.query).toEqual({ period: 'today' });
    expect(location()?.search).toBe('?period=today');
  });

  it("opens a chosen restaurant's statistics, remembered on this device, over the same period", async () => {
    const api = fakeApi((path) =>
      path === '/api/statistics/general'
        ? general()
        : path === '/api/statistics'
          ? storeFigures()
          : undefined,
    );
    const { user, location } = renderAs('ADMIN', '/statistics?period=7d', ROUTES);
    await screen.findByText('R$ 123.456,78');

    await user.click(screen.getByRole('tab', { name: 'Restaurante' }));
    expect(
      await screen.findByText('Escolha um restaurante para ver as estatísticas dele.'),
    ).toBeInTheDocument();
    expect(api.reads('/api/statistics')).toHaveLength(0);

    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    await screen.findByText('R$ 1.234,56');
    expect(api.reads('/api/statistics')[0]!.query).toEqual({ period: '7d', store_id: '7' });
    expect(localStorage.getItem('painel.board.store')).toBe('7');
    expect(location()?.search).toBe('?period=7d&view=store');
    expect(within(card('Mais pedidos')).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('the charts’ tooltip', () => {
  it('writes money in reais and days as dd/MM/yyyy', () => {
    render(
      <ChartTooltip
        active
        label="03/11"
        payload={[{ name: 'Receita', value: 123456, color: '#ff8a3d', payload: { day: '2026-11-03' } }]}
        format={formatCents}
        title={(row, label) => dayOrLabel(String(row.day), label)}
      />,
    );
    expect(screen.getByText('03/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Receita: R$ 1.234,56')).toBeInTheDocument();
    // A month of the 12-month series keeps its label.
    expect(dayOrLabel(undefined, 'nov/26')).toBe('nov/26');
  });
});
