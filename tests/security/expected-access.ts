import type { RouteEntry } from '../../server/app';
import { operationRoute } from '../../server/resources/routes';
import { callPath, type Access, type Operation } from '../../contract/define';
import { definitions } from '../../contract/definitions';

/**
 * Who may call each route, stated apart from the routes themselves: a resource's routes take it
 * from their definition (the product's source of truth), and the routes no definition serves are
 * listed here. A new route that is in neither has no expected access, and the suite fails on it.
 */
export const OTHER_ROUTES: Record<string, Access> = {
  'GET /': 'public',
  'GET /assets/*': 'public',
  'GET /favicon.svg': 'public',
  'GET /sw.js': 'public',
  'GET /manifest.webmanifest': 'public',
  'GET /icons/:file': 'public',
  'GET /mesa': 'public',
  'GET /uploads/*': 'public',
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'POST /auth/email': 'public',
  'POST /auth/token/request': 'public',
  'POST /auth/token': 'public',
  'POST /auth/logout': 'signed-in',
  'GET /api/account': 'signed-in',
  'PATCH /api/account': 'signed-in',
  'POST /api/account/store': 'signed-in',
  'GET /api/municipalities': 'signed-in',
  'GET /api/privacy': 'signed-in',
  'PATCH /api/privacy': 'admin',
  'POST /api/uploads': 'signed-in',
  'DELETE /api/uploads': 'signed-in',
  'GET /api/statistics/stores': 'admin',
  'GET /api/statistics/users': 'admin',
  'GET /api/statistics/store/id/:id/overview': 'store:statistics',
  'GET /api/statistics/general': 'admin',
  'GET /api/statistics': 'store:statistics',
  'GET /api/financial/analytics': 'store:finance',
  'GET /api/live': 'store',
  // The guest page (the table's QR code): no session; the table's code is checked by the route.
  'GET /api/guest/menu': 'public',
  'GET /api/guest/tab': 'public',
  'POST /api/guest/orders': 'public',
  'POST /api/guest/waiter': 'public',
  // The Pix provider's webhook: no session; trusted only when signed with the provider's secret.
  'POST /api/pix/webhook': 'public',
};

/** Every route a definition declares, with the access the definition gives it. */
function fromDefinitions(): Map<string, Access> {
  const expected = new Map<string, Access>();
  for (const definition of Object.values(definitions)) {
    for (const [operation, access] of Object.entries(definition.access)) {
      const { method, url } = operationRoute(definition, operation as Operation);
      expected.set(`${method} ${url}`, access);
    }
    for (const call of Object.values(definition.calls ?? {})) {
      expected.set(`${call.method} ${callPath(definition, call)}`, call.access);
    }
  }
  return expected;
}

export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The expected access of a route (a HEAD twin has its GET's), or undefined when nobody states one. */
export function expectedAccess(route: RouteEntry, declared = fromDefinitions()): Access | undefined {
  const key = routeKey({ method: route.method === 'HEAD' ? 'GET' : route.method, url: route.url });
  return declared.get(key) ?? OTHER_ROUTES[key];
}

/** The routes that have no expected access, or one their registration does not follow. */
export function accessProblems(routes: readonly RouteEntry[]): string[] {
  const declared = fromDefinitions();
  const problems: string[] = [];
  for (const route of routes) {
    const expected = expectedAccess(route, declared);
    if (!expected) {
      problems.push(
        `${routeKey(route)}: sem acesso esperado (declare-o na definição do recurso ou em OTHER_ROUTES)`,
      );
    } else if (expected !== route.access) {
      problems.push(`${routeKey(route)}: esperado ${expected}, registrado ${route.access}`);
    }
  }
  return problems;
}
