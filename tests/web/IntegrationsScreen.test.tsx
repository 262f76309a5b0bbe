import { Suspense, type ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../contract/lib/format';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import {
  INTEGRATION_MESSAGES,
  integrations,
  type Integration,
} from '../../contract/resources/integrations/definition';
import { GeneratedList } from '../../src/engine/GeneratedList';
import { resourceProps } from '../../src/engine/resources';
import { screenModules } from '../../src/resources/screens';
import integrationScreens from '../../src/resources/integrations/overrides';
import { messageOf } from './renderScreen';
import { renderSignedIn } from './renderSignedIn';

/**
 * Integrações (platform spec 2.15), the engine's list with its overrides: the active integrations, Nova integração while no OPDV is
 * active, and Desativar, through the app's own auth provider and HTTP client onto a fake `fetch`
 * that answers as the contract of issue 18 says.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const CREATED_AT = '2026-11-20T18:45:00.000Z';
const ACTIVE: Integration = {
  id: 7,
  store_id: 2,
  integration_type: 'OPDV',
  token: '••••••••f9a2',
  base_url: null,
  active: true,
  created_at: CREATED_AT,
  created_by: { id: 3, fullname: 'Giulia Rossi' },
};

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * The integrations API: the active list, a create that adds one (or `refusal`), and deactivate;
 * with `waiter`, the account of a waiter whose role holds the floor only.
 */
function fakeApi({
  active = [] as Integration[],
  refusal,
  waiter = false,
}: { active?: Integration[]; refusal?: { status: number; message?: string }; waiter?: boolean } = {}) {
  const sent: Sent[] = [];
  let current = [...active];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://painel.test');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
      if (url.pathname === '/api/stores/integration' && method === 'GET') return json({ data: current });
      if (url.pathname === '/api/stores/integration/create' && method === 'POST') {
        if (refusal)
          return json(refusal.message ? { error: { message: refusal.message } } : {}, refusal.status);
        const payload = body!.payload as { token: string };
        const created = { ...ACTIVE, id: 8, token: `••••••••${payload.token.slice(-4)}` };
        current = [created];
        return json({ data: created }, 201);
      }
      const deactivate = /^\/api\/stores\/integration\/(\d+)\/deactivate$/.exec(url.pathname);
      if (deactivate && method === 'PATCH') {
        const found = current.find((integration) => integration.id === Number(deactivate[1]))!;
        current = current.filter((integration) => integration !== found);
        return json({ data: { ...found, active: false } });
      }
      if (url.pathname === '/api/account' && waiter) {
        // A waiter, whose role holds the floor only.
        const roles = [{ role: 'WAITER', store_id: 2, store_name: 'Cantina Bella', permissions: ['floor'] }];
        return json({ data: { id: 4, fullname: 'Garçom', email: 't@painel.com.br', role: 'WAITER', roles } });
      }
      if (url.pathname === '/api/stores') {
        const results = [
          { id: 2, name: 'Cantina Bella' },
          { id: 7, name: 'Sabor do Sertão' },
        ];
        return json({ data: { results, total: results.length } });
      }
      return json({ error: { message: 'Não encontrado' } }, 404);
    }),
  );
  return { sent, writes: () => sent.filter((call) => call.method !== 'GET') };
}

const renderAs = (role: 'MANAGER' | 'WAITER' | 'ADMIN') =>
  renderSignedIn(role, '/integrations', {
    '/integrations': <GeneratedList definition={integrations} overrides={integrationScreens} />,
  }).user;

const ONE_ACTIVE = 'Já existe uma integração OPDV ativa para esta loja.';

