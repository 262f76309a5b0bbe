import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import { TeamList } from '../../src/resources/team/overrides';
import { fakeApi, refusal, renderAs } from './TeamWallScreen';

const member = (id: number, fullname: string, role = 'WAITER') => ({
  id,
  fullname,
  email: `${fullname.split(' ')[0]!.toLowerCase()}@cantinabella.com.br`,
  phone: '11991625576',
  role,
  store_id: 2,
  permissions: {},
  status: 'ACTIVE',
  created_at: '2026-03-18T15:00:00.000Z',
});

/** Ten people: two pages of 8. */
const TEAM = [
  member(2, 'Giulia Romano', 'MANAGER'),
  ...['Ana', 'Bruno', 'Carla', 'Diego', 'Eliane', 'Fábio', 'Gustavo', 'Helena', 'Igor'].map((name, i) =>
    member(10 + i, `${name} Souza`, i % 2 ? 'KITCHEN' : 'WAITER'),
  ),
];

function teamApi() {
  return fakeApi((call) => {
    if (call.path === '/api/admins') {
      const size = Number(call.query.page_size);
      const page = Number(call.query.page);
      const found = call.query.search
        ? TEAM.filter((m) => m.fullname.toLowerCase().includes(call.query.search!.toLowerCase()))
        : TEAM;
      return { data: { results: found.slice((page - 1) * size, page * size), total: found.length } };
    }
    if (call.path === '/api/stores')
      return { data: { results: [{ id: 7, name: 'Sabor do Sertão' }], total: 1 } };
    return refusal(404, 'Não encontrado');
  });
}

const routes = { '/settings/teams': <TeamList /> };
const listCalls = (api: ReturnType<typeof teamApi>) =>
  api.calls.filter((call) => call.path === '/api/admins');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the team (/settings/teams)', () => {
  it('shows 8 people a page, in name order, with their phone masked and their role', async () => {
    const api = teamApi();
    const { user } = renderAs('MANAGER', '/settings/teams', routes);
    const giulia = await screen.findByRole('row', { name: /Giulia Romano/ });
    expect(
      within(giulia)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Giulia Romano', 'giulia@cantinabella.com.br', '(11) 99162-5576', 'Gerente', '18/03/2026']);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 8);
    expect(listCalls(api)[0]!.query).toEqual({
      page: '1',
      page_size: '8',
      sort_field: 'fullname',
      sort_order: 'ASC',
    });
    expect(screen.getByText('1-8 de 10')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /próxima/i }));
    await screen.findByRole('row', { name: /Igor Souza/ });
    expect(listCalls(api).at(-1)!.query).toMatchObject({ page: '2', page_size: '8' });
  });

  it('opens a member from the name, and links back to the settings', async () => {
    teamApi();
    renderAs('WAITER', '/settings/teams', routes);
    expect(await screen.findByRole('link', { name: 'Giulia Romano' })).toHaveAttribute(
      'href',
      '/settings/teams/2',
    );
    expect(screen.getByRole('link', { name: 'Configurações' })).toHaveAttribute('href', '/settings');
  });

  it('searches by name or e-mail on the server', async () => {
    const api = teamApi();
    const { user } = renderAs('MANAGER', '/settings/teams', routes);
    await screen.findByRole('row', { name: /Giulia Romano/ });
    await user.type(screen.getByPlaceholderText('Buscar por nome ou e-mail'), 'helena');
    await screen.findByText('1-1 de 1');
    expect(listCalls(api).at(-1)!.query).toMatchObject({ search: 'helena', page: '1' });
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('offers INCLUIR COLABORADOR to a manager, and not to the rest of the team', async () => {
    teamApi();
    const manager = renderAs('MANAGER', '/settings/teams', routes);
    expect(await screen.findByRole('link', { name: 'INCLUIR COLABORADOR' })).toHaveAttribute(
      'href',
      '/settings/teams-create',
    );
    manager.unmount();

    teamApi();
    renderAs('WAITER', '/settings/teams', routes);
    await screen.findByRole('row', { name: /Giulia Romano/ });
    expect(screen.queryByRole('link', { name: 'INCLUIR COLABORADOR' })).not.toBeInTheDocument();
  });

  it('asks an administrator for the restaurant, then lists its team with store_id', async () => {
    const api = teamApi();
    const first = renderAs('ADMIN', '/settings/teams', routes);
    expect(await screen.findByText('Escolha o restaurante para ver a equipe.')).toBeInTheDocument();
    expect(listCalls(api)).toEqual([]);
    // The administrator has no settings to go back to.
    expect(screen.queryByRole('link', { name: 'Configurações' })).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const chosen = teamApi();
    const { user } = renderAs('ADMIN', '/settings/teams', routes);
    await screen.findByRole('row', { name: /Giulia Romano/ });
    expect(listCalls(chosen)[0]!.query).toMatchObject({ store_id: '7', page_size: '8' });
    expect(screen.getByRole('link', { name: 'INCLUIR COLABORADOR' })).toBeInTheDocument();
    // Exportar is that restaurant's team too, not every account the administrator may list.
    URL.createObjectURL = vi.fn(() => 'blob:equipe');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() =>
      expect(listCalls(chosen).find((call) => call.query.format === 'csv')?.query).toMatchObject({
        store_id: '7',
        format: 'csv',
      }),
    );
  });
});
