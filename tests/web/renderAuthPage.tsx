import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, type Location } from 'react-router-dom';
import {
  AdminContext,
  memoryStore,
  Notification,
  testDataProvider,
  TestMemoryRouter,
  type AuthProvider,
} from 'react-admin';
import { i18nProvider } from '../../src/i18n';

/** An auth provider that is signed out until a test says otherwise. */
export function fakeAuthProvider(overrides: Partial<AuthProvider> = {}): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.reject(new Error('Sessão expirada')),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(undefined),
    ...overrides,
  };
}

/**
 * Renders a signed-out page the way the app does (react-admin's contexts, the app's pt-BR
 * messages, notifications) at `path`, with a stand-in page everywhere else so that redirects show.
 * `state` is the history state of the entry (react-admin keeps the page asked for before login there).
 */
export function renderAuthPage(
  path: string,
  page: ReactElement,
  { authProvider = fakeAuthProvider(), state }: { authProvider?: AuthProvider; state?: unknown } = {},
) {
  const current: { location?: Location } = {};
  // No pause between keystrokes: the forms validate on submit, not on timing.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <TestMemoryRouter
      initialEntries={[{ pathname: path, state }]}
      locationCallback={(location) => (current.location = location)}
    >
      <AdminContext
        authProvider={authProvider}
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p>Outra página</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, user, location: () => current.location };
}
