import { jwtDecode } from 'jwt-decode';

/** A store the account works in, with its role and what that role may do there (GET /api/account). */
export interface WorkPlace {
  role: string;
  store_id: number | null;
  store_name: string | null;
  permissions: string[];
}

/** What stays in the browser between visits. The password is never kept. */
export interface Session {
  email: string;
  role: string;
  token: string;
  /**
   * Where the account works, the session's store first, as the API said last: the menu and the
   * access checks read it at once, and it is read again from the API on every page load.
   */
  places?: WorkPlace[];
}

export interface TokenPayload {
  sub: string;
  role: string;
  store_id: number | null;
  scope: 'session' | 'password';
  exp?: number;
}

const KEY = 'painel.session';

export function readSession(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Partial<Session>;
    return session.token && session.email && session.role ? (session as Session) : null;
  } catch {
    return null;
  }
}

export function decodeToken(token: string): TokenPayload | null {
  try {
    return jwtDecode<TokenPayload>(token);
  } catch {
    return null;
  }
}

/**
 * Stores a token under the e-mail that earned it; the role comes from the token itself. The work
 * places known are kept while the token works in the same store.
 */
export function saveSession(email: string, token: string, places?: WorkPlace[]): Session {
  const payload = decodeToken(token);
  const previous = readSession();
  const kept =
    places ??
    (previous?.places?.[0]?.store_id === (payload?.store_id ?? null) ? previous?.places : undefined);
  const session: Session = { email, role: payload?.role ?? '', token, ...(kept ? { places: kept } : {}) };
  localStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

/** Keeps what the API says of the account's stores; false when nothing changed. */
export function savePlaces(places: WorkPlace[]): boolean {
  const session = readSession();
  if (!session) return false;
  if (JSON.stringify(session.places) === JSON.stringify(places)) return false;
  const role = places[0]?.role ?? session.role;
  localStorage.setItem(KEY, JSON.stringify({ ...session, role, places }));
  return true;
}

/** What the session's role may do in its store, as last known; undefined before the API said. */
export function permissionsOf(session: Session | null): readonly string[] | undefined {
  return session?.places?.[0]?.permissions;
}

/** Logout clears all local storage (spec 4), not only our key. */
export function clearSession(): void {
  localStorage.clear();
}

export function isExpired(token: string, now = Date.now()): boolean {
  const payload = decodeToken(token);
  if (!payload) return true;
  return payload.exp !== undefined && payload.exp * 1000 <= now;
}
