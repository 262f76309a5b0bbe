import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { dataProvider } from '../../src/dataProvider/instance';
import { i18nProvider } from '../../src/i18n';
import { formatDateTime } from '../../contract/lib/format';
import {
  ANSWER_MAX,
  REVIEW_MESSAGES,
  reviews,
  type Review,
  type ReviewSummary,
} from '../../contract/resources/reviews/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import reviewScreens from '../../src/resources/reviews/overrides';
import { makeToken } from './tokens';
import { belowLg } from './renderScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ANSWERED_AT = '2026-03-09T15:30:00.000Z';

function review(id: number, over: Partial<Review> = {}): Review {
  return {
    id,
    store_id: 2,
    store_name: 'Cantina Bella',
    rating: 5,
    text: `Comentário ${id}`,
    created_at: '2026-03-08T22:15:00.000Z',
    customer: { id: 100 + id, name: `Cliente ${id}`, username: `cliente${id}`, profile_picture: null },
    answer: null,
    answered_at: null,
    answered_by: null,
    ...over,
  };
}

const REVIEWS: Review[] = [
  review(1, { rating: 5, text: 'Lasanha perfeita!' }),
  review(2, {
    rating: 2,
    text: 'Demorou muito.',
    answer: 'Pedimos desculpas pela demora.',
    answered_at: ANSWERED_AT,
    answered_by: { id: 2, name: 'Giulia Romano' },
  }),
  review(3, { rating: 4, text: '' }),
];

const SUMMARY: ReviewSummary = {
  total: 40,
  average: 4.25,
  distribution: [
    { rating: 5, total: 20 },
    { rating: 4, total: 12 },
    { rating: 3, total: 4 },
    { rating: 2, total: 3 },
    { rating: 1, total: 1 },
  ],
  unanswered: 7,
};

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/**
 * The API as the screen sees it, through the app's own dataProvider and client: the reviews (by
 * rating when asked), the summary, the restaurants, and answers that the server records — or
 * refuses with `refusal`.
 */
