import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors } from 'jose';

/**
 * `session` opens the back-office; `password` comes from a recovery or first-access token and
 * may only set the account's password.
 */
export type TokenScope = 'session' | 'password';

export interface TokenClaims {
  sub: string;
  role: string;
  store_id: number | null;
  scope: TokenScope;
  /**
   * The password generation the token was issued under (see passwordGeneration). A token only
   * opens anything while the account's password is still the one it was issued under.
   */
  pv: number;
  /** The session row the token belongs to (see server/auth/sessions.ts): signing out ends it. */
  sid: string;
  /** Issued-at, in seconds; set on verified tokens. */
  iat?: number;
  /** Expiry, in seconds; set on verified tokens. */
  exp?: number;
}

/**
 * The account's password generation: when its password was last set, in milliseconds (0 if never).
 * Tokens carry it, so that setting a password ends every token issued before, including ones
 * issued in the same second (JWT `iat` has only second precision).
 */
export function passwordGeneration(passwordChangedAt: Date | null): number {
  return passwordChangedAt ? passwordChangedAt.getTime() : 0;
}

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISSUER = 'painel';
/** A service night on the floor, with margin, without signing in again. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
export const PASSWORD_TTL_SECONDS = 15 * 60;

/** Tokens whose signature was checked, at most this many held (then all forgotten at once). */
const MAX_VERIFIED = 20_000;

export class TokenService {
  /** The HMAC key, imported once: jose would import raw bytes again for every signature. */
  private readonly key: Promise<crypto.webcrypto.CryptoKey>;
  /**
   * The claims of tokens already checked. A token's signature and claims never change, so a
   * screen polling every second has its signature checked once; its expiry is checked each time,
   * and whether its session still stands is the caller's read (server/plugins/access.ts).
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(private readonly secret: string) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** A key for another purpose (hashing recovery tokens), derived so the JWT key is not reused. */
  deriveKey(purpose: string): Buffer {
    return crypto.createHmac('sha256', this.secret).update(purpose).digest();
  }

  async sign(claims: TokenClaims): Promise<string> {
    const ttl = claims.scope === 'password' ? PASSWORD_TTL_SECONDS : SESSION_TTL_SECONDS;
    return new SignJWT({
      role: claims.role,
      store_id: claims.store_id,
      scope: claims.scope,
      pv: claims.pv,
      sid: claims.sid,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if ((known.exp ?? 0) * 1000 > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      const scope =
        payload.scope === 'password' ? 'password' : payload.scope === 'session' ? 'session' : null;
      if (!scope) return null;
      if (typeof payload.pv !== 'number') return null;
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      const storeId = typeof payload.store_id === 'number' ? payload.store_id : null;
      return {
        sub: payload.sub,
        role: payload.role,
        store_id: storeId,
        scope,
        pv: payload.pv,
        sid: payload.sid,
        iat: payload.iat,
        exp: payload.exp,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** JWT_SECRET when set; otherwise a secret generated once and kept beside the data. */
export function loadSecret(configured: string | undefined, dataDir: string | undefined): string {
  if (configured) return configured;
  if (!dataDir) return crypto.randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
