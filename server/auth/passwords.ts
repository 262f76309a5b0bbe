import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended floor or above (m = 19 MiB, t = 2, p = 1), set explicitly
 * because library defaults change between versions.
 */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Spend the same time as a real check so that response times reveal nothing.
    await argon2.hash(password, options);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** First-access and recovery rule (spec 5): 8+ characters with upper, lower and digit. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
