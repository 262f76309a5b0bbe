import crypto from 'node:crypto';
import { TOKEN_HINT_LENGTH } from '../../contract/resources/integrations/definition';

/**
 * Point-of-sale tokens at rest: AES-256-GCM under a key of the deployment (INTEGRATION_KEY, or
 * one derived from the sign-in secret every instance already shares). A sealed token reads
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); anything else is a token written before tokens were
 * sealed, which the integrations routes (server/routes/integrations.ts) seal when the app starts.
 */

const PREFIX = 'v1.';

/** The key: 32 bytes from INTEGRATION_KEY when set, else from the sign-in secret. */
export function integrationKey(jwtSecret: string, configured?: string): Buffer {
  const material = configured ?? jwtSecret;
  return Buffer.from(crypto.hkdfSync('sha256', material, 'painel', 'integration-tokens', 32));
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealToken(token: string, key: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return PREFIX + parts.join('.');
}

/** The token itself, or null when it was sealed under another key (or is damaged). */
export function openToken(stored: string, key: Buffer): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split('.');
  if (!iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** The token's last characters, kept beside it so that listing never decrypts. */
export function tokenHint(token: string): string {
  return token.slice(-TOKEN_HINT_LENGTH);
}
