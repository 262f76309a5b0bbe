import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_SETTINGS } from '../../src/resources/kitchenBoard/boardHooks';
import { TeamCreate, TeamMember } from '../../src/resources/team/overrides';
import { messageOf } from './renderScreen';
import { fakeApi, refusal, renderAs, type ApiCall } from './TeamWallScreen';

const MANAGER = {
  id: 2,
  fullname: 'Giulia Romano',
  email: 'gerente@cantinabella.com.br',
  phone: '11991234567',
  role: 'MANAGER',
  store_id: 2,
  permissions: {},
  status: 'ACTIVE',
  created_at: '2024-08-27T15:00:00.000Z',
};
const WAITER = {
  ...MANAGER,
  id: 6,
  fullname: 'Eliane Oliveira',
  email: 'eliane@cantinabella.com.br',
  role: 'WAITER',
};

/** The team API, signed in as `me`; `write` answers the writes (the saved member by default). */
function teamApi(me = MANAGER, write?: (call: ApiCall) => unknown) {
  return fakeApi((call) => {
    if (call.path === '/api/account') return { data: { ...me, roles: [{ role: me.role, store_id: 2 }] } };
    if (call.path === '/api/stores')
      return { data: { results: [{ id: 7, name: 'Sabor do Sertão' }], total: 1 } };
    if (call.method !== 'GET') {
      const answer = write?.(call);
      if (answer) return answer;
      if (call.method === 'DELETE') return { data: { id: 6 } };
      return { data: { ...WAITER, ...(call.body as object) } };
    }
    if (call.path === '/api/admins/id/6') return { data: WAITER };
    if (call.path === '/api/admins/id/2') return { data: MANAGER };
    return refusal(404, 'Conta não encontrada.');
  });
}

const routes = {
  '/settings/teams': <p>Lista da equipe</p>,
  '/settings/teams-create': <TeamCreate />,
  '/settings/teams/:id': <TeamMember />,
};

const field = {
  fullname: () => screen.getByLabelText('Nome completo'),
  phone: () => screen.getByLabelText('Telefone'),
  email: () => screen.getByLabelText('E-mail'),
  password: () => screen.getByLabelText('Senha'),
  repeat: () => screen.getByLabelText('Repetir senha'),
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('add collaborator (/settings/teams-create)', () => {
  it("reports each field with restaurant spec 5's messages, and sends nothing", async () => {
    const api = teamApi();
    const { user } = renderAs('MANAGER', '/settings/teams-create', routes);
    await user.click(await screen.findByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(messageOf(field.fullname())).toBe('Por favor preencher o nome.'));
    expect(messageOf(field.phone())).toBe('Telefone obrigatório');
    expect(messageOf(field.email())).toBe('E-mail obrigatório.');
    expect(messageOf(field.password())).toBe('Senha obrigatória');

    await user.type(field.fullname(), 'a'.repeat(101));
    await user.type(field.email(), 'tadeu.com');
    await user.type(field.password(), 'abcd');
    await user.type(field.repeat(), 'abce');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(messageOf(field.fullname())).toBe('Limite máximo de 100 caracteres.'));
    expect(messageOf(field.email())).toBe('E-mail incorreto.');
    expect(messageOf(field.password())).toBe('No mínimo 8 caracteres');
    expect(messageOf(field.repeat())).toBe('As senhas precisam ser iguais');
    expect(api.writes()).toEqual([]);
  });

  it('masks the phone, sends the profile, password and role, then says so and opens the team', async () => {
    const api = teamApi();
    const { user, location } = renderAs('MANAGER', '/settings/teams-create', routes);
    await user.type(await screen.findByLabelText('Nome completo'), 'Tadeu Quixadá');
    await user.type(field.phone(), '11977771234');
    expect(field.phone()).toHaveValue('(11) 97777-1234');
    await user.type(field.email(), 'tadeu@cantinabella.com.br');
    await user.type(field.password(), 'abcdefgh');
    await user.type(field.repeat(), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'POST',
          path: '/api/admins',
          query: {},
          body: {
            fullname: 'Tadeu Quixadá',
            email: 'tadeu@cantinabella.com.br',
            phone: '11977771234',
            password: 'abcdefgh',
            role: 'STAFF',
          },
        },
      ]),
    );
    expect(await screen.findByText('Usuário criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/settings/teams'));
  });

  it('says a taken e-mail under the e-mail too, and stays on the form', async () => {
    teamApi(MANAGER, () => refusal(409, 'Já existe uma conta com esse e-mail.'));
    const { user, location } = renderAs('MANAGER', '/settings/teams-create', routes);
    await user.type(await screen.findByLabelText('Nome completo'), 'Tadeu Quixadá');
    await user.type(field.phone(), '11977771234');
    await user.type(field.email(), 'gerente@cantinabella.com.br');
    await user.type(field.password(), 'abcdefgh');
    await user.type(field.repeat(), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(messageOf(field.email())).toBe('Já existe uma conta com esse e-mail.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma conta com esse e-mail.');
    expect(location()?.pathname).toBe('/settings/teams-create');
  });

  it('tells the rest of the team that only managers add people, with no form', async () => {
    teamApi(WAITER);
    renderAs('WAITER', '/settings/teams-create', routes);
    expect(
      await screen.findByText('Somente os gerentes do restaurante alteram a equipe.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome completo')).not.toBeInTheDocument();
  });

  it("adds an administrator's collaborator to the restaurant chosen, with store_id", async () => {
    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = teamApi();
    const { user } = renderAs('ADMIN', '/settings/teams-create', routes);
    await user.type(await screen.findByLabelText('Nome completo'), 'Ana Sertão');
    await user.type(field.phone(), '11977771234');
    await user.type(field.email(), 'ana@sabordosertao.com.br');
    await user.type(field.password(), 'abcdefgh');
    await user.type(field.repeat(), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: '/api/admins', body: { store_id: 7 } });
  });
});

