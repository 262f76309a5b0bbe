import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../contract/lib/format';
import type { CustomerDetail } from '../../contract/resources/customers/definition';
import type { Review } from '../../contract/resources/reviews/definition';
import { ReviewCustomer } from '../../src/resources/reviews/ReviewCustomer';
import { renderSignedIn } from './renderSignedIn';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TICKET_AT = '2026-03-07T23:40:00.000Z';

/** The customer as staff get it: no phone, CPF, gender, birth date or age. */
const STAFF_VIEW: CustomerDetail = {
  id: 41,
  fullname: 'Ana Beatriz Souza',
  username: 'anabia',
  email: 'ana.souza@exemplo.com.br',
  profile_picture: '/uploads/demo/customers/41.svg',
  status: 'ACTIVE',
  feedhunter: false,
  created_at: '2025-11-02T12:00:00.000Z',
  stats: {
    visits: 3,
    lastTicket: {
      id: 9,
      store_id: 2,
      store_name: 'Cantina Bella',
      created_at: TICKET_AT,
      total: 13780,
      items: [
        { name: 'Lasanha à bolonhesa', quantity: 2, product_price: 5890 },
        { name: 'Tiramisù', quantity: 1, product_price: 2000 },
      ],
    },
  },
};

const REVIEW: Review = {
  id: 5,
  store_id: 2,
  store_name: 'Cantina Bella',
  rating: 4,
  text: 'Porções generosas.',
  created_at: '2026-03-08T12:00:00.000Z',
  customer: { id: 41, name: 'Ana Beatriz Souza', username: 'anabia', profile_picture: null },
  answer: 'Obrigado, Ana!',
  answered_at: '2026-03-08T15:00:00.000Z',
  answered_by: { id: 2, name: 'Giulia Romano' },
};

function fakeApi(customer: CustomerDetail | null) {
  const reads: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://painel.test');
      reads.push(url.pathname + url.search);
      if (url.pathname === '/api/customers/id/41') {
        return customer
          ? json({ data: customer })
          : json({ error: { message: 'Usuário não encontrado.' } }, 404);
      }
      if (url.pathname === '/api/reviews') return json({ data: { results: [REVIEW], total: 1 } });
      return json({ error: { message: 'Não encontrado' } }, 404);
    }),
  );
  return reads;
}

const renderCustomer = (role: 'MANAGER' | 'ADMIN') =>
  renderSignedIn(role, '/reviews/customer/41', { '/reviews/customer/:id': <ReviewCustomer /> });

describe('the customer screen a review opens (/reviews/customer/:id)', () => {
  it("shows staff the picture, name, e-mail, username, the store's stats and the customer's reviews", async () => {
    const reads = fakeApi(STAFF_VIEW);
    renderCustomer('MANAGER');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Beatriz Souza' })).toBeInTheDocument();
    expect(reads).toContain('/api/customers/id/41?include=stats');
    expect(document.querySelector('img[src="/uploads/demo/customers/41.svg"]')).not.toBeNull();
    const value = (label: string) => screen.getByRole('textbox', { name: label });
    await waitFor(() => expect(value('Nome completo')).toHaveValue('Ana Beatriz Souza'));
    expect(value('E-mail')).toHaveValue('ana.souza@exemplo.com.br');
    expect(value('Username')).toHaveValue('anabia');
    for (const textbox of screen.getAllByRole('textbox')) expect(textbox).toHaveAttribute('readonly');
    expect(screen.getByText('@anabia')).toBeInTheDocument();
    const facts = (name: string) =>
      Object.fromEntries(
        within(screen.getByRole('region', { name }))
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(facts('Estatísticas')).toEqual({
      Visitas: '3',
      'Última comanda': formatDateTime(TICKET_AT),
      'Total da comanda': 'R$ 137,80',
    });
    const items = screen.getByRole('table', { name: 'Itens da última comanda' });
    expect(
      within(items)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Item', 'Quantidade', 'Preço'],
      ['Lasanha à bolonhesa', '2', 'R$ 58,90'],
      ['Tiramisù', '1', 'R$ 20,00'],
    ]);
    for (const hidden of ['Telefone', 'CPF', 'Gênero', 'Data de nascimento', 'Idade'])
      expect(screen.queryByText(hidden)).not.toBeInTheDocument();

    const reviews = screen.getByRole('region', { name: 'Avaliações do cliente' });
    expect(await within(reviews).findByText('Porções generosas.')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: '4 de 5 estrelas' })).toBeInTheDocument();
    expect(within(reviews).getByText('Obrigado, Ana!')).toBeInTheDocument();
    expect(reads.find((read) => read.startsWith('/api/reviews?'))).toContain('customer_id=41');
    expect(screen.getByRole('link', { name: 'Avaliações' })).toHaveAttribute('href', '/reviews');
    expect(screen.queryByRole('link', { name: 'Ver cadastro completo' })).not.toBeInTheDocument();
  });

  it('says so when the customer cannot be opened, and goes back to the reviews', async () => {
    fakeApi(null);
    const { location } = renderCustomer('MANAGER');
    expect(await screen.findByText('Usuário não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/reviews'));
  });

  it("gives an administrator the ticket's restaurant and the way to the full record", async () => {
    fakeApi(STAFF_VIEW);
    renderCustomer('ADMIN');
    await screen.findByRole('heading', { level: 1, name: 'Ana Beatriz Souza' });
    expect(
      within(screen.getByRole('region', { name: 'Estatísticas' })).getByText('Cantina Bella'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver cadastro completo' })).toHaveAttribute(
      'href',
      '/customers/list/details/41',
    );
  });
});
