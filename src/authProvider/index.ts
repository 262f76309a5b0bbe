import type { AuthProvider } from 'react-admin';
import { HttpError } from 'react-admin';
import { httpClient, type HttpClient } from '../dataProvider/httpClient';
import { definitions } from '../../contract/definitions';
import { permissionOf, type Access, type Operation, type ResourceDefinition } from '../../contract/define';
import {
  clearSession,
  decodeToken,
  isExpired,
  permissionsOf,
  readSession,
  savePlaces,
  saveSession,
  type WorkPlace,
} from '../lib/session';
import { forgetOfflineCopies } from '../serviceWorker/register';

export const ADMIN = 'ADMIN';
/** A store's managers also manage its team and settings. */
export const MANAGER = 'MANAGER';

export interface Account {
  id: number;
  fullname: string;
  email: string;
  role: string;
  store_id: number | null;
  roles: WorkPlace[];
}

/** react-admin's actions, as the resource definitions name them. */
const operationOf: Record<string, Operation | undefined> = {
  list: 'list',
  show: 'one',
  edit: 'update',
  create: 'create',
  delete: 'delete',
  // A list's CSV holds what its pages show.
  export: 'list',
};

/** See getPermissions: long enough for react-admin's logout to navigate, too short to notice. */
const SIGNED_OUT_PERMISSIONS_DELAY_MS = 50;

/**
 * Whether a role that holds `permissions` in its store may call a route of this access, as the
 * server decides it (server/plugins/access.ts). Permissions not yet known hold nothing.
 */
export function allowed(
  access: Access | undefined,
  role: string,
  permissions: readonly string[] = [],
): boolean {
  if (!access) return false;
  if (role === ADMIN) return true;
  if (access === 'admin') return false;
  if (access === 'manager') return role === MANAGER;
  const permission = permissionOf(access);
  // A store's managers hold every permission, known or not yet.
  return permission === null || role === MANAGER || permissions.includes(permission);
}

/**
 * Whether a role may perform an action on a resource, as its definition declares: one of
 * react-admin's, or one of the definition's calls by name (`rotateToken`), with that call's access.
 */
export function canAccessResource(
  all: Record<string, ResourceDefinition>,
  role: string,
  resource: string,
  action: string,
  permissions: readonly string[] = [],
): boolean {
  const definition = all[resource];
  if (!definition) return true; // custom pages decide for themselves
  const operation = operationOf[action];
  if (operation) return allowed(definition.access[operation], role, permissions);
  const call = definition.calls?.[action];
  return call ? allowed(call.access, role, permissions) : true;
}

export function createAuthProvider(http: HttpClient = httpClient): AuthProvider {
  let account: Promise<Account> | null = null;
  const loadAccount = () => {
    account ??= (http('/api/account') as Promise<{ data: Account }>).then((body) => body.data);
    account.catch(() => {
      account = null;
    });
    return account;
  };

  return {
    async login({ email, password }: { email: string; password: string }) {
      // The API takes role ADMIN on every login (spec 6); the token says the real role.
      const body = (await http('/auth/email', {
        method: 'POST',
        body: { email, password, role: ADMIN },
      })) as {
        data: { access_token: string };
      };
      account = null;
      saveSession(email, body.data.access_token);
      // The menu and the access checks need what the role may do before the first screen.
      const me = await loadAccount().catch(() => null);
      if (me?.roles) savePlaces(me.roles);
    },
    async logout() {
      account = null;
      const session = readSession();
      // Sair ends the session on the server too, so the token opens nothing any more. The call
      // takes the token as it starts, before the session is cleared; it is not waited for, and a
      // token already dead (the 401 that brought us here) or a lost network keeps nobody in.
      if (session && !isExpired(session.token)) {
        void http('/auth/logout', { method: 'POST' }).catch(() => undefined);
      }
      clearSession();
      // The next person at this tablet must not read the last one's answers with no network.
      await forgetOfflineCopies();
    },
    async checkAuth() {
      const session = readSession();
      if (!session || isExpired(session.token) || decodeToken(session.token)?.scope !== 'session') {
        throw new Error('Sessão expirada');
      }
    },
    async checkError(error: unknown) {
      const status = (error as HttpError | undefined)?.status;
      if (status === 401) {
        account = null;
        clearSession();
        throw new Error('Sessão expirada');
      }
    },
    async getPermissions() {
      const session = readSession();
      if (!session) {
        // Signed out, react-admin logs out and resets its store and queries; a permissions answer
        // that comes back at once races that reset and starts the logout again, for seconds on end
        // before the login form shows (marmelab/react-admin#10764; see ra-core's useLogout). A
        // moment's wait lets the navigation to the login page win.
        await new Promise((resolve) => setTimeout(resolve, SIGNED_OUT_PERMISSIONS_DELAY_MS));
        return undefined;
      }
      return decodeToken(session.token)?.role;
    },
    async getIdentity() {
      const me = await loadAccount();
      return { id: me.id, fullName: me.fullname };
    },
    async canAccess({ resource, action }) {
      const session = readSession();
      return canAccessResource(definitions, session?.role ?? '', resource, action, permissionsOf(session));
    },
  };
}

export const authProvider = createAuthProvider();
