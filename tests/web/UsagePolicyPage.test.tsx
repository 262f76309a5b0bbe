import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, Notification, testDataProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../src/authProvider';
import { i18nProvider } from '../../src/i18n';
import { formatDate, formatDateTime } from '../../contract/lib/format';
import {
  USAGE_POLICY_ACCEPTED,
  USAGE_POLICY_CHANGED,
  USAGE_POLICY_NOT_PUBLISHED,
  type UsagePolicy,
} from '../../contract/resources/usagePolicy/definition';
import { UsagePolicyPage } from '../../src/resources/usagePolicy/UsagePolicyPage';
import { makeToken } from './tokens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UPDATED_AT = '2026-02-10T13:00:00.000Z';
const ACCEPTED_AT = '2026-02-11T17:25:00.000Z';

const published = (over: Partial<UsagePolicy> = {}): UsagePolicy => ({
  title: 'Termos de uso para estabelecimentos',
  version: '1.0',
  updated_at: UPDATED_AT,
  text: [
    'Estes Termos regulam a participação do Estabelecimento.',
    '# 3. Pagamentos e repasses',
    '3.1. Os valores ficam liberados para saque em até 31 dias.\nSem custo adicional.',
    '# 6. Incidentes',
    '6.2. Incidentes são comunicados em até 24 horas. <img src="x" onerror="alert(1)"> <b>importante</b>',
  ].join('\n\n'),
  acceptance: { version: '0.9', accepted_at: '2025-09-01T12:00:00.000Z', account_name: 'Giulia Romano' },
  ...over,
});

/**
 * The API as the page sees it: the terms it reads, and acceptances that the server records (or
 * refuses with `refusal`) and answers with the terms and the store's new acceptance.
 */
