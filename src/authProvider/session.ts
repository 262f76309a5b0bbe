import { jwtDecode } from 'jwt-decode';

/** What stays in the browser between visits. The password is never kept. */
export interface Session {
  email: string;
  role: string;
  token: string;
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

/** Stores a token under the e-mail that earned it; the role comes from the token itself. */
export function saveSession(email: string, token: string): Session {
  const payload = decodeToken(token);
  const session = { email, role: payload?.role ?? '', token };
  localStorage.setItem(KEY, JSON.stringify(session));
  return session;
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
