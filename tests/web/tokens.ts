/**
 * Unsigned JWTs for the browser tests: the client only decodes tokens (the server verifies them),
 * so a header and a payload in base64url JSON are all it reads.
 */
function base64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface TestClaims {
  sub?: string;
  role?: string;
  store_id?: number | null;
  scope?: 'session' | 'password';
  /** Seconds since the epoch; defaults to one hour from now. */
  exp?: number;
}

export function makeToken(claims: TestClaims = {}): string {
  const payload = {
    sub: '1',
    role: 'ADMIN',
    store_id: null,
    scope: 'session',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}
