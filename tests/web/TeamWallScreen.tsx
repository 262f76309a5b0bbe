import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, memoryStore, Notification, TestMemoryRouter } from 'react-admin';
import { vi } from 'vitest';
import { canAccessResource } from '../../src/authProvider';
import { createDataProvider } from '../../src/dataProvider';
import { download, httpClient } from '../../src/dataProvider/httpClient';
import { i18nProvider } from '../../src/i18n';
import { definitions } from '../../contract/definitions';
import { permissionsOf } from '../../contract/permissions';
import { fakeAuthProvider } from './renderAuthPage';

/**
 * The team's and the wall's screens as one role sees them: react-admin's contexts with the app's
 * own access rule (`canAccessResource` over the definitions) and role, and every call — the
 * dataProvider's and the screens' own — through the app's HTTP client onto a fake `fetch`, so a
 * test reads each request as the API gets it (path, query, body).
 */

export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** An error answer in the API's envelope. */
export const refusal = (status: number, message: string) => Response.json({ error: { message } }, { status });

/** Stubs `fetch` with `answer` (a body, or a whole Response) and records the calls. */
export function fakeApi(answer: (call: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const result = await answer(call);
    return result instanceof Response ? result : Response.json(result);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls that change something. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

/** Renders `routes` at `path` for a signed-in `role` ('MANAGER', 'WAITER', 'ADMIN'…), with its default permissions. */
export function renderAs(role: string, path: string, routes: Record<string, ReactNode>) {
  const current: { location?: Location } = {};
  const user = userEvent.setup({ delay: null });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const authProvider = {
    ...fakeAuthProvider({ checkAuth: () => Promise.resolve() }),
    getPermissions: () => Promise.resolve(role),
    // The role holds its default permissions (contract/permissions.ts).
    canAccess: ({ resource, action }: { resource: string; action: string }) =>
      Promise.resolve(canAccessResource(definitions, role, resource, action, permissionsOf(role, null))),
  };
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => (current.location = location)}>
      <AdminContext
        authProvider={authProvider}
        dataProvider={createDataProvider(definitions, httpClient, download)}
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
  return { ...view, user, location: () => current.location };
}
