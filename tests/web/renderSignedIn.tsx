import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { authProvider } from '../../src/authProvider';
import { dataProvider } from '../../src/dataProvider/instance';
import { i18nProvider } from '../../src/i18n';
import { makeToken } from './tokens';

/**
 * Screens as someone signed in with `role` sees them: a session in localStorage with a token of
 * that role (staff of store 2, an administrator of none), the app's own auth and data providers,
 * `routes` at `path`, and the notifications. Calls go through the app's HTTP client, so a test
 * stubs `fetch` to answer them.
 */
export function renderSignedIn(role: string, path: string, routes: Record<string, ReactElement>) {
  const token = makeToken({ role, store_id: role === 'ADMIN' ? null : 2 });
  localStorage.setItem('painel.session', JSON.stringify({ email: 't@painel.com.br', role, token }));
  const current: { location?: Location } = {};
  const user = userEvent.setup({ delay: null });
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (current.location = location)}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          {Object.entries(routes).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { user, location: () => current.location };
}
