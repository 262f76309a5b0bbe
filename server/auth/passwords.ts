import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended floor or above (m = 19 MiB, t = 2, p = 1), set explicitly
 * because library defaults change between versions.
 */
const options: Options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so that response times reveal nothing.
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** First-access and recovery rule (spec 5): 8+ characters with upper, lower and digit. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
