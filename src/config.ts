/**
 * The API host. Empty means the same origin that served the app (our own server, or Vite's
 * proxy in development); VITE_API_URL points the client at another server of the same contract.
 */
export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/** Every call gives up after 60 s (spec 9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Firebase Storage, where uploads go instead of our API when it is configured. */
export interface FirebaseConfig {
  apiKey: string;
  storageBucket: string;
  authDomain?: string;
  projectId?: string;
  messagingSenderId?: string;
  appId?: string;
}

/**
 * The Firebase configuration from VITE_FIREBASE_*; null (files stay on our API) unless both the
 * API key and the bucket are set, the two that storage cannot work without.
 */
export function firebaseConfigFrom(env: Record<string, unknown>): FirebaseConfig | null {
  const read = (name: string) => {
    const value = env[`VITE_FIREBASE_${name}`];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const apiKey = read('API_KEY');
  const storageBucket = read('STORAGE_BUCKET');
  if (!apiKey || !storageBucket) return null;
  const optional = {
    authDomain: read('AUTH_DOMAIN'),
    projectId: read('PROJECT_ID'),
    messagingSenderId: read('MESSAGING_SENDER_ID'),
    appId: read('APP_ID'),
  };
  return {
    apiKey,
    storageBucket,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

export const FIREBASE_CONFIG: FirebaseConfig | null = firebaseConfigFrom(import.meta.env);
