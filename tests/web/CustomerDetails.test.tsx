import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { formatDateTime } from '../../contract/lib/format';
import { customers, type CustomerDetail } from '../../contract/resources/customers/definition';
import { GeneratedEdit } from '../../src/engine/GeneratedForm';
import screens from '../../src/resources/customers/overrides';
import { customerRecord } from './customerRecord';
import { renderScreen } from './renderScreen';

const TICKET_AT = '2026-03-07T23:40:00.000Z';

const MARINA: CustomerDetail = {
  ...(customerRecord(41, 'Marina Costa') as Omit<CustomerDetail, 'info' | 'stats'>),
  info: { gender: 'F', birthdate: '1990-05-01' },
  stats: {
    visits: 3,
    lastTicket: {
      id: 9,
      store_id: 2,
      store_name: 'Cantina Bella',
      created_at: TICKET_AT,
      total: 13780,
      items: [{ name: 'Lasanha à bolonhesa', quantity: 2, product_price: 5890 }],
    },
  },
};

/** GET and PATCH of /api/customers/id/41, with the stats only when asked for them. */
function api(fail: 'read' | 'save' | null = null) {
  return vi.fn<HttpClient>(async (path, request) => {
    if (path !== '/api/customers/id/41') throw new Error(`Rota inesperada: ${path}`);
    if (fail === 'read' || (fail === 'save' && request?.method === 'PATCH'))
      throw new HttpError('Erro interno.', 500);
    const { stats, ...plain } = MARINA;
    const record = { ...plain, ...(request?.body as object) };
    return { data: request?.query?.include === 'stats' ? { ...record, stats } : record };
  });
}

function renderDetail(http: HttpClient) {
  return renderScreen(
    '/customers/list/details/41',
    {
      '/customers/list/details/:id': <GeneratedEdit definition={customers} overrides={screens} />,
      '/customers/list': <p>Lista de usuários</p>,
    },
    http,
    { permissions: 'ADMIN' },
  );
}

const value = (label: string) => (screen.getByRole('textbox', { name: label }) as HTMLInputElement).value;

describe("a customer's detail (/customers/list/details/:id)", () => {
  it('shows the personal data read-only, as the spec lists it, and the stats of every store', async () => {
    const http = api();
    renderDetail(http);

    expect(await screen.findByRole('heading', { level: 1, name: 'Marina Costa' })).toBeInTheDocument();
    expect(screen.getByText('@marina')).toBeInTheDocument();
    expect(http).toHaveBeenCalledWith('/api/customers/id/41', { query: { include: 'stats' } });
    await waitFor(() => expect(value('Nome completo')).toBe('Marina Costa'));
    expect({
      Username: value('Username'),
      'E-mail': value('E-mail'),
      Telefone: value('Telefone'),
      CPF: value('CPF'),
      Gênero: value('Gênero'),
      'Data de nascimento': value('Data de nascimento'),
      Idade: value('Idade'),
      Status: value('Status'),
      'Criado em': value('Criado em'),
    }).toEqual({
      Username: 'marina',
      'E-mail': 'marina@exemplo.com.br',
      Telefone: '(11) 99162-5576',
      CPF: '529.982.247-25',
      Gênero: 'Feminino',
      'Data de nascimento': '01/05/1990',
      Idade: '35 anos',
      Status: 'Ativo',
      'Criado em': '18/03/2026',
    });
    for (const textbox of screen.getAllByRole('textbox')) expect(textbox).toHaveAttribute('readonly');

    const stats = screen.getByRole('region', { name: 'Estatísticas' });
    const facts = Object.fromEntries(
      within(stats)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Visitas: '3',
      'Última comanda': formatDateTime(TICKET_AT),
      Restaurante: 'Cantina Bella',
      'Total da comanda': 'R$ 137,80',
    });
    expect(within(stats).getByRole('table', { name: 'Itens da última comanda' })).toHaveTextContent(
      'Lasanha à bolonhesa',
    );
  });

  it('saves the FeedHunter switch with ATUALIZAR only, and keeps the stats on screen', async () => {
    const http = api();
    const { user, location } = renderDetail(http);
    const update = await screen.findByRole('button', { name: 'ATUALIZAR' });
    const flag = await screen.findByRole('switch', { name: 'Não é FeedHunter' });
    await waitFor(() => expect(value('Nome completo')).toBe('Marina Costa'));
    expect(update).toBeDisabled();

    await user.click(flag);
    expect(screen.getByRole('switch', { name: 'É FeedHunter' })).toBeChecked();
    await user.click(update);

    await waitFor(() =>
      expect(http).toHaveBeenCalledWith('/api/customers/id/41', {
        method: 'PATCH',
        body: { feedhunter: true },
        query: { include: 'stats' },
      }),
    );
    expect(await screen.findByText('Usuário atualizado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ATUALIZAR' })).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'É FeedHunter' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Estatísticas' })).toBeInTheDocument();
    expect(location()?.pathname).toBe('/customers/list/details/41');
  });

  it('says the FeedHunter could not be updated when the save fails', async () => {
    const { user } = renderDetail(api('save'));
    await user.click(await screen.findByRole('switch', { name: 'Não é FeedHunter' }));
    await user.click(screen.getByRole('button', { name: 'ATUALIZAR' }));

    expect(await screen.findByText('Ocorreu um erro na atualização do FeedHunter')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'É FeedHunter' })).toBeChecked();
  });

  it('says the customer could not be loaded, and goes back to the list', async () => {
    const { location } = renderDetail(api('read'));

    expect(
      await screen.findByText('Ocorreu um erro ao tentar carregar as informações do usuário'),
    ).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/customers/list'));
  });
});
