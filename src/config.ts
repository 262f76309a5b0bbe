import { firebaseFilePrefix } from '../contract/lib/fileUrls';

/**
 * The API host. Empty means the same origin that served the app (our own server, or Vite's
 * proxy in development); VITE_API_URL points the client at another server of the same contract.
 */
export const API_URL: string = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/**
 * Where a table's QR code leads: VITE_TABLE_LINK_URL when a store's own app takes the table's
 * orders (build-time, as VITE_API_URL), else this product's guest page, `/mesa` on the API's
 * origin (the page's own when the API is). The code adds the store (`s`), the table's number
 * (`t`) and its token (`k`) to its query.
 */
export function tableLinkBase(configured: string | undefined, apiUrl: string, origin: string): string {
  return configured?.trim() || new URL('/mesa', apiUrl || origin).toString();
}

/** The base of the tables' QR links in this build, on this page's origin. */
export const tableLinkUrl = (): string =>
  tableLinkBase(import.meta.env.VITE_TABLE_LINK_URL, API_URL, location.origin);

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

/**
 * Where, besides our API's stored files, the files records point to may live
 * (contract/lib/fileUrls.ts): Firebase Storage's bucket when it is configured, and the API's own
 * address when it is another origin (VITE_API_URL; the server lists it in FILE_URL_PREFIXES).
 */
export const FILE_URL_PREFIXES: readonly string[] = [
  ...(FIREBASE_CONFIG ? [firebaseFilePrefix(FIREBASE_CONFIG.storageBucket)] : []),
  ...(API_URL.startsWith('https://') ? [`${API_URL}/uploads/`] : []),
];

/**
 * Whether the floor and the board keep the store's live stream open (`GET /api/live`) and read
 * again the moment something changes; with VITE_LIVE=0 (a proxy that holds streams back) they
 * only poll at the spec's rates. Read when a screen opens, so that tests can switch it.
 */
export const liveEnabled = (): boolean => import.meta.env.VITE_LIVE !== '0';