describe('a team member (/settings/teams/:id)', () => {
  it('opens the member of the path, with the masked phone and the role', async () => {
    const api = teamApi();
    renderAs('MANAGER', '/settings/teams/6', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Eliane Oliveira'));
    expect(api.calls.find((call) => call.path === '/api/admins/id/6')?.query).toEqual({});
    expect(field.phone()).toHaveValue('(11) 99123-4567');
    expect(field.email()).toHaveValue('eliane@cantinabella.com.br');
    expect(screen.getByRole('combobox', { name: /Função/ })).toHaveTextContent('Garçom');
    // Not one's own account: no current password to give.
    expect(screen.queryByLabelText('Senha atual')).not.toBeInTheDocument();
  });

  it('sends only what changed, then says so and opens the team', async () => {
    const api = teamApi();
    const { user, location } = renderAs('MANAGER', '/settings/teams/6', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Eliane Oliveira'));
    await user.clear(field.fullname());
    await user.type(field.fullname(), 'Eliane S. Oliveira');
    await user.type(screen.getByLabelText('Nova senha'), 'Nova@2026');
    await user.type(field.repeat(), 'Nova@2026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PATCH',
          path: '/api/admins/id/6',
          query: {},
          body: { fullname: 'Eliane S. Oliveira', password: 'Nova@2026' },
        },
      ]),
    );
    expect(await screen.findByText('Usuário atualizado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/settings/teams'));
  });

  it("says 'Não foi possível atualizar os dados do usuário' on a refused update, and why", async () => {
    teamApi(MANAGER, () => refusal(409, 'O restaurante precisa de ao menos um gerente.'));
    const { user, location } = renderAs('MANAGER', '/settings/teams/2', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Giulia Romano'));
    await user.click(screen.getByRole('combobox', { name: /Função/ }));
    await user.click(await screen.findByRole('option', { name: 'Garçom' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível atualizar os dados do usuário')).toBeInTheDocument();
    expect(screen.getByText('O restaurante precisa de ao menos um gerente.')).toBeInTheDocument();
    expect(location()?.pathname).toBe('/settings/teams/2');
  });

  it('asks for the current password to change one’s own, and offers no removal of oneself', async () => {
    const api = teamApi();
    const { user } = renderAs('MANAGER', '/settings/teams/2', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Giulia Romano'));
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nova senha'), 'Nova@2026');
    await user.type(field.repeat(), 'Nova@2026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Senha atual'))).toBe('Informe a senha atual.'),
    );
    expect(api.writes()).toEqual([]);
  });

  it('removes a member after a confirmation', async () => {
    const api = teamApi();
    const { user, location } = renderAs('MANAGER', '/settings/teams/6', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Eliane Oliveira'));
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remover Eliane Oliveira da equipe?')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: '/api/admins/id/6', query: {}, body: undefined },
      ]),
    );
    expect(await screen.findByText('Usuário removido com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(location()?.pathname).toBe('/settings/teams'));
  });

  it('shows the rest of the team the member, read-only, with nothing to save or remove', async () => {
    teamApi(WAITER);
    renderAs('WAITER', '/settings/teams/2', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Giulia Romano'));
    expect(field.fullname()).toBeDisabled();
    expect(field.email()).toBeDisabled();
    expect(screen.getByText('Somente os gerentes do restaurante alteram a equipe.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });

  it("works on an administrator's chosen restaurant: every call names it", async () => {
    localStorage.setItem(BOARD_SETTINGS.store, '7');
    const api = teamApi({ ...MANAGER, id: 1, role: 'ADMIN' });
    const { user } = renderAs('ADMIN', '/settings/teams/6', routes);
    await waitFor(() => expect(field.fullname()).toHaveValue('Eliane Oliveira'));
    expect(api.calls.find((call) => call.path === '/api/admins/id/6')?.query).toEqual({ store_id: '7' });
    await user.clear(field.fullname());
    await user.type(field.fullname(), 'Eliane Souza');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PATCH',
          path: '/api/admins/id/6',
          query: { store_id: '7' },
          body: { fullname: 'Eliane Souza' },
        },
      ]),
    );
  });

  it("says why a member cannot be read (another restaurant's, or gone)", async () => {
    teamApi();
    renderAs('MANAGER', '/settings/teams/99', routes);
    expect(await screen.findByText('Conta não encontrada.')).toBeInTheDocument();
  });
});
