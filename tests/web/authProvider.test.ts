import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { canAccessResource, createAuthProvider } from '../../src/authProvider';
import { readSession, saveSession } from '../../src/lib/session';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { definitions } from '../../contract/definitions';
import { makeToken } from './tokens';

function setup(answer: unknown = {}) {
  const http = vi.fn<HttpClient>().mockResolvedValue(answer);
  return { http, authProvider: createAuthProvider(http) };
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('login', () => {
  it('posts the credentials with role ADMIN and stores the session, role read from the token', async () => {
    const token = makeToken({ role: 'MANAGER', store_id: 4 });
    const { http, authProvider } = setup({ data: { access_token: token } });

    await authProvider.login({ email: 'gerente@cantinabella.com.br', password: 'Cantina@2026' });

    expect(http.mock.calls).toEqual([
      [
        '/auth/email',
        {
          method: 'POST',
          body: { email: 'gerente@cantinabella.com.br', password: 'Cantina@2026', role: 'ADMIN' },
        },
      ],
      // What the role may do in its store, before the first screen.
      ['/api/account'],
    ]);
    expect(readSession()).toEqual({ email: 'gerente@cantinabella.com.br', role: 'MANAGER', token });
  });

  it('keeps where the account works and what its role may do there', async () => {
    const token = makeToken({ role: 'WAITER', store_id: 4 });
    const places = [
      { role: 'WAITER', store_id: 4, store_name: 'Cantina Bella', permissions: ['floor', 'board'] },
    ];
    const http = vi
      .fn<HttpClient>()
      .mockResolvedValueOnce({ data: { access_token: token } })
      .mockResolvedValueOnce({
        data: { id: 9, fullname: 'Rita', email: 'rita@x.com', role: 'WAITER', roles: places },
      });
    const authProvider = createAuthProvider(http);
    await authProvider.login({ email: 'rita@x.com', password: 'Equipe@2026' });
    expect(readSession()).toEqual({ email: 'rita@x.com', role: 'WAITER', token, places });
    await expect(authProvider.canAccess!({ resource: 'commands', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'orderItems', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'financial/extracts', action: 'list' })).resolves.toBe(
      false,
    );
  });

  it('never stores the password', async () => {
    const { authProvider } = setup({ data: { access_token: makeToken() } });

    await authProvider.login({ email: 'admin@painel.com.br', password: 'Painel@2026' });

    expect(localStorage.length).toBeGreaterThan(0);
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      expect(key).not.toContain('Painel@2026');
      expect(localStorage.getItem(key)).not.toContain('Painel@2026');
    }
  });

  it("rejects with the server's message and stores nothing", async () => {
    const http = vi.fn<HttpClient>().mockRejectedValue(new HttpError('E-mail ou senha inválidos.', 401));
    const authProvider = createAuthProvider(http);

    await expect(authProvider.login({ email: 'admin@painel.com.br', password: 'errada' })).rejects.toThrow(
      'E-mail ou senha inválidos.',
    );
    expect(localStorage.length).toBe(0);
  });

  it('ends the session on the server with the token it still has, then forgets it', async () => {
    const token = makeToken({ exp: inOneHour() });
    saveSession('admin@painel.com.br', token);
    const { http, authProvider } = setup();
    const sentWith: (string | undefined)[] = [];
    http.mockImplementation(async () => {
      sentWith.push(readSession()?.token);
      return undefined;
    });

    await authProvider.logout({});

    expect(http.mock.calls).toEqual([['/auth/logout', { method: 'POST' }]]);
    expect(sentWith).toEqual([token]);
    expect(readSession()).toBeNull();
  });

  it('signs out locally even when the server cannot be reached, and skips the call without a session', async () => {
    saveSession('admin@painel.com.br', makeToken({ exp: inOneHour() }));
    const { http, authProvider } = setup();
    http.mockRejectedValue(new HttpError('Não foi possível conectar ao servidor.', 0));

    await authProvider.logout({});
    await authProvider.logout({});

    expect(http).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
  });

  it("forgets the copies of the API's answers kept for reading with no network", async () => {
    const drop = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('caches', { delete: drop });
    try {
      saveSession('gerente@cantinabella.com.br', makeToken({ role: 'MANAGER', store_id: 4 }));
      await setup().authProvider.logout({});
      expect(drop).toHaveBeenCalledWith('painel-api');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('checkAuth', () => {
  it('rejects without a session', async () => {
    await expect(setup().authProvider.checkAuth({})).rejects.toThrow();
  });

  it('rejects an expired token', async () => {
    saveSession('admin@painel.com.br', makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }));

    await expect(setup().authProvider.checkAuth({})).rejects.toThrow();
  });

  it('rejects a token that may only set the password', async () => {
    saveSession('admin@painel.com.br', makeToken({ scope: 'password', exp: inOneHour() }));

    await expect(setup().authProvider.checkAuth({})).rejects.toThrow();
  });

  it('rejects a token that cannot be decoded', async () => {
    localStorage.setItem(
      'painel.session',
      JSON.stringify({ email: 'admin@painel.com.br', role: 'ADMIN', token: 'not-a-jwt' }),
    );

    await expect(setup().authProvider.checkAuth({})).rejects.toThrow();
  });

  it('resolves with a valid session token', async () => {
    saveSession('admin@painel.com.br', makeToken({ scope: 'session', exp: inOneHour() }));

    await expect(setup().authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('checkError', () => {
  it('clears the session and rejects on 401', async () => {
    saveSession('admin@painel.com.br', makeToken());

    await expect(setup().authProvider.checkError(new HttpError('Sessão expirada.', 401))).rejects.toThrow();
    expect(readSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps the session on 403', async () => {
    const token = makeToken({ role: 'MANAGER', store_id: 4 });
    saveSession('gerente@cantinabella.com.br', token);

    await expect(
      setup().authProvider.checkError(new HttpError('Acesso negado.', 403)),
    ).resolves.toBeUndefined();
    expect(readSession()?.token).toBe(token);
  });
});

describe('getPermissions', () => {
  it("returns the token's role", async () => {
    saveSession('gerente@cantinabella.com.br', makeToken({ role: 'MANAGER', store_id: 4 }));

    await expect(setup().authProvider.getPermissions!({})).resolves.toBe('MANAGER');
  });

  it('returns nothing without a session', async () => {
    await expect(setup().authProvider.getPermissions!({})).resolves.toBeUndefined();
  });
});

describe('getIdentity', () => {
  it('reads the account once', async () => {
    const { http, authProvider } = setup({
      data: { id: 7, fullname: 'Ana Souza', email: 'ana@x.com', role: 'ADMIN', roles: [] },
    });

    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Ana Souza' });
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Ana Souza' });
    expect(http.mock.calls).toEqual([['/api/account']]);
  });
});

describe('logout', () => {
  it('clears all local storage, not only the session', async () => {
    saveSession('admin@painel.com.br', makeToken());
    localStorage.setItem('RaStore.preferences', '{}');

    await setup().authProvider.logout({});

    expect(localStorage.length).toBe(0);
  });
});

describe('canAccess', () => {
  const staff = () => saveSession('gerente@cantinabella.com.br', makeToken({ role: 'MANAGER', store_id: 4 }));
  const admin = () => saveSession('admin@painel.com.br', makeToken({ role: 'ADMIN' }));

  it('lets a store\'s managers manage its team, and collaborators without "Equipe" only read it', async () => {
    const { authProvider } = setup();
    staff();
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'edit' })).resolves.toBe(true);
    saveSession('garcom@cantinabella.com.br', makeToken({ role: 'STAFF', store_id: 4 }));
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'create' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'edit' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'admins', action: 'delete' })).resolves.toBe(false);
  });

  it('lets staff list and show faqs but not create, edit or delete them', async () => {
    staff();
    const { authProvider } = setup();

    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'show' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'create' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'edit' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'delete' })).resolves.toBe(false);
  });

  it('lets an admin create, edit and delete faqs', async () => {
    admin();
    const { authProvider } = setup();

    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'list' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'create' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'edit' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'faqs', action: 'delete' })).resolves.toBe(true);
  });

  it("answers a definition's call by name with that call's access", () => {
    // rotateToken is the managers' (access 'manager'); saveGuestSettings needs Configurações.
    expect(canAccessResource(definitions, 'MANAGER', 'tables', 'rotateToken')).toBe(true);
    expect(canAccessResource(definitions, 'ADMIN', 'tables', 'rotateTokens')).toBe(true);
    expect(canAccessResource(definitions, 'WAITER', 'tables', 'rotateToken', ['floor', 'settings'])).toBe(
      false,
    );
    expect(canAccessResource(definitions, 'WAITER', 'tables', 'saveGuestSettings', ['floor'])).toBe(false);
    expect(canAccessResource(definitions, 'WAITER', 'tables', 'saveGuestSettings', ['settings'])).toBe(true);
    expect(canAccessResource(definitions, 'WAITER', 'tables', 'guestSettings', [])).toBe(true);
  });

  it('refuses operations a definition does not declare, even to an admin', () => {
    expect(canAccessResource(definitions, 'ADMIN', 'operations', 'list')).toBe(true);
    expect(canAccessResource(definitions, 'ADMIN', 'operations', 'create')).toBe(true);
    expect(canAccessResource(definitions, 'ADMIN', 'operations', 'edit')).toBe(false);
    expect(canAccessResource(definitions, 'ADMIN', 'operations', 'delete')).toBe(false);
    expect(canAccessResource(definitions, 'MANAGER', 'operations', 'create')).toBe(false);
  });
});
