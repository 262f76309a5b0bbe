import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RolePermissionsPage } from '../../src/resources/rolePermissions/RolePermissionsPage';
import { DEFAULT_PERMISSIONS, PERMISSION_IDS, TEAM_ROLES } from '../../contract/permissions';
import { fakeApi, refusal, renderAs } from './TeamWallScreen';

const routes = { '/settings/permissions': <RolePermissionsPage /> };

function roles(overrides: Record<string, string[]> = {}) {
  return TEAM_ROLES.map((role) => ({
    role: role.id,
    name: role.name,
    permissions:
      role.id === 'MANAGER'
        ? [...PERMISSION_IDS]
        : (overrides[role.id] ?? [...DEFAULT_PERMISSIONS[role.id as keyof typeof DEFAULT_PERMISSIONS]]),
    editable: role.id !== 'MANAGER',
    customized: role.id in overrides,
    updated_at: role.id in overrides ? '2026-11-27T18:00:00.000Z' : null,
    updated_by: role.id in overrides ? 'Giulia Romano' : null,
  }));
}

function permissionsApi() {
  let current = roles();
  return fakeApi((call) => {
    if (call.path === '/api/team/permissions' && call.method === 'GET') return { data: current };
    if (call.path === '/api/team/permissions' && call.method === 'PATCH') {
      const body = call.body as { role: string; permissions: string[] };
      current = roles({ [body.role]: body.permissions });
      return { data: current };
    }
    return refusal(404, 'Não encontrado');
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Permissões da equipe (/settings/permissions)', () => {
  it("lets a manager grant the waiters Estatísticas and save just that role's set", async () => {
    const api = permissionsApi();
    const { user } = renderAs('MANAGER', '/settings/permissions', routes);
    const box = await screen.findByRole('checkbox', { name: 'Garçom: Estatísticas' });
    expect(box).not.toBeChecked();
    // The managers hold everything, and that is not for anyone to change.
    expect(screen.getByRole('checkbox', { name: 'Gerente: Contas bancárias' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Gerente: Contas bancárias' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'SALVAR' })).toBeDisabled();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'SALVAR' }));
    expect(await screen.findByText('Permissões salvas com sucesso!')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: '/api/team/permissions',
        query: {},
        body: {
          role: 'WAITER',
          // In the catalogue's order, whatever order they were ticked in.
          permissions: PERMISSION_IDS.filter(
            (p) => p === 'statistics' || (DEFAULT_PERMISSIONS.WAITER as readonly string[]).includes(p),
          ),
        },
      },
    ]);
    await waitFor(() => expect(screen.getByText(/Giulia Romano/)).toBeInTheDocument());
  });

  it('restores a role to its defaults, and discards what was not saved', async () => {
    const api = permissionsApi();
    const { user } = renderAs('MANAGER', '/settings/permissions', routes);
    const kitchenFloor = await screen.findByRole('checkbox', { name: 'Cozinha: Salão' });
    await user.click(kitchenFloor);
    expect(kitchenFloor).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(kitchenFloor).not.toBeChecked();
    await user.click(kitchenFloor);
    await user.click(screen.getByRole('button', { name: 'Restaurar o padrão de Cozinha' }));
    expect(kitchenFloor).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'SALVAR' })).toBeDisabled();
    expect(api.writes()).toEqual([]);
  });

  it('shows someone else who manages the team what each role may do, without changing it', async () => {
    permissionsApi();
    renderAs('CASHIER', '/settings/permissions', routes);
    expect(await screen.findByText('Somente gerentes alteram as permissões.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Caixa: Financeiro' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Caixa: Financeiro' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'SALVAR' })).not.toBeInTheDocument();
  });
});