function fakeApi(policy: UsagePolicy, refusal?: { status: number; message: string; then: UsagePolicy }) {
  let current = policy;
  const accepted: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://painel.test').pathname;
    if (path === '/api/usage-policy' && (init?.method ?? 'GET') === 'GET') return json({ data: current });
    if (path === '/api/usage-policy/accept' && init?.method === 'POST') {
      accepted.push(JSON.parse(String(init.body)));
      if (refusal) {
        current = refusal.then;
        return json({ error: { message: refusal.message } }, refusal.status);
      }
      current = {
        ...current,
        acceptance: { version: current.version!, accepted_at: ACCEPTED_AT, account_name: 'Giulia Romano' },
      };
      return json({ data: current }, 201);
    }
    return json({ error: { message: 'Não encontrado' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, accepted };
}

/** The page as the app shows it to a signed-in member of a store's team, with the app's own auth provider. */
function renderPage(role: 'MANAGER' | 'WAITER') {
  const token = makeToken({ role, store_id: 1 });
  localStorage.setItem(
    'painel.session',
    JSON.stringify({ email: 'equipe@cantinabella.com.br', role, token }),
  );
  const user = userEvent.setup({ delay: null });
  render(
    <TestMemoryRouter initialEntries={['/usage-policies']}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          <Route path="/usage-policies" element={<UsagePolicyPage />} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { user };
}

const acceptButton = () => screen.queryByRole('button', { name: 'Li e aceito os termos de uso' });

describe('Política de uso (/usage-policies)', () => {
  it('shows the title, version, date and text in headings and paragraphs, markup as plain text', async () => {
    fakeApi(published());
    renderPage('MANAGER');
    const terms = await screen.findByRole('article', { name: 'Termos de uso para estabelecimentos' });
    expect(
      within(terms).getByText(`Versão 1.0 · Atualizada em ${formatDate(UPDATED_AT)}`),
    ).toBeInTheDocument();
    expect(
      within(terms)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['3. Pagamentos e repasses', '6. Incidentes']);
    // A single line break stays inside its paragraph.
    const payment = within(terms).getByText(/3\.1\. Os valores ficam liberados/);
    expect(payment.textContent).toBe(
      '3.1. Os valores ficam liberados para saque em até 31 dias.\nSem custo adicional.',
    );
    expect(
      within(terms).getByText(/<img src="x" onerror="alert\(1\)"> <b>importante<\/b>/),
    ).toBeInTheDocument();
    expect(terms.querySelector('img, b')).toBeNull();
  });

  it("tells a manager the store has not accepted this version, and records the manager's acceptance", async () => {
    const { accepted } = fakeApi(published());
    const { user } = renderPage('MANAGER');
    const warning = await screen.findByText(/O restaurante ainda não aceitou a versão 1\.0 destes termos\./);
    expect(warning.textContent).toContain(
      `A versão 0.9 foi aceita por Giulia Romano em ${formatDateTime('2025-09-01T12:00:00.000Z')}.`,
    );
    expect(warning.textContent).toContain('Leia os termos e confirme o aceite no final da página.');

    await user.click(acceptButton()!);
    await screen.findByText(USAGE_POLICY_ACCEPTED);
    expect(accepted).toEqual([{ version: '1.0' }]);
    expect(
      await screen.findByText(
        `Termos aceitos por Giulia Romano em ${formatDateTime(ACCEPTED_AT)} (versão 1.0).`,
      ),
    ).toBeInTheDocument();
    expect(acceptButton()).not.toBeInTheDocument();
    expect(screen.queryByText(/ainda não aceitou/)).not.toBeInTheDocument();
  });

  it('shows who accepted the current version and when, with no button', async () => {
    fakeApi(published({ acceptance: { version: '1.0', accepted_at: ACCEPTED_AT, account_name: null } }));
    renderPage('MANAGER');
    expect(
      await screen.findByText(
        `Termos aceitos por uma conta que já foi removida em ${formatDateTime(ACCEPTED_AT)} (versão 1.0).`,
      ),
    ).toBeInTheDocument();
    expect(acceptButton()).not.toBeInTheDocument();
  });

  it('lets the rest of the team read and print, and says who accepts', async () => {
    const { accepted } = fakeApi(published({ acceptance: null }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPage('WAITER');
    const warning = await screen.findByText(/O restaurante ainda não aceitou a versão 1\.0 destes termos\./);
    expect(warning.textContent).toContain('O aceite é feito por um gerente do restaurante.');
    expect(warning.textContent).not.toContain('foi aceita por');
    expect(acceptButton()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(accepted).toEqual([]);
  });

  it('prints the terms alone: the app bar, the menu and the buttons are hidden on paper', async () => {
    fakeApi(published());
    renderPage('MANAGER');
    await screen.findByRole('article');
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent)
      .join('\n');
    const print = /@media print\s*\{([\s\S]*?)\}\s*\}/.exec(css)?.[0] ?? '';
    expect(print).toMatch(
      /\.MuiAppBar-root,\s*\.RaSidebar-root[^{]*\.usage-policy-no-print\s*\{\s*display:\s*none\s*!important/,
    );
    // What is hidden on paper: the print button and the accept area.
    const hidden = document.querySelectorAll('.usage-policy-no-print');
    expect(Array.from(hidden).some((element) => within(element as HTMLElement).queryByText('Imprimir'))).toBe(
      true,
    );
    expect(acceptButton()!.closest('.usage-policy-no-print')).not.toBeNull();
  });

  it('shows the new version when the terms changed while the manager was reading', async () => {
    const { accepted } = fakeApi(published(), {
      status: 409,
      message: USAGE_POLICY_CHANGED,
      then: published({ version: '1.1' }),
    });
    const { user } = renderPage('MANAGER');
    await screen.findByText(/Versão 1\.0 ·/);
    await user.click(acceptButton()!);
    await screen.findByText(USAGE_POLICY_CHANGED);
    await screen.findByText(/Versão 1\.1 ·/);
    expect(screen.getByText(/ainda não aceitou a versão 1\.1/)).toBeInTheDocument();
    expect(accepted).toEqual([{ version: '1.0' }]);
  });

  it('says so when the platform has not published the terms yet', async () => {
    fakeApi({
      title: 'Termos de uso para estabelecimentos',
      text: '',
      version: null,
      updated_at: null,
      acceptance: null,
    });
    renderPage('MANAGER');
    await screen.findByText(USAGE_POLICY_NOT_PUBLISHED);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument());
    expect(acceptButton()).not.toBeInTheDocument();
  });
});
