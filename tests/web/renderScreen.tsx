import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider';
import type { Download, HttpClient, Query } from '../../src/dataProvider/httpClient';
import type { ResourceDefinition } from '../../contract/define';
import { i18nProvider } from '../../src/i18n';
import { definitions } from '../../contract/definitions';
import { fakeAuthProvider } from './renderAuthPage';

/**
 * Renders screens the way the app does: react-admin's contexts, the app's pt-BR messages,
 * notifications, and the real dataProvider over a fake HTTP client whose calls are recorded, so a
 * test sees the exact request the API would get. `routes` maps paths to what they show; `history`
 * are the pages opened before `path` (a screen that goes back needs one); `resources` adds
 * definitions of the test's own; `download` answers the CSV exports; `permissions` is the role;
 * `canAccess` answers react-admin's access checks (everything is allowed without it).
 */
export function renderScreen(
  path: string,
  routes: Record<string, ReactNode>,
  http: HttpClient,
  {
    history = [],
    resources = {},
    download,
    permissions,
    canAccess,
  }: {
    history?: string[];
    resources?: Record<string, ResourceDefinition>;
    download?: (path: string, query: Query) => Promise<Download>;
    /** The signed-in role (`ADMIN` for an administrator); none by default. */
    permissions?: string;
    canAccess?: (params: { resource?: string; action: string }) => boolean;
  } = {},
) {
  const current: { location?: Location } = {};
  const user = userEvent.setup({ delay: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const dataProvider = createDataProvider({ ...definitions, ...resources }, http, download);
  const view = render(
    <TestMemoryRouter
      initialEntries={[...history, path]}
      initialIndex={history.length}
      locationCallback={(location) => (current.location = location)}
    >
      <AdminContext
        authProvider={fakeAuthProvider({
          checkAuth: () => Promise.resolve(),
          getPermissions: () => Promise.resolve(permissions),
          ...(canAccess ? { canAccess: (params) => Promise.resolve(canAccess(params)) } : {}),
        })}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
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
  return { ...view, user, dataProvider, location: () => current.location };
}

/** The helper text under a field, where react-admin shows its validation message. */
export const messageOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return (id ? document.getElementById(id)?.textContent : '')?.replace(/\u200b/g, '') ?? '';
};

/**
 * Makes the screen's media queries answer as a tablet beside the menu would (below lg, 1200 px:
 * MUI asks `(max-width:1199.95px)`), or as `matches` says; returns what puts the browser's back.
 */
export function belowLg(matches = (query: string) => query.includes('1199.95')): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