function fakeApi({ refusal }: { refusal?: { status: number; message: string } } = {}) {
  const sent: Sent[] = [];
  const rows = REVIEWS.map((r) => ({ ...r }));
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://painel.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === '/api/reviews/summary') return json({ data: SUMMARY });
    if (url.pathname === '/api/reviews') {
      const rating = url.searchParams.get('rating');
      const results = rows.filter((r) => rating === null || String(r.rating) === rating);
      return json({ data: { results, total: results.length } });
    }
    if (url.pathname === '/api/stores') {
      const results = [
        { id: 2, name: 'Cantina Bella' },
        { id: 7, name: 'Sabor do Sertão' },
      ];
      return json({ data: { results, total: results.length } });
    }
    const answered = /^\/api\/reviews\/id\/(\d+)$/.exec(url.pathname);
    if (answered && method === 'PATCH') {
      if (refusal) return json({ error: { message: refusal.message } }, refusal.status);
      const row = rows.find((r) => r.id === Number(answered[1]))!;
      const text = String(body!.answer);
      Object.assign(
        row,
        text
          ? { answer: text, answered_at: ANSWERED_AT, answered_by: { id: 2, name: 'Giulia Romano' } }
          : { answer: null, answered_at: null, answered_by: null },
      );
      return json({ data: row });
    }
    return json({ error: { message: 'Não encontrado' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const reads = (path: string) => sent.filter((call) => call.method === 'GET' && call.path === path);
  const patches = () => sent.filter((call) => call.method === 'PATCH');
  return { sent, reads, patches };
}

/** The list as someone signed in with `role` sees it, with the app's own auth provider. */
function renderList(role: 'MANAGER' | 'WAITER' | 'ADMIN') {
  const token = makeToken({ role, store_id: role === 'ADMIN' ? null : 2 });
  localStorage.setItem('painel.session', JSON.stringify({ email: 't@painel.com.br', role, token }));
  const current: { location?: Location } = {};
  const user = userEvent.setup({ delay: null });
  render(
    <TestMemoryRouter
      initialEntries={['/reviews']}
      locationCallback={(location) => (current.location = location)}
    >
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          <Route path="/reviews" element={<GeneratedList definition={reviews} overrides={reviewScreens} />} />
          <Route path="/reviews/customer/:id" element={<p>Tela do cliente</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { user, location: () => current.location };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('Avaliações (/reviews) for the staff of a store', () => {
  it("heads the list with the store's average and distribution, and shows each review's stars, text, customer and date", async () => {
    const api = fakeApi();
    renderList('MANAGER');
    await screen.findByText('Lasanha perfeita!');
    expect(api.reads('/api/reviews')[0]!.query).toEqual({
      offset: '0',
      limit: '50',
      sort_field: 'created_at',
      sort_order: 'DESC',
    });
    expect(api.reads('/api/reviews/summary')[0]!.query).toEqual({});

    const summary = screen.getByRole('region', { name: 'Resumo das avaliações' });
    expect(within(summary).getByText('4,3')).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: '4,3 de 5 estrelas' })).toBeInTheDocument();
    expect(within(summary).getByText('40 avaliações')).toBeInTheDocument();
    expect(
      within(within(summary).getByRole('list', { name: 'Avaliações por nota' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '5 estrelas: 20 avaliações (50%)5 ★20',
      '4 estrelas: 12 avaliações (30%)4 ★12',
      '3 estrelas: 4 avaliações (10%)3 ★4',
      '2 estrelas: 3 avaliações (8%)2 ★3',
      '1 estrela: 1 avaliação (3%)1 ★1',
    ]);

    const first = rowOf('Lasanha perfeita!');
    expect(within(first).getByRole('img', { name: '5 de 5 estrelas' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Cliente 1' })).toHaveAttribute(
      'href',
      '/reviews/customer/101',
    );
    expect(within(first).getByText('@cliente1')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime('2026-03-08T22:15:00.000Z'))).toBeInTheDocument();
    // The restaurant's answer under the review it answers; a rating without words says so.
    const second = rowOf('Demorou muito.');
    expect(within(second).getByText('Pedimos desculpas pela demora.')).toBeInTheDocument();
    expect(
      within(second).getByText(`Resposta do restaurante · ${formatDateTime(ANSWERED_AT)} · Giulia Romano`),
    ).toBeInTheDocument();
    expect(within(rowOf('Sem comentário')).getByRole('img', { name: '4 de 5 estrelas' })).toBeInTheDocument();
  });

  it('applies the rating and answer filters only with Aplicar, and lists the unanswered from the summary', async () => {
    const api = fakeApi();
    const { user } = renderList('MANAGER');
    await screen.findByText('Lasanha perfeita!');
    await choose(user, 'Nota', '5 estrelas');
    await choose(user, 'Resposta', 'Sem resposta');
    expect(api.reads('/api/reviews')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(api.reads('/api/reviews')).toHaveLength(2));
    expect(api.reads('/api/reviews')[1]!.query).toMatchObject({ rating: '5', answered: 'no', offset: '0' });
    await waitFor(() => expect(screen.queryByText('Demorou muito.')).not.toBeInTheDocument());

    await choose(user, 'Nota', 'Todas');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Demorou muito.');
    await user.click(screen.getByRole('button', { name: '7 sem resposta' }));
    await waitFor(() => expect(api.reads('/api/reviews').at(-1)!.query).toMatchObject({ answered: 'no' }));
    expect(api.reads('/api/reviews').at(-1)!.query).not.toHaveProperty('rating');
  });

  it('opens the customer screen from a row', async () => {
    fakeApi();
    const { user, location } = renderList('MANAGER');
    await user.click(await screen.findByText('Lasanha perfeita!'));
    await screen.findByText('Tela do cliente');
    expect(location()?.pathname).toBe('/reviews/customer/101');
  });

  it('answers a review in a dialog: asks for words, refuses more than 2000 characters, then publishes with a notice', async () => {
    const api = fakeApi();
    const { user } = renderList('MANAGER');
    await screen.findByText('Lasanha perfeita!');
    await user.click(
      within(rowOf('Lasanha perfeita!')).getByRole('button', { name: 'Responder a Cliente 1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Responder a Cliente 1' });
    expect(within(dialog).getByText('Lasanha perfeita!')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Publicar resposta' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.answerRequired)).toBeInTheDocument();
    const input = within(dialog).getByRole('textbox', { name: 'Resposta' });
    fireEvent.change(input, { target: { value: 'a'.repeat(ANSWER_MAX + 1) } });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar resposta' }));
    expect(await within(dialog).findByText(REVIEW_MESSAGES.answerTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(`${ANSWER_MAX + 1}/${ANSWER_MAX} caracteres`)).toBeInTheDocument();
    expect(api.patches()).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  Obrigado pela visita!  ');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar resposta' }));
    expect(await screen.findByText(REVIEW_MESSAGES.answered)).toBeInTheDocument();
    expect(api.patches()).toEqual([
      { method: 'PATCH', path: '/api/reviews/id/1', query: {}, body: { answer: 'Obrigado pela visita!' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The row shows the answer, and the summary's counts are read again.
    expect(within(rowOf('Lasanha perfeita!')).getByText('Obrigado pela visita!')).toBeInTheDocument();
    await waitFor(() => expect(api.reads('/api/reviews/summary')).toHaveLength(2));
  });

  it("edits or removes the store's answer", async () => {
    const api = fakeApi();
    const { user } = renderList('MANAGER');
    await screen.findByText('Demorou muito.');
    await user.click(
      within(rowOf('Demorou muito.')).getByRole('button', { name: 'Editar resposta a Cliente 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar a resposta a Cliente 2' });
    expect(within(dialog).getByRole('textbox', { name: 'Resposta' })).toHaveValue(
      'Pedimos desculpas pela demora.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remover resposta' }));
    expect(await screen.findByText(REVIEW_MESSAGES.answerRemoved)).toBeInTheDocument();
    expect(api.patches().map((call) => call.body)).toEqual([{ answer: '' }]);
    await waitFor(() =>
      expect(
        within(rowOf('Demorou muito.')).queryByText('Pedimos desculpas pela demora.'),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(rowOf('Demorou muito.')).getByRole('button', { name: 'Responder a Cliente 2' }),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog with what was written", async () => {
    fakeApi({ refusal: { status: 403, message: 'Acesso restrito aos gerentes do restaurante.' } });
    const { user } = renderList('MANAGER');
    await screen.findByText('Lasanha perfeita!');
    await user.click(
      within(rowOf('Lasanha perfeita!')).getByRole('button', { name: 'Responder a Cliente 1' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Resposta' }), 'Obrigado!');
    await user.click(within(dialog).getByRole('button', { name: 'Publicar resposta' }));
    expect(await screen.findByText('Acesso restrito aos gerentes do restaurante.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Resposta' })).toHaveValue('Obrigado!');
  });

  it('lets a waiter read the reviews, without answering them', async () => {
    fakeApi();
    renderList('WAITER');
    await screen.findByText('Lasanha perfeita!');
    expect(screen.queryByRole('button', { name: /^Responder/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar resposta/ })).not.toBeInTheDocument();
  });

  describe('on a tablet beside the menu', () => {
    let restore = () => {};
    afterEach(() => restore());

    it('shows a card per review, its author a touch away from the customer screen', async () => {
      restore = belowLg();
      fakeApi();
      const { user, location } = renderList('MANAGER');
      const card = (await screen.findByText('Lasanha perfeita!')).closest('li')!;
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByRole('img', { name: '5 de 5 estrelas' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Responder a Cliente 1' })).toBeInTheDocument();
      await user.click(within(card).getByRole('link', { name: /Cliente 1/ }));
      await screen.findByText('Tela do cliente');
      expect(location()?.pathname).toBe('/reviews/customer/101');
    });
  });
});

describe('Avaliações (/reviews) for an administrator', () => {
  it('asks for a restaurant first, then lists and summarises the one applied, remembered on this device', async () => {
    const api = fakeApi();
    const { user } = renderList('ADMIN');
    expect(await screen.findByText(REVIEW_MESSAGES.chooseStore)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    expect(api.reads('/api/reviews')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    expect(api.reads('/api/reviews')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    await screen.findByText('Lasanha perfeita!');
    expect(api.reads('/api/reviews')[0]!.query).toMatchObject({ store_id: '7', offset: '0', limit: '50' });
    expect(api.reads('/api/reviews/summary')[0]!.query).toEqual({ store_id: '7' });
    expect(localStorage.getItem('painel.board.store')).toBe('7');
    // Administrators answer too.
    expect(
      within(rowOf('Lasanha perfeita!')).getByRole('button', { name: 'Responder a Cliente 1' }),
    ).toBeInTheDocument();
  });
});