describe('Integrações (/integrations)', () => {
  it('shows the active OPDV with its masked token, date and author; the one-active message replaces the form', async () => {
    fakeApi({ active: [ACTIVE] });
    renderAs('MANAGER');
    const card = await screen.findByRole('listitem', { name: 'Integração OPDV' });
    expect(within(card).getByText('••••••••f9a2')).toBeInTheDocument();
    expect(within(card).getByText(formatDateTime(CREATED_AT))).toBeInTheDocument();
    expect(formatDateTime(CREATED_AT)).toBe('20/11/2026 15:45');
    expect(within(card).getByText('Giulia Rossi')).toBeInTheDocument();
    expect(screen.getByText(ONE_ACTIVE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova integração' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Token/ })).not.toBeInTheDocument();
  });

  it('requires a token of 8 to 200 characters before anything is sent', async () => {
    const api = fakeApi();
    const user = renderAs('MANAGER');
    await screen.findByText('Nenhuma integração ativa.');
    expect(screen.queryByText(ONE_ACTIVE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nova integração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova integração' });
    // Only OPDV is offered, and it is chosen; the OPDV's address is the administrators' to give.
    expect(within(dialog).getByRole('combobox', { name: /Tipo/ })).toHaveTextContent('OPDV');
    expect(within(dialog).queryByRole('textbox', { name: /Endereço do OPDV/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    const token = within(dialog).getByRole('textbox', { name: /Token/ });
    await waitFor(() => expect(messageOf(token)).toBe(INTEGRATION_MESSAGES.tokenRequired));
    await user.type(token, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(messageOf(token)).toBe(INTEGRATION_MESSAGES.tokenLength));
    expect(api.writes()).toEqual([]);
  });

  it('adds the integration, then shows it with the one-active message and no form', async () => {
    const api = fakeApi();
    const user = renderAs('MANAGER');
    await user.click(await screen.findByRole('button', { name: 'Nova integração' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova integração' });
    await user.type(within(dialog).getByRole('textbox', { name: /Token/ }), 'abcde-7777-f9a2');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Integração adicionada com sucesso')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/stores/integration/create',
        query: {},
        body: { payload: { integration_type: 'OPDV', token: 'abcde-7777-f9a2' } },
      },
    ]);
    // The list is read again: the new one, and no form any more.
    await screen.findByRole('listitem', { name: 'Integração OPDV' });
    expect(screen.getByText(ONE_ACTIVE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova integração' })).not.toBeInTheDocument();
  });

  it("says the server's reason when it gives one, and the spec's words when it does not", async () => {
    fakeApi({ refusal: { status: 409, message: 'Já existe uma integração OPDV ativa para esta loja' } });
    const user = renderAs('MANAGER');
    await user.click(await screen.findByRole('button', { name: 'Nova integração' }));
    await user.type(screen.getByRole('textbox', { name: /Token/ }), 'token-12345678');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Já existe uma integração OPDV ativa para esta loja')).toBeInTheDocument();
  });

  it("says 'Aconteceu um erro ao adicionar a integração' when the server fails", async () => {
    fakeApi({ refusal: { status: 500 } });
    const user = renderAs('MANAGER');
    await user.click(await screen.findByRole('button', { name: 'Nova integração' }));
    await user.type(screen.getByRole('textbox', { name: /Token/ }), 'token-12345678');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Aconteceu um erro ao adicionar a integração')).toBeInTheDocument();
    // The form stays, with what was typed.
    expect(screen.getByRole('textbox', { name: /Token/ })).toHaveValue('token-12345678');
  });

  it('deactivates after the confirmation, and then offers Nova integração again', async () => {
    const api = fakeApi({ active: [ACTIVE] });
    const user = renderAs('MANAGER');
    await user.click(await screen.findByRole('button', { name: 'Desativar' }));
    const confirm = await screen.findByRole('dialog');
    expect(api.writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.deactivated)).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: '/api/stores/integration/7/deactivate', query: {}, body: undefined },
    ]);
    expect(await screen.findByRole('button', { name: 'Nova integração' })).toBeInTheDocument();
    expect(screen.queryByText(ONE_ACTIVE)).not.toBeInTheDocument();
  });

  it('tells a waiter, whose role lacks "Integrações", why the screen is closed, and asks nothing', async () => {
    const api = fakeApi({ active: [ACTIVE], waiter: true });
    // The list as the app registers it: behind the resource's permission.
    const Guarded = resourceProps(integrations, screenModules.integrations).list as ComponentType;
    renderSignedIn('WAITER', '/integrations', {
      '/integrations': (
        <Suspense fallback={null}>
          <Guarded />
        </Suspense>
      ),
    });
    expect(
      await screen.findByText(
        'Sua função não tem a permissão "Integrações". Peça a um gerente do restaurante.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
    expect(api.sent.filter((call) => call.path.startsWith('/api/stores/integration'))).toEqual([]);
  });

  it('has an administrator choose the restaurant, and sends it with every call', async () => {
    const api = fakeApi();
    const user = renderAs('ADMIN');
    expect(
      await screen.findByText('Escolha um restaurante para ver as suas integrações.'),
    ).toBeInTheDocument();
    expect(api.sent.filter((call) => call.path.startsWith('/api/stores/integration'))).toEqual([]);
    await user.click(await screen.findByRole('combobox', { name: 'Restaurante' }));
    await user.click(await screen.findByRole('option', { name: 'Sabor do Sertão' }));
    await screen.findByText('Nenhuma integração ativa.');
    expect(localStorage.getItem(BOARD_SETTINGS.store)).toBe('7');
    expect(api.sent.find((call) => call.path === '/api/stores/integration')?.query).toMatchObject({
      store_id: '7',
    });
    await user.click(screen.getByRole('button', { name: 'Nova integração' }));
    await user.type(screen.getByRole('textbox', { name: /Token/ }), 'token-12345678');
    await user.type(screen.getByRole('textbox', { name: /Endereço do OPDV/ }), 'https://pdv.sertao.example');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await screen.findByText('Integração adicionada com sucesso');
    expect(api.writes()[0]?.body).toEqual({
      payload: { integration_type: 'OPDV', token: 'token-12345678', base_url: 'https://pdv.sertao.example' },
      store_id: 7,
    });
  });
});
